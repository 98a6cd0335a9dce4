// A loss on the first click, its "Game Over" box drawn over the board's middle where every cell is
// still closed (Jose-wilson-junior/ProjetoPF: a white box at 50%/50% of the page). No open cell
// changed, so the box was seen nowhere: the closed cells under it changed to a look not learned,
// where no click had opened them, and the run stopped with the game over. A solid block of closed
// cells changed, away from the lone click, none shown as a number, mine or flag, is that box.
import { describe, expect, it } from 'vitest';
import { COVERED, EXPLODED, MINE, OPENED } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live-learner.js';
import { SPEC, taughtLearner } from '../support/drawn-game.js';
import { readAgain } from '../support/read-again.js';

/** A layout of SPEC's mines with one at `hit`, the others drawn by the seed. */
function layoutWith(hit: number, seed: number): [number, number][] {
  const rng = createRng(seed), cells = new Set([hit]);
  while (cells.size < SPEC.mines) cells.add(rng.int(SPEC.width * SPEC.height));
  return [...cells].map((i) => [i % SPEC.width, Math.floor(i / SPEC.width)]);
}

/** The game drawn; once lost, a white box with a line of dark text over columns 3-12 of rows 3-7. */
function draw(game: Game): RgbaImage {
  const { image, grid } = renderBoard(game.board(), 'xdemineur');
  if (game.status === 'lost') {
    const p = grid.pitch, x = (c: number): number => Math.round(grid.left + c * p), y = (r: number): number => Math.round(grid.top + r * p);
    fillRect(image, x(3.3), y(3.4), x(12.7), y(7.6), [250, 250, 250]);
    fillRect(image, x(5), y(5.3), x(11), y(5.3) + 5, [40, 40, 40]);
  }
  return image;
}

/**
 * Reads a new game, clicks `hit` (a mine) first, and reads the loss drawn with its box; `late`:
 * the frame right after the click still shows the fresh board (a game that draws its loss a
 * frame late: teplokotov/minesweeper).
 */
function lostOnFirstClick(learner: LiveLearner, hit: number, seed: number, late = false) {
  const game = Game.fromLayout(SPEC.width, SPEC.height, layoutWith(hit, seed));
  const fresh = learner.read(draw(game));
  expect(fresh.unsure).toEqual([]);
  learner.noteClick(hit % SPEC.width, Math.floor(hit / SPEC.width), 'left');
  if (late) expect(learner.read(draw(game), { geometry: fresh.grid }).face).toBe('playing');
  game.open(hit % SPEC.width, Math.floor(hit / SPEC.width));
  expect(game.status).toBe('lost');
  return { game, r: readAgain(learner, draw(game), { geometry: fresh.grid }) };
}

/** The cells clicked first (each a mine) and the seeds that place the other mines. */
const HITS: [number, number][] = [
  [14 * 16 + 1, 5],
  [15 * 16 + 14, 6],
  [1 * 16 + 14, 7],
];

describe('a loss on the first click, its box over closed cells only', () => {
  it.each(HITS)('is read as the loss (click %i), and no cell under the box is labelled', async (hit, seed) => {
    const learner = await taughtLearner('closed-box');
    const { game, r } = lostOnFirstClick(learner, hit, seed);
    expect(r.face).toBe('lost');
    expect(r.unsure).toEqual([]);
    const lesson = learner.lesson();
    const truth = game.board().cells;
    const labelled = lesson?.capture?.board.cells ?? [];
    let wrong = 0;
    // (`+`, OPENED in a lesson, labels nothing)
    labelled.forEach((c, i) => {
      if (c === OPENED) return;
      const t = truth[i]!;
      if (c !== t && !(c === MINE && t === EXPLODED)) wrong++;
    });
    expect(wrong).toBe(0);
    // (the box's cells are under it, none labelled: column 8 of rows 4-6 is wholly covered)
    for (const row of [4, 5, 6]) expect(labelled[row * SPEC.width + 8]).toBe(OPENED);
    // (and the mines beside the box are learned from)
    expect(labelled.filter((c) => c === MINE).length).toBeGreaterThan(10);
  });

  // (the click is still awaited after a frame that did not show it: the box that comes with the
  // loss is the lone click's, not a change the bot did not cause)
  it.each(HITS)('drawn a frame after the click, is read as the loss all the same (click %i)', async (hit, seed) => {
    const learner = await taughtLearner('closed-box-late');
    const { r } = lostOnFirstClick(learner, hit, seed, true);
    expect(r.face).toBe('lost');
    expect(r.unsure).toEqual([]);
  });
});

describe('a first click that opens a cascade, in looks not learned yet', () => {
  it('is no box: the game goes on', () => {
    let cascades = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const learner = new LiveLearner({ name: 'cascade', mines: SPEC.mines });
      const game = new Game(SPEC, 'zero', createRng(seed));
      const fresh = learner.read(draw(game));
      const x = 2 + (seed % 12), y = 2 + ((seed * 5) % 12);
      learner.noteClick(x, y, 'left');
      game.open(x, y);
      const r = readAgain(learner, draw(game), { geometry: fresh.grid });
      if (game.board().cells.filter((c) => c === COVERED).length < SPEC.width * SPEC.height - 20) cascades++;
      expect(r.face, `seed ${seed}`).toBe(game.status);
    }
    expect(cascades).toBeGreaterThan(6);
  });
});
