// A new game is counted only once a fresh board is seen (src/bot/flow/new-game.ts startNewGame): a
// reader that judged the last game ended unseen (a learner whose board went away behind a dialog)
// says so of every look until a fresh board comes. vanpeta/react-minesweeper: after each end judged
// unseen, the first look after the new-game click read the ended board still (cells that add up
// to a game in progress, the end unseen told again), and it was taken as the new game: a phantom
// game of no click, counted ended unseen, after every such end.
import { describe, expect, it } from 'vitest';
import { startNewGame, type NewGameContext } from '../../src/bot/flow/new-game.js';
import { placeOf } from '../../src/bot/screen/place.js';
import type { Reading } from '../../src/bot/reading.js';
import { COVERED } from '../../src/core/board.js';
import type { Grab } from '../../src/desktop/ports.js';

const grid = { left: 400, top: 100, pitch: 27, cols: 10, rows: 10, scale: 27 / 16 };

/** A reading of the 10x10 board: `opened` cells opened as 1s, the rest covered. */
function reading(opened: number, endUnseen?: string): Reading {
  const cells = new Uint8Array(100).fill(COVERED);
  for (let i = 0; i < opened; i++) cells[i] = 1;
  return {
    skin: 'learned', board: { width: 10, height: 10, mines: 15, cells }, face: null, mineCounter: null, timer: null, grid,
    minConfidence: 1, unsure: [], ...(endUnseen !== undefined ? { endUnseen } : {}),
  };
}

function context(looks: Reading[]): { s: NewGameContext; keys: string[]; looked: () => number } {
  const keys: string[] = [];
  let n = 0;
  const place = placeOf(grid, { width: 1280, height: 1024 }, null);
  const grab = { region: place.full } as unknown as Grab;
  const s = {
    hand: { press: async (k: string) => void keys.push(k), park: async () => {} },
    safety: { checkMouse: async () => {} },
    skin: 'learned',
    place: () => place,
    basis: () => grab,
    bounds: () => null,
    look: async () => looks[Math.min(n++, looks.length - 1)]!,
    sleep: async () => {},
    settle: async () => {},
    grabAround: async () => grab,
    settledFrom: async () => grab,
  } as unknown as NewGameContext;
  return { s, keys, looked: () => n };
}

describe('a new game after a game judged ended unseen', () => {
  it('is not the ended board read again with its end unseen told (cells that look in play): the looks go on until a fresh board', async () => {
    const why = 'its board went away for good after a guess that may have won as well as lost';
    const { s, looked } = context([reading(12, why), reading(12, why), reading(0)]);
    const r = await startNewGame({ key: 'F2' }, s);
    expect(r.endUnseen).toBeUndefined();
    expect(r.board.cells.every((c) => c === COVERED)).toBe(true);
    expect(looked()).toBe(3);
  });

  it('stops rather than start a game on a board that keeps telling its end unseen', async () => {
    const { s } = context([reading(12, 'ended unseen')]);
    await expect(startNewGame({ key: 'F2' }, s)).rejects.toThrow(/did not start a new game/);
  });
});
