import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { DIFFICULTIES } from '../../src/core/rules.js';
import type { Strategy } from '../../src/core/strategy.js';
import { Game } from '../../src/game/engine.js';
import { correctProbabilities, createSeed001Strategy, lastTurns, transformGroups, unknownCells } from '../../src/solver/baselines/seed001.js';
import { automaton, createSeed002Strategy } from '../../src/solver/baselines/seed002.js';
import { createSeed004Strategy, findRisk } from '../../src/solver/baselines/seed004.js';
import { createStrategy } from '../../src/solver/registry.js';
import { playGame } from '../../src/sim/play.js';

const ctx = (seed = 1) => ({ rule: 'safe' as const, rng: createRng(seed) });
const sorted = (gs: { cells: number[]; mines: number }[]) => gs.map((g) => `${g.cells.join('')}:${g.mines}`).sort();

// The seed-002 example (figure 4): mines at (2,0) and (2,1); (1,2) and (2,2) show 1.
const fig4 = parseBoard('3x3/2\n...\n...\n.11\n');

describe('seed001: groups', () => {
  it('subtracts a contained group, as in the paper: (5678,2) and (5,1) give (678,1) and (5,1)', () => {
    expect(sorted(transformGroups([{ cells: [5, 6, 7, 8], mines: 2 }, { cells: [5], mines: 1 }]))).toEqual(['5:1', '678:1']);
  });

  it('splits overlapping groups, as in the paper: (123,1) and (234,2) give (1,0), (23,1), (4,1)', () => {
    expect(sorted(transformGroups([{ cells: [1, 2, 3], mines: 1 }, { cells: [2, 3, 4], mines: 2 }]))).toEqual(['1:0', '23:1', '4:1']);
  });

  it('leaves overlaps alone when their count is not forced, and drops duplicates', () => {
    expect(sorted(transformGroups([{ cells: [1, 2, 3], mines: 1 }, { cells: [3, 4, 5], mines: 1 }, { cells: [1, 2, 3], mines: 1 }]))).toEqual(['123:1', '345:1']);
  });

  it('probability correction makes every group sum to its mines (the paper example: 4 and 2 mines over 7 cells sharing 4)', () => {
    const shared = [10, 11, 12, 13];
    const groups = [
      { cells: [1, 2, 3, ...shared], mines: 4 },
      { cells: [20, 21, 22, ...shared], mines: 2 },
    ];
    const p = correctProbabilities(groups);
    for (const g of groups) expect(Math.abs(g.cells.reduce((s, c) => s + p.get(c)!, 0) - g.mines)).toBeLessThanOrEqual(0.011);
    // Before correction the shared cells are 1 − (1 − 4/7)(1 − 2/7) = 0.694; the first group's
    // own cells end highest, the second group's lowest.
    expect(p.get(1)!).toBeGreaterThan(p.get(10)!);
    expect(p.get(10)!).toBeGreaterThan(p.get(20)!);
  });

  it('LastTurns finds cells that only the mine total makes safe', () => {
    // One mine in all; the 1 at the corner holds it, so the five far cells are safe.
    const board = parseBoard('3x3/1\n1..\n...\n...\n');
    const probs = lastTurns(board, unknownCells(board, new Set()), 1)!;
    expect(probs.get(1)).toBeCloseTo(1 / 3, 12);
    expect(probs.get(3)).toBeCloseTo(1 / 3, 12);
    expect(probs.get(4)).toBeCloseTo(1 / 3, 12);
    expect(probs.get(8)).toBe(0);
    const d = createSeed001Strategy().decide(board, ctx());
    expect(d.moves.map((m) => `${m.x},${m.y}`).sort()).toEqual(['0,2', '1,2', '2,0', '2,1', '2,2']);
    expect(d.moves.every((m) => m.certain && m.p === 0)).toBe(true);
  });

  it('LastTurns weighs layouts by the ways to place the rest of the mines', () => {
    // 2 mines; both 1s on the left see only (1,0) and (1,1): one mine there, the other mine in
    // one of the two far cells. Every cell is a mine in half the layouts.
    const board = parseBoard('3x2/2\n1..\n1..\n');
    const probs = lastTurns(board, unknownCells(board, new Set()), 2)!;
    expect([...probs.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 0.5],
      [2, 0.5],
      [4, 0.5],
      [5, 0.5],
    ]);
  });

  it('finds the safe cells of the seed-002 example', () => {
    const d = createSeed001Strategy().decide(fig4, ctx());
    expect(d.moves.map((m) => `${m.x},${m.y}`)).toEqual(['0,1', '0,2']);
  });
});

describe('seed002: min/max automaton', () => {
  it('proves the complement safe in the paper example', () => {
    const r = automaton(fig4, new Set());
    expect([...r.safe].sort()).toEqual([3, 6]);
    expect(r.mines.size).toBe(0);
    const d = createSeed002Strategy().decide(fig4, ctx());
    expect(d.moves).toEqual([
      { x: 0, y: 1, action: 'open', p: 0, certain: true },
      { x: 0, y: 2, action: 'open', p: 0, certain: true },
    ]);
  });

  it('says "I don\'t know" with a random unknown cell at the density of mines left', () => {
    const board = parseBoard('3x1/1\n.1.\n');
    const d = createSeed002Strategy().decide(board, ctx());
    expect(d.moves).toHaveLength(1);
    expect(d.moves[0]!.certain).toBe(false);
    expect(d.moves[0]!.p).toBeCloseTo(0.5, 12);
  });

  it('finds mines, then the cells they make safe', () => {
    // The 1 at (0,0) has one unknown neighbour (1,0): a mine; then (2,1)'s 1 is satisfied.
    const board = parseBoard('3x2/1\n1..\n11.\n');
    const d = createSeed002Strategy().decide(board, { ...ctx(), flags: true });
    expect(d.moves).toContainEqual({ x: 2, y: 0, action: 'open', p: 0, certain: true });
    expect(d.moves).toContainEqual({ x: 2, y: 1, action: 'open', p: 0, certain: true });
    expect(d.moves).toContainEqual({ x: 1, y: 0, action: 'flag', p: 1, certain: true });
  });
});

describe('seed004: local risk with overlap adjustment', () => {
  it('computes the risks of the seed-002 example by the paper\'s rules', () => {
    const r = findRisk(fig4);
    const far = 2 / 7;
    const firstRun = (0.25 + far) / 2; // the 1 at (1,2): r = 1/4, averaged with the far risk
    expect(r[0]).toBeCloseTo(far, 12); // no number around: far risk
    expect(r[3]).toBeCloseTo(firstRun * 0.9, 12); // one number around: reduced
    expect(r[6]).toBeCloseTo(firstRun * 0.9, 12);
    expect(r[4]).toBeCloseTo(0.5 * 1.05, 12); // second run takes the max 1/2, two numbers: raised
    expect(r[5]).toBeCloseTo(0.5 * 1.05, 12);
    const d = createSeed004Strategy().decide(fig4, ctx());
    expect(d.moves).toHaveLength(1);
    expect(['0,1', '0,2']).toContain(`${d.moves[0]!.x},${d.moves[0]!.y}`);
    expect(d.moves[0]!.p).toBeCloseTo(firstRun * 0.9, 12);
  });

  it('marks forced cells 0 and 1 and opens the safe ones as certain', () => {
    const board = parseBoard('3x2/1\n1..\n11.\n');
    const r = findRisk(board);
    expect(r[1]).toBe(1);
    expect(r[2]).toBe(0);
    expect(r[5]).toBe(0);
    const d = createSeed004Strategy().decide(board, ctx());
    expect(d.moves.map((m) => `${m.x},${m.y},${m.certain}`).sort()).toEqual(['2,0,true', '2,1,true']);
  });
});

/** Wraps a strategy and checks against the real layout that each certain move is right. */
function checked(inner: Strategy, game: () => Game): Strategy & { certainOpens: number } {
  const s = {
    name: inner.name,
    certainOpens: 0,
    decide(board: Parameters<Strategy['decide']>[0], c: Parameters<Strategy['decide']>[1]) {
      const d = inner.decide(board, c);
      for (const m of d.moves) {
        expect(m.p).toBeGreaterThanOrEqual(0);
        expect(m.p).toBeLessThanOrEqual(1);
        if (!m.certain) continue;
        const mine = game().mineAt(m.x, m.y);
        if (m.action === 'open') {
          expect(mine, `${inner.name} opened a mine it called certain at (${m.x},${m.y})`).toBe(false);
          s.certainOpens++;
        }
        if (m.action === 'flag') expect(mine).toBe(true);
      }
      return d;
    },
  };
  return s;
}

describe('seed strategies on real games', () => {
  for (const name of ['seed001', 'seed001-basic', 'seed002', 'seed004']) {
    it(`${name} never opens a mine it called certain, and plays games to the end`, () => {
      let won = 0;
      let certain = 0;
      for (let g = 0; g < 40; g++) {
        const spec = g % 2 ? DIFFICULTIES.beginner! : DIFFICULTIES.intermediate!;
        const game = new Game(spec, 'safe', createRng(1000 + g));
        const s = checked(createStrategy(name), () => game);
        const rng = createRng(g);
        game.open(Math.floor(spec.width / 2), Math.floor(spec.height / 2));
        for (let step = 0; step < 2000 && !game.finished; step++) {
          const d = s.decide(game.board(), { rule: 'safe', rng, flags: step % 3 === 0 });
          expect(d.moves.length).toBeGreaterThan(0);
          for (const m of d.moves) {
            if (game.finished) break;
            if (m.action === 'open') game.open(m.x, m.y);
            else if (m.action === 'flag' && game.cell(m.x, m.y) !== 10) game.toggleFlag(m.x, m.y);
          }
        }
        expect(game.finished).toBe(true);
        if (game.status === 'won') won++;
        certain += s.certainOpens;
      }
      expect(certain).toBeGreaterThan(100);
      expect(won).toBeGreaterThan(5);
    });
  }

  it('plays through the harness and logs predictions', () => {
    const records: { p: number; certain: boolean }[] = [];
    const out = playGame(createStrategy('seed001'), { spec: DIFFICULTIES.beginner!, rule: 'safe', seed: 3, index: 0 }, { onOpen: (r) => records.push(r) });
    expect(out.stalled).toBeUndefined();
    expect(records.length).toBeGreaterThan(0);
  });
});
