// A skin learned from a board whose cells are not a whole number of pixels (14.5 px: its cells
// alternate between two sub-pixel phases) reads that board at its own size, though its sprites are
// the pitch rounded (15 px, 3% off): a number's parts are then held to what its learned cells'
// parts set (learned-fit.ts). Before, such a board counted as read at another size, the parts bar
// fell away, and a small digit not learned on a large key of one colour (as emoji keycaps are) was
// judged by its whole score alone: every other digit read as the learned 2 or 3. Drawn at twice the
// size and halved (mono-board.ts), our own look.
import { describe, expect, it } from 'vitest';
import { parseBoard, type Board } from '../../src/core/board.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { readScreen } from '../../src/vision/read/read.js';
import { drawMonoHalved } from './mono-board.js';

/** A board showing blanks and rows of the given digits, covered rows between. */
function boardOf(digits: number[]): Board {
  const w = 9, rows: string[] = ['000000000'];
  for (const d of digits) rows.push(String(d).repeat(w), '.........');
  while (rows.length < 9) rows.push('.........');
  return parseBoard(`${w}x${rows.length}/10\n${rows.join('\n')}`);
}

describe('digits on one key, learned at a pitch of a whole and a half pixels', () => {
  // (not yet at 15.5 px, 3% off 16 too: a 1 not learned reads as a learned 2 in 4 of 36 cells, a 2
  // and a 7 as a learned 3 in 9, their parts agreeing at 0.7 and up with the half-pixel search)
  for (const pitch2 of [29]) {
    for (const digit of [2, 3]) {
      it(`learned ${digit} at ${pitch2 / 2} px: it reads, every other digit is unsure`, () => {
        const lesson = boardOf([digit]);
        const d = drawMonoHalved(lesson, pitch2, 12, true);
        const { learned, report } = learnSkin('keys', [{ name: 'lesson', image: d.image, board: lesson, grid: d.grid }]);
        expect(report.captures[0]!.wrong).toEqual([]);
        expect(learned.file.learned?.pitches).toEqual([pitch2 / 2]);
        const all = boardOf([1, 2, 3, 4, 5, 6, 7, 8]);
        const a = drawMonoHalved(all, pitch2, 12, true);
        const r = readScreen(a.image, { skins: [learned.skin], geometry: a.grid });
        const unsure = new Set(r.unsure.map(([x, y]) => y * all.width + x));
        const misread: string[] = [];
        for (let i = 0; i < all.cells.length; i++) {
          const want = all.cells[i]!;
          if (want >= 1 && want <= 8 && want !== digit) {
            if (!unsure.has(i)) misread.push(`${want}→${r.board.cells[i]}`);
          } else {
            expect(unsure.has(i), `cell ${i}`).toBe(false);
            expect(r.board.cells[i]).toBe(want);
          }
        }
        expect(misread).toEqual([]);
      });
    }
  }
});
