import { describe, expect, it } from 'vitest';
import { calibrate } from '../../src/stats/calibration.js';
import { reliabilitySvg, svgToPng } from '../../src/stats/plot.js';

describe('reliability diagram', () => {
  const c = calibrate(
    [...Array.from({ length: 10 }, (_, i) => ({ p: 0.1, mine: i === 0 })), ...Array.from({ length: 4 }, (_, i) => ({ p: 0.55, mine: i < 3 }))],
    10,
  );
  const svg = reliabilitySvg(c, { title: 'test <plot>', width: 500 });

  it('draws one point, one interval and one histogram bar per bin, the diagonal and the metrics', () => {
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<circle /g)).toHaveLength(2 + 1); // two bins + the legend marker
    expect(svg).toContain('stroke-dasharray'); // the diagonal
    expect(svg).toContain('test &lt;plot&gt;');
    expect(svg).toContain('ECE 5.71 pp');
    // The point of the 55% bin sits at x = 70 + 0.55·406, y = 48 + 0.25·406 (plot width 500−70−24).
    expect(svg).toContain(`cx="${Math.round((70 + 0.55 * 406) * 100) / 100}" cy="${Math.round((48 + 0.25 * 406) * 100) / 100}"`);
  });

  it('renders to PNG through sharp', async () => {
    const png = await svgToPng(svg);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});
