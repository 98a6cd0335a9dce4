// The first frame of a game a live learner judges (live-judge.ts): what the skin explains, and
// the start area the game opened itself taken as opened ('+'); a game ended before the run is
// over with nothing to learn. Pure but for the watch it updates (live-watch.ts).

import { COVERED, EXPLODED, MINE, OPENED, WRONG_FLAG } from '../../../core/board.js';
import { cascadeShaped } from './live-areas.js';
import { UNSURE, type Watch } from './live-watch.js';
import { noFalseZeros } from './live-zeros.js';

/** ... and of a later game's first frame, read with the skin learned so far. */
const START_SHARE = 0.3;

/**
 * The first frame of a game: what the skin explains, and cells it does not explain taken as
 * opened ('+') when they can only be a start area the game opened itself: no click yet, nothing
 * else but covered cells and numbers, and the opened cells one connected area.
 */
export function firstFrame(w: Watch, seen: Uint8Array): Uint8Array {
  const out = seen.slice();
  // a game that ended before the run (mines shown for sure, no click of ours yet): over, with
  // nothing to learn from it (its end was not seen); the loop starts a new one
  if (!w.opens.length && !w.toggled.size && out.some((c) => c === MINE || c === EXPLODED || c === WRONG_FLAG)) {
    w.phase = 'lost';
    return out;
  }
  // the frame the first look was taken from: its start area is opened whatever the first
  // skin (which knows only the covered look) makes of it
  for (const i of w.startArea) out[i] = UNSURE;
  w.startArea = [];
  noFalseZeros(w, out, out.keys());
  const unsure = out.reduce<number[]>((acc, c, i) => (c === UNSURE ? (acc.push(i), acc) : acc), []);
  if (!unsure.length || w.opens.length || w.toggled.size) return out;
  // most of a fresh board is covered (a frame of something else, a flash, is not a start)
  // (a start area with numbers the skin knows can be large: xdemineur opens up to half a board)
  if (out.filter((c) => c === COVERED).length < START_SHARE * out.length) return out;
  if (!out.every((c) => c === UNSURE || c === COVERED || c <= 8)) return out;
  const open = out.reduce<number[]>((acc, c, i) => (c !== COVERED ? (acc.push(i), acc) : acc), []);
  if (!cascadeShaped(open, w.table)) return out;
  for (const i of unsure) out[i] = OPENED;
  return out;
}
