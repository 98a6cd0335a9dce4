import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../src/core/board.js';
import { CliError } from '../../src/commands/errors.js';
import { formatSolveReport, solveBoard } from '../../src/commands/solve.js';
import { runCli } from '../cli/run-cli.js';

describe('minebot solve', () => {
  // 1-2-1 along a wall: mines under the 1s, the rest safe.
  const board = parseBoard(['3x3/2', '121', '...', '...'].join('\n'));

  it('reports probabilities per [y][x], certain cells as [x,y] pairs, the move, and the total', () => {
    const report = solveBoard(board);
    const json = JSON.parse(JSON.stringify(report)) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['width', 'height', 'totalMines', 'probabilities', 'safe', 'mines', 'move']));
    expect(json.width).toBe(3);
    expect(json.height).toBe(3);
    expect(json.totalMines).toBe(2);
    const probabilities = json.probabilities as (number | null)[][];
    expect(probabilities).toHaveLength(3);
    expect(probabilities[0]).toEqual([null, null, null]);
    expect(probabilities[1]).toEqual([1, 0, 1]);
    expect(probabilities[2]).toEqual([0, 0, 0]);
    expect(json.mines).toEqual([
      [0, 1],
      [2, 1],
    ]);
    expect(json.safe).toEqual([
      [1, 1],
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
    const move = json.move as { x: number; y: number; action: string; p: number };
    expect(move.action).toBe('open');
    expect(move.p).toBe(0);
    expect(json.safe).toContainEqual([move.x, move.y]);
  });

  it('prints a readable grid', () => {
    const text = formatSolveReport(board, solveBoard(board));
    expect(text).toMatch(/certain mines \(0,1\) \(2,1\)/);
    expect(text).toMatch(/move +open \(\d,\d\), mine probability 0\.00%/);
    expect(text.split('\n')[3]).toMatch(/^ +1 +M +S +M$/);
  });

  it('exits with code 2 for an impossible board', () => {
    let error: unknown;
    try {
      solveBoard(parseBoard('3x1/1\n2..\n'));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    expect((error as Error).message).toMatch(/\(0,0\)/);
  });

  it('says once that wrong flags were ignored', () => {
    const report = solveBoard(parseBoard('3x2/1\n1F.\nF..\n'));
    expect(report.flagsTrusted).toBe(false);
    expect(report.note!.match(/flags ignored/g)).toHaveLength(1);
    expect(report.probabilities[0]![1]).toBeCloseTo(1 / 3, 12);
  });

  it('has no move when nothing is left to open', () => {
    const report = solveBoard(parseBoard('3x1/1\n1F1\n'));
    expect(report.move).toBeNull();
    expect(report.probabilities).toEqual([[null, 1, null]]);
  });

  describe('under the XP rule', () => {
    // 4x2 with 2 mines, first clicked at (0,0), which shows 1: counted by hand in xp.test.ts,
    // (1,0) 9/17, (2,0) 5/17, the others 4/17 (uniformly 1/3 and 1/4).
    const xpBoard = parseBoard(['4x2/2', '1...', '....'].join('\n'));

    it('weighs where a moved mine went when told the first click', () => {
      const report = solveBoard(xpBoard, 'xp', [0, 0]);
      expect(report.probabilities[0]!.slice(1)).toEqual([9, 5, 4].map((k) => expect.closeTo(k / 17, 12)));
      expect(report.probabilities[1]).toEqual([4, 4, 4, 4].map((k) => expect.closeTo(k / 17, 12)));
      expect(report.move!.p).toBeCloseTo(4 / 17, 12);
      expect(report.note ?? '').not.toMatch(/uniform/);
    });

    it('without the first click, weighs as if it was not the first open cell in reading order', () => {
      // Here the first open cell is (0,0): taken as not the click, the run of mines ends there at
      // once, so the odds stay uniform (1/3 next to the 1, 1/4 elsewhere) and the note says why.
      const report = solveBoard(xpBoard, 'xp');
      expect(report.probabilities[0]![1]).toBeCloseTo(1 / 3, 12);
      expect(report.probabilities[1]![0]).toBeCloseTo(1 / 3, 12);
      expect(report.probabilities[1]![2]).toBeCloseTo(1 / 4, 12);
      expect(report.note).toMatch(/as if the first click was not \(0,0\)/);
      // Begun at (3,1) instead, with (3,0) open too: the click is not the first open cell, and the
      // odds without --first-click are those with it.
      const later = parseBoard(['4x2/2', '...1', '...1'].join('\n'));
      const given = solveBoard(later, 'xp', [3, 1]);
      const guessed = solveBoard(later, 'xp');
      expect(guessed.probabilities.flat().map((p) => p ?? -1)).toEqual(given.probabilities.flat().map((p) => expect.closeTo(p ?? -1, 12)));
      expect(guessed.probabilities[0]![0]).toBeGreaterThan(guessed.probabilities[1]![0]! + 0.05);
    });

    it('refuses a first click that is not an open cell, off the board, or without --rules xp', () => {
      const codeOf = (f: () => unknown): [number, string] => {
        try {
          f();
        } catch (err) {
          return [(err as CliError).exitCode, (err as Error).message];
        }
        return [0, ''];
      };
      expect(codeOf(() => solveBoard(xpBoard, 'xp', [1, 0]))).toEqual([1, expect.stringMatching(/\(1,0\) is not an open cell/)]);
      expect(codeOf(() => solveBoard(xpBoard, 'xp', [4, 0]))).toEqual([1, expect.stringMatching(/outside the 4x2 board/)]);
      expect(codeOf(() => solveBoard(xpBoard, 'safe', [0, 0]))).toEqual([1, expect.stringMatching(/only matters under --rules xp/)]);
    });

    it('takes --first-click X,Y on the command line and rejects a malformed one', () => {
      const ok = runCli(['solve', '-', '--json', '--rules', 'xp', '--first-click', '0,0'], '4x2/2\n1...\n....\n');
      expect(ok.status).toBe(0);
      expect(JSON.parse(ok.stdout).probabilities[0][1]).toBeCloseTo(9 / 17, 12);
      const bad = runCli(['solve', '-', '--rules', 'xp', '--first-click', '0;0'], '4x2/2\n1...\n....\n');
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/--first-click must be a cell as X,Y/);
      expect(bad.stderr).not.toMatch(/at .*\.js/);
    });
  });
});
