// How well the worst part of a cell agrees with the look it matched best. A whole-cell score
// hides a small difference on a large shared shape: digits drawn small on one key (emoji
// keycaps) differ in a stroke or two, a few percent of the cell (0.95-0.99 as a whole). Here
// the cell inside its rim is cut into overlapping blocks about a stroke wide, each compared
// about its own mean: a stroke the look has and the cell lacks (or the other way) leaves a block
// that disagrees almost wholly. The same look drawn at another sub-pixel phase (a browser page
// laid out anew) disagrees in blocks too, so the best of the look and the cell shifted by half a
// pixel each way counts; and it is asked only of a number the whole-cell score already puts
// beyond what its state's learned cells varied by (learned-fit.ts). Pure.

import { normalise, samplePatch, type TemplateSet } from './classify.js';
import type { RgbaImage } from '../image.js';

/** Blocks are this share of the sprite's side (at least 2 px), overlapping by half: about a
 * stroke's width, so that a stroke missing fills most of a block. */
const BLOCK_SHARE = 0.1;
/** The rim left out, a share of the sprite's side: where neighbours' lines, shadows and sparks reach in. */
const RIM_SHARE = 0.125;
/** Per-sample variance (0..255 units squared) a block's difference must pass to count: about 16 levels. */
const NOISE_VAR = 256;

/**
 * The agreement (≤ 1; 1 = the same) of the least-agreeing block inside the rim between a patch
 * and template t of the set at full resolution. `v` is the patch as the matcher left it: sampled at the full
 * level, weighted and normalised (zero mean, unit norm), as the template's own vector is. A
 * block's agreement is 1 − |patch − template|² / (|patch|² + |template|² + noise), over its
 * samples: a stroke one has and the other lacks gives about 0, a shifted or blurred stroke
 * about a half and up; the noise term (NOISE_VAR, in the template's units) keeps near-flat
 * blocks from counting a faint gradient or capture noise as a stroke. A block below `below`
 * ends the count (its agreement is returned: the worst is below that too).
 */
export function worstBlock(set: TemplateSet, t: number, v: Float32Array, tv: Float32Array = set.full.vectors[t]!, below = -Infinity): number {
  const level = set.full;
  const w = level.width - 2 * level.inset, h = level.height - 2 * level.inset;
  const norm = level.norms[t]!;
  if (!(norm > 1e-6) || v.length !== tv.length) return 1;
  const floor = NOISE_VAR / (norm * norm);
  const b = Math.max(2, Math.round(Math.min(w, h) * BLOCK_SHARE));
  const step = Math.max(1, Math.floor(b / 2));
  const rim = Math.round(Math.min(level.width, level.height) * RIM_SHARE) - level.inset;
  const x0s = Math.max(0, rim), y0s = Math.max(0, rim), xe = w - Math.max(0, rim), ye = h - Math.max(0, rim);
  const weights = level.weights;
  let worst = 1;
  for (let y0 = y0s; y0 < ye; y0 += step) {
    const y1 = Math.min(ye, y0 + b);
    if (y1 - y0 < step && y0 > y0s) break;
    for (let x0 = x0s; x0 < xe; x0 += step) {
      const x1 = Math.min(xe, x0 + b);
      if (x1 - x0 < step && x0 > x0s) break;
      // each block about its own mean (per channel): what counts is the strokes in it
      let n = 0, sp0 = 0, sp1 = 0, sp2 = 0, sq0 = 0, sq1 = 0, sq2 = 0, noise = 0;
      for (let y = y0; y < y1; y++) {
        for (let k = (y * w + x0) * 3, end = (y * w + x1) * 3; k < end; k += 3) {
          sp0 += v[k]!; sp1 += v[k + 1]!; sp2 += v[k + 2]!;
          sq0 += tv[k]!; sq1 += tv[k + 1]!; sq2 += tv[k + 2]!;
          n++;
        }
      }
      const mp = [sp0 / n, sp1 / n, sp2 / n], mq = [sq0 / n, sq1 / n, sq2 / n];
      let miss = 0, held = 0;
      for (let y = y0; y < y1; y++) {
        for (let k = (y * w + x0) * 3, end = (y * w + x1) * 3; k < end; k++) {
          const c = k % 3;
          const p = v[k]! - mp[c]!, q = tv[k]! - mq[c]!, d = p - q;
          miss += d * d;
          held += p * p + q * q;
          const wt = weights ? weights[k]! : 1;
          noise += wt * wt;
        }
      }
      const a = 1 - miss / (held + floor * noise);
      if (a < worst) worst = a;
      if (worst < below) return worst;
    }
  }
  return worst;
}

/**
 * The worst block of a patch against template t drawn at the best of nine half-pixel offsets
 * (−½, 0, +½ across and down): a game that draws its board at another sub-pixel position (a
 * browser page laid out anew) antialiases a digit's strokes as the look shifted by a fraction
 * of a pixel would be, the mean of two neighbours; a stroke missing or added no shift explains.
 * The search ends at the first offset whose worst block reaches `enough` (a caller that only
 * asks whether the cell passes a bar gets an answer at that bar, not the best of all nine).
 */
export function worstBlockShifted(set: TemplateSet, t: number, v: Float32Array, enough = 1 - 1e-9): number {
  let best = worstBlock(set, t, v);
  for (const tv of shiftedLooks(set, t)) {
    if (best >= enough) break;
    best = Math.max(best, worstBlock(set, t, v, tv, best));
  }
  return best;
}

/**
 * As worstBlockShifted, and also with the cell sampled half a pixel off each way (the
 * bilinear samples between pixels: a stroke drawn a quarter pixel off lies between the two
 * ways). `at` is the cell's square in the image; `spare` room for a patch; `enough` as there.
 */
export function worstBlockAround(image: RgbaImage, at: { x: number; y: number; side: number }, set: TemplateSet, t: number, v: Float32Array, spare: Float32Array, enough = 1 - 1e-9): number {
  let best = worstBlockShifted(set, t, v, enough);
  for (const dy of [-0.5, 0, 0.5]) {
    for (const dx of [-0.5, 0, 0.5]) {
      if (best >= enough) return best;
      if (dx === 0 && dy === 0) continue;
      const p = samplePatch(image, at.x + dx, at.y + dy, at.side, at.side, set, spare);
      if (p) best = Math.max(best, worstBlock(set, t, p, undefined, best));
    }
  }
  return best;
}

const shiftCache = new WeakMap<TemplateSet, Map<number, Float32Array[]>>();

/** Template t's vector shifted by half a pixel each way (the eight offsets but none), normalised again. */
function shiftedLooks(set: TemplateSet, t: number): Float32Array[] {
  let bySet = shiftCache.get(set);
  if (!bySet) shiftCache.set(set, (bySet = new Map()));
  let out = bySet.get(t);
  if (out) return out;
  const level = set.full;
  const w = level.width - 2 * level.inset, h = level.height - 2 * level.inset;
  const tv = level.vectors[t]!;
  out = [];
  for (const dy of [-1, 0, 1]) {
    for (const dx of [-1, 0, 1]) {
      if (dx === 0 && dy === 0) continue;
      const s = new Float32Array(tv.length);
      for (let y = 0; y < h; y++) {
        const yy = Math.min(h - 1, Math.max(0, y + dy));
        for (let x = 0; x < w; x++) {
          const xx = Math.min(w - 1, Math.max(0, x + dx));
          for (let c = 0; c < 3; c++) {
            const at = (py: number, px: number): number => tv[(py * w + px) * 3 + c]!;
            s[(y * w + x) * 3 + c] = (at(y, x) + at(y, xx) + at(yy, x) + at(yy, xx)) / 4;
          }
        }
      }
      normalise(s);
      out.push(s);
    }
  }
  bySet.set(t, out);
  return out;
}

