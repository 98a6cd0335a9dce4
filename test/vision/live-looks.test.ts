// The looks of a fresh board (live-fresh-looks.ts, live-lattice-phase.ts): which cells share the
// covered look, and the phase of a located lattice that makes them all alike.
import { describe, expect, it } from 'vitest';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { freshLooks } from '../../src/vision/learn/live/live-fresh-looks.js';
import { freshPhase } from '../../src/vision/learn/live/live-lattice-phase.js';
import { interiorSame } from '../../src/vision/learn/live/live-cell-change.js';
import { offGround } from '../../src/vision/learn/live/live-ground-ink.js';
import { createRng } from '../../src/core/rng.js';
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

  it('a cell is off the opened ground when its interior\'s colour is none of the opened cells\' (a mine in a colour of its own, one on red), and never a number on that ground, nor where opened cells are textured', () => {
    const p = 30, cols = 6, rows = 2;
    const grid: Grid = { left: 10, top: 10, pitch: p, cols, rows, scale: 1 };
    const at = (i: number): [number, number] => [grid.left + (i % cols) * p, grid.top + ((i / cols) | 0) * p];
    const tans: [number, number, number][] = [[229, 194, 159], [215, 184, 153]];
    // cells 0-4 opened on two tans (a checkerboard's), cell 6 a number on them, the rest covered green
    const board = (textured: boolean): RgbaImage => {
      const image = createImage(grid.left * 2 + cols * p, grid.top * 2 + rows * p, [74, 117, 44]);
      const rng = createRng(5);
      for (let i = 0; i < cols * rows; i++) {
        const [x, y] = at(i);
        const tan = tans[i % 2]!;
        const shift = textured ? Math.round(rng.next() * 60 - 30) : 0;
        fillRect(image, x, y, x + p, y + p, i <= 4 || i === 6 ? [tan[0] + shift, tan[1] + shift, tan[2] + shift] : [170, 215, 81]);
      }
      // a 2 on cell 6: two bars
      const [x6, y6] = at(6);
      fillRect(image, x6 + 10, y6 + 8, x6 + 13, y6 + 22, [20, 140, 40]);
      fillRect(image, x6 + 17, y6 + 8, x6 + 20, y6 + 22, [20, 140, 40]);
      return image;
    };
    const opened = [0, 1, 2, 3, 4];
    const flat = board(false);
    expect(offGround(flat, grid, 6, flat, grid, opened)).toBe(false);
    // a covered cell is on another ground too (the rule is for a guess's cell that changed)
    expect(offGround(flat, grid, 7, flat, grid, opened)).toBe(true);
    // a mine in a colour of its own (with a darker disc and the dark edges of a covered square), or on red
    for (const colour of [[219, 50, 54], [72, 230, 241], [244, 194, 13], [237, 68, 181], [0, 135, 68], [182, 72, 242], [244, 132, 13], [255, 0, 0]] as [number, number, number][]) {
      const image = board(false);
      const [x, y] = at(8);
      fillRect(image, x, y, x + p, y + p, colour);
      fillRect(image, x + 9, y + 9, x + 21, y + 21, [colour[0] * 0.6, colour[1] * 0.6, colour[2] * 0.6]);
      fillRect(image, x, y, x + 3, y + p, [58, 98, 33]);
      expect(offGround(image, grid, 8, flat, grid, opened), `mine ${colour}`).toBe(true);
    }
    // opened cells whose grounds differ by up to 180 among themselves: a cell 70 off them is no sign
    const textured = board(true);
    const near = board(true);
    const [x8, y8] = at(8);
    fillRect(near, x8, y8, x8 + p, y8 + p, [229 + 25, 194 + 25, 159 - 20]);
    expect(offGround(near, grid, 8, textured, grid, opened)).toBe(false);
    // (the same cell beside flat opened cells is off their ground)
    const nearFlat = board(false);
    fillRect(nearFlat, x8, y8, x8 + p, y8 + p, [229 + 25, 194 + 25, 159 - 20]);
    expect(offGround(nearFlat, grid, 8, flat, grid, opened)).toBe(true);
    // fewer than two opened cells: nothing to tell by
    expect(offGround(flat, grid, 7, flat, grid, [0])).toBe(false);
  });

  it('a bold number that fills the band just inside its edges is still on the opened ground (forrest216/minesweeper\'s 2, bitmaps of 30 px shrunk to 22: taken for the mine hit, and a skin saved with that 2 as the mine)', () => {
    const p = 22, cols = 5, rows = 2;
    const grid: Grid = { left: 7, top: 7, pitch: p, cols, rows, scale: 1 };
    const ground: [number, number, number] = [185, 185, 185], ink: [number, number, number] = [0, 128, 0];
    const image = createImage(grid.left * 2 + cols * p, grid.top * 2 + rows * p, [120, 120, 120]);
    for (let i = 0; i < cols * rows; i++) {
      const x = grid.left + (i % cols) * p, y = grid.top + ((i / cols) | 0) * p;
      // opened cells 0-3 and the guess's cell 4 on the grey ground, a dark line at their right and
      // bottom; the second row covered (a lighter tile)
      fillRect(image, x, y, x + p, y + p, i < cols ? [128, 128, 128] : [220, 220, 220]);
      if (i < cols) fillRect(image, x, y, x + p - 1, y + p - 1, ground);
    }
    // a bold 2 on cell 4, its strokes 4-5 px wide reaching 2 px from the cell's edges
    const x4 = grid.left + 4 * p, y4 = grid.top;
    const strokes: [number, number, number, number][] = [[3, 2, 19, 6], [14, 2, 19, 12], [3, 9, 19, 13], [2, 11, 7, 20], [2, 16, 20, 20]];
    for (const [a, b, c, d] of strokes) fillRect(image, x4 + a, y4 + b, x4 + c, y4 + d, ink);
    const opened = [0, 1, 2, 3];
    expect(offGround(image, grid, 4, image, grid, opened)).toBe(false);
    // the mine hit on red, or on a square of its own colour with a dark disc: off the ground still
    for (const colour of [[255, 0, 0], [72, 230, 241]] as [number, number, number][]) {
      const mine = createImage(image.width, image.height, [0, 0, 0]);
      mine.data.set(image.data);
      fillRect(mine, x4, y4, x4 + p - 1, y4 + p - 1, colour);
      fillRect(mine, x4 + 6, y4 + 6, x4 + 16, y4 + 16, [20, 20, 20]);
      expect(offGround(mine, grid, 4, image, grid, opened), `mine ${colour}`).toBe(true);
    }
  });

  it('a cell\'s interior is compared where each frame has it: a board moved, or grabbed wider, is the same drawing; another number is not', () => {
    const { image, grid } = classicBoard(9, 9);
    // a "number" in cell 10 (1,1): a dark bar in its middle
    fillRect(image, grid.left + 29 + 12, grid.top + 29 + 8, grid.left + 29 + 17, grid.top + 29 + 21, [0, 0, 200]);
    // the same board 7 px right and 3 down, in a frame 20 px wider
    const moved = createImage(image.width + 20, image.height + 20, [230, 230, 230]);
    for (let y = 0; y < image.height; y++) moved.data.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), ((y + 3) * moved.width + 7) * 4);
    const there = { ...grid, left: grid.left + 7, top: grid.top + 3 };
    expect(interiorSame(image, grid, moved, there, 10)).toBe(true);
    // read at the old place in the moved frame, the drawing is not where it was
    expect(interiorSame(image, grid, moved, grid, 10)).toBe(false);
    // another drawing there is not the same
    fillRect(moved, there.left + 29 + 6, there.top + 29 + 6, there.left + 29 + 12, there.top + 29 + 12, [200, 0, 0]);
    expect(interiorSame(image, grid, moved, there, 10)).toBe(false);
  });

  it('with a shift of one pixel allowed, an interior moved by a pixel is the same drawing (a flag centred in a tile whose border grew on one side); another drawing is not, nor a move of two', () => {
    const { image, grid } = classicBoard(9, 9);
    const flag = (img: RgbaImage, dx: number, dy: number, colour: [number, number, number] = [220, 30, 30]) =>
      fillRect(img, grid.left + 29 + 10 + dx, grid.top + 29 + 8 + dy, grid.left + 29 + 19 + dx, grid.top + 29 + 16 + dy, colour);
    flag(image, 0, 0);
    const after = (dx: number, dy: number, colour?: [number, number, number]) => {
      const { image: b } = classicBoard(9, 9);
      // a 2 px border on the tile's top, drawn inside it, the flag a pixel lower
      fillRect(b, grid.left + 29, grid.top + 29, grid.left + 58, grid.top + 31, [40, 90, 200]);
      flag(b, dx, dy, colour);
      return b;
    };
    expect(interiorSame(image, grid, after(0, 1), grid, 10)).toBe(false);
    expect(interiorSame(image, grid, after(0, 1), grid, 10, 1)).toBe(true);
    expect(interiorSame(image, grid, after(0, 2), grid, 10, 1)).toBe(false);
    expect(interiorSame(image, grid, after(0, 1, [20, 20, 200]), grid, 10, 1)).toBe(false);
  });
});
