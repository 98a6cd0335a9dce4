// A game drawn frame by frame and played on the live learner's readings, as the play loop would
// (for the learner's tests): each frame read with no cell unsure, the game played to its end.
import { expect } from 'vitest';
import { COVERED, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { analyze, tryAnalyze } from '../../src/solver/probability.js';
import { isContradiction } from '../../src/solver/constraints.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import type { Grid } from '../../src/vision/geometry.js';
import type { RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Reading } from '../../src/vision/read/read.js';
import { breathe } from './breathe.js';
import { readAgain } from './read-again.js';

export const SPEC = { width: 16, height: 16, mines: 40 };

/** Whether a board can be (the solver's verdict, as the loop gives the learner). */
export const consistent = (board: Board): boolean => !isContradiction(tryAnalyze(board));

/** A learner taught by three games of SPEC played on its own readings (seeds 100-102): a skin that knows the numbers. */
export async function taughtLearner(name: string): Promise<LiveLearner> {
  const teacher = new LiveLearner({ name, mines: SPEC.mines });
  for (let k = 0; k < 3; k++) {
    await playGame(teacher, 100 + k);
    teacher.learn(teacher.lesson()!);
  }
  return teacher;
}

/** The covered cell least likely a mine (the first of those alike), as the learner's tests play: -1 when none is covered. */
export function leastLikelyMine(cells: ArrayLike<number>, probabilities: ArrayLike<number>): number {
  let best = -1;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== COVERED) continue;
    if (best < 0 || probabilities[i]! < probabilities[best]!) best = i;
  }
  return best;
}

/** One game played by a plain policy on the learner's readings: open a certain safe cell, else the least likely mine; flag certain mines (unless `flags` is false). */
export async function playGame(learner: LiveLearner, seed: number, maxSteps = 400, flags = true, look: (game: Game) => RgbaImage = (g) => renderBoard(g.board(), 'xdemineur').image): Promise<{ result: 'won' | 'lost'; readings: Reading[]; game: Game }> {
  const rng = createRng(seed);
  const game = new Game(SPEC, 'zero', rng);
  const draw = () => look(game);
  let r = learner.read(draw());
  const grid: Grid = r.grid;
  const readings = [r];
  expect(r.board.cells.every((c) => c === COVERED)).toBe(true);
  const click = (x: number, y: number, button: 'left' | 'right') => {
    learner.noteClick(x, y, button);
    if (button === 'left') game.open(x, y);
    else game.toggleFlag(x, y);
    r = readAgain(learner, draw(), { geometry: grid });
    readings.push(r);
    expect(r.unsure, `step ${readings.length}`).toEqual([]);
  };
  click(8, 8, 'left');
  for (let step = 0; step < maxSteps && r.face === 'playing'; step++) {
    if (step % 40 === 0) await breathe(); // (a game is a few hundred reads: let the worker answer the runner)
    const a = analyze(r.board);
    const flag = a.mines.find((i) => r.board.cells[i] === COVERED);
    if (flags && flag !== undefined && step % 3 === 0) {
      click(flag % 16, (flag / 16) | 0, 'right');
      continue;
    }
    const best = leastLikelyMine(r.board.cells, a.probabilities);
    click(best % 16, (best / 16) | 0, 'left');
  }
  expect(r.face).toBe(game.status);
  return { result: r.face as 'won' | 'lost', readings, game };
}
