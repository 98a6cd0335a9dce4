// How far the board moved on the screen since an accepted frame, found by its pixels alone (no
// skin, no lattice): a browser game that puts a line of text above its board at a game's end
// pushes the board down by less than a cell, where a located lattice (its text taken for a row)
// still seems to hold the board at its old place. The board and its frame are looked for around
// where they were; most of their pixels stay as they were (a game's end changes some cells).
// Pure: two grabs in, an offset out.

import { gridRect, type Grid } from '../../core/grid.js';
import type { Grab } from '../../desktop/ports.js';

/** How far the board is looked for around its place, in cells each way, and at least in pixels (a line of text on a board of small cells is several of them). */
export const SHIFT_REACH = 2;
export const SHIFT_REACH_PX = 80;
/** Points sampled per cell each way, and at most in all. */
const SAMPLES_PER_CELL = 6;
const MAX_POINTS = 4000;
/** Offsets compared on every point after the first ones, at most (the best on those). */
const FINE_OFFSETS = 64;
/** A point agrees when no channel differs by more than this. */
const TOLERANCE = 8;
/** The share of points that must agree at the offset found... */
const MIN_AGREE = 0.75;
/** ...and by how much more than at the place it was, and than at any offset half a cell or more from it. */
const MARGIN_HOME = 0.05;
const MARGIN_OTHER = 0.05;
/** Points tried first at every offset (offsets far below the best are dropped after them). */
const FIRST_POINTS = 256;

export interface Shift {
  dx: number;
  dy: number;
  /** The share of sampled points that agree there. */
  agree: number;
}

/**
 * The whole-pixel offset (screen pixels) by which the board of `grid` (screen pixels), as `before`
 * shows it, lies moved in `now`, or null: not moved, or no offset stands out.
 */
export function boardShift(before: Grab, now: Grab, grid: Grid): Shift | null {
  const points = samplePoints(before, grid);
  if (points.length < 16) return null;
  const r = now.region, w = r.width, data = now.image.data;
  const max = shiftReach(grid);
  const agreeAt = (dx: number, dy: number, count: number): number => {
    let ok = 0, n = 0;
    for (let k = 0; k < count; k++) {
      const p = points[k]!;
      const x = p.x + dx - r.left, y = p.y + dy - r.top;
      if (x < 0 || y < 0 || x >= w || y >= r.height) continue;
      n++;
      const o = (y * w + x) * 4;
      if (Math.abs(data[o]! - p.r) <= TOLERANCE && Math.abs(data[o + 1]! - p.g) <= TOLERANCE && Math.abs(data[o + 2]! - p.b) <= TOLERANCE) ok++;
    }
    // (an offset that puts a part of the board outside the grab is not seen whole there)
    return n < count * 0.9 ? 0 : ok / n;
  };
  // (points in a scattered order: the first ones spread over the whole board)
  const first = Math.min(FIRST_POINTS, points.length);
  const coarse: { dx: number; dy: number; a: number }[] = [];
  let bestCoarse = 0;
  for (let dy = -max; dy <= max; dy++) {
    for (let dx = -max; dx <= max; dx++) {
      const a = agreeAt(dx, dy, first);
      coarse.push({ dx, dy, a });
      if (a > bestCoarse) bestCoarse = a;
    }
  }
  const near = coarse.filter((c) => c.a >= bestCoarse - 0.15 && (c.dx !== 0 || c.dy !== 0)).sort((a, b) => b.a - a.a).slice(0, FINE_OFFSETS);
  const scored = [{ dx: 0, dy: 0, a: 0 }, ...near].map((c) => ({ ...c, a: agreeAt(c.dx, c.dy, points.length) }));
  const best = scored.reduce((a, b) => (b.a > a.a ? b : a));
  if (best.a < MIN_AGREE || (best.dx === 0 && best.dy === 0)) return null;
  const home = scored.find((c) => c.dx === 0 && c.dy === 0)?.a ?? 0;
  if (best.a - home < MARGIN_HOME) return null;
  const half = grid.pitch / 2;
  const rival = scored.filter((c) => Math.max(Math.abs(c.dx - best.dx), Math.abs(c.dy - best.dy)) >= half).reduce((a, c) => Math.max(a, c.a), 0);
  if (best.a - rival < MARGIN_OTHER) return null;
  return { dx: best.dx, dy: best.dy, agree: best.a };
}

/** How far the board of `grid` is looked for around its place, in pixels each way. */
export function shiftReach(grid: Grid): number {
  return Math.round(Math.max(SHIFT_REACH * grid.pitch, SHIFT_REACH_PX));
}

/** Points over the board and a few pixels of its frame, with their colour in `before`, in a scattered order. */
function samplePoints(before: Grab, grid: Grid): { x: number; y: number; r: number; g: number; b: number }[] {
  const rect = gridRect(grid), reg = before.region, data = before.image.data;
  const step = Math.max(1, Math.round(grid.pitch / SAMPLES_PER_CELL), Math.ceil(Math.sqrt((rect.width * rect.height) / MAX_POINTS)));
  const x0 = Math.max(Math.floor(rect.left) - 3, reg.left), y0 = Math.max(Math.floor(rect.top) - 3, reg.top);
  const x1 = Math.min(Math.ceil(rect.left + rect.width) + 3, reg.left + reg.width - 1), y1 = Math.min(Math.ceil(rect.top + rect.height) + 3, reg.top + reg.height - 1);
  const out: { x: number; y: number; r: number; g: number; b: number }[] = [];
  for (let y = y0; y <= y1; y += step) {
    for (let x = x0; x <= x1; x += step) {
      const o = ((y - reg.top) * reg.width + (x - reg.left)) * 4;
      out.push({ x, y, r: data[o]!, g: data[o + 1]!, b: data[o + 2]! });
    }
  }
  // a fixed scatter (a multiplicative step through the points): the same order on every call
  const n = out.length;
  let stride = Math.floor(n * 0.618) | 1;
  while (gcd(stride, n) !== 1) stride += 2;
  return Array.from({ length: n }, (_, k) => out[(k * stride) % n]!);
}

function gcd(a: number, b: number): number {
  return b ? gcd(b, a % b) : a;
}
