// Finding a board whose cells have no lines between them: a fresh board of textured tiles (grass,
// earth) drawn edge to edge, where the edge locator (locate.ts) sees no lattice. Every covered tile
// is the same picture, so the board is the one area of the image that repeats itself at one
// shift, the pitch, across and down:
//  1. the pitch: among shifts of minPitch..maxPitch px, the one at which most textured pixels
//     (a step to a neighbour) equal the textured pixel that far to the right and that far below
//     (sampled rows and columns); a shift whose half, third or quarter repeats as well is that
//     smaller one;
//  2. the area: pixels that equal both their shifts and are textured (flat pixels repeat at any
//     shift) form the board less its last column and row of tiles; its extent across and down is
//     the longest run of rows and columns where they are many;
//  3. the board: that extent plus one tile, when it comes to whole tiles.
// The lattice's phase is then where the repeating starts; the reader aligns it to the sprites.
// A checkerboard of two looks repeats at twice its pitch, and diagonally at its pitch: it is
// handed to locate-checker.ts.

import { toLuma, type RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { checkerBoard } from './locate-checker.js';

/** Two pixels are alike within this much luma (anti-aliasing and rounding of one picture). */
const SAME = 3;
/** A pixel is textured when it differs from a neighbour by this much luma. */
const TEXTURE = 3;
/** Rows and columns sampled for the pitch. */
const SAMPLE = 3;
/** A run of rows or columns goes on while its share of repeating pixels is this much of the best. */
const DENSE = 0.35;
/** A repeating area whose pixels repeat this often at a half or a third of the pitch is a finer pattern. */
const FINER = 0.5;
/** An extent this far past a whole number of tiles (a share of a tile) is those tiles. */
const WHOLE = 0.25;

function textured(L: Uint8Array, W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H - 1; y++) {
    for (let x = 0; x < W - 1; x++) {
      const i = y * W + x;
      const v = L[i]!;
      if (Math.abs(v - L[i + 1]!) >= TEXTURE || Math.abs(v - L[i + W]!) >= TEXTURE) out[i] = 1;
    }
  }
  return out;
}

/**
 * Whether row (or column) k is one of the sampled: one in SAMPLE, scattered (every SAMPLE-th line
 * would miss, at a pitch it divides, every line where flat tiles meet).
 */
const sampled = (k: number): boolean => (Math.imul(k, 2654435761) >>> 16) % SAMPLE === 0;

/** For each shift p, how many sampled textured pixels equal the pixel p to the right and p below. */
function repeatScores(L: Uint8Array, T: Uint8Array, W: number, H: number, minP: number, maxP: number): Float64Array {
  const score = new Float64Array(maxP + 1);
  for (let y = 0; y < H; y++) {
    if (!sampled(y)) continue;
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!T[i]) continue;
      const v = L[i]!;
      for (let p = minP; p <= maxP && x + p < W; p++) if (T[i + p] && Math.abs(v - L[i + p]!) <= SAME) score[p]++;
    }
  }
  for (let x = 0; x < W; x++) {
    if (!sampled(x)) continue;
    for (let y = 0; y < H; y++) {
      const i = y * W + x;
      if (!T[i]) continue;
      const v = L[i]!;
      for (let p = minP; p <= maxP && y + p < H; p++) if (T[i + p * W] && Math.abs(v - L[i + p * W]!) <= SAME) score[p]++;
    }
  }
  return score;
}

/**
 * The pitch: the shift that stands out most above the shifts two pixels either side of it (a
 * smooth background repeats more at small shifts, and a little at every one), or its smallest
 * divisor that stands out nearly as much. `score` holds minP - 2 .. maxP + 2.
 */
function bestPitch(score: Float64Array, minP: number, maxP: number): number | null {
  const peak = (p: number): number => score[p]! - (score[p - 2]! + score[p + 2]!) / 2;
  let best = -1;
  for (let p = minP; p <= maxP; p++) if (best < 0 || peak(p) > peak(best)) best = p;
  if (best < 0 || peak(best) <= 0) return null;
  for (const k of [4, 3, 2]) {
    const q = Math.round(best / k);
    if (q >= minP && Math.abs(q * k - best) <= 1 && peak(q) >= 0.8 * peak(best)) return q;
  }
  return best;
}

/** The longest run of indices whose value is at least `share` of the largest, gaps of up to `gap` bridged. */
function longestRun(v: Float64Array, share: number, gap: number): [number, number] | null {
  let max = 0;
  for (const x of v) if (x > max) max = x;
  if (max <= 0) return null;
  const bar = share * max;
  let best: [number, number] | null = null;
  let start = -1, last = -1;
  for (let i = 0; i <= v.length; i++) {
    const on = i < v.length && v[i]! >= bar;
    if (on) {
      if (start < 0 || i - last > gap + 1) {
        if (start >= 0 && (!best || last - start > best[1] - best[0])) best = [start, last];
        start = i;
      }
      last = i;
    }
  }
  if (start >= 0 && (!best || last - start > best[1] - best[0])) best = [start, last];
  return best;
}

/** Per row (or column): pixels that repeat, textured pixels, and how many pixels were looked at. */
interface Profile {
  n: Float64Array;
  t: Float64Array;
  span: number;
}

/**
 * Where the repeating area runs: roughly, the longest run where a tile's height of rows (or
 * width of columns) holds many repeating pixels (a tile may have rows of no texture at all);
 * then exactly, its first and last lines in that stretch that hold some texture and repeat in
 * nearly all of it.
 */
function extent(prof: Profile, p: number, exact = true): [number, number] | null {
  const { n, t, span } = prof;
  const len = n.length, half = p >> 1;
  const win = new Float64Array(len);
  let sum = 0;
  for (let i = 0; i < len + half; i++) {
    if (i < len) sum += n[i]!;
    if (i - p >= 0) sum -= n[i - p]!;
    if (i - half >= 0) win[i - half] = sum;
  }
  const rough = longestRun(win, DENSE, 0);
  if (!rough || !exact) return rough;
  // an end: a line that repeats, the first of a quarter tile of lines inward that hold texture and
  // repeat in nearly all of it (a line alone that repeats by chance, among flat ones, is no end)
  const q = Math.max(2, p >> 2);
  const good = (i: number, inward: 1 | -1): boolean => {
    if (!(t[i]! > 0 && n[i]! >= 0.7 * t[i]!)) return false;
    let sn = 0, st = 0;
    for (let k = 0, j = i; k <= q && j >= 0 && j < len; k++, j += inward) (sn += n[j]!), (st += t[j]!);
    return st >= 0.05 * span * (q + 1) && sn >= 0.7 * st;
  };
  let a = Math.max(0, rough[0] - half), b = Math.min(len - 1, rough[1] + half);
  while (a <= b && !good(a, 1)) a++;
  while (b >= a && !good(b, -1)) b--;
  return b - a + 1 >= p ? [a, b] : null;
}

/**
 * The first line of a board of n tiles along one axis whose repeating part is `run` (first and
 * last line of the area that repeats one tile on): of the starts that keep that area on the
 * board, the one whose first and last tiles differ least from their neighbours, summed over the
 * lines `o0..o1` across. `at(o, k)` is the index of pixel k along the axis on line o across.
 */
function bestStart(L: Uint8Array, run: [number, number], n: number, p: number, along: number, at: (o: number, k: number) => number, o0: number, o1: number): number {
  // (starts from the one that ends the board where the area ends to where the area begins, either
  // way round: an area a line or two longer than the board holds the board)
  const lo = Math.max(0, Math.min(run[1] + p + 1 - n * p, run[0])), hi = Math.max(run[1] + p + 1 - n * p, run[0]);
  let best = hi, bestD = Infinity;
  for (let s = lo; s <= hi && s + n * p <= along; s++) {
    let d = 0;
    for (let o = o0; o <= o1; o++) {
      for (let k = 0; k < p; k++) {
        d += Math.abs(L[at(o, s + k)]! - L[at(o, s + p + k)]!);
        d += Math.abs(L[at(o, s + (n - 1) * p + k)]! - L[at(o, s + (n - 2) * p + k)]!);
      }
    }
    if (d < bestD) (bestD = d), (best = s);
  }
  return best;
}

/**
 * The share of the repeating pixels in the area that also repeat at shift q, across and down (or,
 * `diagonal`, at q across and q down at once).
 */
function finer(L: Uint8Array, M: Uint8Array, W: number, q: number, xs: [number, number], ys: [number, number], diagonal = false): number {
  let n = 0, m = 0;
  for (let y = ys[0]; y <= ys[1]; y++) {
    for (let x = xs[0], i = y * W + x; x <= xs[1]; x++, i++) {
      if (!M[i]) continue;
      m++;
      const v = L[i]!;
      if (diagonal ? Math.abs(v - L[i + q + q * W]!) <= SAME : Math.abs(v - L[i + q]!) <= SAME && Math.abs(v - L[i + q * W]!) <= SAME) n++;
    }
  }
  return m ? n / m : 1;
}

/**
 * A board of identical textured tiles with no lines between them, or null. Its `scale` is
 * pitch/16, as the edge locator's.
 */
export function repeatingBoard(image: RgbaImage, minPitch = 8, maxPitch = 128): Grid | null {
  const W = image.width, H = image.height;
  const maxP = Math.min(maxPitch, Math.floor(W / 4) - 2, Math.floor(H / 4) - 2);
  const minP = Math.max(4, Math.ceil(minPitch));
  if (maxP < minP) return null;
  const L = toLuma(image);
  const T = textured(L, W, H);
  const p = bestPitch(repeatScores(L, T, W, H, minP - 2, maxP + 2), minP, maxP);
  if (p === null) return null;
  // textured pixels that repeat at p across and down, with the pixels beside and below them (a
  // pixel is textured by a step to its neighbour: on its own it may repeat by chance, the ground
  // beside a tile's edge equal to the ground beyond the board)
  const M = new Uint8Array(W * H);
  const same = (j: number): boolean => Math.abs(L[j]! - L[j + p]!) <= SAME && Math.abs(L[j]! - L[j + p * W]!) <= SAME;
  for (let y = 0; y + p + 1 < H; y++) {
    for (let x = 0; x + p + 1 < W; x++) {
      const i = y * W + x;
      if (T[i] && same(i) && same(i + 1) && same(i + W) && same(i + W + 1)) M[i] = 1;
    }
  }
  const rowsOf = (x0: number, x1: number): Profile => {
    const n = new Float64Array(H), t = new Float64Array(H);
    for (let y = 0; y < H; y++) {
      for (let x = x0, i = y * W + x0; x <= x1; x++, i++) (n[y] += M[i]!), (t[y] += T[i]!);
    }
    return { n, t, span: x1 + 1 - x0 };
  };
  const colsOf = (y0: number, y1: number): Profile => {
    const n = new Float64Array(W), t = new Float64Array(W);
    for (let y = y0; y <= y1; y++) for (let x = 0, i = y * W; x < W; x++, i++) (n[x] += M[i]!), (t[x] += T[i]!);
    return { n, t, span: y1 + 1 - y0 };
  };
  // roughly down the whole image, then across the middle of those rows (half a tile in from
  // their ends: rows of the board only), then exactly each way within the middle of the other
  const core = (r: [number, number] | null): [number, number] | null => (r && r[1] - r[0] > p ? [r[0] + (p >> 1), r[1] - (p >> 1)] : null);
  const roughYs = core(extent(rowsOf(0, W - 1), p, false));
  if (!roughYs) return null;
  const roughXs = core(extent(colsOf(roughYs[0], roughYs[1]), p, false));
  if (!roughXs) return null;
  // tiles of two looks in a checkerboard (light and dark squares) repeat every two tiles, and
  // diagonally every one: a board of half the pitch, found tile by tile (its squares may be flat);
  // or of a quarter, where two tiles are no whole number of pixels and four are. Never a board of
  // identical tiles twice their size, whose cells would each hold four.
  const checker = [4, 2].filter((k) => p / k >= minP && finer(L, M, W, Math.round(p / k), roughXs, roughYs, true) >= FINER);
  if (checker.length) {
    for (const k of checker) {
      const board = checkerBoard(image, L, p / k, roughXs, roughYs);
      if (board) return board;
    }
    return null;
  }
  const ys = extent(rowsOf(roughXs[0], roughXs[1]), p);
  const xs = extent(colsOf(roughYs[0], roughYs[1]), p);
  if (!xs || !ys) return null;
  // The area repeats from where the first tiles' texture begins to where the last but one's
  // ends: with the last tiles, which repeat the ones before them, it spans n - 1 tiles and a part
  // of one, or n whole ones where the texture fills a tile (a little of it may be too flat to
  // count). Where in its tile the texture begins is not known from the repeating: the board lies
  // where its first and last tiles are most like their neighbours (a board one pixel off takes a
  // line of what is around it into those tiles).
  // (an area a little longer than whole tiles is whole tiles and a line or two beside the board
  // that happen to repeat)
  const count = (r: [number, number]): number => {
    const x = (r[1] + p + 1 - r[0]) / p;
    return x - Math.floor(x) <= WHOLE ? Math.floor(x) : Math.ceil(x);
  };
  const cols = count(xs), rows = count(ys);
  if (cols < 2 || rows < 2) return null;
  // a pattern finer than a tile (a dotted ground, dither) repeats at a part of the pitch as well:
  // not a board of tiles
  for (const k of [2, 3]) if (finer(L, M, W, Math.round(p / k), xs, ys) >= FINER) return null;
  const left = bestStart(L, xs, cols, p, W, (y, x) => y * W + x, ys[0], Math.min(H - 1, ys[1] + p));
  const top = bestStart(L, ys, rows, p, H, (x, y) => y * W + x, left, Math.min(W - 1, left + cols * p - 1));
  return { left, top, pitch: p, cols, rows, scale: p / 16 };
}

