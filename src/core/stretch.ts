// Stretching an image by a factor per axis (linear blending): the view a desktop whose game has
// cells that are not square is read through (desktop/stretched.ts), pure pixels in and out.

import type { RgbaImage } from './image.js';

/** Pixels of the stretched view per screen pixel, per axis. */
export interface Stretch {
  x: number;
  y: number;
}

/** A screen region, or an image's extent: whole pixels. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where a stretched pixel's centre lies on the screen: pixel v's centre is v + 0.5 stretched, so
 * (v + 0.5) / s - 0.5 in screen pixel positions.
 */
export function sourceOf(v: number, s: number): number {
  return (v + 0.5) / s - 0.5;
}

/**
 * The stretched view of `want` (stretched pixels) drawn from `src` (the screen pixels at `at`),
 * blended linearly along each axis. A stretched pixel's value depends only on its place, not on
 * the region asked for, so crops of one frame agree with the whole.
 */
export function resample(src: RgbaImage, at: PixelRect, want: PixelRect, s: Stretch): RgbaImage {
  const xs = taps(want.left, want.width, s.x, at.left, src.width);
  const ys = taps(want.top, want.height, s.y, at.top, src.height);
  const out = new Uint8Array(want.width * want.height * 4);
  const d = src.data, w = src.width;
  for (let j = 0; j < want.height; j++) {
    const ra = ys.i0[j]! * w, rb = ys.i1[j]! * w, ty = ys.t[j]!;
    for (let i = 0; i < want.width; i++) {
      const a = xs.i0[i]!, b = xs.i1[i]!, tx = xs.t[i]!;
      const p00 = (ra + a) * 4, p01 = (ra + b) * 4, p10 = (rb + a) * 4, p11 = (rb + b) * 4;
      const o = (j * want.width + i) * 4;
      for (let k = 0; k < 3; k++) {
        const top = d[p00 + k]! + (d[p01 + k]! - d[p00 + k]!) * tx;
        const bottom = d[p10 + k]! + (d[p11 + k]! - d[p10 + k]!) * tx;
        out[o + k] = Math.round(top + (bottom - top) * ty);
      }
      out[o + 3] = 255;
    }
  }
  return { width: want.width, height: want.height, data: out };
}

/** Per stretched pixel along an axis: the two source pixels (indices in the grab) and the blend. */
function taps(start: number, n: number, s: number, srcStart: number, srcN: number): { i0: Int32Array; i1: Int32Array; t: Float64Array } {
  const i0 = new Int32Array(n), i1 = new Int32Array(n), t = new Float64Array(n);
  for (let v = 0; v < n; v++) {
    const r = Math.min(Math.max(sourceOf(start + v, s), 0), srcStart + srcN - 1) - srcStart;
    const lo = Math.max(0, Math.min(srcN - 1, Math.floor(r)));
    i0[v] = lo;
    i1[v] = Math.min(srcN - 1, lo + 1);
    t[v] = Math.max(0, Math.min(1, r - lo));
  }
  return { i0, i1, t };
}

/** A whole image stretched (its size the stretched size, whole pixels). */
export function stretchImage(src: RgbaImage, s: Stretch): RgbaImage {
  const whole = { left: 0, top: 0, width: src.width, height: src.height };
  return resample(src, whole, { left: 0, top: 0, width: Math.floor(src.width * s.x), height: Math.floor(src.height * s.y) }, s);
}
