import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COVERED, FLAG, MINE, EXPLODED, OPENED, neighbourTable, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import type { StrategyContext } from '../../src/core/strategy.js';
import { Game } from '../../src/game/engine.js';
import { lookAheadScores } from '../../src/solver/guess.js';
import { analyze } from '../../src/solver/probability.js';
import { createStrategy, thinkOptionsOf } from '../../src/solver/registry.js';
import { layoutSampler } from '../../src/solver/sample.js';
import { createExactStrategy } from '../../src/solver/strategy.js';
import { createThinkStrategy, playOut, race, thinkCandidates, type ThinkOptions, type ThinkReport } from '../../src/solver/think.js';
import { goldenPositions } from './think-golden.js';
import { QuickFront } from '../../src/solver/playout.js';
import { quickDeductions } from '../../src/solver/local.js';
import { bruteForce } from './bruteforce.js';
import { randomBoard } from './random-board.js';

/** Whether `layout` fits the board: every number, the mine total, flags as mines, opened cells safe. */
function fits(board: Board, layout: Uint8Array): boolean {
  const nb = neighbourTable(board.width, board.height);
  let total = 0;
  for (let i = 0; i < board.cells.length; i++) {
    const c = board.cells[i]!;
    total += layout[i]!;
    if ((c === FLAG || c === MINE || c === EXPLODED) && !layout[i]) return false;
    if ((c <= 8 || c === OPENED) && layout[i]) return false;
    if (c <= 8) {
      let n = 0;
      for (const j of nb[i]!) n += layout[j]!;
      if (n !== c) return false;
    }
  }
  return total === board.mines;
}

describe('layoutSampler: layouts uniform among those consistent with the position', () => {
  it('every layout drawn fits the board (random small boards)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const board = randomBoard(seed, 16, 2);
        const sampler = layoutSampler(board);
        expect(sampler).not.toBeNull();
        const rng = createRng(seed);
        for (let k = 0; k < 20; k++) expect(fits(board, sampler!.draw(rng))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('draws each consistent layout equally often (chi-square against brute force)', () => {
    let checked = 0;
    for (let seed = 1; checked < 12; seed++) {
      const board = randomBoard(seed, 14, 2);
      const truth = bruteForce(board);
      if (truth.total < 3 || truth.total > 60) continue;
      checked++;
      const sampler = layoutSampler(board)!;
      const rng = createRng(1000 + seed);
      const counts = new Map<string, number>();
      const N = 200 * truth.total;
      for (let k = 0; k < N; k++) {
        const key = sampler.draw(rng).join('');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      // Every consistent layout appears, and no other.
      expect(counts.size).toBe(truth.total);
      const expected = N / truth.total;
      let chi = 0;
      for (const c of counts.values()) chi += (c - expected) ** 2 / expected;
      const df = truth.total - 1;
      // Far beyond the 99.99th percentile of chi-square(df); a biased sampler fails by orders.
      expect(chi).toBeLessThan(df + 8 * Math.sqrt(2 * df) + 10);
    }
  });

  it('its mine frequencies match the exact probabilities on an expert position', () => {
    const { board } = guessPosition(7, 'expert');
    const analysis = analyze(board);
    const sampler = layoutSampler(board)!;
    const rng = createRng(5);
    const N = 4000;
    const freq = new Float64Array(board.cells.length);
    for (let k = 0; k < N; k++) {
      const layout = sampler.draw(rng);
      expect(fits(board, layout)).toBe(true);
      for (let i = 0; i < layout.length; i++) freq[i]! += layout[i]!;
    }
    for (let i = 0; i < board.cells.length; i++) {
      if (board.cells[i] !== COVERED) continue;
      const p = analysis.probabilities[i]!;
      const se = Math.sqrt((p * (1 - p)) / N);
      expect(Math.abs(freq[i]! / N - p)).toBeLessThanOrEqual(5 * se + 1e-9);
    }
  });
});

/** A position of seeded game `seed` (exact's play) where exact guesses by look-ahead and think races 2+ cells. */
function guessPosition(seed: number, size: 'expert' | 'intermediate'): { board: Board; layout: Uint8Array } {
  const spec = size === 'expert' ? { width: 30, height: 16, mines: 99 } : { width: 16, height: 16, mines: 40 };
  const exact = createExactStrategy();
  const ctx: StrategyContext = { rule: 'safe', rng: createRng(0) };
  for (let s = seed; ; s++) {
    const game = new Game(spec, 'safe', createRng(s));
    game.open(0, 0);
    while (!game.finished) {
      const board = game.board();
      const analysis = analyze(board);
      const guess = analysis.safe.length === 0 && (lookAheadScores(board, analysis)?.length ?? 0) >= 2 ? exact.decide(board, ctx).moves.find((m) => !m.certain) : undefined;
      if (guess && thinkCandidates(board, analysis, guess.y * board.width + guess.x, {}).length >= 2) {
        const mask = new Uint8Array(board.cells.length);
        for (const [x, y] of game.layout()!.mines) mask[y * board.width + x] = 1;
        return { board, layout: mask };
      }
      for (const m of exact.decide(board, ctx).moves) if (!game.finished && m.action === 'open') game.open(m.x, m.y);
    }
  }
}

describe('think', () => {
  const ctx: StrategyContext = { rule: 'safe', rng: createRng(0) };

  it('plays exactly as exact where a cell is certain, and keeps exact\'s probabilities', () => {
    const think = createThinkStrategy({ playouts: 16 });
    const exact = createExactStrategy();
    const game = new Game({ width: 16, height: 16, mines: 40 }, 'safe', createRng(11));
    game.open(0, 0);
    // The first decisions after the opening click: equal whenever exact has a certain move.
    for (let k = 0; k < 5 && !game.finished; k++) {
      const b = game.board();
      const e = exact.decide(b, ctx);
      const t = think.decide(b, ctx);
      if (e.moves.every((m) => m.certain)) expect(t.moves).toEqual(e.moves);
      const analysis = analyze(b);
      for (const m of t.moves) expect(m.p).toBe(m.certain ? m.p : analysis.probabilities[m.y * b.width + m.x]);
      const m = e.moves[0]!;
      game.open(m.x, m.y);
    }
  });

  it('races exact\'s cell first among distinct covered candidates, and picks one of them', () => {
    for (const seed of [1, 2, 3]) {
      const { board } = guessPosition(seed, 'intermediate');
      const analysis = analyze(board);
      const exactMove = createExactStrategy().decide(board, ctx).moves.find((m) => !m.certain)!;
      const base = exactMove.y * board.width + exactMove.x;
      const candidates = thinkCandidates(board, analysis, base, {});
      expect(candidates[0]).toBe(base);
      expect(new Set(candidates).size).toBe(candidates.length);
      expect(candidates.length).toBeLessThanOrEqual(4);
      for (const c of candidates) expect(board.cells[c]).toBe(COVERED);
      const reports: ThinkReport[] = [];
      const d = createThinkStrategy({ playouts: 24 }, undefined, (r) => reports.push(r)).decide(board, ctx);
      const move = d.moves.find((m) => !m.certain)!;
      const cell = move.y * board.width + move.x;
      expect(reports.length).toBe(1);
      expect(reports[0]!.candidates).toEqual(candidates);
      expect(reports[0]!.exact).toBe(base);
      expect(reports[0]!.chosen).toBe(cell);
      expect(candidates).toContain(cell);
      expect(reports[0]!.playouts).toBeLessThanOrEqual(24);
      for (const e of reports[0]!.estimates) expect(e).toBeGreaterThanOrEqual(0);
      for (const e of reports[0]!.estimates) expect(e).toBeLessThanOrEqual(1);
    }
  });

  it('is deterministic under a seed: the same decision from two fresh strategies', () => {
    const { board } = guessPosition(4, 'intermediate');
    const a: ThinkReport[] = [];
    const b: ThinkReport[] = [];
    const da = createThinkStrategy({ playouts: 20, seed: 3 }, undefined, (r) => a.push(r)).decide(board, ctx);
    const db = createThinkStrategy({ playouts: 20, seed: 3 }, undefined, (r) => b.push(r)).decide(board, ctx);
    expect(db).toEqual(da);
    expect(b).toEqual(a);
    expect(a.length).toBe(1);
    expect(a[0]!.rounds).toBeGreaterThan(0);
  });

  it('stops at its time budget, read from the clock it is given', () => {
    const { board } = guessPosition(5, 'intermediate');
    let t = 0;
    const clock = () => (t += 10);
    const reports: ThinkReport[] = [];
    createThinkStrategy({ playouts: 10_000, ms: 95, minRounds: 1000 }, clock, (r) => reports.push(r)).decide(board, ctx);
    // Each clock reading advances 10 ms: the race ends after a handful of playouts, whole rounds only.
    expect(reports.length).toBe(1);
    const r = reports[0]!;
    expect(r.playouts).toBeLessThan(12);
    expect(r.playouts % r.candidates.length).toBe(0);
  });

  it('races with memoPlayouts where the decision is remembered and with playouts elsewhere (0: exact\'s cell)', () => {
    const open = (b: Board) => b.cells.filter((c) => c <= 8).length;
    const small = guessPosition(2, 'intermediate').board;
    const large = goldenPositions([0, 4, 6, 7]).find((p) => open(p.board) > 16)!.board;
    expect(open(small)).toBeLessThanOrEqual(16);
    expect(open(large)).toBeGreaterThan(16);
    const races = (board: Board, options: ThinkOptions) => {
      const reports: ThinkReport[] = [];
      const decision = createThinkStrategy(options, undefined, (r) => reports.push(r)).decide(board, ctx);
      return { decision, reports };
    };
    for (const [board, raced, skipped] of [
      [small, { playouts: 0, memoPlayouts: 24 }, { playouts: 24, memoPlayouts: 0 }],
      [large, { playouts: 24, memoPlayouts: 0 }, { playouts: 0, memoPlayouts: 24 }],
    ] as const) {
      const r = races(board, raced);
      expect(r.reports.length).toBe(1);
      expect(r.reports[0]!.playouts).toBeLessThanOrEqual(24);
      const s = races(board, skipped);
      expect(s.reports.length).toBe(0);
      expect(s.decision).toEqual(createExactStrategy().decide(board, ctx));
    }
  });

  it('with keepExact leaves exact\'s cell only by the final test, never by a drop along the race', () => {
    const positions = goldenPositions([0, 4, 6, 7, 11, 12, 13, 14]);
    let dropped = 0;
    for (const { board, candidates } of positions) {
      const analysis = analyze(board);
      const policy = createExactStrategy({ candidates: 0 });
      // A final test no lead can pass: only a drop of exact's cell can switch.
      const loose = race(board, analysis, candidates, policy, ctx, { playouts: 200, switchZ: 100, z: 0.5, minRounds: 2, keepExact: false })!;
      if (loose.chosen !== loose.exact) dropped++;
      const kept = race(board, analysis, candidates, policy, ctx, { playouts: 200, switchZ: 100, z: 0.5, minRounds: 2, keepExact: true })!;
      expect(kept.chosen).toBe(kept.exact);
    }
    expect(dropped).toBeGreaterThan(0);
  });

  it('a playout is worth 1 when the cell finishes the game without a guess, 0 on no layout', () => {
    // A 1 with the mine on its left: the cell on its right shows 0 and opens the rest.
    const board: Board = { width: 4, height: 1, mines: 1, cells: Uint8Array.from([COVERED, 1, COVERED, COVERED]) };
    const layout = Uint8Array.from([1, 0, 0, 0]);
    const policy = createExactStrategy();
    expect(playOut(board, layout, 2, policy, ctx, createRng(1))).toBe(1);
    expect(playOut(board, layout, 0, policy, ctx, createRng(1))).toBe(0);
  });

  it('a playout value lies in [0, 1] and is never above the chance of surviving its guesses', () => {
    const { board, layout } = guessPosition(6, 'intermediate');
    const analysis = analyze(board);
    const policy = createExactStrategy({ candidates: 0 });
    const sampler = layoutSampler(board)!;
    const rng = createRng(2);
    for (let k = 0; k < 10; k++) {
      const l = k === 0 ? layout : sampler.draw(rng);
      const cell = analysis.probabilities.findIndex((p, i) => board.cells[i] === COVERED && p < 1 && !l[i]);
      const v = playOut(board, l, cell, policy, ctx, rng);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });
});

describe('registry: think and its options', () => {
  it('creates think and think:key=value, and names what is wrong', () => {
    expect(createStrategy('think').name).toBe('think');
    expect(createStrategy('think:playouts=30:fast=false').name).toBe('think:playouts=30:fast=false');
    expect(thinkOptionsOf('think:ms=200:arms=3:breadth=10')).toEqual({ ms: 200, arms: 3, breadth: 10 });
    expect(() => createStrategy('think:playout=3')).toThrow(/unknown option "playout"/);
    expect(() => createStrategy('think:playouts=-1')).toThrow(/must be 0 or more/);
    expect(() => createStrategy('think:arms=0')).toThrow(/must be positive/);
    expect(thinkOptionsOf('think:playouts=0:memoPlayouts=400')).toEqual({ playouts: 0, memoPlayouts: 400 });
    expect(() => createStrategy('think:ms=fast')).toThrow(/must be a number/);
    expect(() => createStrategy('exact:playouts=3')).toThrow(/unknown option "playouts"/);
  });
});

describe('play --think MS', () => {
  it('turns exact (with its options) or think into think with a time budget, and refuses the rest', async () => {
    const { thinkingName } = await import('../../src/commands/play.js');
    expect(thinkingName('exact', 200)).toBe('think:ms=200:playouts=100000');
    expect(thinkingName('exact:breadth=10', 50)).toBe('think:breadth=10:ms=50:playouts=100000');
    expect(thinkingName('think:playouts=40', 50)).toBe('think:playouts=40:ms=50');
    expect(createStrategy(thinkingName('exact:breadth=10', 50)).name).toBe('think:breadth=10:ms=50:playouts=100000');
    expect(() => thinkingName('simple', 50)).toThrow(/exact or think/);
    expect(() => thinkingName('think:ms=20', 50)).toThrow(/do not go together/);
  });
});

describe('QuickFront: the safe cells of single numbers and pairs, kept up to date', () => {
  it('finds what quickDeductions finds, and with pairs the 1-1 pattern it cannot', () => {
    // . . .      the 1 on the left sees two cells, the middle 1 the same two and a third:
    // 1 1 1      the third is safe (and likewise from the right).
    const board: Board = { width: 3, height: 2, mines: 1, cells: Uint8Array.from([COVERED, COVERED, COVERED, 1, 1, 1]) };
    expect(quickDeductions(board)!.safe).toEqual([]);
    expect(new QuickFront(3, 2, false).safeCells(board)).toEqual([]);
    expect(new QuickFront(3, 2).safeCells(board)!.sort()).toEqual([0, 2]);
  });

  it('reports each safe cell once over a game, and only cells that are safe', () => {
    const game = new Game({ width: 16, height: 16, mines: 40 }, 'safe', createRng(5));
    game.open(0, 0);
    const front = new QuickFront(16, 16);
    const reported = new Set<number>();
    for (let step = 0; step < 200 && !game.finished; step++) {
      const board = game.board();
      const safe = front.safeCells(board)!;
      // Single numbers alone never find more than the front does.
      for (const i of quickDeductions(board)!.safe) expect(safe.includes(i) || reported.has(i)).toBe(true);
      if (safe.length === 0) break;
      for (const i of safe) {
        expect(reported.has(i)).toBe(false);
        reported.add(i);
        expect(game.mineAt(i % 16, Math.floor(i / 16))).toBe(false);
        game.open(i % 16, Math.floor(i / 16));
      }
    }
    expect(reported.size).toBeGreaterThan(0);
  });
});
