// The skinless grid locator (src/vision/locate*.ts) on looks whose tiles are drawn apart: rounded
// tiles with gaps of background between them (GNOME Mines, Microsoft Minesweeper), drawn by the
// near-look generator (test/vision/near-looks.ts: `rounded-gaps`, 4 px gaps and low-contrast
// opened tiles; `rounded-blue`, 2 px gaps on a dark gradient). Fresh, mid-game, lost and won
// boards at 9x9, 16x16 and 30x16, each at 100%, 125% and 150%: the largest lattice found must be
// the whole board, exactly. Then the pieces that make that work, on small inputs.
import { describe, expect, it } from 'vitest';
import { FLAG, neighbourTable, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import type { Grid } from '../../src/vision/geometry.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { edgeMap, rowProfile, words } from '../../src/vision/locate/locate-edges.js';
import { fitLattice, peaks, peaksWithFallback } from '../../src/vision/locate/locate-lattice.js';
import { LOOKS, nearLookCases } from './near-looks.js';
import { SIZES, positionsFor } from './near-positions.js';
import { scaleImage } from './helpers.js';

const show = (g: Grid): string => `${g.cols}x${g.rows} at ${g.left.toFixed(1)},${g.top.toFixed(1)} pitch ${g.pitch.toFixed(2)}`;

/** The won board of a lost position's layout: every safe cell open, every mine flagged. */
function wonBoard(layout: Uint8Array, cols: number, rows: number, mines: number): Board {
  const table = neighbourTable(cols, rows);
  const cells = new Uint8Array(cols * rows);
  for (let i = 0; i < cells.length; i++) cells[i] = layout[i] ? FLAG : [...table[i]!].filter((j) => layout[j]).length;
  return { width: cols, height: rows, mines, cells };
}

/** Every case of a look: the generator's fresh, mid-game and lost boards, and a won one per size. */
function casesOf(look: string): { name: string; image: RgbaImage; grid: Grid }[] {
  const out: { name: string; image: RgbaImage; grid: Grid }[] = nearLookCases(1, { looks: [look] });
  const def = LOOKS.find((l) => l.name === look)!;
  for (const size of SIZES) {
    const { layout } = positionsFor(size, 1).lost;
    const { image, grid } = def.render(wonBoard(layout, size.cols, size.rows, size.mines), createRng(5));
    out.push({ name: `${look}/won-${size.cols}x${size.rows}`, image, grid });
  }
  return out;
}

describe('grid locator: tiles drawn apart', () => {
  for (const look of ['rounded-gaps', 'rounded-blue']) {
    it(`${look}: fresh, mid-game, lost and won boards, 9x9 to 30x16, at 100%, 125% and 150%: the whole board, exactly`, async () => {
      const cases = casesOf(look);
      expect(cases.length).toBe(12);
      const wrong: string[] = [];
      for (const c of cases) {
        for (const s of [1, 1.25, 1.5]) {
          const found = locateGrids(await scaleImage(c.image, s));
          const largest = found.reduce<Grid | null>((a, b) => (!a || b.cols * b.rows > a.cols * a.rows ? b : a), null);
          const g = c.grid;
          const exact =
            largest !== null &&
            largest.cols === g.cols &&
            largest.rows === g.rows &&
            Math.abs(largest.left - g.left * s) <= 1 &&
            Math.abs(largest.top - g.top * s) <= 1 &&
            Math.abs(largest.pitch - g.pitch * s) <= 0.1;
          if (!exact) wrong.push(`${c.name} at ${s * 100}%: want ${show({ ...g, left: g.left * s, top: g.top * s, pitch: g.pitch * s })}, found ${found.map(show).join('; ') || 'nothing'}`);
        }
      }
      expect(wrong).toEqual([]);
    }, 60_000);
  }
});

describe('locator lattices', () => {
  const lines = (first: number, pitch: number, n: number): number[] => Array.from({ length: n }, (_, k) => first + k * pitch);

  it('a gap between tiles shows each boundary as two edges: the lattice is midway, one line more than either edge family', () => {
    // boundaries at 10 + 30k (k = 0..9); a tile ends 2 px before each and starts 2 px after it,
    // so the first boundary has only a start and the last only an end
    const ends = lines(40, 30, 9).map((b) => b - 2), starts = lines(10, 30, 9).map((b) => b + 2);
    const pk = [...ends, ...starts].sort((a, b) => a - b);
    const lat = fitLattice(pk, pk, 8, 128)!;
    expect(lat.count).toBe(10);
    expect(lat.pitch).toBeCloseTo(30, 5);
    expect(lat.first).toBeCloseTo(10, 5);
  });

  it('two edges at every line, the outer ones too (a bevel, a thick line), are not taken for gaps', () => {
    const pk = lines(10, 30, 10).flatMap((b) => [b - 2, b + 2]);
    const lat = fitLattice(pk, pk, 8, 128)!;
    expect(lat.count).toBe(10);
    expect(Math.abs(lat.first - 10)).toBeCloseTo(2, 5); // one of the two edges, not the middle
  });

  it('finds the pitch when every other line is split into two edges wider apart than the tolerance', () => {
    // 125% of a 26 px pitch with 4 px gaps: the two edges of a gap merge on one line, straddle
    // the next by ±2.75 px (more than the 2.6 px a peak may be off)
    const pk = lines(80, 32.5, 31).flatMap((b, k) => (k === 0 ? [b + 2.75] : k === 30 ? [b - 2.75] : k % 2 ? [b - 2.75, b + 2.75] : [b]));
    const lat = fitLattice(pk, pk.filter((_, i) => i % 3 === 0), 8, 128)!;
    expect(lat.count).toBe(31);
    expect(lat.pitch).toBeCloseTo(32.5, 1);
    expect(lat.first).toBeCloseTo(80, 0);
  });

  it('peaks from a second profile only where the first has none', () => {
    const first = new Float64Array(40), second = new Float64Array(40);
    first.set([0.8, 0.9, 0.8], 5); // a strong line at 6
    second.set([0.6, 0.9, 0.9, 0.9, 0.6], 4); // the same line, wider
    second.set([0.6, 0.7, 0.6], 25); // a line only the second sees, at 26
    expect(peaks(first, 0.72)).toEqual([6]);
    const both = peaksWithFallback(first, 0.72, second, 0.5);
    expect(both.length).toBe(2);
    expect(both[0]).toBeCloseTo(6, 5);
    expect(both[1]).toBeCloseTo(26, 5);
  });
});

describe('locator edges', () => {
  /** A 60x40 image: colour a left of x = 30, colour b right of it; `dither`: the left half's
   * pixels alternately that much darker and lighter (a checkerboard). */
  function split(a: Rgb, b: Rgb, dither = 0): RgbaImage {
    const img = createImage(60, 40, a);
    fillRect(img, 30, 0, 60, 40, b);
    for (let y = 0; y < 40; y++) {
      for (let x = 0; x < 30; x++) {
        const o = (y * 60 + x) * 4, d = (x + y) % 2 ? dither : -dither;
        for (let k = 0; k < 3; k++) img.data[o + k] = img.data[o + k]! + d;
      }
    }
    return img;
  }
  /** Share of the sampled rows with a vertical edge marked at x = 29..30. */
  const edgeAt30 = (img: RgbaImage): number => {
    const ev = edgeMap(img, words(img));
    let n = 0;
    const rows = ev.length / img.width;
    for (let r = 0; r < rows; r++) if (ev[r * img.width + 29] || ev[r * img.width + 30]) n++;
    return n / rows;
  };

  it("a tinted tile 16 levels of luma from the background is an edge (GNOME Mines' '1' tiles: 49 levels of blue)", () => {
    expect(edgeAt30(split([0xf6, 0xf5, 0xf4], [0xdd, 0xfa, 0xc3]))).toBe(1);
  });

  it('a weak grey step (12 levels) counts between flat pixels only, not beside a dithered texture', () => {
    expect(edgeAt30(split([200, 200, 200], [212, 212, 212]))).toBe(1);
    expect(edgeAt30(split([200, 200, 200], [212, 212, 212], 4))).toBe(0);
    // a strong step counts beside anything
    expect(edgeAt30(split([200, 200, 200], [240, 240, 240], 4))).toBe(1);
  });

  it('row profiles: the wide one marks a pixel more than the sharp one on either side of a step', () => {
    const img = createImage(40, 40, [240, 240, 240]);
    fillRect(img, 0, 20, 40, 40, [120, 120, 120]);
    const { sharp, wide } = rowProfile(img, words(img), 0, 39, 0, 39);
    const marked = (prof: Float64Array): number[] => [...prof].map((v, y) => (v > 0 ? y : -1)).filter((y) => y >= 0);
    const s = marked(sharp), w = marked(wide);
    expect(s).toContain(19);
    expect(s).toContain(20);
    expect(w).toEqual([s[0]! - 1, ...s, s[s.length - 1]! + 1]);
    expect([...sharp].filter((v) => v > 0).every((v) => v === 1)).toBe(true);
  });
});
