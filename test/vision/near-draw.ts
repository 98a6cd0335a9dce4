// Small pure drawing helpers for the near looks (near-looks.ts): per-pixel colour maps, the "ink"
// of a sprite over its base, rounded tiles with antialiased corners, two digit fonts of our own
// (a 5x7 dot matrix and seven segments), simple mine and flag icons, and backgrounds (gradients
// and a wood-like texture). Everything takes plain images and numbers; randomness comes in as an Rng.

import { createImage, setPixel, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import type { Rng } from '../../src/core/rng.js';

export const clamp = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

export function getPixel(img: RgbaImage, x: number, y: number): Rgb {
  const o = (y * img.width + x) * 4;
  return [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
}

export function sameRgb(a: Rgb, b: Rgb, tol = 0): boolean {
  return Math.abs(a[0] - b[0]) <= tol && Math.abs(a[1] - b[1]) <= tol && Math.abs(a[2] - b[2]) <= tol;
}

export function hex(text: string): Rgb {
  const v = parseInt(text.replace('#', ''), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** A copy with every pixel mapped (x, y in the image). */
export function mapPixels(img: RgbaImage, fn: (c: Rgb, x: number, y: number) => Rgb): RgbaImage {
  const out = { width: img.width, height: img.height, data: img.data.slice() };
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const o = (y * img.width + x) * 4;
      const c = fn([img.data[o]!, img.data[o + 1]!, img.data[o + 2]!], x, y);
      out.data[o] = clamp(c[0]);
      out.data[o + 1] = clamp(c[1]);
      out.data[o + 2] = clamp(c[2]);
    }
  }
  return out;
}

/** Blends colour c over the pixel at (x, y) with coverage a (0..1). */
export function blend(img: RgbaImage, x: number, y: number, c: Rgb, a: number): void {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height || a <= 0) return;
  const o = (y * img.width + x) * 4;
  for (let k = 0; k < 3; k++) img.data[o + k] = clamp(img.data[o + k]! * (1 - a) + c[k]! * a);
  img.data[o + 3] = 255;
}

/**
 * Copies onto `dst` at (dx, dy) the pixels of `sprite` that differ from `base` (the sprite's
 * "ink": a number, a flag, a mine over the plain tile), optionally recoloured.
 */
export function paintInk(dst: RgbaImage, sprite: RgbaImage, base: RgbaImage, dx = 0, dy = 0, recolour?: (c: Rgb) => Rgb): void {
  for (let y = 0; y < sprite.height; y++) {
    for (let x = 0; x < sprite.width; x++) {
      const c = getPixel(sprite, x, y);
      if (sameRgb(c, getPixel(base, x, y))) continue;
      setPixel(dst, x + dx, y + dy, recolour ? recolour(c) : c);
    }
  }
}

/**
 * A rounded rectangle [x, y, x+w) × [y, y+h) with corner radius r, antialiased (4x4 samples per
 * pixel on the corners), each pixel's colour from `colourAt(u, v)` (u, v in 0..1 across the tile).
 */
export function roundedTile(img: RgbaImage, x: number, y: number, w: number, h: number, r: number, colourAt: (u: number, v: number) => Rgb): void {
  const inside = (px: number, py: number): boolean => {
    const cx = px < r ? r : px > w - r ? w - r : px;
    const cy = py < r ? r : py > h - r ? h - r : py;
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
  };
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      let cover = 1;
      if ((i < r || i >= w - r) && (j < r || j >= h - r)) {
        let hits = 0;
        for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (inside(i + (sx + 0.5) / 4, j + (sy + 0.5) / 4)) hits++;
        cover = hits / 16;
      }
      blend(img, x + i, y + j, colourAt((i + 0.5) / w, (j + 0.5) / h), cover);
    }
  }
}

/** A filled disc of radius r centred at (cx, cy), antialiased. */
export function disc(img: RgbaImage, cx: number, cy: number, r: number, c: Rgb): void {
  for (let y = Math.floor(cy - r - 1); y <= Math.ceil(cy + r + 1); y++) {
    for (let x = Math.floor(cx - r - 1); x <= Math.ceil(cx + r + 1); x++) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if ((x + (sx + 0.5) / 4 - cx) ** 2 + (y + (sy + 0.5) / 4 - cy) ** 2 <= r * r) hits++;
      blend(img, x, y, c, hits / 16);
    }
  }
}

export function rect(img: RgbaImage, x: number, y: number, w: number, h: number, c: Rgb): void {
  for (let j = Math.max(0, Math.round(y)); j < Math.min(img.height, Math.round(y + h)); j++) {
    for (let i = Math.max(0, Math.round(x)); i < Math.min(img.width, Math.round(x + w)); i++) setPixel(img, i, j, c);
  }
}

// ---- digit fonts of our own ----------------------------------------------------------------

/** A 5x7 dot-matrix font (1..8), thin and round: nothing like the chunky classic digits. */
const DOT5X7: Record<number, string[]> = {
  1: ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  2: ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  3: ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  4: ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  5: ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  6: ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  7: ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  8: ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
};

/** Draws digit n of the dot-matrix font into the box (x, y, w, h), each font pixel a block. */
export function dotDigit(img: RgbaImage, n: number, x: number, y: number, w: number, h: number, c: Rgb): void {
  const rows = DOT5X7[n];
  if (!rows) throw new RangeError(`no glyph for ${n}`);
  const bw = w / 5, bh = h / 7;
  rows.forEach((row, j) => {
    for (let i = 0; i < 5; i++) if (row[i] === '#') rect(img, x + i * bw, y + j * bh, Math.max(1, bw), Math.max(1, bh), c);
  });
}

const SEGMENTS: Record<number, string> = { 1: 'bc', 2: 'abdeg', 3: 'abcdg', 4: 'bcfg', 5: 'acdfg', 6: 'acdefg', 7: 'abc', 8: 'abcdefg' };

/** Draws digit n as seven segments of thickness t in the box (x, y, w, h). */
export function segmentDigit(img: RgbaImage, n: number, x: number, y: number, w: number, h: number, t: number, c: Rgb): void {
  const lit = SEGMENTS[n];
  if (!lit) throw new RangeError(`no segments for ${n}`);
  const mid = y + (h - t) / 2;
  const parts: Record<string, [number, number, number, number]> = {
    a: [x, y, w, t], d: [x, y + h - t, w, t], g: [x, mid, w, t],
    f: [x, y, t, h / 2], b: [x + w - t, y, t, h / 2], e: [x, y + h / 2, t, h / 2], c: [x + w - t, y + h / 2, t, h / 2],
  };
  for (const s of lit) rect(img, ...parts[s]!, c);
}

// ---- icons ------------------------------------------------------------------------------------

/** A mine: a disc with four spikes, centred in a cell of size s at (x, y). */
export function mineIcon(img: RgbaImage, x: number, y: number, s: number, c: Rgb): void {
  const cx = x + s / 2, cy = y + s / 2, r = s * 0.22;
  disc(img, cx, cy, r, c);
  rect(img, cx - s * 0.33, cy - 0.5, s * 0.66, Math.max(1, s * 0.06), c);
  rect(img, cx - 0.5, cy - s * 0.33, Math.max(1, s * 0.06), s * 0.66, c);
}

/** A flag: a pole and a triangular pennant pointing right, in a cell of size s at (x, y). */
export function flagIcon(img: RgbaImage, x: number, y: number, s: number, pole: Rgb, cloth: Rgb): void {
  const px = x + Math.round(s * 0.35), top = y + Math.round(s * 0.2), bottom = y + Math.round(s * 0.8);
  rect(img, px, top, Math.max(1, Math.round(s * 0.07)), bottom - top, pole);
  const len = Math.round(s * 0.35), hgt = Math.round(s * 0.3);
  for (let j = 0; j < hgt; j++) {
    const span = Math.round(len * (1 - Math.abs(j - hgt / 2) / (hgt / 2)));
    rect(img, px + 1, top + j, span, 1, cloth);
  }
  rect(img, px - Math.round(s * 0.12), bottom - 1, Math.round(s * 0.3), Math.max(1, Math.round(s * 0.08)), pole);
}

/** A cross of two diagonal strokes over a cell of size s at (x, y) (a wrong flag). */
export function crossIcon(img: RgbaImage, x: number, y: number, s: number, c: Rgb): void {
  for (let t = Math.round(s * 0.2); t < Math.round(s * 0.8); t++) {
    rect(img, x + t, y + t, 2, 1, c);
    rect(img, x + s - t - 2, y + t, 2, 1, c);
  }
}

// ---- backgrounds ------------------------------------------------------------------------------

/** Fills an image with a diagonal gradient from colour a (top-left) to b (bottom-right). */
export function gradient(width: number, height: number, a: Rgb, b: Rgb): RgbaImage {
  const img = createImage(width, height);
  const span = Math.max(1, width + height - 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / span;
      setPixel(img, x, y, [clamp(a[0] + (b[0] - a[0]) * t), clamp(a[1] + (b[1] - a[1]) * t), clamp(a[2] + (b[2] - a[2]) * t)]);
    }
  }
  return img;
}

/** A wood-like texture: wavy vertical grain around colour c, with per-pixel noise. */
export function woodTexture(width: number, height: number, c: Rgb, rng: Rng): RgbaImage {
  const img = createImage(width, height);
  const phase = rng.next() * 10, freq = 0.08 + rng.next() * 0.05;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grain = 18 * Math.sin((x + 6 * Math.sin(y * 0.03 + phase)) * freq) + (rng.next() - 0.5) * 14;
      setPixel(img, x, y, [clamp(c[0] + grain), clamp(c[1] + grain * 0.8), clamp(c[2] + grain * 0.5)]);
    }
  }
  return img;
}
