// Edges for the grid locator (locate.ts): where neighbouring pixels differ, and where those
// differences line up into the long straight lines that cell boundaries make.
//
// A step between two pixels is the largest difference of one colour channel (not of luma: the
// tinted tiles of GNOME Mines differ from the background around them by 16 levels of luma but by
// 49 of blue). A step of EDGE or more is an edge; a weaker one (down to WEAK) only where the
// pixels on both sides of it are flat, as they are between a plain tile and a plain background
// (noise, dithering and antialiased text are not flat beside their steps).

import type { RgbaImage } from '../image.js';

export const EDGE = 20;
export const WEAK = 12;
export const FLAT = 4;
/** A fainter step still counts where it is one side of a thin line between flat pixels. */
const FAINT = 8;
const CHROMA = 0.6;
/** Rows of the vertical-edge map: every ROW_STEP-th image row (long lines lose nothing). */
export const ROW_STEP = 2;
/** Columns of the horizontal-edge profile: every COL_STEP-th. */
const COL_STEP = 2;
const MIN_RUN = 40;
/** Breaks in a vertical run always bridged (px). */
const GAP = 4;
/** Longer breaks (up to this, px) are bridged between pieces of a run: the gaps and rounded
 * corners between tiles that are drawn apart, at any scale. A piece must span two sampled rows
 * at least: a row of dots (a dotted line across the board, every 12 px on ace-minesweeper's
 * 32x32 board) marks every column once per cell, and bridged so it made every column a line. */
const WIDE_GAP = 16;

export interface Segment {
  x: number;
  y0: number;
  y1: number; // inclusive
}

// where R, G and B sit in a pixel read as one 32-bit word (little-endian machines: the low byte)
const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const SR = LITTLE ? 0 : 24, SG = LITTLE ? 8 : 16, SB = LITTLE ? 16 : 8;

/** A pixel's luma ((R + 2G + B) / 4), the pixel given as a 32-bit word. */
export function luma(a: number): number {
  return (((a >>> SR) & 255) + 2 * ((a >>> SG) & 255) + ((a >>> SB) & 255)) / 4;
}

/**
 * The step between two pixels given as 32-bit words: the larger of the difference of luma
 * ((R + 2G + B) / 4) and CHROMA times the largest difference of one channel (a tint against a
 * grey of about the same brightness; the faint colour fringes of compressed captures stay
 * below EDGE).
 */
export function step(a: number, b: number): number {
  if (a === b) return 0;
  const r = ((a >>> SR) & 255) - ((b >>> SR) & 255), g = ((a >>> SG) & 255) - ((b >>> SG) & 255), u = ((a >>> SB) & 255) - ((b >>> SB) & 255);
  const ar = r < 0 ? -r : r, ag = g < 0 ? -g : g, au = u < 0 ? -u : u;
  const l = (r + 2 * g + u) / 4;
  const c = CHROMA * (ar > ag ? (ar > au ? ar : au) : ag > au ? ag : au);
  const al = l < 0 ? -l : l;
  return al > c ? al : c;
}

/** The image's pixels as 32-bit words (a copy when the bytes are not 4-aligned). */
export function words(image: RgbaImage): Uint32Array {
  const d = image.data;
  if (d.byteOffset % 4 === 0) return new Uint32Array(d.buffer, d.byteOffset, image.width * image.height);
  return new Uint32Array(d.slice().buffer, 0, image.width * image.height);
}

/** A step from a pixel outside the image: never flat, never an edge. */
const NONE = 1024;

/**
 * What the step into pixel p (index; s = one pixel along the line) is: 0 no edge, 1 an edge
 * between p - s and p, 2 a blurred edge over two pixels (p - 2s → p), 3 a strong blurred edge.
 * d1, before, before2: the steps into p, p - s and p - 2s (NONE where a pixel is missing);
 * `after`: whether pixel p + s exists; lo, hi: the first and last index along the line. Callers
 * skip pixels with d1 + before < FAINT (no edge).
 */
/**
 * Whether the step into pixel p (one pixel along the line: s; lo and hi: the first and last
 * index along it) is one side of a faint thin line: FAINT or more, from flat pixels to a flat
 * line one to three pixels wide and back to the same colour (KMines draws the lines between its
 * opened cells 11 levels above them; a gradient, noise or dither is no such line).
 */
function faintLine(px: Uint32Array, p: number, s: number, lo: number, hi: number): boolean {
  const c = px[p]!, b = px[p - s]!;
  if (step(c, b) < FAINT) return false;
  // the line starts at p: after one to three pixels like p, the colour before it again
  for (let k = 1; k <= 3; k++) {
    const q = p + k * s;
    if (q > hi) break;
    if (step(px[q]!, b) <= FLAT) return (q + s > hi || step(px[q + s]!, b) <= FLAT) && (p - 2 * s < lo || step(px[p - 2 * s]!, b) <= FLAT);
    if (step(px[q]!, c) > FLAT) break;
  }
  // the line ends at p − s: before one to three pixels like p − s, the colour of p
  for (let k = 2; k <= 4; k++) {
    const q = p - k * s;
    if (q < lo) break;
    if (step(px[q]!, c) <= FLAT) return (q - s < lo || step(px[q - s]!, c) <= FLAT) && (p + s > hi || step(px[p + s]!, c) <= FLAT);
    if (step(px[q]!, b) > FLAT) break;
  }
  return false;
}

function edgeKind(px: Uint32Array, p: number, s: number, d1: number, before: number, before2: number, after: boolean, lo: number, hi: number): number {
  if (d1 >= EDGE) return 1;
  if (before === NONE) return 0;
  let d2 = -1;
  if (d1 + before >= EDGE) {
    d2 = step(px[p]!, px[p - 2 * s]!);
    if (d2 >= 2 * EDGE) return 3;
    if (d2 >= EDGE) return 2;
  }
  // a weak step counts between flat pixels only
  const weak1 = d1 >= WEAK && before <= FLAT;
  const weak2 = before2 <= FLAT && d1 + before >= WEAK;
  if (!(weak1 || weak2) || !after || step(px[p + s]!, px[p]!) > FLAT) return faintLine(px, p, s, lo, hi) ? 1 : 0;
  if (weak1) return 1;
  if (d2 < 0) d2 = step(px[p]!, px[p - 2 * s]!);
  return d2 >= WEAK ? 2 : 0;
}

/**
 * Vertical-edge map of every ROW_STEP-th row: the edges along each row, each marked with one
 * pixel more on either side (where the step sits on a cell boundary shifts by a pixel with the
 * kinds of cells on either side, and a line must stay one unbroken run). Bit 1 marks the sampled
 * row's edges, bit 2 (LATER) those of the row after it: a vertical line of single-pixel dots two
 * apart (ace-minesweeper's 12 px board) has its dots on the sampled rows or between them as the
 * board lies on the screen, and must be seen either way (verticalSegments takes either bit, the
 * plain column profile the better of the two phases).
 */
export function edgeMap(image: RgbaImage, px: Uint32Array): Uint8Array {
  const W = image.width, H = image.height;
  const rows = Math.ceil(H / ROW_STEP);
  const later = dotsTwoApart(image, px).down;
  const map = new Uint8Array(W * rows);
  for (let r = 0; r < rows; r++) {
    markEdges(px, W, r * ROW_STEP, map, r * W, 1);
    if (r * ROW_STEP + 1 < H && later) markEdges(px, W, r * ROW_STEP + 1, map, r * W, LATER);
  }
  return map;
}

/** Share of sampled pixels that are dots two apart for a direction to be sampled in both phases. */
const DOTS_SHARE = 0.002;

/** What dotsTwoApart found for an image's pixels (computed once per image). */
const dotsSeen = new WeakMap<Uint32Array, { down: boolean; across: boolean }>();

/**
 * Whether the image has lines of single-pixel dots two apart, down (a dot unlike the pixels above
 * and below it, which are alike, and like the pixels two away) or across: only then are the rows
 * or columns between the sampled ones looked at too (edgeMap, rowMarks), which costs half as much
 * again as the sampled ones. Counted on every seventh row (grid lines 12 px apart would fall
 * between every fourth row).
 */
function dotsTwoApart(image: RgbaImage, px: Uint32Array): { down: boolean; across: boolean } {
  const known = dotsSeen.get(px);
  if (known) return known;
  const W = image.width, H = image.height;
  let down = 0, across = 0, seen = 0;
  for (let y = 2; y < H - 2; y += 7) {
    for (let x = 2, p = y * W + 2; x < W - 2; x++, p++) {
      seen++;
      const c = px[p]!;
      const u = px[p - W]!, d = px[p + W]!;
      if (u !== c && step(u, d) <= FLAT && step(c, u) >= EDGE && step(c, px[p - 2 * W]!) <= FLAT && step(c, px[p + 2 * W]!) <= FLAT) down++;
      const l = px[p - 1]!, r = px[p + 1]!;
      if (l !== c && step(l, r) <= FLAT && step(c, l) >= EDGE && step(c, px[p - 2]!) <= FLAT && step(c, px[p + 2]!) <= FLAT) across++;
    }
  }
  const found = { down: down >= DOTS_SHARE * seen, across: across >= DOTS_SHARE * seen };
  dotsSeen.set(px, found);
  return found;
}

/** The bit of an edge map that marks an edge on the row after the sampled one. */
const LATER = 2;

/** Marks image row y's vertical edges (widened as edgeMap says) with `bit` in map[out..out+W). */
function markEdges(px: Uint32Array, W: number, y: number, map: Uint8Array, out: number, bit: number): void {
  const base = y * W;
  let before = NONE, before2 = NONE;
  for (let i = 1; i < W; i++) {
    const p = base + i;
    const d1 = step(px[p]!, px[p - 1]!);
    const b1 = before, b2 = before2;
    before2 = before;
    before = d1;
    if (d1 + b1 < FAINT) continue;
    const kind = edgeKind(px, p, 1, d1, b1, b2, i + 1 < W, base, base + W - 1);
    if (!kind) continue;
    const lo = kind === 3 ? i - 3 : i - 2;
    const hi = kind === 2 ? i : i + 1;
    for (let x = Math.max(0, lo); x <= Math.min(W - 1, hi); x++) map[out + x]! |= bit;
  }
}

/**
 * Vertical-edge runs, in image rows. Breaks of up to GAP px are bridged; so are breaks of up to
 * WIDE_GAP px between pieces each too short to be a run on its own but more than a dot (the
 * edges of tiles drawn apart, at a large scale, are such pieces; the long lines of a board and of
 * a frame or panel above it stay apart).
 */
export function verticalSegments(ev: Uint8Array, W: number, H: number): Segment[] {
  const rows = Math.ceil(H / ROW_STEP);
  const gap = Math.ceil(GAP / ROW_STEP);
  const wide = Math.floor(WIDE_GAP / ROW_STEP);
  const minRun = Math.ceil(MIN_RUN / ROW_STEP);
  const start = new Int32Array(W).fill(-1);
  const piece = new Int32Array(W); // start of the run's last piece (breaks ≤ GAP bridged)
  const bridged = new Int32Array(W).fill(-1); // end of the piece before the last wide break
  const last = new Int32Array(W).fill(-1000);
  const segs: Segment[] = [];
  const push = (x: number, end: number): void => {
    if (start[x]! >= 0 && end - start[x]! + 1 >= minRun) segs.push({ x, y0: start[x]! * ROW_STEP, y1: end * ROW_STEP });
  };
  for (let r = 0; r < rows; r++) {
    const row = r * W;
    for (let x = 0; x < W; x++) {
      if (!ev[row + x]) continue;
      const missed = r - last[x]! - 1;
      if (start[x]! < 0 || missed > gap) {
        const len = last[x]! - piece[x]! + 1;
        if (start[x]! >= 0 && missed <= wide && len < minRun && len >= 2) bridged[x] = last[x]!;
        else {
          push(x, last[x]!);
          start[x] = r;
          bridged[x] = -1;
        }
        piece[x] = r;
      }
      last[x] = r;
      // a long piece after a wide break: the break was no gap between tiles
      if (bridged[x]! >= 0 && r - piece[x]! + 1 >= minRun) {
        push(x, bridged[x]!);
        start[x] = piece[x]!;
        bridged[x] = -1;
      }
    }
  }
  for (let x = 0; x < W; x++) push(x, last[x]!);
  return segs;
}

/**
 * Share of the (sampled) rows y0..y1 with a vertical edge, for columns x0..x1 (others 0).
 * `dotted`: a row counts where the sampled row before or after it has the edge too, so that a
 * line drawn in dots or dashes (on for a few px, off as many) counts whole, as a drawn line does.
 */
export function columnProfile(ev: Uint8Array, W: number, y0: number, y1: number, x0: number, x1: number, dotted = false): Float64Array {
  const both = columnShares(ev, W, y0, y1, x0, x1, !dotted, dotted);
  return (dotted ? both.dotted : both.plain)!;
}

/** Both column profiles of columnProfile, plain and dotted, from one pass over the edge map. */
export function columnProfiles(ev: Uint8Array, W: number, y0: number, y1: number, x0: number, x1: number): { plain: Float64Array; dotted: Float64Array } {
  const both = columnShares(ev, W, y0, y1, x0, x1, true, true);
  return { plain: both.plain!, dotted: both.dotted! };
}

/** The column profiles asked for (columnProfile), plain and/or dotted. */
function columnShares(ev: Uint8Array, W: number, y0: number, y1: number, x0: number, x1: number, plain: boolean, dotted: boolean): { plain: Float64Array | null; dotted: Float64Array | null } {
  const pp = plain ? new Float64Array(W) : null, dp = dotted ? new Float64Array(W) : null;
  const po = plain ? new Float64Array(W) : null;
  const r0 = Math.ceil(y0 / ROW_STEP), r1 = Math.floor(y1 / ROW_STEP);
  const last = Math.floor((ev.length - 1) / W);
  for (let r = r0; r <= r1; r++) {
    const row = r * W;
    if (pp && po) {
      for (let x = x0; x <= x1; x++) {
        const v = ev[row + x]!;
        pp[x]! += v & 1;
        po[x]! += (v >> 1) & 1;
      }
    }
    if (!dp) continue;
    const up = r > 0 ? row - W : row, down = r < last ? row + W : row;
    for (let x = x0; x <= x1; x++) dp[x]! += (ev[row + x]! | ev[up + x]! | ev[down + x]!) & 1;
  }
  const n = Math.max(1, r1 - r0 + 1);
  if (pp && po) for (let x = x0; x <= x1; x++) if (po[x]! > pp[x]!) pp[x] = po[x]!;
  for (const prof of [pp, dp]) if (prof) for (let x = x0; x <= x1; x++) prof[x] = prof[x]! / n;
  return { plain: pp, dotted: dp };
}

/**
 * Share of the columns x0..x1 (every COL_STEP-th) with a horizontal edge at each row of y0..y1
 * (other rows 0), walking the image row by row (cache-friendly); `dotted` as for columnProfile,
 * along the row. Two profiles: `sharp` marks the
 * pixels on both sides of a step (and a third for a strong blurred step), `wide` one pixel more
 * on either side as edgeMap does for columns (a rounded tile's corners then count too, but
 * edges a few px apart merge).
 */
export function rowProfile(image: RgbaImage, px: Uint32Array, x0: number, x1: number, y0: number, y1: number, dotted = false): RowProfile {
  return shares(rowMarks(image, px, x0, x1, y0, y1, false), image.height, y0, y1, dotted);
}

/** Both row profiles of rowProfile, plain and dotted, from one pass over the pixels. */
export function rowProfiles(image: RgbaImage, px: Uint32Array, x0: number, x1: number, y0: number, y1: number): { plain: RowProfile; dotted: RowProfile } {
  const marks = rowMarks(image, px, x0, x1, y0, y1, dotsTwoApart(image, px).across);
  return { plain: shares(marks, image.height, y0, y1, false), dotted: shares(marks, image.height, y0, y1, true) };
}

export interface RowProfile {
  sharp: Float64Array;
  wide: Float64Array;
}

/**
 * The marks rowProfile counts: per row of y0..y1 and sampled column, bit 1 sharp, bit 2 wide;
 * with `later`, bits 4 and 8 the same for the column after the sampled one, seen only by the
 * dotted profile: a line of single-pixel dots two apart (ace-minesweeper's 12 px board, where an
 * opened area has no other row lines) falls on the sampled columns or between them as the board
 * lies on the screen, and must count whole either way. rowProfiles (growing a board row by row,
 * checking a column of cells) sees them; rowProfile does not (refine's pitch, fitted on the
 * sampled columns alone: with the columns after them too, boards of KMines half hidden by its
 * dialog came out 0.4-0.7 px a cell off).
 */
function rowMarks(image: RgbaImage, px: Uint32Array, x0: number, x1: number, y0: number, y1: number, later: boolean): { marks: Uint8Array; n: number } {
  const W = image.width, H = image.height;
  const n = Math.floor((x1 - x0) / COL_STEP) + 1; // columns sampled
  const marks = new Uint8Array((y1 - y0 + 1) * n);
  for (let shift = 0; shift <= (later ? 1 : 0); shift++) {
    const sharpBit = shift ? 4 : 1, wideBit = shift ? 8 : 2;
    // the steps into the pixel above and the one above that, per column
    const before = new Int32Array(n), before2 = new Int32Array(n);
    const yStart = Math.max(1, y0 - 1);
    for (let k = 0; k < n; k++) {
      const p = yStart * W + Math.min(W - 1, x0 + k * COL_STEP + shift);
      before[k] = yStart >= 2 ? step(px[p - W]!, px[p - 2 * W]!) : NONE;
      before2[k] = yStart >= 3 ? step(px[p - 2 * W]!, px[p - 3 * W]!) : NONE;
    }
    for (let y = yStart; y <= y1 + 1 && y < H; y++) {
      const m = (y - y0) * n;
      for (let k = 0; k < n; k++) {
        const x = Math.min(W - 1, x0 + k * COL_STEP + shift), p = y * W + x;
        const d1 = step(px[p]!, px[p - W]!);
        const b1 = before[k]!, b2 = before2[k]!;
        before2[k] = b1;
        before[k] = d1;
        if (d1 + b1 < FAINT) continue;
        const kind = edgeKind(px, p, W, d1, b1, b2, y + 1 < H, x, (H - 1) * W + x);
        if (!kind) continue;
        if (y >= y0 && y <= y1 && kind !== 2) marks[m + k]! |= sharpBit;
        if (y - 1 >= y0 && y - 1 <= y1) marks[m - n + k]! |= sharpBit;
        if (kind === 3 && y - 2 >= y0) marks[m - 2 * n + k]! |= sharpBit;
        const lo = Math.max(y0, kind === 3 ? y - 3 : y - 2), hi = Math.min(y1, kind === 2 ? y : y + 1);
        for (let r = lo, o = (lo - y0) * n + k; r <= hi; r++, o += n) marks[o]! |= wideBit;
      }
    }
  }
  return { marks, n };
}

/**
 * The shares of sampled columns marked, per row (dotted: a column counts where it, the column
 * after it or a neighbour is marked).
 */
function shares({ marks, n }: { marks: Uint8Array; n: number }, H: number, y0: number, y1: number, dotted: boolean): RowProfile {
  const sharp = new Float64Array(H), wide = new Float64Array(H);
  for (let y = y0; y <= y1; y++) {
    let a = 0, b = 0;
    for (let k = 0, m = (y - y0) * n; k < n; k++, m++) {
      let v = marks[m]!;
      if (dotted) {
        v |= (k > 0 ? marks[m - 1]! : 0) | (k + 1 < n ? marks[m + 1]! : 0);
        v |= v >> 2;
      }
      a += v & 1;
      b += (v >> 1) & 1;
    }
    sharp[y] = a / n;
    wide[y] = b / n;
  }
  return { sharp, wide };
}

/** Share of sampled pixels that are dithered (ordered dither, a checkerboard of two colours). */
const DITHER_SHARE = 0.02;

/**
 * Whether the image holds a dithered area large enough to hide a board's lines: a pixel that
 * differs by an edge from both its left and right neighbours, which are alike (as are the ones
 * above and below it), and is like its diagonal neighbours, is dither (xbomb's covered squares
 * are a 127/255 checkerboard: every pixel of them an edge). Counted on every fourth row. (Without
 * the diagonals, the dots of ace-minesweeper's 12 px grid lines, single pixels two apart, counted
 * when they fell on the rows counted: its board was then looked for smoothed, and a mostly
 * opened one not found.)
 */
export function dithered(image: RgbaImage, px: Uint32Array): boolean {
  const W = image.width, H = image.height;
  let n = 0, seen = 0;
  for (let y = 1; y < H - 1; y += 4) {
    for (let x = 1, p = y * W + 1; x < W - 1; x++, p++) {
      seen++;
      const l = px[p - 1]!, r = px[p + 1]!, c = px[p]!;
      if (step(l, r) > FLAT || step(c, l) < EDGE || step(c, r) < EDGE) continue;
      // (a checkerboard's pixel is like its diagonal neighbours; a dot of a dotted line is not)
      if (step(px[p - W]!, px[p + W]!) <= FLAT && step(c, px[p - W]!) >= EDGE && step(c, px[p - W - 1]!) <= FLAT && step(c, px[p + W + 1]!) <= FLAT) n++;
    }
  }
  return seen > 0 && n >= DITHER_SHARE * seen;
}

/**
 * The image smoothed over 2x2 blocks (each pixel the mean of itself and the pixels right, below
 * and below-right of it): a checkerboard dither becomes its flat mean colour, a line stays a line
 * (half a pixel further right and down: positions found on it are shifted back by 0.5).
 */
export function smooth2(image: RgbaImage): RgbaImage {
  const W = image.width, H = image.height, d = image.data;
  const out = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    const y2 = y + 1 < H ? y + 1 : y;
    for (let x = 0; x < W; x++) {
      const x2 = x + 1 < W ? x + 1 : x;
      const a = (y * W + x) * 4, b = (y * W + x2) * 4, c = (y2 * W + x) * 4, e = (y2 * W + x2) * 4;
      for (let k = 0; k < 3; k++) out[a + k] = (d[a + k]! + d[b + k]! + d[c + k]! + d[e + k]! + 2) >> 2;
      out[a + 3] = 255;
    }
  }
  return { width: W, height: H, data: out };
}
