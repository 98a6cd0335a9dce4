// Where a learner places the lattice of a fresh board of bevelled tiles stretched to a fractional
// pitch: the lines located may lie on any step of a tile's bevel (a highlight's inner edge, 1.9 px
// into the tiles at 22.4 px; 1.8 px low at 17.6 px), and every shift looks alike on such a board.
// Cut so, a covered tile takes in whole columns of its neighbour's highlight: a mine left covered
// inside the first cascade changed with its eight neighbours, was taken for a change away from the
// cascade, and the cascade was held unsure (a stop at a game's first click). The lattice is moved
// onto the strongest edges between cells (live-lattice-phase.ts edgeAligned).
import { describe, expect, it } from 'vitest';
import { COVERED } from '../../src/core/board.js';
import { Game } from '../../src/game/engine.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { browserBoard } from './browser-draw.js';
import { misread } from './helpers.js';

describe('a mine left covered inside the first cascade, on bevelled tiles at a fractional pitch', () => {
  // (every other cell of the bottom row a mine, the cells between them left covered; one mine
  // alone at (3,3), every neighbour of it opened by the first click's cascade)
  const mines: [number, number][] = [[3, 3], ...Array.from({ length: 8 }, (_, k): [number, number] => [2 * k, 15])];
  for (const [px, nudge] of [[22.4, 0.4], [17.6, 0.4], [16.81, 0], [19.92, 0.4], [24, 0]] as const) {
    it(`at ${px} px: the cascade read, the mine covered, nothing unsure`, () => {
      const game = Game.fromLayout(16, 16, mines);
      const draw = () => browserBoard(game.board(), 'winxp', px / 16, { nudge }).image;
      const learner = new LiveLearner({ name: 'edges', mines: mines.length });
      const grid = learner.read(draw()).grid;
      learner.noteClick(8, 8, 'left');
      game.open(8, 8);
      expect(game.status).toBe('playing');
      expect(game.board().cells[3 * 16 + 3]).toBe(COVERED);
      const r = learner.read(draw(), { geometry: grid });
      expect(r.unsure).toEqual([]);
      expect(misread(r.board, r.unsure, game.board())).toEqual([]);
      expect(r.board.cells[3 * 16 + 3]).toBe(COVERED);
    });
  }
});
