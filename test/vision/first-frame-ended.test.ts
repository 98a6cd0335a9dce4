// A run's first frame, read with a skin it starts from, that shows a game over with cells in looks
// the skin has not learned (Eriscot/react-minesweeper: the last run's won board, three mines shown
// in a look read unsure beside seven flags). Taken for a lost game with nothing to learn, its
// cells were handed to the loop unsure, and the run stopped before its first click; a game over
// the skin cannot read whole is no board to begin on, as one going on is not: the loop starts a
// new game and looks again.
import { describe, expect, it } from 'vitest';
import { COVERED, MINE, QUESTION, WRONG_FLAG } from '../../src/core/board.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { NotFreshBoard } from '../../src/vision/learn/live/live-start.js';
import { SPEC, taughtLearner } from '../support/drawn-game.js';

describe("a run's first frame: a game over in looks not learned", () => {
  it('is no board to begin on; a fresh board after it is', async () => {
    const teacher = await taughtLearner('ended');
    const knows = new Set(teacher.skin!.cells.map((c) => c.state));
    expect(knows.has('mine')).toBe(true);
    // (a look the skin never saw: a wrong flag, else a question mark)
    const unknown = !knows.has('wrongFlag') ? WRONG_FLAG : QUESTION;
    expect(knows.has(unknown === WRONG_FLAG ? 'wrongFlag' : 'question')).toBe(false);
    const cells = new Uint8Array(SPEC.width * SPEC.height).fill(COVERED);
    for (let x = 0; x < 6; x++) cells[x] = MINE;
    cells[20] = unknown;
    cells[40] = unknown;
    const learner = new LiveLearner({ name: 'ended', mines: SPEC.mines, previous: teacher.skin! });
    const over = renderBoard({ ...SPEC, cells }, 'xdemineur').image;
    expect(() => learner.read(over)).toThrow(NotFreshBoard);
    const fresh = learner.read(renderBoard({ ...SPEC, cells: new Uint8Array(cells.length).fill(COVERED) }, 'xdemineur').image);
    expect(fresh.unsure).toEqual([]);
    expect(fresh.face).toBe('playing');
  }, 120_000);
});
