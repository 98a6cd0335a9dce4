// Games played through on bevelled tiles at a fractional pitch, learned from nothing from the
// lattice the learner locates itself (browserBoard's winxp tiles, each 21 or 22 px wide at 21.28
// px). A bevelled board in a sunken frame looks alike at every whole-pixel shift of its lattice
// (the frame's dark edge is drawn as a neighbour's shadow), so the count of cells alike told its
// phase only by the tiles' sub-pixel rounding: at 21.28 px the lattice was moved 2 px into the
// tiles, and the 0s of the first cascade, cut 2 px into their neighbours, read as covered, surely
// (the game played the same open cell again and again); at 18.08 px 70 cells of the first game's
// first cascade read unsure. The phase is now counted with the row-and-column rule
// (freshLooks' twins): every frame reads what the game shows.
import { describe, expect, it } from 'vitest';
import { OPENED } from '../../src/core/board.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { playGame, SPEC } from '../support/drawn-game.js';
import { browserBoard } from './browser-draw.js';

/**
 * One game played on the learner's readings (playGame: no cell unsure, the end read as the game's),
 * every frame drawn kept with the board it drew: the frames read otherwise than their boards.
 */
async function playChecked(learner: LiveLearner, seed: number, s: number): Promise<string[]> {
  const drawn: Uint8Array[] = [];
  const { readings } = await playGame(learner, seed, 300, true, (g) => {
    const board = g.board();
    drawn.push(board.cells.slice());
    return browserBoard(board, 'winxp', s).image;
  });
  const wrong: string[] = [];
  readings.forEach((r, step) => {
    // (a frame at the game's end shows what an end shows; playGame holds its face to the game's)
    if (r.face !== 'playing') return;
    const truth = drawn[step]!;
    const off = [...truth.keys()].filter((i) => {
      const t = truth[i]!, c = r.board.cells[i]!;
      // (a number the skin has not learned yet reads opened, number unknown)
      return c !== t && !(c === OPENED && t <= 8);
    });
    if (off.length) wrong.push(`step ${step}: ${off.length} cell(s) read otherwise, first ${off[0]! % 16},${(off[0]! / 16) | 0}: ${truth[off[0]!]} read ${r.board.cells[off[0]!]}`);
  });
  return wrong;
}

describe('bevelled tiles at a fractional pitch, learned from nothing', () => {
  for (const s of [1.33, 1.13]) {
    it(`at ${(16 * s).toFixed(2)} px: two games, every frame read as the game shows it`, async () => {
      const learner = new LiveLearner({ name: `bevel-${s}`, mines: SPEC.mines });
      for (const seed of [100, 101]) {
        expect(await playChecked(learner, seed, s), `game ${seed}`).toEqual([]);
        const lesson = learner.lesson();
        expect(lesson).not.toBeNull();
        learner.learn(lesson!);
      }
      // the second game read the numbers the first taught
      expect(learner.skin!.cells.some((c) => c.state === '1')).toBe(true);
    }, 240_000);
  }
});
