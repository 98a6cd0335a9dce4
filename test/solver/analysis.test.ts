import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLAG, parseBoard } from '../../src/core/board.js';
import { analyze, InconsistentBoardError } from '../../src/solver/probability.js';
import { bruteForce } from './bruteforce.js';

const at = (board: { width: number }, x: number, y: number) => y * board.width + x;

describe('analyze: impossible boards', () => {
  it('names the number that has too few cells around it', () => {
    // A corner has 3 neighbours: a 4 there is impossible.
    let error: unknown;
    try {
      analyze(parseBoard('3x2/2\n4..\n...\n'));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InconsistentBoardError);
    expect((error as InconsistentBoardError).x).toBe(0);
    expect((error as InconsistentBoardError).y).toBe(0);
    expect((error as Error).message).toMatch(/\(0,0\)/);
  });

  it('detects numbers that cannot be met together', () => {
    // The 1 at (0,0) and the 2 at (2,0) share (1,1); (1,0) is opened: 1 wants one mine among
    // (0,1),(1,1), 2 wants two among (1,1),(2,1) ... and 0 at (1,0) forbids all three.
    const board = parseBoard('3x2/2\n102\n...\n');
    let error: unknown;
    try {
      analyze(board);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InconsistentBoardError);
    const e = error as InconsistentBoardError;
    expect([0, 1, 2]).toContain(e.x);
    expect(e.y).toBe(0);
  });

  it('detects a mine total the numbers cannot reach', () => {
    // The 3 in the corner needs all three of its neighbours mined, but the header allows 2.
    expect(() => analyze(parseBoard('3x2/2\n3..\n...\n'))).toThrowError(/mine/);
    expect(() => analyze(parseBoard('3x2/2\n3..\n...\n'))).toThrowError(InconsistentBoardError);
  });

  it('detects a contradiction that shows only far from the first number', () => {
    // A chain 1-1-1-... where the last number disagrees with the rest.
    const board = parseBoard('6x2/3\n111113\n......\n');
    expect(() => analyze(board)).toThrowError(InconsistentBoardError);
  });
});

describe('analyze: flags', () => {
  it('counts consistent flags as mines', () => {
    const board = parseBoard('3x2/1\n1F.\n...\n');
    const a = analyze(board);
    expect(a.flagsTrusted).toBe(true);
    expect(a.probabilities[at(board, 1, 0)]).toBe(1);
    // The 1 is satisfied by the flag: its other neighbours are safe, and no mine is left elsewhere.
    expect(a.safe).toEqual([at(board, 0, 1), at(board, 1, 1), at(board, 2, 0), at(board, 2, 1)].sort((x, y) => x - y));
  });

  it('ignores flags (treats them as covered) when counting them as mines is impossible', () => {
    // Two flags next to a 1: as mines that is impossible; ignored, the 1 has one mine in four cells.
    const board = parseBoard('3x2/1\n1F.\nF..\n');
    const a = analyze(board);
    expect(a.flagsTrusted).toBe(false);
    expect(a.note).toMatch(/flags ignored/);
    const flagless = { ...board, cells: board.cells.map((c) => (c === FLAG ? 9 : c)) };
    const truth = bruteForce(flagless);
    for (let i = 0; i < board.cells.length; i++) {
      if (truth.mineCounts[i]! < 0) continue;
      expect(a.probabilities[i]).toBeCloseTo(truth.mineCounts[i]! / truth.total, 12);
    }
  });

  it('does not list an already flagged mine among the certain mines', () => {
    const board = parseBoard('2x2/1\n1F\n..\n');
    const a = analyze(board);
    expect(a.mines).toEqual([]);
    expect(a.safe).toEqual([2, 3]);
  });
});

describe('analyze: bounded approximation', () => {
  // A long frontier: a row of numbers over a row of covered cells.
  const board = parseBoard(['12x3/8', '111122111111', '............', '............'].join('\n'));

  it('approximates a component over the variable limit, and says so', () => {
    const exact = analyze(board);
    expect(exact.approximate).toBe(false);
    const approx = analyze(board, { maxComponentVars: 3 });
    expect(approx.approximate).toBe(true);
    expect(approx.note).toMatch(/approximated/);
    for (let i = 0; i < board.cells.length; i++) {
      const p = exact.probabilities[i]!;
      if (Number.isNaN(p)) expect(Number.isNaN(approx.probabilities[i]!)).toBe(true);
      else {
        expect(approx.probabilities[i]).toBeGreaterThanOrEqual(0);
        expect(approx.probabilities[i]).toBeLessThanOrEqual(1);
        expect(Math.abs(approx.probabilities[i]! - p)).toBeLessThan(0.35);
      }
    }
    // Certain cells of the approximation are sound: each is certain in the exact answer too.
    for (const i of approx.safe) expect(exact.probabilities[i]).toBe(0);
    for (const i of approx.mines) expect(exact.probabilities[i]).toBe(1);
  });

  it('approximates when the state budget is exceeded', () => {
    const approx = analyze(board, { maxStates: 1 });
    expect(approx.approximate).toBe(true);
    expect(approx.note).toMatch(/states/);
  });
});

describe('analyze: expert-sized numbers stay finite', () => {
  it('handles an untouched expert board and one with an opening', () => {
    const empty = parseBoard(['30x16/99', ...Array(16).fill('.'.repeat(30))].join('\n'));
    const a = analyze(empty);
    expect(a.probabilities[0]).toBeCloseTo(99 / 480, 12);
    expect(Number.isFinite(a.logLayouts)).toBe(true);
    // log C(480, 99)
    let log = 0;
    for (let k = 0; k < 99; k++) log += Math.log(480 - k) - Math.log(k + 1);
    expect(a.logLayouts).toBeCloseTo(log, 8);
    const rows = Array(16).fill('.'.repeat(30));
    rows[0] = '0001' + '.'.repeat(26);
    rows[1] = '0001' + '.'.repeat(26);
    rows[2] = '1111' + '.'.repeat(26);
    const b = analyze(parseBoard(['30x16/99', ...rows].join('\n')));
    let sum = 0;
    for (const p of b.probabilities) if (!Number.isNaN(p)) sum += p;
    expect(sum).toBeCloseTo(99, 8); // expected mines = the total
  });
});

describe('analyze: a late expert board from a simulated game', () => {
  const text = readFileSync(new URL('./boards/expert-late.txt', import.meta.url), 'utf8');
  const board = parseBoard(text);

  it('is solved exactly within the default budget', () => {
    const a = analyze(board);
    expect(a.approximate).toBe(false);
    let sum = 0;
    for (const p of a.probabilities) if (!Number.isNaN(p)) sum += p;
    expect(sum).toBeCloseTo(99, 6);
  });

  it('stays consistent when the big component is approximated (tiny budget)', () => {
    const a = analyze(board, { maxTransitions: 100 });
    expect(a.approximate).toBe(true);
    const exact = analyze(board);
    for (const i of a.safe) expect(exact.probabilities[i]).toBe(0);
    for (const i of a.mines) expect(exact.probabilities[i]).toBe(1);
  });
});
