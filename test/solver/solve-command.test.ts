import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../src/core/board.js';
import { CliError } from '../../src/commands/errors.js';
import { formatSolveReport, solveBoard } from '../../src/commands/solve.js';

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
});
