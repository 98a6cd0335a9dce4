// Where a located lattice is set to the pixel by the cells' looks: on a fresh board where most
// cells look alike (freshPhase), between frames where more cells look as they did (steadyGrid). Pure.

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { changeOf, lookOf, type Look } from './live-looks.js';
import { freshLooks } from './live-fresh-looks.js';

/**
 * A located lattice moved by whole pixels (up to an eighth of a cell each way, each axis) to where
 * most cells of a fresh board look alike: on a fresh board every cell is covered, and the cuts of
 * a lattice a pixel off take in their neighbour's edge, which the cells along the board's edge do
 * not have (KMines' classic tiles: a white highlight and a dark shadow, the frame white beside the
 * first and dark beside the last: a pixel off, the first row and column looked unlike the rest and
 * the board was taken for 8x8).
 */
export function freshPhase(image: RgbaImage, grid: Grid): Grid {
  const reach = Math.max(1, Math.round(grid.pitch / 8));
  const best = (at: (d: number) => Grid): Grid => {
    const shifts = Array.from({ length: 2 * reach + 1 }, (_, k) => k - reach);
    const counts = shifts.map((d) => (inside(image, at(d)) ? freshLooks(image, at(d)).like.filter(Boolean).length : -1));
    const most = Math.max(...counts);
    // the middle of the run of shifts that do best (the one holding no shift, else the longest):
    // a lattice a pixel off inside a tile's flat face looks as alike as the right one
    const runs: number[][] = [];
    shifts.forEach((d, k) => {
      if (counts[k] !== most) return;
      if (runs.length && runs[runs.length - 1]!.at(-1) === d - 1) runs[runs.length - 1]!.push(d);
      else runs.push([d]);
    });
    const run = runs.find((r) => r.includes(0)) ?? runs.reduce((a, b) => (b.length > a.length ? b : a));
    // (of two middles, the nearer to no shift)
    const mid = run.length >> 1;
    return at(run.length % 2 || Math.abs(run[mid]!) < Math.abs(run[mid - 1]!) ? run[mid]! : run[mid - 1]!);
  };
  const x = best((d) => ({ ...grid, left: grid.left + d }));
  return best((d) => ({ ...x, top: x.top + d }));
}

/** Whether every cell of a grid lies within the image. */
function inside(image: RgbaImage, g: Grid): boolean {
  return g.left >= 0 && g.top >= 0 && g.left + g.cols * g.pitch <= image.width && g.top + g.rows * g.pitch <= image.height;
}

/**
 * The grid to read a frame at, when the board is found a little off where the last frame
 * explained was read (`before`): a lattice aligned on a skin still being learned may settle a
 * pixel either side of a tile's gap or border from one frame to the next. A board that really
 * moved shows its cells' looks where it is now; one found a pixel off shows them where it was.
 * So, for a shift under a quarter of a cell (same size and pitch), the grid under which more
 * cells look as they did (`looks`, the last frame explained) is kept: else every cell seems to
 * change at once, and cells never clicked are taken for opened.
 */
export function steadyGrid(image: RgbaImage, found: Grid, before: Grid | null, looks: readonly Look[] | null): Grid {
  if (!before || !looks || found === before || looks.length !== found.cols * found.rows) return found;
  if (found.cols !== before.cols || found.rows !== before.rows || Math.abs(found.pitch - before.pitch) > 0.02 * before.pitch) return found;
  const dx = Math.abs(found.left - before.left), dy = Math.abs(found.top - before.top);
  if ((dx === 0 && dy === 0) || dx >= found.pitch / 4 || dy >= found.pitch / 4) return found;
  const same = (g: Grid): number => looks.reduce((n, l, i) => (changeOf(lookOf(image, g, i), l) === 'same' ? n + 1 : n), 0);
  return same(before) > same(found) ? before : found;
}
