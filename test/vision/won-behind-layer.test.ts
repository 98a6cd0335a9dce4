// A win drawn over the whole page at once, after a batch of clicks each proved safe, whose last
// cascade opened cells where no mine was known (Heisey/minesweeper-js's "YOU WON" layer: the page
// dimmed and blurred, the board moved under it). No click of the batch can have lost the game,
// but no frame shows where its last cells opened, and the mines left are too many to place: the
// learner waited for the board to come back, and the run stopped ("not whole on the screen").
// Now, once the board stays gone, the game ends unseen (its result not told, nothing learned),
// or won where its mines can be placed; never lost.
import { describe, expect, it } from 'vitest';
import { COVERED } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { analyze } from '../../src/solver/probability.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Reading } from '../../src/vision/read/read.js';
import { readAgain } from '../support/read-again.js';
import { consistent, leastLikelyMine, SPEC, taughtLearner } from '../support/drawn-game.js';


describe('a win drawn over the whole page after clicks each proved safe', () => {
  it('ends the game unseen or won once the board stays gone, never lost and never waited on for good', async () => {
    const teacher = await taughtLearner('layer');
    const ends: Record<string, number> = {};
    for (let seed = 1; seed <= 40; seed++) {
      let t = 0;
      const learner = new LiveLearner({ name: 'layer', mines: SPEC.mines, previous: teacher.skin!, consistent, now: () => (t += 500) });
      const game = new Game(SPEC, 'zero', createRng(seed));
      const draw = (): RgbaImage => {
        const { image, grid } = renderBoard(game.board(), 'xdemineur');
        if (game.status === 'won') {
          // (the whole page dimmed, a box over the middle of the board)
          for (let k = 0; k < image.data.length; k += 4) for (let c = 0; c < 3; c++) image.data[k + c] = (image.data[k + c]! * 0.4 + 20) | 0;
          fillRect(image, grid.left + 3 * grid.pitch, grid.top + 6 * grid.pitch, grid.left + 13 * grid.pitch, grid.top + 10 * grid.pitch, [250, 250, 250]);
        }
        return image;
      };
      let r: Reading = learner.read(draw());
      const grid = r.grid;
      let lastBatchProven = false;
      const open = (i: number, certain: boolean): void => {
        if (game.finished) return;
        learner.noteClick(i % 16, (i / 16) | 0, 'left', certain);
        game.open(i % 16, (i / 16) | 0);
      };
      open(8 * 16 + 8, false);
      r = readAgain(learner, draw(), { geometry: grid });
      for (let step = 0; step < 300 && r.face === 'playing' && !game.finished; step++) {
        if (r.unsure.length) break;
        const a = analyze(r.board);
        const safe = a.safe.filter((i) => r.board.cells[i] === COVERED);
        lastBatchProven = safe.length > 0;
        if (safe.length) for (const i of safe) open(i, true);
        else open(leastLikelyMine(r.board.cells, a.probabilities), false);
        if (!game.finished) r = readAgain(learner, draw(), { geometry: grid });
      }
      if (game.status !== 'won' || !lastBatchProven) continue;
      // the board stays gone: the loop asks the learner what ended behind its covered frame
      let said: Reading | null = null;
      for (let k = 0; k < 20 && !said; k++) said = learner.covered(grid, draw());
      const end = said === null ? 'waited on' : said.endUnseen !== undefined ? 'unseen' : String(said.face);
      ends[end] = (ends[end] ?? 0) + 1;
    }
    // (measured: 30 won, 2 unseen; before, those 2 waited on for good)
    expect(ends['waited on'] ?? 0).toBe(0);
    expect(ends.lost ?? 0).toBe(0);
    expect(ends.unseen ?? 0).toBeGreaterThanOrEqual(1);
    expect((ends.won ?? 0) + (ends.unseen ?? 0)).toBeGreaterThanOrEqual(20);
  });
});
