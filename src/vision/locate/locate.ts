// Finding the grid of cells anywhere in an image, at any pitch, without knowing the skin.
//
// Every Minesweeper skin draws its cells on a lattice: between two neighbouring cells there is
// a luminance step (bevel, grid line or the dark line of opened tiles) in (almost) every pixel
// row of the board. So:
//  1. mark vertical edges (|ΔL| between horizontal neighbours ≥ EDGE, over one or two pixels),
//     widened by one pixel, on every other row;
//  2. follow each column downwards: runs of edge pixels (gaps of ≤ GAP px bridged) at least
//     MIN_RUN px long are "vertical segments";
//  3. segments sharing their top and bottom (± a few px) form a family; a family of at least
//     4 evenly spaced lines is a board candidate with that vertical extent;
//  4. in that band, the column profile (share of rows with an edge) shows the cell boundaries
//     as strong peaks: fit a lattice (pitch, phase) to them and extend it while lines continue;
//  5. the same on rows, within the columns found, gives the top and the row count.
// Bands that repeat lines already used (a subset of a board's rows) are skipped. Each grid is
// then settled on its board's ends (locate-settle.ts: where the cells' boundaries stop repeating),
// which fixes which of a tile's several edges the lines are on. Where no lattice of lines holds
// a board, a fresh board of textured tiles with no lines between them is looked for where the
// picture repeats (locate-repeat.ts) and weighed against the lattices (locate-reconcile.ts). The
// reader then confirms a candidate by classifying its cells, aligns it to the sprites and trims or
// extends it by whole rows/columns (read.ts).

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { columnProfile, columnProfiles, dithered, edgeMap, rowProfile, rowProfiles, smooth2, verticalSegments, words, type RowProfile, type Segment } from './locate-edges.js';
import { couldGiveWay, extendEnds, fitLattice, fitPitch, peaksWithFallback, sharedPitch, type Lattice } from './locate-lattice.js';
import { settle } from './locate-settle.js';
import { repeatingBoard } from './locate-repeat.js';
import { hasLines, withRepeating } from './locate-reconcile.js';
import { growOverOpen } from './open-edges.js';

const STRONG = 0.72;
/** Share of an edge profile that marks a line where a lattice is already known. */
const LINE = 0.5;

export interface LocateOptions {
  minPitch?: number;
  maxPitch?: number;
}

/** Bands (y extents) shared by several separate vertical lines. */
function candidateBands(segs: Segment[]): { y0: number; y1: number; xs: number[] }[] {
  const order = segs.map((_, i) => i).sort((a, b) => segs[b]!.y1 - segs[b]!.y0 - (segs[a]!.y1 - segs[a]!.y0));
  // segments sorted by top, to find those with a similar top quickly
  const byTop = segs.map((_, i) => i).sort((a, b) => segs[a]!.y0 - segs[b]!.y0);
  const tops = byTop.map((i) => segs[i]!.y0);
  const used = new Uint8Array(segs.length);
  const bands: { y0: number; y1: number; xs: number[] }[] = [];
  for (const i of order) {
    if (used[i]) continue;
    const s = segs[i]!;
    const tol = Math.max(4, Math.round((s.y1 - s.y0) * 0.02));
    const members: Segment[] = [];
    let lo = 0, hi = tops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tops[mid]! < s.y0 - tol) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < byTop.length && tops[k]! <= s.y0 + tol; k++) {
      const j = byTop[k]!;
      const t = segs[j]!;
      if (!used[j] && Math.abs(t.y1 - s.y1) <= tol) {
        members.push(t);
        used[j] = 1;
      }
    }
    const xs = [...new Set(members.map((m) => m.x))].sort((a, b) => a - b);
    let lines = 0;
    for (let k = 0; k < xs.length; k++) if (k === 0 || xs[k]! - xs[k - 1]! > 2) lines++;
    if (lines >= 4) {
      const y0s = members.map((m) => m.y0).sort((a, b) => a - b);
      const y1s = members.map((m) => m.y1).sort((a, b) => a - b);
      bands.push({ y0: y0s[y0s.length >> 1]!, y1: y1s[y1s.length >> 1]!, xs });
    }
  }
  return bands;
}

/** A row profile over a grid's columns, of image rows y0..y1. */
interface RowsSeen {
  y0: number;
  y1: number;
  profile: RowProfile;
  /** The sharp marks, dotted lines counted whole: where a line is, to the pixel (lines past a lattice's ends). */
  lines: Float64Array;
}

/** What grow keeps of the row profiles made over a grid's columns, of image rows y0..y1. */
const rowsSeen = (y0: number, y1: number, both: { plain: RowProfile; dotted: RowProfile }): RowsSeen => ({ y0, y1, profile: withDotted(both), lines: dottedToo(both.plain.sharp, both.dotted.sharp) });

/** Positions of a grid's lines, from `first`, `count` of them. */
const lines = (first: number, pitch: number, count: number): number[] => Array.from({ length: count }, (_, k) => first + k * pitch);

/**
 * The lines of `lat` that extend a grid's own (its first line at `first`, `cells` cells): from
 * the grid outward, one cell at a time while `isCell(a, b)` says the cell between lines a and b
 * is one of the board's. Null when that adds no cell (or `lat` is not the grid's lattice: its
 * lines must be within a sixth of a cell of the grid's).
 */
function extend(lat: Lattice, first: number, cells: number, isCell: (a: number, b: number) => boolean): { first: number; cells: number } | null {
  const p = lat.pitch;
  const k0 = Math.round((first - lat.first) / p);
  // (the grid's lines may be one edge of a gap between tiles, the lattice's the middle of it)
  if (k0 < 0 || k0 + cells > lat.count - 1 || Math.abs(lat.first + k0 * p - first) > Math.max(1.5, p / 6)) return null;
  let lo = k0, hi = k0 + cells;
  while (lo > 0 && isCell(lat.first + (lo - 1) * p, lat.first + lo * p)) lo--;
  while (hi < lat.count - 1 && isCell(lat.first + hi * p, lat.first + (hi + 1) * p)) hi++;
  return hi - lo > cells ? { first: lat.first + lo * p, cells: hi - lo } : null;
}

/** Whether a profile reaches `threshold` near each of the positions (LINE_REACH of their spacing, at least 2 px), for a share `need` of them. */
function linesThere(profile: Float64Array, positions: number[], threshold: number, need: number): boolean {
  let n = 0;
  // (within 2 px of each, or a tenth of the pitch on large cells: tiles apart, their boundary
  // the gap's middle, have their edges half the gap either side of it; BlackDamask/minesweeper's
  // 46 px rounded tiles 9.2 px apart had every row but one trimmed away, nothing located)
  const pitch = positions.length > 1 ? (positions[positions.length - 1]! - positions[0]!) / (positions.length - 1) : 0;
  const reach = Math.max(2, Math.round(pitch * LINE_REACH));
  for (const x of positions) {
    const i = Math.round(x);
    for (let k = Math.max(0, i - reach); k <= Math.min(profile.length - 1, i + reach); k++) {
      if (profile[k]! >= threshold) {
        n++;
        break;
      }
    }
  }
  return n >= need * positions.length;
}

/** How far from a lattice's line a line counts as there (cellChecks), as a share of the pitch (at least 2 px). */
const LINE_REACH = 0.1;

/**
 * Share of a dotted profile (dotted lines counted whole) that marks a dotted line: all but a few
 * rows (counted so, a textured background's scattered edges pass for lines: KMines' fresh board
 * came out two rows taller at LINE).
 */
const DOTTED = 0.9;
/** A pitch shared by both axes (refine): one keeps its own best match within this share of it, … */
const HELD = 0.001;
/** … a best it would lose at least this share of at the other axis's own pitch, … */
const CLEAR = 0.005;
/** … and the other loses at most this share of its own. */
const GIVEN = 0.015;

/**
 * A row profile whose wide marks count an unbroken dotted line too (its share where the dotted
 * profile reaches DOTTED): the rows fitted while growing see ace-minesweeper's dotted lines, not
 * the bridged edges of digits (counted at LINE, the LED digits of winemine's panel made row lines
 * and its 9x9 board grew into the panel).
 */
function withDotted(both: { plain: RowProfile; dotted: RowProfile }): RowProfile {
  return { sharp: both.plain.sharp, wide: dottedToo(both.plain.wide, both.dotted.wide) };
}

/** The plain profile, raised to the dotted one where that is all but whole (DOTTED). */
function dottedToo(plain: Float64Array, dotted: Float64Array): Float64Array {
  const out = plain.slice();
  for (let i = 0; i < out.length; i++) if (dotted[i]! >= DOTTED && dotted[i]! > out[i]!) out[i] = dotted[i]!;
  return out;
}

/**
 * Whether the cells between two lines are the board's: the lattice's lines across them continue
 * through them (the row lines through a column of cells, the column lines through a row), in a
 * share of 0.6 of them at least; an unbroken dotted line counts (an opened area of ace-minesweeper
 * has no other).
 */
function cellChecks(image: RgbaImage, px: Uint32Array, ev: Uint8Array) {
  const W = image.width, H = image.height;
  return {
    /** The column of cells between x = a and x = b (lines a pitch apart) of grid g. */
    column(g: Grid, a: number, b: number, need = 0.6): boolean {
      const p = b - a;
      const x0 = Math.max(0, Math.round(a + p / 4)), x1 = Math.min(W - 1, Math.round(b - p / 4)), y0 = Math.max(0, Math.round(g.top - 3)), y1 = Math.min(H - 1, Math.round(g.top + g.rows * g.pitch + 3));
      return linesThere(withDotted(rowProfiles(image, px, x0, x1, y0, y1)).wide, lines(g.top, g.pitch, g.rows + 1), LINE, need);
    },
    /** The row of cells between y = a and y = b of grid g. */
    row(g: Grid, a: number, b: number, need = 0.6): boolean {
      const p = b - a;
      const y0 = Math.max(0, Math.round(a + p / 4)), y1 = Math.min(H - 1, Math.round(b - p / 4)), x0 = Math.max(0, Math.round(g.left - 3)), x1 = Math.min(W - 1, Math.round(g.left + g.cols * g.pitch + 3));
      const cp = columnProfiles(ev, W, y0, y1, x0, x1);
      return linesThere(dottedToo(cp.plain, cp.dotted), lines(g.left, g.pitch, g.cols + 1), LINE, need);
    },
  };
}

/**
 * Share of the lattice's lines an added row or column must show (trim with `from`): a third, not
 * the 0.6 of trimming (a board drawn stretched, 1.063 down, drifts off a square lattice's row lines
 * and had a row settled rightly trimmed; a frame drawn as a tile shows two of them at most, the
 * board's own outer ones).
 */
const CROSSED = 1 / 3;

/**
 * A lattice's outer columns and rows that are not the board's cells (cellChecks), left out: an
 * edge beside the board (a window's border, a panel) may pass for its outer line. With `from`,
 * the grid a settled one was settled from: only the rows and columns beyond it, each asked for a
 * share CROSSED of `from`'s lines across it (its rows' for a column, its columns' for a row; a
 * frame's own edges, on the added cells' outer lines, are not counted). A frame one cell wide in
 * the colour of the tiles, its edges a pitch outside the board's, repeats along every line across
 * it as the tiles' edges do (settle), but the board's lines do not go on through it
 * (KyriaElixia's 16x16 board came out 18x18, its frame clicked as cells).
 */
function trim(g: Grid, isCell: ReturnType<typeof cellChecks>, from?: Grid): Grid {
  const p = g.pitch, need = from ? CROSSED : undefined;
  const along = (h: Grid): Grid => (from ? { ...h, top: from.top, rows: from.rows } : h);
  const across = (h: Grid): Grid => (from ? { ...h, left: from.left, cols: from.cols } : h);
  // (whether a cell from a to a + p lies beyond `from` along an axis where it spans lo .. hi)
  const beyond = (a: number, lo: number, hi: number): boolean => !from || a + p / 2 < lo || a + p / 2 > hi;
  const [x0, x1] = from ? [from.left, from.left + from.cols * from.pitch] : [0, 0];
  const [y0, y1] = from ? [from.top, from.top + from.rows * from.pitch] : [0, 0];
  while (g.cols > 1 && beyond(g.left, x0, x1) && !isCell.column(along(g), g.left, g.left + p, need)) g = { ...g, left: g.left + p, cols: g.cols - 1 };
  while (g.cols > 1 && beyond(g.left + (g.cols - 1) * p, x0, x1) && !isCell.column(along(g), g.left + (g.cols - 1) * p, g.left + g.cols * p, need)) g = { ...g, cols: g.cols - 1 };
  while (g.rows > 1 && beyond(g.top, y0, y1) && !isCell.row(across(g), g.top, g.top + p, need)) g = { ...g, top: g.top + p, rows: g.rows - 1 };
  while (g.rows > 1 && beyond(g.top + (g.rows - 1) * p, y0, y1) && !isCell.row(across(g), g.top + (g.rows - 1) * p, g.top + g.rows * p, need)) g = { ...g, rows: g.rows - 1 };
  return g;
}

/**
 * A lattice found in one band of lines spans only the rows whose boundaries were unbroken there
 * (a board with regions of low-contrast cells comes out in pieces): refit its columns over all
 * the rows found, then its rows over all the columns found, as long as either grows. Lines
 * count from a share of LINE here, but a cell is added only where it is one of the board's
 * (cellChecks): a frame or panel edge one pitch beside the board adds nothing. The columns are
 * fitted on plain edge peaks (their pitch is free: counting dotted lines there adds the ends of
 * digits' strokes as peaks, and a Windows 7 board's columns fit worse), the rows, at the columns'
 * pitch, on plain peaks and unbroken dotted lines (withDotted). `seen`: the row profile already
 * made over the grid's columns, if any. `pinned`: the grid's pitch is refined (refine), and the
 * columns are fitted at it, not near it.
 */
function grow(g: Grid, seen: RowsSeen | null, image: RgbaImage, px: Uint32Array, ev: Uint8Array, isCell: ReturnType<typeof cellChecks>, pinned = false): Grid {
  const W = image.width, H = image.height;
  for (let round = 0; round < 4; round++) {
    const p = g.pitch;
    const bottom = g.top + g.rows * p;
    const colProf = columnProfile(ev, W, Math.max(0, Math.round(g.top + p / 4)), Math.min(H - 1, Math.round(bottom - p / 4)), 0, W - 1);
    const fitted = fitLattice(peaksWithFallback(colProf, STRONG, colProf, LINE), lines(g.left, p, g.cols + 1), pinned ? p : 0.97 * p, pinned ? p : 1.03 * p, pinned ? p : undefined);
    const fit = fitted;
    const at = g;
    const wider = fit && extend(extendEnds(fit, colProf, LINE), g.left, g.cols, (a, b) => isCell.column(at, a, b));
    if (wider) g = { ...g, left: wider.first, pitch: fit.pitch, cols: wider.cells, scale: fit.pitch / 16 };
    else if (round > 0) break; // the rows were fitted over these columns already
    const q = g.pitch, right = g.left + g.cols * q;
    // the rows over these columns, from the profile already made while it reaches two rows past
    // the lines found (else a taller one)
    const reaches = (top: number, end: number): boolean => seen !== null && (seen.y0 === 0 || top - 2 * q >= seen.y0) && (seen.y1 === H - 1 || end + 2 * q <= seen.y1);
    let yl: Lattice | null = null;
    for (let k = 0; k < 3; k++) {
      const top = yl ? yl.first : g.top, end = yl ? yl.first + (yl.count - 1) * q : g.top + g.rows * q;
      const stale = (k === 0 && wider) || !reaches(top, end); // columns changed, or too short
      if (k > 0 && !stale) break;
      if (stale) {
        const reach = Math.max(4, Math.round((end - top) / q)) * q;
        const y0 = Math.max(0, Math.round(top - reach)), y1 = Math.min(H - 1, Math.round(end + reach));
        seen = rowsSeen(y0, y1, rowProfiles(image, px, Math.max(0, Math.round(g.left + q / 4)), Math.min(W - 1, Math.round(right - q / 4)), y0, y1));
      }
      yl = fitLattice(peaksWithFallback(seen!.profile.sharp, STRONG, seen!.profile.wide, LINE), lines(g.top, q, g.rows + 1), q, q, q);
      if (!yl) break;
    }
    const now = g;
    const taller = yl && extend(extendEnds(yl, seen!.lines, LINE, true), g.top, g.rows, (a, b) => isCell.row(now, a, b));
    if (taller) g = { ...g, top: taller.first, rows: taller.cells };
    else if (!wider) break;
  }
  return g;
}

/** Of two grids of a board, the one with more cells; the first on a tie. */
export const larger = (a: Grid, b: Grid): Grid => (b.cols * b.rows > a.cols * a.rows ? b : a);

/**
 * A grid's pitch refined over all its cells (fitPitch: the spacing at which its edges repeat
 * best, whichever edges of a cell they are, dotted lines counted whole), along columns and rows,
 * one pitch for both (the mean, weighted by the cells along each); each axis keeps its middle.
 */
function refine(g: Grid, image: RgbaImage, px: Uint32Array, ev: Uint8Array): Grid {
  const W = image.width, H = image.height, p = g.pitch;
  if (g.cols < 3 || g.rows < 3) return g;
  const bottom = g.top + g.rows * p, right = g.left + g.cols * p;
  const cp = columnProfile(ev, W, Math.max(0, Math.round(g.top)), Math.min(H - 1, Math.round(bottom)), Math.max(0, Math.floor(g.left - p)), Math.min(W - 1, Math.ceil(right + p)), true);
  const xf = fitPitch(cp, { pitch: p, first: g.left, count: g.cols + 1 });
  // (the columns see no change worth making, and would not give way to another pitch worth
  // making: whatever the rows say, the pitch stays, and they are not looked at)
  const worth = 0.6 / Math.max(g.cols, g.rows);
  if (Math.abs(xf.best - p) < worth && !couldGiveWay(xf, GIVEN, worth)) return g;
  const rp = rowProfile(image, px, Math.max(0, Math.round(g.left)), Math.min(W - 1, Math.round(right)), Math.max(0, Math.floor(g.top - p)), Math.min(H - 1, Math.ceil(bottom + p)), true).sharp;
  const yf = fitPitch(rp, { pitch: p, first: g.top, count: g.rows + 1 });
  // (both axes must agree on it: cells are square. Where their own pitches differ, the one both
  // match nearly as well as at their own best (KMines' tile columns repeat about as well 0.2 px
  // apart, its rows do not); where the edges do not repeat cleanly, as on real boards with
  // digits of many colours, no such pitch is found and the lattice's own least-squares one is kept)
  const q = Math.abs(xf.best - yf.best) <= 0.02 ? (xf.best * g.cols + yf.best * g.rows) / (g.cols + g.rows) : sharedPitch(xf, yf, { held: HELD, clear: CLEAR, given: GIVEN });
  if (q === null) return g;
  // (a change that moves the board's outer lines by less than a third of a pixel is left)
  if ((Math.abs(q - p) * Math.max(g.cols, g.rows)) / 2 < 0.3) return g;
  return { ...g, pitch: q, scale: q / 16, left: g.left + (g.cols * (p - q)) / 2, top: g.top + (g.rows * (p - q)) / 2 };
}

/**
 * Candidate grids, most plausible first. `scale` is left at pitch/16 here; the reader sets it
 * from the skin's own pitch.
 */
export function locateGrids(image: RgbaImage, options: LocateOptions = {}): Grid[] {
  return [...iterateGrids(image, options)];
}

/**
 * The same candidates, worked out one at a time (a reader that is satisfied stops early). An
 * image with dithered areas (a checkerboard of two colours: every pixel an edge) is looked at
 * smoothed over 2x2 pixels, where dither is flat and lines stay lines. A smoothed pixel x is the
 * mean of pixels x and x + 1, so a boundary found at x there is at x + 0.5 in the image (xbomb's
 * 2 px lines came out a pixel before their middle when that was taken the other way).
 */
export function* iterateGrids(image: RgbaImage, options: LocateOptions = {}): Generator<Grid> {
  if (dithered(image, words(image))) {
    for (const g of gridsOf(smooth2(image), options, true)) yield { ...g, left: g.left + 0.5, top: g.top + 0.5 };
    return;
  }
  const found = [...gridsOf(image, options)];
  // (where the lines gave a lattice of 4x4 cells or more whose lines most rows and columns cross,
  // the board has lines: the repeating is not looked for, and such a board is found as before)
  if (!found.some((g) => g.cols >= 4 && g.rows >= 4 && hasLines(image, g))) {
    const r = repeatingBoard(image, options.minPitch, options.maxPitch);
    if (r) withRepeating(image, found, r);
  }
  yield* found;
}

function* gridsOf(image: RgbaImage, options: LocateOptions, smoothed = false): Generator<Grid> {
  const minPitch = options.minPitch ?? 8;
  const maxPitch = options.maxPitch ?? 128;
  const W = image.width, H = image.height;
  const px = words(image);
  const ev = edgeMap(image, px);
  const segs = verticalSegments(ev, W, H);
  const bands = candidateBands(segs);
  const isCell = cellChecks(image, px, ev);
  const out: Grid[] = [];
  const done: { y0: number; y1: number; seeds: number[] }[] = [];
  for (const band of bands.slice(0, 12)) {
    // seeds: the centre of each group of neighbouring long-run columns (one line each)
    const seeds: number[] = [];
    for (let k = 0; k < band.xs.length; ) {
      let j = k;
      while (j + 1 < band.xs.length && band.xs[j + 1]! - band.xs[j]! <= 2) j++;
      seeds.push((band.xs[k]! + band.xs[j]!) / 2);
      k = j + 1;
    }
    // a band of the same lines as one already done (a subset of a board's rows) adds nothing
    const repeat = done.some(
      (d) => band.y0 >= d.y0 - 4 && band.y1 <= d.y1 + 4 && seeds.filter((x) => d.seeds.some((e) => Math.abs(e - x) <= 1.5)).length >= 0.8 * seeds.length,
    );
    // nor does a band inside a grid already found whose lines are that grid's (a lattice at
    // twice a board's pitch, fitted to the bevelled boxes around it, holds the board's band but
    // only every other line of it, or none: the board was never walked)
    const onLines = (g: Grid): boolean => seeds.filter((x) => Math.abs((x - g.left) / g.pitch - Math.round((x - g.left) / g.pitch)) * g.pitch <= Math.max(2, g.pitch / 8)).length >= 0.8 * seeds.length;
    const inside = out.some(
      (g) => band.y0 >= g.top - g.pitch && band.y1 <= g.top + (g.rows + 1) * g.pitch && seeds[0]! >= g.left - g.pitch && seeds[seeds.length - 1]! <= g.left + (g.cols + 1) * g.pitch && onLines(g),
    );
    if (repeat || inside) continue;
    done.push({ y0: band.y0, y1: band.y1, seeds });
    // the profile only where the lattice can be: around the seeds
    const gaps = seeds.slice(1).map((x, i) => x - seeds[i]!).sort((a, b) => a - b);
    const reach = 3 * Math.min(maxPitch, gaps[gaps.length >> 1] ?? maxPitch);
    const colProf = columnProfile(ev, W, band.y0, band.y1, Math.max(0, Math.floor(seeds[0]! - reach)), Math.min(W - 1, Math.ceil(seeds[seeds.length - 1]! + reach)));
    const colPeaks = peaksWithFallback(colProf, STRONG, colProf, LINE);
    const fitted = fitLattice(colPeaks, seeds, minPitch, maxPitch);
    const xl = fitted;
    if (!xl || xl.count < 3) continue;
    const p = xl.pitch;
    // a peak is centred on the boundary within about half a pixel (read.ts refines it)
    const left = xl.first;
    const cols = xl.count - 1;
    const x0 = Math.max(0, Math.round(left + p * 0.25));
    const x1 = Math.min(W - 1, Math.round(left + cols * p - p * 0.25));
    const span = band.y1 - band.y0;
    const ry0 = Math.max(0, Math.round(band.y0 - span / 4 - 2 * p)), ry1 = Math.min(H - 1, Math.round(band.y1 + span / 4 + 2 * p));
    const both = rowProfiles(image, px, x0, x1, ry0, ry1), rowProf = both.plain;
    const rowPeaks = peaksWithFallback(rowProf.sharp, STRONG, rowProf.wide, STRONG);
    const ySeeds = rowPeaks.filter((y) => y >= band.y0 - p && y <= band.y1 + p);
    const yl = fitLattice(rowPeaks, ySeeds, minPitch, maxPitch, p);
    let top: number, rows: number;
    if (yl && yl.count >= 2) {
      top = yl.first;
      rows = yl.count - 1;
    } else {
      top = band.y0;
      rows = Math.round((band.y1 + 1 - band.y0) / p);
    }
    if (rows < 1 || cols < 1) continue;
    const found = trim({ left, top, pitch: p, cols, rows, scale: p / 16 }, isCell);
    // (the row profile made here is over the columns of the lattice before trimming: grow makes
    // its own when they changed)
    const seen = found.left === left && found.cols === cols ? rowsSeen(ry0, ry1, both) : null;
    // (grown at the pitch it was walked at, and, where refining it first changes that pitch,
    // also at the refined pitch, kept while it grows; the larger board is taken, the first on a
    // tie. A pitch walked over peaks a few pixels either side of the lines, ace-minesweeper's gaps
    // and bevels, came out 0.4 px a cell off, and the rows beyond the band, lines 1 px wide where
    // cells are open, were not followed: the board came out in halves. Refined over a part of a
    // board, a pitch can also come out worse: a Windows 7 board's 28 of its 30 columns, 18.069
    // for 18.03, where growing at the pitch walked found all 30 at 18.012)
    let grown = grow(found, seen, image, px, ev, isCell);
    const pitched = refine(found, image, px, ev);
    if (pitched !== found) grown = larger(grown, grow(pitched, null, image, px, ev, isCell, true));
    const refined = refine(grown, image, px, ev);
    let g = trim(settle(refined, image, px, ev, minPitch, smoothed), isCell, refined);
    // (a lattice the settling moved a pixel or more, onto its cells' boundaries, is grown again
    // from there: grown on a tile's bevel 6 px inside the boundaries, ace-minesweeper's covered
    // rows were not followed into the open rows above, whose lines are dots on the boundaries)
    if (g.pitch === refined.pitch && (Math.abs(g.left - refined.left) >= 1 || Math.abs(g.top - refined.top) >= 1)) {
      const regrown = refine(grow(g, null, image, px, ev, isCell, true), image, px, ev);
      g = larger(g, trim(settle(regrown, image, px, ev, minPitch, smoothed), isCell, regrown));
    }
    // (outer rows and columns of opened cells drawn flat show no lines: taken in where they look
    // like the board's own cells, a number or flag among them)
    g = growOverOpen(image, g);
    if (!out.some((o) => Math.abs(o.left - g.left) < 2 && Math.abs(o.top - g.top) < 2 && o.cols === g.cols && o.rows === g.rows)) {
      out.push(g);
      yield g;
    }
  }
}
