// Choosing a guess when no cell is certainly safe (`chooseGuess`, an outline of named steps):
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
// 4. With `candidates: 0`: the plain rule, the least risky cell; among cells of equal risk the
//    one likeliest to show a 0 and open an area (fewest unknown neighbours, least likely mined).
//
// Every choice here was measured on paired games; the history (what was tried, kept and dropped,
// with the commands) is in docs/solver.md. `think` (think.ts) re-ranks the look-ahead's leading
// candidates by playouts; it reads the scores through `lookAheadScores`.

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
  const open = openCells(board, analysis);
  if (open.cells.length === 0) return null;
  const settled = endgameGuess(board, analysis, options) ?? fiftyFiftyGuess(board, analysis, options);
  if (settled) return settled;
  if ((options.candidates ?? 0) <= 0 || analysis.approximate) return plainGuess(board, analysis, open.cells, options.openingWeight ?? 1e-6);
  const examine = lookAheadCandidates(board, analysis, open, options);
  if (examine.length === 1) return { cell: examine[0]!, score: 1 - analysis.probabilities[examine[0]!]! };
  if (probeCount(board, examine) > (options.maxProbes ?? Infinity)) return plainGuess(board, analysis, open.cells, 1e-6);
  return bestByLookAhead(board, analysis, examine, options) ?? plainGuess(board, analysis, open.cells, 1e-6);
}

/** The unknown cells that are not certain mines, and the least risk among them. */
export interface OpenCells {
  cells: number[];
  pmin: number;
}

export function openCells(board: Board, analysis: Analysis): OpenCells {
  const probs = analysis.probabilities;
  const cells: number[] = [];
  let pmin = Infinity;
  for (let i = 0; i < board.cells.length; i++) {
    if (!isUnknown(board.cells[i]!)) continue;
    const p = probs[i]!;
    if (p >= 1) continue;
    cells.push(i);
    if (p < pmin) pmin = p;
  }
  return { cells, pmin };
}

/** Step 1: the endgame search's move, when few enough layouts remain. */
export function endgameGuess(board: Board, analysis: Analysis, options: GuessOptions): Guess | null {
  if (options.endgame === false) return null;
  const end = endgameMove(board, analysis, { maxLayouts: options.endgameLayouts ?? 1000, maxWork: options.endgameWork ?? 8_000_000 });
  return end ? { cell: end.cell, score: end.win, note: `endgame search: win chance ${(100 * end.win).toFixed(1)}%` } : null;
}

/** Step 2: a cell of an unavoidable 50/50. */
export function fiftyFiftyGuess(board: Board, analysis: Analysis, options: GuessOptions): Guess | null {
  if (!options.fiftyFifty || analysis.approximate) return null;
  const f = findFiftyFifty(board, analysis);
  return f >= 0 ? { cell: f, score: 0.5, note: 'unavoidable 50/50' } : null;
}

/** Step 4 (and the fallback of step 3): the least risky cell, ties to the likelier opening (by `beta`). */
export function plainGuess(board: Board, analysis: Analysis, cells: number[], beta: number): Guess {
  const nb = neighbourTable(board.width, board.height);
  const probs = analysis.probabilities;
  const best = cells
    .map((i) => ({ i, key: probs[i]! - beta * zeroProxy(board, analysis, i, nb) }))
    .sort((a, b) => a.key - b.key || a.i - b.i)[0]!;
  return { cell: best.i, score: 1 - probs[best.i]! };
}

/** The margin of the look-ahead: cells whose risk is at most this are candidates. */
function marginOf(pmin: number, options: GuessOptions): number {
  return pmin + (options.tolerance ?? 0.1) + (options.relTolerance ?? 0) * pmin;
}

/**
 * Step 3a: the cells the look-ahead examines. With `breadth`: every cell within the margin,
 * safest first (ties to the likelier opening), one of each kind of interior cell, as far as the
 * probe budget goes. Without: half the list the safest cells, the rest the likeliest openings.
 */
export function lookAheadCandidates(board: Board, analysis: Analysis, open: OpenCells, options: GuessOptions): number[] {
  const probs = analysis.probabilities;
  const nb = neighbourTable(board.width, board.height);
  const within = marginOf(open.pmin, options);
  const byRisk = open.cells
    .map((i) => ({ i, key: probs[i]! - 1e-6 * zeroProxy(board, analysis, i, nb) }))
    .sort((a, b) => a.key - b.key || a.i - b.i);
  const examine: number[] = [];
  const chosen = new Set<number>();
  const kinds = new Set<number>();
  const kindOf = interiorKinds(board, nb);
  // Unknown cells next to no number are exchangeable: one whose neighbours are all such cells
  // has the same outcomes as any other with as many neighbours. Examine one of each kind.
  const takeOnce = (i: number) => {
    const kind = kindOf(i);
    if (kind >= 0) {
      if (kinds.has(kind)) return;
      kinds.add(kind);
    }
    if (!chosen.has(i)) (chosen.add(i), examine.push(i));
  };
  const breadth = options.breadth ?? 0;
  if (breadth > 0) {
    let budget = options.maxProbes ?? Infinity;
    for (const { i } of byRisk) {
      if (examine.length >= breadth || probs[i]! > within) break;
      const cost = probesOf(board, i, nb);
      if (examine.length > 0 && cost > budget) break;
      const before = examine.length;
      takeOnce(i);
      if (examine.length > before) budget -= cost;
    }
    return examine;
  }
  const limit = options.candidates ?? 0;
  for (const { i } of byRisk) {
    if (examine.length >= Math.ceil(limit / 2) || probs[i]! > within) break;
    takeOnce(i);
  }
  const ranked = open.cells
    .filter((i) => probs[i]! <= within)
    .map((i) => ({ i, key: probs[i]! - 0.1 * zeroProxy(board, analysis, i, nb) }))
    .sort((a, b) => a.key - b.key || a.i - b.i);
  for (const { i } of ranked) {
    if (examine.length >= limit) break;
    takeOnce(i);
  }
  return examine;
}

/** For each cell, its kind when it and all its neighbours are next to no number (its neighbour count), else -1. */
function interiorKinds(board: Board, nb: Int32Array[]): (i: number) => number {
  const interior = new Uint8Array(board.cells.length);
  for (let i = 0; i < board.cells.length; i++) {
    if (!isUnknown(board.cells[i]!)) continue;
    let free = 1;
    for (const j of nb[i]!) if (board.cells[j]! <= 8) free = 0;
    interior[i] = free;
  }
  return (i) => {
    if (!interior[i]) return -1;
    for (const j of nb[i]!) if (!interior[j]) return -1;
    return nb[i]!.length;
  };
}

/** Analyses one candidate costs: one per number it could show. */
function probesOf(board: Board, i: number, nb: Int32Array[]): number {
  let open = 0;
  for (const j of nb[i]!) if (isUnknown(board.cells[j]!) || board.cells[j] === FLAG) open++;
  return open + 1;
}

function probeCount(board: Board, examine: number[]): number {
  const nb = neighbourTable(board.width, board.height);
  let probes = 0;
  for (const i of examine) probes += probesOf(board, i, nb);
  return probes;
}

/** Weight of progress in the score at this stage of the game. */
function progressWeightOf(board: Board, options: GuessOptions): number {
  let pw = options.progressWeight ?? 0;
  if (options.progressWeightLate !== undefined) {
    let open = 0;
    for (const c of board.cells) if (c <= 8) open++;
    if (open >= (options.lateOpen ?? 0)) pw = options.progressWeightLate;
  }
  return pw;
}

/** A candidate's look-ahead score: secondary safety + pw x progress. */
export interface Scored {
  cell: number;
  score: number;
  progress: number;
  /** Its mine probability. */
  p: number;
  /** Its number is already determined (a single possible outcome). */
  dead: boolean;
}

/**
 * Scores one candidate over the numbers it could show; 'pruned' once even perfect remaining
 * outcomes cannot reach `bar`; 'approximate' when an imagined board needed the approximation.
 */
function scoreCandidate(board: Board, analysis: Analysis, i: number, pw: number, lookOptions: AnalyzeOptions, bar: number): Scored | 'pruned' | 'approximate' {
  let score = 0;
  let progress = 0;
  let count = 0;
  const p = analysis.probabilities[i]!;
  // Each outcome adds at most its probability x (1 + pw); once even that cannot reach the bar,
  // the candidate cannot win and the rest is not analysed.
  let left = 1 - p;
  for (const o of eachOutcome(board, analysis, i, lookOptions)) {
    if (o.approximate) return 'approximate';
    count++;
    score += o.p * (1 - o.nextRisk);
    if (o.progress) progress += o.p;
    left -= o.p;
    if (score + pw * progress + Math.max(0, left) * (1 + pw) < bar - 1e-6) return 'pruned';
  }
  score += pw * progress;
  return { cell: i, score, progress, p, dead: count <= 1 };
}

function lookOptionsOf(options: GuessOptions): AnalyzeOptions {
  return options.lookTransitions !== undefined ? { ...options, maxTransitions: Math.min(options.lookTransitions, options.maxTransitions ?? Infinity) } : options;
}

/** Whether `a` ranks above `b`: higher score, then more progress, then less risk. */
function ranksAbove(a: Scored, b: Scored | null): boolean {
  return !b || a.score > b.score + 1e-9 || (a.score > b.score - 1e-9 && (a.progress > b.progress + 1e-9 || (a.progress > b.progress - 1e-9 && a.p < b.p)));
}

/**
 * Step 3b: the best candidate by look-ahead score (a living one when any is, with `skipDead`),
 * analysed likeliest winner first so that the bound cuts the others short; null when an
 * imagined board needed the approximation (the caller then takes the plain rule).
 */
export function bestByLookAhead(board: Board, analysis: Analysis, examine: number[], options: GuessOptions): Guess | null {
  const probs = analysis.probabilities;
  const pw = progressWeightOf(board, options);
  const lookOptions = lookOptionsOf(options);
  const skipDead = options.skipDead ?? false;
  let best: Scored | null = null;
  let bestDead: Scored | null = null;
  const order = examine.map((i) => ({ i, top: 1 - probs[i]! })).sort((a, b) => b.top - a.top || a.i - b.i);
  for (const { i, top } of order) {
    if (best && top * (1 + pw) < best.score - 1e-6) continue;
    const s = scoreCandidate(board, analysis, i, pw, lookOptions, best ? best.score : -Infinity);
    if (s === 'approximate') return null;
    if (s === 'pruned') continue;
    const dead = skipDead && s.dead;
    if (ranksAbove(s, dead ? bestDead : best)) {
      if (dead) bestDead = s;
      else best = s;
    }
  }
  const pick = best ?? bestDead!;
  return { cell: pick.cell, score: pick.score };
}

/**
 * The look-ahead's full ranking of the cells `exact` would examine (no pruning: every score is
 * complete), best first as `bestByLookAhead` ranks them; null where `exact` would not run its
 * look-ahead (no choice, approximation, over the probe budget). Used by `think`.
 */
export function lookAheadScores(board: Board, analysis: Analysis, given: GuessOptions = {}): Scored[] | null {
  const options: GuessOptions = { ...GUESS_DEFAULTS, ...given };
  if ((options.candidates ?? 0) <= 0 || analysis.approximate) return null;
  const open = openCells(board, analysis);
  if (open.cells.length === 0) return null;
  const examine = lookAheadCandidates(board, analysis, open, options);
  if (examine.length <= 1 || probeCount(board, examine) > (options.maxProbes ?? Infinity)) return null;
  const pw = progressWeightOf(board, options);
  const lookOptions = lookOptionsOf(options);
  const scored: Scored[] = [];
  for (const i of examine) {
    const s = scoreCandidate(board, analysis, i, pw, lookOptions, -Infinity);
    if (s === 'approximate') return null;
    if (s !== 'pruned') scored.push(s);
  }
  const skipDead = options.skipDead ?? false;
  const living = skipDead && scored.some((s) => !s.dead);
  return scored.sort((a, b) => {
    if (living && a.dead !== b.dead) return a.dead ? 1 : -1;
    return ranksAbove(a, b) ? -1 : ranksAbove(b, a) ? 1 : a.cell - b.cell;
  });
}
