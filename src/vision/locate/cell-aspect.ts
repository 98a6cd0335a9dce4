// Cells that are not square. minebot reads boards of square cells (one pitch for both axes:
// src/vision/geometry.ts). A board whose rows repeat at another spacing than its columns (an HTML
// table of buttons 36 px wide in rows 37 px tall) is found with one pitch between the two, and
// its cells drift off the lattice a little more each row: half of them then look unlike the rest,
// and the start was refused as "not a fresh game", a new game clicked for nothing. Measured here
// on its own, each axis at the spacing its edges repeat best, so the refusal can say why.
import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { columnProfile, edgeMap, rowProfile, words } from './locate-edges.js';
import { fitPitch, type Lattice, type PitchFit } from './locate-lattice.js';

/** Axes whose own pitches differ by at least this many pixels over the board (a whole pixel at its far edge). */
const DRIFT = 1.5;
/** Each axis's own best must be clear: at the other axis's pitch it loses at least this share of its match. */
const CLEAR = 0.2;

export interface CellAspect {
  width: number;
  height: number;
}

/**
 * The cells' width and height when the board's columns and rows repeat at clearly different
 * spacings (each axis fitted on its own over the grid's extent, within 3% of its pitch); null
 * when they agree, or when either axis has no clear spacing of its own.
 */
export function unsquareCells(image: RgbaImage, grid: Grid): CellAspect | null {
  const W = image.width, H = image.height, p = grid.pitch;
  if (grid.cols < 4 || grid.rows < 4) return null;
  const right = grid.left + grid.cols * p, bottom = grid.top + grid.rows * p;
  const px = words(image);
  const ev = edgeMap(image, px);
  const y0 = Math.max(0, Math.round(grid.top)), y1 = Math.min(H - 1, Math.round(bottom));
  const x0 = Math.max(0, Math.round(grid.left)), x1 = Math.min(W - 1, Math.round(right));
  const cp = columnProfile(ev, W, y0, y1, Math.max(0, Math.floor(grid.left - p)), Math.min(W - 1, Math.ceil(right + p)), true);
  const rp = rowProfile(image, px, x0, x1, Math.max(0, Math.floor(grid.top - p)), Math.min(H - 1, Math.ceil(bottom + p)), true).sharp;
  const xf = ownPitch(cp, { pitch: p, first: grid.left, count: grid.cols + 1 });
  const yf = ownPitch(rp, { pitch: p, first: grid.top, count: grid.rows + 1 });
  if (Math.abs(xf.best - yf.best) * Math.max(grid.cols, grid.rows) < DRIFT) return null;
  if (!clear(xf, yf.best) || !clear(yf, xf.best)) return null;
  return { width: xf.best, height: yf.best };
}

/**
 * Where an axis's own pitch is first looked for, as shares of the lattice's pitch: fitPitch
 * searches within 3% of each, so together they reach 8.5% either side. Cells 5-6% off square (a
 * board stretched to fill a window's width and height, 89 by 84 px) have the other axis's spacing
 * past the first 3%, where the profile matches itself nowhere; recentring on a best at the edge
 * of that range never began, and the refusal of the part found said nothing of why.
 */
const WINDOWS = [1, 1 - 0.055, 1 + 0.055];

/**
 * An axis fitted on its own: the best of fitPitch over each of WINDOWS, the search then centred
 * again on its best while that best lies at the edge of the range (rows 29 px apart under a
 * lattice of 30: 3.3% off; a board found in part, its rows drifting off the lattice).
 */
function ownPitch(profile: Float64Array, lat: Lattice): PitchFit {
  let fit = WINDOWS.map((k) => fitPitch(profile, { ...lat, pitch: lat.pitch * k })).reduce((a, b) => (b.top > a.top ? b : a));
  for (let k = 0; k < 2 && Math.abs(fit.best - fit.pitch) >= EDGE * fit.pitch; k++) {
    const next = fitPitch(profile, { ...lat, pitch: fit.best });
    if (!(next.top > fit.top)) break;
    fit = next;
  }
  return fit;
}

/** A best this far from the pitch searched around (a share of it) lies at the edge of fitPitch's range. */
const EDGE = 0.025;

/** Whether an axis's own best pitch is clearly better than `other` for it. */
function clear(fit: PitchFit, other: number): boolean {
  return fit.top > 0 && 1 - fit.score(other) / fit.top >= CLEAR;
}
