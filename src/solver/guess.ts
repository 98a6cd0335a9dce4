// Choosing a guess when no cell is certainly safe.
//
// 1. Few layouts left: the exhaustive endgame search (endgame.ts) picks the move with the best
//    chance of clearing the board.
// 2. An unavoidable 50/50 (fifty.ts) is taken at once.
// 3. Otherwise (the default): one move of look-ahead over up to 30 candidates among the cells
//    whose safety is at least 90% of the best safety (risk <= 0.1 + 0.9 x least risk), safest
//    first (cells away from every number examined once per kind), as many as 300 analyses
//    allow (breadth, maxProbes). Each is opened in thought with every number it could show and
//    the board analysed again; the score is the chance of surviving it and then having a safe
//    next move ("secondary safety", (1 - p) x S), plus a weight x the chance that it yields a
//    certain safe cell (progress): 0.1 while fewer than 40 cells are open, 0.01 after
//    (progressWeight, progressWeightLate, lateOpen). A "dead" candidate, whose number is
//    already determined, teaches nothing and is skipped unless all are dead. Candidates are
//    analysed safest first and one is dropped as soon as even perfect remaining outcomes cannot
//    beat the best score.
//    Against the six-cell list before it (the 3 safest and the 3 likeliest openings, progress
//    0.1 throughout, plain rule beyond 60 analyses), paired, 20,000 games each: expert safe
//    +0.58 (+0.21 to +0.96) points, zero +0.37 (+0.06 to +0.68) (seed 205); intermediate safe
//    +0.43 (+0.18 to +0.69), zero +0.13 (+0.01 to +0.24); beginner safe +0.17 (+0.04 to +0.29),
//    zero +0.03 (-0.01 to +0.06) (seed 206); about a fifth slower on one thread (docs/solver.md).
//    60 candidates with no budget won as much (+0.58 / +0.41 on expert), more slowly still.
//    With 60 candidates, progress at 0.01 late against 0.03: +0.08 (-0.03 to +0.20) safe, +0.14
//    (+0.01 to +0.26) zero (seed 203); 0.001 late -0.07 (-0.16 to +0.02), late from 20 or 80
//    cells level with 40 (zero, seed 204). docs/solver.md has the commands.
//    History, on paired games: the first look-ahead (wide margin) lost to the plain rule; a
//    tight margin (within 5% of the least risk, 3 candidates) won +0.5 to +0.7 points on expert;
//    this wide margin wins again on top of that on expert: zero +0.80 (+-0.71, 6,000 games,
//    seed 51), safe +0.72 (+-1.09, 6,000, seed 53) — measured with progress worth only 0.001
//    (the weighting of D. Hill's solver), which lost on intermediate (xp -1.5 +-0.6, 20,000
//    games); progress at 0.1 is level on expert (safe +0.22 +-0.99, zero -0.18 +-0.45) and
//    wins it back on intermediate (xp +1.77 +-0.55, safe +0.64 +-0.51). Weighing cells that
//    may close into a 50/50 later (his "long-term risk") measured nothing (-0.08 +-0.31).
//    A second move of look-ahead (for the closest candidates, each outcome without progress
//    searched again for the best of the 2-3 safest next guesses) measured nothing either:
//    zero -0.03 +-0.39 (6,000 games, seed 101), safe -0.05 +-0.51 (4,000, seed 103), at 1.4x
//    to 2.4x the time, so it was not kept. Nor were 8 candidates within 80% of the best safety
//    (+0.03 +-0.31, zero, 8,000) or progress at 0.25 (intermediate safe -0.09 +-0.24, 10,000).
//    Nor was the next board's safety taken as 0.8 x its safest cell + 0.2 x its second safest
//    (the "blended safety" of D. Hill's current solver): safe +0.15 +-0.17 (8,000 games, 46
//    differed), zero +0.01 +-0.13 (8,000); at 0.5 safe +0.14 +-0.28.
// 4. With `candidates: 0`: the plain rule, the least risky cell; among cells of equal risk the
//    one likeliest to show a 0 and open an area (fewest unknown neighbours, least likely mined).

import { FLAG, isUnknown, neighbourTable, type Board } from '../core/board.js';
import type { StrategyContext } from '../core/strategy.js';
import { isContradiction } from './constraints.js';
import { endgameMove } from './endgame.js';
import { findFiftyFifty } from './fifty.js';
import { tryAnalyze, type Analysis, type AnalyzeOptions } from './probability.js';

export interface GuessOptions extends AnalyzeOptions {
  /** Most candidates examined with look-ahead when breadth is 0 (6; 0 = plain minimum risk). */
  candidates?: number;
  /** Candidates are cells whose risk is at most this much above the least risk (default 0.1, see relTolerance). */
  tolerance?: number;
  /** Search the game tree exhaustively when few layouts remain (default true). */
  endgame?: boolean;
  /** Most layouts for the endgame search (default 1,000). */
  endgameLayouts?: number;
  /** Most work of the endgame search (layouts examined over all nodes) before it gives up. */
  endgameWork?: number;
  /** Without look-ahead: risk accepted per unit of chance that the cell opens an area. */
  openingWeight?: number;
  /** Weight of the chance of progress in the score (added to secondary safety). */
  progressWeight?: number;
  /** Take an unavoidable 50/50 at once (fifty.ts). */
  fiftyFifty?: boolean;
  /** Skip candidates whose number is already determined ("dead"), unless all are. */
  skipDead?: boolean;
  /**
   * Most analyses (candidates x numbers each could show) of one look-ahead (default 300): with
   * breadth, the list is cut there; without, more falls back to the plain rule (was 60).
   */
  maxProbes?: number;
  /** Look-ahead candidates: risk at most pmin + tolerance + relTolerance * pmin (default -0.1: safety at least 90% of the best). */
  relTolerance?: number;
  /** Most state transitions of one look-ahead analysis; beyond it the plain rule decides. */
  lookTransitions?: number;
  /**
   * Examine up to this many cells within the margin, safest first (one per kind of interior
   * cell), instead of `candidates` chosen half by risk and half by opening chance; the probe
   * budget then cuts the list short rather than falling back to the plain rule (default 30; 0 =
   * the six-cell list).
   */
  breadth?: number;
  /** The next move's safety counts only cells that are not found dead (their number fixed). */
  living?: boolean;
  /** Next-move safety blended as (1 - blend) x safest + blend x second safest cell. */
  blend?: number;
  /** Weight of progress once at least `lateOpen` cells are open (default 0.01 from 40 cells). */
  progressWeightLate?: number;
  /** Opened cells from which progressWeightLate applies. */
  lateOpen?: number;
}

/** How the look-ahead judges the board after an imagined opening. */
export interface OutcomeOptions extends AnalyzeOptions {
  living?: boolean;
  blend?: number;
}

/** The guess policy of `exact` (measured on paired games, see the top of this file). */
export const GUESS_DEFAULTS: GuessOptions = {
  candidates: 6,
  tolerance: 0.1,
  relTolerance: -0.1,
  progressWeight: 0.1,
  skipDead: true,
  fiftyFifty: true,
  breadth: 30,
  maxProbes: 300,
  progressWeightLate: 0.01,
  lateOpen: 40,
  endgameLayouts: 1000,
  endgameWork: 8_000_000,
};

export interface Guess {
  cell: number;
  /** Chance of surviving this guess and the next move, as estimated. */
  score: number;
  note?: string;
}


/** Chance that a cell shows 0, if its unknown neighbours were independent (a cheap ranking). */
function zeroProxy(board: Board, analysis: Analysis, cell: number, nb: Int32Array[]): number {
  let z = 1;
  for (const j of nb[cell]!) {
    const p = analysis.probabilities[j]!;
    if (isUnknown(board.cells[j]!)) z *= 1 - p;
    else if (board.cells[j] === FLAG && analysis.flagsTrusted) z = 0;
  }
  return z;
}

export interface Outcome {
  value: number;
  /** P(the cell is safe and shows `value`). */
  p: number;
  progress: boolean;
  /** Risk of the safest next move (0 with progress; blended with the second safest when asked). */
  nextRisk: number;
  /** The hypothetical board needed the bounded approximation. */
  approximate: boolean;
}

/** Every number `cell` could show, with its probability and what the next move would face. */
export function outcomesOf(board: Board, analysis: Analysis, cell: number, options: OutcomeOptions = {}): Outcome[] {
  return [...eachOutcome(board, analysis, cell, options)];
}

/**
 * Whether unknown cell j is certainly dead on `board` with mine probabilities `probs`: if safe,
 * its number is already fixed. Sufficient test (may call a dead cell alive): its uncertain unknown
 * neighbours are none, or exactly the uncertain unknown neighbours (j aside) of one number.
 */
export function isDeadCell(board: Board, probs: Float64Array, j: number, nb: Int32Array[]): boolean {
  const cells = board.cells;
  const around: number[] = [];
  for (const k of nb[j]!) {
    if (!isUnknown(cells[k]!)) continue;
    const q = probs[k]!;
    if (q > 0 && q < 1) around.push(k);
  }
  if (around.length === 0) return true;
  // A number that sees all of them (it is next to the first one) and nothing else uncertain.
  for (const n of nb[around[0]!]!) {
    if (cells[n]! > 8) continue;
    let count = 0;
    let ok = true;
    for (const k of nb[n]!) {
      if (k === j || !isUnknown(cells[k]!)) continue;
      const q = probs[k]!;
      if (!(q > 0 && q < 1)) continue;
      if (!around.includes(k)) {
        ok = false;
        break;
      }
      count++;
    }
    if (ok && count === around.length) return true;
  }
  return false;
}

/** The outcomes of opening `cell`, one at a time (the look-ahead stops early when it can). */
export function* eachOutcome(board: Board, analysis: Analysis, cell: number, options: OutcomeOptions = {}): Generator<Outcome> {
  const nb = neighbourTable(board.width, board.height);
  // The numbers it can show: its flags (when trusted) and certain mines at least, every
  // neighbour that is not certainly safe at most.
  let lo = 0;
  let hi = 0;
  for (const j of nb[cell]!) {
    const c = board.cells[j]!;
    const q = analysis.probabilities[j]!;
    if (c === FLAG) {
      hi++;
      if (analysis.flagsTrusted) lo++;
    } else if (isUnknown(c) && q > 0) {
      hi++;
      if (q >= 1) lo++;
    }
  }
  const living = options.living ?? false;
  const blend = options.blend ?? 0;
  const cells = board.cells.slice();
  const probe: Board = { width: board.width, height: board.height, mines: board.mines, cells };
  const focus = { cell, base: analysis, scratch: new Float64Array(cells.length), models: {} };
  for (let v = lo; v <= hi; v++) {
    cells[cell] = v;
    const r = tryAnalyze(probe, options, focus);
    if (isContradiction(r)) continue;
    const p = Math.exp(r.logLayouts - analysis.logLayouts);
    if (!(p > 0)) continue;
    let progress = false;
    let minRisk = Infinity;
    let second = Infinity;
    let left = 0;
    let anyRisk = Infinity;
    const q = r.probabilities;
    for (let i = 0; i < cells.length; i++) {
      if (!isUnknown(cells[i]!)) continue;
      const qi = q[i]!;
      if (qi >= 1) continue;
      if (qi > 0) {
        left++;
        if (qi < anyRisk) anyRisk = qi;
      }
      if (qi > second) continue;
      if (living && isDeadCell(probe, q, i, nb)) continue;
      if (qi === 0) {
        progress = true;
        break;
      }
      if (qi < minRisk) [second, minRisk] = [minRisk, qi];
      else if (qi < second) second = qi;
    }
    if (!progress && left === 0) progress = true; // the board is solved
    // Every uncertain cell dead: the next move is a plain gamble on the safest of them.
    if (minRisk === Infinity) minRisk = anyRisk;
    let nextRisk = progress ? 0 : minRisk;
    if (!progress && blend > 0 && minRisk < Infinity) nextRisk = (1 - blend) * minRisk + blend * (second < Infinity ? second : 1);
    yield { value: v, p, progress, nextRisk, approximate: r.approximate };
  }
}

export function chooseGuess(board: Board, analysis: Analysis, _ctx: StrategyContext, given: GuessOptions = {}): Guess | null {
  const options: GuessOptions = { ...GUESS_DEFAULTS, ...given };
  const probs = analysis.probabilities;
  const candidates: number[] = [];
  let pmin = Infinity;
  for (let i = 0; i < board.cells.length; i++) {
    if (!isUnknown(board.cells[i]!)) continue;
    const p = probs[i]!;
    if (p >= 1) continue;
    candidates.push(i);
    if (p < pmin) pmin = p;
  }
  if (candidates.length === 0) return null;
  if (options.endgame !== false) {
    const end = endgameMove(board, analysis, { maxLayouts: options.endgameLayouts ?? 1000, maxWork: options.endgameWork ?? 8_000_000 });
    if (end) return { cell: end.cell, score: end.win, note: `endgame search: win chance ${(100 * end.win).toFixed(1)}%` };
  }
  if (options.fiftyFifty && !analysis.approximate) {
    const f = findFiftyFifty(board, analysis);
    if (f >= 0) return { cell: f, score: 0.5, note: 'unavoidable 50/50' };
  }
  const lookOptions: AnalyzeOptions =
    options.lookTransitions !== undefined ? { ...options, maxTransitions: Math.min(options.lookTransitions, options.maxTransitions ?? Infinity) } : options;
  const nb = neighbourTable(board.width, board.height);
  const within = pmin + (options.tolerance ?? 0.1) + (options.relTolerance ?? 0) * pmin;
  const ranked = candidates
    .filter((i) => probs[i]! <= within)
    .map((i) => ({ i, key: probs[i]! - 0.1 * zeroProxy(board, analysis, i, nb) }))
    .sort((a, b) => a.key - b.key || a.i - b.i);
  const limit = options.candidates ?? 0;
  if (limit <= 0 || analysis.approximate) {
    // Plain minimum risk, ties to the likelier opening.
    const beta = options.openingWeight ?? 1e-6;
    const best = candidates
      .map((i) => ({ i, key: probs[i]! - beta * zeroProxy(board, analysis, i, nb) }))
      .sort((a, b) => a.key - b.key || a.i - b.i)[0]!;
    return { cell: best.i, score: 1 - probs[best.i]! };
  }
  // Examine the safest cells (ties to the likelier opening) and the likeliest openings near them.
  const byRisk = candidates
    .map((i) => ({ i, key: probs[i]! - 1e-6 * zeroProxy(board, analysis, i, nb) }))
    .sort((a, b) => a.key - b.key || a.i - b.i);
  const plain = (): Guess => ({ cell: byRisk[0]!.i, score: 1 - probs[byRisk[0]!.i]! });
  const examine: number[] = [];
  const chosen = new Set<number>();
  const take = (i: number) => {
    if (!chosen.has(i)) (chosen.add(i), examine.push(i));
  };
  // Unknown cells next to no number are exchangeable: one whose neighbours are all such cells
  // has the same outcomes as any other with as many neighbours. Examine one of each kind.
  const interior = new Uint8Array(board.cells.length);
  for (let i = 0; i < board.cells.length; i++) {
    if (!isUnknown(board.cells[i]!)) continue;
    let free = 1;
    for (const j of nb[i]!) if (board.cells[j]! <= 8) free = 0;
    interior[i] = free;
  }
  const kinds = new Set<number>();
  const kindOf = (i: number): number => {
    if (!interior[i]) return -1;
    for (const j of nb[i]!) if (!interior[j]) return -1;
    return nb[i]!.length;
  };
  const takeOnce = (i: number) => {
    const kind = kindOf(i);
    if (kind >= 0) {
      if (kinds.has(kind)) return;
      kinds.add(kind);
    }
    take(i);
  };
  // Each candidate costs one focused analysis per number it could show.
  const probesOf = (i: number): number => {
    let open = 0;
    for (const j of nb[i]!) if (isUnknown(board.cells[j]!) || board.cells[j] === FLAG) open++;
    return open + 1;
  };
  const breadth = options.breadth ?? 0;
  if (breadth > 0) {
    // Every cell within the margin, safest first, as far as the probe budget goes.
    let budget = options.maxProbes ?? Infinity;
    for (const { i } of byRisk) {
      if (examine.length >= breadth || probs[i]! > within) break;
      const cost = probesOf(i);
      if (examine.length > 0 && cost > budget) break;
      const before = examine.length;
      takeOnce(i);
      if (examine.length > before) budget -= cost;
    }
  } else {
    for (const { i } of byRisk) {
      if (examine.length >= Math.ceil(limit / 2) || probs[i]! > within) break;
      takeOnce(i);
    }
    for (const { i } of ranked) {
      if (examine.length >= limit) break;
      takeOnce(i);
    }
  }
  if (examine.length === 1) return { cell: examine[0]!, score: 1 - probs[examine[0]!]! };
  // Bounded time.
  let probes = 0;
  for (const i of examine) probes += probesOf(i);
  if (probes > (options.maxProbes ?? Infinity)) return plain();
  let best: { cell: number; score: number; progress: number; p: number } | null = null;
  let bestDead: { cell: number; score: number; progress: number; p: number } | null = null;
  let pw = options.progressWeight ?? 0;
  if (options.progressWeightLate !== undefined) {
    let open = 0;
    for (const c of board.cells) if (c <= 8) open++;
    if (open >= (options.lateOpen ?? 0)) pw = options.progressWeightLate;
  }
  const skipDead = options.skipDead ?? false;
  // The likeliest winners first, so that the bound below cuts the others short.
  const order = examine.map((i) => ({ i, top: 1 - probs[i]! })).sort((a, b) => b.top - a.top || a.i - b.i);
  for (const { i, top } of order) {
    let score = 0;
    let progress = 0;
    let count = 0;
    let pruned = false;
    const p = probs[i]!;
    // Each outcome adds at most its probability x (1 + pw); once even that cannot reach the
    // best score so far, the candidate cannot win and the rest is not analysed.
    if (best && top * (1 + pw) < best.score - 1e-6) continue;
    let left = 1 - p;
    for (const o of eachOutcome(board, analysis, i, lookOptions)) {
      if (o.approximate) return plain();
      count++;
      score += o.p * (1 - o.nextRisk);
      if (o.progress) progress += o.p;
      left -= o.p;
      if (best && score + pw * progress + Math.max(0, left) * (1 + pw) < best.score - 1e-6) {
        pruned = true;
        break;
      }
    }
    if (pruned) continue;
    score += pw * progress;
    const dead = skipDead && count <= 1;
    const cur = dead ? bestDead : best;
    const better =
      !cur ||
      score > cur.score + 1e-9 ||
      (score > cur.score - 1e-9 && (progress > cur.progress + 1e-9 || (progress > cur.progress - 1e-9 && p < cur.p)));
    if (better) {
      if (dead) bestDead = { cell: i, score, progress, p };
      else best = { cell: i, score, progress, p };
    }
  }
  const pick = best ?? bestDead!;
  return { cell: pick.cell, score: pick.score };
}
