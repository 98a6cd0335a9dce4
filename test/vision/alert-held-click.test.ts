// A click whose result the page holds back behind an alert (torwanat/webapps saper alerts at a
// loss before it draws the mines): the frame from before the click stays for seconds, until the
// bot presses the dismiss key, and only then is the loss drawn. The learner forgot the click — at
// once after a first click (an all-covered frame was taken for a new game), after 8 frames
// otherwise — and the loss was left unexplained: 40 cells unsure, a stop. A click stays awaited
// 6 s on the learner's clock, and no new game is taken while one is.
import { describe, expect, it } from 'vitest';
import { MINE, OPENED } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { SPEC, playGame } from '../support/drawn-game.js';

/** A learner on a clock, taught by three games (the clock moving 2 s a look, a slow game's pace), then moved by `wait` alone. */
async function clockedLearner(): Promise<{ learner: LiveLearner; wait: (ms: number) => void }> {
  let t = 0, step = 2000;
  const learner = new LiveLearner({ name: 'held', mines: SPEC.mines, now: () => (t += step) });
  for (let k = 0; k < 3; k++) {
    await playGame(learner, 100 + k);
    learner.learn(learner.lesson()!);
  }
  step = 0;
  return { learner, wait: (ms) => void (t += ms) };
}

/** SPEC's mines drawn by the seed, none at (8,8) and around it, one at `hit`. */
function layout(hit: number, seed: number): [number, number][] {
  const rng = createRng(seed), cells = new Set([hit]);
  while (cells.size < SPEC.mines) {
    const i = rng.int(SPEC.width * SPEC.height), x = i % 16, y = Math.floor(i / 16);
    if (Math.abs(x - 8) > 1 || Math.abs(y - 8) > 1) cells.add(i);
  }
  return [...cells].map((i) => [i % 16, Math.floor(i / 16)]);
}

describe('a click held back by an alert, its loss drawn seconds later', () => {
  it.each([
    ['the first click', false],
    ['a click after the first cascade', true],
  ])('%s: the loss is read, its lesson right', async (_, cascadeFirst) => {
    const { learner, wait } = await clockedLearner();
    const hit = 2 * 16 + 13;
    const game = Game.fromLayout(16, 16, layout(hit, 9));
    const draw = () => renderBoard(game.board(), 'xdemineur').image;
    const grid = learner.read(draw()).grid;
    if (cascadeFirst) {
      learner.noteClick(8, 8, 'left');
      game.open(8, 8);
      expect(learner.read(draw(), { geometry: grid }).unsure).toEqual([]);
    }
    const frozen = draw();
    learner.noteClick(hit % 16, Math.floor(hit / 16), 'left');
    game.open(hit % 16, Math.floor(hit / 16));
    expect(game.status).toBe('lost');
    // (12 frames of the page as it was, 4.8 s, until the alert is dismissed)
    for (let k = 0; k < 12; k++) {
      expect(learner.read(frozen, { geometry: grid }).face).toBe('playing');
      wait(300);
    }
    const r = learner.read(draw(), { geometry: grid });
    expect(r.unsure).toEqual([]);
    expect(r.face).toBe('lost');
    const labelled = learner.lesson()?.capture?.board.cells ?? [];
    const truth = game.board().cells;
    expect(labelled.filter((c) => c === MINE).length).toBeGreaterThan(30);
    expect(labelled.filter((c, i) => c !== OPENED && c !== truth[i]).length).toBe(0);
  });
});
