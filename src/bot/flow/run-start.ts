// The board a play session starts on: found (a dialog the last run left over it closed by the
// dismiss key; a board no game can begin on given a new game, once), the skin, the place and the
// mine total fixed, and read with the pointer off it.

import { gridRect, shiftGrid, type Grid } from '../../core/grid.js';
import type { Grab } from '../../desktop/ports.js';
import { dismissKeyOf } from './dismiss.js';
import { BadReading } from '../screen/frames.js';
import { outcomeOf } from '../game/judge.js';
import { clickInTurn, clickPoints, pointsText, pressKeys, unreadSpot, type BoardPoint } from './new-game.js';
import { flagCount } from '../game/play-batch.js';
import { isNotFresh, notFreshGrid, type Reading } from '../reading.js';
import { StopSignal } from '../hand/safety.js';
import { pressDismissKey } from './session-dismiss.js';
import { farPoints, look, newGameHow, setPlace } from './session-place.js';
import type { SessionState } from '../session-state.js';
import type { Watch } from '../screen/watch.js';


/**
 * Said when no board is found at the start and the dismiss is a click: its points are placed from
 * the board, none is found to place them from (a box the last run left up over it, the page dimmed).
 */
export const NO_BOARD_NO_DISMISS_CLICK = 'the dismiss click is placed from the board and none was found: nothing clicked (close what covers the game by hand, then start again)';
/** Finds the board, fixes the skin, the place and the mine total, and reads it with the pointer off it. */
export async function locate(s: SessionState): Promise<Reading> {
  const { grab, reading, grid } = await firstBoard(s);
  s.observer.skin = reading.skin;
  s.hand.setDensity(grab.pixelDensity);
  if (s.c.mines === undefined && reading.mineCounter === null) {
    throw new StopSignal(`the ${reading.skin} game shows no mine counter: give the mine total (--mines N or --board WxH/M)`);
  }
  s.observer.mines = s.c.mines ?? minesFrom(reading);
  // (a new-game click off the board is kept inside the game's window)
  const how = newGameHow(s);
  const far = farPoints(s, how);
  if (far.length) await s.watch.noteWindow(grid, far);
  setPlace(s, s.watch.placeOf(grid));
  s.c.onEvent?.({ type: 'located', skin: reading.skin, grid, width: grid.cols, height: grid.rows, mines: s.observer.mines });
  await s.hand.park(grid);
  // (what covers part of the board at the start may be the end dialog the last run left there:
  // the dismiss key may close it, as one that came with the bot's clicks)
  return look(s, null, null, 'full', undefined, true, 'failed');
}

/**
 * The board at the start. One the reader cannot begin on, no game on it fresh (a look being
 * learned: a game over or going on), gets a new game, once, and is looked for again: by the
 * new-game key, or by the new-game click placed from where that board was found.
 */
async function firstBoard(s: SessionState): Promise<Awaited<ReturnType<Watch['locate']>>> {
  try {
    return await locateAfterDialog(s);
  } catch (err) {
    const how = newGameHow(s);
    const found = err instanceof BadReading ? notFreshGrid(err.cause) : null;
    if (!(err instanceof BadReading) || !found || s.c.dryRun || !('key' in how || 'click' in how)) throw err;
    const why = err.cause instanceof Error ? err.cause.message : err.message;
    const did = 'key' in how ? `pressing ${how.key}` : `clicking ${pointsText(how)} cells from the board's top centre`;
    s.c.onEvent?.({ type: 'restarted', how: did, why });
    const board = shiftGrid(found, err.capture.region.left, err.capture.region.top);
    if ('key' in how) await pressKeys(how.key, s.hand, (ms) => s.time.sleep(ms));
    else await clickUnread(s, board, how, err.capture);
    // the new game shows some time after the key or click (a browser game redrew its board
    // after two grabs of the old end alike, which were read as "still so"): the board's area
    // is waited for to change from the frame that was no game to begin on, within the change
    // timeout, before it is looked for again
    await s.frames.changed(err.capture.region, err.capture, gridRect(board));
    try {
      return await s.watch.locate();
    } catch (again) {
      if (!(again instanceof BadReading)) throw again;
      const hint = !isNotFresh(again.cause) ? '' : 'key' in how ? ' (the key goes to the window that has the keyboard: click the game\'s title bar, then start again)' : ' (check the point --new-game click:DX,DY names)';
      throw new BadReading(`${again.message}; still so after ${did}${hint}`, again.capture, again.reading);
    }
  }
}

/**
 * The board at the start; when none is found, or none to begin on, and a dismiss key was given,
 * that key once and the board looked for again: a game's end dialog left over its board by the
 * last run (a win's "play again?" dimming the page) hides it, or part of it, and takes the keys
 * (a new-game key pressed first would go to it).
 */
async function locateAfterDialog(s: SessionState): Promise<Awaited<ReturnType<Watch['locate']>>> {
  try {
    return await s.watch.locate();
  } catch (err) {
    // (a dismiss of clicks alone is placed from the board, not found here: not clicked, and said so)
    if (err instanceof BadReading && s.c.dismissKey && dismissKeyOf(s.c.dismissKey) === null && !s.c.dryRun) {
      throw new BadReading(`${err.message}; ${NO_BOARD_NO_DISMISS_CLICK}`, err.capture, err.reading, { cause: err.cause });
    }
    if (!(err instanceof BadReading) || !(await pressDismissKey(s, err.message))) throw err;
    try {
      return await s.watch.locate();
    } catch (again) {
      if (!(again instanceof BadReading)) throw again;
      throw new BadReading(`${again.message}; still so after pressing ${dismissKeyOf(s.c.dismissKey!)}`, again.capture, again.reading, { cause: again.cause });
    }
  }
}

/**
 * The new-game click on a board found but not read, inside the game's window and off the board
 * (each of its points: the ones after the first in turn, as clickInTurn says).
 */
async function clickUnread(s: SessionState, grid: Grid, how: { click: BoardPoint; then?: BoardPoint[] }, basis: Grab): Promise<void> {
  await s.watch.noteWindow(grid, farPoints(s, how));
  const bounds = s.watch.bounds(grid);
  const place = s.watch.placeOf(grid);
  const spots = clickPoints(how).map((at) => {
    const spot = unreadSpot(grid, at, bounds, place.full);
    if ('refused' in spot) throw new StopSignal(spot.refused);
    return spot;
  });
  s.safety.allow(spots.map((spot) => spot.area));
  const before = how.then?.length ? await s.frames.grab(place.full) : null;
  const seen = await s.hand.clickPoint(grid, spots[0]!.area, spots[0]!.pixel, basis);
  if (seen !== 'same') throw new StopSignal(`the area of the new-game click did not stay as it was found (${seen}); not clicked`);
  if (before) await clickInTurn(how, before, { hand: s.hand, place: () => place, bounds: () => bounds, settledFrom: (from) => s.frames.stable(place.full, from) });
  await s.hand.park(grid);
}

/** The mine total: the counter of a board without flags shows it, else the reader's header. */
function minesFrom(reading: Reading): number {
  const flags = flagCount(reading.board);
  if (reading.mineCounter !== null && reading.mineCounter > 0 && outcomeOf(reading.board, reading.face) === 'playing') {
    return reading.mineCounter + flags;
  }
  return reading.board.mines;
}
