// A loss whose mine hit the game draws as an opened cell holding nothing, every other mine shown
// (mrglaster/js-minesweeper-game redraws the cell hit as its opened tile once its alert closes).
// The label, the mine that blew up, is true; its look is a 0's. Saved so, every 0 after read as
// that mine: games ended as losses at their first cascade, safe clicks logged as mines, play
// stopped. Such a cell is left unlabelled.
import { describe, expect, it } from 'vitest';
import { EXPLODED, MINE, OPENED } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import type { RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Reading } from '../../src/vision/read/read.js';
import { playGame, SPEC, taughtLearner } from '../support/drawn-game.js';
import { readAgain } from '../support/read-again.js';

/** A layout of SPEC's mines with one at `hit`, the others drawn by the seed. */
function layoutWith(hit: number, seed: number): [number, number][] {
  const rng = createRng(seed), cells = new Set([hit]);
  while (cells.size < SPEC.mines) cells.add(rng.int(SPEC.width * SPEC.height));
  return [...cells].map((i) => [i % SPEC.width, Math.floor(i / SPEC.width)]);
}

/** The game drawn, its mine hit (once lost) drawn as an opened 0. */
function draw(game: Game): RgbaImage {
  const board = game.board();
  const cells = board.cells.map((c) => (c === EXPLODED ? 0 : c));
  return renderBoard({ ...board, cells }, 'xdemineur').image;
}

describe('a loss whose mine hit is drawn as an opened cell holding nothing', () => {
  it.each([
    [14 * 16 + 1, 5],
    [1 * 16 + 14, 7],
  ])('learned from nothing (click %i): the cell hit is not labelled, and the next game, its 0s, is played through', async (hit, seed) => {
    const learner = new LiveLearner({ name: 'blank-hit', mines: SPEC.mines });
    lostOnFirstClick(learner, hit, seed);
    const lesson = learner.lesson()!;
    // (before: labelled the mine that blew up, in a 0's look)
    expect(lesson.capture!.board.cells[hit]).toBe(OPENED);
    learner.learn(lesson);
    // (a 0 read as that mine would end the game at its first cascade: playGame checks each frame
    // read with no cell unsure and the end read as the game's own)
    await playGame(learner, 100, 400, true, draw);
  }, 240_000);

  it('with a skin that knows the 0 (click 254): the cell hit, read for sure as a 0 that opened none of its closed neighbours, is the mine that blew up; the loss is read, its lesson leaves that cell unlabelled', async () => {
    const learner = await taughtLearner('blank-hit');
    const hit = 15 * 16 + 14;
    // (before: 40 cells unsure, the game going on: a mine shown where no cell clicked read as one)
    const r = lostOnFirstClick(learner, hit, 6);
    expect([r.face, r.unsure.length]).toEqual(['lost', 0]);
    const lesson = learner.lesson()!;
    expect(lesson.capture!.board.cells[hit]).toBe(OPENED);
    expect(lesson.capture!.board.cells.filter((c) => c === MINE)).toHaveLength(SPEC.mines - 1);
  }, 240_000);
});

/** Reads a new game, clicks `hit` (a mine) first, and reads the loss. */
function lostOnFirstClick(learner: LiveLearner, hit: number, seed: number): Reading {
  const game = Game.fromLayout(SPEC.width, SPEC.height, layoutWith(hit, seed));
  const fresh = learner.read(draw(game));
  learner.noteClick(hit % SPEC.width, Math.floor(hit / SPEC.width), 'left');
  game.open(hit % SPEC.width, Math.floor(hit / SPEC.width));
  expect(game.status).toBe('lost');
  return readAgain(learner, draw(game), { geometry: fresh.grid });
}
