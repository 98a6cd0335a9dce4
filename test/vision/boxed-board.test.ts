// A board inside nested bevelled boxes (a page drawn in the classic look around its game:
// maxhimmel/minesweeper). The boxes' long edges are the first band of lines the locator walks; a
// lattice at twice the board's pitch fits them, and the board's own band, inside that lattice,
// was skipped as part of it: the board was never found ("the 4x6 board found is not a fresh
// game"). Drawn in a look of our own.
import { describe, expect, it } from 'vitest';
import { createImage, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { rect } from './near-draw.js';

const FACE: Rgb = [211, 211, 211], HI: Rgb = [255, 255, 255], LO: Rgb = [171, 171, 171];

/** A box x0..x1, y0..y1 (exclusive) with a bevel of b px: raised (light top and left) or sunken. */
function box(img: RgbaImage, x0: number, y0: number, x1: number, y1: number, b: number, raised: boolean): void {
  const tl = raised ? HI : LO, br = raised ? LO : HI;
  rect(img, x0, y0, x1 - x0, y1 - y0, FACE);
  rect(img, x0, y0, x1 - x0, b, tl);
  rect(img, x0, y0, b, y1 - y0, tl);
  rect(img, x0, y1 - b, x1 - x0, b, br);
  rect(img, x1 - b, y0, b, y1 - y0, br);
}

/** A fresh board of bevelled tiles at (238, 368) in a sunken frame, a counter box above it, two raised panels around both. */
function boxedBoard(pitch: number, cols: number, rows: number): RgbaImage {
  const bx = 238, by = 368, right = bx + cols * pitch, bottom = by + rows * pitch;
  const img = createImage(right + 420, bottom + 200, FACE);
  box(img, bx - 58, 72, right + 58, bottom + 56, 8, true);
  box(img, bx - 32, 251, right + 32, bottom + 32, 8, true);
  box(img, bx - 18, 275, right - 9, 330, 8, false);
  box(img, bx - 8, 360, right + 8, bottom + 8, 8, false);
  for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) box(img, bx + x * pitch, by + y * pitch, bx + (x + 1) * pitch, by + (y + 1) * pitch, 5, true);
  return img;
}

describe('a board inside bevelled boxes', () => {
  it.each([
    [36, 9, 9],
    [40, 9, 9],
    [44, 9, 9],
    [40, 10, 8],
    [36, 16, 16],
  ])('at %i px, %ix%i: found whole and exact', (pitch, cols, rows) => {
    const found = locateGrids(boxedBoard(pitch, cols, rows));
    const board = found.find((g) => g.cols === cols && g.rows === rows);
    expect(board, found.map((g) => `${g.cols}x${g.rows}@${g.pitch.toFixed(1)}`).join(' ')).toBeDefined();
    expect(Math.abs(board!.left - 238)).toBeLessThanOrEqual(1);
    expect(Math.abs(board!.top - 368)).toBeLessThanOrEqual(1);
    expect(board!.pitch).toBeCloseTo(pitch, 1);
  });
});
