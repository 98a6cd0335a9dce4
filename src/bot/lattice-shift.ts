// How far a board's lattice moved on the screen since an accepted frame, found by its lines alone:
// the edges between rows of cells (and between columns) summed across the board, as a profile,
// in the frame before and in the frame now, and the offset that lays the one on the other. Where
// board-shift.ts compares colours (most of a board's pixels stay as they were), this holds when
// most cells changed as the board moved: a game that ends by opening every cell and putting a
// line of text above the board (vjegorovs/minesweeper-vue: 21 px, 0.41 cell, every covered cell
// recoloured). Cells open, numbers come and go: the lines between the cells stay.
// Pure: two grabs in, an offset out.

import { gridRect, type Grid } from '../core/grid.js';
import type { Grab } from '../desktop/ports.js';
import { shiftReach } from './board-shift.js';

/** The correlation of the two profiles the offset found must reach... */
const MIN_SCORE = 0.6;
/** ...and by how much it must beat the place it was, and any offset half a cell or more from it. */
const MARGIN_HOME = 0.15;
const MARGIN_OTHER = 0.08;
/** ...or, at the board's ends alone, by this much. */
const MARGIN_ENDS = 0.2;

export interface LatticeShift {
  dx: number;
  dy: number;
  /** The correlation of the edge profiles at that offset. */
  score: number;
}

/**
 * The whole-pixel offset (screen pixels) by which the lattice of `grid` (screen pixels), as
 * `before` shows it, lies moved in `now`, or null: not moved, or no offset stands out.
 */
export function latticeShift(before: Grab, now: Grab, grid: Grid): LatticeShift | null {
  const reach = shiftReach(grid);
  const r = gridRect(grid);
  const x0 = Math.floor(r.left), x1 = Math.ceil(r.left + r.width), y0 = Math.floor(r.top), y1 = Math.ceil(r.top + r.height);
  const dy = axisShift(before, now, 'y', x0, x1, y0, y1, reach, grid.pitch);
  if (!dy) return null;
  const dx = axisShift(before, now, 'x', y0, y1, x0, x1, reach, grid.pitch, dy.d);
  if (!dx) return null;
  if (dx.d === 0 && dy.d === 0) return null;
  return { dx: dx.d, dy: dy.d, score: Math.min(dx.score, dy.score) };
}

/**
 * Whether the lattice of `grid`, as `before` shows it, lies moved in `now` along either axis (its
 * lines fit far better elsewhere than where they were), however sure where it went: a board
 * whose lattice may be a whole cell either way (a plain lattice fits its own lines moved by a
 * cell nearly as well) is still no board to read where it was.
 */
export function latticeMoved(before: Grab, now: Grab, grid: Grid): boolean {
  const reach = shiftReach(grid);
  const r = gridRect(grid);
  const x0 = Math.floor(r.left), x1 = Math.ceil(r.left + r.width), y0 = Math.floor(r.top), y1 = Math.ceil(r.top + r.height);
  const dy = axisShift(before, now, 'y', x0, x1, y0, y1, reach, grid.pitch, 0, false);
  if (dy && dy.d !== 0) return true;
  const dx = axisShift(before, now, 'x', y0, y1, x0, x1, reach, grid.pitch, 0, false);
  return dx !== null && dx.d !== 0;
}

/**
 * The offset along one axis: the profile of edges across [a0, a1) (the other axis), at each line
 * of [b0, b1] in `before` and at each line moved by up to `reach` in `now` (the span across moved
 * by `across` in `now`, the other axis's offset found). Null when no offset stands out; d 0 when
 * the place it was does best. `located` false: an offset far better than the place it was is
 * enough, a rival a cell or more from it allowed.
 */
function axisShift(before: Grab, now: Grab, axis: 'x' | 'y', a0: number, a1: number, b0: number, b1: number, reach: number, pitch: number, across = 0, located = true): { d: number; score: number } | null {
  // (with half a cell of what lies around the board: its lattice moved by whole cells puts lines
  // where the page around it has none)
  const m = Math.round(pitch / 2);
  const ref = profile(before, axis, a0, a1, b0 - m, b1 + m);
  if (!ref) return null;
  const cur = profile(now, axis, a0 + across, a1 + across, b0 - m - reach, b1 + m + reach);
  if (!cur) return null;
  const scores: number[] = [], ends: number[] = [];
  // (and over the board's two ends alone, a cell's breadth each: where a lattice moved by a whole
  // cell shows a line against page, or page against a line, the lines between cells all alike)
  const atEnds = (k: number): boolean => k < 2 * m + 1 || k > ref.length - 2 * m - 2;
  for (let d = -reach; d <= reach; d++) {
    scores.push(correlation(ref, cur, d + reach));
    ends.push(correlation(ref, cur, d + reach, atEnds));
  }
  let best = 0;
  for (let k = 1; k < scores.length; k++) if (scores[k]! > scores[best]!) best = k;
  const d = best - reach, score = scores[best]!;
  if (d === 0) return { d: 0, score };
  if (score < MIN_SCORE || score - scores[reach]! < MARGIN_HOME) return null;
  if (!located) return { d, score };
  const far = (k: number): boolean => Math.abs(k - best) >= pitch / 2;
  const rival = scores.reduce((r, s, k) => (far(k) ? Math.max(r, s) : r), -1);
  const endRival = ends.reduce((r, s, k) => (far(k) ? Math.max(r, s) : r), -1);
  if (score - rival < MARGIN_OTHER && (ends[best]! < MIN_SCORE || ends[best]! - endRival < MARGIN_ENDS)) return null;
  return { d, score };
}

/**
 * Per line b in [b0, b1] (rows for 'y', columns for 'x'; screen pixels), the summed brightness
 * change from the line before, over [a0, a1) across; NaN where the grab does not hold the line.
 * Null when the grab does not hold the span across.
 */
function profile(g: Grab, axis: 'x' | 'y', a0: number, a1: number, b0: number, b1: number): Float64Array | null {
  const reg = g.region, w = reg.width, data = g.image.data;
  const [aMin, aMax] = axis === 'y' ? [reg.left, reg.left + reg.width] : [reg.top, reg.top + reg.height];
  const [bMin, bMax] = axis === 'y' ? [reg.top, reg.top + reg.height] : [reg.left, reg.left + reg.width];
  const lo = Math.max(a0, aMin), hi = Math.min(a1, aMax);
  if (hi - lo < (a1 - a0) * 0.9) return null;
  const grey = (x: number, y: number): number => {
    const o = ((y - reg.top) * w + (x - reg.left)) * 4;
    return data[o]! * 0.3 + data[o + 1]! * 0.59 + data[o + 2]! * 0.11;
  };
  const out = new Float64Array(b1 - b0 + 1).fill(NaN);
  for (let b = Math.max(b0, bMin + 1); b <= Math.min(b1, bMax - 1); b++) {
    let s = 0;
    for (let a = lo; a < hi; a++) s += axis === 'y' ? Math.abs(grey(a, b) - grey(a, b - 1)) : Math.abs(grey(b, a) - grey(b - 1, a));
    out[b - b0] = s / (hi - lo);
  }
  return out;
}

/** The correlation of `ref` with `cur` from index `at` on, over the lines of `ref` `only` keeps (lines either holds NaN for left out). */
function correlation(ref: Float64Array, cur: Float64Array, at: number, only: (k: number) => boolean = () => true): number {
  let n = 0, sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0, all = 0;
  for (let k = 0; k < ref.length; k++) {
    if (!only(k)) continue;
    all++;
    const a = ref[k]!, b = cur[at + k];
    if (b === undefined || Number.isNaN(a) || Number.isNaN(b)) continue;
    n++;
    sa += a;
    sb += b;
    saa += a * a;
    sbb += b * b;
    sab += a * b;
  }
  if (n < all * 0.9) return -1;
  const va = saa - (sa * sa) / n, vb = sbb - (sb * sb) / n;
  return va > 0 && vb > 0 ? (sab - (sa * sb) / n) / Math.sqrt(va * vb) : -1;
}
