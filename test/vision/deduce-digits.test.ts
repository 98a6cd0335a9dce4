// Numbers worked out by logic when a game does not show its mines (sgt-mines after a loss): on
// simulated games, every number deduced is the true one, zeros always are, and many others are.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COVERED, OPENED, neighbourTable, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { isContradiction } from '../../src/solver/constraints.js';
import { tryAnalyze } from '../../src/solver/probability.js';
import { deduceDigits } from '../../src/vision/learn/deduce-digits.js';
import type { Vec } from '../../src/vision/learn/looks.js';

const consistent = (b: Board): boolean => !isContradiction(tryAnalyze(b));

/** A look per number: each number its own direction (alike looks = same number). */
function lookOf(code: number): Vec {
  const v = new Float32Array(16);
  v[code] = 1;
  return { v, mean: 100 };
}

describe('deduceDigits', () => {
  it('deduces only true numbers, every 0, and a good share of the others', () => {
    let deduced = 0;
    let numbers = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const rng = createRng(seed);
      const game = new Game({ width: 16, height: 16, mines: 40 }, 'zero', rng);
      game.open(8, 8);
      // a few more safe opens, as a game goes on
      for (let k = 0; k < 6; k++) {
        const cells = game.board().cells;
        const i = cells.findIndex((c, j) => c === COVERED && !game.mineAt(j % 16, (j / 16) | 0) && (j * 7 + k * 13 + seed) % 5 === 0);
        if (i >= 0) game.open(i % 16, (i / 16) | 0);
      }
      const truth = game.board();
      const hidden: Board = { ...truth, cells: Uint8Array.from(truth.cells, (c) => (c <= 8 ? OPENED : c)) };
      const looks = Array.from(truth.cells, (c) => lookOf(c));
      const got = deduceDigits(hidden, looks, neighbourTable(16, 16), consistent);
      truth.cells.forEach((c, i) => {
        if (c > 8) return;
        if (c === 0) expect(got.get(i), `seed ${seed} cell ${i}`).toBe(0);
        else numbers++;
      });
      for (const [i, d] of got) {
        expect(d, `seed ${seed} cell ${i}`).toBe(truth.cells[i]);
        if (d > 0) deduced++;
      }
    }
    expect(numbers).toBeGreaterThan(100);
    expect(deduced / numbers).toBeGreaterThan(0.3);
  });

  it('deduces nothing it cannot be sure of: with no solver verdict only cells with one closed neighbour get a number (1)', () => {
    const rng = createRng(5);
    const game = new Game({ width: 9, height: 9, mines: 10 }, 'zero', rng);
    game.open(4, 4);
    const truth = game.board();
    const hidden: Board = { ...truth, cells: Uint8Array.from(truth.cells, (c) => (c <= 8 ? OPENED : c)) };
    const got = deduceDigits(hidden, Array.from(truth.cells, (c) => lookOf(c)), neighbourTable(9, 9), () => true);
    for (const [i, d] of got) {
      expect(d).toBe(truth.cells[i]);
      expect(d).toBeLessThanOrEqual(1);
    }
    expect([...got.values()].filter((d) => d === 0).length).toBeGreaterThan(0);
  });
});

// A game whose 0s do not open their neighbours (PedroMR/react-mines, thirty-seventh round): a 0
// may lie beside closed cells. Taken for a number there, the 0s' look would be learned as that
// number wherever no 0 without closed neighbours gave their look away (and lessonFault's check
// of alike looks had nothing to compare them with).
describe('deduceDigits on a game whose 0s do not open their neighbours', () => {
  it('labels only true numbers, however the opened cells lie', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 3, max: 12 }), fc.double({ min: 0.2, max: 0.8, noNaN: true }), (seed, mines, share) => {
        const w = 7, h = 6, n = w * h;
        const rng = createRng(seed);
        const mine = new Set<number>();
        while (mine.size < mines) mine.add(rng.int(n));
        const table = neighbourTable(w, h);
        const count = (i: number): number => table[i]!.filter((j) => mine.has(j)).length;
        // opened cells: a share of the safe ones, no cascade
        const open = [...Array(n).keys()].filter((i) => !mine.has(i) && rng.next() < share);
        const cells = new Uint8Array(n).fill(COVERED);
        for (const i of open) cells[i] = OPENED;
        const hidden: Board = { width: w, height: h, mines, cells };
        const looks = Array.from({ length: n }, (_, i) => lookOf(mine.has(i) ? COVERED : count(i)));
        for (const [i, d] of deduceDigits(hidden, looks, table, consistent)) if (d !== count(i)) return false;
        return true;
      }),
      { numRuns: 300, seed: 57 },
    );
  });
});
