// Cutting a cell out of an image (cells.ts): at a whole factor on whole pixels the cut is what the
// matcher samples there, pixel for pixel, so a look learned from crisp cells matches them exactly.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RgbaImage } from '../../src/vision/image.js';
import { cutSquare } from '../../src/vision/read/cells.js';
import { matchRegion, prepareTemplates } from '../../src/vision/read/classify.js';

function noise(w: number, h: number, seed: number): RgbaImage {
  const data = new Uint8Array(w * h * 4);
  let s = seed >>> 0;
  for (let i = 0; i < data.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    data[i] = i % 4 === 3 ? 255 : s >>> 24;
  }
  return { width: w, height: h, data };
}

describe('cutSquare', () => {
  it('at 1:1 on whole pixels copies the square exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 4, max: 30 }), fc.integer(), (x, y, size, seed) => {
        const img = noise(60, 60, seed);
        const cut = cutSquare(img, x, y, size, size);
        for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) for (let c = 0; c < 3; c++) {
          expect(cut.data[(j * size + i) * 4 + c]).toBe(img.data[((y + j) * 60 + x + i) * 4 + c]);
        }
      }),
      { numRuns: 40, seed: 38 },
    );
  });

  it('at a whole factor averages each block, and a look cut so matches the same square at full score', () => {
    const img = noise(80, 80, 7);
    for (const f of [2, 3]) {
      const cut = cutSquare(img, 5, 9, 16 * f, 16);
      let r = 0;
      for (let v = 0; v < f; v++) for (let u = 0; u < f; u++) r += img.data[((9 + 16 * f - f + v) * 80 + 5 + 16 * f - f + u) * 4]!;
      expect(cut.data[(15 * 16 + 15) * 4]).toBe(Math.round(r / (f * f)));
      const set = prepareTemplates([{ label: 'a', image: cut }]);
      expect(matchRegion(img, 5, 9, 16 * f, 16 * f, set, undefined, 'full')!.score).toBeGreaterThan(0.9999);
    }
  });
});
