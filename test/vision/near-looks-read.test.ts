// Looks near the shipped skins (test/vision/near-looks.ts: recoloured, re-fonted, reshaped,
// rounded tiles with gaps, dithered covers, gradients, textured backgrounds) are refused or read
// with every doubtful cell listed unsure — never a confident misreading. Looks that change only
// what surrounds the cells are read exactly.
import { describe, expect, it } from 'vitest';
import { readScreen, VisionError } from '../../src/vision/read/read.js';
import { lookNames, nearLookCases } from './near-looks.js';

describe('looks near the shipped skins', () => {
  for (const look of lookNames()) {
    it(`${look}: refused, or read with no wrong cell that is not unsure`, () => {
      for (const c of nearLookCases(1, { looks: [look] })) {
        let r;
        try {
          r = readScreen(c.image, { skin: 'auto' });
        } catch (err) {
          expect(err, c.name).toBeInstanceOf(VisionError);
          expect((err as Error).message, c.name).toMatch(/no known skin matches this board|no Minesweeper board found/);
          expect(c.cells, `${c.name}: only the surroundings changed, yet refused`).toBe('changed');
          continue;
        }
        // the reading's cells on the true board (a part of it may have been read)
        const p = c.grid.pitch;
        const ox = Math.round((r.grid.left - c.grid.left) / p), oy = Math.round((r.grid.top - c.grid.top) / p);
        expect(Math.abs(r.grid.pitch - p), c.name).toBeLessThan(0.1 * p);
        const unsure = new Set(r.unsure.map(([x, y]) => y * r.board.width + x));
        const wrong: string[] = [];
        for (let i = 0; i < r.board.cells.length; i++) {
          if (unsure.has(i)) continue;
          const x = (i % r.board.width) + ox, y = Math.floor(i / r.board.width) + oy;
          const inside = x >= 0 && y >= 0 && x < c.board.width && y < c.board.height;
          if (!inside || c.board.cells[y * c.board.width + x] !== r.board.cells[i]) wrong.push(`${x},${y}`);
        }
        expect(wrong, `${c.name} read as ${r.skin}`).toEqual([]);
        if (c.cells === 'unchanged') {
          expect([r.board.width, r.board.height, ox, oy, r.unsure.length], c.name).toEqual([c.board.width, c.board.height, 0, 0, 0]);
        }
      }
    }, 60_000);
  }
});
