// A page that recolours itself around a board that stays: a game that paints its surroundings
// green at a win and red at a loss (jmlkl/msweeper-jscanvas), while its board is drawn on as
// before. The frame patches (place.ts framePatches: a few pixels just outside the grid's
// corners) then all change, which alone reads as a window moved or something over the board.
// It is a recolouring, and the board may be read where it was, when every patch was one flat
// colour and is one flat colour now (the same colour before giving the same colour now), and
// the board's own cells are as they were but for a few (a window moved by whole cells, or a box
// over the board, changes most of them or leaves some patch unflat; a box over one corner leaves
// the other patches as they were). Pure: grabs in, a verdict out.

import type { Grid, Rect } from '../../core/grid.js';
import type { Grab } from '../../desktop/ports.js';
import { changedCells } from './frames.js';

/** How far, in levels per channel, a flat patch's pixels may lie from its first pixel. */
const FLAT_TOL = 3;
/** How far two flat colours may lie apart and still be one colour (levels per channel). */
const SAME_TOL = 6;
/** A recoloured patch differs from its colour before by more than this in some channel. */
const MIN_CHANGE = 12;
/** At most this share of the board's cells may have changed since the last frame read. */
const MAX_CELLS_CHANGED = 1 / 3;

type Rgb = [number, number, number];

/** The one colour of `area` in `g`, or null when it is not flat (or not all in the grab). */
export function flatColour(g: Grab, area: Rect): Rgb | null {
  const r = g.region;
  const x0 = Math.floor(area.left), y0 = Math.floor(area.top);
  const x1 = Math.ceil(area.left + area.width), y1 = Math.ceil(area.top + area.height);
  if (x0 < r.left || y0 < r.top || x1 > r.left + r.width || y1 > r.top + r.height || x1 <= x0 || y1 <= y0) return null;
  const d = g.image.data;
  const first = ((y0 - r.top) * r.width + (x0 - r.left)) * 4;
  const c: Rgb = [d[first]!, d[first + 1]!, d[first + 2]!];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = ((y - r.top) * r.width + (x - r.left)) * 4;
      for (let k = 0; k < 3; k++) if (Math.abs(d[i + k]! - c[k]!) > FLAT_TOL) return null;
    }
  }
  return c;
}

function near(a: Rgb, b: Rgb, tol: number): boolean {
  return a.every((v, k) => Math.abs(v - b[k]!) <= tol);
}

/**
 * Whether `now` shows the surroundings of the board at `grid` recoloured, the board staying:
 * every one of `patches` (at least two) flat in `before` (the frame first read there) and flat
 * in `now` in another colour, patches of one colour before of one colour now; and the cells of
 * `now` as in `last` (the last frame read there) but for at most a third of them.
 */
export function surroundRecoloured(before: Grab, now: Grab, last: Grab | null, patches: readonly Rect[], grid: Grid): boolean {
  if (patches.length < 2 || !last) return false;
  const pairs: [Rgb, Rgb][] = [];
  for (const p of patches) {
    const was = flatColour(before, p);
    const is = flatColour(now, p);
    if (!was || !is || near(was, is, MIN_CHANGE)) return false;
    pairs.push([was, is]);
  }
  for (const [a, b] of pairs) for (const [c, d] of pairs) if (near(a, c, SAME_TOL) && !near(b, d, SAME_TOL)) return false;
  return changedCells(last, now, grid).length <= grid.cols * grid.rows * MAX_CELLS_CHANGED;
}
