import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../src/core/board.js';
import { endgameMove } from '../../src/solver/endgame.js';
import { analyze } from '../../src/solver/probability.js';

describe('endgame search', () => {
  it('finds no better than a coin flip in an isolated 50/50', () => {
    // Two covered cells under two 1s: one mine, either cell, nothing to learn.
    const board = parseBoard(['2x2/1', '11', '..'].join('\n'));
    const a = analyze(board);
    const move = endgameMove(board, a);
    expect(move).not.toBeNull();
    expect(move!.win).toBeCloseTo(0.5, 12);
  });

  it('finds the chance of clearing a small open board with best play', () => {
    // 1x3 strip, one mine, nothing opened: open an end (risk 1/3); its number then tells where
    // the mine is (1: the middle; 0: the far end), so best play wins 2/3.
    const board = parseBoard(['3x1/1', '...'].join('\n'));
    const a = analyze(board);
    const move = endgameMove(board, a)!;
    expect(move.win).toBeCloseTo(2 / 3, 12);
  });

  it('declines when too many layouts remain', () => {
    const board = parseBoard(['9x9/10', ...Array(9).fill('.........')].join('\n'));
    expect(endgameMove(board, analyze(board))).toBeNull();
  });
});
