// `think`: `exact` that, at a guess it would make by look-ahead, re-ranks its leading candidates
// by their chance of winning, estimated from playouts.
//
// At each such guess (not the endgame search's move, not an unavoidable 50/50, not under the
// XP weighting or an approximation):
// 1. candidates: `exact`'s own cell and the next best of its look-ahead ranking within `margin`
//    of the best score, and the safest cell next to a number (the head-to-head found `exact`
//    guessing away from the numbers where playouts preferred the frontier), up to `arms`;
// 2. rounds: a layout drawn uniformly from all those consistent with the position (sample.ts);
//    on it every candidate still in the race is opened and, if safe, played to the end by the
//    playout policy (`exact`'s plain least-risk rule with its endgame search, `fast`, the default;
//    `exact` itself with `fast=false`: twice the cost a playout). The same layout
//    serves every candidate (one where the candidate is a mine is replaced by one drawn with it
//    safe), so their estimates are paired. A playout is weighted: each guess multiplies its value
//    by the guess's known chance of being safe and the game goes on as if it was (playOut), so no
//    playout ends on a mine and the noise of "which guess blew up" is gone. A playout opens the
//    cells single numbers and pairs prove safe itself and asks the policy only where they prove
//    nothing, and within a race the policy remembers every position (playout.ts): the same
//    moves, at about 0.65 of the cost;
// 3. estimates: the candidate's known chance of being safe times its mean playout value; after
//    `minRounds` rounds, a candidate whose paired deficit to the leader exceeds `z` standard
//    errors is dropped (never `exact`'s cell with `keepExact`, the default), and the search stops once one is left or the budget (`playouts`, and
//    `ms` of wall time when a clock is given) is spent. Where the decision is remembered (at
//    most 16 cells open, memo.ts) the budget is `memoPlayouts`: such a position is raced once
//    however many games meet it, so playouts spent there serve every game that does;
// 4. the choice: the leader, but `exact`'s cell is kept unless the leader is ahead of it by
//    `switchZ` standard errors of their paired difference.
// Deterministic under `seed` with a playout budget: the layouts' random stream is seeded by the
// seed and the position, so a decision depends on nothing else (and can be remembered).
// Probabilities, certain moves and the move log stay those of `exact`. Measured (docs/solver.md):
// without keepExact, most switches came from `exact`'s cell dropped along the race and no
// budget measured on 1,000 games beat `exact`; with it, at 130 playouts (0.47 s a game under
// `safe`), +0.10 (−0.68 to +0.88) points safe and +0.35 (−0.21 to +0.91) opening (2,000
// games each): level.
// With `bayes` (bayes-race.ts) steps 3-4 are the Bayes choice under a prior fitted offline from
// the look-ahead's score gap: level too (+0.35 over 2,000 opening games, -0.20 over 1,000 safe),
// its switches judged worth about +0.1 point a game, as the default's are (docs/solver.md).

import type { Board } from '../core/board.js';
import { createRng, mixSeed } from '../core/rng.js';
import type { Decision, Strategy, StrategyContext } from '../core/strategy.js';
import { chooseGuess, lookAheadScores, type Guess } from './guess.js';
import { bayesRace, raceEntries } from './bayes-race.js';
import { DecisionMemo, MEMO_SIZE } from './memo.js';
import type { Analysis } from './probability.js';
import { drawSafeAt, playOut, positionHash, rememberingAll } from './playout.js';
import { layoutSampler } from './sample.js';
import { createExactStrategy, decideNow, type ExactOptions } from './strategy.js';

export { playOut } from './playout.js';

export interface ThinkOptions extends ExactOptions {
  /** Most playouts per decision (default 130; 0: no race, `exact`'s cell). */
  playouts?: number;
  /**
   * Most playouts at a position whose decision is remembered (at most 16 cells open: see
   * memo.ts), raced once however many games meet it (default: `playouts`).
   */
  memoPlayouts?: number;
  /** Most wall time per decision in ms (only with a clock); the decision then depends on the machine. */
  ms?: number;
  /** Most candidates raced (default 4). */
  arms?: number;
  /** Candidates from the look-ahead ranking: score within this of the best (default 0.05). */
  margin?: number;
  /** A candidate is dropped once the leader is ahead by this many standard errors (default 2). */
  z?: number;
  /** `exact`'s cell is left only for a leader ahead of it by this many standard errors (default 1.5). */
  switchZ?: number;
  /** Rounds before any candidate is dropped (default 8). */
  minRounds?: number;
  /**
   * `exact`'s cell is never dropped: it is left only by the final test (`switchZ`), not by a
   * drop at one of the many looks along the race (default true).
   */
  keepExact?: boolean;
  /** Playouts by the plain least-risk rule (with endgame search) instead of `exact`'s look-ahead (default true). */
  fast?: boolean;
  /** Seed of the layouts drawn (default 1). */
  seed?: number;
  /**
   * The race judged by belief (bayes-race.ts): each candidate's prior lead from its look-ahead
   * score gap, the Bayes choice after the playouts (default false); `z`, `switchZ` and
   * `keepExact` are then not used.
   */
  bayes?: boolean;
  /** With `bayes`: a candidate is dropped once its chance of leading exact's cell is below this (default 0.02). */
  dropChance?: number;
  /** With `bayes`: a candidate is raced only if its race is worth this much in chance of winning (default 0: every one). */
  minValue?: number;
}

// 130 playouts and keepExact: the budget that fits 0.5 s of CPU a game (docs/solver.md).
export const THINK_DEFAULTS = { playouts: 130, arms: 4, margin: 0.05, z: 2, switchZ: 1.5, minRounds: 8, seed: 1, fast: true, keepExact: true, bayes: false, dropChance: 0.02, minValue: 0 };

/** What one decision's search found (for tests and measurements). */
export interface ThinkReport {
  candidates: number[];
  /** Estimated chance of winning per candidate (control-variate estimate). */
  estimates: number[];
  rounds: number;
  /** Playouts in the estimates (a round cut short by the clock is left out). */
  playouts: number;
  chosen: number;
  /** `exact`'s cell. */
  exact: number;
  /** Each candidate's paired lead over `exact`'s cell: mean and standard error. */
  leads: { mean: number; se: number }[];
}

/** Keys of ThinkOptions that are not `exact`'s. */
const THINK_KEYS = ['playouts', 'memoPlayouts', 'ms', 'arms', 'margin', 'z', 'switchZ', 'minRounds', 'keepExact', 'fast', 'seed', 'bayes', 'dropChance', 'minValue'] as const;

function exactPart(options: ThinkOptions): ExactOptions {
  const out: Record<string, unknown> = { ...options };
  for (const k of THINK_KEYS) delete out[k];
  return out as ExactOptions;
}

/** Candidates: exact's cell, the look-ahead's next best within the margin, the safest frontier cell. */
export function thinkCandidates(board: Board, analysis: Analysis, base: number, options: ThinkOptions): number[] {
  const arms = options.arms ?? THINK_DEFAULTS.arms;
  const margin = options.margin ?? THINK_DEFAULTS.margin;
  const scores = lookAheadScores(board, analysis, exactPart(options));
  if (!scores || scores.length === 0) return [base];
  const out = [base];
  const top = scores[0]!.score;
  const room = arms - 1; // one place kept for the frontier cell
  for (const s of scores) {
    if (out.length >= room || s.score < top - margin) break;
    if (!out.includes(s.cell) && !s.dead) out.push(s.cell);
  }
  const frontier = scores.filter((s) => !s.dead && nextToNumber(board, s.cell) && s.score >= top - margin).sort((a, b) => a.p - b.p || a.cell - b.cell)[0];
  if (frontier && !out.includes(frontier.cell)) out.push(frontier.cell);
  for (const s of scores) {
    if (out.length >= arms || s.score < top - margin) break;
    if (!out.includes(s.cell) && !s.dead) out.push(s.cell);
  }
  return out;
}

function nextToNumber(board: Board, cell: number): boolean {
  const w = board.width;
  const x = cell % w;
  const y = Math.floor(cell / w);
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx;
      const ny = y + dy;
      if ((dx || dy) && nx >= 0 && ny >= 0 && nx < w && ny < board.height && board.cells[ny * w + nx]! <= 8) return true;
    }
  }
  return false;
}

/** One candidate's record: its known chance of being safe and its playout values per round. */
interface Arm {
  cell: number;
  safe: number;
  values: number[];
  out: boolean;
}

/** Estimated chance of winning: the chance of being safe times the mean playout value. */
function estimate(a: Arm): number {
  let s = 0;
  for (const v of a.values) s += v;
  return a.values.length ? (a.safe * s) / a.values.length : 0;
}

/** Mean and standard error of a's lead over b, over the rounds both raced. */
function lead(a: Arm, b: Arm): { mean: number; se: number; n: number } {
  const n = Math.min(a.values.length, b.values.length);
  let s = 0;
  let s2 = 0;
  for (let r = 0; r < n; r++) {
    const d = a.safe * a.values[r]! - b.safe * b.values[r]!;
    s += d;
    s2 += d * d;
  }
  if (n < 2) return { mean: 0, se: Infinity, n };
  const mean = s / n;
  const variance = Math.max(0, (s2 - n * mean * mean) / (n - 1));
  // A floor on the spread: a run of equal values says little about a small sample.
  return { mean, se: Math.max(Math.sqrt(variance / n), 0.05 / n), n };
}

/**
 * Races the candidates on shared layouts; returns the report (the chosen cell among them).
 * `now` is the clock for the `ms` budget (none: playouts only), counted from `started` (the
 * decision's start) when given.
 */
export function race(board: Board, analysis: Analysis, candidates: number[], policy: Strategy, ctx: StrategyContext, options: ThinkOptions, now?: () => number, started?: number): ThinkReport | null {
  const analyzeOptions = exactPart(options);
  const sampler = layoutSampler(board, analyzeOptions);
  if (!sampler) return null;
  const budget = options.playouts ?? THINK_DEFAULTS.playouts;
  const z = options.z ?? THINK_DEFAULTS.z;
  const switchZ = options.switchZ ?? THINK_DEFAULTS.switchZ;
  const minRounds = options.minRounds ?? THINK_DEFAULTS.minRounds;
  const keepExact = options.keepExact ?? THINK_DEFAULTS.keepExact;
  const deadline = now && options.ms !== undefined ? (started ?? now()) + options.ms : Infinity;
  const rng = createRng(mixSeed(options.seed ?? THINK_DEFAULTS.seed, positionHash(board)));
  const inner: StrategyContext = { rule: ctx.rule, rng: createRng(0), flags: false };
  // The candidates' games on a shared layout often meet the same positions: decided once.
  const playing = rememberingAll(policy);
  const arms: Arm[] = candidates.map((cell) => ({ cell, safe: 1 - analysis.probabilities[cell]!, values: [], out: false }));
  let playouts = 0;
  let rounds = 0;
  const racing = () => arms.filter((a) => !a.out);
  const spent = () => playouts + racing().length > budget || (deadline !== Infinity && now!() >= deadline);
  const leaderOf = () => racing().reduce((best, a) => (estimate(a) > estimate(best) ? a : best));
  while (racing().length > 1 && !spent()) {
    const layout = sampler.draw(rng);
    const roundSeed = rng.int(2 ** 31);
    rounds++;
    let cut = false;
    for (const a of racing()) {
      if (deadline !== Infinity && now!() >= deadline) {
        cut = true;
        break;
      }
      // Every candidate's draws within the round come from the same stream (common random numbers).
      const own = createRng(roundSeed);
      const start = drawSafeAt(sampler, a.cell, own, layout);
      a.values.push(start ? playOut(board, start, a.cell, playing, inner, own, analyzeOptions) : 0);
      playouts++;
    }
    if (cut) {
      // Out of time within a round: the round is dropped for every candidate (pairs stay whole).
      for (const a of arms) if (a.values.length === rounds) (a.values.pop(), playouts--);
      rounds--;
      break;
    }
    if (rounds < minRounds) continue;
    const leader = leaderOf();
    for (const a of racing()) {
      if (a === leader || (keepExact && a === arms[0])) continue;
      const d = lead(leader, a);
      if (d.mean > z * d.se) a.out = true;
    }
  }
  if (rounds === 0) return null;
  const leader = leaderOf();
  const mine = arms[0]!;
  let chosen = mine.cell;
  if (mine.out) chosen = leader.cell;
  else if (leader !== mine) {
    const d = lead(leader, mine);
    if (d.mean > switchZ * d.se) chosen = leader.cell;
  }
  return { candidates, estimates: arms.map(estimate), rounds, playouts, chosen, exact: mine.cell, leads: arms.map((a) => lead(a, mine)) };
}

/** The guess of `think`: exact's, re-ranked by a race where exact would use its look-ahead. */
export function thinkGuess(board: Board, analysis: Analysis, ctx: StrategyContext, options: ThinkOptions, policy: Strategy, now?: () => number, onReport?: (r: ThinkReport) => void): Guess | null {
  const started = now?.();
  const exactOptions = exactPart(options);
  const base = chooseGuess(board, analysis, ctx, exactOptions);
  if ((options.playouts ?? THINK_DEFAULTS.playouts) < 2) return base;
  if (!base || base.note || analysis.approximate || analysis.xpClick !== undefined || !analysis.flagsTrusted) return base;
  const report = (options.bayes ?? THINK_DEFAULTS.bayes) ? believe(board, analysis, base.cell, ctx, options, policy, now, started) : testRace(board, analysis, base.cell, ctx, options, policy, now, started);
  if (!report) return base;
  onReport?.(report);
  if (report.chosen === base.cell) return base;
  const k = report.candidates.indexOf(report.chosen);
  return { cell: report.chosen, score: report.estimates[k]!, note: `think: ${report.playouts} playouts, win chance ${(100 * report.estimates[k]!).toFixed(1)}% against ${(100 * report.estimates[0]!).toFixed(1)}%` };
}

/** The older race: candidates dropped and exact's cell left on significance tests. */
function testRace(board: Board, analysis: Analysis, base: number, ctx: StrategyContext, options: ThinkOptions, policy: Strategy, now?: () => number, started?: number): ThinkReport | null {
  const candidates = thinkCandidates(board, analysis, base, options);
  return candidates.length < 2 ? null : race(board, analysis, candidates, policy, ctx, options, now, started);
}

/** The race judged by belief (bayes-race.ts), reported as the older race reports. */
function believe(board: Board, analysis: Analysis, base: number, ctx: StrategyContext, options: ThinkOptions, policy: Strategy, now?: () => number, started?: number): ThinkReport | null {
  const exactOptions = exactPart(options);
  const entries = raceEntries(board, analysis, base, exactOptions, options.arms ?? THINK_DEFAULTS.arms, options.margin ?? THINK_DEFAULTS.margin);
  const r = bayesRace(board, analysis, entries, policy, ctx, { playouts: options.playouts ?? THINK_DEFAULTS.playouts, arms: options.arms ?? THINK_DEFAULTS.arms, margin: options.margin ?? THINK_DEFAULTS.margin, minRounds: options.minRounds ?? THINK_DEFAULTS.minRounds, dropChance: options.dropChance ?? THINK_DEFAULTS.dropChance, minValue: options.minValue ?? THINK_DEFAULTS.minValue, seed: options.seed ?? THINK_DEFAULTS.seed, ms: options.ms }, exactOptions, now, started);
  if (!r) return null;
  return { candidates: r.entries.map((e) => e.cell), estimates: r.estimates, rounds: r.rounds, playouts: r.playouts, chosen: r.chosen, exact: r.exact, leads: r.beliefs.map((b) => ({ mean: b.mean, se: b.sd })) };
}

/** The strategy; `now` (a clock in ms) enables the `ms` budget. */
export function createThinkStrategy(options: ThinkOptions = {}, now?: () => number, onReport?: (r: ThinkReport) => void): Strategy {
  const exactOptions = exactPart(options);
  // Its quick deductions are left out: a playout asks it only where single numbers (and pairs) prove nothing.
  const policy = createExactStrategy({ ...exactOptions, ...((options.fast ?? THINK_DEFAULTS.fast) ? { candidates: 0 } : {}), quick: false });
  // Remembered only when the decision depends on the position alone (no clock in it).
  const memo = new DecisionMemo(now && options.ms !== undefined ? 0 : (options.memo ?? MEMO_SIZE));
  const remembered = options.memoPlayouts === undefined ? options : { ...options, playouts: options.memoPlayouts };
  const guess = (b: Board, a: Analysis, ctx: StrategyContext) => thinkGuess(b, a, ctx, options, policy, now, onReport);
  const guessRemembered = (b: Board, a: Analysis, ctx: StrategyContext) => thinkGuess(b, a, ctx, remembered, policy, now, onReport);
  return {
    name: 'think',
    decide(board: Board, ctx: StrategyContext): Decision {
      const key = memo.keyOf(board, ctx);
      const known = key === null ? undefined : memo.get(key);
      if (known) return known;
      const decision = decideNow(board, ctx, exactOptions, key === null ? guess : guessRemembered);
      if (key !== null) memo.set(key, decision);
      return decision;
    },
  };
}
