// Finding a board of two covered looks in a checkerboard: light and dark squares drawn edge to
// edge with no lines between them (Google's Minesweeper and the many games drawn after it). Such
// a board repeats every two cells across and down, and diagonally every one; the repeating
// locator (locate-repeat.ts) finds that and hands the pitch and the rough area here. Its squares
// may be flat, so the board is found tile by tile rather than pixel by pixel:
//  1. the lattice: the lines where squares meet, followed step by step across and down from
//     the area's first, and one pitch (to a fraction of a pixel) and two phases fitted to them;
//  2. each lattice tile's mean colour (its inner part, away from smoothed edges);
//  3. the board: from the tile in the middle of the area, the run of tiles each way that keeps the
//     pattern — every tile like the one two on and unlike the one next to it — then the whole
//     rectangle checked: each tile like its diagonal neighbour and unlike the one beside it.

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';

/** Two tiles are one look when their mean colours differ by at most this (sum over R, G and B). */
const ALIKE = 6;
/** ... and two looks when they differ by at least this. */
const UNLIKE = 12;
/** Share of a tile's side left out on each side when its colour is taken. */
const INSET = 0.2;
/** Squares meet on a lattice line where the luma steps this much across it (within a pixel either side). */
const STEP = 3;
/** Share of a lattice line inside the board along which the squares must step. */
const LINE_SHARE = 0.9;
/** The lines where squares meet are followed while each step is at least this share of the typical one so far. */
const WEAK = 0.5;
/** A step this many times the median of a board's is its edge against the page. */
const EDGE = 3;
/** A pitch fitted may be this share off the one the repeating gave. */
const DRIFT = 0.1;
/** Cells a side, at least. */
const MIN_CELLS = 3;

type Rgb = [number, number, number];

/**
 * How much the luma steps between each pixel and the one before it, along one axis (`vertical`:
 * down), summed over the lines `across` within the area. A step between squares a browser drew at
 * a fraction of a pixel is shared by two pixels, in proportion: the steps' centre is where the
 * squares meet.
 */
function stepProfile(L: Uint8Array, W: number, len: number, across: [number, number], vertical: boolean): Float64Array {
  const prof = new Float64Array(len);
  for (let o = across[0]; o <= across[1]; o++) {
    for (let k = 1; k < len; k++) {
      const i = vertical ? k * W + o : o * W + k;
      prof[k] += Math.abs(L[i]! - L[vertical ? i - W : i - 1]!);
    }
  }
  return prof;
}

/** Where a step lies: the centre of the profile's three pixels around its strongest in `a..b`, and their sum. */
function stepNear(prof: Float64Array, a: number, b: number): { at: number; sum: number } {
  let k = Math.max(1, a);
  for (let j = k + 1; j <= Math.min(b, prof.length - 1); j++) if (prof[j]! > prof[k]!) k = j;
  let sum = 0, moment = 0;
  for (let j = Math.max(0, k - 1); j <= Math.min(prof.length - 1, k + 1); j++) (sum += prof[j]!), (moment += j * prof[j]!);
  return { at: sum > 0 ? moment / sum : k, sum };
}

/**
 * The lines where squares meet along one axis, from the area `span` to a pitch beyond each of its
 * ends (a small board's area may hold a single line): the strongest step within the area's first
 * pitch, then each next one either way near where the lines so far put it (a pitch a fraction of a
 * pixel off drifts a pixel in a few cells), while the steps stay strong. In order.
 */
function meetingLines(prof: Float64Array, p: number, span: [number, number]): number[] {
  const first = stepNear(prof, span[0], span[0] + Math.ceil(p) - 1);
  if (first.sum <= 0) return [];
  const lines = [first.at];
  const sums = [first.sum];
  const follow = (dir: 1 | -1, end: number): void => {
    for (;;) {
      const last = dir > 0 ? lines[lines.length - 1]! : lines[0]!;
      const pitch = lines.length > 1 ? (lines[lines.length - 1]! - lines[0]!) / (lines.length - 1) : p;
      const next = last + dir * pitch;
      if (dir > 0 ? next > end : next < end) return;
      const s = stepNear(prof, Math.round(next) - 2, Math.round(next) + 2);
      // (the steps so far but the strongest, which may be the board's edge against the page)
      const typical = sums.length > 1 ? (sums.reduce((a, b) => a + b, 0) - Math.max(...sums)) / (sums.length - 1) : s.sum;
      // (and each a pitch on, give or take the drift: not the same step again)
      if (s.sum < WEAK * typical || Math.abs(Math.abs(s.at - last) - p) > DRIFT * p) return;
      if (dir > 0) lines.push(s.at);
      else lines.unshift(s.at);
      sums.push(s.sum);
    }
  };
  follow(1, span[1] + p);
  follow(-1, span[0] - p);
  // the board's edge against the page is no line where squares meet: its step is the page's, and
  // so is the smoothing beside it (its index kept: line i is i pitches on)
  const median = [...sums].sort((a, b) => a - b)[sums.length >> 1]!;
  const strengths = lines.map((x) => stepNear(prof, Math.round(x) - 1, Math.round(x) + 1).sum);
  return lines.map((x, i) => (strengths[i]! > EDGE * median ? NaN : x));
}

/**
 * The lattice of the area: one pitch (cells are square), to a fraction of a pixel (a browser
 * zoomed to 110% or a desktop scaled to 125% draws cells a fraction of a pixel wide), fitted to
 * the lines where squares meet across and down, and the phase of each axis.
 */
function fitLattice(L: Uint8Array, W: number, H: number, p: number, xs: [number, number], ys: [number, number]): { pitch: number; px: number; py: number } | null {
  const across = meetingLines(stepProfile(L, W, W, ys, false), p, xs);
  const down = meetingLines(stepProfile(L, W, H, xs, true), p, ys);
  if (across.filter((x) => !Number.isNaN(x)).length < 2 || down.filter((x) => !Number.isNaN(x)).length < 2) return null;
  // least squares over both axes: line i of an axis at phase + i * pitch
  const sums = (v: number[]): { n: number; i: number; ii: number; x: number; ix: number } =>
    v.reduce((a, x, i) => (Number.isNaN(x) ? a : { n: a.n + 1, i: a.i + i, ii: a.ii + i * i, x: a.x + x, ix: a.ix + i * x }), { n: 0, i: 0, ii: 0, x: 0, ix: 0 });
  const a = sums(across), d = sums(down);
  // (each axis's own phase: its lines' mean less the pitch times their mean index)
  const pitch = (a.ix - (a.i * a.x) / a.n + d.ix - (d.i * d.x) / d.n) / (a.ii - (a.i * a.i) / a.n + d.ii - (d.i * d.i) / d.n);
  if (!(Math.abs(pitch - p) <= DRIFT * p)) return null;
  const phase = (s: typeof a): number => {
    const t = (s.x - pitch * s.i) / s.n;
    return t - Math.floor(t / pitch) * pitch;
  };
  return { pitch, px: phase(a), py: phase(d) };
}

/** The mean colour of the inner part of the tile whose corner is at (x0, y0), `p` a side (fractions of a pixel allowed). */
function meanColour(image: RgbaImage, x0: number, y0: number, p: number): Rgb {
  const d = Math.max(1, p * INSET);
  const xa = Math.round(x0 + d), xb = Math.round(x0 + p - d), ya = Math.round(y0 + d), yb = Math.round(y0 + p - d);
  const s: Rgb = [0, 0, 0];
  let n = 0;
  for (let y = ya; y < yb; y++) {
    for (let x = xa, k = (y * image.width + x) * 4; x < xb; x++, k += 4) {
      s[0] += image.data[k]!;
      s[1] += image.data[k + 1]!;
      s[2] += image.data[k + 2]!;
      n++;
    }
  }
  return [s[0] / n, s[1] / n, s[2] / n];
}

const differ = (a: Rgb, b: Rgb): number => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);

/**
 * The checkerboard of tiles of pitch `p` around the area `xs` x `ys` (pixels, roughly the board),
 * or null when there is none there. `L` is the image's luma.
 */
export function checkerBoard(image: RgbaImage, L: Uint8Array, p: number, xs: [number, number], ys: [number, number]): Grid | null {
  const W = image.width, H = image.height;
  const lattice = fitLattice(L, W, H, p, xs, ys);
  if (!lattice) return null;
  const { pitch, px, py } = lattice;
  const cols = Math.floor((W - px) / pitch), rows = Math.floor((H - py) / pitch);
  if (cols < MIN_CELLS || rows < MIN_CELLS) return null;
  const tile: Rgb[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) tile.push(meanColour(image, px + c * pitch, py + r * pitch, pitch));
  const at = (c: number, r: number): Rgb => tile[r * cols + c]!;
  // a tile keeps the pattern with its neighbours along a line: like the one two on, unlike the next
  const keeps = (c: number, r: number, dc: number, dr: number): boolean => {
    const c1 = c + dc, r1 = r + dr, c2 = c + 2 * dc, r2 = r + 2 * dr;
    if (c2 < 0 || r2 < 0 || c2 >= cols || r2 >= rows) return false;
    return differ(at(c, r), at(c2, r2)) <= ALIKE && differ(at(c, r), at(c1, r1)) >= UNLIKE;
  };
  const c0 = Math.min(cols - 1, Math.max(0, Math.floor(((xs[0] + xs[1]) / 2 - px) / pitch)));
  const r0 = Math.min(rows - 1, Math.max(0, Math.floor(((ys[0] + ys[1]) / 2 - py) / pitch)));
  // the run along a line through the middle tile: it goes on to a tile that keeps the pattern
  // with the two before it (the last tile has no two after it)
  const run = (n: number, keepsBack: (k: number) => boolean, keepsOn: (k: number) => boolean, k0: number): [number, number] | null => {
    let a = k0, b = k0;
    while (a - 1 >= 0 && keepsOn(a - 1)) a--;
    while (b + 1 < n && keepsBack(b + 1)) b++;
    return b - a + 1 >= MIN_CELLS ? [a, b] : null;
  };
  const across = run(cols, (c) => keeps(c, r0, -1, 0), (c) => keeps(c, r0, 1, 0), c0);
  const down = run(rows, (r) => keeps(c0, r, 0, -1), (r) => keeps(c0, r, 0, 1), r0);
  if (!across || !down) return null;
  // every tile of the rectangle: like its diagonal neighbour, unlike the one beside and below it
  for (let r = down[0]; r <= down[1]; r++) {
    for (let c = across[0]; c <= across[1]; c++) {
      if (c < across[1] && differ(at(c, r), at(c + 1, r)) < UNLIKE) return null;
      if (r < down[1] && differ(at(c, r), at(c, r + 1)) < UNLIKE) return null;
      if (c < across[1] && r < down[1] && differ(at(c, r), at(c + 1, r + 1)) > ALIKE) return null;
    }
  }
  const grid = { left: px + across[0] * pitch, top: py + down[0] * pitch, pitch, cols: across[1] - across[0] + 1, rows: down[1] - down[0] + 1, scale: pitch / 16 };
  return linesStep(L, W, grid) ? grid : null;
}

/**
 * Whether the squares meet on every line of the lattice inside the board: along nearly all of
 * each, the luma steps across it (within a pixel: a browser smooths the step). Squares a pixel
 * taller or wider than the pitch (a board stretched, cells not square, a pitch not whole) drift
 * off the lattice, and their meeting lines miss it a few cells on.
 */
function linesStep(L: Uint8Array, W: number, g: Grid): boolean {
  const steps = (at: (k: number) => [number, number], n: number): boolean => {
    let hit = 0;
    for (let k = 0; k < n; k++) {
      const [i, j] = at(k);
      if (Math.abs(L[i]! - L[j]!) >= STEP) hit++;
    }
    return hit >= LINE_SHARE * n;
  };
  const x0 = Math.round(g.left), y0 = Math.round(g.top), w = Math.round(g.cols * g.pitch), h = Math.round(g.rows * g.pitch);
  for (let c = 1; c < g.cols; c++) {
    const x = Math.round(g.left + c * g.pitch);
    if (!steps((k) => [(y0 + k) * W + x - 2, (y0 + k) * W + x + 1], h)) return false;
  }
  for (let r = 1; r < g.rows; r++) {
    const y = Math.round(g.top + r * g.pitch);
    if (!steps((k) => [(y - 2) * W + x0 + k, (y + 1) * W + x0 + k], w)) return false;
  }
  return true;
}
