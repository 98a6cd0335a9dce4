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
import { larger, locateGrids } from './locate.js';
import { stretchImage, type Stretch } from '../../core/stretch.js';

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
  const a = axes(image, grid);
  return a && clearlyApart(a.fits(ownPitch), grid);
}

/** The cells two axes' own fits make when they drift apart over the grid and each is clear of the other's spacing; else null. */
function clearlyApart(f: { x: PitchFit; y: PitchFit }, grid: Grid): CellAspect | null {
  const { x: xf, y: yf } = f;
  if (Math.abs(xf.best - yf.best) * Math.max(grid.cols, grid.rows) < DRIFT) return null;
  if (!clear(xf, yf.best) || !clear(yf, xf.best)) return null;
  return { width: xf.best, height: yf.best };
}

/** Each axis of a grid (4 cells each way at least) fitted on its own over the grid's extent; null for a smaller grid. */
function axisFits(image: RgbaImage, grid: Grid, fit: (profile: Float64Array, lat: Lattice) => PitchFit = ownPitch): { x: PitchFit; y: PitchFit } | null {
  return axes(image, grid)?.fits(fit) ?? null;
}

/**
 * A grid's edge profiles across and down (each over the grid's extent and a pitch beyond), to fit
 * each axis's own spacing on, as often as asked; null for a grid under 4 cells either way.
 */
function axes(image: RgbaImage, grid: Grid): { fits: (fit: (profile: Float64Array, lat: Lattice) => PitchFit) => { x: PitchFit; y: PitchFit } } | null {
  const W = image.width, H = image.height, p = grid.pitch;
  if (grid.cols < 4 || grid.rows < 4) return null;
  const right = grid.left + grid.cols * p, bottom = grid.top + grid.rows * p;
  const px = words(image);
  const ev = edgeMap(image, px);
  const y0 = Math.max(0, Math.round(grid.top)), y1 = Math.min(H - 1, Math.round(bottom));
  const x0 = Math.max(0, Math.round(grid.left)), x1 = Math.min(W - 1, Math.round(right));
  const cp = columnProfile(ev, W, y0, y1, Math.max(0, Math.floor(grid.left - p)), Math.min(W - 1, Math.ceil(right + p)), true);
  const rp = rowProfile(image, px, x0, x1, Math.max(0, Math.floor(grid.top - p)), Math.min(H - 1, Math.ceil(bottom + p)), true).sharp;
  return { fits: (fit) => ({ x: fit(cp, { pitch: p, first: grid.left, count: grid.cols + 1 }), y: fit(rp, { pitch: p, first: grid.top, count: grid.rows + 1 }) }) };
}

/**
 * Cells a grid's lattice and one axis's own spacing would make, where that spacing is at least
 * ROUGH off the lattice's pitch: the other axis taken at the lattice's pitch (the locator fitted
 * it there to a fraction of a pixel). Mid-game, where open areas draw few lines, neither axis is
 * clearly its own (unsquareCells says null); these are only guesses, each to be confirmed.
 */
function roughCells(image: RgbaImage, grid: Grid): Guess[] {
  const f = axisFits(image, grid);
  if (!f) return [];
  const p = grid.pitch, out: Guess[] = [];
  if (f.y.top > 0 && Math.abs(f.y.best - p) >= ROUGH * p) out.push({ cells: { width: p, height: f.y.best }, axis: 'y' });
  if (f.x.top > 0 && Math.abs(f.x.best - p) >= ROUGH * p) out.push({ cells: { width: f.x.best, height: p }, axis: 'x' });
  return out;
}

/**
 * The axis a board found in part is short along (a strip 9 cells across and 3 down: its rows):
 * the lattice's pitch is its long axis's spacing, fitted over every line, and only the short
 * axis's own spacing can be a guess of cells that are not square.
 */
function shortAxis(g: Grid): 'x' | 'y' {
  return g.cols > g.rows ? 'y' : 'x';
}

/** Guesses that differ (by more than half a percent, or in their axis). */
function distinct(guesses: Guess[]): Guess[] {
  const out: Guess[] = [];
  for (const g of guesses) {
    if (!out.some((o) => o.axis === g.axis && Math.abs(o.cells.width / o.cells.height / (g.cells.width / g.cells.height) - 1) < 0.005)) out.push(g);
  }
  return out;
}

/** Cells guessed, and the axis whose own spacing the guess took. */
interface Guess {
  cells: CellAspect;
  axis: 'x' | 'y';
}

/**
 * A guess measured again where the board shows whole: stretched by the guess, the board is found
 * in one piece, and the guessed axis's spacing is fitted over all of it (within 3% of the
 * stretched board's pitch), twice. A won board of 16 by 17 px cells guessed at 16 by 16.5 or 17.3
 * (its numbers' strokes repeat too) comes to 17.0; null when no board shows stretched.
 */
function remeasured(image: RgbaImage, guess: Guess): CellAspect | null {
  let cells = guess.cells;
  for (let round = 0; round < 2; round++) {
    const stretch = stretchOf(cells);
    const view = stretchImage(image, stretch);
    const grids = locateGrids(view);
    const f = grids.length ? axisFits(view, grids.reduce(larger), fitPitch) : null;
    if (!f) return null;
    const own = f[guess.axis].best / stretch[guess.axis];
    cells = guess.axis === 'y' ? { ...cells, height: own } : { ...cells, width: own };
  }
  return cells;
}

/** Cells no further off square than a board stretched to a window has been seen (27 by 31 px). */
function plausible(cells: CellAspect): boolean {
  const r = cells.width / cells.height;
  return r >= 1 / MAX_ASPECT && r <= MAX_ASPECT;
}

const MAX_ASPECT = 1.25;

/**
 * A board found in a stretched view is square: its columns and rows, each fitted on its own
 * within 3% of its pitch, drift apart by less than DRIFT over it (whether or not either is clear).
 */
function squareIn(view: RgbaImage, h: Grid): boolean {
  const a = axes(view, h);
  if (!a) return false;
  const f = a.fits(fitPitch);
  return Math.abs(f.x.best - f.y.best) * Math.max(h.cols, h.rows) < DRIFT && clearlyApart(a.fits(ownPitch), h) === null;
}

/** The stretch that makes cells square: their shorter side stretched to the longer. */
function stretchOf(cells: CellAspect): Stretch {
  const side = Math.max(cells.width, cells.height);
  return { x: side / cells.width, y: side / cells.height };
}

/** A rough guess of cells not square must be this far off square (a share of the pitch). */
const ROUGH = 0.03;

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

/** How a board of cells that are not square is read: stretched along its shorter side. */
export interface Squaring {
  /** The cells as found. */
  cells: CellAspect;
  /** The stretch that makes them square (1 along the longer side). */
  stretch: Stretch;
}

/** Boards this many cells across or down at least (and 2 the other way) are looked at. */
const MIN_CELLS = 4;
/** The stretched board's pitch must lie this close (a share) to the cells' longer side. */
const PITCH_CLOSE = 0.05;

/**
 * The stretch under which a board found whose cells are not square reads as a board of square
 * cells, or null: none found, its cells square, or no stretched image shows such a board (square,
 * its pitch the cells' longer side). The cells are measured on the board found (or on it grown to
 * as many rows as columns, when found in part), and the stretched board must hold as many cells as
 * found or more. Where neither axis is clearly its own (mid-game: a won board found in strips 3
 * and 4 rows deep), its short axis's own spacing is a guess, measured again where the stretched
 * board shows whole, and counts only when the stretched board holds more cells than any board
 * found unstretched; guesses that square it in different ways leave it unsquared.
 */
export function squaring(image: RgbaImage): Squaring | null {
  const found = locateGrids(image);
  const most = Math.max(0, ...found.map((g) => g.cols * g.rows));
  for (const g of found.filter((x) => Math.max(x.cols, x.rows) >= MIN_CELLS && Math.min(x.cols, x.rows) >= 2).slice(0, 3)) {
    if (alternating(image, g)) continue;
    const ways = grownWays(g, image);
    const clearCells = [g, ...ways].reduce<CellAspect | null>((a, w) => a ?? unsquareCells(image, w), null);
    const guesses = clearCells
      ? [{ cells: clearCells, beyond: cellsSpanned(g, clearCells) - 1 }]
      : distinct(ways.flatMap((w) => roughCells(image, w)).filter((x) => x.axis === shortAxis(g) || g.cols === g.rows)).flatMap((guess) => {
          const cells = remeasured(image, guess);
          return cells ? [{ cells, beyond: most }] : [];
        });
    const taken = guesses.filter((x) => plausible(x.cells) && shownSquare(image, x.cells, x.beyond));
    // (guesses that square the board in different ways leave it unsure which: none is taken)
    const first = taken[0];
    if (first && taken.every((x) => Math.abs(aspect(x.cells) / aspect(first.cells) - 1) < AGREE)) return { cells: first.cells, stretch: stretchOf(first.cells) };
    if (first) return null;
  }
  return null;
}

/**
 * How many cells of the size measured the found lattice's extent spans. The lattice has one pitch,
 * near the cells' shorter side, so along their longer side it counts more lines than the board
 * has cells: a fresh 16x16 board of tiles 22 px apart across and 24 down was found as 16x17 at
 * 22 px, and the squared board (16x16 at 24 px) was refused for holding fewer than the 272 cells
 * found; the run was then refused as not square. Counted in cells of the measured size, the
 * found board is the 16x16 the squared one must hold.
 */
function cellsSpanned(g: Grid, cells: CellAspect): number {
  const across = Math.max(1, Math.round((g.cols * g.pitch) / cells.width));
  const down = Math.max(1, Math.round((g.rows * g.pitch) / cells.height));
  return across * down;
}

/**
 * Whether most cells of a grid differ in level from the cell beside them, the same way by parity
 * (a checkerboard of two shades, Google-style): its squares' own edges are no lines between cells to measure cells by
 * (a fresh one at 31.6 px measured 32.4 by 30.7), and it is never stretched.
 */
function alternating(image: RgbaImage, g: Grid): boolean {
  const level = (c: number, r: number): number => {
    let sum = 0, n = 0;
    const x0 = Math.round(g.left + (c + 0.25) * g.pitch), y0 = Math.round(g.top + (r + 0.25) * g.pitch), k = Math.max(1, Math.round(g.pitch / 2));
    for (let y = Math.max(0, y0); y < Math.min(image.height, y0 + k); y++) {
      for (let x = Math.max(0, x0); x < Math.min(image.width, x0 + k); x++) {
        const o = (y * image.width + x) * 4;
        sum += image.data[o]! + image.data[o + 1]! + image.data[o + 2]!;
        n++;
      }
    }
    return n ? sum / (3 * n) : 0;
  };
  // (by parity: on a checkerboard the lighter cell of a pair is on the same colour of square each
  // time; numbers and opened cells beside covered ones differ in either direction)
  let pairs = 0, lighter = 0, darker = 0;
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c + 1 < g.cols; c++) {
      pairs++;
      const d = ((c + r) % 2 ? -1 : 1) * (level(c, r) - level(c + 1, r));
      if (d >= CHECKER_STEP) lighter++;
      else if (d <= -CHECKER_STEP) darker++;
    }
  }
  return pairs > 0 && Math.max(lighter, darker) >= CHECKER_SHARE * pairs;
}

/** Cells beside each other this many levels apart differ (a checkerboard's shades: 8-20 apart). */
const CHECKER_STEP = 6;
/** A grid whose cells differ from the one beside them in this share of pairs is a checkerboard. */
const CHECKER_SHARE = 0.6;

/** Guesses of one board's cells this close (a share of their aspect) agree. */
const AGREE = 0.01;

function aspect(cells: CellAspect): number {
  return cells.width / cells.height;
}

/**
 * Whether the image stretched to make `cells` square shows a board of square cells (PITCH_CLOSE to
 * their longer side, squareIn) of more than `beyond` cells.
 */
function shownSquare(image: RgbaImage, cells: CellAspect, beyond: number): boolean {
  const side = Math.max(cells.width, cells.height);
  const view = stretchImage(image, stretchOf(cells));
  return locateGrids(view).some((h) => h.cols * h.rows > beyond && Math.abs(h.pitch - side) <= PITCH_CLOSE * side && squareIn(view, h));
}

/**
 * A board found in part grown to as many rows as columns (or columns as rows), inside the image:
 * about its middle, then on from its start, then back from its end. Mid-game, a board of cells
 * that are not square is found in strips a few rows deep (its open areas draw no lines), too short
 * for the rows' own spacing to show, and the strip may be the board's first rows or its last.
 */
function grownWays(g: Grid, image: RgbaImage): Grid[] {
  const n = Math.max(g.cols, g.rows);
  const fit = (start: number, count: number, size: number, before: number): { start: number; count: number } => {
    const want = Math.max(count, Math.min(n, Math.floor(size / g.pitch)));
    const s = Math.min(start - (want - count) * g.pitch * before, size - want * g.pitch);
    return { start: Math.max(0, s), count: want };
  };
  const out: Grid[] = [];
  for (const before of [0.5, 0, 1]) {
    const x = fit(g.left, g.cols, image.width, before), y = fit(g.top, g.rows, image.height, before);
    const grid = { ...g, left: x.start, cols: x.count, top: y.start, rows: y.count };
    if (!out.some((o) => o.left === grid.left && o.top === grid.top)) out.push(grid);
  }
  return out;
}
