// Closing a game's end dialogs with the dismiss key (`--dismiss`, none by default): a dialog the
// game puts over its board at an end has the keyboard, and the key goes to it. Never by default:
// the key goes to whatever has the keyboard, and a window the user raised over the game looks the
// same (in the e2e fault test, a window raised over xdemineur and Escape pressed: no xdemineur
// board was left to find).
//
// The key is pressed once, and again only while each press is seen to act and the board's frame
// stays covered: what covered the board changed within DISMISS_KEY_WAIT_MS of the press (a dialog
// closed; games queue them: winmine after a best time asks a name, then shows its best times; a
// browser game may queue one alert after another), and once the screen is quiet again something
// still covers the board's frame. A cover that does not change after the key did not take it,
// and is not pressed again; a board back in its frame needs no more.
//
// A dialog that takes no key (vanpeta/react-minesweeper's "Game Over" closes only by its CLOSE
// button; no key, no click beside it) is closed by a click at a point named relative to the board
// instead (`--dismiss click:DX,DY`, in cell pitches from the middle of the board's top edge, as
// `--new-game click:`): the same rule, each click once and again only while it is seen to act.

import type { Grid } from '../core/grid.js';
import type { Grab } from '../desktop/ports.js';
import { changedCells, type Frames } from './frames.js';
import type { Place } from './place.js';
import type { Stopwatch } from './timing.js';

/** At most this many dismiss presses for one end (dialogs a game queues one after another). */
export const MAX_DISMISS = 20;

/** How long a dismiss press is given to show on the screen, ms (winemine's dialogs under Wine take about 2 s). */
const DISMISS_KEY_WAIT_MS = 3000;

/** How long the screen must be quiet after a press has shown before what is there is judged, ms. */
const DISMISS_QUIET_MS = 300;

/** The share of a grid's cells that must change for what covers it to count as changed (and 3): a blinking caret or a ticking clock changes a cell or two. */
export const COVER_CHANGED_SHARE = 0.05;

/** The point a `click:DX,DY` dismiss clicks (cell pitches from the middle of the board's top edge), or null for a key. */
export function dismissPoint(key: string): { dx: number; dy: number } | null {
  const m = /^click:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(key);
  return m ? { dx: Number(m[1]), dy: Number(m[2]) } : null;
}

/** The dismiss key was pressed (`press`: 1 for the first of an end, 2 for one more after the first acted and the board stayed covered, ...). */
export interface DismissEvent {
  type: 'dismissed';
  key: string;
  why: string;
  press: number;
}

export interface DismissContext {
  /** The key that closes the game's end dialogs, or null (nothing is pressed). */
  key: string | null;
  frames: Frames;
  watch: Stopwatch;
  /** Whether the board's frame in a grab is as when it was first read at `place` (nothing over it). */
  frameHolds(g: Grab, place: Place): boolean;
  /** Presses the key, or clicks the point of a `click:DX,DY` dismiss on the board at `place`. */
  press(key: string, place: Place): Promise<void>;
  emit(e: DismissEvent): void;
  /** Throws to stop (user took the mouse, stop request). */
  checkpoint(): Promise<void>;
}

/** Whether what covers a grid changed between two grabs: at least COVER_CHANGED_SHARE of its cells, and 3. */
export function coverChanged(before: Grab, now: Grab, grid: Grid): boolean {
  return changedCells(before, now, grid).length >= Math.max(3, Math.ceil(COVER_CHANGED_SHARE * grid.cols * grid.rows));
}

/**
 * Closes what covers the board at `place` after a game's end: the dismiss key, then again while
 * each press acts and the board's frame stays covered, MAX_DISMISS presses at most. False when no
 * key was given (nothing pressed).
 */
export async function dismissAll(c: DismissContext, place: Place, why: string): Promise<boolean> {
  if (c.key === null) return false;
  let before = await c.frames.grab(place.full);
  for (let press = 1; press <= MAX_DISMISS; press++) {
    await c.checkpoint();
    c.emit({ type: 'dismissed', key: c.key, why: press > 1 ? `${why}; the last press closed a cover and another is there` : why, press });
    await c.press(c.key, place);
    if (press === MAX_DISMISS) break;
    const now = await afterKey(c, place, before);
    if (!now || c.frameHolds(now, place)) break;
    before = now;
  }
  return true;
}

/**
 * After a press: the frame around the board once what covered it changed and the screen is quiet
 * again, or null when nothing changed within DISMISS_KEY_WAIT_MS.
 */
async function afterKey(c: DismissContext, place: Place, before: Grab): Promise<Grab | null> {
  const clock = c.watch.clock;
  const until = clock.now() + DISMISS_KEY_WAIT_MS;
  for (;;) {
    if (coverChanged(before, await c.frames.grab(place.full), place.grid)) {
      await c.frames.quietFor(place.full, DISMISS_QUIET_MS, DISMISS_KEY_WAIT_MS);
      return c.frames.grab(place.full);
    }
    if (clock.now() >= until) return null;
    await c.checkpoint();
    await c.watch.sleep(50);
  }
}
