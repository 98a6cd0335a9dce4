// The flags in a frame a live learner judges (live-judge.ts): those the bot placed or took away
// since the last frame (what it did, not a change to read), and those of its flags the game took
// away. Pure but for the frame it updates.

import { COVERED, FLAG } from '../../../core/board.js';
import { UNSURE, type Watch } from './live-watch.js';
import type { Frame } from '../ends/live-board-ends.js';

/** The flags the bot placed or took away since the last frame: what it did, not a change to read. */
export function ownFlags(w: Watch, f: Frame): void {
  for (const i of w.toggled) {
    if (!f.changed.has(i)) continue;
    f.changed.delete(i);
    // (a flag the bot placed on a closed cell, a mine it proved, that reads as a number is the
    // game's flag: a mark drawn on the opened ground, an empty box with no emoji font, read as a
    // confident 0 — Mario-conf/MinesWeeper-lite, a helper's — and stopped every run as a 0 beside
    // closed cells. A mine never shows a number; one read as a mine stays so: a game that erased
    // the flags before it drew them shows that cell a mine at the loss)
    const placed = w.flagged.has(i) && f.prev[i] === COVERED && f.out[i]! <= 8;
    if (placed || f.out[i] === UNSURE || f.out[i] === FLAG || f.out[i] === COVERED) f.out[i] = w.flagged.has(i) ? FLAG : COVERED;
  }
}

/**
 * The bot's flags the game took away: a flag it placed, seen standing since, that reads as the
 * covered tile for sure. No change to read (a game may erase flags: vanilajs-minesweeper redraws
 * its board without them when a 0 is clicked, and the cascade with the flags gone was taken for a
 * loss's changes, left unsure); once the frame is explained, no flag of the bot's any more
 * (live-learner.ts explained): no lesson labels that cell a flag.
 */
export function takenFlags(w: Watch, f: Frame): void {
  for (const i of [...f.changed]) {
    if (f.prev[i] !== FLAG || f.seen[i] !== COVERED || w.toggled.has(i) || !w.flagged.has(i)) continue;
    f.changed.delete(i);
    f.out[i] = COVERED;
  }
}
