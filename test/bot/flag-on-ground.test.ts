// A game that draws its flag as a small mark on the opened ground (Mario-conf/MinesWeeper-lite: a
// flagged cell loses its tile, and the flag glyph of a font not installed is an empty box on white).
// The skin learned so far read the bot's first flag as a confident 0, and the run stopped on "a 0
// next to a covered cell" (learn and play, every run). A flag the bot just placed on a closed cell
// is the game's flag, whatever the skin so far reads there. Simulated desktop, xdemineur drawn, not known.
import { describe, expect, it } from 'vitest';
import { render } from '../../src/bot/learn/vision-link.js';
import type { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { flagsDesktop } from '../support/flags-desktop.js';
import { learnFromNothing } from '../support/learn-from-nothing.js';
import { FLAG } from '../../src/core/board.js';
import { fillRect } from '../../src/vision/image.js';
import type { LabelledCapture } from '../../src/vision/learn/looks.js';

const SPEC = { width: 9, height: 9, mines: 10 };

/** The game with each flag drawn as an opened 0 with an empty dark box in its middle; the cells the bot flagged, per game. */
function flagsOnGround(seed: number): { d: SimulatedDesktop; flagged: Map<number, Set<number>> } {
  const drawn: typeof render = (board, skin, o) => {
    const r = render({ ...board, cells: board.cells.map((c) => (c === FLAG ? 0 : c)) }, skin, o);
    const { left, top, pitch } = r.grid;
    board.cells.forEach((c, i) => {
      if (c !== FLAG) return;
      const x = left + (i % board.width) * pitch, y = top + Math.floor(i / board.width) * pitch;
      const [x0, y0, x1, y1] = [Math.round(x + pitch * 0.38), Math.round(y + pitch * 0.3), Math.round(x + pitch * 0.62), Math.round(y + pitch * 0.7)];
      fillRect(r.image, x0, y0, x1, y0 + 1, [135, 135, 135]);
      fillRect(r.image, x0, y1 - 1, x1, y1, [135, 135, 135]);
      fillRect(r.image, x0, y0, x0 + 1, y1, [135, 135, 135]);
      fillRect(r.image, x1 - 1, y0, x1, y1, [135, 135, 135]);
    });
    return r;
  };
  return flagsDesktop(seed, drawn, SPEC);
}

describe('flags drawn as a mark on the opened ground', () => {
  it('the bot\'s own flags are flags, not the 0 the skin so far reads: every game played, no stop, every flag labelled a cell the bot flagged', async () => {
    let labelled = 0;
    for (const seed of [7, 8]) {
      const { d, flagged } = flagsOnGround(seed);
      const result = await learnFromNothing(d, { name: 'xd-ground', mines: SPEC.mines, seed, games: 4 });
      expect(result.stopped, `seed ${seed}`).toBeNull();
      expect(result.games).toBe(4);
      for (const l of result.lessons) {
        if (l.type !== 'learned') continue;
        const cells = (l.lesson as LabelledCapture).board.cells;
        cells.forEach((c, i) => {
          if (c !== FLAG) return;
          expect(flagged.get(l.game)?.has(i), `seed ${seed} game ${l.game + 1} cell ${i}`).toBe(true);
          labelled++;
        });
      }
    }
    expect(labelled).toBeGreaterThan(0);
  }, 300_000);
});
