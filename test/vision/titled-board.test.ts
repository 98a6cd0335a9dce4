// A board of rounded tiles with gaps, a large title just above it (titled-draw.ts), as a browser
// game draws it: the learner, learning from nothing and playing on a learned skin, must take the
// board whole and exact, as a one-shot read does, whatever lies beside it (the title, the
// window's edge) and at any zoom; a board it cannot see whole is refused, never played one row
// off or a row short. (A real game so drawn: its locator's lattice took the title in as a 17th
// row at 100% with the window's edge above it, and missed the top row at 90%, where the board's
// outer lines fall between pixels; the learner played on a 16x15 board.)
import { describe, expect, it } from 'vitest';
import { COVERED } from '../../src/core/board.js';
import { Game } from '../../src/game/engine.js';
import type { Grid } from '../../src/vision/geometry.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { readScreen } from '../../src/vision/read/read.js';
import type { Skin } from '../../src/vision/skins/skin.js';
import { drawTitled, type TitledLook } from './titled-draw.js';

const fresh = { width: 16, height: 16, mines: 40, cells: new Uint8Array(256).fill(COVERED) };
const look = (zoom: number, dark: boolean, windowTop?: number): TitledLook => ({ pitch: 33, left: 60, top: 66, zoom, dark, width: 660, height: 660, ...(windowTop !== undefined ? { windowTop } : {}) });

/** Whether a grid found is the drawn board's: its size, and its place within a pixel. */
function expectBoard(got: Grid, want: Grid): void {
  expect(`${got.cols}x${got.rows}`).toBe(`${want.cols}x${want.rows}`);
  expect(Math.abs(got.left - want.left)).toBeLessThan(1.5);
  expect(Math.abs(got.top - want.top)).toBeLessThan(1.5);
  expect(Math.abs(got.pitch - want.pitch)).toBeLessThan(0.1);
}

/** A skin learned from a game a few clicks in, drawn with the look (the board's place given). */
function learnedSkin(l: TitledLook): Skin {
  const mines: [number, number][] = [];
  for (let i = 0; i < 40; i++) {
    const k = 128 + ((i * 37) % 128); // (in the lower half, each once)
    mines.push([k % 16, (k / 16) | 0]);
  }
  const game = Game.fromLayout(16, 16, mines);
  game.open(2, 2);
  const { image, grid } = drawTitled(game.board(), l);
  return learnSkin('titled', [{ name: 'mid game', image, board: game.board(), grid }]).learned.skin;
}

describe('a board under a large title', () => {
  const cases: [string, TitledLook][] = [
    ['at 90%, dark', look(0.9, true)],
    ['at 90%, light', look(0.9, false)],
    ['at 80%, the window edge above the title', look(0.8, false, 34)],
    ['at 100%, the window edge a cell above the board', look(1, false, 34)],
    ['at 100%, dark, the window edge a cell above the board', look(1, true, 34)],
  ];

  for (const [name, l] of cases) {
    it(`is found whole when learning from nothing ${name}`, () => {
      const { image, grid } = drawTitled(fresh, l);
      const r = new LiveLearner({ name: 'titled', mines: 40 }).read(image);
      expectBoard(r.grid, grid);
      expect(r.unsure).toEqual([]);
    });
  }

  for (const [name, l] of cases) {
    it(`is found whole when playing on a learned skin ${name}, as a one-shot read finds it`, () => {
      const skin = learnedSkin(l);
      const { image, grid } = drawTitled(fresh, l);
      expectBoard(readScreen(image, { skins: [skin] }).grid, grid);
      const r = new LiveLearner({ name: 'titled', mines: 40, previous: skin }).read(image);
      expectBoard(r.grid, grid);
      expect(r.unsure).toEqual([]);
    });
  }

  it('is refused, not taken a row short, when the window cuts its top row', () => {
    // the window's edge through the middle of the first row: the board is not whole on the screen
    const l = { ...look(0.9, true), windowTop: 66 + 14 };
    const { image } = drawTitled(fresh, l);
    expect(() => new LiveLearner({ name: 'titled', mines: 40 }).read(image)).toThrow(/board/);
    const skin = learnedSkin(look(0.9, true));
    expect(() => new LiveLearner({ name: 'titled', mines: 40, previous: skin }).read(image)).toThrow(/board/);
  });
});
