// Finding a board of two covered looks in a checkerboard: light and dark squares drawn edge to
// edge with no lines between them (Google's Minesweeper and the many games drawn after it). Such
// a board repeats every two cells across and down, and diagonally every one; the repeating
// locator (locate-repeat.ts) finds that and hands the pitch and the rough area here. Its squares
// may be flat, so the board is found tile by tile rather than pixel by pixel:
//  1. the lattice: the lines where squares meet, followed step by step across and down from
//     the area's first, and one pitch (to a fraction of a pixel) and two phases fitted to them;
//  2. each lattice tile's ground colour: the median of its inner part (away from smoothed edges,
//     and from a digit, which covers less than half of it);
//  3. the board: the tiles of the area, grown by a row or column at a time while the pattern
//     holds over the rectangle: every tile unlike the ones beside it, no ground colour on both
//     the light squares and the dark ones, and every ground one the board shows in an area. A
//     fresh board shows two looks, one on each; a board in play four or more (covered and
//     opened, each light and dark: numbers, flags and edges leave a tile's ground as it is); the
//     page around it is one colour on both, or noise. A side where the pattern stops in only a
//     few tiles of the next line is no clear end: no board.

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';

/** Two tiles are one look when their ground colours differ by at most this (sum over R, G and B). */
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
/** A line whose tiles break the pattern in at most this share is taken on (an opened area's look, new there, is known once more of it is on the board: the whole board is checked at the end). */
const GROW = 0.25;
/** A line beside the board found breaks its pattern in at least this share of its tiles: else the board's end is not clear. */
const CLEAR_END = 0.5;
/** Lines a pitch apart whose steps place the first line where squares meet. */
const COMB = 4;
/** Cells a side, at least. */
const MIN_CELLS = 3;

type Rgb = [number, number, number];

/**
 * How much the luma steps between each pixel and the one before it, along one axis (`vertical`:
 * down), summed over the lines `across` within the area. A step between squares a browser drew at
 * a fraction of a pixel is shared by two pixels, in proportion: the steps' centre is where the
 * squares meet. `lines`: at each pixel, how many of those lines step there at all (STEP).
 */
function stepProfile(L: Uint8Array, W: number, len: number, across: [number, number], vertical: boolean): { prof: Float64Array; lines: Float64Array } {
  const prof = new Float64Array(len), lines = new Float64Array(len);
  for (let o = across[0]; o <= across[1]; o++) {
    for (let k = 1; k < len; k++) {
      const i = vertical ? k * W + o : o * W + k;
      const d = Math.abs(L[i]! - L[vertical ? i - W : i - 1]!);
      prof[k] += d;
      if (d >= STEP) lines[k]++;
    }
  }
  return { prof, lines };
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
function meetingLines({ prof, lines: across }: { prof: Float64Array; lines: Float64Array }, p: number, span: [number, number]): number[] {
  // (the first: where the most lines across step, a pitch apart through the area, not where the
  // steps are strongest: a digit's strokes in the middle of opened cells step far more than two
  // greens, along a few lines)
  // (of offsets as good, the one whose own steps are strongest: the middle of a smoothed step)
  let best = span[0], bestSum = -1, bestOwn = -1;
  for (let o = span[0]; o < span[0] + Math.ceil(p); o++) {
    let sum = 0;
    // (over the first few lines only: the pitch given may be a fraction of a pixel off)
    for (let x = o, k = 0; x <= span[1] && k < COMB; x += p, k++) sum += Math.max(across[Math.round(x) - 1] ?? 0, across[Math.round(x)] ?? 0, across[Math.round(x) + 1] ?? 0);
    if (sum > bestSum || (sum === bestSum && prof[o]! > bestOwn)) (bestSum = sum), (bestOwn = prof[o]!), (best = o);
  }
  const first = stepNear(prof, best - 1, best + 1);
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

/** The median colour (each of R, G, B) of the inner part of the tile whose corner is at (x0, y0), `p` a side (fractions of a pixel allowed). */
function groundColour(image: RgbaImage, x0: number, y0: number, p: number): Rgb {
  const d = Math.max(1, p * INSET);
  const xa = Math.round(x0 + d), xb = Math.round(x0 + p - d), ya = Math.round(y0 + d), yb = Math.round(y0 + p - d);
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)] as const;
  let n = 0;
  for (let y = ya; y < yb; y++) {
    for (let x = xa, k = (y * image.width + x) * 4; x < xb; x++, k += 4) {
      hist[0][image.data[k]!]!++;
      hist[1][image.data[k + 1]!]!++;
      hist[2][image.data[k + 2]!]!++;
      n++;
    }
  }
  const median = (h: Uint32Array): number => {
    let acc = 0;
    for (let v = 0; v < 256; v++) if ((acc += h[v]!) * 2 >= n) return v;
    return 255;
  };
  return [median(hist[0]), median(hist[1]), median(hist[2])];
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
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) tile.push(groundColour(image, px + c * pitch, py + r * pitch, pitch));
  const at = (c: number, r: number): Rgb => tile[r * cols + c]!;
  // the tiles wholly inside the area, then grown a side at a time while the pattern holds; a side
  // where it holds for most of the line but not all is no clear end: no board (a board a column
  // short would be read with numbers whose mines lie off it)
  // (an area under three tiles a side: the three around its middle tile)
  let b: Rect = {
    c0: Math.max(0, Math.ceil((xs[0] - px) / pitch)),
    c1: Math.min(cols - 1, Math.floor((xs[1] + 1 - px) / pitch) - 1),
    r0: Math.max(0, Math.ceil((ys[0] - py) / pitch)),
    r1: Math.min(rows - 1, Math.floor((ys[1] + 1 - py) / pitch) - 1),
  };
  if (b.c1 - b.c0 + 1 < MIN_CELLS || b.r1 - b.r0 + 1 < MIN_CELLS) {
    const mc = Math.min(cols - 2, Math.max(1, Math.floor(((xs[0] + xs[1]) / 2 - px) / pitch)));
    const mr = Math.min(rows - 2, Math.max(1, Math.floor(((ys[0] + ys[1]) / 2 - py) / pitch)));
    b = { c0: mc - 1, c1: mc + 1, r0: mr - 1, r1: mr + 1 };
  }
  if (!holds(at, b)) return null;
  const sides: [number, number][] = [[-1, 0], [1, 0], [0, -1], [0, 1]];
  const atEnd = ([dc, dr]: [number, number]): boolean => (dc < 0 ? b.c0 === 0 : dc > 0 ? b.c1 === cols - 1 : dr < 0 ? b.r0 === 0 : b.r1 === rows - 1);
  // (a side that does not hold yet may once the others have grown: an opened area's look is
  // known from the tiles already taken)
  for (let grown = true; grown; ) {
    grown = false;
    for (const [dc, dr] of sides) {
      if (atEnd([dc, dr])) continue;
      const { bad, n } = lineBreaks(at, cols, rows, b, dc, dr);
      if (bad > GROW * n) continue;
      if (dc < 0) b.c0--;
      else if (dc > 0) b.c1++;
      else if (dr < 0) b.r0--;
      else b.r1++;
      grown = true;
    }
  }
  for (const side of sides) {
    if (atEnd(side)) continue;
    const { bad, n } = lineBreaks(at, cols, rows, b, side[0], side[1]);
    if (bad < CLEAR_END * n) return null;
  }
  if (b.c1 - b.c0 + 1 < MIN_CELLS || b.r1 - b.r0 + 1 < MIN_CELLS || !holds(at, b) || !explained(at, b)) return null;
  const grid = { left: px + b.c0 * pitch, top: py + b.r0 * pitch, pitch, cols: b.c1 - b.c0 + 1, rows: b.r1 - b.r0 + 1, scale: pitch / 16 };
  return linesStep(L, W, grid) ? grid : null;
}

interface Rect {
  c0: number;
  c1: number;
  r0: number;
  r1: number;
}

/** Ground colours of a rectangle's squares of one kind, each with how many tiles show it. */
type Looks = { rgb: Rgb; n: number }[];

/** The ground colours of a rectangle's light squares (index 0: column and row add up even) and dark ones. */
function looksOf(at: (c: number, r: number) => Rgb, b: Rect): [Looks, Looks] {
  const looks: [Looks, Looks] = [[], []];
  for (let r = b.r0; r <= b.r1; r++) {
    for (let c = b.c0; c <= b.c1; c++) {
      const t = at(c, r), own = looks[(c + r) & 1];
      const seen = own.find((o) => differ(t, o.rgb) <= ALIKE);
      if (seen) seen.n++;
      else own.push({ rgb: t, n: 1 });
    }
  }
  return looks;
}

/** Whether colour t is one the looks show on two squares at least. */
const shownTwice = (looks: Looks, t: Rgb): boolean => looks.some((o) => o.n >= 2 && differ(t, o.rgb) <= ALIKE);

/**
 * Whether a rectangle of tiles keeps a checkerboard's pattern: each tile unlike the ones beside
 * and below it, and no ground colour of a light square like one of a dark square.
 */
function holds(at: (c: number, r: number) => Rgb, b: Rect): boolean {
  for (let r = b.r0; r <= b.r1; r++) {
    for (let c = b.c0; c <= b.c1; c++) {
      if (c < b.c1 && differ(at(c, r), at(c + 1, r)) < UNLIKE) return false;
      if (r < b.r1 && differ(at(c, r), at(c, r + 1)) < UNLIKE) return false;
    }
  }
  const [light, dark] = looksOf(at, b);
  return !light.some((l) => dark.some((d) => differ(l.rgb, d.rgb) < UNLIKE));
}

/**
 * Whether every tile of the rectangle shows a ground it shows on two squares of its kind at least,
 * or is a lone tile among such tiles (a number opened on its own): the looks of a board come in
 * areas, the page's do not.
 */
function explained(at: (c: number, r: number) => Rgb, b: Rect): boolean {
  const looks = looksOf(at, b);
  const known = (c: number, r: number): boolean => c < b.c0 || r < b.r0 || c > b.c1 || r > b.r1 || shownTwice(looks[(c + r) & 1], at(c, r));
  for (let r = b.r0; r <= b.r1; r++) {
    for (let c = b.c0; c <= b.c1; c++) {
      if (!known(c, r) && !(known(c - 1, r) && known(c + 1, r) && known(c, r - 1) && known(c, r + 1))) return false;
    }
  }
  return true;
}

/**
 * How many tiles of the line the rectangle `b` would take on at one side (`dc`, `dr`: the step out)
 * break the pattern, and how many it holds. A tile keeps it when it is unlike the tiles beside it
 * (along the line, and the board's next to it), unlike every ground of the other squares on the
 * board, and shows a ground the board already shows twice on squares of its own kind, or the
 * tile two on along the line or a diagonal neighbour (on the board or beyond it) does, or it is a
 * lone tile among the board's looks: the page beside a board is one colour on both kinds of
 * square, or noise, and a board's looks come in areas.
 */
function lineBreaks(at: (c: number, r: number) => Rgb, cols: number, rows: number, b: Rect, dc: number, dr: number): { bad: number; n: number } {
  const looks = looksOf(at, b);
  const along = dc !== 0;
  const c = dc < 0 ? b.c0 - 1 : b.c1 + 1, r = dr < 0 ? b.r0 - 1 : b.r1 + 1;
  const n = along ? b.r1 - b.r0 + 1 : b.c1 - b.c0 + 1;
  // along the line (step s) and inward (the board's tile beside it: one step back)
  const sc = along ? 0 : 1, sr = along ? 1 : 0;
  const inLine = (j: number): boolean => j >= 0 && j < n;
  // (a tile on the board or beyond it whose ground the board shows twice on squares of its kind)
  const known = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < cols && y < rows && shownTwice(looks[(x + y) & 1], at(x, y));
  let bad = 0;
  for (let k = 0; k < n; k++) {
    const tc = along ? c : b.c0 + k, tr = along ? b.r0 + k : r;
    const t = at(tc, tr);
    const own = looks[(tc + tr) & 1], other = looks[((tc + tr) & 1) ^ 1];
    const nearby = [k + 1, k - 1].filter(inLine).map((j) => at(tc + (j - k) * sc, tr + (j - k) * sr));
    const inward = at(tc - dc, tr - dr);
    const twoOn = [k + 2, k - 2].filter(inLine).map((j) => at(tc + (j - k) * sc, tr + (j - k) * sr));
    // (diagonal neighbours on the board and beyond it: an opened area's first tiles)
    const diagonal = [k + 1, k - 1].flatMap((j) => [-1, 1].map((o) => [tc + o * dc + (j - k) * sc, tr + o * dr + (j - k) * sr] as const)).filter(([x, y]) => x >= 0 && y >= 0 && x < cols && y < rows).map(([x, y]) => at(x, y));
    // (or a lone cell of its look among tiles of the board's: a number opened on its own)
    const lone = [[sc, sr], [-sc, -sr], [dc, dr], [-dc, -dr]].every(([x, y]) => known(tc + x!, tr + y!));
    const ok =
      [...nearby, inward].every((o) => differ(t, o) >= UNLIKE) &&
      !other.some((o) => differ(t, o.rgb) < UNLIKE) &&
      (shownTwice(own, t) || [...twoOn, ...diagonal].some((o) => differ(t, o) <= ALIKE) || lone);
    if (!ok) bad++;
  }
  return { bad, n };
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
