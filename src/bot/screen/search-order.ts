// Where a board that left its place is looked for, in turn: around its last place first, then the
// game's window, the whole search region (the named window, or the screen) last. A page that
// starts a new game may move its board by a line of text (VitaFilimonova's end line, 1.6 cells),
// and a fresh board there differs from the ended one in most cells, so its pixels alone do not
// find it moved (board-shift.ts); a search of the whole screen found it, but takes seconds on a
// busy machine, for a board a cell or two away. Each region is searched for the same game (same
// skin, same size) and the next is tried only when that fails. Pure: rectangles in, regions out.

import { gridRect, holdsRect, type Grid, type Rect } from '../../core/grid.js';
import type { Region } from '../../desktop/ports.js';
import { clipRegion } from '../../desktop/region.js';
import { shiftReach } from './board-shift.js';
import { boundingRegion } from './place.js';

/** Where a search found the board: around its place, in the game's window, or in the whole search region. */
export type SearchedIn = 'near' | 'window' | 'all';

/**
 * How far around its last place the board is looked for first, in pixels each way: as far as it is
 * looked for by its pixels (2 cells, 80 px at least), and half the board's longer side.
 */
export function nearReach(grid: Grid): number {
  const r = gridRect(grid);
  return Math.round(Math.max(shiftReach(grid), Math.max(r.width, r.height) / 2));
}

/**
 * The regions searched in turn, each inside `all` (the search region: the named window or the
 * screen): around the place (its full read and the board's rectangle widened by nearReach), the
 * game's window (`window`, when known), then `all`. A region another before it holds is left out
 * (it can find nothing more), and so is one that lies off `all`.
 */
export function searchOrder(grid: Grid, full: Rect, window: Region | null, all: Region): { where: SearchedIn; region: Region }[] {
  const r = gridRect(grid), k = nearReach(grid);
  const within = (x: Rect): Region | null => {
    const c = clipRegion({ left: x.left - all.left, top: x.top - all.top, width: x.width, height: x.height }, all);
    return c ? { ...c, left: c.left + all.left, top: c.top + all.top } : null;
  };
  const near = within(boundingRegion(full, { left: r.left - k, top: r.top - k, width: r.width + 2 * k, height: r.height + 2 * k }));
  const win = window ? within(window) : null;
  const out: { where: SearchedIn; region: Region }[] = [];
  for (const [where, region] of [['near', near], ['window', win], ['all', all]] as const) {
    if (!region || out.some((o) => holdsRect(o.region, region))) continue;
    out.push({ where, region });
  }
  return out;
}

