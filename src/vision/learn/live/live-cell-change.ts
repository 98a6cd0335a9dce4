// Whether a cell changed between two frames of a game being learned, told pixel by pixel: a
// change drawn in a line a pixel wide, an interior drawn the same, a neighbour's drawing or
// something outside the board reaching over the cell's edge. Pure.

import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import { cutCell } from '../../read/cells.js';
import { vecOf } from '../looks.js';
import { changeOf, CUT, EDGE_SHARE, INTERIOR_SLACK } from './live-looks.js';

/** A pixel differs when it differs by more than this in a channel (0..255). */
const NEAR = 16;
/** Two lattices a whole number of pixels apart to this (px) are one place seen in two grabs (neighbourBleed). */
const PLACE_SLACK = 0.05;
/** A cut's spread (0..255) that moved this many times over, or more, is another drawing (fineChangeOf) ... */
const CONTRAST_RATIO = 2;
/** ... when it moved by this much at least (0..255): not the noise of a plain tile. */
const CONTRAST_LEVELS = 6;

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
  const cuts = cutsAt(a, aGrid, b, bGrid, i);
  if (!cuts) return 'same';
  const [ca, cb] = cuts;
  const c = changeOf(vecOf(ca), vecOf(cb));
  // (a drawing of one shape whose contrast fell or rose several times over changed: a cut's
  // correlation is of its zero-mean, unit-norm vector and sees no contrast. A <button>'s dark
  // 1 px ring faded nearly to its fill once disabled, all that tells an opened 0 from a covered
  // button in burntcustard/js1024-minesweeper: cuts 0.997 alike, their spread 12.7 and 3.1 levels)
  return c !== 'changed' && contrastMoved(spreadOf(ca), spreadOf(cb)) ? 'changed' : c;
}

/**
 * Whether cell `i`'s whole cut (as fineChangeOf cuts it) had its contrast move several times over
 * between two frames of one place: its own drawing changed as a whole (a ring that faded), not
 * only where every neighbour reached over the pixels it shares (a covered tile's bevel keeps its
 * contrast so: neighbourBleed's change all round).
 */
export function contrastChanged(a: RgbaImage, aGrid: Grid, b: RgbaImage, bGrid: Grid, i: number): boolean {
  const cuts = cutsAt(a, aGrid, b, bGrid, i);
  return !!cuts && contrastMoved(spreadOf(cuts[0]), spreadOf(cuts[1]));
}

/** Cell i's quick cut in each of two frames of one lattice (fineChangeOf's), or null when the lattices differ. */
function cutsAt(a: RgbaImage, aGrid: Grid, b: RgbaImage, bGrid: Grid, i: number): [RgbaImage, RgbaImage] | null {
  if (aGrid.left !== bGrid.left || aGrid.top !== bGrid.top || aGrid.pitch !== bGrid.pitch || aGrid.cols !== bGrid.cols) return null;
  const cut = (image: RgbaImage, grid: Grid): RgbaImage => cutCell(image, grid, i % grid.cols, (i / grid.cols) | 0, CUT, false);
  return [cut(a, aGrid), cut(b, bGrid)];
}

/** The spread of a cut's levels (their standard deviation over every channel, 0..255). */
function spreadOf(img: RgbaImage): number {
  let s = 0, s2 = 0, n = 0;
  for (let k = 0; k < img.data.length; k += 4) {
    for (let c = 0; c < 3; c++) {
      const v = img.data[k + c]!;
      s += v;
      s2 += v * v;
      n++;
    }
  }
  const m = s / n;
  return Math.sqrt(Math.max(0, s2 / n - m * m));
}

/** Whether two spreads of one cell's cut are of two drawings: one CONTRAST_RATIO times the other or more, and CONTRAST_LEVELS apart. */
function contrastMoved(a: number, b: number): boolean {
  const hi = Math.max(a, b), lo = Math.min(a, b);
  return hi - lo >= CONTRAST_LEVELS && hi >= CONTRAST_RATIO * lo;
}

/**
 * Whether a cell's interior — the cell without its edges — is drawn the same in two frames, each
 * cut at its own grid (a frame grabbed wider, or a board that moved, has the cell elsewhere),
 * pixel for pixel but for a few. An open number whose interior stayed is that number redrawn:
 * Wine's winemine draws the lines between cells by the cells' states, so a 0 opened beside a
 * number changes that number's edges, in ways a skin being learned may not know yet. `inset`:
 * that many pixels more of each edge left out.
 */
export function interiorSame(a: RgbaImage, aGrid: Grid, b: RgbaImage, bGrid: Grid, i: number, shift = 0, inset = 0): boolean {
  if (Math.round(aGrid.pitch) !== Math.round(bGrid.pitch)) return false;
  const edge = Math.max(1, Math.round(aGrid.pitch * EDGE_SHARE)) + inset;
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
 * colour. On three or four sides only when every pixel that changed is one the cell shares with a
 * neighbour, its edge running through it (Eriscot/react-minesweeper's tiles 16 and 17 px wide at
 * 16.8 px: a covered tile whose eight neighbours opened changed in those pixels all round, and
 * the first cascade was left unsure, 75 cells). Only between two frames of one lattice (`bGrid`
 * the same as `aGrid`, or moved by whole pixels).
 */
export function neighbourBleed(a: RgbaImage, aGrid: Grid, b: RgbaImage, bGrid: Grid, i: number, sideChanged: readonly boolean[], ownChange?: () => boolean): boolean {
  // (one place, or the same lattice a whole number of pixels away, to a hundredth: a wider grab
  // of the board, its lattice found again a fraction of a pixel apart)
  const dx = Math.round(bGrid.left - aGrid.left), dy = Math.round(bGrid.top - aGrid.top);
  if (Math.abs(bGrid.left - aGrid.left - dx) > PLACE_SLACK || Math.abs(bGrid.top - aGrid.top - dy) > PLACE_SLACK || Math.abs(aGrid.pitch - bGrid.pitch) > PLACE_SLACK / 100 || aGrid.cols !== bGrid.cols) return false;
  const edge = Math.max(1, Math.round(aGrid.pitch * EDGE_SHARE));
  const cx = aGrid.left + (i % aGrid.cols) * aGrid.pitch, cy = aGrid.top + ((i / aGrid.cols) | 0) * aGrid.pitch;
  const x0 = Math.floor(cx), y0 = Math.floor(cy);
  const x1 = Math.ceil(aGrid.left + ((i % aGrid.cols) + 1) * aGrid.pitch), y1 = Math.ceil(aGrid.top + (((i / aGrid.cols) | 0) + 1) * aGrid.pitch);
  if (x0 < 0 || y0 < 0 || x1 > a.width || y1 > a.height || x0 + dx < 0 || y0 + dy < 0 || x1 + dx > b.width || y1 + dy > b.height) return false;
  // (the pixels a cell shares with its neighbours: those its cut takes in whole though its edge
  // runs through them, at a fractional pitch)
  const sharedX = (x: number): boolean => (x === x0 && x0 < cx) || (x === x1 - 1 && x1 > cx + aGrid.pitch);
  const sharedY = (y: number): boolean => (y === y0 && y0 < cy) || (y === y1 - 1 && y1 > cy + aGrid.pitch);
  const touched = [false, false, false, false];
  let differ = 0;
  let ownPixel = false;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const k = (y * a.width + x) * 4;
      if (!pixelDiffers(a, k, b, ((y + dy) * b.width + x + dx) * 4)) continue;
      differ++;
      if (!sharedX(x) && !sharedY(y)) ownPixel = true;
      // (the sides whose strip holds this pixel)
      const near = [x - x0 < edge, y - y0 < edge, x1 - 1 - x < edge, y1 - 1 - y < edge];
      if (!near.some((v, s) => v && sideChanged[s])) return false;
      // (a corner pixel is in two strips: it marks neither, a side is drawn along its length)
      const sides = near.flatMap((v, s) => (v && sideChanged[s] ? [s] : []));
      if (sides.length === 1) touched[sides[0]!] = true;
    }
  }
  // (on more sides than two only in the pixels it shares: a closed tile whose every neighbour
  // opened; the cell's own drawing — a bevel all round, a ring — changes pixels wholly its own)
  // (but not when the cell's own drawing changed as a whole, `ownChange`: a 1 px ring that faded
  // as the cell opened lies wholly in the pixels it shares at some phases of a fractional pitch,
  // burntcustard/js1024-minesweeper's buttons at 42.6 px; the neighbours of a covered tile reaching
  // over all round leave its bevel's contrast as it was)
  return differ > 0 && (touched.filter(Boolean).length <= 2 || (!ownPixel && !(ownChange?.() ?? false)));
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
