// Starting the next game the way the game expects: a key (F2 on Windows, n in sgt-mines), keys in
// turn (a game that asks to confirm: KMines' Ctrl+N, then Return) or a click
// on the face (xdemineur); then waiting for a fresh board, nothing won or lost on it.

import type { Grab } from '../desktop/ports.js';
import type { Hand } from './act.js';
import { outcomeOf } from './judge.js';
import type { ReadMode } from './observe.js';
import type { Place } from './place.js';
import type { Reading } from './reading.js';
import { StopSignal, type Safety } from './safety.js';

/** How to start the next game: a key, the face, or not at all. */
export type NewGame = { key: string } | { face: true } | { none: true };

export interface NewGameContext {
  hand: Hand;
  safety: Safety;
  skin: string;
  /** Where the board is now (it can move while the new game starts). */
  place(): Place;
  /** The frame the last reading came from. */
  basis(): Grab | null;
  /** Reads the board (finding it again if it moved). */
  look(changedFrom: Grab | null, mode: ReadMode): Promise<Reading>;
  /** Waits (between keys pressed in turn). */
  sleep(ms: number): Promise<void>;
}

/** Pause between keys pressed in turn: the dialog the first one opens has to be there for the next. */
const BETWEEN_KEYS_MS = 400;

export async function startNewGame(how: NewGame, s: NewGameContext): Promise<Reading> {
  if ('none' in how) throw new StopSignal('the game is over and no way to start a new one was given');
  const what = 'face' in how ? 'clicking the face' : `pressing ${how.key}`;
  if ('face' in how) {
    // The face is checked like a cell: clicked only where it was read; else the board is read again.
    for (let attempt = 0; ; attempt++) {
      const face = s.place().face;
      if (!face) throw new StopSignal(`the ${s.skin} skin has no face to click for a new game`);
      const seen = await s.hand.clickFace(s.place().grid, face, s.basis());
      if (seen === 'same') break;
      if (attempt >= 2) throw new StopSignal(`the face did not stay where it was read (${seen}); not clicked`);
      await s.look(null, 'full');
    }
  } else {
    // keys in turn (Ctrl+N,Return: a new game, then "Yes" in the dialog that asks to confirm)
    const keys = how.key.split(',');
    for (const [k, key] of keys.entries()) {
      if (k > 0) await s.sleep(BETWEEN_KEYS_MS);
      await s.hand.press(key);
    }
  }
  await s.hand.park(s.place().grid);
  // Wait for a fresh board: nothing lost or won on it. A game may still be showing its end (a
  // flash, mines drawn one by one) when the key arrives: each look waits for the next change.
  for (let attempt = 0; attempt < 5; attempt++) {
    const reading = await s.look(s.basis(), 'full');
    if (outcomeOf(reading.board, reading.face) === 'playing') return reading;
  }
  // A user who grabbed the mouse mid-click can swallow the click: say so if that is what happened.
  await s.safety.checkMouse();
  throw new StopSignal(`${what} did not start a new game`);
}
