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

const EDGE = 20;
const MIN_RUN = 40;
const GAP = 4;
const STRONG = 0.72;

export interface LocateOptions {
  minPitch?: number;
  maxPitch?: number;
}

interface Segment {
  x: number;
  y0: number;
  y1: number; // inclusive
}

/** Luma ((R + 2G + B) / 4, 0..255) of an image, computed row by row as rows are asked for. */
class LazyLuma {
  readonly L: Uint8Array;
  private readonly done: Uint8Array;
  constructor(private readonly image: RgbaImage) {
    this.L = new Uint8Array(image.width * image.height);
    this.done = new Uint8Array(image.height);
  }
  rows(y0: number, y1: number): Uint8Array {
    const { width: W, data: d } = this.image;
    for (let y = Math.max(0, y0); y <= Math.min(this.image.height - 1, y1); y++) {
      if (this.done[y]) continue;
      this.done[y] = 1;
      for (let x = 0, i = y * W, o = i * 4; x < W; x++, i++, o += 4) this.L[i] = (d[o]! + (d[o + 1]! << 1) + d[o + 2]!) >> 2;
    }
    return this.L;
  }
}

/** Rows of the vertical-edge map: every ROW_STEP-th image row (long lines lose nothing). */
const ROW_STEP = 2;

/**
 * Vertical-edge map of every ROW_STEP-th row: the pixels markEdges would mark, widened by one
 * pixel each way (where the step sits on a cell boundary shifts by a pixel with the kinds of
 * cells on either side, and a line must stay one unbroken run). One pass per row; edges are
 * sparse, so the marking costs little.
 */
function edgeMap(luma: LazyLuma, W: number, H: number): Uint8Array {
  const rows = Math.ceil(H / ROW_STEP);
  const map = new Uint8Array(W * rows);
  for (let r = 0; r < rows; r++) {
    const y = r * ROW_STEP;
    const L = luma.rows(y, y);
    const base = y * W, out = r * W;
    let prev2 = L[base]!, prev = L[base]!;
    for (let i = 1; i < W; i++) {
      const v = L[base + i]!;
      const d1 = v - prev;
      let lo = 0, hi = -1;
      if (d1 >= EDGE || d1 <= -EDGE) {
        lo = i - 2;
        hi = i + 1;
      } else if (i >= 2) {
        const d2 = v - prev2;
        if (d2 >= 2 * EDGE || d2 <= -2 * EDGE) {
          lo = i - 3;
          hi = i + 1;
        } else if (d2 >= EDGE || d2 <= -EDGE) {
          lo = i - 2;
          hi = i;
        }
      }
      if (hi >= 0) for (let x = Math.max(0, lo); x <= Math.min(W - 1, hi); x++) map[out + x] = 1;
      prev2 = prev;
      prev = v;
    }
  }
  return map;
}

/** Vertical-edge runs (gaps of up to GAP px bridged), in image rows. */
function verticalSegments(ev: Uint8Array, W: number, H: number): Segment[] {
  const rows = Math.ceil(H / ROW_STEP);
  const gap = Math.ceil(GAP / ROW_STEP);
  const minRun = Math.ceil(MIN_RUN / ROW_STEP);
  const start = new Int32Array(W).fill(-1);
  const last = new Int32Array(W).fill(-1000);
  const segs: Segment[] = [];
  const push = (x: number): void => {
    if (start[x]! >= 0 && last[x]! - start[x]! + 1 >= minRun) segs.push({ x, y0: start[x]! * ROW_STEP, y1: last[x]! * ROW_STEP });
  };
  for (let r = 0; r < rows; r++) {
    const row = r * W;
    for (let x = 0; x < W; x++) {
      if (ev[row + x]) {
        if (start[x]! < 0 || r - last[x]! > gap + 1) {
          push(x);
          start[x] = r;
        }
        last[x] = r;
      }
    }
  }
  for (let x = 0; x < W; x++) push(x);
  return segs;
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

/** Peak centres of a profile: maximal runs of values ≥ threshold, weighted centre. */
function peaks(profile: Float64Array, threshold: number): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < profile.length) {
    if (profile[i]! >= threshold) {
      let j = i, wsum = 0, xsum = 0;
      while (j < profile.length && profile[j]! >= threshold) {
        wsum += profile[j]!;
        xsum += profile[j]! * j;
        j++;
      }
      out.push(xsum / wsum);
      i = j;
    } else i++;
  }
  return out;
}

interface Lattice {
  phase: number;
  pitch: number;
  first: number; // position of the first line
  count: number; // number of lines (cells + 1)
}

/** Index of the peak nearest to `want` within `tol`, or -1 (peaks sorted ascending). */
function nearest(pk: number[], want: number, tol: number): number {
  let lo = 0, hi = pk.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pk[mid]! < want) lo = mid + 1;
    else hi = mid;
  }
  let best = -1, bd = tol;
  for (const i of [lo - 1, lo]) {
    if (i >= 0 && i < pk.length && Math.abs(pk[i]! - want) <= bd) { bd = Math.abs(pk[i]! - want); best = i; }
  }
  return best;
}

/**
 * The longest run of evenly spaced peaks through one of the seed lines. Pitches to try come
 * from the gaps between neighbouring seeds (or are given); the lattice is walked both ways
 * from each seed and the pitch refined by least squares over the run.
 */
function fitLattice(pk: number[], seeds: number[], minPitch: number, maxPitch: number, fixedPitch?: number): Lattice | null {
  if (pk.length < 2) return null;
  const pitches = new Set<number>();
  if (fixedPitch) pitches.add(fixedPitch);
  else {
    for (let i = 1; i < seeds.length; i++) {
      for (let j = i - 1; j >= 0 && j >= i - 2; j--) {
        const d = seeds[i]! - seeds[j]!;
        if (d >= minPitch && d <= maxPitch) pitches.add(Math.round(d * 4) / 4);
      }
    }
  }
  let best: Lattice | null = null;
  let bestScore = -Infinity;
  const tried = new Set<string>();
  for (const p0 of pitches) {
    const tol = Math.max(1.5, p0 * 0.08);
    for (const seed of seeds) {
      const s = nearest(pk, seed, Math.max(tol, p0 / 4));
      if (s < 0) continue;
      const key = `${p0}:${s}`;
      if (tried.has(key)) continue;
      tried.add(key);
      const run: { k: number; x: number }[] = [{ k: 0, x: pk[s]! }];
      for (const dir of [1, -1]) {
        // predict from the seed with the pitch measured so far, so that wide lines (two edge
        // peaks a few px apart) do not make the walk drift
        let k = 0, pEst = p0;
        const x0 = pk[s]!;
        for (;;) {
          const hit = nearest(pk, x0 + (k + dir) * pEst, tol);
          if (hit < 0) break;
          k += dir;
          run.push({ k, x: pk[hit]! });
          if (!fixedPitch && Math.abs(k) >= 2) pEst = (pk[hit]! - x0) / k;
        }
      }
      if (run.length < 3) continue;
      let sk = 0, sx = 0, skk = 0, skx = 0;
      for (const r of run) { sk += r.k; sx += r.x; skk += r.k * r.k; skx += r.k * r.x; }
      const n = run.length;
      const p = fixedPitch ?? (n * skx - sk * sx) / (n * skk - sk * sk);
      const a = (sx - p * sk) / n;
      let kmin = 0;
      for (const r of run) kmin = Math.min(kmin, r.k);
      const score = n - 0.001 * Math.abs(p - p0);
      if (score > bestScore) {
        bestScore = score;
        best = { phase: a, pitch: p, first: a + kmin * p, count: n };
      }
    }
  }
  return best;
}

/** Share of the (sampled) rows y0..y1 with a vertical edge, for columns x0..x1 (others 0). */
function columnProfile(ev: Uint8Array, W: number, y0: number, y1: number, x0: number, x1: number): Float64Array {
  const prof = new Float64Array(W);
  const r0 = Math.ceil(y0 / ROW_STEP), r1 = Math.floor(y1 / ROW_STEP);
  for (let r = r0; r <= r1; r++) {
    const row = r * W;
    for (let x = x0; x <= x1; x++) prof[x]! += ev[row + x]!;
  }
  const n = Math.max(1, r1 - r0 + 1);
  for (let x = x0; x <= x1; x++) prof[x] = prof[x]! / n;
  return prof;
}

/**
 * Share of the columns x0..x1 with a horizontal edge at each row of y0..y1 (other rows 0),
 * marking the pixels on both sides of a luminance step ≥ EDGE (seen over one or two pixels, so
 * a blurred edge counts), walking the image row by row (cache-friendly).
 */
function rowProfile(luma: LazyLuma, W: number, H: number, x0: number, x1: number, y0: number, y1: number): Float64Array {
  const L = luma.rows(y0 - 2, y1);
  const prof = new Float64Array(H);
  const n = x1 - x0 + 1;
  const marks = new Uint8Array((y1 - y0 + 1) * n);
  for (let y = Math.max(y0, 1); y <= y1; y++) {
    const r = y * W, r1 = (y - 1) * W, r2 = (y - 2) * W;
    const m = (y - y0) * n, m1 = m - n, m2 = m - 2 * n;
    for (let x = x0; x <= x1; x++) {
      const v = L[r + x]!;
      const d1 = v - L[r1 + x]!;
      const k = x - x0;
      if (d1 >= EDGE || d1 <= -EDGE) {
        marks[m + k] = 1;
        if (m1 >= 0) marks[m1 + k] = 1;
      } else if (y >= 2) {
        const d2 = v - L[r2 + x]!;
        if (d2 >= EDGE || d2 <= -EDGE) {
          if (m1 >= 0) marks[m1 + k] = 1;
          if (d2 >= 2 * EDGE || d2 <= -2 * EDGE) {
            marks[m + k] = 1;
            if (m2 >= 0) marks[m2 + k] = 1;
          }
        }
      }
    }
  }
  for (let y = y0; y <= y1; y++) {
    let sum = 0;
    const m = (y - y0) * n;
    for (let k = 0; k < n; k++) sum += marks[m + k]!;
    prof[y] = sum / n;
  }
  return prof;
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
  const L = new LazyLuma(image);
  const ev = edgeMap(L, W, H);
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
    const xl = fitLattice(colPeaks, seeds, minPitch, maxPitch);
    if (!xl || xl.count < 3) continue;
    const p = xl.pitch;
    // a peak is centred on the boundary within about half a pixel (read.ts refines it)
    const left = xl.first;
    const cols = xl.count - 1;
    const x0 = Math.max(0, Math.round(left + p * 0.25));
    const x1 = Math.min(W - 1, Math.round(left + cols * p - p * 0.25));
    const span = band.y1 - band.y0;
    const rowProf = rowProfile(L, W, H, x0, x1, Math.max(0, Math.round(band.y0 - span / 4 - 2 * p)), Math.min(H - 1, Math.round(band.y1 + span / 4 + 2 * p)));
    const rowPeaks = peaks(rowProf, STRONG);
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
    const g: Grid = { left, top, pitch: p, cols, rows, scale: p / 16 };
    if (!out.some((o) => Math.abs(o.left - g.left) < 2 && Math.abs(o.top - g.top) < 2 && o.cols === g.cols && o.rows === g.rows)) {
      out.push(g);
      yield g;
    }
  }
}
