// Mine probabilities under the Windows XP first-click rule.
//
// Under `xp` the layout is fixed before the first click, and a mine under that click moves to the
// first free cell in reading order (row by row from the top-left, the clicked cell skipped). So
// final layouts are not equally likely: a final layout L arises from L itself and from one
// original layout for each mine m of L such that every cell before m in reading order (but the
// clicked one) is a mine too (that original had its mine on the clicked cell, and m was the
// first free cell). With r(L) such mines — the run of mines at the start of reading order — L
// has weight 1 + r(L). Summed over the layouts consistent with the board:
//
//   sum over L of (1 + r(L)) = Z_0 + Z_1 + Z_2 + ...,
//
// where Z_k counts the consistent layouts whose first k cells in reading order (the click
// skipped) all hold mines. Each Z_k is an ordinary analysis of the board with those cells shown
// as mines, so the probabilities are the Z_k-weighted mixture of those analyses. The series
// stops at the first cell that is open or cannot be a mine, and its terms shrink roughly by the
// mine density each step.
//
// When the first click is not known (a game begun by hand), UNKNOWN_CLICK weighs as if it was not
// the first open cell in reading order: then the run ends at that cell whichever open cell the
// click was, and the weights are exact. Only when the click was that very cell (and every cell
// before it is a mine) is the run cut short, which errs toward the uniform odds.

import { FLAG, MINE, isUnknown, type Board } from '../core/board.js';
import { isContradiction, type Contradiction } from './constraints.js';
import { tryAnalyze, type Analysis, type AnalyzeOptions } from './probability.js';

/** The first click is not known: see above. */
export const UNKNOWN_CLICK = -1;

/** Terms below this share of the first are left out (their effect is below 1e-12). */
const NEGLIGIBLE = 1e-12;

/**
 * The analysis of a board played under the XP rule whose first click was on `click`: exact
 * probabilities for the weighted layouts. `logLayouts` stays the plain layout count (what the
 * look-ahead compares hypothetical boards by), the certain cells are those of the plain analysis
 * (the weights never make a consistent layout impossible).
 */
export function tryAnalyzeXp(board: Board, click: number, options: AnalyzeOptions = {}): Analysis | Contradiction {
  const base = tryAnalyze(board, options);
  return isContradiction(base) ? base : weighXp(board, base, click, options);
}

/** `base` (the plain analysis of `board`) reweighed for the XP rule, as tryAnalyzeXp. */
export function weighXp(board: Board, base: Analysis, click: number, options: AnalyzeOptions = {}): Analysis {
  if (base.approximate || (click !== UNKNOWN_CLICK && isUnknown(board.cells[click]!))) return base;
  const mixed = Float64Array.from(base.probabilities);
  let total = 1;
  const forced = board.cells.slice();
  const probe: Board = { width: board.width, height: board.height, mines: board.mines, cells: forced };
  for (let i = 0; i < forced.length; i++) {
    if (i === click) continue;
    const c = forced[i]!;
    if (!isUnknown(c) && c !== FLAG) break; // an open cell ends the run of mines
    forced[i] = MINE;
    const next = tryAnalyze(probe, options);
    // A term that needs the approximation ends the series: the mixture then leaves it and the
    // later, smaller terms out rather than weigh in an approximate count.
    if (isContradiction(next) || next.approximate) break;
    const weight = Math.exp(next.logLayouts - base.logLayouts);
    if (!(weight > NEGLIGIBLE)) break;
    for (let j = 0; j < mixed.length; j++) {
      const q = forced[j] === MINE && board.cells[j] !== MINE ? 1 : next.probabilities[j]!;
      if (!Number.isNaN(q)) mixed[j] = mixed[j]! + weight * q;
    }
    total += weight;
  }
  if (total === 1) return base;
  for (let j = 0; j < mixed.length; j++) mixed[j] = mixed[j]! / total;
  // Certain cells stay certain; keep them exact against rounding.
  for (const j of base.safe) mixed[j] = 0;
  for (const j of base.mines) mixed[j] = 1;
  return { ...base, probabilities: mixed, xpClick: click };
}
