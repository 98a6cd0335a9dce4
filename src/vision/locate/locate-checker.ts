// Finding a board of two covered looks in a checkerboard: light and dark squares drawn edge to
// edge with no lines between them (Google's Minesweeper and the many games drawn after it). Such
// a board repeats every two cells across and down, and diagonally every one; the repeating
// locator (locate-repeat.ts) finds that and hands the pitch and the rough area here. Its squares
// may be flat, so the board is found tile by tile rather than pixel by pixel:
//  1. the lattice's phase: where, within a cell, the steps between squares fall most often;
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
/** A step between squares: this much luma between neighbouring pixels. */
const STEP = 3;
/** Share of a lattice line inside the board along which the squares must step. */
const LINE_SHARE = 0.9;
/** Cells a side, at least. */
const MIN_CELLS = 3;

type Rgb = [number, number, number];

/** The phase (0..p-1) of the lattice along one axis: where steps in luma most often begin a square. */
function phaseOf(L: Uint8Array, W: number, p: number, span: [number, number], across: [number, number], vertical: boolean): number {
  const hist = new Float64Array(p);
  for (let o = across[0]; o <= across[1]; o++) {
    for (let k = span[0]; k < span[1]; k++) {
      const i = vertical ? k * W + o : o * W + k;
      const j = vertical ? i + W : i + 1;
      if (Math.abs(L[i]! - L[j]!) >= STEP) hist[(k + 1) % p]++;
    }
  }
  let best = 0;
  for (let k = 1; k < p; k++) if (hist[k]! > hist[best]!) best = k;
  return best;
}

function meanColour(image: RgbaImage, x0: number, y0: number, p: number): Rgb {
  const d = Math.max(1, Math.round(p * INSET));
  const s: Rgb = [0, 0, 0];
  let n = 0;
  for (let y = y0 + d; y < y0 + p - d; y++) {
    for (let x = x0 + d, k = (y * image.width + x) * 4; x < x0 + p - d; x++, k += 4) {
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
  const px = phaseOf(L, W, p, xs, ys, false);
  const py = phaseOf(L, W, p, ys, xs, true);
  const cols = Math.floor((W - px) / p), rows = Math.floor((H - py) / p);
  if (cols < MIN_CELLS || rows < MIN_CELLS) return null;
  const tile: Rgb[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) tile.push(meanColour(image, px + c * p, py + r * p, p));
  const at = (c: number, r: number): Rgb => tile[r * cols + c]!;
  // a tile keeps the pattern with its neighbours along a line: like the one two on, unlike the next
  const keeps = (c: number, r: number, dc: number, dr: number): boolean => {
    const c1 = c + dc, r1 = r + dr, c2 = c + 2 * dc, r2 = r + 2 * dr;
    if (c2 < 0 || r2 < 0 || c2 >= cols || r2 >= rows) return false;
    return differ(at(c, r), at(c2, r2)) <= ALIKE && differ(at(c, r), at(c1, r1)) >= UNLIKE;
  };
  const c0 = Math.min(cols - 1, Math.max(0, Math.floor(((xs[0] + xs[1]) / 2 - px) / p)));
  const r0 = Math.min(rows - 1, Math.max(0, Math.floor(((ys[0] + ys[1]) / 2 - py) / p)));
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
  const grid = { left: px + across[0] * p, top: py + down[0] * p, pitch: p, cols: across[1] - across[0] + 1, rows: down[1] - down[0] + 1, scale: p / 16 };
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
  const x0 = g.left, y0 = g.top, w = g.cols * g.pitch, h = g.rows * g.pitch;
  for (let c = 1; c < g.cols; c++) {
    const x = x0 + c * g.pitch;
    if (!steps((k) => [(y0 + k) * W + x - 2, (y0 + k) * W + x + 1], h)) return false;
  }
  for (let r = 1; r < g.rows; r++) {
    const y = y0 + r * g.pitch;
    if (!steps((k) => [(y - 2) * W + x0 + k, (y + 1) * W + x0 + k], w)) return false;
  }
  return true;
}
