// A board whose upper rows a dialog hides is a part of a board: the reader refuses it rather than
// read the rows below the dialog as a smaller board. The row just beyond the rows read holds cells
// the dialog leaves visible; with a learned skin they may fit a look nearly exactly and still not
// count as explained (a look scoring below what the skin's own cells scored is one it does not
// know, docs/vision.md), as the mines of KMines' classic look beside its "Reset the Game?" did.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect, type RgbaImage } from '../../src/vision/image.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { readScreen, VisionError } from '../../src/vision/read/read.js';
import type { Grid } from '../../src/vision/geometry.js';

/** A lost 9x9 game drawn with the xdemineur look, and a skin learned from that very frame. */
function lostGame(): { image: RgbaImage; grid: Grid; skin: ReturnType<typeof learnSkin>['learned']['skin'] } {
  const game = new Game({ width: 9, height: 9, mines: 10 }, 'zero', createRng(3));
  game.open(4, 4);
  for (let i = 0; game.status === 'playing' && i < 81; i++) if (game.board().cells[i] === 9) game.open(i % 9, (i / 9) | 0);
  expect(game.status).toBe('lost');
  const { image, grid } = renderBoard(game.board(), 'xdemineur');
  const skin = learnSkin('lost-9x9', [{ name: 'lost', image, board: game.board() }]).learned.skin;
  return { image, grid, skin };
}

/** The frame with a box the colour of the surround over rows 0-3 and the middle of row 4; the cells of row 4 it leaves visible changed by `noise` (±noise per pixel, a fixed pattern). */
function covered(image: RgbaImage, grid: Grid, noise: number): RgbaImage {
  const out = { width: image.width, height: image.height, data: Uint8Array.from(image.data) };
  const bg = [out.data[0]!, out.data[1]!, out.data[2]!] as [number, number, number];
  const p = grid.pitch;
  fillRect(out, Math.round(grid.left) - 4, Math.round(grid.top) - 4, Math.round(grid.left + 9 * p) + 4, Math.round(grid.top + 4 * p), bg);
  fillRect(out, Math.round(grid.left + 2 * p), Math.round(grid.top + 4 * p), Math.round(grid.left + 7 * p), Math.round(grid.top + 4.7 * p), bg);
  for (const col of [0, 1, 7, 8]) {
    for (let y = Math.round(grid.top + 4 * p); y < Math.round(grid.top + 5 * p); y++) {
      for (let x = Math.round(grid.left + col * p); x < Math.round(grid.left + (col + 1) * p); x++) {
        const k = (y * out.width + x) * 4;
        const d = ((x * 7 + y * 13) % 3) - 1;
        for (let c = 0; c < 3; c++) out.data[k + c] = Math.max(0, Math.min(255, out.data[k + c]! + d * noise));
      }
    }
  }
  return out;
}

describe('a board read below a dialog over its upper rows', () => {
  it('is refused as a part of a board, also when the cells the dialog leaves visible fit well but are not explained', () => {
    const { image, grid, skin } = lostGame();
    for (const noise of [0, 40]) {
      const frame = covered(image, grid, noise);
      let read: { cols: number; rows: number } | null = null;
      let why = '';
      try {
        const r = readScreen(frame, { skins: [skin] });
        read = { cols: r.board.width, rows: r.board.height };
      } catch (err) {
        expect(err).toBeInstanceOf(VisionError);
        why = (err as Error).message;
      }
      // never the rows below the dialog read as a smaller board
      expect(read, `noise ${noise}: read ${JSON.stringify(read)}`).toBeNull();
      expect(why).toMatch(/goes on past its top edge|part of it reads/);
    }
  });
});
