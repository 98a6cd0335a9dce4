// The looks of a fresh board (live-looks.ts): which cells share the covered look, and the phase of
// a located lattice that makes them all alike.
import { describe, expect, it } from 'vitest';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { freshLooks, freshPhase } from '../../src/vision/learn/live-looks.js';
import type { Grid } from '../../src/vision/geometry.js';

/**
 * A fresh board of flat tiles as KMines' classic theme draws them (29 px: a white highlight
 * pixel, the face, a grey and a dark shadow pixel) in a frame white before the first tile and
 * dark after the last: the board's first tile starts where the frame's white ends, its last
 * ends in the frame's dark.
 */
function classicBoard(cols: number, rows: number): { image: RgbaImage; grid: Grid } {
  const p = 29, left = 60, top = 50;
  const image = createImage(left + cols * p + 40, top + rows * p + 40, [230, 230, 230]);
  fillRect(image, left - 4, top - 4, left + cols * p, top + rows * p, [255, 255, 255]);
  fillRect(image, left, top, left + cols * p + 3, top + rows * p + 3, [85, 85, 86]);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const x = left + cx * p, y = top + cy * p;
      fillRect(image, x, y, x + p - 1, y + p - 1, [165, 166, 168]);
      fillRect(image, x, y, x + p - 2, y + p - 2, [255, 255, 255]);
      fillRect(image, x + 1, y + 1, x + p - 2, y + p - 2, [238, 239, 242]);
    }
  }
  return { image, grid: { left, top, pitch: p, cols, rows, scale: p / 16 } };
}

describe('a fresh board\'s looks', () => {
  it('a lattice a pixel off takes in the frame along two edges; its phase is moved to where every cell looks alike', () => {
    const { image, grid } = classicBoard(9, 9);
    const off = { ...grid, left: grid.left - 1, top: grid.top - 1 };
    // a pixel off: the first row and column look unlike the rest (the board was taken for 8x8)
    expect(freshLooks(image, off).rest.length).toBeGreaterThan(0);
    const g = freshPhase(image, off);
    expect(freshLooks(image, g).rest).toEqual([]);
    expect(Math.abs(g.left - grid.left)).toBeLessThanOrEqual(1);
    expect(Math.abs(g.top - grid.top)).toBeLessThanOrEqual(1);
    // a lattice already right stays
    expect(freshPhase(image, grid)).toEqual(grid);
  });
});
