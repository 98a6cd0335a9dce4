// Data-driven: every fixture of this project (fixtures/<game>/NAME.png + NAME.json with the
// expected reading + NAME.board.txt) reads exactly, as captured and rescaled by 1.25, 1.5, 2.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readScreen } from '../../src/vision/read/read.js';
import { listSkins } from '../../src/vision/skins/skin.js';
import { formatBoard } from '../../src/core/board.js';
import { diffBoards, expectedIn, loadScaled, repoRoot } from './helpers.js';

const root = path.join(repoRoot, 'fixtures');
const dirs = existsSync(root) ? readdirSync(root).map((d) => path.join(root, d)).filter((d) => statSync(d).isDirectory()) : [];
const cases = dirs.flatMap((d) => expectedIn(d));
const skins = new Set(listSkins());

describe('project fixtures', () => {
  if (cases.length === 0) it.skip('no fixtures yet', () => {});
  for (const c of cases) {
    const ready = skins.has(c.skin);
    for (const s of [1, 1.25, 1.5, 2]) {
      it.skipIf(!ready)(`${path.basename(path.dirname(c.image))}/${c.name} at ${s * 100}%${ready ? '' : ` (skin ${c.skin} has no skin.json yet)`}`, async () => {
        const img = await loadScaled(c.image, s);
        const named = readScreen(img, { skin: c.skin });
        const auto = readScreen(img, { skin: 'auto' });
        for (const r of [named, auto]) {
          expect(r.skin).toBe(c.skin);
          expect(diffBoards(c.board, r.board)).toEqual([]);
          expect(r.unsure).toEqual([]);
          expect(r.face).toBe(c.face);
          expect(r.mineCounter).toBe(c.mineCounter);
          expect(r.timer).toBe(c.timer);
          if (c.pitch) expect(r.grid.pitch).toBeCloseTo(c.pitch * s, 0);
          if (c.left !== null) expect(Math.abs(r.grid.left - c.left * s)).toBeLessThanOrEqual(Math.max(1, s));
          if (c.top !== null) expect(Math.abs(r.grid.top - c.top * s)).toBeLessThanOrEqual(Math.max(1, s));
        }
        // the header: the counter rule, or the fixture's own total when the skin has no counter
        if (c.mineCounter !== null) expect(formatBoard(named.board)).toBe(c.boardText);
      });
    }
  }
});
