// A cell's ground (the colour just inside its edges) and its ink (what is drawn on that ground),
// in frames of a game being learned: a mine on a ground no opened cell has, a number drawn on
// another ground (a glow under the pointer) by its ink. Pure.

import { OPENED } from '../../../core/board.js';
import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import { interiorPixels } from './live-looks.js';

/** A ground counts as none of the opened cells' when it lies at least this far from each (sum over R, G, B)... */
const OFF_GROUND = 60;
/** ... and this many times farther than the opened cells' grounds lie from their nearest other. */
const OFF_SPREAD = 3;
/** The band a cell's ground is taken from: this share of its side in from its edges (past lines and bevels)... */
const RING_FROM = 0.1;
/** ... to this share (short of the middle, where a digit is drawn). */
const RING_TO = 0.22;
/**
 * At most this share of a cell's inside (past RING_FROM) on an opened cell's ground for the cell
 * to be on another ground: a number leaves its ground around and between its strokes, however
 * bold (forrest216/minesweeper's 2, 30 px bitmaps shrunk to 22 px, filled the band groundOf reads
 * and was taken for the mine hit, a skin saved with it as the mine: 0.37 of its inside on the
 * ground); a mine on a square of its own colour or on red shows none of it (0.02 at most measured).
 */
const OFF_GROUND_SHARE = 0.2;

type Rgb = [number, number, number];

const apart = (a: Rgb, b: Rgb): number => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);

/**
 * A cell's ground: the median colour (each of R, G, B) of a band just inside its edges, past the
 * lines and bevels at its edges and short of its middle, where a game draws a digit (a bold digit
 * fills more than half of a classic cell's middle). A mine drawn on a square of its own colour,
 * or on red, has that colour there.
 */
function groundOf(image: RgbaImage, grid: Grid, i: number): Rgb {
  const channels: [number[], number[], number[]] = [[], [], []];
  insideOf(image, grid, i, true, (k) => {
    for (let c = 0; c < 3; c++) channels[c]!.push(image.data[k + c]!);
  });
  const median = (v: number[]): number => (v.length ? v.sort((u, w) => u - w)[v.length >> 1]! : 0);
  return [median(channels[0]), median(channels[1]), median(channels[2])];
}

/** Calls `each` with the index (in bytes) of every pixel of cell `i` past RING_FROM from its edges; with `band`, only those short of RING_TO. */
function insideOf(image: RgbaImage, grid: Grid, i: number, band: boolean, each: (k: number) => void): void {
  const p = grid.pitch;
  const x0 = Math.round(grid.left + (i % grid.cols) * p), y0 = Math.round(grid.top + ((i / grid.cols) | 0) * p);
  const x1 = Math.round(grid.left + ((i % grid.cols) + 1) * p), y1 = Math.round(grid.top + (((i / grid.cols) | 0) + 1) * p);
  const a = Math.max(1, Math.round(p * RING_FROM)), b = Math.max(a + 1, Math.round(p * RING_TO));
  for (let y = Math.max(0, y0 + a); y < Math.min(image.height, y1 - a); y++) {
    for (let x = Math.max(0, x0 + a); x < Math.min(image.width, x1 - a); x++) {
      if (band && Math.min(x - x0, x1 - 1 - x, y - y0, y1 - 1 - y) >= b) continue;
      each((y * image.width + x) * 4);
    }
  }
}

/** Share of cell `i`'s inside (insideOf) within `within` of one of `grounds`. */
function shareOnGrounds(image: RgbaImage, grid: Grid, i: number, grounds: Rgb[], within: number): number {
  let on = 0, all = 0;
  insideOf(image, grid, i, false, (k) => {
    const px: Rgb = [image.data[k]!, image.data[k + 1]!, image.data[k + 2]!];
    all++;
    if (grounds.some((g) => apart(px, g) < within)) on++;
  });
  return all ? on / all : 0;
}

/**
 * Whether cell `i` of `image` is drawn on a ground (groundOf) that none of the `opened` cells of
 * `before` has: far from each, and far beyond how their grounds differ among themselves (textured
 * cells differ by much). A game draws its numbers on the opened ground; a mine on a square of its
 * own colour (Google-style) or on red (the one that blew up, in the classic looks) is drawn on
 * another, and shows little of the opened ground inside it (OFF_GROUND_SHARE). False with fewer
 * than two opened cells.
 */
export function offGround(image: RgbaImage, grid: Grid, i: number, before: RgbaImage, beforeGrid: Grid, opened: number[]): boolean {
  if (opened.length < 2) return false;
  const grounds = opened.map((j) => groundOf(before, beforeGrid, j));
  const spread = Math.max(...grounds.map((a, k) => Math.min(...grounds.map((b, m) => (m === k ? Infinity : apart(a, b))))));
  const own = groundOf(image, grid, i);
  const far = Math.max(OFF_GROUND, OFF_SPREAD * spread);
  // (and little of its inside on their grounds: a bold number fills the band, not the cell)
  return grounds.every((g) => apart(own, g) >= far) && shareOnGrounds(image, grid, i, grounds, far / 2) <= OFF_GROUND_SHARE;
}

/**
 * Whether the game draws its numbers each on a ground of its own: two numbers (0 among them) of
 * `codes` whose opened cells in `image` each share one ground (every cell within OFF_GROUND / 2
 * of its number's median) and whose grounds lie OFF_GROUND apart or more. offGround takes a cell
 * off every opened ground for a mine only because a game draws its numbers on the opened ground;
 * where each number has a ground of its own (DaphneGoh89/Minesweeper-Game: 0s on pale blue, 1s on
 * blue, 2s on yellow, 3s on pink), a number opened alone for the first time is off every ground
 * seen as well, and its pink 3 was taken for the mine hit and saved in the skin as the mine that
 * blew up. Numbers on one ground (classic, Google-style checkerboards, textured tiles) are not so.
 */
export function numbersOnOwnGrounds(image: RgbaImage, grid: Grid, codes: Uint8Array, opened: readonly number[]): boolean {
  const byNumber = new Map<number, Rgb[]>();
  for (const j of opened) {
    const n = codes[j]!;
    if (n > 8) continue;
    const list = byNumber.get(n) ?? [];
    list.push(groundOf(image, grid, j));
    byNumber.set(n, list);
  }
  const median = (v: number[]): number => v.sort((a, b) => a - b)[v.length >> 1]!;
  const own: Rgb[] = [];
  for (const grounds of byNumber.values()) {
    const m: Rgb = [median(grounds.map((g) => g[0])), median(grounds.map((g) => g[1])), median(grounds.map((g) => g[2]))];
    if (grounds.every((g) => apart(g, m) < OFF_GROUND / 2)) own.push(m);
  }
  return own.some((a, k) => own.some((b, m) => m > k && apart(a, b) >= OFF_GROUND));
}

/**
 * Whether cell `i` of `image` is drawn as an opened cell holding nothing: on the ground of the
 * `opened` cells (offGround false) and its middle (BLANK_EDGE in from its edges, past a tile's
 * frame or bevel) all within OFF_GROUND of that ground. The mine that blew up drawn so is
 * a 0's look (mrglaster/js-minesweeper-game redraws the cell hit as its opened tile once its
 * alert closes): labelled the mine that blew up, every 0 after reads as a loss. With fewer than
 * two opened cells, any cell whose middle holds nothing.
 */
export function blankOnOpened(image: RgbaImage, grid: Grid, i: number, opened: number[]): boolean {
  // (with fewer than two opened cells no ground is known: a middle holding nothing is no mine's drawing either)
  if (opened.length >= 2 && offGround(image, grid, i, image, grid, opened)) return false;
  return middleBlank(image, grid, i, groundOf(image, grid, i));
}

/** A ground lit (or shaded) from another moves every channel by one amount: within this of each other... */
const LIFT_SPREAD = 24;
/** ... and by at most this. */
const LIFT_MOST = 100;

/**
 * Whether cell `i` of `image` is drawn as one of the `covered` cells beside it is, holding
 * nothing more: its ground theirs, or theirs lit (every channel moved by one amount, LIFT_SPREAD:
 * a tile lit under the pointer; a mine's red moves red alone), and its middle all on its ground.
 * The mine that blew up drawn so is not drawn yet: a page an alert() froze before it painted the
 * last click shows the tile clicked lit under the pointer (Renata5207418/campo_minado, 10 levels
 * lighter), and a skin saved that look as the mine that blew up. False without covered cells.
 */
export function drawnAsCovered(image: RgbaImage, grid: Grid, i: number, covered: readonly number[]): boolean {
  const own = groundOf(image, grid, i);
  const lit = (g: Rgb): boolean => {
    const d = [own[0] - g[0], own[1] - g[1], own[2] - g[2]];
    return Math.max(...d) - Math.min(...d) <= LIFT_SPREAD && Math.max(...d.map(Math.abs)) <= LIFT_MOST;
  };
  return covered.some((j) => lit(groundOf(image, grid, j))) && middleBlank(image, grid, i, own);
}

/** Whether the middle of cell `i` (BLANK_EDGE in from its edges, past a tile's frame or bevel) lies all within OFF_GROUND of `ground`. */
function middleBlank(image: RgbaImage, grid: Grid, i: number, ground: Rgb): boolean {
  const { x0, y0, w } = middleSquare(grid, i, BLANK_EDGE);
  for (let y = y0; y < y0 + w; y++) {
    for (let x = x0; x < x0 + w; x++) {
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const k = (y * image.width + x) * 4;
      if (apart([image.data[k]!, image.data[k + 1]!, image.data[k + 2]!], ground) >= OFF_GROUND) return false;
    }
  }
  return true;
}

/** The square of cell `i` `share` of its side in from each edge (at least a pixel): its first pixel and its side. */
function middleSquare(grid: Grid, i: number, share: number): { x0: number; y0: number; w: number } {
  const p = grid.pitch, e = Math.max(1, Math.round(p * share));
  return { x0: Math.round(grid.left + (i % grid.cols) * p) + e, y0: Math.round(grid.top + ((i / grid.cols) | 0) * p) + e, w: Math.max(1, Math.round(p) - 2 * e) };
}

/** Share of a cell's side kept off its edges when it is looked at for any drawing at all (blankOnOpened). */
const BLANK_EDGE = 0.25;

/** Share of a cell's side kept off its edges when its ink is compared (past lines and bevels). */
const INK_EDGE = 0.1;
/** Least overlap (intersection over union) of two cells' ink for one drawing. */
const INK_SAME = 0.7;
/** Least ink, as a share of the compared area, for a cell to hold a drawing at all. */
const INK_LEAST = 0.02;

/**
 * Where cell `i` of `image` is inked: its pixels at least half as far from its ground (groundOf)
 * as its farthest pixel, inside its edges. Half way is the same coverage of a drawing blended
 * onto any ground (a digit drawn on white or on a glow under the pointer), so the same drawing
 * gives the same mask on either. Null when the cell holds too little ink to tell.
 */
function inkOf(image: RgbaImage, grid: Grid, i: number): { mask: Uint8Array; w: number; ink: Rgb } | null {
  const g = groundOf(image, grid, i);
  const { x0, y0, w } = middleSquare(grid, i, INK_EDGE);
  const far = new Float64Array(w * w);
  let max = 0;
  let at = -1;
  for (let y = 0; y < w; y++) {
    for (let x = 0; x < w; x++) {
      const X = x0 + x, Y = y0 + y;
      if (X < 0 || Y < 0 || X >= image.width || Y >= image.height) continue;
      const k = (Y * image.width + X) * 4;
      const d = apart([image.data[k]!, image.data[k + 1]!, image.data[k + 2]!], g);
      far[y * w + x] = d;
      if (d > max) (max = d), (at = k);
    }
  }
  if (max < OFF_GROUND || at < 0) return null;
  const mask = Uint8Array.from(far, (d) => (d >= max / 2 ? 1 : 0));
  let n = 0;
  for (const m of mask) n += m;
  if (n < INK_LEAST * w * w) return null;
  return { mask, w, ink: [image.data[at]!, image.data[at + 1]!, image.data[at + 2]!] };
}

/**
 * Whether cell `i` of `image` holds the very drawing (the same ink, in the same place) that one of
 * the `opened` cells of `before` holds, whatever its ground: a number drawn on a glow the game
 * keeps under the last cell the pointer crossed (a canvas with no leave handler: the pointer
 * parked off it leaves the glow on the cell clicked), not a mine on a square of its own colour.
 */
export function inkOfOpened(image: RgbaImage, grid: Grid, i: number, before: RgbaImage, beforeGrid: Grid, opened: number[]): boolean {
  const own = inkOf(image, grid, i);
  return own !== null && opened.some((j) => sameInk(own, inkOf(before, beforeGrid, j)));
}

/**
 * Whether cell `i` holds the same drawing in `image` as in `before` (inkOf: its strokes in the
 * same place), whatever its ground and the colour of its ink: a number the glow under the pointer
 * left (its ground back to the opened one), or drawn in another colour at a game's end, not a change.
 */
export function inkKept(image: RgbaImage, grid: Grid, before: RgbaImage, beforeGrid: Grid, i: number): boolean {
  const own = inkOf(image, grid, i);
  return own !== null && sameInk(own, inkOf(before, beforeGrid, i), true);
}

/**
 * Whether cell `j`, opened before (`prev`), keeps its drawing (inkKept) against `before`, the frame
 * `prev` was read from: the glow under the pointer leaving it, or its number drawn anew in another
 * colour at the game's end (WoyteqB/saper-js draws every number black once lost, the mine hit red
 * and nothing else). No change a click made.
 */
export function openedRedrawn(prev: Uint8Array, j: number, image: RgbaImage, grid: Grid, before: RgbaImage, beforeGrid: Grid): boolean {
  return (prev[j]! <= 8 || prev[j] === OPENED) && inkKept(image, grid, before, beforeGrid, j);
}

/** Whether two cells' ink lies in the same place (and, unless `anyInk`, is of one colour). */
function sameInk(own: { mask: Uint8Array; w: number; ink: Rgb }, other: { mask: Uint8Array; w: number; ink: Rgb } | null, anyInk = false): boolean {
  if (!other || other.w !== own.w || (!anyInk && apart(other.ink, own.ink) >= OFF_GROUND)) return false;
  let both = 0, either = 0;
  for (let k = 0; k < own.mask.length; k++) {
    both += own.mask[k]! & other.mask[k]!;
    either += own.mask[k]! | other.mask[k]!;
  }
  return either > 0 && both / either >= INK_SAME;
}

/** A channel's difference (0..255) from an interior's median colour that counts as ink (noInk). */
const NO_INK_LEVEL = 24;
/** Pixels of ink below which an interior holds nothing drawn (noInk). */
const NO_INK_PIXELS = 6;

/**
 * Whether cell `i`'s inside, at its own pixels, holds no ink: fewer than NO_INK_PIXELS pixels
 * differ from its median colour by more than NO_INK_LEVEL in a channel (a tile lit or pressed
 * under the pointer, not a digit).
 */
export function noInk(image: RgbaImage, grid: Grid, i: number): boolean {
  const { data } = interiorPixels(image, grid, i);
  const n = data.length / 4;
  const med = [0, 1, 2].map((c) => Array.from({ length: n }, (_, k) => data[k * 4 + c]!).sort((a, b) => a - b)[n >> 1]!);
  let ink = 0;
  for (let k = 0; k < n && ink < NO_INK_PIXELS; k++) if (med.some((m, c) => Math.abs(data[k * 4 + c]! - m) > NO_INK_LEVEL)) ink++;
  return ink < NO_INK_PIXELS;
}
