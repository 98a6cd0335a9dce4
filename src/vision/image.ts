// Raw RGBA images and the few pixel operations vision needs. Pure: no file I/O here (the
// loader lives in load.ts). The image type itself is core's (core/image.ts).

import type { RgbaImage } from '../core/image.js';

export type { RgbaImage };

export type Rgb = [number, number, number];

export function createImage(width: number, height: number, fill: Rgb = [0, 0, 0]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = fill[0];
    data[i + 1] = fill[1];
    data[i + 2] = fill[2];
    data[i + 3] = 255;
  }
  return { width, height, data };
}

export function checkImage(image: RgbaImage): void {
  if (!image || !Number.isInteger(image.width) || !Number.isInteger(image.height) || image.width < 1 || image.height < 1) {
    throw new RangeError('image must have a positive whole width and height');
  }
  if (!(image.data instanceof Uint8Array) || image.data.length !== image.width * image.height * 4) {
    throw new RangeError(`image data must hold ${image.width}x${image.height}x4 bytes (RGBA)`);
  }
}

export function fillRect(img: RgbaImage, x0: number, y0: number, x1: number, y1: number, c: Rgb): void {
  const xa = Math.max(0, Math.round(x0)), ya = Math.max(0, Math.round(y0));
  const xb = Math.min(img.width, Math.round(x1)), yb = Math.min(img.height, Math.round(y1));
  for (let y = ya; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      const o = (y * img.width + x) * 4;
      img.data[o] = c[0];
      img.data[o + 1] = c[1];
      img.data[o + 2] = c[2];
      img.data[o + 3] = 255;
    }
  }
}

export function setPixel(img: RgbaImage, x: number, y: number, c: Rgb): void {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  const o = (y * img.width + x) * 4;
  img.data[o] = c[0];
  img.data[o + 1] = c[1];
  img.data[o + 2] = c[2];
  img.data[o + 3] = 255;
}

/** Copies src onto dst at (dx, dy), clipped; alpha 0 pixels of src are skipped. */
export function blit(dst: RgbaImage, src: RgbaImage, dx: number, dy: number): void {
  for (let y = 0; y < src.height; y++) {
    const ty = y + dy;
    if (ty < 0 || ty >= dst.height) continue;
    for (let x = 0; x < src.width; x++) {
      const tx = x + dx;
      if (tx < 0 || tx >= dst.width) continue;
      const s = (y * src.width + x) * 4;
      if (src.data[s + 3] === 0) continue;
      const d = (ty * dst.width + tx) * 4;
      dst.data[d] = src.data[s]!;
      dst.data[d + 1] = src.data[s + 1]!;
      dst.data[d + 2] = src.data[s + 2]!;
      dst.data[d + 3] = 255;
    }
  }
}

export function crop(img: RgbaImage, x0: number, y0: number, w: number, h: number): RgbaImage {
  const out = createImage(w, h);
  for (let y = 0; y < h; y++) {
    const sy = y + y0;
    if (sy < 0 || sy >= img.height) continue;
    for (let x = 0; x < w; x++) {
      const sx = x + x0;
      if (sx < 0 || sx >= img.width) continue;
      const s = (sy * img.width + sx) * 4;
      const d = (y * w + x) * 4;
      out.data[d] = img.data[s]!;
      out.data[d + 1] = img.data[s + 1]!;
      out.data[d + 2] = img.data[s + 2]!;
      out.data[d + 3] = img.data[s + 3]!;
    }
  }
  return out;
}

/**
 * Resizes by `factor` with pixel-centre mapping. Upscaling by a whole factor uses nearest
 * neighbour (crisp, like a bitmap-stretched window at 200%); anything else is bilinear.
 */
export function resize(img: RgbaImage, width: number, height: number, mode: 'bilinear' | 'nearest' = 'bilinear'): RgbaImage {
  const out = createImage(width, height);
  const sx = img.width / width;
  const sy = img.height / height;
  const W = img.width, H = img.height, src = img.data, dst = out.data;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(H - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    for (let x = 0; x < width; x++) {
      const fx = Math.min(W - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const d = (y * width + x) * 4;
      if (mode === 'nearest') {
        const s = (Math.min(H - 1, Math.floor((y + 0.5) * sy)) * W + Math.min(W - 1, Math.floor((x + 0.5) * sx))) * 4;
        dst[d] = src[s]!; dst[d + 1] = src[s + 1]!; dst[d + 2] = src[s + 2]!; dst[d + 3] = src[s + 3]!;
        continue;
      }
      const x0 = Math.floor(fx), y0 = Math.floor(fy);
      const x1 = Math.min(W - 1, x0 + 1), y1 = Math.min(H - 1, y0 + 1);
      const ax = fx - x0, ay = fy - y0;
      const p00 = (y0 * W + x0) * 4, p01 = (y0 * W + x1) * 4, p10 = (y1 * W + x0) * 4, p11 = (y1 * W + x1) * 4;
      for (let c = 0; c < 4; c++) {
        const top = src[p00 + c]! * (1 - ax) + src[p01 + c]! * ax;
        const bot = src[p10 + c]! * (1 - ax) + src[p11 + c]! * ax;
        dst[d + c] = Math.round(top * (1 - ay) + bot * ay);
      }
    }
  }
  return out;
}

/** Luma (0..255, integer approximation of Rec. 601) of the pixel at byte offset `o` of RGBA data. */
export function lumaAt(d: Uint8Array, o: number): number {
  return (d[o]! * 77 + d[o + 1]! * 150 + d[o + 2]! * 29) >> 8;
}

/** Grey (0..255, not rounded: 0.3 R + 0.59 G + 0.11 B) of the pixel at byte offset `o` of RGBA data: what the lattice line finders step across. */
export function greyAt(d: Uint8Array, o: number): number {
  return d[o]! * 0.3 + d[o + 1]! * 0.59 + d[o + 2]! * 0.11;
}

/** Luma (lumaAt) of every pixel. */
export function toLuma(img: RgbaImage): Uint8Array {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const d = img.data;
  for (let i = 0, o = 0; i < n; i++, o += 4) out[i] = lumaAt(d, o);
  return out;
}

/** What a 16-bit (RGB565) display does to the colours: 5/6/5 bits, expanded back to 8. */
export function toRgb565(img: RgbaImage): RgbaImage {
  const out = { width: img.width, height: img.height, data: img.data.slice() };
  const d = out.data;
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i]! >> 3, g = d[i + 1]! >> 2, b = d[i + 2]! >> 3;
    d[i] = (r << 3) | (r >> 2);
    d[i + 1] = (g << 2) | (g >> 4);
    d[i + 2] = (b << 3) | (b >> 2);
  }
  return out;
}

/** Raw BGRA/BGRX (e.g. a nut.js grab) to RGBA with opaque alpha. */
export function fromBgra(width: number, height: number, bgra: Uint8Array, byteWidth = width * 4): RgbaImage {
  const out = createImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = y * byteWidth + x * 4;
      const d = (y * width + x) * 4;
      out.data[d] = bgra[s + 2]!;
      out.data[d + 1] = bgra[s + 1]!;
      out.data[d + 2] = bgra[s]!;
      out.data[d + 3] = 255;
    }
  }
  return out;
}
