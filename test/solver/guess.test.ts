import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import type { StrategyContext } from '../../src/core/strategy.js';
import { findFiftyFifty } from '../../src/solver/fifty.js';
import { chooseGuess, outcomesOf } from '../../src/solver/guess.js';
import { analyze } from '../../src/solver/probability.js';

const ctx: StrategyContext = { rule: 'safe', rng: createRng(1), flags: false };
const board = (...rows: string[]) => parseBoard(rows.join('\n'));

describe('unavoidable 50/50', () => {
  it('finds two cells with one mine that nothing can tell apart', () => {
    const b = board('2x2/1', '..', '11');
    expect([0, 1]).toContain(findFiftyFifty(b, analyze(b)));
  });

  it('counts certain mines around the pair as telling nothing apart', () => {
    // One mine in the top-left pair; the only cells next to just one of them are flags.
    const b = board('3x2/3', '..F', '13F');
    const a = analyze(b);
    expect(a.probabilities[0]).toBeCloseTo(0.5, 12);
    expect(findFiftyFifty(b, a)).toBe(0);
  });

  it('is not a 50/50 when another cell can still tell them apart', () => {
    // Opening the right column would show which of the two is the mine.
    const b = board('4x2/1', '....', '11..');
    expect(findFiftyFifty(b, analyze(b))).toBe(-1);
    // A safe cell next to only one of them would show which.
    const c = board('3x2/2', '..F', '12.');
    expect(findFiftyFifty(c, analyze(c))).toBe(-1);
  });

  it('is taken at once by the look-ahead policy', () => {
    // A 50/50 in the corner beside a large unknown area (endgame search off).
    const b = board('6x2/4', '..F...', '13F...');
    const a = analyze(b);
    expect(findFiftyFifty(b, a)).toBe(0);
    const g = chooseGuess(b, a, ctx, { candidates: 8, fiftyFifty: true, endgame: false });
    expect(g?.cell).toBe(0);
    expect(g?.note).toMatch(/50\/50/);
  });
});

describe('dead cells', () => {
  // (0,0) is surrounded by numbers: if safe it can only show 0, so opening it teaches nothing.
  // It ties with (2,2) at risk 0.2; the plain rule takes it (likeliest to show 0).
  const b = board('4x3/3', '.1..', '12..', '....');
  const a = analyze(b);

  it('has one possible value', () => {
    expect(a.probabilities[0]).toBeCloseTo(0.2, 12);
    expect(a.probabilities[2 * 4 + 2]).toBeCloseTo(0.2, 12);
    expect(outcomesOf(b, a, 0).map((o) => o.value)).toEqual([0]);
    expect(outcomesOf(b, a, 2 * 4 + 2).length).toBeGreaterThan(1);
  });

  it('is skipped by the look-ahead unless every candidate is dead', () => {
    const plain = chooseGuess(b, a, ctx, { candidates: 0, endgame: false });
    expect(plain?.cell).toBe(0);
    for (const options of [{ endgame: false }, { candidates: 8, relTolerance: 0.1, tolerance: 0, skipDead: true, endgame: false }]) {
      const next = chooseGuess(b, a, ctx, options);
      expect(next?.cell).not.toBe(0);
      expect(a.probabilities[next!.cell]).toBeCloseTo(0.2, 12);
    }
    // With only the dead cell examined, it is taken.
    expect(chooseGuess(b, a, ctx, { candidates: 1, endgame: false })?.cell).toBe(0);
  });
});
