// Where the board is on the screen and what to grab around it. Pure geometry on a Grid.

import { gridRect, type Grid, type Rect } from '../../core/grid.js';
import type { Region } from '../../desktop/ports.js';
import { clipRegion } from '../../desktop/region.js';

/** Pixels grabbed around the grid for a cells-only read: room for the frame patches checked. */
const MARGIN = 6;

/** How far a full read reaches around the board, in cells: room for the face, counters and a new-game button. */
export const READ_REACH = { side: 2, above: 5, below: 2 } as const;

/**
 * The rectangle a full read covers around a grid (before it is cut to the screen): READ_REACH, and
 * a cell around each of `points` (new-game buttons farther off, in cells from the middle of the
 * board's top edge, as --new-game click:DX,DY names them).
 */
export function readRect(grid: Grid, points: readonly { dx: number; dy: number }[] = []): Rect {
  const p = grid.pitch, r = gridRect(grid);
  let left = r.left - READ_REACH.side * p, top = r.top - READ_REACH.above * p;
  let right = r.left + r.width + READ_REACH.side * p, bottom = r.top + r.height + READ_REACH.below * p;
  for (const at of points) {
    const x = r.left + r.width / 2 + at.dx * p, y = r.top + at.dy * p;
    left = Math.min(left, x - p);
    top = Math.min(top, y - p);
    right = Math.max(right, x + p);
    bottom = Math.max(bottom, y + p);
  }
  return { left, top, width: right - left, height: bottom - top };
}

export interface Place {
  /** The grid in screen pixels. */
  grid: Grid;
  /** What to grab to read the cells: the grid and a few pixels of frame around it. */
  cells: Region;
  /** What to grab for a full read: the grid with room around it for the face and counters. */
  full: Region;
  /** The face button, if the skin has one (clicks on it start a new game). */
  face: Region | null;
}

/** The place of `grid` on `screen`; the full read reaches `farPoints` too (readRect). */
export function placeOf(grid: Grid, screen: { width: number; height: number }, face: Region | null, farPoints: readonly { dx: number; dy: number }[] = []): Place {
  const r = gridRect(grid);
  const cells = clipRegion({ left: r.left - MARGIN, top: r.top - MARGIN, width: r.width + 2 * MARGIN, height: r.height + 2 * MARGIN }, screen);
  const full = clipRegion(readRect(grid, farPoints), screen);
  if (!cells || !full) throw new RangeError('the board is off the screen');
  // a face the skin puts off the screen is not there (another game drawn in the skin's look, its
  // board at the top of the screen): no face, rather than a grab or a click beyond the screen
  const shown = face && face.left >= 0 && face.top >= 0 && face.left + face.width <= screen.width && face.top + face.height <= screen.height ? face : null;
  return { grid, cells, full: shown ? unionRegion(full, shown) : full, face: shown };
}

function unionRegion(a: Region, b: Region): Region {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  return { left, top, width: Math.max(a.left + a.width, b.left + b.width) - left, height: Math.max(a.top + a.height, b.top + b.height) - top };
}

/**
 * How far (px) past the grid's far edges (right, bottom) their patches begin: as far as the near
 * ones end before the grid. A lattice in the middle of a gap its tiles draw on their right and
 * bottom, in their state's colour (Walorson/minesweeper-javascript: 4 px, the lattice 2 px before
 * the tiles), ends 2 px inside the last tile's gap; patches 1 px past it changed with the corner
 * cell's look, and the frame seemed to move at every such change.
 */
const FAR_GAP = 3;

/** The frame patches of all four corners that lie on the screen. */
export function framePatches(grid: Grid, within: { width: number; height: number }): Rect[] {
  const r = gridRect(grid);
  const out: Rect[] = [];
  for (const left of [Math.floor(r.left) - 4, Math.ceil(r.left + r.width) + FAR_GAP]) {
    for (const top of [Math.floor(r.top) - 4, Math.ceil(r.top + r.height) + FAR_GAP]) {
      if (left >= 0 && top >= 0 && left + 3 <= within.width && top + 3 <= within.height) out.push({ left, top, width: 3, height: 3 });
    }
  }
  return out;
}

/**
 * A few pixels of the board's frame just outside the grid's corner nearest to a rectangle: a
 * window that moved by whole cells shows the same covered cell under the pointer, but not its
 * frame where it was. Inside `within` (the screen), or null when no corner's patch is.
 */
export function framePatch(grid: Grid, near: Rect, within: { width: number; height: number }): Rect | null {
  // The patch nearest to the rectangle's centre.
  const cx = near.left + near.width / 2;
  const cy = near.top + near.height / 2;
  const d = (p: Rect) => Math.abs(p.left - cx) + Math.abs(p.top - cy);
  return framePatches(grid, within).sort((a, b) => d(a) - d(b))[0] ?? null;
}

/** The smallest region holding all the rectangles (one at least). */
export function boundingRegion(...rects: [Rect, ...Rect[]]): Region {
  const left = Math.floor(Math.min(...rects.map((r) => r.left)));
  const top = Math.floor(Math.min(...rects.map((r) => r.top)));
  const right = Math.ceil(Math.max(...rects.map((r) => r.left + r.width)));
  const bottom = Math.ceil(Math.max(...rects.map((r) => r.top + r.height)));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * Where the pointer waits while the screen is grabbed: just outside the grid (inside the game
 * window's frame, so a focus-follows-mouse desktop keeps the game focused), never over a cell —
 * some games (Windows 7) light up the cell under the pointer.
 */
export function parkingSpot(grid: Grid, screen: { width: number; height: number }): { x: number; y: number } {
  const r = gridRect(grid);
  const midY = Math.round(r.top + r.height / 2);
  const midX = Math.round(r.left + r.width / 2);
  const spots = [
    { x: Math.floor(r.left) - 3, y: midY },
    { x: Math.ceil(r.left + r.width) + 2, y: midY },
    { x: midX, y: Math.floor(r.top) - 3 },
    { x: midX, y: Math.ceil(r.top + r.height) + 2 },
  ];
  return spots.find((p) => p.x >= 0 && p.y >= 0 && p.x < screen.width && p.y < screen.height) ?? { x: 0, y: 0 };
}
