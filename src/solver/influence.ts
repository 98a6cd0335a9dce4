// Long-term risk: cells that may end up in an unavoidable 50/50 later.
//
// Two covered cells side by side (or the two diagonals of a 2x2 block) become a coin flip that no
// opening can settle when every cell that touches only one of them is a mine or off the board:
// every number around them then sees both (or neither). Here such a "closing" pattern is looked
// for where at most one of those end cells is still undecided, and the chance that the hidden
// layout completes it is computed exactly (the end cells and one side mined, the other side safe).
//
// That chance matters when choosing a guess. In those layouts the cell must be guessed at 50% one
// day whatever else happens, so opening it now costs less than its risk says, and what it shows
// helps everything after. The look-ahead weighs a candidate's score by 1 + 0.9 x (chance / its
// safety) (the weighting of the Minesweeper solver by D. Hill, who measured it), and a cell whose
// every mined layout completes such a pattern ("a 50/50 or safe") is taken at once, like a plain
// unavoidable 50/50.

import { FLAG, isUnknown, type Board } from '../core/board.js';
import { isContradiction } from './constraints.js';
import { tryAnalyze, type Analysis, type AnalyzeOptions } from './probability.js';

/** A way the hidden layout could close a 50/50: these cells mines, those safe. */
export interface Pattern {
  mines: number[];
  safe: number[];
  /** The cells of the pair or block. */
  cells: number[];
  /** The first of the pattern's two mirror images (left, top or top-left corner mined). */
  primary: boolean;
}

/** Every pattern on the board that one more decided end cell at most would close. */
export function closingPatterns(board: Board, analysis: Analysis): Pattern[] {
  const { width: W, height: H } = board;
  const probs = analysis.probabilities;
  const at = (x: number, y: number) => y * W + x;
  const hidden = (x: number, y: number): boolean => {
    const c = board.cells[at(x, y)]!;
    return isUnknown(c) && probs[at(x, y)]! < 1;
  };
  // The end cells still to be decided, or null when one is opened (the pattern cannot close).
  const missing = (ends: [number, number][]): number[] | null => {
    const out: number[] = [];
    for (const [x, y] of ends) {
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const i = at(x, y);
      const c = board.cells[i]!;
      if (c === FLAG || (isUnknown(c) && probs[i] === 1)) continue;
      if (!isUnknown(c)) return null;
      out.push(i);
    }
    return out;
  };
  const out: Pattern[] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (!hidden(x, y)) continue;
      if (x + 1 < W && hidden(x + 1, y)) {
        const m = missing([[x - 1, y - 1], [x - 1, y], [x - 1, y + 1], [x + 2, y - 1], [x + 2, y], [x + 2, y + 1]]);
        if (m && m.length <= 1) {
          const a = at(x, y);
          const b = at(x + 1, y);
          out.push({ mines: [...m, a], safe: [b], cells: [a, b], primary: true }, { mines: [...m, b], safe: [a], cells: [a, b], primary: false });
        }
      }
      if (y + 1 < H && hidden(x, y + 1)) {
        const m = missing([[x - 1, y - 1], [x, y - 1], [x + 1, y - 1], [x - 1, y + 2], [x, y + 2], [x + 1, y + 2]]);
        if (m && m.length <= 1) {
          const a = at(x, y);
          const b = at(x, y + 1);
          out.push({ mines: [...m, a], safe: [b], cells: [a, b], primary: true }, { mines: [...m, b], safe: [a], cells: [a, b], primary: false });
        }
      }
      if (x + 1 < W && y + 1 < H && hidden(x + 1, y) && hidden(x, y + 1) && hidden(x + 1, y + 1)) {
        const m = missing([[x - 1, y - 1], [x + 2, y - 1], [x - 1, y + 2], [x + 2, y + 2]]);
        if (m && m.length === 0) {
          const cells = [at(x, y), at(x + 1, y), at(x, y + 1), at(x + 1, y + 1)];
          out.push(
            { mines: [cells[0]!, cells[3]!], safe: [cells[1]!, cells[2]!], cells, primary: true },
            { mines: [cells[1]!, cells[2]!], safe: [cells[0]!, cells[3]!], cells, primary: false },
          );
        }
      }
    }
  }
  return out;
}

/** The chance that the hidden layout matches the pattern (exact; 0 when it cannot). */
export function patternChance(board: Board, analysis: Analysis, pattern: Pattern, options: AnalyzeOptions = {}): number {
  if (!analysis.flagsTrusted || analysis.approximate) return 0;
  const cells = board.cells.slice();
  const probe: Board = { width: board.width, height: board.height, mines: board.mines, cells };
  for (const i of pattern.mines) {
    if (analysis.probabilities[i] === 0) return 0;
    if (cells[i] !== FLAG) cells[i] = FLAG;
  }
  const withMines = tryAnalyze(probe, options);
  if (isContradiction(withMines) || !withMines.flagsTrusted || withMines.approximate) return 0;
  const ratio = Math.exp(withMines.logLayouts - analysis.logLayouts);
  const [s, t] = pattern.safe;
  if (t === undefined) return ratio * (1 - withMines.probabilities[s!]!);
  // Both safe: 1 - P(s) - P(t) + P(s and t), the last from one more analysis.
  cells[s!] = FLAG;
  cells[t] = FLAG;
  const both = tryAnalyze(probe, options);
  const pBoth = isContradiction(both) || !both.flagsTrusted ? 0 : Math.exp(both.logLayouts - withMines.logLayouts);
  return Math.max(0, ratio * (1 - withMines.probabilities[s!]! - withMines.probabilities[t]! + pBoth));
}

export interface Influences {
  /**
   * Per cell: chance that a pattern on it closes (pairs summed, blocks at their most; one of
   * each mirror pair), capped at min(p, 1 - p).
   */
  chance: Map<number, number>;
  /** Cells whose every mined layout closes a pattern on them: a 50/50 or safe. */
  pseudo: number[];
}

/** The 50/50 influence of every cell in a closing pattern. */
export function fiftyInfluences(board: Board, analysis: Analysis, options: AnalyzeOptions = {}): Influences {
  const probs = analysis.probabilities;
  const pairs = new Map<number, number>();
  const blocks = new Map<number, number>();
  const pseudo: number[] = [];
  for (const pattern of closingPatterns(board, analysis)) {
    const chance = patternChance(board, analysis, pattern, options);
    if (!(chance > 0)) continue;
    const block = pattern.cells.length === 4;
    for (const cell of pattern.cells) {
      // A pattern and its mirror image are (nearly) equally likely: one of them is counted.
      if (pattern.primary) {
        if (block) blocks.set(cell, Math.max(blocks.get(cell) ?? 0, chance));
        else pairs.set(cell, (pairs.get(cell) ?? 0) + chance);
      }
      // The mined side of this pattern: all of its risk is this future coin flip.
      if (pattern.mines.includes(cell) && chance >= probs[cell]! * (1 - 1e-9) && !pseudo.includes(cell)) pseudo.push(cell);
    }
  }
  const chance = new Map<number, number>();
  for (const cell of new Set([...pairs.keys(), ...blocks.keys()])) {
    const p = probs[cell]!;
    chance.set(cell, Math.min((pairs.get(cell) ?? 0) + (blocks.get(cell) ?? 0), p, 1 - p));
  }
  return { chance, pseudo };
}
