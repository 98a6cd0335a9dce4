// A lesson cut off its board's lattice is refused (lattice-fit.ts): a board pushed 0.4 cell down
// after its lattice was found (a line of text put above it at a loss: vjegorovs/minesweeper-vue,
// 20 px of 51) and cut at the old place has every look across two rows, a line between cells 20
// px into each cut and none at its edges: a skin learned from it had labels right, looks wrong.
// Boards cut where they lie pass: thin lines between cells, bevelled tiles, flat cells with no
// lines at all. Drawn here (plain rectangles, no artwork of any game).

import { describe, expect, it } from 'vitest';
import { offLattice } from '../../src/vision/learn/lattice-fit.js';
import { createImage, fillRect, type Rgb } from '../../src/vision/image.js';
import type { Grid } from '../../src/core/grid.js';

/** A page with a board of `cols`x`rows` cells of `pitch` at (left, top); `cell` draws each cell at its corner. */
function page(left: number, top: number, pitch: number, n: number, cell: (img: ReturnType<typeof createImage>, x0: number, y0: number, i: number) => void) {
  const img = createImage(left * 2 + n * pitch, top * 2 + n * pitch, [255, 255, 255]);
  for (let i = 0; i < n * n; i++) cell(img, left + (i % n) * pitch, top + Math.floor(i / n) * pitch, i);
  return img;
}

/** vjegorovs-like cells: a grey line at each cell's top and left, white insides, a coloured mark in some. */
const lined = (pitch: number) => (img: ReturnType<typeof createImage>, x0: number, y0: number, i: number) => {
  fillRect(img, x0, y0, x0 + pitch, y0 + pitch, [215, 215, 215]);
  fillRect(img, x0 + 1, y0 + 1, x0 + pitch - 1, y0 + pitch - 1, [255, 255, 255]);
  const mark: Rgb = i % 3 === 0 ? [30, 220, 60] : i % 3 === 1 ? [30, 30, 220] : [220, 40, 40];
  if (i % 2) fillRect(img, x0 + pitch / 2 - 3, y0 + 14, x0 + pitch / 2 + 3, y0 + pitch - 14, mark);
};

describe('a lesson cut off its board lattice', () => {
  const grid: Grid = { left: 102, top: 93, pitch: 51, cols: 10, rows: 10, scale: 1 };

  it('a board pushed 0.4 cell down, cut at the old place, is refused', () => {
    for (const dy of [20, 12, -20]) {
      const img = page(102, 93 + dy, 51, 10, lined(51));
      expect(offLattice(img, grid), `pushed ${dy} px`).toMatch(/off the board's lattice/);
    }
    const img = page(102 + 20, 93, 51, 10, lined(51));
    expect(offLattice(img, grid)).toMatch(/columns/);
  });

  it('the same board cut where it lies passes', () => {
    expect(offLattice(page(102, 113, 51, 10, lined(51)), { ...grid, top: 113 })).toBeNull();
    expect(offLattice(page(102, 93, 51, 10, lined(51)), grid)).toBeNull();
  });

  it('bevelled tiles (a light top-left, a dark bottom-right, 2 px) cut where they lie pass', () => {
    const bevel = (img: ReturnType<typeof createImage>, x0: number, y0: number) => {
      fillRect(img, x0, y0, x0 + 16, y0 + 16, [255, 255, 255]);
      fillRect(img, x0 + 2, y0 + 2, x0 + 16, y0 + 16, [128, 128, 128]);
      fillRect(img, x0 + 2, y0 + 2, x0 + 14, y0 + 14, [192, 192, 192]);
    };
    expect(offLattice(page(20, 60, 16, 9, bevel), { left: 20, top: 60, pitch: 16, cols: 9, rows: 9, scale: 1 })).toBeNull();
  });

  it('flat cells with no lines between them, a few coloured, cut where they lie pass; their edges cut 7 px off are refused', () => {
    const flat = (img: ReturnType<typeof createImage>, x0: number, y0: number, i: number) => fillRect(img, x0, y0, x0 + 30, y0 + 30, i % 7 ? [200, 200, 200] : [90, 160, 90]);
    expect(offLattice(page(40, 40, 30, 8, flat), { left: 40, top: 40, pitch: 30, cols: 8, rows: 8, scale: 1 })).toBeNull();
    const plain = (img: ReturnType<typeof createImage>, x0: number, y0: number) => fillRect(img, x0, y0, x0 + 30, y0 + 30, [200, 200, 200]);
    // (the board's own edge against the page, 7 px above the cut's last row end, tells)
    expect(offLattice(page(40, 40, 30, 8, plain), { left: 40, top: 47, pitch: 30, cols: 8, rows: 8, scale: 1 })).toMatch(/off the board's lattice/);
  });
});
