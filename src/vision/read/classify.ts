// Matching image patches against a skin's sprites by normalised cross-correlation (NCC) of
// their RGB values. A patch is resampled to the sprite's own resolution (box average for whole
// factors, else bilinear at pixel centres) — the same comparison as scaling the sprites to the
// measured pitch, only cheaper. NCC ignores brightness and contrast shifts (16-bit colour,
// palette quantisation, blur) and compares shape and colour together.
//
// Two stages for speed: every patch is first compared at half resolution; only when that
// comparison is not clearly decided (confidence < COARSE_ACCEPT, or a fit below COARSE_FIT) is
// it compared again at full resolution, and that answer is the one reported.

import type { RgbaImage } from '../image.js';

export const COARSE_ACCEPT = 0.85;
/** ...and only when the half-resolution patch fits its sprite this well (a poor fit that is still
 * the clearest at half resolution can be another digit at full resolution). */
export const COARSE_FIT = 0.9;
/** At full resolution, only templates within this of the best half-resolution score are compared. */
export const PRUNE = 0.5;
/** Sets of more templates than this get a quarter-resolution stage before the half one. */
export const TINY_FROM = 40;

interface Level {
  /** Sampling grid (template pixels) of this level. */
  width: number;
  height: number;
  /** Share of the sprite's width/height this level covers (halving an odd size drops a pixel). */
  spanX: number;
  spanY: number;
  inset: number;
  /** One zero-mean, unit-norm vector per template. */
  vectors: Float32Array[];
  /** All templates back to back (for a tight dot-product loop). */
  packed: Float32Array;
  /** NCC between templates i and j at [i·n + j]: how alike two sprites are. */
  similarity: Float32Array;
  /** Mean R, G, B of each template (3 per template) and its norm before normalising. */
  means: Float64Array;
  norms: Float64Array;
  /** Per-element weights (3 per sampled pixel), or null for uniform weight. */
  weights: Float32Array | null;
  /** FLAT_VAR times the sum of squared weights: the structure term's constant for this level. */
  flat: number;
}

export interface TemplateSet<L extends string = string> {
  /** Sprite size. */
  width: number;
  height: number;
  labels: L[];
  full: Level;
  coarse: Level | null;
  /** Quarter resolution, only for sets of many templates (learned skins): it decides which
   * templates are worth comparing at half resolution. */
  tiny: Level | null;
}

function imageVector(image: RgbaImage, inset: number): Float32Array {
  const { width, height } = image;
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
  return v;
}

/** Box-averages an image by 2 (odd edges dropped). */
function halve(image: RgbaImage): RgbaImage {
  const w = image.width >> 1, h = image.height >> 1;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 4; c++) {
        const at = (yy: number, xx: number): number => image.data[(yy * image.width + xx) * 4 + c]!;
        data[(y * w + x) * 4 + c] = Math.round((at(2 * y, 2 * x) + at(2 * y, 2 * x + 1) + at(2 * y + 1, 2 * x) + at(2 * y + 1, 2 * x + 1)) / 4);
      }
    }
  }
  return { width: w, height: h, data };
}

/** Per-element weights of a level from a pixel mask (values 0..1, mask.width² pixels), or null. */
function levelWeights(mask: PixelMask | null, inset: number): Float32Array | null {
  if (!mask) return null;
  const { width, height, values } = mask;
  const out = new Float32Array((width - 2 * inset) * (height - 2 * inset) * 3);
  let k = 0;
  for (let y = inset; y < height - inset; y++) {
    for (let x = inset; x < width - inset; x++) {
      const w = values[y * width + x]!;
      out[k++] = w;
      out[k++] = w;
      out[k++] = w;
    }
  }
  return out;
}

/** Halves a pixel mask by 2x2 averaging (odd edges dropped), like halve() does to sprites. */
function halveMask(mask: PixelMask): PixelMask {
  const w = mask.width >> 1, h = mask.height >> 1;
  const values = new Float32Array(w * h);
  const at = (y: number, x: number): number => mask.values[y * mask.width + x]!;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) values[y * w + x] = (at(2 * y, 2 * x) + at(2 * y, 2 * x + 1) + at(2 * y + 1, 2 * x) + at(2 * y + 1, 2 * x + 1)) / 4;
  return { width: w, height: h, values };
}

/** Mean R, G, B of a sampled vector (interleaved) into out[at..at+2]. */
function channelMeans(v: Float32Array, out: Float64Array, at = 0): void {
  let r = 0, g = 0, b = 0;
  for (let i = 0; i < v.length; i += 3) {
    r += v[i]!;
    g += v[i + 1]!;
    b += v[i + 2]!;
  }
  const n = v.length / 3;
  out[at] = r / n;
  out[at + 1] = g / n;
  out[at + 2] = b / n;
}

function applyWeights(v: Float32Array, weights: Float32Array | null): void {
  if (!weights) return;
  for (let i = 0; i < v.length; i++) v[i] = v[i]! * weights[i]!;
}

function makeLevel(images: RgbaImage[], inset: number, spanX = 1, spanY = 1, mask: PixelMask | null = null): Level {
  const means = new Float64Array(images.length * 3);
  const norms = new Float64Array(images.length);
  const weights = levelWeights(mask, inset);
  const vectors = images.map((img, i) => {
    const v = imageVector(img, inset);
    channelMeans(v, means, 3 * i);
    applyWeights(v, weights);
    norms[i] = normalise(v);
    return v;
  });
  const n = vectors.length, len = vectors[0]!.length;
  const packed = new Float32Array(n * len);
  vectors.forEach((v, i) => packed.set(v, i * len));
  let w2 = len;
  if (weights) {
    w2 = 0;
    for (const w of weights) w2 += w * w;
  }
  const flat = FLAT_VAR * w2;
  const similarity = new Float32Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) similarity[i * n + j] = structure(dot(vectors[i]!, vectors[j]!), norms[i]!, norms[j]!, flat);
  return { width: images[0]!.width, height: images[0]!.height, spanX, spanY, inset, vectors, packed, similarity, means, norms, weights, flat };
}

/** How much each pixel of a sprite counts when matching (0..1), width×height values, row-major. */
export interface PixelMask {
  width: number;
  height: number;
  values: Float32Array;
}

export function prepareTemplates<L extends string>(items: { label: L; image: RgbaImage }[], inset = 0, mask: PixelMask | null = null): TemplateSet<L> {
  if (items.length === 0) throw new Error('no templates');
  const { width, height } = items[0]!.image;
  if (mask && (mask.width !== width || mask.height !== height)) throw new Error(`pixel mask is ${mask.width}x${mask.height}, sprites ${width}x${height}`);
  const images = items.map((i) => i.image);
  const full = makeLevel(images, inset, 1, 1, mask);
  const coarse =
    width >= 12 && height >= 12
      ? makeLevel(images.map(halve), Math.floor(inset / 2), (2 * (width >> 1)) / width, (2 * (height >> 1)) / height, mask && halveMask(mask))
      : null;
  const tiny =
    coarse && images.length > TINY_FROM && width >= 16 && height >= 16
      ? makeLevel(images.map((i) => halve(halve(i))), Math.floor(inset / 4), (4 * (width >> 2)) / width, (4 * (height >> 2)) / height, mask && halveMask(halveMask(mask)))
      : null;
  return { width, height, labels: items.map((i) => i.label), full, coarse, tiny };
}

/**
 * Variance (per sample, in 0..255 units squared) below which a patch counts as flat: about the
 * noise of a capture. It keeps two flat patches alike and a flat patch unlike a drawn one,
 * where plain correlation of two nearly flat patches says little but noise.
 */
const FLAT_VAR = 60;

/**
 * Correlation of a patch and a template with a noise floor, from their plain correlation `ncc`
 * and their norms after removing the mean: (ncc·a·b + c) / √((a² + c)(b² + c)), c = `flat`.
 * For two patches with clear structure this is their correlation (blind to contrast, as a
 * blurred or 16-bit capture needs); two flat patches come out alike (1); a flat patch and a
 * drawn one come out unlike (a plain correlation of noise with a drawing could say anything).
 */
export function structure(ncc: number, normA: number, normB: number, flat: number): number {
  return (ncc * normA * normB + flat) / Math.sqrt((normA * normA + flat) * (normB * normB + flat));
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
  if (norm > 1e-6) {
    const inv = 1 / norm;
    for (let i = 0; i < v.length; i++) v[i] = v[i]! * inv;
  }
  return norm;
}

/**
 * Samples the region [x0, x0+w)×[y0, y0+h) of the image (continuous coordinates) into `out`
 * on the level's grid. Returns the fraction of samples that fell outside the image.
 */
function sampleLevel(image: RgbaImage, x0: number, y0: number, w0: number, h0: number, level: Level, out: Float32Array): number {
  const tw = level.width, th = level.height, inset = level.inset;
  const w = w0 * level.spanX, h = h0 * level.spanY;
  const sx = w / tw, sy = h / th;
  const W = image.width, H = image.height, d = image.data;
  // fast path: whole-pixel origin and a whole scale factor → box average of f×f pixels
  const f = Math.round(sx);
  if (Math.abs(sx - f) < 1e-6 && Math.abs(sy - f) < 1e-6 && f >= 1 && f <= 4 && Number.isInteger(x0) && Number.isInteger(y0) &&
      x0 >= 0 && y0 >= 0 && x0 + w <= W && y0 + h <= H) {
    let k = 0;
    if (f === 1) {
      for (let j = inset; j < th - inset; j++) {
        let p = ((y0 + j) * W + x0 + inset) << 2;
        for (let i = inset; i < tw - inset; i++, p += 4) {
          out[k++] = d[p]!;
          out[k++] = d[p + 1]!;
          out[k++] = d[p + 2]!;
        }
      }
      return 0;
    }
    if (f === 2) {
      const row = W << 2;
      for (let j = inset; j < th - inset; j++) {
        let p = ((y0 + 2 * j) * W + x0 + 2 * inset) << 2;
        for (let i = inset; i < tw - inset; i++, p += 8) {
          const q = p + row;
          out[k++] = (d[p]! + d[p + 4]! + d[q]! + d[q + 4]!) * 0.25;
          out[k++] = (d[p + 1]! + d[p + 5]! + d[q + 1]! + d[q + 5]!) * 0.25;
          out[k++] = (d[p + 2]! + d[p + 6]! + d[q + 2]! + d[q + 6]!) * 0.25;
        }
      }
      return 0;
    }
    const inv = 1 / (f * f);
    for (let j = inset; j < th - inset; j++) {
      for (let i = inset; i < tw - inset; i++) {
        let r = 0, g = 0, b = 0;
        for (let yy = 0; yy < f; yy++) {
          let p = ((y0 + j * f + yy) * W + x0 + i * f) << 2;
          for (let xx = 0; xx < f; xx++, p += 4) {
            r += d[p]!;
            g += d[p + 1]!;
            b += d[p + 2]!;
          }
        }
        out[k++] = r * inv;
        out[k++] = g * inv;
        out[k++] = b * inv;
      }
    }
    return 0;
  }
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
  /** Index of the best template in its set. */
  template?: number;
  /** Agreement of the worst part of the patch with the best template (stroke-fit.ts), where measured. */
  local?: number;
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
  const margin = Math.min(1, Math.max(0, ((score - runnerUp) / gap) * 1.25));
  return Math.min(fit, margin);
}

/**
 * NCC alone cannot tell a white sheet with grey lines from a grey board with dark lines: it
 * ignores brightness and contrast (and, on a nearly flat patch, most of the colour: a pale blue
 * tile and a grey one correlate well). This factor (0..1) lowers a score when the patch's mean
 * level is far from the template's (more than 12 of 255), when its mean colour leans away from
 * the template's (a channel more than 24 off after removing the level: loose, since palettes and
 * 16-bit displays shift colours), or when its contrast is far below the template's.
 */
function levelFactor(means: Float64Array, tMeans: Float64Array, t: number): number {
  const r = means[0]!, g = means[1]!, b = means[2]!;
  const tr = tMeans[3 * t]!, tg = tMeans[3 * t + 1]!, tb = tMeans[3 * t + 2]!;
  const level = (r + g + b) / 3, tLevel = (tr + tg + tb) / 3;
  const dm = Math.abs(level - tLevel);
  const dc = Math.max(Math.abs(r - level - (tr - tLevel)), Math.abs(g - level - (tg - tLevel)), Math.abs(b - level - (tb - tLevel)));
  let f = dm <= 12 ? 1 : Math.max(0, 1 - (dm - 12) / 24);
  if (dc > 24) f *= Math.max(0, 1 - (dc - 24) / 48);
  return f;
}

/**
 * The score template j would get as a patch matched against template i (at full resolution):
 * their similarity, lowered by how far apart their level and colour are, as a patch's is.
 */
export function templateScore(set: TemplateSet, i: number, j: number): number {
  const level = set.full, T = level.vectors.length;
  const s = level.similarity[i * T + j]!;
  return s > 0 ? s * levelFactor(level.means.subarray(3 * j, 3 * j + 3), level.means, i) : s;
}

/**
 * Scores the templates of a level (into `scores`) and picks the best. With `prior` (the scores
 * of a coarser level), a template is compared again only if it scored within PRUNE of the best
 * there or is the best of its label there; the others keep a score below all of those.
 */
function matchLevel<L extends string>(v: Float32Array, level: Level, labels: L[], means: Float64Array, norm: number, scores: Float64Array, prior: Float64Array | null = null, keep: Uint8Array | null = null): Match<L> {
  const n = v.length, T = level.vectors.length, packed = level.packed;
  let best = -2, bestIdx = 0;
  const n4 = n - (n % 4);
  if (prior && keep) {
    let top = -Infinity;
    for (let t = 0; t < T; t++) top = Math.max(top, prior[t]!);
    keep.fill(0);
    const labelBest = new Map<L, number>();
    for (let t = 0; t < T; t++) {
      if (prior[t]! >= top - PRUNE) keep[t] = 1;
      const b = labelBest.get(labels[t]!);
      if (b === undefined || prior[t]! > prior[b]!) labelBest.set(labels[t]!, t);
    }
    for (const t of labelBest.values()) keep[t] = 1;
  }
  for (let t = 0, off = 0; t < T; t++, off += n) {
    if (prior && keep && !keep[t]) {
      scores[t] = -1;
      continue;
    }
    // a template whose level or colour is far off scores 0 whatever the shapes: skip the product
    const lf = levelFactor(means, level.means, t);
    if (lf === 0) {
      scores[t] = 0;
      continue;
    }
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (let i = 0; i < n4; i += 4) {
      s0 += v[i]! * packed[off + i]!;
      s1 += v[i + 1]! * packed[off + i + 1]!;
      s2 += v[i + 2]! * packed[off + i + 2]!;
      s3 += v[i + 3]! * packed[off + i + 3]!;
    }
    for (let i = n4; i < n; i++) s0 += v[i]! * packed[off + i]!;
    let s = structure(s0 + s1 + s2 + s3, norm, level.norms[t]!, level.flat);
    if (s > 0) s *= lf;
    scores[t] = s;
    if (s > best) {
      best = s;
      bestIdx = t;
    }
  }
  const label = labels[bestIdx]!;
  let runnerUp = -1, ru = -1;
  for (let t = 0; t < T; t++) {
    if (labels[t] !== label && scores[t]! > runnerUp) {
      runnerUp = scores[t]!;
      ru = t;
    }
  }
  if (ru < 0) return { label, score: best, runnerUp, runnerUpLabel: null, confidence: confidenceOf(best, -1, -1), template: bestIdx };
  return { label, score: best, runnerUp, runnerUpLabel: labels[ru]!, confidence: confidenceOf(best, runnerUp, level.similarity[bestIdx * T + ru]!), template: bestIdx };
}

/** Reusable buffers for matchRegion. */
export interface Scratch {
  full: Float32Array;
  coarse: Float32Array | null;
  tiny: Float32Array | null;
  scores: Float64Array;
  /** Quarter-resolution scores of the patch. */
  tinyScores: Float64Array;
  /** Channel means of the patch being matched. */
  means: Float64Array;
  /** Half-resolution scores of the patch, kept while it is matched at full resolution. */
  prior: Float64Array;
  /** Which templates are compared again at full resolution. */
  keep: Uint8Array;
  /**
   * Answers already given in this pass, by the exact half-resolution samples they were decided
   * on (a board repeats the same covered and blank tiles many times; a crisp capture gives
   * identical samples for them). Only answers decided at half resolution are kept, and a hit
   * is checked value by value, so the answer is exactly the one a fresh match would give.
   */
  seen: Map<number, { v: Float32Array; m: Match<string> }[]>;
}

export function scratchFor(set: TemplateSet): Scratch {
  return {
    full: new Float32Array(set.full.vectors[0]!.length),
    coarse: set.coarse ? new Float32Array(set.coarse.vectors[0]!.length) : null,
    tiny: set.tiny ? new Float32Array(set.tiny.vectors[0]!.length) : null,
    scores: new Float64Array(set.labels.length),
    tinyScores: new Float64Array(set.labels.length),
    means: new Float64Array(3),
    prior: new Float64Array(set.labels.length),
    keep: new Uint8Array(set.labels.length),
    seen: new Map(),
  };
}

/**
 * Samples, normalises and matches one region (two stages, see above). Returns null when more
 * than 2% of it lies outside the image.
 */
/** 'auto': half resolution first, full when that is not clear; 'full' or 'coarse' only. */
export type MatchMode = 'auto' | 'full' | 'coarse';

/**
 * The region sampled as the matcher samples it at full resolution (weighted, zero mean, unit
 * norm) into `out`; null when more than 2% of it lies outside the image.
 */
export function samplePatch(image: RgbaImage, x0: number, y0: number, w: number, h: number, set: TemplateSet, out: Float32Array): Float32Array | null {
  if (sampleLevel(image, x0, y0, w, h, set.full, out) > 0.02) return null;
  applyWeights(out, set.full.weights);
  normalise(out);
  return out;
}

/**
 * The mean level (of 255, over every sample and channel) of the region sampled as the matcher
 * samples it at full resolution, unweighted, into `out`; null when more than 2% lies outside.
 */
export function patchLevel(image: RgbaImage, x0: number, y0: number, w: number, h: number, set: TemplateSet, out: Float32Array): number | null {
  if (sampleLevel(image, x0, y0, w, h, set.full, out) > 0.02) return null;
  let s = 0;
  for (let i = 0; i < out.length; i++) s += out[i]!;
  return s / out.length;
}

/** The mean level (of 255) of a mean colour held as three channels from `at`. */
export function meanLevel(means: ArrayLike<number>, at = 0): number {
  return (means[at]! + means[at + 1]! + means[at + 2]!) / 3;
}

/** The mean level (of 255) of template t, as patchLevel measures a patch. */
export function templateLevel(set: TemplateSet, t: number): number {
  return meanLevel(set.full.means, 3 * t);
}

export function matchRegion<L extends string>(image: RgbaImage, x0: number, y0: number, w: number, h: number, set: TemplateSet<L>, scratch: Scratch = scratchFor(set), mode: MatchMode = 'auto'): Match<L> | null {
  // a set of many templates goes through the lower resolutions even for a full-resolution
  // answer: they decide which templates are worth comparing there
  const staged = mode !== 'full' || !!set.tiny;
  if (set.coarse && scratch.coarse && staged) {
    const v = scratch.coarse;
    const outside = sampleLevel(image, x0, y0, w, h, set.coarse, v);
    if (outside > 0.02) return null;
    let hash = 0x811c9dc5;
    for (let i = 0; i < v.length; i++) hash = Math.imul(hash ^ Math.round(v[i]! * 8), 0x01000193);
    const bucket = scratch.seen.get(hash);
    if (bucket && mode !== 'full') {
      for (const e of bucket) {
        let same = true;
        for (let i = 0; i < v.length && same; i++) same = e.v[i] === v[i];
        if (same) return e.m as Match<L>;
      }
    }
    const raw = v.slice();
    channelMeans(v, scratch.means);
    let tinyPrior: Float64Array | null = null;
    if (set.tiny && scratch.tiny) {
      const t = scratch.tiny;
      sampleLevel(image, x0, y0, w, h, set.tiny, t);
      applyWeights(t, set.tiny.weights);
      const tn = normalise(t);
      matchLevel(t, set.tiny, set.labels, scratch.means, tn, scratch.tinyScores);
      tinyPrior = scratch.tinyScores;
    }
    applyWeights(v, set.coarse.weights);
    const norm = normalise(v);
    const m = matchLevel(v, set.coarse, set.labels, scratch.means, norm, scratch.scores, tinyPrior, scratch.keep);
    if (mode !== 'full' && m.confidence >= COARSE_ACCEPT && m.score >= COARSE_FIT) {
      if (bucket) bucket.push({ v: raw, m });
      else scratch.seen.set(hash, [{ v: raw, m }]);
      return m;
    }
    if (mode === 'coarse') return m;
  }
  const outside = sampleLevel(image, x0, y0, w, h, set.full, scratch.full);
  if (outside > 0.02) return null;
  let prior: Float64Array | null = null;
  if (set.coarse && scratch.coarse && staged) {
    prior = scratch.prior;
    prior.set(scratch.scores);
  }
  channelMeans(scratch.full, scratch.means);
  applyWeights(scratch.full, set.full.weights);
  const norm = normalise(scratch.full);
  return matchLevel(scratch.full, set.full, set.labels, scratch.means, norm, scratch.scores, prior, scratch.keep);
}
