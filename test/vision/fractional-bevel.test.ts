// Bevelled tiles at a fractional pitch (a browser game that stretches 16 px classic tiles to fill a
// board of its width: Eriscot/react-minesweeper's 10x10 board at 16.81 px): each cell's cut lies at
// its column's sub-pixel phase across and its row's down, so the few cells whose two phases are
// both the farthest from the mean's look like nothing but each other and the cells of their row or
// column. Two such cells of 100 were taken for no covered tile, and the fresh board refused ("not
// a fresh game"): learning never began. A cell that is a twin of a covered one in its own row or
// column is covered (live-fresh-looks.ts freshLooks); a board in play is still no fresh board.
// Near a whole pitch (17.92, 18.08 px) the exact lattice took the whole one, a pixel off its
// phase at the far edge: 16x16 at 18.08 px was cut to 11x16, 10x10 at 17.92 px to 10x9, both
// refused; the lattice placed by the looks is kept when refining leaves more cells unlike.
import { describe, expect, it } from 'vitest';
import { COVERED } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { freshStart } from '../../src/vision/learn/live/live-start.js';
import { VisionError } from '../../src/vision/errors.js';
import { freshLooks } from '../../src/vision/learn/live/live-fresh-looks.js';
import { browserBoard } from './browser-draw.js';
import { freshBoard } from './helpers.js';

describe('a fresh board of bevelled tiles at a fractional pitch', () => {
  it('is a fresh board, every cell covered, at every scale tried', () => {
    const refused: string[] = [];
    for (const [w, h, mines] of [[10, 10, 10], [9, 9, 10], [16, 16, 40]] as const) {
      for (const s of [1.0506, 1.03, 1.07, 1.1, 1.12, 1.13, 1.17, 1.22, 1.33]) {
        const { image, grid } = browserBoard(freshBoard(w, h, mines), 'winxp', s);
        try {
          const start = freshStart(image, grid, 'bevel', mines);
          if (start.grid.cols !== w || start.grid.rows !== h || start.startArea.length) refused.push(`${w}x${h} at ${(16 * s).toFixed(2)} px: ${start.grid.cols}x${start.grid.rows}, ${start.startArea.length} cells taken for opened`);
        } catch (e) {
          refused.push(`${w}x${h} at ${(16 * s).toFixed(2)} px: ${(e as Error).message}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('a board in play is still no fresh board: its opened cells are no twins of covered ones', () => {
    for (const s of [1.0506, 1.1, 1.22]) {
      const game = new Game({ width: 10, height: 10, mines: 10 }, 'zero', createRng(7));
      game.open(5, 5);
      const board = game.board();
      const { image, grid } = browserBoard(board, 'winxp', s);
      const { like } = freshLooks(image, grid);
      // every open cell (a 0 or a number) is told from the covered look
      const open = [...board.cells.keys()].filter((i) => board.cells[i] !== COVERED);
      expect(open.length).toBeGreaterThan(20);
      expect(open.filter((i) => like[i])).toEqual([]);
      // (refused: not a fresh game, or a board that goes on past its edge where its cascade ends)
      expect(() => freshStart(image, grid, 'bevel', 10)).toThrow(VisionError);
    }
  });
});
