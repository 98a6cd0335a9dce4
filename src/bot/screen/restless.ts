// The page's own motion around a board: pixels outside every cell's middle (the gaps between
// cells, rounded corners, the board's frame) seen changing while no cell's middle did. A page
// animated behind the board (kuv2707/Minesweeper-JS redraws its gradient every 200 ms; it shows
// between rounded cells) made every check before a click see the board "changed" or "moved", and
// nothing was ever clicked. Such pixels, once seen so, are left out of the checks and of the
// observer's comparisons; a cell is still judged by its middle, where nothing is left out but a
// level or two of the page seen through a tile (SEEN_THROUGH).
//
// Learned only from a difference over the whole board that holds no pixel of any cell's middle and
// touches the corners of at least half its cells: a window moved by whole cells over a fresh board
// shows only its frame changed, and is still found moved; a game that redraws a few cells late
// (a ring drawn round a cell) changes too few. Kept for one lattice only.

import { gridRect, type Grid, type Rect } from '../../core/grid.js';
import type { Grab } from '../../desktop/ports.js';
import { eachDiffering, type Motion, type PixelMask } from './frames.js';
import { framePatches } from './place.js';

/** How far in from each side of a cell its middle begins, as a share of the pitch. */
const MIDDLE_INSET = 0.2;
/**
 * The levels (in any channel) a pixel may move with the page and count as unchanged, once the page
 * is seen moving: tiles drawn a little see-through show it faintly (kuv2707's by 1 level where
 * the page between them moved by up to 33). A cell's real change moves its middle far more.
 */
const SEEN_THROUGH = 2;
/**
 * How many times the page must be seen moving before anything is left out: a page that moves
 * keeps moving, while a game that once redraws the edges of every cell (a win drawn in the
 * lines between them) is its own drawing, to be read.
 */
const SEEN_MOVING = 2;

/**
 * Where pixel (x, y) (screen) lies in `grid`: its cell's index and whether it is in that cell's
 * middle or one of its corners (within the inset of two sides), or null off the grid.
 */
function placeOf(grid: Grid, x: number, y: number): { cell: number; middle: boolean; corner: boolean } | null {
  const fx = (x + 0.5 - grid.left) / grid.pitch;
  const fy = (y + 0.5 - grid.top) / grid.pitch;
  if (fx < 0 || fy < 0 || fx >= grid.cols || fy >= grid.rows) return null;
  const px = fx - Math.floor(fx), py = fy - Math.floor(fy);
  const inX = px >= MIDDLE_INSET && px <= 1 - MIDDLE_INSET, inY = py >= MIDDLE_INSET && py <= 1 - MIDDLE_INSET;
  return { cell: Math.floor(fy) * grid.cols + Math.floor(fx), middle: inX && inY, corner: !inX && !inY };
}

/** Whether pixel (x, y) (screen) lies in the middle of one of `grid`'s cells. */
export function inCellMiddle(grid: Grid, x: number, y: number): boolean {
  return placeOf(grid, x, y)?.middle === true;
}

/** The restless pixels seen around one lattice (the last one learned at). */
export class Restless implements PixelMask {
  private grid: Grid | null = null;
  private readonly pixels = new Set<number>();
  /** How many times the page was seen moving at this lattice. */
  private seen = 0;

  readonly slack = SEEN_THROUGH;

  /** How many pixels are left out. */
  get size(): number {
    return this.pixels.size;
  }

  has(x: number, y: number): boolean {
    return this.pixels.has(y * 65536 + x);
  }

  /** The mask for comparisons around `grid`: null until the page was seen moving there twice. */
  at(grid: Grid): PixelMask | null {
    return this.seen >= SEEN_MOVING && this.grid !== null && sameLattice(this.grid, grid) ? this : null;
  }

  /**
   * Whether two grabs that differ over `rects` may differ by the page's motion alone: no cell's
   * middle moved there by more than the page seen through it (a cell that opened has). Cheap:
   * stops at the first middle that moved.
   */
  mayBeMotion(a: Grab, b: Grab, rects: readonly Rect[], grid: Grid): boolean {
    return rects.every((r) => eachDiffering(a, b, r, (x, y, by) => by <= SEEN_THROUGH || placeOf(grid, x, y)?.middle !== true));
  }

  /**
   * Learns from two grabs that differ over `rects` (screen; the whole board among them), around
   * `grid`: when no pixel in a cell's middle moved by more than the page seen through it, and the
   * corners of at least half the board's cells changed (a page moving behind the board shows at
   * every crossing of the gaps; a game's own late drawing changes the cells it draws, middles and
   * all), every pixel outside the middles that differs is added, and true once the page has been
   * seen so twice (the mask then in use); otherwise nothing is learned (false).
   */
  learn(a: Grab, b: Grab, rects: readonly Rect[], grid: Grid): boolean {
    const found: number[] = [];
    const corners = new Set<number>();
    // (stops at the first middle moved further than the page seen through it: a game's own
    // drawing, the common case, costs little)
    const visit = (x: number, y: number, by: number): boolean => {
      const at = placeOf(grid, x, y);
      if (at?.middle) return by <= SEEN_THROUGH;
      if (at?.corner && by > SEEN_THROUGH) corners.add(at.cell);
      found.push(y * 65536 + x);
      return true;
    };
    if (!rects.every((r) => eachDiffering(a, b, r, visit))) return false;
    if (corners.size < Math.max(2, Math.ceil((grid.cols * grid.rows) / 2))) return false;
    if (!this.grid || !sameLattice(this.grid, grid)) {
      this.pixels.clear();
      this.seen = 0;
      this.grid = { ...grid };
    }
    for (const k of found) this.pixels.add(k);
    return ++this.seen >= SEEN_MOVING;
  }
}

function sameLattice(a: Grid, b: Grid): boolean {
  return a.left === b.left && a.top === b.top && a.pitch === b.pitch && a.cols === b.cols && a.rows === b.rows;
}

/**
 * The page's motion around `grid` as the frames know it: the mask at that lattice, learned from
 * the whole board and the frame patches at its four corners (`screen`: where patches may lie).
 */
export function motionAt(restless: Restless, grid: Grid, screen: { width: number; height: number }): Motion {
  return { mask: () => restless.at(grid), learn: (a, b) => restless.learn(a, b, [gridRect(grid), ...framePatches(grid, screen)], grid) };
}
