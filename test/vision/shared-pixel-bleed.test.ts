// Bitmap tiles stretched to a fractional pitch (Eriscot/react-minesweeper's 16 px classic tiles at
// 16.81 px, each drawn 16 or 17 px wide): a cell's cut takes in whole the pixels its edges run
// through, which belong to the tiles beside it. A covered tile whose neighbours on all four sides
// opened changed in those pixels all round, and was taken for a cell that changed away from the
// cascade (a mine shown): the whole first cascade read unsure and play runs stopped (75 and 84
// cells, live). A change in the shared pixels alone is the neighbours' drawing reaching over
// (live-cell-change.ts neighbourBleed); a tile that opens changes pixels wholly its own. Drawn
// here at four scales, the lattice placed at ten phases: before, 4 of the 40 were taken for a
// change of the tile (16.48 px on the tiles' lattice, 21.28 px 0.2-0.4 px over); no opened tile
// is taken for bleed, before or after.
import { describe, expect, it } from 'vitest';
import { COVERED } from '../../src/core/board.js';
import { Game } from '../../src/game/engine.js';
import { neighbourBleed } from '../../src/vision/learn/live/live-cell-change.js';
import { browserBoard } from './browser-draw.js';

// (a mine at (2,2) and a column of mines at x = 6: opening (0,0) opens every neighbour of (2,2),
// the tile itself covered in the middle of the cascade)
const MINES: [number, number][] = [[2, 2], ...Array.from({ length: 10 }, (_, y): [number, number] => [6, y])];
const W = 10;
const ALL_SIDES = [true, true, true, true];

describe('a covered tile whose four neighbours opened, at a fractional pitch', () => {
  for (const s of [1.03, 1.0506, 1.13, 1.33]) {
    it(`at ${(16 * s).toFixed(2)} px: its shared pixels changed, it did not; a tile that opened did`, () => {
      const game = Game.fromLayout(W, W, MINES);
      const before = browserBoard(game.board(), 'winxp', s);
      game.open(0, 0);
      const after = browserBoard(game.board(), 'winxp', s).image;
      const mine = 2 * W + 2;
      expect(game.board().cells[mine]).toBe(COVERED);
      // (the lattice of the tiles, and up to a pixel over: either way its edges run through pixels)
      for (const d of [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
        const grid = { ...before.grid, left: before.grid.left + d, top: before.grid.top + d };
        expect(neighbourBleed(before.image, grid, after, grid, mine, ALL_SIDES), `shift ${d}`).toBe(true);
        // (a tile that opened as a 0, every neighbour of it too: its bevel is its own)
        for (const opened of [5 * W + 1, 5 * W + 4]) {
          expect(game.board().cells[opened]).toBe(0);
          expect(neighbourBleed(before.image, grid, after, grid, opened, ALL_SIDES), `cell ${opened} shift ${d}`).toBe(false);
        }
      }
    });
  }
});
