// A game whose opened cells fade in (Heisey/minesweeper-js "Mars Sweeper": each tile over 0.3 s):
// a frame may catch a batch's cells half drawn, taken as opened, number not known ('+'); the next
// click, a lone one that opens a number, then shows them drawn in full. Drawn here: xdemineur's
// look, the half-drawn cells a blend of the covered tile and the number.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { OPENED } from '../../src/core/board.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Grid } from '../../src/vision/geometry.js';
import type { RgbaImage } from '../../src/vision/image.js';
import { playGame } from '../support/drawn-game.js';

/** `to` with the cells `fading` blended half-way from `from` (a tile caught mid-fade). */
function halfDrawn(from: RgbaImage, to: RgbaImage, grid: Grid, fading: number[]): RgbaImage {
  const out: RgbaImage = { width: to.width, height: to.height, data: Uint8Array.from(to.data) } as RgbaImage;
  for (const i of fading) {
    const x0 = Math.round(grid.left + (i % grid.cols) * grid.pitch), y0 = Math.round(grid.top + ((i / grid.cols) | 0) * grid.pitch);
    for (let y = y0; y < y0 + grid.pitch; y++)
      for (let x = x0; x < x0 + grid.pitch; x++) {
        const o = (y * to.width + x) * 4;
        for (let k = 0; k < 3; k++) out.data[o + k] = (from.data[o + k]! + to.data[o + k]!) >> 1;
      }
  }
  return out;
}

describe('a game whose tiles fade in', () => {
  it('cells of a batch caught half drawn (opened, number not known) that show their numbers after a lone click are those numbers, not a box drawn over the board', async () => {
    const learner = new LiveLearner({ name: 'fade', mines: 40 });
    for (let g = 0; g < 3; g++) {
      await playGame(learner, 10 + g);
      learner.learn(learner.lesson()!);
    }
    // a wall of mines down column 8 (its right side: 3s, never reached by a cascade from the
    // left), the rest far right
    const mines: [number, number][] = [];
    for (let y = 0; y < 16; y++) mines.push([8, y]);
    for (let k = 0; k < 24; k++) mines.push([12 + (k % 4), (k / 4) | 0]);
    const game = Game.fromLayout(16, 16, mines);
    const draw = (): RgbaImage => renderBoard(game.board(), 'xdemineur').image;
    let r = learner.read(draw());
    const grid = r.grid;
    // a cascade from the top left, drawn in full
    learner.noteClick(0, 0, 'left', false);
    game.open(0, 0);
    r = learner.read(draw(), { geometry: grid });
    expect(r.unsure).toEqual([]);
    // a batch of certain clicks down column 9 (3s), caught mid-fade
    const batch = [2, 4, 6, 8].map((y) => y * 16 + 9);
    const before = draw();
    for (const i of batch) (learner.noteClick(i % 16, (i / 16) | 0, 'left', true), game.open(i % 16, (i / 16) | 0));
    r = learner.read(halfDrawn(before, draw(), grid, batch), { geometry: grid });
    expect(r.unsure).toEqual([]);
    for (const i of batch) expect(r.board.cells[i]).toBe(OPENED);
    // then a lone click that opens a 3, every tile now drawn in full
    learner.noteClick(9, 12, 'left', true);
    game.open(9, 12);
    r = learner.read(draw(), { geometry: grid });
    // (before: the half-drawn cells that changed were taken for a box drawn over the board, and
    // every later frame was compared with the one that caught them half drawn: unsure for good)
    expect(r.unsure).toEqual([]);
    for (const i of [...batch, 12 * 16 + 9]) expect(r.board.cells[i]).toBe(3);
  }, 60_000);
});
