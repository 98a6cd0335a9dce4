// How far a board was pushed by whole pixels since an accepted frame, found by the lines it draws
// between its cells. A game's end that opens every cell (vjegorovs/minesweeper-vue: a line of text
// put above the board, 0.4 cell) leaves too few pixels as they were for board-shift.ts to find the
// board by them; but the lines between cells (a cell's border, a tile's edge) stay at the cell
// boundaries whatever a cell shows, so they move with the board: the lines of the frame now are
// the lines of the accepted frame moved by one whole-pixel offset, and not as they were.
//
// A lattice that moved by part of a pixel (a window drawn half a pixel lower) blends each line
// over two rows of pixels: its lines then match the old ones unmoved as well (or as badly) as
// moved by a pixel, and no push is told. So is an axis whose lines match no single offset well.
// Pure: two grabs in, an offset out.

import type { Grid } from '../../core/grid.js';
import type { Grab } from '../../desktop/ports.js';
import { greyAt } from '../../vision/image.js';

/** A line: a brightness step of at least this, of one sign... */
const STEP = 10;
/** ...across at least this share of the board. */
const SPAN = 0.6;
/** The share of the lines now that the offset found must explain... */
const MATCH = 0.8;
/** ...and by how much more than any other offset (the old place among them). */
const MARGIN = 0.3;
/**
 * A push of at most this many pixels must also find again, moved, this share of the lines before
 * (KEPT). Covered tiles with a bevel (a light top edge, a dark shade over their last rows) and
 * opened cells with a flat dark edge both draw a dark step at a cell's boundary, a pixel or two
 * apart: a first cascade that opened most cells where they were leaves lines that match the
 * covered board's moved by that pixel, while most of the covered board's lines (its bevels) are
 * found nowhere (Vlsrnd/sapper-game: taken for a push by (1, 1), and play stopped, "the board
 * moved a little"). A push farther than two looks draw one boundary apart is told by the lines
 * now alone: a board pushed 0.4 cell as its end opened every cell keeps none of its bevels either.
 */
const LOOKS_APART = 2;
/** The share of the lines before that such a short push must find again, moved. */
const KEPT = 0.5;

/** A line across the board: the row (or column) of pixels a step lies at, and its sign. */
type Line = { at: number; sign: 1 | -1 };

/**
 * The whole-pixel offset (screen pixels, each axis under half a cell) by which the lines between
 * the cells of `grid` (screen pixels), as `before` shows them, lie moved in `now`, or null: not
 * moved, moved by part of a pixel, or not told by lines (none drawn, or none that agree).
 */
export function latticePush(before: Grab, now: Grab, grid: Grid): { dx: number; dy: number } | null {
  // (both axes told, each by its own lines: an axis with none tells nothing of a move along it)
  const dy = axisPush(before, now, grid, 'y');
  const dx = axisPush(before, now, grid, 'x');
  if (dy === null || dx === null || (dx === 0 && dy === 0)) return null;
  return { dx, dy };
}

/** The push along one axis; null when either frame draws no lattice of lines across it, or the lines fit no one offset. */
function axisPush(before: Grab, now: Grab, grid: Grid, axis: 'x' | 'y'): number | null {
  const was = latticeLines(before, grid, axis), is = latticeLines(now, grid, axis);
  // (lines in too few rows of cells are no lattice: a band of text, a dialog's edge)
  const enough = (axis === 'y' ? grid.rows : grid.cols) / 2;
  if (was.length < enough || is.length < enough) return null;
  const held = new Set(was.map((l) => `${l.at}:${l.sign}`));
  const reach = Math.ceil(grid.pitch / 2) - 1;
  const scores: { d: number; share: number }[] = [];
  for (let d = -reach; d <= reach; d++) {
    const hit = is.filter((l) => held.has(`${l.at - d}:${l.sign}`)).length;
    scores.push({ d, share: hit / is.length });
  }
  const best = scores.reduce((a, b) => (b.share > a.share ? b : a));
  const rival = scores.filter((s) => s !== best).reduce((a, s) => Math.max(a, s.share), 0);
  if (best.share < MATCH || best.share - rival < MARGIN) return null;
  const seen = new Set(is.map((l) => `${l.at}:${l.sign}`));
  if (best.d !== 0 && Math.abs(best.d) <= LOOKS_APART && was.filter((l) => seen.has(`${l.at + best.d}:${l.sign}`)).length / was.length < KEPT) return null;
  // the lattice's first and last lines moved by as much: its lines repeat every cell, so a board
  // moved by a cell and a part matches its old lines moved by the part as well, but for its ends
  const tol = Math.max(2, grid.pitch / 4);
  const ends = (ls: Line[]): [number, number] => [ls[0]!.at, ls[ls.length - 1]!.at];
  const [w0, w1] = ends(was), [i0, i1] = ends(is);
  if (Math.abs(i0 - (w0 + best.d)) > tol || Math.abs(i1 - (w1 + best.d)) > tol) return null;
  return best.d;
}

/**
 * The lines across the board along `axis` in `g`, over its cells and half a cell around them,
 * kept when a line of the same sign lies a cell away (the lattice's lines, not a single edge).
 * `at` is in screen pixels.
 */
function latticeLines(g: Grab, grid: Grid, axis: 'x' | 'y'): Line[] {
  const r = g.region, w = r.width, data = g.image.data;
  const along0 = Math.max(r.left, Math.round(grid.left)), along1 = Math.min(r.left + w, Math.round(grid.left + grid.cols * grid.pitch));
  const down0 = Math.max(r.top, Math.round(grid.top)), down1 = Math.min(r.top + r.height, Math.round(grid.top + grid.rows * grid.pitch));
  const half = Math.ceil(grid.pitch / 2);
  // [across: the span a line lies along; steps: where it may lie]
  const [a0, a1, b0, b1] = axis === 'y'
    ? [along0, along1, Math.max(r.top + 1, down0 - half), Math.min(r.top + r.height, down1 + half)]
    : [down0, down1, Math.max(r.left + 1, along0 - half), Math.min(r.left + w, along1 + half)];
  if (a1 - a0 < 8) return [];
  const grey = (x: number, y: number): number => greyAt(data, ((y - r.top) * w + (x - r.left)) * 4);
  const found = new Map<number, 1 | -1>();
  for (let b = b0; b < b1; b++) {
    let up = 0, down = 0;
    for (let a = a0; a < a1; a++) {
      const d = axis === 'y' ? grey(a, b) - grey(a, b - 1) : grey(b, a) - grey(b - 1, a);
      if (d >= STEP) up++;
      else if (d <= -STEP) down++;
    }
    const need = (a1 - a0) * SPAN;
    if (up >= need) found.set(b, 1);
    else if (down >= need) found.set(b, -1);
  }
  const lines: Line[] = [];
  for (const [at, sign] of [...found].sort((p, q) => p[0] - q[0])) {
    const near = (b: number): boolean => [-1, 0, 1].some((e) => found.get(Math.round(b) + e) === sign);
    if (near(at + grid.pitch) || near(at - grid.pitch)) lines.push({ at, sign });
  }
  return lines;
}
