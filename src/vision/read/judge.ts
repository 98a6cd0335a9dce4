// Judging a reading as a whole: which cells a skin explains, whether what it reads is a
// Minesweeper position at all, and whether the skin fits the board well enough to be used.
//
// A cell is explained when its best sprite fits well (score) and clearly (confidence). A cell
// that is not explained is unsure. So is a cell the position contradicts: a number with more
// mines shown around it (after a loss) than it says, or with fewer cells around it that could
// hold one (covered, flagged, shown); an
// opened blank (0) next to a covered cell (every game opens a blank's neighbours at once, so
// that is a misreading or a frame caught mid-animation). A skin is refused for a board — rather
// than read with many doubtful cells — when it explains under half of the cells, or under 85%
// with the rest strewn over the board (not one patch something covers), when the cells it reads
// contradict each other in many places, when it reads no cell that could hold a mine, or when
// the grid is smaller than any board.

import type { Match } from './classify.js';
import { CODE_OF_STATE, type CellState } from '../skins/skin.js';
import { COVERED, EXPLODED, FLAG, MINE, QUESTION, neighbourTable, sideTable } from '../../core/board.js';

export const EXPLAINED_SCORE = 0.75;
export const EXPLAINED_CONFIDENCE = 0.5;

/** Whether a skin explains a cell: its best sprite fits well and clearly. */
export function explained(m: Match): boolean {
  return m.score >= EXPLAINED_SCORE && m.confidence >= EXPLAINED_CONFIDENCE;
}

/**
 * Cells (indices) the position contradicts, among the sure ones: numbers that cannot be right
 * given the cells around them, and each blank next to a covered cell together with that cell.
 * Unsure cells count as anything (they contradict nothing).
 */
export function contradictions(codes: ArrayLike<number>, sure: ArrayLike<boolean>, width: number, height: number, zeroSidesOnly = false): Set<number> {
  const table = neighbourTable(width, height);
  // (the cells a 0 opens: all eight, or its sides in a game that opens only those)
  const opens = zeroSidesOnly ? sideTable(width, height) : table;
  const out = new Set<number>();
  for (let i = 0; i < width * height; i++) {
    const c = codes[i]!;
    if (!sure[i] || c > 8) continue;
    let mines = 0, possible = 0;
    for (const j of table[i]!) {
      const n = codes[j]!;
      if (!sure[j]) {
        possible++;
        continue;
      }
      // a flag is the player's claim, which may be wrong (a number may show fewer mines than
      // flags around it); a mine shown after a loss is the game's
      if (n === MINE || n === EXPLODED) {
        mines++;
        possible++;
      } else if (n === COVERED || n === QUESTION || n === FLAG) possible++;
      // a game opens every neighbour of a 0 with it: a 0 beside a covered cell, or beside a flag
      // (flags go on cells next to a number; a flag put before the cascade reached it is rare),
      // is a number misread (in a game that opens only a 0's four sides, learned by its skin, a
      // corner may stay closed)
      if (c === 0 && (n === COVERED || n === FLAG) && opens[i]!.includes(j)) {
        out.add(i);
        out.add(j);
      }
    }
    if (mines > c || possible < c) out.add(i);
  }
  return out;
}

/** A cell is unsure when its confidence (cellConfidence) is below this. */
export const UNSURE_BELOW = EXPLAINED_CONFIDENCE;

/**
 * A cell's confidence in the reading (0..1): the match's own, capped below UNSURE_BELOW when the
 * best sprite fits poorly (in proportion to the fit), and 0 when the position contradicts it.
 */
export function cellConfidence(m: Match, contradicted: boolean): number {
  if (contradicted) return 0;
  if (m.score >= EXPLAINED_SCORE) return m.confidence;
  return Math.min(m.confidence, 0.99 * UNSURE_BELOW * Math.max(0, m.score / EXPLAINED_SCORE));
}

export interface Judgement {
  /** Per cell confidence (cellConfidence); below UNSURE_BELOW the cell is unsure. */
  confidence: Float32Array;
  /** Per cell: not explained, or contradicted by the position. */
  unsure: boolean[];
  /** Share of cells the skin explains. */
  explainedShare: number;
  /** Why the skin does not fit this board, or null when it does. */
  refusal: string | null;
}

/** Boards are at least this many cells wide and high (the smallest any game offers is 4x4). */
const MIN_SIDE = 4;
/**
 * A skin that fits a board explains nearly all of it: below this share, the cells it cannot
 * explain must lie together (something covering part of the board), not strewn over it (a look
 * the skin only resembles: its numbers or tiles drawn differently).
 */
const MOSTLY = 0.85;

/** Whether the flagged cells fill most (60%+) of their bounding box: one covered-up patch. */
function oneBlock(flagged: boolean[], width: number, height: number): boolean {
  let x0 = width, y0 = height, x1 = -1, y1 = -1, count = 0;
  flagged.forEach((f, i) => {
    if (!f) return;
    const x = i % width, y = (i / width) | 0;
    x0 = Math.min(x0, x), y0 = Math.min(y0, y), x1 = Math.max(x1, x), y1 = Math.max(y1, y);
    count++;
  });
  return count === 0 || count >= 0.6 * (x1 - x0 + 1) * (y1 - y0 + 1);
}

/** Judges the matches of a whole board (or, with `partial`, of cells read with known geometry: no refusal, no position check). */
export function judge(matches: Match<CellState>[], width: number, height: number, partial = false, zeroSidesOnly = false): Judgement {
  const n = width * height;
  const codes = matches.map((m) => CODE_OF_STATE[m.label]);
  const sure = matches.map(explained);
  const explainedCount = sure.filter(Boolean).length;
  // cells read with known geometry may be a crop of the board, or cells from all over it set
  // side by side: the position is the caller's to judge (the play loop does, on the whole board)
  const bad = partial ? new Set<number>() : contradictions(codes, sure, width, height, zeroSidesOnly);
  const confidence = Float32Array.from(matches, (m, i) => cellConfidence(m, bad.has(i)));
  const unsure = sure.map((s, i) => !s || bad.has(i));
  const explainedShare = explainedCount / Math.max(1, n);
  let refusal: string | null = null;
  if (!partial) {
    const numbers = codes.filter((c, i) => sure[i] && c <= 8).length;
    const contradicted = [...bad].filter((i) => codes[i]! <= 8).length;
    const couldHoldMine = codes.some((c, i) => !sure[i] || c === COVERED || c === QUESTION || c === FLAG || c === MINE || c === EXPLODED);
    if (width < MIN_SIDE || height < MIN_SIDE) refusal = `a ${width}x${height} grid is too small for a board`;
    else if (explainedShare < 0.5 || (explainedShare < MOSTLY && !oneBlock(unsure, width, height))) {
      refusal = `its sprites explain only ${Math.round(explainedShare * 100)}% of the cells`;
    } else if (contradicted >= 3 && contradicted > 0.1 * numbers) refusal = `${contradicted} of the ${numbers} numbers it reads contradict the cells around them`;
    else if (!couldHoldMine) refusal = 'it reads every cell as open, which no game shows';
  }
  return { confidence, unsure, explainedShare, refusal };
}
