// Choosing a guess when no cell is certainly safe. Every candidate near the minimum risk is
// opened in thought with each number it could show; the board that results is analysed again.
// A candidate scores the chance of surviving it and then having a safe next move (certain safe
// cells, or else the safest cell of the new board): "secondary safety". Ties go to the higher
// chance of progress (some certain safe cell next), then to the lower risk now.

import { COVERED, FLAG, QUESTION, neighbourTable, type Board } from '../core/board.js';
import type { StrategyContext } from '../core/strategy.js';
import { isContradiction } from './constraints.js';
import { tryAnalyze, type Analysis, type AnalyzeOptions } from './probability.js';

export interface GuessOptions extends AnalyzeOptions {
  candidates?: number;
}

export interface Guess {
  cell: number;
  /** Chance of surviving this guess and the next move, as estimated. */
  score: number;
  note?: string;
}

const isUnknown = (c: number) => c === COVERED || c === QUESTION;

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
  /** Risk of the safest next move (0 with progress). */
  nextRisk: number;
}

/** Every number `cell` could show, with its probability and what the next move would face. */
export function outcomesOf(board: Board, analysis: Analysis, cell: number, options: AnalyzeOptions = {}): Outcome[] {
  const nb = neighbourTable(board.width, board.height);
  let flagged = 0;
  let open = 0;
  for (const j of nb[cell]!) {
    const c = board.cells[j]!;
    if (c === FLAG) flagged++;
    else if (isUnknown(c)) open++;
  }
  const lo = analysis.flagsTrusted ? flagged : 0;
  const hi = flagged + open;
  const cells = board.cells.slice();
  const probe: Board = { width: board.width, height: board.height, mines: board.mines, cells };
  const out: Outcome[] = [];
  for (let v = lo; v <= hi; v++) {
    cells[cell] = v;
    const r = tryAnalyze(probe, options, { cell, base: analysis });
    if (isContradiction(r)) continue;
    const p = Math.exp(r.logLayouts - analysis.logLayouts);
    if (!(p > 0)) continue;
    let progress = false;
    let minRisk = Infinity;
    let left = 0;
    for (let i = 0; i < cells.length; i++) {
      if (!isUnknown(cells[i]!)) continue;
      const q = r.probabilities[i]!;
      if (q === 0) {
        progress = true;
        break;
      }
      if (q < 1) {
        left++;
        if (q < minRisk) minRisk = q;
      }
    }
    if (!progress && left === 0) progress = true; // the board is solved
    out.push({ value: v, p, progress, nextRisk: progress ? 0 : minRisk });
  }
  return out;
}

export function chooseGuess(board: Board, analysis: Analysis, _ctx: StrategyContext, options: GuessOptions = {}): Guess | null {
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
  const nb = neighbourTable(board.width, board.height);
  const ranked = candidates
    .filter((i) => probs[i]! <= pmin + 0.1)
    .map((i) => ({ i, key: probs[i]! - 0.1 * zeroProxy(board, analysis, i, nb) }))
    .sort((a, b) => a.key - b.key || a.i - b.i);
  const limit = options.candidates ?? 10;
  if (limit <= 0 || analysis.approximate) {
    // Plain minimum risk, ties to the likelier opening.
    const best = candidates
      .map((i) => ({ i, key: probs[i]! - 1e-6 * zeroProxy(board, analysis, i, nb) }))
      .sort((a, b) => a.key - b.key || a.i - b.i)[0]!;
    return { cell: best.i, score: 1 - probs[best.i]! };
  }
  let best: { cell: number; score: number; progress: number; p: number } | null = null;
  for (const { i } of ranked.slice(0, limit)) {
    let score = 0;
    let progress = 0;
    for (const o of outcomesOf(board, analysis, i, options)) {
      score += o.p * (1 - o.nextRisk);
      if (o.progress) progress += o.p;
    }
    const p = probs[i]!;
    const better =
      !best ||
      score > best.score + 1e-9 ||
      (score > best.score - 1e-9 && (progress > best.progress + 1e-9 || (progress > best.progress - 1e-9 && p < best.p)));
    if (better) best = { cell: i, score, progress, p };
  }
  return { cell: best!.cell, score: best!.score };
}
