// A board cut short by its window's edge (a browser page wider than its window, a scroll bar, the
// screen's edge) shows part of its next column or row past the last whole one. That part is no
// board: the reader and the live learner refuse it, where they read the whole lines as a smaller
// board and played it with the mines of the hidden line unseen (a real browser game at 900 px).
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { createImage, blit, crop, type RgbaImage } from '../../src/vision/image.js';
import { readScreen, VisionError } from '../../src/vision/read/read.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { cutOff } from '../../src/vision/locate/cut-off.js';
import type { Grid } from '../../src/vision/geometry.js';
import type { Board } from '../../src/core/board.js';

/** A 12x10 game some clicks in (opened areas, numbers, covered cells at the edges), or fresh. */
function board(fresh: boolean): Board {
  const game = new Game({ width: 12, height: 10, mines: 18 }, 'zero', createRng(7));
  if (!fresh) for (const [x, y] of [[3, 3], [8, 6], [1, 8]] as const) if (game.status === 'playing') game.open(x, y);
  return game.board();
}

/**
 * The game drawn on a dark screen, its window cut `keep` (a share of a cell) past the start of its
 * last column (right) or first row (top): what a window too small for its page shows.
 */
function cut(b: Board, skin: string, scale: number, side: 'right' | 'top', keep: number): { image: RgbaImage; grid: Grid } {
  const { image, grid } = renderBoard(b, skin, { scale });
  const p = grid.pitch;
  const screen = createImage(image.width + 80, image.height + 80, [20, 20, 24]);
  if (side === 'right') {
    const w = Math.round(grid.left + (grid.cols - 1 + keep) * p);
    blit(screen, crop(image, 0, 0, w, image.height), 40, 40);
  } else {
    const y = Math.round(grid.top + (1 - keep) * p);
    blit(screen, crop(image, 0, y, image.width, image.height - y), 40, 40);
  }
  return { image: screen, grid: { ...grid, left: grid.left + 40, top: grid.top + 40 } };
}

describe('a board cut short by its window', () => {
  const cases: [string, number][] = [['winxp', 1], ['winxp', 1.5], ['xdemineur', 1], ['sgt-mines', 1.25]];

  it('is refused by the reader (part of its last column or first row showing), where the whole board reads', () => {
    for (const [skin, scale] of cases) {
      for (const fresh of [true, false]) {
        const b = board(fresh);
        // the whole board, in the same place, reads whole
        const whole = renderBoard(b, skin, { scale });
        const r = readScreen(whole.image, { skin });
        expect([r.board.width, r.board.height], `${skin} ${scale} whole`).toEqual([12, 10]);
        for (const [side, keep] of [['right', 0.45], ['right', 0.7], ['top', 0.5]] as const) {
          const { image } = cut(b, skin, scale, side, keep);
          const what = `${skin} at ${scale}, ${fresh ? 'fresh' : 'mid-game'}, cut at ${side} keeping ${keep} of a cell`;
          let read: string | null = null;
          try {
            const got = readScreen(image, { skin });
            read = `${got.board.width}x${got.board.height}`;
          } catch (err) {
            expect(err, what).toBeInstanceOf(VisionError);
            expect((err as Error).message, what).toMatch(new RegExp(`goes on past its ${side} edge.*: make the whole board visible \\(if it is, its open cells at that edge`));
          }
          expect(read, what).toBeNull();
        }
      }
    }
  });

  it('is refused by the live learner on its first frame, with the same words', () => {
    const { image } = cut(board(true), 'xdemineur', 1, 'right', 0.5);
    const learner = new LiveLearner({ name: 'cut', mines: 18 });
    expect(() => learner.read(image)).toThrow(/goes on past its right edge, where its next column shows cut short/);
  });

  it('is not seen on whole boards in their windows: fresh, mid-game and lost, every shipped look', () => {
    for (const [skin, scale] of cases) {
      for (const b of [board(true), board(false)]) {
        const { image, grid } = renderBoard(b, skin, { scale });
        expect(cutOff(image, grid), `${skin} at ${scale}`).toBeNull();
      }
    }
  });
});
