// Cutting cells out of an image: the square of a cell, resampled to a sprite's size. Pure.

import { createImage, type RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { CELL_STATES, CODE_OF_STATE, type CellState } from '../skins/skin.js';

/**
 * The square [x0, x0+side)×[y0, y0+side) of the image (continuous coordinates) resampled to
 * size×size: box average over each target pixel's footprint (so a 2x or 1.5x capture shrinks
 * without aliasing), clamped at the image border. A square on whole pixels at a whole factor is
 * averaged exactly over each f×f block, as the matcher samples it (classify.ts): sub-samples
 * between pixels would blur a sprite cut at 1:1 by an eighth of each neighbour, so that a look
 * learned from crisp cells never matched them exactly and a thin stroke lost contrast.
 */
export function cutSquare(image: RgbaImage, x0: number, y0: number, side: number, size: number, quick = false): RgbaImage {
  const s = side / size;
  const f = Math.round(s);
  if (f >= 1 && Math.abs(s - f) < 1e-9 && Number.isInteger(x0) && Number.isInteger(y0) && x0 >= 0 && y0 >= 0 && x0 + side <= image.width && y0 + side <= image.height) {
    return boxCut(image, x0, y0, f, size);
  }
  const out = createImage(size, size);
  const W = image.width, H = image.height, d = image.data;
  // sub-samples per target pixel and axis: enough to cover the footprint (one when quick)
  const k = quick ? 1 : Math.max(1, Math.ceil(s * 2));
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0, g = 0, b = 0;
      for (let v = 0; v < k; v++) {
        const fy = Math.min(H - 1, Math.max(0, y0 + (j + (v + 0.5) / k) * s - 0.5));
        const ya = Math.floor(fy), yb = Math.min(H - 1, ya + 1), ay = fy - ya;
        for (let u = 0; u < k; u++) {
          const fx = Math.min(W - 1, Math.max(0, x0 + (i + (u + 0.5) / k) * s - 0.5));
          const xa = Math.floor(fx), xb = Math.min(W - 1, xa + 1), ax = fx - xa;
          const p00 = (ya * W + xa) * 4, p01 = (ya * W + xb) * 4, p10 = (yb * W + xa) * 4, p11 = (yb * W + xb) * 4;
          const w00 = (1 - ax) * (1 - ay), w01 = ax * (1 - ay), w10 = (1 - ax) * ay, w11 = ax * ay;
          r += d[p00]! * w00 + d[p01]! * w01 + d[p10]! * w10 + d[p11]! * w11;
          g += d[p00 + 1]! * w00 + d[p01 + 1]! * w01 + d[p10 + 1]! * w10 + d[p11 + 1]! * w11;
          b += d[p00 + 2]! * w00 + d[p01 + 2]! * w01 + d[p10 + 2]! * w10 + d[p11 + 2]! * w11;
        }
      }
      const o = (j * size + i) * 4, n = k * k;
      out.data[o] = Math.round(r / n);
      out.data[o + 1] = Math.round(g / n);
      out.data[o + 2] = Math.round(b / n);
    }
  }
  return out;
}

/** size×size pixels, each the mean of an f×f block of the image from (x0, y0) (all inside it). */
function boxCut(image: RgbaImage, x0: number, y0: number, f: number, size: number): RgbaImage {
  const out = createImage(size, size);
  const W = image.width, d = image.data, n = f * f;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0, g = 0, b = 0;
      for (let v = 0; v < f; v++) {
        for (let u = 0, p = ((y0 + j * f + v) * W + x0 + i * f) * 4; u < f; u++, p += 4) {
          r += d[p]!;
          g += d[p + 1]!;
          b += d[p + 2]!;
        }
      }
      const o = (j * size + i) * 4;
      out.data[o] = Math.round(r / n);
      out.data[o + 1] = Math.round(g / n);
      out.data[o + 2] = Math.round(b / n);
    }
  }
  return out;
}

/** Cell (x, y) of a grid, resampled to size×size (quick: one bilinear sample per pixel). */
export function cutCell(image: RgbaImage, grid: Grid, x: number, y: number, size: number, quick = false): RgbaImage {
  return cutSquare(image, grid.left + x * grid.pitch, grid.top + y * grid.pitch, grid.pitch, size, quick);
}

const STATE_OF_CODE = new Map<number, CellState>(CELL_STATES.map((s) => [CODE_OF_STATE[s], s]));

/** The cell state a board code stands for. */
export function stateOfCode(code: number): CellState {
  const s = STATE_OF_CODE.get(code);
  if (!s) throw new RangeError(`invalid cell code ${code}`);
  return s;
}
