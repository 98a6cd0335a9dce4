// `think`'s race, judged by belief rather than by a significance test (the default since issue
// 21's third session; think.ts has the older race).
//
// The candidates are `exact`'s cell and the next best cells of its look-ahead ranking (within a
// margin of the best score, not dead, and none whose outcomes are the same as an earlier
// candidate's: a mirror image of a cell on a symmetric position is worth exactly as much). Each
// gets a prior on its lead over `exact`'s cell from its look-ahead score gap (prior.ts, fitted
// offline). Paired rounds as in the older race: one layout drawn per round, every candidate
// still in the race opened on it and played on by the policy (weighted playouts, playout.ts).
// After `minRounds` rounds a candidate is dropped once the posterior chance that it leads
// falls below `dropChance`; the race stops when none is left or the budget is spent. The
// choice is the candidate with the highest posterior mean lead, if that is above 0, else
// `exact`'s cell.
//
// Why belief: candidates differ by about a point of win chance, a round's paired lead spreads
// 15-25 points, so a race of a few dozen rounds cannot show a lead at 2 standard errors; but
// the look-ahead's gap says how likely a candidate is to lead at all, and the Bayes choice
// under that prior gains on average where a test at a fixed level gains almost nothing
// (docs/solver.md, "think").

import type { Board } from '../core/board.js';
import { createRng, mixSeed } from '../core/rng.js';
import type { Strategy, StrategyContext } from '../core/strategy.js';
import { lookAheadScores, outcomesOf, type GuessOptions } from './guess.js';
import { drawSafeAt, playOut, positionHash, rememberingAll } from './playout.js';
import { chanceAbove0, posterior, priorOf, raceValue, type Belief } from './prior.js';
import type { Analysis, AnalyzeOptions } from './probability.js';
import { layoutSampler } from './sample.js';

export interface BayesRaceOptions {
  /** Most playouts (every candidate's, `exact`'s cell included). */
  playouts: number;
  /** Most candidates, `exact`'s cell included. */
  arms: number;
  /** Candidates: look-ahead score within this of the best. */
  margin: number;
  /** Rounds before a candidate may be dropped. */
  minRounds: number;
  /** A candidate is dropped once its posterior chance of leading is below this. */
  dropChance: number;
  /**
   * A candidate is raced only if racing it is worth at least this much (raceValue, with the
   * budget shared by the candidates kept); none: exact's cell without a race.
   */
  minValue: number;
  /** Seed of the layouts drawn. */
  seed: number;
  /** Most wall time in ms, counted from `started` (with a clock). */
  ms?: number;
}

/** A candidate of the race: its cell, its look-ahead score minus exact's cell's, and its prior lead over exact's cell. */
export interface Entry {
  cell: number;
  gap: number;
  prior: Belief;
}

export interface BayesReport {
  entries: Entry[];
  /** Estimated chance of winning per entry: its chance of being safe times its mean playout value. */
  estimates: number[];
  /** Posterior lead over exact's cell per entry (exact's own: 0). */
  beliefs: Belief[];
  rounds: number;
  playouts: number;
  chosen: number;
  exact: number;
}

/** Per-round spread of a paired lead assumed before the race has seen any (0.18: measured), and its weight in rounds. */
const SPREAD0 = 0.18;
const SPREAD0_ROUNDS = 8;

/** The numbers a cell could show and what each leaves: two cells alike in these are worth the same. */
function signature(board: Board, analysis: Analysis, cell: number, options: GuessOptions): string {
  return outcomesOf(board, analysis, cell, options)
    .map((o) => `${o.value}:${o.p.toPrecision(12)}:${o.nextRisk.toPrecision(12)}:${o.progress ? 1 : 0}`)
    .join('|');
}

/**
 * The race's candidates: exact's cell (`base`, first, prior 0) and the look-ahead's next best,
 * each with its prior by score gap; [] when the look-ahead gives no ranking.
 */
export function raceEntries(board: Board, analysis: Analysis, base: number, options: GuessOptions, arms: number, margin: number): Entry[] {
  const scores = lookAheadScores(board, analysis, options);
  if (!scores || scores.length === 0) return [];
  const own = scores.find((s) => s.cell === base);
  if (!own) return [];
  const top = scores[0]!.score;
  const entries: Entry[] = [{ cell: base, gap: 0, prior: { mean: 0, sd: 0 } }];
  const seen = new Set([signature(board, analysis, base, options)]);
  for (const s of scores) {
    if (entries.length >= arms || s.score < top - margin) break;
    if (s.cell === base || s.dead) continue;
    const sig = signature(board, analysis, s.cell, options);
    if (seen.has(sig)) continue;
    seen.add(sig);
    entries.push({ cell: s.cell, gap: s.score - own.score, prior: priorOf(s.score - own.score) });
  }
  return entries;
}

/**
 * The entries worth racing: exact's cell and the candidates whose race is worth at least
 * `minValue` when the budget is shared among those kept (dropping one gives the others more
 * rounds, so this is settled from the least worth up).
 */
export function worthRacing(entries: Entry[], options: Pick<BayesRaceOptions, 'playouts' | 'minValue'>): Entry[] {
  let kept = entries.slice(1);
  for (;;) {
    const rounds = options.playouts / (kept.length + 1);
    const worth = kept.map((e) => raceValue(e.prior, SPREAD0, rounds));
    const least = worth.reduce((m, w, i) => (w < worth[m]! ? i : m), 0);
    if (kept.length === 0 || worth[least]! >= options.minValue) return [entries[0]!, ...kept];
    kept = kept.filter((_, i) => i !== least);
  }
}

/** Mean and variance of the paired leads a[r] - b[r] over the rounds both played. */
function pairedLead(a: number[], b: number[]): { mean: number; variance: number; n: number } {
  const n = Math.min(a.length, b.length);
  let s = 0;
  let s2 = 0;
  for (let r = 0; r < n; r++) {
    const d = a[r]! - b[r]!;
    s += d;
    s2 += d * d;
  }
  const mean = n > 0 ? s / n : 0;
  const seen = n > 1 ? Math.max(0, (s2 - n * mean * mean) / (n - 1)) : 0;
  // The spread seen, shrunk towards the usual one while the rounds are few.
  const variance = (Math.max(n - 1, 0) * seen + SPREAD0_ROUNDS * SPREAD0 * SPREAD0) / (Math.max(n - 1, 0) + SPREAD0_ROUNDS);
  return { mean, variance, n };
}

/**
 * Races the entries (exact's cell first) on shared layouts and returns the Bayes choice;
 * null when the position cannot be sampled or no round was played.
 */
export function bayesRace(board: Board, analysis: Analysis, candidates: Entry[], policy: Strategy, ctx: StrategyContext, options: BayesRaceOptions, analyzeOptions: AnalyzeOptions = {}, now?: () => number, started?: number): BayesReport | null {
  const entries = worthRacing(candidates, options);
  const sampler = entries.length < 2 ? null : layoutSampler(board, analyzeOptions);
  if (!sampler) return null;
  const deadline = now && options.ms !== undefined ? (started ?? now()) + options.ms : Infinity;
  const late = () => deadline !== Infinity && now!() >= deadline;
  const rng = createRng(mixSeed(options.seed, positionHash(board)));
  const inner: StrategyContext = { rule: ctx.rule, rng: createRng(0), flags: false };
  const playing = rememberingAll(policy);
  // Each entry's values, already times its chance of being safe: value r is its win chance on round r's layout.
  const values: number[][] = entries.map(() => []);
  const safe = entries.map((e) => 1 - analysis.probabilities[e.cell]!);
  const racing = entries.map(() => true);
  const beliefs: Belief[] = entries.map((e) => e.prior);
  let playouts = 0;
  let rounds = 0;
  const left = () => racing.filter(Boolean).length;
  while (left() > 1 && playouts + left() <= options.playouts && !late()) {
    const layout = sampler.draw(rng);
    const roundSeed = rng.int(2 ** 31);
    let cut = false;
    for (let k = 0; k < entries.length; k++) {
      if (!racing[k]) continue;
      if (late()) {
        cut = true;
        break;
      }
      // Common random numbers: every candidate's redraws in a round come from the same stream.
      const own = createRng(roundSeed);
      const start = drawSafeAt(sampler, entries[k]!.cell, own, layout);
      values[k]!.push(start ? safe[k]! * playOut(board, start, entries[k]!.cell, playing, inner, own, analyzeOptions) : 0);
      playouts++;
    }
    if (cut) {
      // Out of time within a round: the round is dropped for every candidate (pairs stay whole).
      for (let k = 0; k < entries.length; k++) if (values[k]!.length === rounds + 1) (values[k]!.pop(), playouts--);
      break;
    }
    rounds++;
    for (let k = 1; k < entries.length; k++) {
      if (!racing[k]) continue;
      const d = pairedLead(values[k]!, values[0]!);
      beliefs[k] = posterior(entries[k]!.prior, d.mean, d.variance, d.n);
      if (rounds >= options.minRounds && chanceAbove0(beliefs[k]!) < options.dropChance) racing[k] = false;
    }
  }
  if (rounds === 0) return null;
  let chosen = 0;
  for (let k = 1; k < entries.length; k++) if (beliefs[k]!.mean > (chosen === 0 ? 0 : beliefs[chosen]!.mean)) chosen = k;
  beliefs[0] = { mean: 0, sd: 0 };
  const estimates = values.map((v) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0));
  return { entries, estimates, beliefs, rounds, playouts, chosen: entries[chosen]!.cell, exact: entries[0]!.cell };
}
