// Whether a lesson's frame is cut on its board's lattice: the lines a board draws between its
// cells (a cell's edge, a tile's bevel) lie at or next to the cell boundaries of the grid the
// looks are cut with. A board that moved after its lattice was found (a line of text put above
// it at a game's end: vjegorovs/minesweeper-vue, 0.4 cell) is cut with every look straddling two
// rows: a line across the whole board then lies well inside the cells, and none at their edges.
// Such a lesson is refused, never learned. Pure.

import { greyAt, type RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';

/** A line: a brightness step of at least this... */
const STEP = 10;
/** ...across at least this share of the board. */
const SPAN = 0.6;

/**
 * Why the board of `grid` in `image` does not sit on its lattice (a line across the board well
 * inside its cells, and none at their edges), or null: it does, or it draws no lines to tell by.
 */
export function offLattice(image: RgbaImage, grid: Grid): string | null {
  for (const axis of ['y', 'x'] as const) {
    const lines = boardLines(image, grid, axis);
    if (!lines.length) continue;
    // (a bevel's inner edge or a tile's inset lies a few pixels inside: lines that far count as edges)
    const near = Math.max(3, Math.round(grid.pitch * 0.2));
    const phase = (p: number): number => Math.min(p, grid.pitch - p);
    const onEdge = lines.some((p) => phase(p) <= 1);
    const inside = lines.filter((p) => phase(p) > near);
    if (!onEdge && inside.length) {
      const what = axis === 'y' ? 'rows' : 'columns';
      return `the board's lines between ${what} lie ${inside[0]} px into its cells, none at their edges: the looks are cut off the board's lattice (the board moved after it was found)`;
    }
  }
  return null;
}

/** Where (pixels into a cell, 0..pitch-1) lines across the board lie, along one axis: a step between two lines of pixels over SPAN of the board. */
function boardLines(image: RgbaImage, grid: Grid, axis: 'x' | 'y'): number[] {
  const { width, height, data } = image;
  const x0 = Math.max(0, Math.round(grid.left)), x1 = Math.min(width, Math.round(grid.left + grid.cols * grid.pitch));
  const y0 = Math.max(0, Math.round(grid.top)), y1 = Math.min(height, Math.round(grid.top + grid.rows * grid.pitch));
  const grey = (x: number, y: number): number => greyAt(data, (y * width + x) * 4);
  const [a0, a1, b0, b1, origin] = axis === 'y' ? [x0, x1, y0, y1, grid.top] : [y0, y1, x0, x1, grid.left];
  if (a1 - a0 < 8) return [];
  const found = new Set<number>();
  // (the board's own first and last lines of pixels left out: its outer edge lies there)
  for (let b = b0 + 1; b < b1; b++) {
    let steps = 0;
    for (let a = a0; a < a1; a++) {
      const d = axis === 'y' ? grey(a, b) - grey(a, b - 1) : grey(b, a) - grey(b - 1, a);
      if (Math.abs(d) >= STEP) steps++;
    }
    if (steps >= (a1 - a0) * SPAN) found.add((((Math.round(b - origin) % grid.pitch) + grid.pitch) % grid.pitch) | 0);
  }
  return [...found].sort((p, q) => Math.min(p, grid.pitch - p) - Math.min(q, grid.pitch - q));
}
