// Games played through on bevelled tiles at a fractional pitch, learned from nothing from the
// lattice the learner locates itself (browserBoard's winxp tiles, each 21 or 22 px wide at 21.28
// px). A bevelled board in a sunken frame looks alike at every whole-pixel shift of its lattice
// (the frame's dark edge is drawn as a neighbour's shadow), so the count of cells alike told its
// phase only by the tiles' sub-pixel rounding: at 21.28 px the lattice was moved 2 px into the
// tiles, and the 0s of the first cascade, cut 2 px into their neighbours, read as covered, surely
// (the game played the same open cell again and again); at 18.08 px 70 cells of the second game's
// first cascade read unsure. The phase is now counted with the row-and-column rule
// (freshLooks' twins): every frame reads what the game shows.
import { describe, expect, it } from 'vitest';
import { COVERED, OPENED } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { analyze } from '../../src/solver/probability.js';
import { LiveLearner } from '../../src/vision/learn/live-learner.js';
import { leastLikelyMine, SPEC } from '../support/drawn-game.js';
import { readAgain } from '../support/read-again.js';
import { breathe } from '../support/breathe.js';
import { browserBoard } from './browser-draw.js';

/** One game on the learner's readings; every frame in play compared with the game's own board. Returns the frames that read otherwise. */
async function playChecked(learner: LiveLearner, seed: number, s: number): Promise<{ wrong: string[]; status: string }> {
  const game = new Game(SPEC, 'zero', createRng(seed));
  const draw = () => browserBoard(game.board(), 'winxp', s).image;
  let r = learner.read(draw());
  const grid = r.grid;
  const wrong: string[] = [];
  const check = (step: number) => {
    if (r.unsure.length) wrong.push(`step ${step}: ${r.unsure.length} cell(s) unsure`);
    if (game.status !== 'playing' || r.face !== 'playing') {
      if (r.face !== game.status) wrong.push(`step ${step}: read ${r.face}, the game ${game.status}`);
      return;
    }
    const truth = game.board().cells;
    const off = [...truth.keys()].filter((i) => {
      const t = truth[i]!, c = r.board.cells[i]!;
      // (a number the skin has not learned yet reads opened, number unknown)
      return c !== t && !(c === OPENED && t <= 8);
    });
    if (off.length) wrong.push(`step ${step}: ${off.length} cell(s) read otherwise, first ${off[0]! % 16},${(off[0]! / 16) | 0}: ${truth[off[0]!]} read ${r.board.cells[off[0]!]}`);
  };
  const click = (i: number, button: 'left' | 'right', step: number) => {
    learner.noteClick(i % 16, (i / 16) | 0, button);
    if (button === 'left') game.open(i % 16, (i / 16) | 0);
    else game.toggleFlag(i % 16, (i / 16) | 0);
    r = readAgain(learner, draw(), { geometry: grid });
    check(step);
  };
  click(8 * 16 + 8, 'left', 0);
  for (let step = 1; step < 300 && r.face === 'playing' && !wrong.length; step++) {
    if (step % 40 === 0) await breathe();
    const a = analyze(r.board);
    const flag = a.mines.find((i) => r.board.cells[i] === COVERED);
    if (flag !== undefined && step % 3 === 0) click(flag, 'right', step);
    else click(leastLikelyMine(r.board.cells, a.probabilities), 'left', step);
  }
  if (!wrong.length && r.face === 'playing') wrong.push('still playing after 300 moves');
  return { wrong, status: game.status };
}

describe('bevelled tiles at a fractional pitch, learned from nothing', () => {
  for (const s of [1.33, 1.13]) {
    it(`at ${(16 * s).toFixed(2)} px: two games, every frame read as the game shows it`, async () => {
      const learner = new LiveLearner({ name: `bevel-${s}`, mines: SPEC.mines });
      for (const seed of [100, 101]) {
        const { wrong } = await playChecked(learner, seed, s);
        expect(wrong, `game ${seed}`).toEqual([]);
        const lesson = learner.lesson();
        expect(lesson).not.toBeNull();
        learner.learn(lesson!);
      }
      // the second game read the numbers the first taught
      expect(learner.skin!.cells.some((c) => c.state === '1')).toBe(true);
    }, 240_000);
  }
});
