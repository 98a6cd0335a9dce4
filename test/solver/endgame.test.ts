import { describe, expect, it } from 'vitest';
import { COVERED, neighbourTable, parseBoard, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { endgameMove } from '../../src/solver/endgame.js';
import { analyze } from '../../src/solver/probability.js';
import { naiveBest } from './naive-endgame.js';

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

  it('plays a 4x1 strip with one mine: every first guess wins 3/4, the tie goes to the first cell', () => {
    // Open an end: 1 means the mine is next to it; 0 leaves two places, and the (safe) second
    // cell's number tells them apart. Open the second cell: 0 means the far end; 1 leaves the
    // first or third cell, and the (safe) far end's number tells them apart. Only the first guess
    // can lose.
    const board = parseBoard(['4x1/1', '....'].join('\n'));
    const move = endgameMove(board, analyze(board))!;
    expect(move.win).toBeCloseTo(3 / 4, 12);
    expect(move.cell).toBe(0);
  });

  it('agrees with a naive search over every move on random small positions', () => {
    const rng = createRng(20261121);
    let checked = 0;
    let nontrivial = 0;
    for (let trial = 0; trial < 400 && checked < 60; trial++) {
      const width = 4 + rng.int(2);
      const height = 3 + rng.int(2);
      const size = width * height;
      const mines = 2 + rng.int(4);
      const nb = neighbourTable(width, height);
      const mine = new Uint8Array(size);
      for (let placed = 0; placed < mines; ) {
        const i = rng.int(size);
        if (!mine[i]) ((mine[i] = 1), placed++);
      }
      const cells = new Uint8Array(size).fill(COVERED);
      const count = (i: number, isMine: (j: number) => boolean) => nb[i]!.reduce((a, j) => a + (isMine(j) ? 1 : 0), 0);
      for (let i = 0; i < size; i++) if (!mine[i] && rng.next() < 0.4) cells[i] = count(i, (j) => mine[j] === 1);
      const board: Board = { width, height, mines, cells };
      const analysis = analyze(board);
      const move = endgameMove(board, analysis, { maxLayouts: 60 });
      if (!move) continue;
      const ref = naiveBest(board);
      expect(move.win).toBeCloseTo(ref.best, 12);
      // The chosen cell is worth what the search says it is.
      expect(ref.guessValue(move.cell)).toBeCloseTo(move.win, 12);
      checked++;
      if (ref.best < 1 - 1e-9) nontrivial++;
    }
    expect(checked).toBeGreaterThanOrEqual(30);
    expect(nontrivial).toBeGreaterThanOrEqual(20);
  });
});
