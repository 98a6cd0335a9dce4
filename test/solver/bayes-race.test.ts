import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COVERED, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import type { StrategyContext } from '../../src/core/strategy.js';
import { Game } from '../../src/game/engine.js';
import { bayesRace, raceEntries, worthRacing, type BayesRaceOptions, type Entry } from '../../src/solver/bayes-race.js';
import { outcomesOf } from '../../src/solver/guess.js';
import { chanceAbove0, normalCdf, posterior, priorOf, raceValue } from '../../src/solver/prior.js';
import { PRIOR_BINS } from '../../src/solver/think-prior-data.js';
import { analyze } from '../../src/solver/probability.js';
import { createStrategy, thinkOptionsOf } from '../../src/solver/registry.js';
import { createExactStrategy } from '../../src/solver/strategy.js';
import { createThinkStrategy, type ThinkReport } from '../../src/solver/think.js';
import { fitBins } from '../../scripts/fit/think-prior.js';
import { goldenPositions } from './think-golden.js';

const ctx: StrategyContext = { rule: 'safe', rng: createRng(0) };
const OPTIONS: BayesRaceOptions = { playouts: 40, arms: 4, margin: 0.05, minRounds: 4, dropChance: 0.02, minValue: 0, seed: 1 };

describe('prior: beliefs about a candidate\'s lead', () => {
  it('normalCdf matches known values and is symmetric', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(-0)).toBe(0.5);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
    fc.assert(fc.property(fc.double({ min: -8, max: 8, noNaN: true }), (x) => Math.abs(normalCdf(x) + normalCdf(-x) - 1) < 1e-9));
    fc.assert(fc.property(fc.double({ min: -8, max: 8, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (x, d) => normalCdf(x + d) >= normalCdf(x)));
  });

  it('the posterior lies between the prior and the rounds\' mean, and narrows with every round', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.05, max: 0.05, noNaN: true }), fc.double({ min: 0.001, max: 0.03, noNaN: true }), fc.double({ min: -0.3, max: 0.3, noNaN: true }), fc.double({ min: 0.001, max: 0.1, noNaN: true }), fc.integer({ min: 1, max: 1000 }), (m, sd, x, v, n) => {
        const prior = { mean: m, sd };
        const post = posterior(prior, x, v, n);
        expect(post.mean).toBeGreaterThanOrEqual(Math.min(m, x) - 1e-12);
        expect(post.mean).toBeLessThanOrEqual(Math.max(m, x) + 1e-12);
        expect(post.sd).toBeLessThan(sd);
        expect(posterior(prior, x, v, n + 1).sd).toBeLessThan(post.sd);
      }),
    );
    const prior = { mean: -0.01, sd: 0.01 };
    expect(posterior(prior, 0.2, 0.04, 0)).toEqual(prior);
    // Equal precision (prior variance 1e-4 against 0.04 / 400): halfway.
    expect(posterior(prior, 0.01, 0.04, 400).mean).toBeCloseTo(0, 12);
    expect(posterior(prior, 0.05, 0.04, 1e9).mean).toBeCloseTo(0.05, 5);
  });

  it('a race is worth more the more rounds it gets, never more than perfect knowledge, and matches a simulation', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.05, max: 0.02, noNaN: true }), fc.double({ min: 0.001, max: 0.03, noNaN: true }), fc.integer({ min: 1, max: 500 }), (m, sd, n) => {
        const prior = { mean: m, sd };
        const worth = raceValue(prior, 0.2, n);
        expect(worth).toBeGreaterThanOrEqual(Math.max(0, m) - 1e-12);
        expect(raceValue(prior, 0.2, n + 10)).toBeGreaterThanOrEqual(worth - 1e-12);
        // Perfect knowledge: E[max(0, lead)].
        expect(worth).toBeLessThanOrEqual(sd * Math.exp(-0.5 * (m / sd) ** 2) / Math.sqrt(2 * Math.PI) + m * normalCdf(m / sd) + 1e-12);
      }),
    );
    // Monte Carlo of the Bayes choice: lead ~ N(-0.01, 0.015), 30 rounds of spread 0.2.
    const rng = createRng(9);
    const gauss = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
    const prior = { mean: -0.01, sd: 0.015 };
    let sum = 0;
    const N = 200_000;
    for (let k = 0; k < N; k++) {
      const lead = prior.mean + prior.sd * gauss();
      const seen = lead + (0.2 / Math.sqrt(30)) * gauss();
      if (posterior(prior, seen, 0.04, 30).mean > 0) sum += lead;
    }
    expect(sum / N).toBeCloseTo(raceValue(prior, 0.2, 30), 4);
  });

  it('the fitted bins cover every gap, in order, and a candidate ranked no higher than exact\'s cell is not believed better before any playout', () => {
    for (let i = 1; i < PRIOR_BINS.length; i++) expect(PRIOR_BINS[i]!.upTo).toBeGreaterThan(PRIOR_BINS[i - 1]!.upTo);
    expect(PRIOR_BINS[PRIOR_BINS.length - 1]!.upTo).toBe(Infinity);
    for (const b of PRIOR_BINS) expect(b.sd).toBeGreaterThan(0);
    fc.assert(fc.property(fc.double({ min: -1, max: 0, noNaN: true }), (gap) => priorOf(gap).mean <= 0 && chanceAbove0(priorOf(gap)) <= 0.5));
    // Lower in the look-ahead's ranking, lower the expected lead (as fitted).
    expect(priorOf(-0.1).mean).toBeLessThan(priorOf(-0.015).mean);
  });

  it('fitBins recovers a bin\'s mean lead and its true spread from noisy rounds', () => {
    const rng = createRng(3);
    const lines = [];
    // 400 positions with gap -0.03: true leads -0.02 +- 0.01 (alternating), rounds spread 0.1.
    for (let p = 0; p < 400; p++) {
      const truth = -0.02 + (p % 2 ? 0.01 : -0.01);
      const base: number[] = [];
      const alt: number[] = [];
      for (let r = 0; r < 50; r++) {
        const v = 0.4 + 0.1 * (rng.next() - 0.5);
        base.push(v);
        alt.push(v + truth + 0.1 * Math.sqrt(12) * (rng.next() - 0.5));
      }
      lines.push({ rule: 'safe', game: p, open: 30, cells: [1, 2], gaps: [0, -0.03], vals: [base, alt] });
    }
    const bins = fitBins(lines);
    const bin = bins.find((b) => b.n > 0)!;
    expect(bin.upTo).toBe(-0.02);
    expect(bin.n).toBe(400);
    expect(bin.mean).toBeCloseTo(-0.02, 3);
    expect(bin.sd).toBeGreaterThan(0.007);
    expect(bin.sd).toBeLessThan(0.013);
    // An empty bin keeps the least spread, and a tie bin is never believed better.
    expect(bins.every((b) => b.sd >= 0.005)).toBe(true);
    const ties = fitBins([{ rule: 'safe', game: 0, open: 30, cells: [1, 2], gaps: [0, 0], vals: [[0, 0, 0], [1, 1, 1]] }]);
    expect(ties.find((b) => b.n === 1)!.mean).toBe(0);
  });
});

/** The position after the first click in the top-left corner shows a 1 (safe rule, expert): symmetric about the diagonal. */
function cornerOne(): Board {
  for (let s = 1; ; s++) {
    const game = new Game({ width: 30, height: 16, mines: 99 }, 'safe', createRng(s));
    game.open(0, 0);
    const board = game.board();
    if (board.cells[0] === 1) return board;
  }
}

describe('bayes-race: the race judged by belief', () => {
  it('takes exact\'s cell first, then distinct cells within the margin, never two with the same outcomes', () => {
    const board = cornerOne();
    const analysis = analyze(board);
    const base = createExactStrategy().decide(board, ctx).moves[0]!;
    const entries = raceEntries(board, analysis, base.y * 30 + base.x, {}, 6, 0.1);
    expect(entries[0]!.cell).toBe(base.y * 30 + base.x);
    expect(entries[0]!.gap).toBe(0);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    // (2,0) and (0,2) mirror each other across the diagonal through the 1: one of them at most.
    const cells = entries.map((e) => e.cell);
    expect(cells.includes(2) && cells.includes(60)).toBe(false);
    const sigs = entries.map((e) => JSON.stringify(outcomesOf(board, analysis, e.cell)));
    expect(new Set(sigs).size).toBe(sigs.length);
    for (const e of entries.slice(1)) {
      expect(board.cells[e.cell]).toBe(COVERED);
      expect(e.prior).toEqual(priorOf(e.gap));
    }
  });

  it('races only the candidates worth racing, the least worth dropped first', () => {
    const e = (cell: number, mean: number, sd: number): Entry => ({ cell, gap: 0, prior: { mean, sd } });
    const entries = [e(0, 0, 0), e(1, 0, 0.02), e(2, -0.03, 0.01), e(3, -0.01, 0.015)];
    expect(worthRacing(entries, { playouts: 100, minValue: 0 })).toEqual(entries);
    expect(worthRacing(entries, { playouts: 100, minValue: 1 })).toEqual([entries[0]]);
    // Three points worse within a point: hardly worth a race; the others are.
    const kept = worthRacing(entries, { playouts: 100, minValue: 0.0001 });
    expect(kept.map((x) => x.cell)).toEqual([0, 1, 3]);
    expect(raceValue(entries[2]!.prior, 0.18, 100 / 3)).toBeLessThan(0.0001);
    // With a higher bar the third goes too, though it would get more rounds alone with the first.
    expect(worthRacing(entries, { playouts: 100, minValue: 0.0003 }).map((x) => x.cell)).toEqual([0, 1]);
  });

  it('is deterministic under a seed and keeps to its playout budget', () => {
    const { board } = goldenPositions([0, 4])[0]!;
    const analysis = analyze(board);
    const policy = createExactStrategy({ candidates: 0 });
    const base = createExactStrategy().decide(board, ctx).moves.find((m) => !m.certain)!;
    const entries = raceEntries(board, analysis, base.y * board.width + base.x, {}, 4, 0.05);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    const a = bayesRace(board, analysis, entries, policy, ctx, OPTIONS)!;
    const b = bayesRace(board, analysis, entries, policy, ctx, OPTIONS)!;
    expect(b).toEqual(a);
    expect(a.playouts).toBeLessThanOrEqual(40);
    expect(a.rounds).toBeGreaterThan(0);
    expect(entries.map((e) => e.cell)).toContain(a.chosen);
    expect(a.exact).toBe(entries[0]!.cell);
  });

  it('follows a confident prior whatever a few playouts say, and the playouts where the prior is vague', () => {
    const { board } = goldenPositions([0, 4])[0]!;
    const analysis = analyze(board);
    const policy = createExactStrategy({ candidates: 0 });
    const base = createExactStrategy().decide(board, ctx).moves.find((m) => !m.certain)!;
    const [own, other] = raceEntries(board, analysis, base.y * board.width + base.x, {}, 2, 0.05);
    const withPrior = (mean: number, sd: number): Entry[] => [own!, { ...other!, prior: { mean, sd } }];
    expect(bayesRace(board, analysis, withPrior(0.5, 1e-6), policy, ctx, OPTIONS)!.chosen).toBe(other!.cell);
    expect(bayesRace(board, analysis, withPrior(-0.5, 1e-6), policy, ctx, OPTIONS)!.chosen).toBe(own!.cell);
    // A vague prior: the choice follows the sign of the rounds' mean lead.
    const vague = bayesRace(board, analysis, withPrior(0, 10), policy, ctx, { ...OPTIONS, minRounds: 1000 })!;
    expect(vague.chosen).toBe(vague.beliefs[1]!.mean > 0 ? other!.cell : own!.cell);
  });

  it('drops a candidate once it is unlikely to lead, which shortens the race', () => {
    const { board } = goldenPositions([0, 4])[0]!;
    const analysis = analyze(board);
    const policy = createExactStrategy({ candidates: 0 });
    const base = createExactStrategy().decide(board, ctx).moves.find((m) => !m.certain)!;
    const [own, other] = raceEntries(board, analysis, base.y * board.width + base.x, {}, 2, 0.05);
    // Believed 3 points worse within a tenth of a point: dropped at the first look.
    const r = bayesRace(board, analysis, [own!, { ...other!, prior: { mean: -0.03, sd: 0.001 } }], policy, ctx, { ...OPTIONS, playouts: 400 })!;
    expect(r.rounds).toBe(OPTIONS.minRounds);
    expect(r.chosen).toBe(own!.cell);
  });

  it('think:bayes=true races the entries and reports the choice it plays', () => {
    const reports: ThinkReport[] = [];
    const think = createThinkStrategy({ bayes: true, playouts: 24 }, undefined, (r) => reports.push(r));
    const { board } = goldenPositions([0, 4])[0]!;
    const move = think.decide(board, ctx).moves.find((m) => !m.certain)!;
    expect(reports.length).toBe(1);
    expect(reports[0]!.chosen).toBe(move.y * board.width + move.x);
    expect(reports[0]!.playouts).toBeLessThanOrEqual(24);
    expect(reports[0]!.leads[0]).toEqual({ mean: 0, se: 0 });
  });

  it('the registry reads bayes and dropChance, and refuses a dropChance outside [0, 1)', () => {
    expect(thinkOptionsOf('think:bayes=true:dropChance=0.05')).toEqual({ bayes: true, dropChance: 0.05 });
    expect(() => createStrategy('think:dropChance=1')).toThrow(/dropChance/);
    expect(() => createStrategy('think:bayes=yes')).toThrow(/true or false/);
  });
});
