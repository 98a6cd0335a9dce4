// A fresh board of bevelled tiles whose highlight is nearly the page's colour (nanoborg/minesweeper:
// 40 px tiles, a 5 px border, cream #fff9db on the left and #f5f3eb on top, #bab7a9 right and
// bottom, a grey face, on a white page). The lattice is located on the board's ends, but the
// strongest step between cells is the highlight's inner edge (cream to grey), 5 px into each tile:
// edgeAligned moved the lattice there, the board's first 5 px left out and 5 px of page taken in
// at its far end. The pointer, parked 3 px off that lattice, then lay on the first column's tiles,
// and the game's :hover look changed a cell no click opened: the learning run stopped before its
// first click. A lattice is not moved onto its tiles' edges when the strip that would leave the
// board repeats the same strip a pitch further in (it is tile, not page or frame).
import { describe, expect, it } from 'vitest';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';

type Rgb = [number, number, number];
const PAGE: Rgb = [255, 255, 255];

function bevelBoard(left: number, top: number, pitch: number, n: number, border: number, light: { left: Rgb; top: Rgb }): RgbaImage {
  const img = createImage(left + n * pitch + 120, top + n * pitch + 120, PAGE);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x0 = left + c * pitch, y0 = top + r * pitch, x1 = x0 + pitch, y1 = y0 + pitch;
      fillRect(img, x0, y0, x1, y1, [128, 128, 128]);
      // CSS borders: top and bottom across the whole width, left and right between them, mitred
      for (let k = 0; k < border; k++) {
        fillRect(img, x0 + k, y0 + k, x1 - k, y0 + k + 1, light.top);
        fillRect(img, x0 + k, y1 - k - 1, x1 - k, y1 - k, [186, 183, 169]);
        fillRect(img, x0 + k, y0 + k + 1, x0 + k + 1, y1 - k - 1, light.left);
        fillRect(img, x1 - k - 1, y0 + k + 1, x1 - k, y1 - k - 1, [186, 183, 169]);
      }
    }
  }
  return img;
}

describe('a fresh board of bevelled tiles whose highlight is nearly the page colour', () => {
  for (const [pitch, border] of [[40, 5], [32, 4], [48, 6]] as const) {
    it(`at ${pitch} px with a ${border} px border: the lattice stays on the board's ends`, () => {
      const left = 150, top = 188, n = 10;
      const image = bevelBoard(left, top, pitch, n, border, { left: [255, 249, 219], top: [245, 243, 235] });
      const learner = new LiveLearner({ name: 'cream', mines: 20 });
      const grid = learner.read(image).grid;
      expect(grid.cols).toBe(n);
      expect(grid.rows).toBe(n);
      expect(Math.abs(grid.left - left)).toBeLessThanOrEqual(1);
    });
  }
});
