// A lattice found half a pixel off the tiles (a classic raised look at 32 px): each cell's cut
// takes in a column and a row of the tiles beside it, so a guess that opens a lone number changes a
// few pixels of its left and top neighbours too. Those are no cells that changed, and never mines
// shown: with the bot's flags standing, the three made the mine total, and the learner read the 2
// opened as the mine hit, the 2 above it and the covered tile beside it as mines shown
// (lijingbo8119/minesweeper-vue3, the frame a wider grab of the board, its lattice found again at
// x.4996 for x.5). Such a loss's lesson labels a number a mine.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { COVERED, FLAG, MINE, EXPLODED } from '../../src/core/board.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { neighbourBleed, interiorSame } from '../../src/vision/learn/live/live-cell-change.js';

const N = 9, P = 32, L = 40, T = 50;
// (the guess (1,8) a 2 beside the covered mine (0,8), below a 3 that a 0 at (2,6) opens; seven
// mines far off, flagged by the bot)
const NEAR: [number, number][] = [[0, 8], [2, 8], [0, 6]];
const FAR: [number, number][] = [[8, 0], [6, 0], [8, 2], [4, 0], [8, 4], [6, 2], [7, 4]];
const MINES = [...NEAR, ...FAR];
const GREY: Rgb = [192, 192, 192];

/** Raised tiles (3 px bevels), opened cells grey in a 1 px dark line, numbers as bars, flags a red square; `pad` px of white to the left and above (a wider grab). */
function draw(game: Game, pad = 0): RgbaImage {
  const image = createImage(2 * L + N * P + pad, 2 * T + N * P + pad, [255, 255, 255]);
  const cells = game.board().cells;
  for (let i = 0; i < N * N; i++) {
    const x = pad + L + (i % N) * P, y = pad + T + ((i / N) | 0) * P;
    const c = cells[i]!;
    if (c === COVERED || c === FLAG) {
      fillRect(image, x, y, x + P, y + P, GREY);
      fillRect(image, x, y, x + P, y + 3, [255, 255, 255]);
      fillRect(image, x, y, x + 3, y + P, [255, 255, 255]);
      fillRect(image, x, y + P - 3, x + P, y + P, [128, 128, 128]);
      fillRect(image, x + P - 3, y, x + P, y + P, [128, 128, 128]);
      if (c === FLAG) fillRect(image, x + 10, y + 8, x + 20, y + 18, [255, 0, 0]);
    } else {
      fillRect(image, x, y, x + P, y + P, [128, 128, 128]);
      fillRect(image, x + 1, y + 1, x + P, y + P, GREY);
      const ink: Rgb = c === 1 ? [0, 0, 255] : c === 2 ? [0, 128, 0] : [255, 0, 0];
      if (c >= 1 && c <= 8) for (let k = 0; k < c; k++) fillRect(image, x + 8 + k * 6, y + 7, x + 11 + k * 6, y + P - 7, ink);
    }
  }
  return image;
}

describe('a lattice half a pixel off raised tiles', () => {
  it('a guess that opens a lone 2 is read opened, not a loss, in a wider grab whose lattice is found a fraction of a pixel apart', () => {
    const game = Game.fromLayout(N, N, MINES);
    const learner = new LiveLearner({ name: 'half', mines: MINES.length });
    const grid = learner.read(draw(game)).grid;
    learner.noteClick(2, 6, 'left');
    game.open(2, 6);
    learner.read(draw(game), { geometry: grid });
    expect(game.cell(1, 7)).toBe(3);
    expect(game.cell(1, 8)).toBe(COVERED);
    for (const [x, y] of FAR) (learner.noteClick(x, y, 'right'), game.toggleFlag(x, y));
    const was = learner.read(draw(game), { geometry: grid }).board.cells.slice();
    learner.noteClick(1, 8, 'left');
    game.open(1, 8);
    const pad = 80;
    const wider = { ...grid, left: grid.left + pad - 0.0004, top: grid.top + pad - 0.0004 };
    const guess = 8 * N + 1;
    for (let k = 0; k < 4; k++) {
      const r = learner.read(draw(game, pad), { geometry: wider });
      expect(r.face, `frame ${k}`).toBe('playing');
      // (the tile beside it and the 3 above are as they were)
      expect(r.board.cells[8 * N]).toBe(COVERED);
      expect(r.board.cells[7 * N + 1]).toBe(was[7 * N + 1]);
      expect([MINE, EXPLODED]).not.toContain(r.board.cells[guess]);
    }
  });

  it('a covered tile whose cut shows a column of the tile beside it changed only there (neighbourBleed), and its interior is the same (interiorSame), across a wider grab', () => {
    const game = Game.fromLayout(N, N, MINES);
    game.open(2, 6);
    const before = draw(game);
    game.open(1, 8);
    const pad = 80;
    const a = { left: L + 0.5, top: T + 0.5, pitch: P, cols: N, rows: N, scale: 1 };
    const b = { ...a, left: a.left + pad - 0.0004, top: a.top + pad - 0.0004 };
    const after = draw(game, pad);
    // (0,8): its right neighbour changed; (1,7), the 3: its bottom one
    expect(neighbourBleed(before, a, after, b, 8 * N, [false, false, true, false])).toBe(true);
    expect(interiorSame(before, a, after, b, 8 * N)).toBe(true);
    expect(interiorSame(before, a, after, b, 7 * N + 1)).toBe(true);
    // (the guess itself did change inside)
    expect(interiorSame(before, a, after, b, 8 * N + 1)).toBe(false);
  });
});
