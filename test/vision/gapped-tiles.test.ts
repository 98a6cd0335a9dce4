// A board of large rounded tiles apart on a dark page, as BlackDamask/minesweeper draws it: each
// tile `size` px with a margin of a tenth of it all round (46 px tiles 55.2 px apart by default),
// lit along its top and left, shaded along its bottom and right. The lattice walked lies on the
// gaps' middles, each tile's edge half a gap from it; the check that a row of the lattice is the
// board's cells looked for lines within 2 px of it, and every row but one was trimmed away:
// nothing located from a 48 px tile up (locate.ts linesThere, now a tenth of the pitch).
import { expect, it } from 'vitest';
import { createImage, setPixel, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { largest } from './lineless-draw.js';

const PAGE: Rgb = [5, 8, 22];
const TILE: Rgb = [36, 46, 61];

/** A fresh cols x rows board of `size` px tiles, each with a margin of size / 10, from (left, top), every pixel the mean of 4 x 4 points in it (as a browser draws fractions of a pixel). */
function drawGapped(cols: number, rows: number, size: number, left: number, top: number): RgbaImage {
  const margin = size / 10, pitch = size + 2 * margin, radius = size / 6;
  const img = createImage(Math.ceil(left + cols * pitch + 60), Math.ceil(top + rows * pitch + 60), PAGE);
  const colourAt = (x: number, y: number): Rgb => {
    const cx = Math.floor((x - left) / pitch), cy = Math.floor((y - top) / pitch);
    if (cx < 0 || cy < 0 || cx >= cols || cy >= rows) return PAGE;
    const u = x - left - cx * pitch - margin, v = y - top - cy * pitch - margin;
    if (u < 0 || v < 0 || u >= size || v >= size) return PAGE;
    // rounded corners
    const ru = u < radius ? radius - u : u > size - radius ? u - (size - radius) : 0;
    const rv = v < radius ? radius - v : v > size - radius ? v - (size - radius) : 0;
    if (ru * ru + rv * rv > radius * radius) return PAGE;
    const lit = Math.max(0, 1 - Math.min(u, v) / 4), shade = Math.max(0, 1 - Math.min(size - u, size - v) / 4);
    return [TILE[0] + 30 * lit - 20 * shade, TILE[1] + 30 * lit - 20 * shade, TILE[2] + 30 * lit - 20 * shade];
  };
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const s = [0, 0, 0];
      for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) {
        const c = colourAt(x + (i + 0.5) / 4, y + (j + 0.5) / 4);
        s[0] += c[0]; s[1] += c[1]; s[2] += c[2];
      }
      setPixel(img, x, y, [Math.round(s[0]! / 16), Math.round(s[1]! / 16), Math.round(s[2]! / 16)]);
    }
  }
  return img;
}

it.each([
  [9, 9, 42],
  [9, 9, 46],
  [9, 9, 50],
  [16, 16, 46],
])('a fresh %ix%i board of %i px rounded tiles a tenth of their size apart is located whole, on the gaps\' middles', (cols, rows, size) => {
  const margin = size / 10, pitch = size + 2 * margin, left = 40.3, top = 60.7;
  const g = largest(locateGrids(drawGapped(cols, rows, size, left, top)));
  expect(g && [g.cols, g.rows]).toEqual([cols, rows]);
  // (the board's boundaries: the page's middle between tiles, half a margin outside the first and last)
  expect(Math.abs(g!.pitch - pitch)).toBeLessThan(0.1);
  expect(Math.abs(g!.left - left)).toBeLessThan(margin);
  expect(Math.abs(g!.top - top)).toBeLessThan(margin);
});
