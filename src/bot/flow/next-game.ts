// The board each game of a play session starts on: the one read when a game goes on there, else a
// new game's (an end dialog over the board closed first); and whether another game can be started.

import { COVERED } from '../../core/board.js';
import { BadReading } from '../screen/frames.js';
import { resultOf } from '../game/judge.js';
import { pointsText, startNewGame, type NewGame } from './new-game.js';
import type { Reading } from '../reading.js';
import { StopSignal } from '../hand/safety.js';
import { DISMISS_SETTLE_MS, dismissHeld } from './session-dismiss.js';
import { look, newGameHow, setPlace } from './session-place.js';
import type { SessionState } from '../session-state.js';

/**
 * Why the board a run starts on is taken as a game ended: its flags alone finish it, and the one
 * click on a cell the solver proved safe showed nothing.
 */
export const ENDED_AT_START = 'the game on the board has ended: its flags are the mine total, every number counts exactly its flags, and a click on a cell proved safe showed nothing (a win taken at the last flag)';
/**
 * Before a new-game key: the screen around the board unchanged this long, ms (a game may still
 * draw its end: a fade, a dialog coming), waited for at most END_SETTLE_LIMIT_MS.
 */
const END_QUIET_MS = 300;
const END_SETTLE_LIMIT_MS = 3000;

/**
 * The board the game `index` starts on: the one read, when it is a game going on (the first) or
 * the fresh board that came by itself in place of the last game; else a new game's. The board
 * the run starts on is ended when its cells show an end: never clicked, a new game is started.
 * One the flags alone finish is played with one click first (GameRun.probe).
 */
export async function nextGame(s: SessionState, index: number, reading: Reading): Promise<Reading> {
  if (reading.endUnseen !== undefined && reading.board.cells.every((c) => c === COVERED)) {
    const { endUnseen: _, ...fresh } = reading;
    return fresh;
  }
  // (an end read from the frame before a dismiss whose click brought the next game: that board,
  // when it reads fresh still; the new-game point, perhaps on a cell of it, not clicked)
  const shown = reading.nextShown ? await freshNow(s) : null;
  if (shown) return shown;
  return index > 0 || resultOf(reading) !== 'playing' ? newGame(s) : reading;
}

/**
 * The board the run started on, one the flags alone finish, took no click (EndedAtStart): that
 * game has ended (a win taken at its last flag, its safe cells still closed). A new game is
 * started, or the run stops saying so.
 */
export async function endedAtStart(s: SessionState): Promise<Reading> {
  const how = newGameHow(s);
  if ('none' in how) throw new StopSignal(`${ENDED_AT_START}; no way to start a new one was given (--new-game): no more clicks`);
  const did = 'key' in how ? `pressing ${how.key}` : 'click' in how ? `clicking ${pointsText(how)} cells from the board's top centre` : 'clicking the face';
  s.c.onEvent?.({ type: 'restarted', how: did, why: ENDED_AT_START });
  return newGame(s);
}

/** Whether the next game can be started without a guess at how: a key, a click, or a face that was found. */
export function canStartAnother(s: SessionState): boolean {
  const how = newGameHow(s);
  return !s.c.dryRun && ('key' in how || 'click' in how || ('face' in how && s.place.face !== null && s.place.face !== undefined));
}

async function newGame(s: SessionState): Promise<Reading> {
  // an end dialog over the board has the keyboard: it is closed first (and those queued after
  // it), else it would take the new-game key
  const dialog = await endDialog(s);
  if (dialog && (await s.watch.dismissAll(s.place, dialog, 'ended'))) {
    await s.time.sleep(DISMISS_SETTLE_MS);
    // (a dialog closed by a click on its button: gone before a new game is started under it)
    const still = await s.watch.dialogAtPoint(s.place, 'ended');
    if (still) throw new StopSignal(`the end dialog is still there after its button was clicked (${still}); no new game started`);
    // (a dialog whose button also starts the next game, "click to play again": the fresh board it
    // brought is played, the new-game point, perhaps named on the board where the dialog was, not
    // clicked on it; a board that does not read yet, a start screen in its place, is left to the
    // new-game step)
    const after = await freshNow(s);
    if (after) return after;
  }
  const fresh = await startNewGame(newGameHow(s), {
    hand: s.hand,
    safety: s.safety,
    skin: s.observer.skin ?? '',
    place: () => s.place,
    basis: () => s.observer.basis?.grab ?? null,
    bounds: () => s.watch.bounds(s.place.grid),
    // (a cover that comes after the new-game key is the game's end dialog come late, over a
    // loss animation: it had the key, and the dismiss key may close it; with none given, a cover
    // come with a new-game click is closed by that point, as a box come over it is below: a
    // window over the board at gobitobi-like games' next click after the end)
    look: (changedFrom, mode) => look(s, null, changedFrom, mode, undefined, true, 'ended', pointKey(newGameHow(s))),
    lookElsewhere: async () => {
      const found = await s.watch.elsewhere(s.place, null);
      if (found) setPlace(s, found.place);
      return found?.reading ?? null;
    },
    sleep: (ms) => s.time.sleep(ms),
    settle: async () => void (await s.frames.quietFor(s.place.full, END_QUIET_MS, END_SETTLE_LIMIT_MS)),
    grabAround: () => s.frames.grab(s.place.full),
    settledFrom: (from) => s.frames.stable(s.place.full, from),
    dismiss: (why, cameOver) => dismissHeld(s, why, cameOver, pointKey(newGameHow(s))),
    pushedFrom: () => s.watch.pushedFrom(),
  });
  s.watch.forgetPush();
  return fresh;
}

/** A new game of one click as a dismiss of that click (`click:DX,DY`), else undefined. */
function pointKey(how: NewGame): string | undefined {
  return 'click' in how && !how.then?.length ? `click:${how.click.dx},${how.click.dy}` : undefined;
}

/** The board read where it is, once, when it is a new game's: no cell ever opened or flagged, in play; else null. */
async function freshNow(s: SessionState): Promise<Reading | null> {
  try {
    const r = await s.observer.observe(s.place, null, null, 'full');
    return r.endUnseen === undefined && resultOf(r) === 'playing' && r.board.cells.every((c) => c === COVERED) ? r : null;
  } catch (err) {
    if (err instanceof BadReading) return null;
    throw err;
  }
}

/**
 * Why a dialog of the game's end is taken to be over the board, or null: the game ended behind
 * it (read from the frame before it); or, with a dismiss key, once the screen is quiet after the
 * end, something covers the board's frame that did not when the end was read (a dialog that
 * comes after the game showed its end: Windows 7's "play again?" after its loss animation).
 */
async function endDialog(s: SessionState): Promise<string | null> {
  if (s.c.dryRun) return null;
  if (s.observer.basisCovered) return 'the game ended behind what covers the board';
  if (!s.c.dismissKey) return null;
  await s.frames.quietFor(s.place.full, END_QUIET_MS, END_SETTLE_LIMIT_MS);
  const now = await s.frames.grab(s.place.full);
  // (the end read on the board found again where it was, over a frame that did not hold: the
  // frame before that, as a dialog come up while the end was read covers it)
  if (!s.observer.frameHeldBefore(now, s.place)) return 'something came over the board and its frame after the game ended';
  // (a dialog inside the board's frame, its end read around it: seen at a dismiss click's point)
  return s.watch.dialogAtPoint(s.place, 'ended');
}
