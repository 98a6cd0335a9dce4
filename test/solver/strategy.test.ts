import { describe, expect, it } from 'vitest';
import { FLAG, createBoard, parseBoard } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import type { StrategyContext } from '../../src/core/strategy.js';
import { playGame } from '../../src/sim/play.js';
import { analyze } from '../../src/solver/probability.js';
import { createStrategy, exactOptionsOf, strategyNames } from '../../src/solver/registry.js';
import { createExactStrategy, firstClickCell } from '../../src/solver/strategy.js';

const ctx = (over: Partial<StrategyContext> = {}): StrategyContext => ({ rule: 'safe', rng: createRng(1), flags: false, ...over });

// 1-2-1 along a wall: the cells under the 1s are mines, the one under the 2 is safe, and with
// both mines placed the bottom row is safe too. Single numbers alone prove nothing here.
const pattern = parseBoard(['3x3/2', '121', '...', '...'].join('\n'));

describe('exact strategy', () => {
  it("takes opened cells whose number is not known ('+') as a begun game: it guesses a covered cell, never a first click on an open one", () => {
    const board = parseBoard(['6x4/5', '+++...', '+++...', '......', '......'].join('\n'));
    for (const rule of ['safe', 'zero', 'xp'] as const) {
      const d = createExactStrategy().decide(board, ctx({ rule }));
      expect(d.note ?? '').not.toMatch(/first click/);
      expect(d.moves).toHaveLength(1);
      const m = d.moves[0]!;
      expect(board.cells[m.y * 6 + m.x]).toBe(9);
      expect(m.certain).toBe(false);
    }
  });

  it('clicks first where it measured best: a corner (bottom-right under xp) unless the first click opens, then (3,3) on dense boards and (2,2) on sparse ones', () => {
    const expert = createBoard(30, 16, 99);
    const intermediate = createBoard(16, 16, 40);
    const beginner = createBoard(9, 9, 10);
    for (const b of [expert, intermediate, beginner]) {
      for (const rule of ['safe', 'none'] as const) expect(firstClickCell(b, rule)).toEqual([0, 0]);
      expect(firstClickCell(b, 'xp')).toEqual([b.width - 1, b.height - 1]);
    }
    expect(firstClickCell(expert, 'zero')).toEqual([3, 3]);
    expect(firstClickCell(intermediate, 'zero')).toEqual([2, 2]);
    expect(firstClickCell(beginner, 'zero')).toEqual([2, 2]);
    expect(firstClickCell(createBoard(9, 9, 20), 'zero')).toEqual([3, 3]);
    expect(firstClickCell(createBoard(3, 3, 1), 'zero')).toEqual([2, 2]);
    expect(firstClickCell(expert, 'zero', { firstClick: { zero: [-1, -2] } })).toEqual([29, 14]);
    const decision = createExactStrategy().decide(intermediate, ctx({ rule: 'zero' }));
    expect(decision.moves).toEqual([{ x: 2, y: 2, action: 'open', p: 0, certain: false }]);
  });

  it('is registered as "exact"', () => {
    expect(strategyNames()).toContain('exact');
    expect(createStrategy('exact').name).toBe('exact');
  });

  it('remembers decisions on small positions without changing any, and hands out copies', () => {
    const withMemo = createExactStrategy();
    const without = createExactStrategy({ memo: 0 });
    const record = (strategy: ReturnType<typeof createExactStrategy>) => {
      const moves: string[] = [];
      for (let index = 0; index < 12; index++) {
        playGame(strategy, { spec: { width: 16, height: 16, mines: 40 }, rule: 'safe', seed: 9, index }, { onOpen: (r) => moves.push(`${index}:${r.x},${r.y},${r.p}`) });
      }
      return moves;
    };
    expect(record(withMemo)).toEqual(record(without));
    // A remembered decision comes back equal, and changing one handed out changes no other.
    const start = createBoard(30, 16, 99);
    start.cells[0] = 1;
    const first = withMemo.decide(start, ctx());
    const again = withMemo.decide(start, ctx());
    expect(again).toEqual(first);
    first.moves[0]!.x = 99;
    expect(withMemo.decide(start, ctx()).moves[0]!.x).not.toBe(99);
  });

  it('takes options in its name for paired experiments, and names what is wrong in one', () => {
    expect(exactOptionsOf('exact:candidates=3:progressWeight=0.05:skipDead=false')).toEqual({ candidates: 3, progressWeight: 0.05, skipDead: false });
    expect(createStrategy('exact:candidates=0').name).toBe('exact:candidates=0');
    // The options reach the strategy: on this board the wide look-ahead (the default), the
    // six-cell look-ahead of before (breadth=0, its old budget and one progress weight) and the
    // plain least-risk rule (candidates=0) pick three different cells.
    const board = parseBoard(['8x8/12', '0000001.', '01110022', '13.2001.', '...21243', '..223...', '..2.....', '........', '........'].join('\n'));
    const cellOf = (name: string) => createStrategy(name).decide(board, ctx()).moves.map((m) => [m.x, m.y]);
    expect(cellOf('exact:endgame=false')).toEqual([[0, 4]]);
    expect(cellOf('exact:endgame=false:breadth=0:maxProbes=60:progressWeightLate=0.1')).toEqual([[7, 6]]);
    expect(cellOf('exact:endgame=false:candidates=0')).toEqual([[7, 7]]);
    expect(() => createStrategy('exact:depth=2')).toThrow(/unknown option "depth"/);
    expect(() => createStrategy('exact:candidates=x')).toThrow(/must be a number, got "x"/);
    expect(() => createStrategy('exact:skipDead=1')).toThrow(/must be true or false/);
    expect(() => createStrategy('exact:candidates=1:candidates=2')).toThrow(/given twice/);
    expect(() => createStrategy('nope')).toThrow(/unknown strategy "nope"/);
  });

  it('opens every certain safe cell in one batch, each with p = 0', () => {
    const analysis = analyze(pattern);
    expect(analysis.safe.length).toBeGreaterThan(0);
    const decision = createExactStrategy().decide(pattern, ctx());
    const opened = decision.moves.filter((m) => m.action === 'open').map((m) => m.y * pattern.width + m.x);
    expect(opened.sort((a, b) => a - b)).toEqual(analysis.safe);
    for (const m of decision.moves) {
      expect(m.p).toBe(0);
      expect(m.certain).toBe(true);
    }
  });

  it('flags the certain mines only when asked', () => {
    const analysis = analyze(pattern);
    expect(analysis.mines.length).toBe(2);
    const without = createExactStrategy().decide(pattern, ctx());
    expect(without.moves.some((m) => m.action === 'flag')).toBe(false);
    const withFlags = createExactStrategy().decide(pattern, ctx({ flags: true }));
    const flagged = withFlags.moves.filter((m) => m.action === 'flag').map((m) => m.y * pattern.width + m.x);
    expect(flagged.sort((a, b) => a - b)).toEqual(analysis.mines);
    for (const m of withFlags.moves.filter((m) => m.action === 'flag')) expect(m.p).toBe(1);
  });

  it('does not flag a cell that already carries a flag', () => {
    const board = parseBoard(['3x2/1', '1F.', '1..'].join('\n'));
    const decision = createExactStrategy().decide(board, ctx({ flags: true }));
    for (const m of decision.moves) expect(board.cells[m.y * board.width + m.x]).not.toBe(FLAG);
  });

  it('guesses a cell of least risk and reports its exact probability', () => {
    // No certain cell: a 1 with two covered neighbours in a row of covered cells.
    const board = parseBoard(['4x2/2', '1...', '....'].join('\n'));
    const analysis = analyze(board);
    expect(analysis.safe).toEqual([]);
    const decision = createExactStrategy().decide(board, ctx());
    expect(decision.moves).toHaveLength(1);
    const m = decision.moves[0]!;
    expect(m.certain).toBe(false);
    const i = m.y * board.width + m.x;
    expect(m.p).toBe(analysis.probabilities[i]);
    let min = 1;
    for (const p of analysis.probabilities) if (!Number.isNaN(p)) min = Math.min(min, p);
    expect(m.p).toBeLessThanOrEqual(min + 0.1);
  });

  it('starts in a corner when only the clicked cell is protected, and inside for openings', () => {
    const empty = parseBoard(['9x9/10', ...Array(9).fill('.........')].join('\n'));
    const safe = createExactStrategy().decide(empty, ctx({ rule: 'safe' })).moves[0]!;
    expect([safe.x, safe.y]).toEqual([0, 0]);
    expect(safe.p).toBe(0);
    const zero = createExactStrategy().decide(empty, ctx({ rule: 'zero' })).moves[0]!;
    expect(zero.x).toBeGreaterThan(0);
    expect(zero.y).toBeGreaterThan(0);
    const none = createExactStrategy().decide(empty, ctx({ rule: 'none' })).moves[0]!;
    expect(none.p).toBeCloseTo(10 / 81, 12);
  });

  it('plays whole games to the end without stalling, and its certain moves never hit a mine', () => {
    const strategy = createExactStrategy();
    let certainHits = 0;
    let wins = 0;
    for (let index = 0; index < 40; index++) {
      const out = playGame(strategy, { spec: { width: 9, height: 9, mines: 10 }, rule: 'safe', seed: 7, index }, {
        onOpen: (r) => {
          if (r.certain && r.mine) certainHits++;
          expect(r.p).toBeGreaterThanOrEqual(0);
          expect(r.p).toBeLessThanOrEqual(1);
        },
      });
      expect(out.stalled).toBeUndefined();
      if (out.won) wins++;
    }
    expect(certainHits).toBe(0);
    expect(wins).toBeGreaterThan(20);
  });
});
