// The worst part of a cell against the look it matched (stroke-fit.ts), on sprites of our own.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createImage, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { matchRegion, prepareTemplates, scratchFor } from '../../src/vision/read/classify.js';
import { worstBlock, worstBlockShifted } from '../../src/vision/read/stroke-fit.js';
import { rect } from './near-draw.js';

const KEY: Rgb = [40, 150, 230], INK: Rgb = [240, 240, 240];

/** A key of `size` px with a bar at each of the given rows of a 5-row digit box in its middle (a crude digit). */
function key(size: number, bars: number[]): RgbaImage {
  const img = createImage(size, size, [20, 20, 20]);
  rect(img, 1, 1, size - 2, size - 2, KEY);
  const h = Math.max(1, Math.round(size / 16));
  for (const r of bars) rect(img, Math.round(size * 0.4), Math.round(size * (0.3 + r * 0.1)), Math.round(size * 0.2), h, INK);
  return img;
}

/** The worst block of `patch` against the one template `look`, as the matcher leaves it. */
function worstOf(look: RgbaImage, patch: RgbaImage): { score: number; local: number } {
  const set = prepareTemplates([{ label: 'a', image: look }]);
  const scratch = scratchFor(set);
  const m = matchRegion(patch, 0, 0, patch.width, patch.height, set, scratch, 'full')!;
  return { score: m.score, local: worstBlock(set, m.template!, scratch.full) };
}

describe('worstBlock', () => {
  it('the same look agrees everywhere; a bar more or less does not, though the whole cell scores high', () => {
    fc.assert(
      fc.property(fc.constantFrom(16, 24, 33, 40), fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }), fc.integer({ min: 0, max: 4 }), (size, bars, extra) => {
        const look = key(size, bars);
        expect(worstOf(look, key(size, bars)).local).toBeCloseTo(1, 6);
        const other = bars.includes(extra) ? bars.filter((b) => b !== extra) : [...bars, extra];
        const { score, local } = worstOf(look, key(size, other));
        expect(score).toBeGreaterThan(0.9);
        expect(local).toBeLessThan(0.4);
      }),
      { numRuns: 60, seed: 38 },
    );
  });

  it('a brighter or dimmer copy of the same look agrees everywhere (contrast is the whole cell\'s, not a part\'s)', () => {
    const look = key(24, [0, 2, 4]);
    const dim = key(24, [0, 2, 4]);
    for (let i = 0; i < dim.data.length; i += 4) for (let c = 0; c < 3; c++) dim.data[i + c] = Math.round(dim.data[i + c]! * 0.8 + 10);
    expect(worstOf(look, dim).local).toBeGreaterThan(0.95);
  });
});

/** The image moved right and down by half a pixel (each pixel the mean of its 2x2 block), on a margin. */
function halfShifted(img: RgbaImage, margin: number): RgbaImage {
  const w = img.width + 2 * margin, h = img.height + 2 * margin;
  const out = createImage(w, h, [20, 20, 20]);
  const at = (x: number, y: number, c: number): number => {
    const xx = Math.min(img.width - 1, Math.max(0, x)), yy = Math.min(img.height - 1, Math.max(0, y));
    return img.data[(yy * img.width + xx) * 4 + c]!;
  };
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) for (let c = 0; c < 3; c++) {
    out.data[((y + margin) * w + x + margin) * 4 + c] = Math.round((at(x, y, c) + at(x - 1, y, c) + at(x, y - 1, c) + at(x - 1, y - 1, c)) / 4);
  }
  return out;
}

describe('worstBlockShifted', () => {
  it('a digit drawn half a pixel off agrees at the best half-pixel shift; a bar more or less agrees at none', () => {
    fc.assert(
      fc.property(fc.constantFrom(16, 24, 33, 40), fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }), fc.integer({ min: 0, max: 4 }), (size, bars, extra) => {
        const look = key(size, bars);
        const set = prepareTemplates([{ label: 'a', image: look }]);
        const local = (img: RgbaImage): { plain: number; shifted: number } => {
          const scratch = scratchFor(set);
          const m = matchRegion(img, 2, 2, size, size, set, scratch, 'full')!;
          return { plain: worstBlock(set, m.template!, scratch.full), shifted: worstBlockShifted(set, m.template!, scratch.full) };
        };
        const same = local(halfShifted(look, 2));
        expect(same.shifted).toBeGreaterThan(0.9);
        expect(same.shifted).toBeGreaterThanOrEqual(same.plain);
        const other = bars.includes(extra) ? bars.filter((b) => b !== extra) : [...bars, extra];
        // (at 16 px two neighbouring bars touch: a bar more is the same bar thicker)
        if (size >= 24) expect(local(halfShifted(key(size, other), 2)).shifted).toBeLessThan(0.4);
      }),
      { numRuns: 40, seed: 38 },
    );
  });
});
