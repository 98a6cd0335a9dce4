// A fresh board some of whose covered cells the skin learned so far reads unsure: a skin learned
// at a fractional pitch may lack the covered look of a lattice phase (a grid line split over two
// pixels), and prabhakar-regmi/Minesweeper-HTML's new game after an end was never taken for one
// (the learner waited on the ended game: 4 learning runs of 4 stopped, "did not start a new
// game"). Drawn here as the xdemineur look with a seam down the tiles of two columns.
import { describe, expect, it } from 'vitest';
import { COVERED } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { readScreen } from '../../src/vision/read/read.js';
import { playGame, SPEC, taughtLearner } from '../support/drawn-game.js';

/** The game drawn in the xdemineur look, each covered tile of columns 3 and 9 with a seam `wide` px of level `level` down its left. */
function seamed(game: Game, wide = 2, level = 120): RgbaImage {
  const board = game.board();
  const { image, grid } = renderBoard(board, 'xdemineur');
  for (let i = 0; i < board.cells.length; i++) {
    const x = i % board.width, y = (i / board.width) | 0;
    if ((x !== 3 && x !== 9) || board.cells[i] !== COVERED) continue;
    const x0 = Math.round(grid.left + x * grid.pitch), y0 = Math.round(grid.top + y * grid.pitch);
    fillRect(image, x0 + 2, y0 + 2, x0 + 2 + wide, y0 + Math.round(grid.pitch) - 2, [level, level, level]);
  }
  return image;
}

describe('a fresh board with covered cells in a look not learned', () => {
  it('after an end, a board whose cells read unsure all look as its covered ones do is the new game: read all covered, then played on', async () => {
    const learner = await taughtLearner('seam');
    const ended = await playGame(learner, 7);
    learner.learn(learner.lesson()!);
    const game = new Game(SPEC, 'zero', createRng(8));
    // (the seamed tiles are no look the skin knows)
    expect(readScreen(seamed(game), { skins: [learner.skin!], geometry: ended.readings[0]!.grid }).unsure).toHaveLength(32);
    let r = learner.read(seamed(game), { geometry: ended.readings[0]!.grid });
    expect(r.face).toBe('playing');
    expect(r.unsure).toEqual([]);
    expect(r.board.cells.every((c) => c === COVERED)).toBe(true);
    learner.noteClick(12, 12, 'left');
    game.open(12, 12);
    r = learner.read(seamed(game), { geometry: r.grid });
    expect(r.unsure).toEqual([]);
    const truth = game.board();
    r.board.cells.forEach((c, i) => expect(c === COVERED, `cell ${i}`).toBe(truth.cells[i] === COVERED));
  }, 120_000);

  it('after an end, a board whose unsure cells look unlike its covered ones (a mark, something drawn over) is no new game: the ended game stays', async () => {
    const learner = await taughtLearner('seam');
    const ended = await playGame(learner, 7);
    learner.learn(learner.lesson()!);
    const game = new Game(SPEC, 'zero', createRng(8));
    const r = learner.read(seamed(game, 3, 60), { geometry: ended.readings[0]!.grid });
    expect(r.face).toBe(ended.result);
  }, 120_000);

  it('started from the skin, a first frame so seamed is a fresh board to begin on', async () => {
    const teacher = await taughtLearner('seam');
    const learner = new LiveLearner({ name: 'seam', mines: SPEC.mines, previous: teacher.skin! });
    const r = learner.read(seamed(new Game(SPEC, 'zero', createRng(9))));
    expect(r.face).toBe('playing');
    expect(r.unsure).toEqual([]);
    expect(r.board.cells.every((c) => c === COVERED)).toBe(true);
  }, 120_000);
});
