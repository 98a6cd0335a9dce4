// Matching image patches against a skin's sprites by normalised cross-correlation (NCC) of
// their RGB values. A patch is resampled to the sprite's own resolution (bilinear at pixel
// centres), which is the same comparison as scaling the sprites to the measured pitch, only
// cheaper; NCC ignores brightness and contrast shifts (16-bit colour, palette quantisation,
// blur) and compares shape and colour together.

import type { RgbaImage } from './image.js';

export interface TemplateSet<L extends string = string> {
  width: number;
  height: number;
  /** px ignored on every side when comparing (in sprite pixels). */
  inset: number;
  labels: L[];
  /** One zero-mean, unit-norm vector per template (length = (w−2·inset)·(h−2·inset)·3). */
  vectors: Float32Array[];
  /** NCC between templates i and j at [i·n + j]: how alike two sprites are. */
  similarity: Float32Array;
}

export function prepareTemplates<L extends string>(items: { label: L; image: RgbaImage }[], inset = 0): TemplateSet<L> {
  if (items.length === 0) throw new Error('no templates');
  const { width, height } = items[0]!.image;
  const vectors = items.map(({ image }) => {
    const v = new Float32Array((width - 2 * inset) * (height - 2 * inset) * 3);
    let k = 0;
    for (let y = inset; y < height - inset; y++) {
      for (let x = inset; x < width - inset; x++) {
        const o = (y * width + x) * 4;
        v[k++] = image.data[o]!;
        v[k++] = image.data[o + 1]!;
        v[k++] = image.data[o + 2]!;
      }
    }
    normalise(v);
    return v;
  });
  const n = vectors.length;
  const similarity = new Float32Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) similarity[i * n + j] = dot(vectors[i]!, vectors[j]!);
  return { width, height, inset, labels: items.map((i) => i.label), vectors, similarity };
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Makes v zero-mean and unit-norm in place; returns the norm before scaling (0 = flat). */
export function normalise(v: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]!;
  const mean = sum / v.length;
  let sq = 0;
  for (let i = 0; i < v.length; i++) {
    const d = v[i]! - mean;
    v[i] = d;
    sq += d * d;
  }
  const norm = Math.sqrt(sq);
  if (norm > 1e-6) for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return norm;
}

/**
 * Samples the region [x0, x0+w)×[y0, y0+h) of the image (continuous coordinates) into `out`
 * at the template set's resolution. Returns the fraction of samples that fell outside.
 */
export function samplePatch(image: RgbaImage, x0: number, y0: number, w: number, h: number, set: TemplateSet, out: Float32Array): number {
  const tw = set.width, th = set.height, inset = set.inset;
  const sx = w / tw, sy = h / th;
  const W = image.width, H = image.height, d = image.data;
  let outside = 0, k = 0;
  for (let j = inset; j < th - inset; j++) {
    let fy = y0 + (j + 0.5) * sy - 0.5;
    if (fy < -0.5 || fy > H - 0.5) outside++;
    fy = fy < 0 ? 0 : fy > H - 1 ? H - 1 : fy;
    const yA = Math.floor(fy), yB = yA + 1 < H ? yA + 1 : yA, ay = fy - yA;
    for (let i = inset; i < tw - inset; i++) {
      let fx = x0 + (i + 0.5) * sx - 0.5;
      if (fx < -0.5 || fx > W - 0.5) outside++;
      fx = fx < 0 ? 0 : fx > W - 1 ? W - 1 : fx;
      const xA = Math.floor(fx), xB = xA + 1 < W ? xA + 1 : xA, ax = fx - xA;
      const p00 = (yA * W + xA) << 2, p01 = (yA * W + xB) << 2, p10 = (yB * W + xA) << 2, p11 = (yB * W + xB) << 2;
      const w00 = (1 - ax) * (1 - ay), w01 = ax * (1 - ay), w10 = (1 - ax) * ay, w11 = ax * ay;
      out[k++] = d[p00]! * w00 + d[p01]! * w01 + d[p10]! * w10 + d[p11]! * w11;
      out[k++] = d[p00 + 1]! * w00 + d[p01 + 1]! * w01 + d[p10 + 1]! * w10 + d[p11 + 1]! * w11;
      out[k++] = d[p00 + 2]! * w00 + d[p01 + 2]! * w01 + d[p10 + 2]! * w10 + d[p11 + 2]! * w11;
    }
  }
  return outside / ((tw - 2 * inset) * (th - 2 * inset) * 2);
}

export interface Match<L extends string = string> {
  label: L;
  /** NCC of the best template, −1..1. */
  score: number;
  /** Best NCC among templates with another label. */
  runnerUp: number;
  runnerUpLabel: L | null;
  /** 0..1: how sure the match is (see confidenceOf). */
  confidence: number;
}

/**
 * Confidence of a match: high only when the best template fits well AND the patch is clearly
 * nearer to it than to the runner-up of another label. The margin is measured against how far
 * apart those two templates are (1 − their own NCC): a patch equal to the best template has
 * margin 1, a patch halfway between the two has margin 0. 1 for a near-perfect, unambiguous
 * match; 0 when the best score is poor (≤ 0.5) or two labels tie.
 */
export function confidenceOf(score: number, runnerUp: number, templateSimilarity: number): number {
  const fit = Math.min(1, Math.max(0, (score - 0.5) / 0.35));
  const gap = Math.max(0.02, 1 - templateSimilarity);
  const margin = Math.min(1, Math.max(0, (score - runnerUp) / gap) * 1.25);
  return Math.min(fit, margin);
}

/** Matches a normalised patch vector against every template. */
export function matchVector<L extends string>(v: Float32Array, set: TemplateSet<L>): Match<L> {
  const n = v.length;
  let best = -2, bestIdx = 0;
  const scores = new Float64Array(set.vectors.length);
  for (let t = 0; t < set.vectors.length; t++) {
    const tv = set.vectors[t]!;
    let s = 0;
    for (let i = 0; i < n; i++) s += v[i]! * tv[i]!;
    scores[t] = s;
    if (s > best) {
      best = s;
      bestIdx = t;
    }
  }
  const label = set.labels[bestIdx]!;
  let runnerUp = -1, ruIdx = -1;
  for (let t = 0; t < scores.length; t++) {
    if (set.labels[t] !== label && scores[t]! > runnerUp) {
      runnerUp = scores[t]!;
      ruIdx = t;
    }
  }
  if (ruIdx < 0) return { label, score: best, runnerUp, runnerUpLabel: null, confidence: confidenceOf(best, -1, -1) };
  const sim = set.similarity[bestIdx * scores.length + ruIdx]!;
  return { label, score: best, runnerUp, runnerUpLabel: set.labels[ruIdx]!, confidence: confidenceOf(best, runnerUp, sim) };
}

/** Samples, normalises and matches one region. Returns null when it lies mostly outside the image. */
export function matchRegion<L extends string>(image: RgbaImage, x0: number, y0: number, w: number, h: number, set: TemplateSet<L>, scratch?: Float32Array): Match<L> | null {
  const v = scratch ?? new Float32Array(set.vectors[0]!.length);
  const outside = samplePatch(image, x0, y0, w, h, set, v);
  if (outside > 0.02) return null;
  normalise(v);
  return matchVector(v, set);
}
