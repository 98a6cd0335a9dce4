// Cell looks compared between frames of a game being learned (live-learner.ts): a small cut of
// each cell, how much it changed, which cells of a fresh board share the covered look. Pure.

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { cutCell, cutSquare } from '../read/cells.js';
import { normalise } from '../read/classify.js';
import { correlation, dot, vecOf, type Vec } from './looks.js';

/** Cells of a fresh board look alike: each at least this close to their mean. */
const FRESH_LIKENESS = 0.9;
/** A cell whose look correlates less than this with its look in the last frame has changed. */
const SAME_LOOK = 0.97;
/** ... and one at least this close changed only slightly (a covered cell to an opened 0 is 0.8 in xdemineur). */
const SLIGHT_LOOK = 0.9;
/** ... or whose mean level moved more than this (0..255). */
const SAME_LEVEL = 6;
/** ... and a change of level alone up to this (0..255) may be a highlight (levelOnly). */
const HIGHLIGHT_LEVEL = 24;
/** Side of the cuts compared between frames. */
const CUT = 12;
/** Share of a cell's side left out on each side of its interior: the lines and bevels at its edges, which a game may draw by its neighbours' states. */
const EDGE_SHARE = 0.2;
/** Pixels of an interior that may differ (by more than NEAR in a channel) while it is the same drawing. */
const INTERIOR_SLACK = 0.02;
const NEAR = 16;
/** Two lattices a whole number of pixels apart to this (px) are one place seen in two grabs (neighbourBleed). */
const PLACE_SLACK = 0.05;
/** Side of an interior's detailed cut, at most (interiorDetail). */
const DETAIL = 32;
/** A channel's difference (0..255) that a stroke makes against its ground (drawnApart). */
const STROKE = 64;
/** A faint stroke's contrast (faintlyApart): low-contrast digits (grey on dark) stand out of their ground by this. */
const FAINT_STROKE = 24;
/** Mean difference (0..255, per channel) of two interiors of one drawing. */
const SAME_DRAWING = 6;

/** A cell's look: its cut, zero-mean and unit-norm, and its mean level. */
export type Look = Vec;

export function lookOf(image: RgbaImage, grid: Grid, i: number): Look {
  return vecOf(cutCell(image, grid, i % grid.cols, (i / grid.cols) | 0, CUT, true));
}

/** A cell's interior (the cell without its edges, which a game may draw by its neighbours' states), cut small. */
export function interiorOf(image: RgbaImage, grid: Grid, i: number): RgbaImage {
  return interiorCut(image, grid, i, CUT, true);
}

/** A cell's look inside its edges (its interior, cut small, as lookOf is): what a game draws alike however it draws the cell's edges. */
export function interiorLookOf(image: RgbaImage, grid: Grid, i: number): Look {
  return vecOf(interiorOf(image, grid, i));
}

/** A cell's interior at about its own pixels (CUT to DETAIL across), each the mean of its footprint: strokes a pixel wide kept (drawnApart). */
export function interiorDetail(image: RgbaImage, grid: Grid, i: number): RgbaImage {
  return interiorCut(image, grid, i, Math.max(CUT, Math.min(DETAIL, Math.round(grid.pitch * (1 - 2 * EDGE_SHARE)))), false);
}

function interiorCut(image: RgbaImage, grid: Grid, i: number, size: number, quick: boolean): RgbaImage {
  const edge = Math.max(1, grid.pitch * EDGE_SHARE);
  const left = grid.left + (i % grid.cols) * grid.pitch + edge, top = grid.top + ((i / grid.cols) | 0) * grid.pitch + edge;
  return cutSquare(image, left, top, grid.pitch - 2 * edge, size, quick);
}

/**
 * Whether two interiors (interiorDetail) are two drawings by their strokes: more than a few of their
 * pixels (INTERIOR_SLACK) differ by a stroke's contrast (STROKE in a channel). Two digits drawn
 * thin, white on one green, are: their whole cuts, the lines between cells weighing most,
 * correlate 0.99. Two cuts of one drawing are not, noise or a fraction of a pixel apart.
 */
export function drawnApart(a: RgbaImage, b: RgbaImage): boolean {
  return pixelsOff(a, b, STROKE) > INTERIOR_SLACK * (a.data.length / 4);
}

/**
 * Whether two interiors (interiorDetail) differ by a faint stroke: more than a few of their pixels
 * (INTERIOR_SLACK) differ by FAINT_STROKE in a channel. inflop/minesweeper's grey 1s on its dark
 * tiles differ from its 0s by about 40 levels; over 1,807 lessons of real games (112,455 numbers)
 * no number was within it of a 0 of its frame but the one blank the game left unwritten.
 */
export function faintlyApart(a: RgbaImage, b: RgbaImage): boolean {
  return pixelsOff(a, b, FAINT_STROKE) > INTERIOR_SLACK * (a.data.length / 4);
}

/** How many pixels of two images of one size differ by more than `by` in a channel. */
function pixelsOff(a: RgbaImage, b: RgbaImage, by: number): number {
  let differ = 0;
  for (let k = 0; k < a.data.length; k += 4) {
    if (Math.abs(a.data[k]! - b.data[k]!) > by || Math.abs(a.data[k + 1]! - b.data[k + 1]!) > by || Math.abs(a.data[k + 2]! - b.data[k + 2]!) > by) differ++;
  }
  return differ;
}

/**
 * Whether two interiors (interiorOf) are one drawing: their pixels differ by at most SAME_DRAWING
 * on average (a digit on one of them differs in a tenth of its pixels or more, by far more).
 * Pixel values, not a correlation: a flat interior (a classic blank, one grey) has no pattern to
 * correlate.
 */
export function sameDrawing(a: RgbaImage, b: RgbaImage): boolean {
  let d = 0;
  for (let k = 0; k < a.data.length; k += 4) d += Math.abs(a.data[k]! - b.data[k]!) + Math.abs(a.data[k + 1]! - b.data[k + 1]!) + Math.abs(a.data[k + 2]! - b.data[k + 2]!);
  return d <= SAME_DRAWING * 3 * (a.data.length / 4);
}

/**
 * How cell `i` changed between two frames of one place (`aGrid` and `bGrid` the same lattice),
 * each cut by the mean of every cut pixel's footprint (lookOf samples one pixel in each): a change
 * drawn only in a line a pixel wide — a tile's 1 px ring, white and black while covered, grey once
 * opened as a 0 (Mastrojanni/minesweeper-js-vanilla's 32 px tiles 36.8 px apart) — falls between
 * lookOf's samples in the cells at some phases of a fractional pitch, and is seen here at every
 * phase (drawn rings: correlation 0.36-0.83, well under SLIGHT_LOOK, at 18-40 px). Only for
 * telling a change, never for what a cell looks like: a blurred cut makes states more alike.
 * 'same' between frames of two places (a pixel off is no change of a cell).
 */
export function fineChangeOf(a: RgbaImage, aGrid: Grid, b: RgbaImage, bGrid: Grid, i: number): 'same' | 'slight' | 'changed' {
  if (aGrid.left !== bGrid.left || aGrid.top !== bGrid.top || aGrid.pitch !== bGrid.pitch || aGrid.cols !== bGrid.cols) return 'same';
  const cut = (image: RgbaImage, grid: Grid): Look => vecOf(cutCell(image, grid, i % grid.cols, (i / grid.cols) | 0, CUT, false));
  return changeOf(cut(a, aGrid), cut(b, bGrid));
}

export function changeOf(a: Look, b: Look): 'same' | 'slight' | 'changed' {
  if (Math.abs(a.mean - b.mean) > SAME_LEVEL) return 'changed';
  const d = correlation(a, b);
  return d >= SAME_LOOK ? 'same' : d >= SLIGHT_LOOK ? 'slight' : 'changed';
}

/**
 * Whether a cell's look moved in level only: its drawing the same (SAME_LOOK), lighter or darker
 * by more than SAME_LEVEL but less than a highlight's HIGHLIGHT_LEVEL. The tile under the pointer
 * in a game that lights it (CSS :hover), not a cell that opened: a number draws a digit, a mine a
 * mark, a 0 opens its neighbours too.
 */
export function levelOnly(a: Look, b: Look): boolean {
  const d = Math.abs(a.mean - b.mean);
  return d > SAME_LEVEL && d <= HIGHLIGHT_LEVEL && correlation(a, b) >= SAME_LOOK;
}

/**
 * Whether a cell's interior — the cell without its edges — is drawn the same in two frames, each
 * cut at its own grid (a frame grabbed wider, or a board that moved, has the cell elsewhere),
 * pixel for pixel but for a few. An open number whose interior stayed is that number redrawn:
 * Wine's winemine draws the lines between cells by the cells' states, so a 0 opened beside a
 * number changes that number's edges, in ways a skin being learned may not know yet.
 */
export function interiorSame(a: RgbaImage, aGrid: Grid, b: RgbaImage, bGrid: Grid, i: number, shift = 0): boolean {
  if (Math.round(aGrid.pitch) !== Math.round(bGrid.pitch)) return false;
  const edge = Math.max(1, Math.round(aGrid.pitch * EDGE_SHARE));
  const side = Math.round(aGrid.pitch) - 2 * edge;
  const fits = (img: RgbaImage, left: number, top: number, d: number): boolean => side >= 2 && left - d >= 0 && top - d >= 0 && left + side + d <= img.width && top + side + d <= img.height;
  // (the cell in `b` is the cell in `a` moved by the lattices' offset, rounded once: each cut
  // rounded on its own, a lattice at x.5 in one frame and at x.4996 in a wider grab of the same
  // board put the two cuts a pixel apart, and every tile's bevel read as a change of its neighbour)
  const ax = aGrid.left + (i % aGrid.cols) * aGrid.pitch, ay = aGrid.top + ((i / aGrid.cols) | 0) * aGrid.pitch;
  const bx = bGrid.left + (i % bGrid.cols) * bGrid.pitch, by = bGrid.top + ((i / bGrid.cols) | 0) * bGrid.pitch;
  const pa = { left: Math.round(ax) + edge, top: Math.round(ay) + edge };
  const pb = { left: pa.left + Math.round(bx - ax), top: pa.top + Math.round(by - ay) };
  if (!fits(a, pa.left, pa.top, 0) || !fits(b, pb.left, pb.top, shift)) return false;
  // (with `shift`, the interior may have moved by up to that many pixels: content centred in a
  // tile whose border, drawn inside it, grew on one side as a neighbour opened)
  for (let dy = -shift; dy <= shift; dy++) {
    for (let dx = -shift; dx <= shift; dx++) {
      let differ = 0;
      for (let y = 0; y < side; y++) {
        for (let x = 0; x < side; x++) {
          const k = ((pa.top + y) * a.width + pa.left + x) * 4;
          const j = ((pb.top + dy + y) * b.width + pb.left + dx + x) * 4;
          if (pixelDiffers(a, k, b, j)) differ++;
        }
      }
      if (differ <= INTERIOR_SLACK * side * side) return true;
    }
  }
  return false;
}

/**
 * Whether a cell changed only in a strip along one or two of its sides, each of them facing a
 * neighbour that changed (`sideChanged`: left, top, right, bottom), its middle and its other sides
 * drawn as they were: the neighbour's drawing reaching over a shared pixel (cells at a fractional
 * pitch, each tile's sprite a pixel short or long: KDarenskii/react-minesweeper's 16.2 px cells),
 * not a change of this cell. A state's change draws more of it: a bevel all round, a digit, a
 * colour. Only between two frames of one lattice (`bGrid` the same as `aGrid`, or moved by whole pixels).
 */
export function neighbourBleed(a: RgbaImage, aGrid: Grid, b: RgbaImage, bGrid: Grid, i: number, sideChanged: readonly boolean[]): boolean {
  // (one place, or the same lattice a whole number of pixels away, to a hundredth: a wider grab
  // of the board, its lattice found again a fraction of a pixel apart)
  const dx = Math.round(bGrid.left - aGrid.left), dy = Math.round(bGrid.top - aGrid.top);
  if (Math.abs(bGrid.left - aGrid.left - dx) > PLACE_SLACK || Math.abs(bGrid.top - aGrid.top - dy) > PLACE_SLACK || Math.abs(aGrid.pitch - bGrid.pitch) > PLACE_SLACK / 100 || aGrid.cols !== bGrid.cols) return false;
  const edge = Math.max(1, Math.round(aGrid.pitch * EDGE_SHARE));
  const x0 = Math.floor(aGrid.left + (i % aGrid.cols) * aGrid.pitch), y0 = Math.floor(aGrid.top + ((i / aGrid.cols) | 0) * aGrid.pitch);
  const x1 = Math.ceil(aGrid.left + ((i % aGrid.cols) + 1) * aGrid.pitch), y1 = Math.ceil(aGrid.top + (((i / aGrid.cols) | 0) + 1) * aGrid.pitch);
  if (x0 < 0 || y0 < 0 || x1 > a.width || y1 > a.height || x0 + dx < 0 || y0 + dy < 0 || x1 + dx > b.width || y1 + dy > b.height) return false;
  const touched = [false, false, false, false];
  let differ = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const k = (y * a.width + x) * 4;
      if (!pixelDiffers(a, k, b, ((y + dy) * b.width + x + dx) * 4)) continue;
      differ++;
      // (the sides whose strip holds this pixel)
      const near = [x - x0 < edge, y - y0 < edge, x1 - 1 - x < edge, y1 - 1 - y < edge];
      if (!near.some((v, s) => v && sideChanged[s])) return false;
      // (a corner pixel is in two strips: it marks neither, a side is drawn along its length)
      const sides = near.flatMap((v, s) => (v && sideChanged[s] ? [s] : []));
      if (sides.length === 1) touched[sides[0]!] = true;
    }
  }
  return differ > 0 && touched.filter(Boolean).length <= 2;
}

/** Whether pixel `k` of `a` and pixel `j` of `b` (byte offsets) differ by more than NEAR in a channel. */
function pixelDiffers(a: RgbaImage, k: number, b: RgbaImage, j: number): boolean {
  return Math.abs(a.data[k]! - b.data[j]!) > NEAR || Math.abs(a.data[k + 1]! - b.data[j + 1]!) > NEAR || Math.abs(a.data[k + 2]! - b.data[j + 2]!) > NEAR;
}

/**
 * Whether a cell on the board's outer edge changed only in a strip along that edge (the edge
 * band of `interiorSame`), with the frame well beyond it changed along most of that side too:
 * something drawn over the board's edge from outside, not a change of the cell. A state's change
 * draws the cell's other sides or its middle as well (a bevel all round, a digit, a colour), and
 * leaves the frame past the edge band as it was (a lattice a pixel or two off takes the cell's own
 * outer pixels for the frame: those are not asked). minesweeper-friendly puts its stats panel,
 * pinned to the window's right, 2 px over the last column at each end in a window 1100 px wide:
 * nine covered cells there changed, and the loss's count failed. Only between two frames of one
 * place (`aGrid` and `bGrid` the same lattice in images of one size).
 */
export function overBoardEdge(a: RgbaImage, aGrid: Grid, b: RgbaImage, bGrid: Grid, i: number): boolean {
  if (a.width !== b.width || a.height !== b.height || aGrid.left !== bGrid.left || aGrid.top !== bGrid.top || aGrid.pitch !== bGrid.pitch) return false;
  const grid = bGrid;
  const col = i % grid.cols, row = (i / grid.cols) | 0;
  const sides = { left: col === 0, right: col === grid.cols - 1, top: row === 0, bottom: row === grid.rows - 1 };
  if (!sides.left && !sides.right && !sides.top && !sides.bottom) return false;
  const edge = Math.max(1, Math.round(grid.pitch * EDGE_SHARE));
  const x0 = Math.round(grid.left + col * grid.pitch), y0 = Math.round(grid.top + row * grid.pitch);
  const x1 = Math.round(grid.left + (col + 1) * grid.pitch), y1 = Math.round(grid.top + (row + 1) * grid.pitch);
  const differs = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= a.width || y >= a.height) return false;
    const k = (y * a.width + x) * 4;
    return pixelDiffers(a, k, b, k);
  };
  const inStrip = (x: number, y: number): boolean => (sides.left && x < x0 + edge) || (sides.right && x >= x1 - edge) || (sides.top && y < y0 + edge) || (sides.bottom && y >= y1 - edge);
  let inside = 0, off = 0, rest = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (inStrip(x, y)) inside += differs(x, y) ? 1 : 0;
      else (rest++, (off += differs(x, y) ? 1 : 0));
    }
  }
  if (!inside || off > INTERIOR_SLACK * rest) return false;
  // the frame past the edge band beyond an outer side changed along half of that side or more
  const far = (at: (t: number, d: number) => [number, number], length: number): boolean => {
    let lines = 0;
    for (let t = 0; t < length; t++) {
      for (let d = edge + 1; d <= 2 * edge; d++) {
        const [x, y] = at(t, d);
        if (differs(x, y)) {
          lines++;
          break;
        }
      }
    }
    return lines * 2 >= length;
  };
  return (
    (sides.left && far((t, d) => [x0 - d, y0 + t], y1 - y0)) ||
    (sides.right && far((t, d) => [x1 - 1 + d, y0 + t], y1 - y0)) ||
    (sides.top && far((t, d) => [x0 + t, y0 - d], x1 - x0)) ||
    (sides.bottom && far((t, d) => [x0 + t, y1 - 1 + d], x1 - x0))
  );
}

/** A ground counts as none of the opened cells' when it lies at least this far from each (sum over R, G, B)... */
const OFF_GROUND = 60;
/** ... and this many times farther than the opened cells' grounds lie from their nearest other. */
const OFF_SPREAD = 3;
/** The band a cell's ground is taken from: this share of its side in from its edges (past lines and bevels)... */
const RING_FROM = 0.1;
/** ... to this share (short of the middle, where a digit is drawn). */
const RING_TO = 0.22;

type Rgb = [number, number, number];

/**
 * A cell's ground: the median colour (each of R, G, B) of a band just inside its edges, past the
 * lines and bevels at its edges and short of its middle, where a game draws a digit (a bold digit
 * fills more than half of a classic cell's middle). A mine drawn on a square of its own colour,
 * or on red, has that colour there.
 */
function groundOf(image: RgbaImage, grid: Grid, i: number): Rgb {
  const p = grid.pitch;
  const x0 = Math.round(grid.left + (i % grid.cols) * p), y0 = Math.round(grid.top + ((i / grid.cols) | 0) * p);
  const x1 = Math.round(grid.left + ((i % grid.cols) + 1) * p), y1 = Math.round(grid.top + (((i / grid.cols) | 0) + 1) * p);
  const a = Math.max(1, Math.round(p * RING_FROM)), b = Math.max(a + 1, Math.round(p * RING_TO));
  const channels: [number[], number[], number[]] = [[], [], []];
  for (let y = Math.max(0, y0 + a); y < Math.min(image.height, y1 - a); y++) {
    for (let x = Math.max(0, x0 + a); x < Math.min(image.width, x1 - a); x++) {
      if (Math.min(x - x0, x1 - 1 - x, y - y0, y1 - 1 - y) >= b) continue;
      const k = (y * image.width + x) * 4;
      for (let c = 0; c < 3; c++) channels[c]!.push(image.data[k + c]!);
    }
  }
  const median = (v: number[]): number => (v.length ? v.sort((u, w) => u - w)[v.length >> 1]! : 0);
  return [median(channels[0]), median(channels[1]), median(channels[2])];
}

const apart = (a: Rgb, b: Rgb): number => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);

/**
 * Whether cell `i` of `image` is drawn on a ground (groundOf) that none of the `opened` cells of
 * `before` has: far from each, and far beyond how their grounds differ among themselves (textured
 * cells differ by much). A game draws its numbers on the opened ground; a mine on a square of its
 * own colour (Google-style) or on red (the one that blew up, in the classic looks) is drawn on
 * another. False with fewer than two opened cells.
 */
export function offGround(image: RgbaImage, grid: Grid, i: number, before: RgbaImage, beforeGrid: Grid, opened: number[]): boolean {
  if (opened.length < 2) return false;
  const grounds = opened.map((j) => groundOf(before, beforeGrid, j));
  const spread = Math.max(...grounds.map((a, k) => Math.min(...grounds.map((b, m) => (m === k ? Infinity : apart(a, b))))));
  const own = groundOf(image, grid, i);
  return grounds.every((g) => apart(own, g) >= Math.max(OFF_GROUND, OFF_SPREAD * spread));
}

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
  const p = grid.pitch;
  const g = groundOf(image, grid, i);
  const e = Math.max(1, Math.round(p * INK_EDGE));
  const x0 = Math.round(grid.left + (i % grid.cols) * p) + e, y0 = Math.round(grid.top + ((i / grid.cols) | 0) * p) + e;
  const w = Math.max(1, Math.round(p) - 2 * e);
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
 * Whether cell `i` holds the same drawing in `image` as in `before` (inkOf), whatever its ground:
 * a number the glow under the pointer left (its ground back to the opened one), not a change.
 */
export function inkKept(image: RgbaImage, grid: Grid, before: RgbaImage, beforeGrid: Grid, i: number): boolean {
  const own = inkOf(image, grid, i);
  return own !== null && sameInk(own, inkOf(before, beforeGrid, i));
}

function sameInk(own: { mask: Uint8Array; w: number; ink: Rgb }, other: { mask: Uint8Array; w: number; ink: Rgb } | null): boolean {
  if (!other || other.w !== own.w || apart(other.ink, own.ink) >= OFF_GROUND) return false;
  let both = 0, either = 0;
  for (let k = 0; k < own.mask.length; k++) {
    both += own.mask[k]! & other.mask[k]!;
    either += own.mask[k]! | other.mask[k]!;
  }
  return either > 0 && both / either >= INK_SAME;
}

/**
 * Which cells of a fresh board share the look most of them have (the covered look), and the
 * others. A cell shares it when its look correlates with theirs (a board shaded across), or when
 * its pixels are theirs (flat tiles at a fractional pitch: a cut that misses the thin lines
 * between them is one plain colour, a look that correlates with nothing).
 */
export function freshLooks(image: RgbaImage, grid: Grid): { like: boolean[]; rest: number[] } {
  const cuts = Array.from({ length: grid.cols * grid.rows }, (_, i) => cutCell(image, grid, i % grid.cols, (i / grid.cols) | 0, CUT, true));
  const looks = cuts.map((c) => vecOf(c).v);
  let like = looks.map(() => true);
  for (let pass = 0; pass < 3; pass++) {
    const mean = new Float32Array(looks[0]!.length);
    const pixels = new Float64Array(cuts[0]!.data.length);
    let n = 0;
    looks.forEach((v, i) => {
      if (!like[i]) return;
      for (let k = 0; k < v.length; k++) mean[k]! += v[k]!;
      for (let k = 0; k < pixels.length; k++) pixels[k]! += cuts[i]!.data[k]!;
      n++;
    });
    normalise(mean);
    like = looks.map((v, i) => dot(v, mean) >= FRESH_LIKENESS || (n > 0 && pixelsApart(cuts[i]!, pixels, n) <= SAME_DRAWING));
  }
  return { like, rest: like.flatMap((l, i) => (l ? [] : [i])) };
}

/** Mean difference (0..255, per channel) of a cut's pixels from the mean of `n` cuts (`sum`, their pixels summed). */
function pixelsApart(cut: RgbaImage, sum: Float64Array, n: number): number {
  let d = 0;
  for (let k = 0; k < cut.data.length; k += 4) d += Math.abs(cut.data[k]! - sum[k]! / n) + Math.abs(cut.data[k + 1]! - sum[k + 1]! / n) + Math.abs(cut.data[k + 2]! - sum[k + 2]! / n);
  return d / (3 * (cut.data.length / 4));
}

/**
 * A located lattice moved by whole pixels (up to an eighth of a cell each way, each axis) to where
 * most cells of a fresh board look alike: on a fresh board every cell is covered, and the cuts of
 * a lattice a pixel off take in their neighbour's edge, which the cells along the board's edge do
 * not have (KMines' classic tiles: a white highlight and a dark shadow, the frame white beside the
 * first and dark beside the last: a pixel off, the first row and column looked unlike the rest and
 * the board was taken for 8x8).
 */
export function freshPhase(image: RgbaImage, grid: Grid): Grid {
  const reach = Math.max(1, Math.round(grid.pitch / 8));
  const best = (at: (d: number) => Grid): Grid => {
    const shifts = Array.from({ length: 2 * reach + 1 }, (_, k) => k - reach);
    const counts = shifts.map((d) => (inside(image, at(d)) ? freshLooks(image, at(d)).like.filter(Boolean).length : -1));
    const most = Math.max(...counts);
    // the middle of the run of shifts that do best (the one holding no shift, else the longest):
    // a lattice a pixel off inside a tile's flat face looks as alike as the right one
    const runs: number[][] = [];
    shifts.forEach((d, k) => {
      if (counts[k] !== most) return;
      if (runs.length && runs[runs.length - 1]!.at(-1) === d - 1) runs[runs.length - 1]!.push(d);
      else runs.push([d]);
    });
    const run = runs.find((r) => r.includes(0)) ?? runs.reduce((a, b) => (b.length > a.length ? b : a));
    // (of two middles, the nearer to no shift)
    const mid = run.length >> 1;
    return at(run.length % 2 || Math.abs(run[mid]!) < Math.abs(run[mid - 1]!) ? run[mid]! : run[mid - 1]!);
  };
  const x = best((d) => ({ ...grid, left: grid.left + d }));
  return best((d) => ({ ...x, top: x.top + d }));
}

/** Whether every cell of a grid lies within the image. */
function inside(image: RgbaImage, g: Grid): boolean {
  return g.left >= 0 && g.top >= 0 && g.left + g.cols * g.pitch <= image.width && g.top + g.rows * g.pitch <= image.height;
}

/** Whether cells form one area (8-connected); none is one too. */
export function connected(cells: number[], table: Int32Array[]): boolean {
  return areasOf(cells, table).length <= 1;
}

/** Cells in their areas (8-connected: cells that touch, corners too). */
export function areasOf(cells: Iterable<number>, table: Int32Array[]): number[][] {
  const inSet = new Set(cells);
  const seen = new Set<number>();
  const areas: number[][] = [];
  for (const start of inSet) {
    if (seen.has(start)) continue;
    seen.add(start);
    const stack = [start], area: number[] = [];
    while (stack.length) {
      const i = stack.pop()!;
      area.push(i);
      for (const j of table[i]!) if (inSet.has(j) && !seen.has(j)) (seen.add(j), stack.push(j));
    }
    areas.push(area);
  }
  return areas;
}

/**
 * Whether cells could be an area a game opened by itself (a start area): one cell, or a cascade
 * from a 0 — which holds a cell whose every neighbour it holds. A row of cells along an edge
 * (the covered row of a board located a fraction of a cell off) holds none.
 */
export function cascadeShaped(cells: number[], table: Int32Array[]): boolean {
  if (cells.length <= 1) return true;
  const inSet = new Set(cells);
  return connected(cells, table) && cells.some((i) => Array.from(table[i]!).every((j) => inSet.has(j)));
}

/**
 * The grid to read a frame at, when the board is found a little off where the last frame
 * explained was read (`before`): a lattice aligned on a skin still being learned may settle a
 * pixel either side of a tile's gap or border from one frame to the next. A board that really
 * moved shows its cells' looks where it is now; one found a pixel off shows them where it was.
 * So, for a shift under a quarter of a cell (same size and pitch), the grid under which more
 * cells look as they did (`looks`, the last frame explained) is kept: else every cell seems to
 * change at once, and cells never clicked are taken for opened.
 */
export function steadyGrid(image: RgbaImage, found: Grid, before: Grid | null, looks: readonly Look[] | null): Grid {
  if (!before || !looks || found === before || looks.length !== found.cols * found.rows) return found;
  if (found.cols !== before.cols || found.rows !== before.rows || Math.abs(found.pitch - before.pitch) > 0.02 * before.pitch) return found;
  const dx = Math.abs(found.left - before.left), dy = Math.abs(found.top - before.top);
  if ((dx === 0 && dy === 0) || dx >= found.pitch / 4 || dy >= found.pitch / 4) return found;
  const same = (g: Grid): number => looks.reduce((n, l, i) => (changeOf(lookOf(image, g, i), l) === 'same' ? n + 1 : n), 0);
  return same(before) > same(found) ? before : found;
}
