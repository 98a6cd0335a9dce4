// Learning from screenshots finds each capture's grid from its true board alone. A flat DOM game
// (Piyushh-977's, drawn here from its facts: plain grey tiles 30 px wide on 1 px lines of the
// padding's grey, a 2 px frame, a page of another plain grey; numbers thin strokes of a colour
// each, a mine an outlined box) was put a cell to the left in one of six captures: its cells are
// plain colours, as alike in pattern to the page as to each other, and only their levels tell a
// tile from the page.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COVERED, EXPLODED, MINE, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { gridForBoard } from '../../src/vision/learn/learn-grid.js';

const PITCH = 31;
const PAGE: Rgb = [191, 183, 182];
const DIGIT: Rgb[] = [[0, 0, 255], [0, 128, 0], [255, 0, 0], [0, 0, 128], [128, 0, 0], [0, 128, 128], [0, 0, 0], [128, 128, 128]];

/** The screenshot of `board` with its first cell at (left, top), a line of red text above it. */
function draw(board: Board, left: number, top: number): RgbaImage {
  const img = createImage(left + board.width * PITCH + 60, top + board.height * PITCH + 80, PAGE);
  // (fillRect's ends are exclusive: a tile is 30 px, the line after it 1 px)
  const right = left + board.width * PITCH - 1, bottom = top + board.height * PITCH - 1;
  fillRect(img, left - 7, top - 7, right + 7, bottom + 7, [136, 136, 136]);
  fillRect(img, left - 5, top - 5, right + 5, bottom + 5, [187, 187, 187]);
  for (let k = 0; k < 14; k++) fillRect(img, left + 4 + k * 17, top - 30, left + 14 + k * 17, top - 14, [238, 110, 110]);
  for (let i = 0; i < board.cells.length; i++) {
    const x0 = left + (i % board.width) * PITCH, y0 = top + Math.floor(i / board.width) * PITCH;
    const c = board.cells[i]!;
    fillRect(img, x0, y0, x0 + 30, y0 + 30, c === COVERED ? [204, 204, 204] : [238, 238, 238]);
    if (c >= 1 && c <= 8) {
      fillRect(img, x0 + 14, y0 + 8, x0 + 15, y0 + 21, DIGIT[c - 1]!);
      if (c > 1) fillRect(img, x0 + 10, y0 + 8 + c, x0 + 19, y0 + 9 + c, DIGIT[c - 1]!);
    }
    if (c === MINE || c === EXPLODED) {
      fillRect(img, x0 + 11, y0 + 9, x0 + 18, y0 + 20, [60, 60, 60]);
      fillRect(img, x0 + 12, y0 + 10, x0 + 17, y0 + 19, [238, 238, 238]);
    }
  }
  return img;
}

/** A 9x9 game with 10 mines, clicked at random cells until lost or `clicks` clicks are made. */
function played(seed: number, clicks: number): Board {
  const rng = createRng(seed);
  const game = new Game({ width: 9, height: 9, mines: 10 }, 'safe', rng);
  for (let k = 0; k < clicks && !game.finished; k++) game.open(rng.int(9), rng.int(9));
  return game.board();
}

describe('the grid of a screenshot found from its true board', () => {
  it('a flat DOM board, fresh, mid-game or lost, is found where its cells are, not a cell off on the page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 40, max: 80 }), fc.integer({ min: 60, max: 160 }), (seed, clicks, left, top) => {
        const board = played(seed, clicks);
        const g = gridForBoard(draw(board, left, top), board);
        expect([g.cols, g.rows]).toEqual([9, 9]);
        // (to the cell: the exact offset is the reader's alignment's, once there are sprites)
        expect(Math.abs(g.left - left), `left ${g.left} for ${left}`).toBeLessThan(PITCH / 4);
        expect(Math.abs(g.top - top), `top ${g.top} for ${top}`).toBeLessThan(PITCH / 4);
      }),
      { numRuns: 25 },
    );
  });

  it('a board of one state, all covered, is placed on its tiles, not half on its frame', () => {
    const board = played(7, 0);
    expect(board.cells.every((c) => c === COVERED)).toBe(true);
    const g = gridForBoard(draw(board, 63, 156), board);
    expect(Math.abs(g.left - 63)).toBeLessThan(PITCH / 4);
    expect(Math.abs(g.top - 156)).toBeLessThan(PITCH / 4);
  });
});
