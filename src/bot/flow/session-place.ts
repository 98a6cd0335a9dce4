// Where the board of a play session is (the clicks Safety allows follow it), reading it there or
// finding it again, and the points off the board the new-game and dismiss clicks name.

import type { Board } from '../../core/board.js';
import { gridRect } from '../../core/grid.js';
import type { Grab } from '../../desktop/ports.js';
import { BadReading } from '../screen/frames.js';
import { dismissPoints } from './dismiss.js';
import { clickPoints, newGameSpot, type NewGame } from './new-game.js';
import type { ReadMode } from '../screen/observe.js';
import type { Place } from '../screen/place.js';
import type { Reading } from '../reading.js';
import type { SessionState } from '../session-state.js';

/** The points off the board the full read must reach: the new-game click's, and a `click:DX,DY` dismiss's (each of them). */
export function farPoints(s: SessionState, how: NewGame): { dx: number; dy: number }[] {
  const at = s.c.dismissKey ? dismissPoints(s.c.dismissKey) : null;
  return [...('click' in how ? clickPoints(how) : []), ...(at ?? [])];
}

export function setPlace(s: SessionState, place: Place): void {
  s.place = place;
  // clicks go to the board, its face, and the points --new-game click:DX,DY and --dismiss click:DX,DY name
  // (placed from the board, and from where it lay before a push at this game's end: new-game.ts, pointGrid)
  const from = [place.grid, ...[s.watch.pushedFrom()?.grid ?? []].flat()];
  const spots = from.flatMap((grid) => farPoints(s, newGameHow(s)).map((at) => newGameSpot(grid, at, s.watch.bounds(place.grid), place.full)));
  s.safety.allow([gridRect(place.grid), ...(place.face ? [place.face] : []), ...spots.flatMap((spot) => ('area' in spot ? [spot.area] : []))]);
}

/** Reads the board where it is; if that fails, finds it again or waits for it (watch.ts; `dismissKey`: the dismiss there where the run was given none). */
export async function look(s: SessionState, prev: Board | null, changedFrom: Grab | null, mode: ReadMode, expected?: (b: Board) => boolean, settle = true, dialogMayCover: 'failed' | 'ended' | null = null, dismissKey?: string): Promise<Reading> {
  try {
    return await s.observer.observe(s.place, prev, changedFrom, mode, expected, settle);
  } catch (err) {
    if (!(err instanceof BadReading)) throw err;
    s.c.onEvent?.({ type: 'retry', why: err.message });
    const found = await s.watch.recover(s.place, prev, err, dialogMayCover, dismissKey);
    setPlace(s, found.place);
    return found.reading;
  }
}

export function newGameHow(s: SessionState): NewGame {
  return (typeof s.c.newGame === 'function' ? s.c.newGame(s.observer.skin ?? '') : s.c.newGame) ?? { key: 'F2' };
}
