// Unavoidable 50/50s: two covered cells with exactly one mine between them that no other cell
// can ever tell apart. Whichever is opened, the game is a coin flip on them, now or later, and
// nothing learned elsewhere changes that; taking it at once wastes no other guess on a game
// that this flip may lose anyway.
//
// Sound test (may miss some 50/50s, never reports a pair that is not one):
// - a number whose unknown neighbours, apart from certain mines, are exactly {a, b} and whose
//   count minus those certain mines is 1: exactly one of a, b is a mine in every layout;
// - every cell next to exactly one of a and b (other than a and b) is a certain mine: swapping
//   the mine between a and b then changes no number anywhere, now or after any later opening,
//   so each layout with the mine on a has a twin with it on b that no move can tell apart.

import { FLAG, isUnknown, neighbourTable, type Board } from '../core/board.js';
import type { Analysis } from './probability.js';


/** One cell of an unavoidable 50/50 pair (the less likely mine when weights differ), or -1. */
export function findFiftyFifty(board: Board, analysis: Analysis): number {
  const nb = neighbourTable(board.width, board.height);
  const probs = analysis.probabilities;
  const certainMine = (j: number): boolean => {
    const c = board.cells[j]!;
    if (c === FLAG) return analysis.flagsTrusted || probs[j] === 1;
    return isUnknown(c) && probs[j] === 1;
  };
  for (let n = 0; n < board.cells.length; n++) {
    const value = board.cells[n]!;
    if (value > 8) continue;
    let mines = 0;
    let a = -1;
    let b = -1;
    let others = 0;
    for (const j of nb[n]!) {
      const c = board.cells[j]!;
      if (c !== FLAG && !isUnknown(c)) continue;
      if (certainMine(j)) mines++;
      else if (c === FLAG) others++;
      else if (a < 0) a = j;
      else if (b < 0) b = j;
      else others++;
    }
    if (others || b < 0 || value - mines !== 1) continue;
    if (!isPair(board, nb, a, b, certainMine)) continue;
    // Equal odds, unless a weighting tells them apart (the XP rule's moved mine, xp.ts).
    const [lo, hi] = a < b ? [a, b] : [b, a];
    return probs[hi]! < probs[lo]! - 1e-9 ? hi : lo;
  }
  return -1;
}

function isPair(board: Board, nb: Int32Array[], a: number, b: number, certainMine: (j: number) => boolean): boolean {
  const na = new Set(nb[a]!);
  const nbb = new Set(nb[b]!);
  for (const j of na) if (j !== b && !nbb.has(j) && !certainMine(j)) return false;
  for (const j of nbb) if (j !== a && !na.has(j) && !certainMine(j)) return false;
  void board;
  return true;
}
