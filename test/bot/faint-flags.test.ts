// A game that draws its flags so faintly that the learner never sees them stand (dougyb83/
// minesweeper: a flag glyph of a font not installed, a dark box 62 levels off its dark tile): the
// bot's own flags read covered to the end, and the lessons labelled them covered, teaching the
// flag's look as the covered tile's (73 cells in two lessons saved). A cell the bot flagged that
// the lesson's frame reads covered is labelled nothing. Simulated desktop, xdemineur drawn, not known.
import { describe, expect, it } from 'vitest';
import { render } from '../../src/bot/learn/vision-link.js';
import type { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { flagsDesktop } from '../support/flags-desktop.js';
import { learnFromNothing } from '../support/learn-from-nothing.js';
import { COVERED, FLAG } from '../../src/core/board.js';
import { fillRect } from '../../src/vision/image.js';
import type { LabelledCapture } from '../../src/vision/learn/looks.js';

const SPEC = { width: 9, height: 9, mines: 10 };

/** The game with each flag drawn as the covered tile with a small box 40 levels darker in its middle; the cells the bot flagged, per game. */
function faintFlags(seed: number): { d: SimulatedDesktop; flagged: Map<number, Set<number>> } {
  const drawn: typeof render = (board, skin, o) => {
    const r = render({ ...board, cells: board.cells.map((c) => (c === FLAG ? COVERED : c)) }, skin, o);
    const { left, top, pitch } = r.grid;
    board.cells.forEach((c, i) => {
      if (c !== FLAG) return;
      const x = left + (i % board.width) * pitch, y = top + Math.floor(i / board.width) * pitch;
      const k = (Math.round(y + pitch / 2) * r.image.width + Math.round(x + pitch / 2)) * 4;
      const [cr, cg, cb] = [r.image.data[k]!, r.image.data[k + 1]!, r.image.data[k + 2]!];
      fillRect(r.image, x + pitch * 0.35, y + pitch * 0.35, x + pitch * 0.65, y + pitch * 0.65, [Math.max(0, cr - 40), Math.max(0, cg - 40), Math.max(0, cb - 40)]);
    });
    return r;
  };
  return flagsDesktop(seed, drawn, SPEC);
}

describe('flags drawn too faintly to be seen standing', () => {
  it('are labelled nothing in the lessons, never covered: every lesson\'s covered cells are cells the bot did not flag', async () => {
    let checked = 0;
    for (const seed of [7, 8]) {
      const { d, flagged } = faintFlags(seed);
      const result = await learnFromNothing(d, { name: 'xd-faint', mines: SPEC.mines, seed, games: 3 });
      for (const l of result.lessons) {
        if (l.type !== 'learned') continue;
        const lesson = l.lesson as LabelledCapture;
        for (const i of flagged.get(l.game) ?? []) {
          expect(lesson.board.cells[i], `seed ${seed} game ${l.game + 1} cell ${i}`).not.toBe(COVERED);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  }, 300_000);
});
