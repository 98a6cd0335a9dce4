// A board partly hidden by a dialog over its upper rows (KMines' "Reset the Game?" after a loss,
// once its "You have lost." has faded) left the rows below the dialog to be found and read as a
// smaller board, its cells right but the board wrong. The reader must refuse such a part.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect } from '../../src/vision/image.js';
import { readScreen, VisionError } from '../../src/vision/read/read.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import type { Skin } from '../../src/vision/skins/skin.js';

/** A lost 16x16/40 game, opened cell by cell from the top-left until a mine. */
function lostBoard(seed: number) {
  const game = new Game({ width: 16, height: 16, mines: 40 }, 'zero', createRng(seed));
  game.open(8, 8);
  for (let i = 0; i < 256 && game.status === 'playing'; i++) {
    const x = (i * 7) % 16, y = (i * 11) % 16;
    if (game.board().cells[y * 16 + x] === 9) game.open(x, y);
  }
  return game.board();
}

/** A box over the board's width and its first 6 rows, reaching a fifth into row 6. */
function cover(image: Parameters<typeof fillRect>[0], grid: { left: number; top: number; pitch: number }): void {
  const p = grid.pitch;
  const bottom = Math.round(grid.top + 6.2 * p);
  fillRect(image, Math.max(0, Math.round(grid.left - p)), Math.max(0, Math.round(grid.top - p)), Math.round(grid.left + 17 * p), bottom, [236, 236, 236]);
  fillRect(image, Math.max(0, Math.round(grid.left - p)), bottom, Math.round(grid.left + 17 * p), bottom + 1, [60, 60, 60]);
}

describe('a board partly hidden by a dialog over its upper rows', () => {
  it('with a skin learned from screenshots (it knows the frame; a partly hidden look is unsure to it): refused', () => {
    // learned from two drawn xdemineur boards with their answers, built-in skins not used
    const caps = [lostBoard(7), lostBoard(8)].map((board, k) => ({ name: `lost-${k}`, image: renderBoard(board, 'xdemineur').image, board }));
    const learned: Skin = learnSkin('learned-xd', caps).learned.skin;
    for (const seed of [1, 2, 3]) {
      const { image, grid } = renderBoard(lostBoard(seed), 'xdemineur');
      expect(readScreen(image, { skins: [learned] }).board.height).toBe(16);
      cover(image, grid);
      expect(() => readScreen(image, { skins: [learned] }), `seed ${seed}`).toThrow(VisionError);
    }
  });

  for (const skin of ['xdemineur', 'winxp', 'sgt-mines']) {
    it(`${skin}: is refused, not read as the smaller board below the dialog`, () => {
      for (const seed of [1, 2, 3]) {
        const board = lostBoard(seed);
        const { image, grid } = renderBoard(board, skin);
        // the whole board is read as it is
        const whole = readScreen(image, { skin });
        expect([whole.board.width, whole.board.height]).toEqual([16, 16]);
        cover(image, grid);
        let read: string;
        try {
          const r = readScreen(image, { skin });
          read = `${r.board.width}x${r.board.height} at ${Math.round(r.grid.top)}`;
        } catch (err) {
          expect(err).toBeInstanceOf(VisionError);
          read = 'refused';
        }
        expect(read, `seed ${seed}`).toBe('refused');
      }
    });
  }
});
