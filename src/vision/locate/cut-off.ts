// Whether a board found goes on past one of its edges, its next line of cells there cut short (by
// the edge of its window, a scroll bar, the screen): the part of a board that shows is no board.
// A browser page wider than its window showed 14 px of a 30 px column after the last whole one;
// the board was read one column short and played with the mines of that column unseen.
//
// The test: just past an edge, the start of the next line of cells looks like the start of the
// edge line's own cells, cell by cell (the same offset within a cell), where those are not flat.
// A board's frame does not: a bevel runs straight along it, while a cell's highlight and shadow
// turn at its corners; a flat cell beside a flat background says nothing. Pure.

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';

export type Side = 'left' | 'right' | 'top' | 'bottom';

/** Share of the edge's cells whose start the strip past it repeats, that marks the board going on. */
const GOES_ON = 0.5;
/** Difference per channel (0-255), in the pixel row of a cell where they differ most, under which two strips are alike. */
const ALIKE = 20;
/** Spread of luminance under which a strip is flat (nothing to compare). */
const FLAT = 6;

export interface CutOff {
  side: Side;
  /** Cells along that edge whose start the strip past it repeats. */
  alike: number;
  /** Cells along that edge not flat (compared). */
  compared: number;
}

/**
 * The edge past which the board's cells go on (the strip there repeats the start of the edge
 * line's cells), or null. A side whose strip lies outside the image is not judged.
 */
export function cutOff(image: RgbaImage, grid: Grid): CutOff | null {
  for (const side of ['left', 'right', 'top', 'bottom'] as const) {
    const s = sideScore(image, grid, side);
    if (s && s.compared >= 3 && s.alike >= GOES_ON * (side === 'left' || side === 'right' ? grid.rows : grid.cols)) return s;
  }
  return null;
}

/** How the strip past one edge compares with the start of the edge line's cells. */
export function sideScore(image: RgbaImage, grid: Grid, side: Side): CutOff | null {
  const p = grid.pitch;
  const w = Math.max(3, Math.floor(p / 3));
  const across = side === 'left' || side === 'right';
  const n = across ? grid.rows : grid.cols;
  const right = grid.left + grid.cols * p, bottom = grid.top + grid.rows * p;
  // the strip's first pixel past the edge and the matching pixel inside the edge line, along the
  // axis across the edge; the step from them into the strip
  // (a pixel off the line between cells: a line there belongs to both sides alike)
  // (the pixel inside is a cell's pitch exactly from the one past: between two pixels where the
  // pitch is not whole, as at a browser's zoom, and taken between them)
  const [past, step] =
    side === 'right' ? [Math.ceil(right) + 1, 1]
    : side === 'left' ? [Math.ceil(grid.left) - 2, -1]
    : side === 'bottom' ? [Math.ceil(bottom) + 1, 1]
    : [Math.ceil(grid.top) - 2, -1];
  const inside = past - step * p;
  const limit = across ? image.width : image.height;
  const far = past + step * (w - 1);
  if (Math.min(past, far) < 0 || Math.max(past, far) >= limit) return null;
  let alike = 0, compared = 0;
  const d = image.data;
  const at = (a: number, u: number): number => (across ? (a * image.width + u) * 4 : (u * image.width + a) * 4);
  const along = across ? image.height : image.width;
  for (let j = 0; j < n; j++) {
    // along the edge: the whole cell, its lines at both ends too (where a frame, straight along
    // the board, and the cells' own corners differ most)
    const a0 = Math.max(0, Math.floor((across ? grid.top : grid.left) + j * p) - 1);
    const a1 = Math.min(along, Math.ceil((across ? grid.top : grid.left) + (j + 1) * p) + 1);
    let worst = 0, sum = 0, sum2 = 0, count = 0;
    for (let a = a0; a < a1; a++) {
      let row = 0;
      for (let k = 0; k < w; k++) {
        const o1 = at(a, past + step * k);
        const v = inside + step * k, v0 = Math.floor(v), f = v - v0;
        const oa = at(a, v0), ob = f > 0 ? at(a, v0 + 1) : oa;
        const r = d[oa]! * (1 - f) + d[ob]! * f, g = d[oa + 1]! * (1 - f) + d[ob + 1]! * f, b = d[oa + 2]! * (1 - f) + d[ob + 2]! * f;
        row += Math.abs(d[o1]! - r) + Math.abs(d[o1 + 1]! - g) + Math.abs(d[o1 + 2]! - b);
        const l = 0.299 * r + 0.587 * g + 0.114 * b;
        sum += l;
        sum2 += l * l;
        count++;
      }
      worst = Math.max(worst, row / (3 * w));
    }
    const mean = sum / count;
    const spread = Math.sqrt(Math.max(0, sum2 / count - mean * mean));
    if (spread < FLAT) continue;
    compared++;
    // (alike well within the strip's own contrast: tiles of a colour close to the background's
    // are as alike as that background is to them)
    if (worst < Math.min(ALIKE, spread / 2)) alike++;
  }
  return { side, alike, compared };
}

/**
 * What to do about a board found going on past an edge: show it whole; or, when it is whole on
 * the screen, it was found short because its open cells at that edge look like the ground around
 * it (a flat game drawn in the page's own colour): a fresh game shows its edges.
 */
export const WHOLE_BOARD_HINT = 'make the whole board visible (if it is, its open cells at that edge may look like the ground beside it: start from a fresh game)';

/** What a board cut off at `side` is, said to the user. */
export function cutOffText(grid: Grid, side: Side): string {
  return `the ${grid.cols}x${grid.rows} board found goes on past its ${side} edge, where its next ${side === 'left' || side === 'right' ? 'column' : 'row'} shows cut short (by the window's edge, a scroll bar or the screen's edge)`;
}
