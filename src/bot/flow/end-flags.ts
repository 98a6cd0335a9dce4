// The mines left, flagged at a win the bot's own count saw: some games count a win only once every
// mine is flagged. A game that took the win already ignores right clicks, and a browser page that
// no longer keeps the right click for itself (most games stop handling their board at an end)
// opens its context menu at the pointer, over the board: the first flag is watched, such a menu
// closed with Escape, and no more flags are placed.

import { gridRect, type Grid } from '../../core/grid.js';
import type { Grab } from '../../desktop/ports.js';
import { changedCells, Unsettled } from '../screen/frames.js';
import { minesLeft } from '../game/judge.js';
import { boundingRegion } from '../screen/place.js';
import type { Reading } from '../reading.js';
import type { SessionState } from '../session-state.js';

/** How long the first flag at a win is waited for to show, ms: a game that takes it draws it at once. */
const FLAG_SHOWN_MS = 400;

/** Why Escape was pressed after the first flag at a win. */
export const MENU_AT_WIN = 'a right click at the win changed cells around the one flagged: a menu at the pointer (the game takes no more right clicks)';

/**
 * Every safe cell is open but the game does not show a win: some games count a win only once
 * every mine is flagged. The covered cells left are the mines: flag them (each click checked
 * against the last frame, as any later click of a batch), when flags are allowed, while the first
 * one shows as a flag alone.
 */
export async function flagMines(s: SessionState, reading: Reading, flagged: ReadonlySet<number>): Promise<void> {
  if (s.c.flags === false || s.c.dryRun || reading.face === 'won' || reading.endUnseen !== undefined) return;
  const cells = minesLeft(reading.board).filter((i) => !flagged.has(i));
  const basis = s.observer.basis?.grab;
  if (!cells.length || !basis) return;
  const grid = s.place.grid;
  const width = reading.board.width;
  for (const [k, i] of cells.entries()) {
    const cell: [number, number] = [i % width, (i / width) | 0];
    const before = k === 0 ? await s.frames.grab(boundingRegion(gridRect(grid))) : null;
    if ((await s.hand.clickCell(grid, cell[0], cell[1], 'right', basis)) !== 'same') break;
    if (before && !(await flagShown(s, grid, cell, before))) break;
  }
  await s.hand.park(grid);
}

/**
 * Whether the right click just made on `cell` changed that cell alone (a flag the game took);
 * otherwise nothing changed (the game has ended and ignores it) or more did. Cells around it
 * changed are what a context menu at the pointer draws: Escape closes it.
 */
async function flagShown(s: SessionState, grid: Grid, cell: [number, number], before: Grab): Promise<boolean> {
  // (the pointer off the board first: a cell under it may glow)
  await s.hand.park(grid);
  const region = before.region;
  const motion = s.observer.motionAt(grid);
  let now: Grab;
  try {
    now = await s.frames.briefly(FLAG_SHOWN_MS, () => s.frames.stable(region, before, region, motion));
  } catch (err) {
    // (a board that keeps changing: no more flags, nothing pressed)
    if (err instanceof Unsettled) return false;
    throw err;
  }
  const changed = changedCells(before, now, grid, motion?.mask() ?? null);
  const own = (c: [number, number]): boolean => c[0] === cell[0] && c[1] === cell[1];
  if (changed.length === 1 && own(changed[0]!)) return true;
  if (changed.some((c) => !own(c) && Math.abs(c[0] - cell[0]) <= 1 && Math.abs(c[1] - cell[1]) <= 1)) {
    await s.hand.press('Escape');
    s.c.onEvent?.({ type: 'dismissed', key: 'Escape', why: MENU_AT_WIN, press: 1 });
  }
  return false;
}
