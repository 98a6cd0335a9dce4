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
// Bands that repeat lines already used (a subset of a board's rows) are skipped. The reader
// then confirms a candidate by classifying its cells, aligns it to the sprites and trims or
// extends it by whole rows/columns (read.ts).

import type { RgbaImage } from './image.js';
import type { Grid } from './geometry.js';
import { columnProfile, edgeMap, rowProfile, verticalSegments, words, type Segment } from './locate-edges.js';
import { extendEnds, fitLattice, peaks, twoScalePeaks } from './locate-lattice.js';

const STRONG = 0.72;

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

/** Positions of a grid's lines, from `first`, `count` of them. */
const lines = (first: number, pitch: number, count: number): number[] => Array.from({ length: count }, (_, k) => first + k * pitch);

/** Whether lattice b has lines where lattice a has them (the same phase, within a few px). */
function samePhase(a: number, b: number, pitch: number): boolean {
  const d = (((a - b) % pitch) + pitch) % pitch;
  return Math.min(d, pitch - d) <= Math.max(1.5, 0.08 * pitch);
}

/**
 * A lattice found in one band of lines spans only the rows whose boundaries were unbroken there
 * (a board with regions of low-contrast cells comes out in pieces): refit its columns over all
 * the rows found, then its rows over all the columns found, as long as either grows. `searched`:
 * the rows already searched for row lines over these columns.
 */
function grow(g: Grid, searched: [number, number], image: RgbaImage, px: Uint32Array, ev: Uint8Array): Grid {
  const W = image.width, H = image.height;
  let [sy0, sy1] = searched;
  for (let round = 0; round < 4; round++) {
    const p = g.pitch;
    const bottom = g.top + g.rows * p, right = g.left + g.cols * p;
    const colProf = columnProfile(ev, W, Math.max(0, Math.round(g.top + p / 4)), Math.min(H - 1, Math.round(bottom - p / 4)), 0, W - 1);
    const fit = fitLattice(peaks(colProf, STRONG), lines(g.left, p, g.cols + 1), 0.97 * p, 1.03 * p);
    const xl = fit && extendEnds(fit, colProf, STRONG);
    const wider = xl && xl.count - 1 > g.cols && samePhase(xl.first, g.left, p) && xl.first <= g.left + p / 2 && xl.first + (xl.count - 1) * xl.pitch >= right - p / 2;
    if (wider) g = { ...g, left: xl.first, pitch: xl.pitch, cols: xl.count - 1, scale: xl.pitch / 16 };
    // the rows again where the columns changed, or the rows found reach the end of the search
    else if ((sy0 === 0 || g.top - 2 * p >= sy0) && (sy1 === H - 1 || bottom + 2 * p <= sy1)) break;
    const reach = Math.max(4, g.rows) * g.pitch;
    sy0 = Math.max(0, Math.round(g.top - reach));
    sy1 = Math.min(H - 1, Math.round(bottom + reach));
    const x0 = Math.max(0, Math.round(g.left + g.pitch / 4)), x1 = Math.min(W - 1, Math.round(g.left + g.cols * g.pitch - g.pitch / 4));
    const rp = rowProfile(image, px, x0, x1, sy0, sy1);
    const yl = fitLattice(twoScalePeaks(rp.sharp, rp.wide, STRONG), lines(g.top, g.pitch, g.rows + 1), g.pitch, g.pitch, g.pitch);
    const taller = yl && yl.count - 1 > g.rows && samePhase(yl.first, g.top, g.pitch) && yl.first <= g.top + g.pitch / 2 && yl.first + (yl.count - 1) * g.pitch >= bottom - g.pitch / 2;
    if (taller) g = { ...g, top: yl.first, rows: yl.count - 1 };
    else if (!wider) break;
  }
  return g;
}

/**
 * Candidate grids, most plausible first. `scale` is left at pitch/16 here; the reader sets it
 * from the skin's own pitch.
 */
export function locateGrids(image: RgbaImage, options: LocateOptions = {}): Grid[] {
  return [...iterateGrids(image, options)];
}

/** The same candidates, worked out one at a time (a reader that is satisfied stops early). */
export function* iterateGrids(image: RgbaImage, options: LocateOptions = {}): Generator<Grid> {
  const minPitch = options.minPitch ?? 8;
  const maxPitch = options.maxPitch ?? 128;
  const W = image.width, H = image.height;
  const px = words(image);
  const ev = edgeMap(image, px);
  const segs = verticalSegments(ev, W, H);
  const bands = candidateBands(segs);
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
    // nor does a band inside a grid already found
    const inside = out.some(
      (g) => band.y0 >= g.top - g.pitch && band.y1 <= g.top + (g.rows + 1) * g.pitch && seeds[0]! >= g.left - g.pitch && seeds[seeds.length - 1]! <= g.left + (g.cols + 1) * g.pitch,
    );
    if (repeat || inside) continue;
    done.push({ y0: band.y0, y1: band.y1, seeds });
    // the profile only where the lattice can be: around the seeds
    const gaps = seeds.slice(1).map((x, i) => x - seeds[i]!).sort((a, b) => a - b);
    const reach = 3 * Math.min(maxPitch, gaps[gaps.length >> 1] ?? maxPitch);
    const colProf = columnProfile(ev, W, band.y0, band.y1, Math.max(0, Math.floor(seeds[0]! - reach)), Math.min(W - 1, Math.ceil(seeds[seeds.length - 1]! + reach)));
    const colPeaks = peaks(colProf, STRONG);
    const fit = fitLattice(colPeaks, seeds, minPitch, maxPitch);
    if (!fit || fit.count < 3) continue;
    const xl = extendEnds(fit, colProf, STRONG);
    const p = xl.pitch;
    // a peak is centred on the boundary within about half a pixel (read.ts refines it)
    const left = xl.first;
    const cols = xl.count - 1;
    const x0 = Math.max(0, Math.round(left + p * 0.25));
    const x1 = Math.min(W - 1, Math.round(left + cols * p - p * 0.25));
    const span = band.y1 - band.y0;
    const searched: [number, number] = [Math.max(0, Math.round(band.y0 - span / 4 - 2 * p)), Math.min(H - 1, Math.round(band.y1 + span / 4 + 2 * p))];
    const rowProf = rowProfile(image, px, x0, x1, searched[0], searched[1]);
    const rowPeaks = twoScalePeaks(rowProf.sharp, rowProf.wide, STRONG);
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
    const g = grow({ left, top, pitch: p, cols, rows, scale: p / 16 }, searched, image, px, ev);
    if (!out.some((o) => Math.abs(o.left - g.left) < 2 && Math.abs(o.top - g.top) < 2 && o.cols === g.cols && o.rows === g.rows)) {
      out.push(g);
      yield g;
    }
  }
}
