// The dismiss key a play session presses itself: once at the start or after a new-game click
// that changed nothing (pressDismissKey; a click dismiss's points there: dismissHeld), and once a
// game for a see-through layer that stays while the clicks change nothing (dismissLayer).

import { dismissKeyOf, dismissPoints } from './dismiss.js';
import type { GameRun } from '../game/game-run.js';
import { pressKeys } from './new-game.js';
import type { SessionState } from '../session-state.js';

/** Pause after the dismiss key before the new-game key: the dialog has to be gone. */
export const DISMISS_SETTLE_MS = 300;

/**
 * Presses the dismiss key once, saying why, and waits for what it closes to go: false, nothing
 * pressed, when there is no key (none, or a dismiss of clicks alone: placed from a board, none
 * read here), or the run is dry. A dismiss of a key and clicks presses its key.
 */
export async function pressDismissKey(s: SessionState, why: string): Promise<boolean> {
  const key = s.c.dismissKey ? dismissKeyOf(s.c.dismissKey) : null;
  if (!key || s.c.dryRun) return false;
  s.c.onEvent?.({ type: 'dismissed', key, why, press: 1 });
  await pressKeys(key, s.hand, (ms) => s.time.sleep(ms));
  await s.time.sleep(DISMISS_SETTLE_MS);
  return true;
}

/**
 * A see-through layer over the whole game that stays while the clicks change nothing is a dialog
 * over a page that stopped drawing: PaulusWhite/minesweeper-release's `alert()` at a win, come up
 * before the page drew the batch that won, holds the page until it is closed; seen through the
 * layer, the batch's cells show still covered. With a dismiss key, that key (once a game), and
 * the board read again; else the clicks are made again, as for a click a game ignored.
 */
export async function dismissLayer(s: SessionState, game: GameRun): Promise<boolean> {
  if (!s.c.dismissKey || s.c.dryRun || game.layerDismissed || !s.observer.basisVeiled) return false;
  game.layerDismissed = true;
  if (!(await s.watch.dismissAll(s.place, 'a layer over the game stays while the clicks change nothing (a dialog over a page that stopped drawing)', 'layer'))) return false;
  await s.time.sleep(DISMISS_SETTLE_MS);
  return true;
}

/**
 * After a new-game click changed nothing on a game read ended (a box holds the page: one the last
 * run left up was in the first frame read, and no change from it showed at a dismiss point): the
 * dismiss key once, or the points of a click dismiss each once (off the board, or on a cell that
 * does not read), and what it closed waited for. False when nothing was pressed. After a game
 * this run played to its end, the key is pressed again while each press closes something and
 * something still covers the board. `cameOver`: something came over the new-game point since it
 * was clicked (the game's end box, come with that click): the dismiss points are judged as after
 * an end, and with no dismiss given, `point` (the new-game point, `click:DX,DY`) is the dismiss,
 * clicked again only where a dialog is seen at it, as the dismiss key pressed again after a
 * new-game key that came before the dialog that took it.
 */
export async function dismissHeld(s: SessionState, why: string, cameOver = false, point?: string): Promise<boolean> {
  const key = s.c.dismissKey ?? (cameOver ? point : undefined);
  if (!key || s.c.dryRun) return false;
  const points = dismissPoints(key) !== null;
  // (a game played here ended: pressed again while each press closes something and something
  // still covers the board: alerts queued alike closed in turn. Renata5207418/campo_minado alerts
  // a win once per level of a cascade's recursion: pressed once, the next alert took the new-game
  // click and the run stopped)
  if (!points && !s.records.length) return pressDismissKey(s, why);
  if (!(await s.watch.dismissAll(s.place, why, cameOver ? 'ended' : points ? 'held' : 'swallowed', key === s.c.dismissKey ? undefined : key))) return false;
  await s.time.sleep(DISMISS_SETTLE_MS);
  // (the frame first read had the box in it: a dismiss point compared with it would show a
  // change at every later end, box or none)
  if (points) s.observer.forgetFirstFrame();
  return true;
}
