import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COVERED, FLAG, QUESTION, parseBoard, type Board } from '../../src/core/board.js';
import { analyze } from '../../src/solver/probability.js';
import { bruteForce } from './bruteforce.js';
import { randomBoard } from './random-board.js';

function expectMatchesBruteForce(board: Board): void {
  const truth = bruteForce(board);
  const analysis = analyze(board);
  expect(analysis.approximate).toBe(false);
  expect(analysis.flagsTrusted).toBe(true);
  expect(Math.abs(analysis.logLayouts - Math.log(truth.total))).toBeLessThan(1e-9 * Math.max(1, Math.log(truth.total)));
  const safe: number[] = [];
  const mines: number[] = [];
  board.cells.forEach((c, i) => {
    const p = analysis.probabilities[i]!;
    if (c === COVERED || c === QUESTION) {
      const expected = truth.mineCounts[i]! / truth.total;
      expect(Math.abs(p - expected)).toBeLessThan(1e-9);
      if (truth.mineCounts[i] === 0) safe.push(i);
      if (truth.mineCounts[i] === truth.total) mines.push(i);
    } else if (c === FLAG) expect(p).toBe(1);
    else expect(Number.isNaN(p)).toBe(true);
  });
  expect(analysis.safe).toEqual(safe);
  expect(analysis.mines).toEqual(mines);
  for (const i of safe) expect(analysis.probabilities[i]).toBe(0);
  for (const i of mines) expect(analysis.probabilities[i]).toBe(1);
}

describe('analyze: exact probabilities', () => {
  it('an opened cell whose number is not known (+) is safe and constrains nothing', () => {
    // read as a 0 it would make its neighbour safe; not read, both covered cells are alike
    const seen = analyze(parseBoard('3x1/1\n0..\n'));
    expect([seen.probabilities[1], seen.probabilities[2]]).toEqual([0, 1]);
    const unread = analyze(parseBoard('3x1/1\n+..\n'));
    expect(unread.probabilities[0]).toBeNaN();
    for (const i of [1, 2]) expect(unread.probabilities[i]).toBeCloseTo(1 / 2, 12);
  });

  it('equals brute-force enumeration on thousands of random consistent boards', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => expectMatchesBruteForce(randomBoard(seed, 16))),
      { numRuns: 3000 },
    );
  });

  it('equals brute force on boards with up to 20 covered cells', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => expectMatchesBruteForce(randomBoard(seed, 20))),
      { numRuns: 200 },
    );
  });

  it('gives cells away from every number their exact probability through the mine total', () => {
    // 1 at the left: one mine in the two cells next to it; the header leaves 2 mines in all,
    // so the other mine is among the 3 far cells (and both near cells share the first).
    const board = parseBoard('5x2/2\n1....\n.....\n');
    const a = analyze(board);
    const truth = bruteForce(board);
    for (let i = 0; i < 10; i++) {
      if (truth.mineCounts[i]! < 0) continue;
      expect(a.probabilities[i]).toBeCloseTo(truth.mineCounts[i]! / truth.total, 12);
    }
  });
});
