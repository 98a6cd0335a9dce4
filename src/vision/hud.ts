// The parts of the window around the board: LED counters (mines left, timer) and the face.
// Positions come from skin.json relative to the grid, scaled by the grid's scale.

import type { RgbaImage } from './image.js';
import { matchRegion } from './classify.js';
import { resolveX, resolveY, type Grid } from './geometry.js';
import type { SkinCounter } from './skin.js';
import type { PreparedSkin } from './prepared.js';

/** Lowest digit/face confidence accepted; below it the value is reported as null. */
export const HUD_MIN_CONFIDENCE = 0.3;

export interface CounterReading {
  value: number | null;
  text: string | null;
  confidence: number;
}

/** Small shifts (in units of the scale) tried around a HUD element's expected place. */
const SHIFTS = [0, -0.5, 0.5, -1, 1, -1.5, 1.5];

function readDigitsAt(image: RgbaImage, x0: number, y0: number, counter: SkinCounter, prepared: PreparedSkin, s: number) {
  const set = prepared.digits!;
  let text = '';
  let confidence = 1;
  let score = 0;
  for (let i = 0; i < counter.digits; i++) {
    const m = matchRegion(image, x0 + i * counter.step * s, y0, set.width * s, set.height * s, set);
    if (!m) return null;
    text += m.label;
    confidence = Math.min(confidence, m.confidence);
    score += m.score;
  }
  return { text, confidence, score: score / counter.digits };
}

/**
 * Reads an LED counter. The skin says where it is relative to the grid; the digits are looked
 * for within ±1.5 scaled px of that (the grid's sub-pixel position and a skin's measurements
 * are not exact) and the best-fitting place is kept.
 */
export function readCounter(image: RgbaImage, grid: Grid, counter: SkinCounter | null | undefined, prepared: PreparedSkin): CounterReading {
  const none = { value: null, text: null, confidence: 0 };
  if (!counter || !prepared.digits) return none;
  const s = grid.scale;
  const x0 = resolveX(counter.at.x, grid);
  const y0 = resolveY(counter.at.y, grid);
  let best = readDigitsAt(image, x0, y0, counter, prepared, s);
  const settled = (b: typeof best): boolean => !!b && b.confidence >= 0.9 && b.score > 0.95;
  for (const dy of settled(best) ? [] : SHIFTS) {
    for (const dx of SHIFTS) {
      const r = readDigitsAt(image, x0 + dx * s, y0 + dy * s, counter, prepared, s);
      if (r && (!best || r.score > best.score)) best = r;
    }
    if (settled(best)) break;
  }
  if (!best) return none;
  const { text, confidence } = best;
  if (confidence < HUD_MIN_CONFIDENCE) return { value: null, text, confidence };
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
