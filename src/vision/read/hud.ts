// The parts of the window around the board: LED counters (mines left, timer) and the face.
// Positions come from skin.json relative to the grid, scaled by the grid's scale.

import type { RgbaImage } from '../image.js';
import { matchRegion, type MatchMode } from './classify.js';
import { resolveX, resolveY, type Grid } from '../geometry.js';
import type { SkinCounter } from '../skins/skin.js';
import type { PreparedSkin } from './prepared.js';

/** Lowest face confidence accepted; below it the face is reported as null. */
export const HUD_MIN_CONFIDENCE = 0.3;

/**
 * A counter is read only when every one of its digits fits its sprite this well (NCC) and this
 * clearly (confidence, classify.ts): a digit the sprites only resemble (another size, a neighbour
 * half in view, a smoothed unlit segment) makes the counter unread, never a wrong number.
 */
export const DIGIT_MIN_SCORE = 0.8;
export const DIGIT_MIN_CONFIDENCE = 0.5;

export interface CounterReading {
  value: number | null;
  text: string | null;
  /** The least confident digit's confidence (0 when nothing was found). */
  confidence: number;
}

/** Small shifts (in units of the scale) tried around a HUD element's expected place. */
const SHIFTS = [0, -0.5, 0.5, -1, 1, -1.5, 1.5];

/**
 * Digit sizes tried, relative to the cells' scale, when the skin's own size does not read: a
 * game drawn in the classic look (a browser clone, a window at another zoom) may draw its LED
 * counters larger or smaller than its cells, and a few pixels off the skin's place (1: the
 * skin's size, looked for farther away).
 */
const SIZES = [1, 0.9, 1.1, 0.8, 1.2, 0.75, 1.33, 1.5];
/** How far (in units of the cells' scale) from the skin's place a counter of another size is looked for. */
const REACH = 4;

interface DigitsRead {
  text: string;
  /** Lowest digit confidence and score, and the mean score. */
  confidence: number;
  minScore: number;
  score: number;
}

function readDigitsAt(image: RgbaImage, x0: number, y0: number, counter: SkinCounter, prepared: PreparedSkin, s: number, mode: MatchMode = 'auto', count = counter.digits): DigitsRead | null {
  const set = prepared.digits!;
  let text = '';
  let confidence = 1;
  let minScore = 1;
  let score = 0;
  for (let i = 0; i < count; i++) {
    const m = matchRegion(image, x0 + i * counter.step * s, y0, set.width * s, set.height * s, set, undefined, mode);
    if (!m) return null;
    text += m.label;
    confidence = Math.min(confidence, m.confidence);
    minScore = Math.min(minScore, m.score);
    score += m.score;
  }
  return { text, confidence, minScore, score: score / count };
}

const settled = (b: DigitsRead | null): boolean => !!b && b.confidence >= 0.9 && b.score > 0.95;
const readable = (b: DigitsRead | null): boolean => !!b && b.minScore >= DIGIT_MIN_SCORE && b.confidence >= DIGIT_MIN_CONFIDENCE;

/** The best reading at digit scale `s` over shifts (in units of `unit`) of (x0, y0), with its shift. */
function search(image: RgbaImage, x0: number, y0: number, counter: SkinCounter, prepared: PreparedSkin, s: number, unit: number, xs: number[], ys = xs, mode: MatchMode = 'auto', count = counter.digits): { read: DigitsRead; dx: number; dy: number } | null {
  let best: { read: DigitsRead; dx: number; dy: number } | null = null;
  for (const dy of ys) {
    for (const dx of xs) {
      const read = readDigitsAt(image, x0 + dx * unit, y0 + dy * unit, counter, prepared, s, mode, count);
      if (read && (!best || read.score > best.read.score)) best = { read, dx, dy };
    }
    if (best && settled(best.read)) break;
  }
  return best;
}

const WIDE: number[] = [0];
for (let d = 1; d <= REACH; d++) WIDE.push(-d, d);

export interface CounterOptions {
  /** Look for the counter at other sizes too when the skin's own does not read (default true). */
  sizes?: boolean;
}

/**
 * Reads an LED counter. The skin says where it is relative to the grid; the digits are looked
 * for within ±1.5 scaled px of that (the grid's sub-pixel position and a skin's measurements
 * are not exact) and the best-fitting place is kept. When that does not read, digits of other
 * sizes are looked for near it. The value is given only when every digit is read well and
 * clearly (DIGIT_MIN_SCORE, DIGIT_MIN_CONFIDENCE): otherwise null, never a guess.
 */
export function readCounter(image: RgbaImage, grid: Grid, counter: SkinCounter | null | undefined, prepared: PreparedSkin, options: CounterOptions = {}): CounterReading {
  const none = { value: null, text: null, confidence: 0 };
  if (!counter || !prepared.digits) return none;
  const s = grid.scale;
  const x0 = resolveX(counter.at.x, grid);
  const y0 = resolveY(counter.at.y, grid);
  let best = readDigitsAt(image, x0, y0, counter, prepared, s);
  const better = (r: DigitsRead | null | undefined): void => {
    if (r && (!best || r.score > best.score)) best = r;
  };
  if (!settled(best)) better(search(image, x0, y0, counter, prepared, s, s, SHIFTS)?.read);
  if (!readable(best) && options.sizes !== false) {
    for (const k of SIZES) {
      // a quick look for the first digit (no counter in view costs little), then the whole
      // counter over whole steps of the cells' scale at half resolution, then half steps around
      // the best of them at full resolution
      const first = search(image, x0, y0, counter, prepared, k * s, s, WIDE, WIDE, 'coarse', 1);
      if (!first || first.read.minScore < 0.6) continue;
      const wide = search(image, x0, y0, counter, prepared, k * s, s, WIDE, WIDE, 'coarse');
      if (!wide || wide.read.minScore < 0.6) continue;
      const half = (d: number): number[] => [d - 0.5, d, d + 0.5];
      better(search(image, x0, y0, counter, prepared, k * s, s, half(wide.dx), half(wide.dy))?.read);
      if (settled(best)) break;
    }
  }
  if (!best) return none;
  const { text, confidence } = best;
  if (!readable(best)) return { value: null, text, confidence };
  const value = /^-?\d+$/.test(text) ? Number(text) : null;
  return { value, text, confidence };
}

export type Face = 'playing' | 'won' | 'lost';

export function readFace(image: RgbaImage, grid: Grid, prepared: PreparedSkin): { face: Face | null; confidence: number } {
  const f = prepared.skin.file.face;
  const set = prepared.faces;
  if (!f || !set) return { face: null, confidence: 0 };
  const s = grid.scale;
  const x0 = resolveX(f.at.x, grid), y0 = resolveY(f.at.y, grid);
  let m = matchRegion(image, x0, y0, f.width * s, f.height * s, set);
  for (const dy of m && m.score > 0.95 ? [] : SHIFTS) {
    for (const dx of SHIFTS) {
      const t = matchRegion(image, x0 + dx * s, y0 + dy * s, f.width * s, f.height * s, set);
      if (t && (!m || t.score > m.score)) m = t;
    }
  }
  if (!m || m.score < 0.5) return { face: null, confidence: m?.confidence ?? 0 };
  const face: Face = m.label === 'won' ? 'won' : m.label === 'lost' ? 'lost' : 'playing';
  // surprised and playing are the same state of the game: their tie is no doubt
  const sameState = (m.label === 'playing' && m.runnerUpLabel === 'surprised') || (m.label === 'surprised' && m.runnerUpLabel === 'playing');
  return { face, confidence: sameState ? Math.min(1, (m.score - 0.5) / 0.35) : m.confidence };
}
