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
/** The band across the border of the board's cells (its frame, or the page round it, and its outer cells' rim), in pixels each way. */
const EDGE_PX = 4;
/** How much worse the edge may agree at the offset found than where the board was. */
const EDGE_SLACK = 0.05;
/** An offset the points barely prefer is taken when its edge agrees this well, and this much better than at the other. */
const EDGE_SURE = 0.9;
const EDGE_MARGIN = 0.25;
/** Offsets whose board points agree within this of the best are one plateau (plain cells): the edge picks among them. */
const PLATEAU = 0.01;

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
  const max = shiftReach(grid);
  // (an offset that puts a part of the board outside the grab is not seen whole there)
  const agreeAt = (pts: readonly Point[], dx: number, dy: number): number => agreeOf(pts, now, dx, dy, 0.9) ?? 0;
  // (points in a scattered order: the first ones spread over the whole board)
  const first = points.slice(0, FIRST_POINTS);
  const coarse: { dx: number; dy: number; a: number }[] = [];
  let bestCoarse = 0;
  for (let dy = -max; dy <= max; dy++) {
    for (let dx = -max; dx <= max; dx++) {
      const a = agreeAt(first, dx, dy);
      coarse.push({ dx, dy, a });
      if (a > bestCoarse) bestCoarse = a;
    }
  }
  const near = coarse.filter((c) => c.a >= bestCoarse - 0.15 && (c.dx !== 0 || c.dy !== 0)).sort((a, b) => b.a - a.a).slice(0, FINE_OFFSETS);
  const scored = [{ dx: 0, dy: 0, a: 0 }, ...near].map((c) => ({ ...c, a: agreeAt(points, c.dx, c.dy) }));
  const top = scored.reduce((a, b) => (b.a > a.a ? b : a));
  if (top.a < MIN_AGREE || (top.dx === 0 && top.dy === 0)) return null;
  const half = grid.pitch / 2;
  // Cells alike repeat every cell, and a plain cell agrees with itself moved a few pixels: the
  // board's points may agree as well, or better, at offsets its edge did not go to (a loss that
  // changed many plain cells matched two cells away, the board not moved). Its edge, the band
  // across the border of its cells, repeats nothing: among the offsets the points cannot tell
  // apart the one the edge agrees with best is taken; a shift the edge follows worse than the
  // board staying put is none; and where the points barely prefer it (plain cells moved a few
  // pixels) the edge may: clearly better there than at each offset it is weighed against. (An
  // edge not seen in the grabs tells nothing: the points alone decide.)
  const edge = edgePoints(before, grid);
  const edgeAt = (dx: number, dy: number): number | null => agreeOf(edge, now, dx, dy, 0.5);
  const plateau = scored.filter((c) => (c.dx !== 0 || c.dy !== 0) && c.a >= top.a - PLATEAU && Math.max(Math.abs(c.dx - top.dx), Math.abs(c.dy - top.dy)) < half);
  const edged = plateau.map((c) => ({ ...c, e: edgeAt(c.dx, c.dy) }));
  const best = edged.reduce((a, b) => ((b.e ?? -1) > (a.e ?? -1) ? b : a));
  const beats = (c: { dx: number; dy: number; a: number }, margin: number): boolean => {
    if (best.a - c.a >= margin) return true;
    if (best.e === null || best.a < c.a) return false;
    const e = edgeAt(c.dx, c.dy);
    return e !== null && best.e >= EDGE_SURE && best.e - e >= EDGE_MARGIN;
  };
  const home = scored.find((c) => c.dx === 0 && c.dy === 0) ?? { dx: 0, dy: 0, a: 0 };
  if (!beats(home, MARGIN_HOME)) return null;
  const rivals = scored.filter((c) => Math.max(Math.abs(c.dx - best.dx), Math.abs(c.dy - best.dy)) >= half && best.a - c.a < MARGIN_OTHER);
  if (!rivals.every((c) => beats(c, MARGIN_OTHER))) return null;
  const edgeHome = edgeAt(0, 0);
  if (best.e !== null && edgeHome !== null && best.e < edgeHome - EDGE_SLACK) return null;
  return { dx: best.dx, dy: best.dy, agree: best.a };
}

type Point = { x: number; y: number; r: number; g: number; b: number };

/** The share of `points` that agree in `now` moved by (dx, dy), or null when fewer than `least` of them are in `now`. */
function agreeOf(points: readonly Point[], now: Grab, dx: number, dy: number, least: number): number | null {
  const r = now.region, w = r.width, data = now.image.data;
  let ok = 0, n = 0;
  for (const p of points) {
    const x = p.x + dx - r.left, y = p.y + dy - r.top;
    if (x < 0 || y < 0 || x >= w || y >= r.height) continue;
    n++;
    const o = (y * w + x) * 4;
    if (Math.abs(data[o]! - p.r) <= TOLERANCE && Math.abs(data[o + 1]! - p.g) <= TOLERANCE && Math.abs(data[o + 2]! - p.b) <= TOLERANCE) ok++;
  }
  return n === 0 || n < points.length * least ? null : ok / n;
}

/** Points of the band across the border of the board's cells, EDGE_PX outside and EDGE_PX - 1 inside, with their colour in `before`. */
function edgePoints(before: Grab, grid: Grid): Point[] {
  const rect = gridRect(grid), reg = before.region, data = before.image.data;
  const left = Math.floor(rect.left), top = Math.floor(rect.top), right = Math.ceil(rect.left + rect.width), bottom = Math.ceil(rect.top + rect.height);
  const step = Math.max(1, Math.round(grid.pitch / SAMPLES_PER_CELL));
  const out: Point[] = [];
  const add = (x: number, y: number): void => {
    if (x < reg.left || y < reg.top || x >= reg.left + reg.width || y >= reg.top + reg.height) return;
    const o = ((y - reg.top) * reg.width + (x - reg.left)) * 4;
    out.push({ x, y, r: data[o]!, g: data[o + 1]!, b: data[o + 2]! });
  };
  for (let d = 2 - EDGE_PX; d <= EDGE_PX; d++) {
    for (let x = left - EDGE_PX; x < right + EDGE_PX; x += step) {
      add(x, top - d);
      add(x, bottom - 1 + d);
    }
    for (let y = top; y < bottom; y += step) {
      add(left - d, y);
      add(right - 1 + d, y);
    }
  }
  return out;
}

/** How far the board of `grid` is looked for around its place, in pixels each way. */
export function shiftReach(grid: Grid): number {
  return Math.round(Math.max(SHIFT_REACH * grid.pitch, SHIFT_REACH_PX));
}

/** Points over the board and a few pixels of its frame, with their colour in `before`, in a scattered order. */
function samplePoints(before: Grab, grid: Grid): Point[] {
  const rect = gridRect(grid), reg = before.region, data = before.image.data;
  const step = Math.max(1, Math.round(grid.pitch / SAMPLES_PER_CELL), Math.ceil(Math.sqrt((rect.width * rect.height) / MAX_POINTS)));
  const x0 = Math.max(Math.floor(rect.left) - 3, reg.left), y0 = Math.max(Math.floor(rect.top) - 3, reg.top);
  const x1 = Math.min(Math.ceil(rect.left + rect.width) + 3, reg.left + reg.width - 1), y1 = Math.min(Math.ceil(rect.top + rect.height) + 3, reg.top + reg.height - 1);
  const out: Point[] = [];
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
