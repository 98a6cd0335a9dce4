// The first strategy: certain moves from single-number logic, otherwise a random covered cell.
// A baseline for the harness; the product strategy is `exact`.

import { COVERED, FLAG, QUESTION, neighbourTable, xyOf, type Board } from '../../core/board.js';
import { certainMoves, type Decision, type Move, type Strategy, type StrategyContext } from '../../core/strategy.js';

/** Cells that one number alone proves safe (its flags/known mines already match it) or mined. */
export function singleNumberDeductions(board: Board): { safe: Set<number>; mines: Set<number> } {
  const nb = neighbourTable(board.width, board.height);
  const safe = new Set<number>();
  const mines = new Set<number>();
  const known = (j: number) => board.cells[j] === FLAG || mines.has(j);
  // Iterate to a fixed point: a mine found by one number can make another number's cells safe.
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < board.cells.length; i++) {
      const n = board.cells[i]!;
      if (n > 8 || n === 0) continue;
      let flagged = 0;
      const unknown: number[] = [];
      for (const j of nb[i]!) {
        if (known(j)) flagged++;
        else if ((board.cells[j] === COVERED || board.cells[j] === QUESTION) && !safe.has(j)) unknown.push(j);
      }
      if (unknown.length === 0) continue;
      if (flagged === n) for (const j of unknown) (safe.add(j), (changed = true));
      else if (flagged + unknown.length === n) for (const j of unknown) (mines.add(j), (changed = true));
    }
  }
  return { safe, mines };
}

export function createSimpleStrategy(): Strategy {
  return {
    name: 'simple',
    decide(board: Board, ctx: StrategyContext): Decision {
      const { safe, mines } = singleNumberDeductions(board);
      const moves: Move[] = certainMoves(board, safe, mines, ctx.flags);
      if (moves.some((m) => m.action === 'open')) return { moves };
      const candidates: number[] = [];
      for (let i = 0; i < board.cells.length; i++) {
        const c = board.cells[i]!;
        if ((c === COVERED || c === QUESTION) && !mines.has(i)) candidates.push(i);
      }
      if (candidates.length === 0) return { moves };
      const pick = candidates[ctx.rng.int(candidates.length)]!;
      const [x, y] = xyOf(board, pick);
      // Without a solver the best honest estimate is the average density of what is left.
      let flagged = 0;
      for (const c of board.cells) if (c === FLAG) flagged++;
      const left = board.mines - Math.max(flagged, mines.size);
      const p = Math.min(1, Math.max(0, left / candidates.length));
      moves.push({ x, y, action: 'open', p, certain: false });
      return { moves };
    },
  };
}
