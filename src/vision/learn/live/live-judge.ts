// How a live learner judges a frame of the game it watches (live-learner.ts): each cell compared
// with the last frame explained in full, then the frame read as the game's end or as what the
// bot's clicks opened. The steps, in order (judge):
// - compare: a cell that did not change keeps what it was; one that changed reads as the skin so
//   far explains it;
// - the end over the whole board (live-board-ends.ts): a flash, a board gone, a box drawn over
//   it (a dialog), clicks that changed nothing (a game that ended silently);
// - the flags the bot toggled, those the game took away, the cascades its open clicks opened;
// - a win by the count, a loss to the click that blew up, a loss or a win read by the mines'
//   look, a guess's cell alone in a look not learned on no opened cell's ground (the mine hit),
//   an end behind a see-through layer over the game; else what the clicks opened, numbers not
//   known yet ('+'), the rest unsure.
// Pure but for the watch it updates (live-watch.ts).

import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import type { Look } from './live-looks.js';
import { UNSURE, type Watch } from './live-watch.js';
import { boxOver, flashed, silentEnd } from '../ends/live-board-ends.js';
import { compare, highlightOnly } from './live-compare.js';
import { ownFlags, takenFlags } from './live-own-flags.js';
import { firstFrame } from './live-first-frame.js';
import { opened, openedRest } from './live-opened.js';
import { lostToClick, wonByCount } from '../ends/live-count-ends.js';
import { endedBehindBox, endedByLook, endedUnderLayer, lostAlone } from '../ends/live-look-ends.js';

/** The codes of a frame (UNSURE where nothing explains a cell). */
export function judge(w: Watch, seen: Uint8Array, looks: Look[], image: RgbaImage, grid: Grid): Uint8Array {
  if (!w.codes) return firstFrame(w, seen);
  // (how the game opens a cell is learned from a lone click that opened a 0, live-compare.ts
  // noteInteriors: never from a frame read as an end. A loss that shows its numbers and mines but
  // leaves its 0s covered changes every neighbour of the mine hit, interiors too, and leaves
  // closed cells as they were, as a 0 opened inside its edges would: akhmed555's first loss in a
  // play run was taken so, and in every game after it the 0s a cascade opened, their interiors
  // the covered tile's, kept the covered code and were clicked as certain, nothing changing)
  // (nor from one left unsure, which may be such an end drawn in steps: the note is made again
  // from the next frame, against the same frame explained last, the click still awaited)
  const known = w.interiorOpens;
  const out = judged(w, seen, looks, image, grid, w.codes);
  if (known === null && (w.phase !== 'playing' || out.includes(UNSURE))) w.interiorOpens = null;
  return out;
}

/** The codes of a frame of a game watched since its first frame (judge). */
function judged(w: Watch, seen: Uint8Array, looks: Look[], image: RgbaImage, grid: Grid, codes: Uint8Array): Uint8Array {
  const f = compare(w, seen, looks, image, grid, codes);
  highlightOnly(w, f);
  // an ended game stays as it ended (it may flash, or draw its end in steps) until a new one
  if (w.phase !== 'playing') return f.prev.slice();
  const ended = flashed(w, f) ?? boxOver(w, f) ?? silentEnd(w, f);
  if (ended) return ended;
  ownFlags(w, f);
  takenFlags(w, f);
  const o = opened(w, f);
  return wonByCount(w, f, o) ?? lostToClick(w, f, o) ?? endedBehindBox(w, f) ?? endedByLook(w, f, o) ?? lostAlone(w, f, o) ?? endedUnderLayer(w, f) ?? openedRest(w, f, o);
}
