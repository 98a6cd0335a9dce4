// The look-ahead's shortcuts (focused analysis, one model per candidate with only its number
// changed, sweep plans shared by components of the same shape) must give what a fresh, full
// analysis of the same imagined board gives.

import { describe, expect, it } from 'vitest';
import { isUnknown, neighbourTable, type Board } from '../../src/core/board.js';
import { parseBoardSpec, parseRule } from '../../src/core/rules.js';
import type { Strategy } from '../../src/core/strategy.js';
import { playGame } from '../../src/sim/play.js';
import { isContradiction } from '../../src/solver/constraints.js';
import { tryAnalyze, type Analysis, type Focus } from '../../src/solver/probability.js';
import { createExactStrategy } from '../../src/solver/strategy.js';

/** Boards met while playing a few seeded expert games, where a guess was needed. */
function positions(games: number): Board[] {
  const inner = createExactStrategy();
  const out: Board[] = [];
  const recorder: Strategy = {
    name: 'recorder',
    decide(board, ctx) {
      const d = inner.decide(board, ctx);
      if (d.moves.some((m) => !m.certain) && board.cells.some((c) => c <= 8)) out.push({ ...board, cells: board.cells.slice() });
      return d;
    },
  };
  for (let i = 0; i < games; i++) playGame(recorder, { spec: parseBoardSpec('expert'), rule: parseRule('zero'), seed: 77, index: i });
  return out;
}

describe('look-ahead analyses', () => {
  it('match a fresh full analysis of every imagined board near the candidate', () => {
    const boards = positions(12);
    expect(boards.length).toBeGreaterThan(20);
    let compared = 0;
    for (const board of boards) {
      const base = tryAnalyze(board) as Analysis;
      const nb = neighbourTable(board.width, board.height);
      // A few candidates per board: covered cells next to a number, not certain.
      const candidates = [...board.cells.keys()]
        .filter((i) => isUnknown(board.cells[i]!) && base.probabilities[i]! > 0 && base.probabilities[i]! < 1)
        .filter((i) => [...nb[i]!].some((j) => board.cells[j]! <= 8))
        .slice(0, 3);
      for (const cell of candidates) {
        const cells = board.cells.slice();
        const probe: Board = { ...board, cells };
        const focus: Focus = { cell, base, scratch: new Float64Array(cells.length), models: {} };
        for (let v = 0; v <= 8; v++) {
          cells[cell] = v;
          const fast = tryAnalyze(probe, {}, focus);
          const full = tryAnalyze({ ...probe, cells: cells.slice() });
          expect(isContradiction(fast)).toBe(isContradiction(full));
          if (isContradiction(fast) || isContradiction(full)) continue;
          compared++;
          expect(fast.logLayouts).toBeCloseTo(full.logLayouts, 9);
          for (const j of nb[cell]!) {
            if (isUnknown(cells[j]!)) expect(fast.probabilities[j]).toBeCloseTo(full.probabilities[j]!, 9);
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});
