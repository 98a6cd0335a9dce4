// A cell's look in a frame of a game being learned (live-learner.ts): a small cut of the cell or
// of its interior, and how two of them compare (a change of look, two drawings, one drawing).
// Pure. Changes read pixel by pixel between two frames are in live-cell-change.ts; a cell's
// ground and ink in live-ground-ink.ts; a fresh board's looks in live-fresh-looks.ts.

import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import { cutCell, cutSquare } from '../../read/cells.js';
import { correlation, vecOf, type Vec } from '../looks.js';

/** A cell whose look correlates less than this with its look in the last frame has changed. */
const SAME_LOOK = 0.97;
/** ... and one at least this close changed only slightly (a covered cell to an opened 0 is 0.8 in xdemineur). */
const SLIGHT_LOOK = 0.9;
/** ... or whose mean level moved more than this (0..255). */
const SAME_LEVEL = 6;
/** ... and a change of level alone up to this (0..255) may be a highlight (levelOnly). */
const HIGHLIGHT_LEVEL = 24;
/** Side of the cuts compared between frames. */
export const CUT = 12;
/** Share of a cell's side left out on each side of its interior: the lines and bevels at its edges, which a game may draw by its neighbours' states. */
export const EDGE_SHARE = 0.2;
/** Pixels of an interior that may differ (by more than NEAR in a channel: live-cell-change.ts) while it is the same drawing. */
export const INTERIOR_SLACK = 0.02;
/** Side of an interior's detailed cut, at most (interiorDetail). */
const DETAIL = 32;
/** ... and of its cut at its own pixels, at most (interiorPixels). */
const INK_DETAIL = 64;
/** A channel's difference (0..255) that a stroke makes against its ground (drawnApart). */
const STROKE = 64;
/** A faint stroke's contrast (faintlyApart): low-contrast digits (grey on dark) stand out of their ground by this. */
const FAINT_STROKE = 24;
/**
 * Pixels of an interior's detailed cut a digit's strokes hold at the least: Navid079/minesweeper.js
 * draws a 1 in 12 pixels of a 70 px cell, 14 of its 32x32 cut (under INTERIOR_SLACK's 20); a
 * number the game did not write differs from a 0 in none.
 */
const FAINT_INK = 6;
/** Mean difference (0..255, per channel) of two interiors of one drawing. */
export const SAME_DRAWING = 6;

/** A cell's look: its cut, zero-mean and unit-norm, and its mean level. */
export type Look = Vec;

export function lookOf(image: RgbaImage, grid: Grid, i: number): Look {
  return vecOf(cutCell(image, grid, i % grid.cols, (i / grid.cols) | 0, CUT, true));
}

/**
 * A cell's look from cuts that average each sample's footprint, where lookOf takes one point of
 * it: a sprite of thin strokes in a large cell, drawn a pixel apart in some rows, reads alike so
 * (try-again-later/Mines' mines at 71 px: 0.98 alike, 0.70 point-sampled).
 */
export function smoothLookOf(image: RgbaImage, grid: Grid, i: number): Look {
  return vecOf(cutCell(image, grid, i % grid.cols, (i / grid.cols) | 0, CUT, false));
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
  return interiorUpTo(image, grid, i, DETAIL);
}

/** A cell's interior at its own pixels (up to INK_DETAIL across): a digit of a few pixels in a large cell kept stroke by stroke (inkApart). */
export function interiorPixels(image: RgbaImage, grid: Grid, i: number): RgbaImage {
  return interiorUpTo(image, grid, i, INK_DETAIL);
}

/** A cell's interior at about its own pixels, each the mean of its footprint: CUT to `most` across. */
function interiorUpTo(image: RgbaImage, grid: Grid, i: number, most: number): RgbaImage {
  return interiorCut(image, grid, i, Math.max(CUT, Math.min(most, Math.round(grid.pitch * (1 - 2 * EDGE_SHARE)))), false);
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

/** Cell i's interior in `image` as `cut` gives it (interiorDetail, interiorPixels), each cell cut once however often it is asked for. */
export function cutOnce(image: RgbaImage, grid: Grid, cut: (image: RgbaImage, grid: Grid, i: number) => RgbaImage): (i: number) => RgbaImage {
  const cuts = new Map<number, RgbaImage>();
  return (i) => {
    let c = cuts.get(i);
    if (!c) cuts.set(i, (c = cut(image, grid, i)));
    return c;
  };
}

/**
 * Whether two cells of one frame are two drawings by their strokes (drawnApart of their
 * interiorDetail), each cell's interior cut once however often it is compared.
 */
export function cellsDrawnApart(image: RgbaImage, grid: Grid): (i: number, j: number) => boolean {
  const detail = cutOnce(image, grid, interiorDetail);
  return (i, j) => drawnApart(detail(i), detail(j));
}

/**
 * Whether two interiors at their own pixels (interiorPixels) differ by a stroke in more pixels than
 * a digit drawn tiny holds at the least (FAINT_INK, when fewer than INTERIOR_SLACK's): two digits of
 * a few pixels in a large cell, alike in their whole cuts and not drawnApart, are still two
 * drawings (Navid079/minesweeper.js's 1 and 2 in 70 px cells differ in 5 pixels of their 32x32
 * cuts, their 1 px strokes blurred). For lessons only (their looks alike, labelled apart): a frame
 * judged in play keeps drawnApart's slack.
 */
export function inkApart(a: RgbaImage, b: RgbaImage): boolean {
  return pixelsOff(a, b, STROKE) > inkSlack(a);
}

/**
 * Whether two interiors (interiorDetail) differ by a faint stroke: more than a few of their pixels
 * (INTERIOR_SLACK, or FAINT_INK when fewer) differ by FAINT_STROKE in a channel. inflop/minesweeper's
 * grey 1s on its dark tiles differ from its 0s by about 40 levels; over 1,807 lessons of real games
 * (112,455 numbers) no number was within it of a 0 of its frame but the one blank the game left
 * unwritten.
 */
export function faintlyApart(a: RgbaImage, b: RgbaImage): boolean {
  return pixelsOff(a, b, FAINT_STROKE) > inkSlack(a);
}

/** The pixels of an interior that may differ while a digit drawn tiny is not there: INTERIOR_SLACK's share, or FAINT_INK when fewer. */
function inkSlack(a: RgbaImage): number {
  return Math.min(INTERIOR_SLACK * (a.data.length / 4), FAINT_INK);
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
