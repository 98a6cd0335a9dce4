// A located lattice grown over outer rows and columns of opened cells. Web games draw opened
// cells flat, with no outline or a faint one, so a board whose outer rows or columns are all
// opened (a won board, a cascade to the edge) shows no lines there and its lattice stops short
// of them (a won 9x9 found as 7x7). The strip of cell slots just beyond a side joins the board
// when every slot of it is a cell: one like a cell of the board (its ground, the ink in its
// middle, the ink in its rim: signatures, so a slot a fraction of a pixel off still matches), or
// an opened cell (a rim with no ink, a middle blank or inked about its centre: a number on the
// lattice's pitch), all the strip's opened cells of one ground; and at least one slot holds ink
// in its middle so placed. A strip of page beside a board, even of the opened cells' colour,
// holds no such ink (a speck of a starry page is too little ink), and page text that crosses
// slots inks their rims: page is not taken for cells. Pure.

import type { Grid } from '../geometry.js';
import type { RgbaImage } from '../image.js';

/** Share of a cell's side that is its rim, at each edge (its outline, a bevel). */
const RIM = 0.2;
/** A pixel that strays this far (any channel, 0..255) from its cell's ground is ink. */
const INK = 48;
/** Two grounds are one when no channel differs by more than this. */
const GROUND = 6;
/** Two inks are one colour when no channel of their means differs by more than this. */
const INK_COLOUR = 48;
/** Outer lines added at most, per side (a board is no wider than this past its lattice). */
const MAX_STEPS = 16;

/** What a cell slot shows, coarsely enough that a sub-pixel shift changes little. */
interface Signature {
  ground: [number, number, number];
  /** Ink pixels in the middle, and their mean colour. */
  mid: number;
  midColour: [number, number, number];
  /** Ink pixels in the rim, and their mean colour. */
  rim: number;
  rimColour: [number, number, number];
  /** How far the middle's ink centre is from the slot's, as a share of the pitch (0 when none). */
  off: number;
  /** The rim's ink side by side (top, bottom, left, right; corners in both): count, mean colour. */
  sides: { count: number; colour: [number, number, number] }[];
}

/** The signature of the slot whose top-left corner is (x, y), or null when it is off the image. */
function signature(image: RgbaImage, x: number, y: number, pitch: number): Signature | null {
  const n = Math.round(pitch), ox = Math.round(x), oy = Math.round(y);
  if (ox < 0 || oy < 0 || ox + n > image.width || oy + n > image.height || n < 6) return null;
  const inset = Math.ceil(n * RIM);
  const d = image.data, W = image.width;
  const rs: number[] = [], gs: number[] = [], bs: number[] = [];
  for (let v = inset; v < n - inset; v++) {
    for (let u = inset; u < n - inset; u++) {
      const o = ((oy + v) * W + ox + u) * 4;
      rs.push(d[o]!);
      gs.push(d[o + 1]!);
      bs.push(d[o + 2]!);
    }
  }
  const med = (a: number[]): number => a.sort((p, q) => p - q)[a.length >> 1]!;
  const ground: [number, number, number] = [med(rs), med(gs), med(bs)];
  const mid = [0, 0, 0, 0], rim = [0, 0, 0, 0];
  const side = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  let sx = 0, sy = 0;
  for (let v = 0; v < n; v++) {
    for (let u = 0; u < n; u++) {
      const o = ((oy + v) * W + ox + u) * 4;
      const r = d[o]!, g = d[o + 1]!, b = d[o + 2]!;
      if (Math.max(Math.abs(r - ground[0]), Math.abs(g - ground[1]), Math.abs(b - ground[2])) <= INK) continue;
      const inMid = u >= inset && u < n - inset && v >= inset && v < n - inset;
      const acc = inMid ? mid : rim;
      if (inMid) {
        sx += u;
        sy += v;
      }
      acc[0]++;
      acc[1] += r;
      acc[2] += g;
      acc[3] += b;
      if (inMid) continue;
      for (const [k, on] of [v < inset, v >= n - inset, u < inset, u >= n - inset].entries()) {
        if (!on) continue;
        const a = side[k]!;
        a[0]++;
        a[1] += r;
        a[2] += g;
        a[3] += b;
      }
    }
  }
  const mean = (a: number[]): [number, number, number] => (a[0]! ? [a[1]! / a[0]!, a[2]! / a[0]!, a[3]! / a[0]!] : [0, 0, 0]);
  const off = mid[0]! ? Math.max(Math.abs(sx / mid[0]! - (n - 1) / 2), Math.abs(sy / mid[0]! - (n - 1) / 2)) / n : 0;
  const sides = side.map((a) => ({ count: a[0]!, colour: mean(a) }));
  return { ground, mid: mid[0]!, midColour: mean(mid), rim: rim[0]!, rimColour: mean(rim), off, sides };
}

const near = (a: number[], b: number[], tol: number): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= tol);

/** Two ink counts alike: within a third of the larger, or a few pixels (a sub-pixel shift). */
const alikeCount = (a: number, b: number): boolean => Math.abs(a - b) <= Math.max(4, Math.max(a, b) / 3);

/**
 * Whether a slot looks like a cell whose signature is `c`: its ground, the ink in its middle and
 * in each side of its rim (a cell's lines or bevels, side by side: a slot half under a dialog or
 * across a frame keeps the rim's ink count, not where it lies nor its colour).
 */
function alike(s: Signature, c: Signature): boolean {
  return (
    near(s.ground, c.ground, GROUND) &&
    alikeCount(s.mid, c.mid) &&
    (s.mid === 0 || c.mid === 0 || near(s.midColour, c.midColour, INK_COLOUR)) &&
    alikeCount(s.rim, c.rim) &&
    (s.rim === 0 || c.rim === 0 || near(s.rimColour, c.rimColour, INK_COLOUR)) &&
    s.sides.every((t, k) => {
      const u = c.sides[k]!;
      return alikeCount(t.count, u.count) && (t.count === 0 || u.count === 0 || near(t.colour, u.colour, INK_COLOUR));
    })
  );
}

/** The distinct signatures of a grid's cells (one per look, roughly). */
function looksOf(image: RgbaImage, g: Grid): Signature[] {
  const looks: Signature[] = [];
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      const s = signature(image, g.left + c * g.pitch, g.top + r * g.pitch, g.pitch);
      if (s && !looks.some((l) => alike(s, l))) looks.push(s);
    }
  }
  return looks;
}

/** A number's ink is centred in its cell within this share of the pitch (page text is not). */
const CENTRED = 0.12;
/** … and covers this share of the cell at least (a speck of a starry page does not). */
const NUMBER_INK = 0.015;

/**
 * Whether the strip of `count` slots from (x, y), stepping (dx, dy) pitches, is a line of the
 * board's cells, the board lying a pitch (ix, iy) on: every slot like one of `looks` or an opened
 * cell (no ink in its rim, any in its middle centred), the opened cells of one ground beside the
 * looks' grounds; an opened cell with no ink unlike every look (a 0: a game opens its neighbours)
 * with only cells of its ground around it; one slot at least with ink in its middle like a
 * look's or centred on an opened cell, and not every slot alike.
 */
function strip(image: RgbaImage, looks: Signature[], pitch: number, x: number, y: number, dx: number, dy: number, count: number, ix: number, iy: number): boolean {
  let inked = false;
  let opened: number[] | null = null;
  const at = (k: number, inner: number): Signature | null => signature(image, x + (k * dx + inner * ix) * pitch, y + (k * dy + inner * iy) * pitch, pitch);
  const slots: Signature[] = [];
  for (let k = 0; k < count; k++) {
    const s = at(k, 0);
    if (!s) return false;
    slots.push(s);
  }
  for (let k = 0; k < count; k++) {
    const s = slots[k]!;
    const like = looks.find((l) => alike(s, l));
    const number = s.mid >= NUMBER_INK * pitch * pitch && s.off <= CENTRED;
    if (like) {
      if (number && like.mid > 0) inked = true;
      continue;
    }
    if (s.rim > 0 || (s.mid > 0 && !number)) return false;
    if (!looks.some((l) => near(s.ground, l.ground, GROUND))) {
      if (opened && !near(s.ground, opened, GROUND)) return false;
      opened ??= s.ground;
    }
    if (s.mid > 0) inked = true;
    else {
      // (a 0 beside a covered cell or a flag is no position: page of one colour beside a board)
      for (let j = Math.max(0, k - 1); j <= Math.min(count - 1, k + 1); j++) {
        const n = at(j, 1);
        if (!n || !near(n.ground, s.ground, GROUND) || !near(slots[j]!.ground, s.ground, GROUND)) return false;
      }
    }
  }
  // (a strip all of one look is a texture, a page dotted as the board's opened cells are, or
  // no line worth the risk: a board's line of cells shows a number beside something else)
  return inked && slots.some((t) => !alike(t, slots[0]!));
}

/**
 * `g` grown by whole outer rows and columns of cells that look like its own (strip): each side in
 * turn, while one grows. A grid of under 3x3 cells is left (too few looks to go by).
 */
export function growOverOpen(image: RgbaImage, g: Grid): Grid {
  if (g.cols < 3 || g.rows < 3 || g.pitch < 6) return g;
  const looks = looksOf(image, g);
  const p = g.pitch;
  for (let step = 0; step < 4 * MAX_STEPS; step++) {
    if (g.cols < 3 || g.rows < 3) break;
    if (strip(image, looks, p, g.left - p, g.top, 0, 1, g.rows, 1, 0)) g = { ...g, left: g.left - p, cols: g.cols + 1 };
    else if (strip(image, looks, p, g.left + g.cols * p, g.top, 0, 1, g.rows, -1, 0)) g = { ...g, cols: g.cols + 1 };
    else if (strip(image, looks, p, g.left, g.top - p, 1, 0, g.cols, 0, 1)) g = { ...g, top: g.top - p, rows: g.rows + 1 };
    else if (strip(image, looks, p, g.left, g.top + g.rows * p, 1, 0, g.cols, 0, -1)) g = { ...g, rows: g.rows + 1 };
    else break;
  }
  return g;
}
