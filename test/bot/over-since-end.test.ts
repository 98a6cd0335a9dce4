// After a game's end, whether something wider than a cell came over the dismiss point since the
// ended board was read (frames.ts overCellAndAround): a dimming layer with a popup whose button
// lies over the cells (OrAntebi/Mine-Sweeper at a win), not one cell redrawn (a mine shown late).

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { overCellAndAround } from '../../src/bot/screen/frames.js';
import type { Grid } from '../../src/core/grid.js';
import type { Grab } from '../../src/desktop/ports.js';

const GRID: Grid = { left: 10, top: 10, pitch: 20, cols: 6, rows: 6, scale: 1 };
const W = 140, H = 140;

/** A 140x140 screen of grey `page`, each pixel `paint` gives (x, y → level or null) painted over it. */
function screen(page: number, paint: (x: number, y: number) => number | null = () => null): Grab {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const v = paint(x, y) ?? page;
    data.set([v, v, v, 255], (y * W + x) * 4);
  }
  return { image: { width: W, height: H, data }, region: { left: 0, top: 0, width: W, height: H }, pixelDensity: { scaleX: 1, scaleY: 1 } };
}

/** The pixels of cell (cx, cy) of GRID. */
const inCell = (cx: number, cy: number) => (x: number, y: number): boolean => x >= 10 + cx * 20 && x < 30 + cx * 20 && y >= 10 + cy * 20 && y < 30 + cy * 20;

describe('something come over the dismiss point since the end was read', () => {
  const end = screen(120);

  it('is a box or layer over the point\'s cell and two more around it, wherever on the board', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 25, max: 60 }), fc.integer({ min: 25, max: 60 }), (cx, cy, bw, bh) => {
        // a box bw x bh px centred on the cell's middle: over it and, being wider than a cell, over two more
        const mx = 20 + cx * 20, my = 20 + cy * 20;
        const box = screen(120, (x, y) => (Math.abs(x - mx) * 2 < bw && Math.abs(y - my) * 2 < bh ? 40 : null));
        expect(overCellAndAround(end, box, GRID, [cx, cy])).toBe(true);
      }),
    );
    // (a layer dimming the whole page)
    expect(overCellAndAround(end, screen(60), GRID, [2, 3])).toBe(true);
  });

  it('is not one cell redrawn, nor two side by side, nor a change beside the point that leaves its cell as it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), fc.boolean(), (cx, cy, pair) => {
        const other: [number, number] = [cx < 5 ? cx + 1 : cx - 1, cy];
        const redrawn = screen(120, (x, y) => (inCell(cx, cy)(x, y) || (pair && inCell(...other)(x, y)) ? 0 : null));
        expect(overCellAndAround(end, redrawn, GRID, [cx, cy])).toBe(false);
        // (every cell around it changed, its own not)
        const ring = screen(120, (x, y) => (!inCell(cx, cy)(x, y) ? 0 : null));
        expect(overCellAndAround(end, ring, GRID, [cx, cy])).toBe(false);
      }),
    );
  });

  it('is not known from a frame that does not hold the whole board: no', () => {
    const part: Grab = { image: { width: 60, height: H, data: new Uint8Array(60 * H * 4).fill(120) }, region: { left: 0, top: 0, width: 60, height: H }, pixelDensity: { scaleX: 1, scaleY: 1 } };
    expect(overCellAndAround(part, screen(60), GRID, [0, 0])).toBe(false);
  });
});
