// Boards drawn in a single-colour look of our own (white digits on dark green, a light green
// bevelled cover), for testing that a learned skin refuses a digit it has not learned: every
// number is the same colour, so only its shape tells 2 from 1. Pure, no artwork of anyone else.

import { EXPLODED, FLAG, MINE, COVERED, WRONG_FLAG, type Board } from '../../src/core/board.js';
import { createImage, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import type { Grid } from '../../src/vision/geometry.js';
import { crossIcon, dotDigit, flagIcon, mineIcon, rect } from './near-draw.js';

const BACK: Rgb = [16, 40, 16];
const COVER: Rgb = [86, 160, 86];
const LIGHT: Rgb = [140, 210, 140];
const SHADE: Rgb = [40, 100, 40];
const OPEN: Rgb = [24, 70, 30];
const LINE: Rgb = [14, 44, 18];
const INK: Rgb = [240, 240, 240];

export interface MonoBoard {
  image: RgbaImage;
  grid: Grid;
}

/** A keycap's face: every number drawn on one of these, its digit a small stroke on it. */
const KEY: Rgb = [40, 150, 230];

/**
 * Draws `board` with cells of `pitch` px, the grid `margin` px from the image's corner. With
 * `keycap`, each number is a small digit on a large key of one colour filling its cell (as emoji
 * keycaps are): numbers then differ only in a small part of the cell (whole-cell scores of one
 * against another 0.9 and up), not in most of it. With `shade` (keycaps), each key is lit up to
 * that many levels otherwise, cell by cell.
 */
export function drawMono(board: Board, pitch = 18, margin = 12, keycap = false, shade = 0): MonoBoard {
  const w = board.width * pitch + 2 * margin, h = board.height * pitch + 2 * margin;
  const image = createImage(w, h, BACK);
  for (let i = 0; i < board.cells.length; i++) {
    const x0 = margin + (i % board.width) * pitch, y0 = margin + ((i / board.width) | 0) * pitch;
    const c = board.cells[i]!;
    const closed = c === COVERED || c === FLAG || c === WRONG_FLAG;
    if (closed) {
      rect(image, x0, y0, pitch, pitch, COVER);
      rect(image, x0, y0, pitch, 2, LIGHT);
      rect(image, x0, y0, 2, pitch, LIGHT);
      rect(image, x0, y0 + pitch - 2, pitch, 2, SHADE);
      rect(image, x0 + pitch - 2, y0, 2, pitch, SHADE);
    } else {
      rect(image, x0, y0, pitch, pitch, c === EXPLODED ? [200, 30, 30] : OPEN);
      rect(image, x0, y0, pitch, 1, LINE);
      rect(image, x0, y0, 1, pitch, LINE);
    }
    const s = pitch;
    if (keycap && c >= 1 && c <= 8) {
      const k = Math.round(s * 0.08);
      // (with `shade`, each key lit up to that many levels lighter or darker, cell by cell, and its
      // lower half that much again: a key lit otherwise, as a gradient or a hover glow leaves it)
      const lit = shade ? ((Math.imul(i + 1, 2654435761) >>> 16) % (2 * shade + 1)) - shade : 0;
      const tone = (d: number): Rgb => [KEY[0] + d, KEY[1] + d, KEY[2] + d];
      rect(image, x0 + k, y0 + k, s - 2 * k, s - 2 * k, tone(lit));
      if (shade) rect(image, x0 + k, y0 + (s >> 1), s - 2 * k, (s >> 1) - k, tone(2 * lit));
      dotDigit(image, c, x0 + Math.round(s * 0.4), y0 + Math.round(s * 0.33), Math.round(s * 0.2), Math.round(s * 0.34), INK);
    } else if (c >= 1 && c <= 8) dotDigit(image, c, x0 + Math.round(s * 0.3), y0 + Math.round(s * 0.2), Math.round(s * 0.4), Math.round(s * 0.6), INK);
    else if (c === FLAG || c === WRONG_FLAG) flagIcon(image, x0, y0, s, INK, [230, 40, 40]);
    if (c === WRONG_FLAG) crossIcon(image, x0, y0, s, [0, 0, 0]);
    if (c === MINE || c === EXPLODED) mineIcon(image, x0, y0, s, [0, 0, 0]);
  }
  return { image, grid: { left: margin, top: margin, pitch, cols: board.width, rows: board.height, scale: 1 } };
}

/** The image at half its size, each pixel the mean of a 2x2 block (a trailing odd row or column dropped). */
export function halve(img: RgbaImage): RgbaImage {
  const w = img.width >> 1, h = img.height >> 1;
  const out = createImage(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 4; c++) {
        const at = (yy: number, xx: number): number => img.data[(yy * img.width + xx) * 4 + c]!;
        out.data[(y * w + x) * 4 + c] = Math.round((at(2 * y, 2 * x) + at(2 * y, 2 * x + 1) + at(2 * y + 1, 2 * x) + at(2 * y + 1, 2 * x + 1)) / 4);
      }
    }
  }
  return out;
}

/**
 * `board` drawn as drawMono does with cells of `pitch2` px, `margin2` px from the corner, and
 * halved: cells of pitch2 / 2 px, antialiased, at half-pixel phases where pitch2 or margin2 is
 * odd (a board of 14.5 px cells: its cells alternate between two phases).
 */
export function drawMonoHalved(board: Board, pitch2: number, margin2 = 12, keycap = false): MonoBoard {
  const d = drawMono(board, pitch2, margin2, keycap);
  return { image: halve(d.image), grid: { ...d.grid, left: margin2 / 2, top: margin2 / 2, pitch: pitch2 / 2 } };
}
