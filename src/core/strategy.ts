// The strategy interface: a board in, moves out. Used by the simulator harness and the live bot.

import { xyOf, type Board } from './board.js';
import type { Rng } from './rng.js';
import type { FirstClickRule } from './rules.js';

export type Action = 'open' | 'flag' | 'chord';

export interface Move {
  x: number;
  y: number;
  action: Action;
  /** Predicted probability that the cell is a mine at the moment of the decision (0..1). */
  p: number;
  /** True when the solver proved the move (p is exactly 0 for an open, 1 for a flag). */
  certain: boolean;
}

export interface StrategyContext {
  /** The first-click rule of the game being played (changes the best first move). */
  rule: FirstClickRule;
  /** Randomness for tie-breaks and random guesses; seeded per game for reproducible benches. */
  rng: Rng;
  /** Whether the caller wants certain mines flagged (the harness does not need flags). */
  flags?: boolean;
}

/**
 * A decision: one or more moves to play in order before asking again. A batch holds only moves
 * that stay valid whatever the earlier ones reveal (e.g. all certain safe cells); the caller skips
 * moves on cells that have been opened meanwhile.
 */
export interface Decision {
  moves: Move[];
  /** Free text the strategy wants to report (e.g. that a component was approximated). */
  note?: string;
}

export interface Strategy {
  readonly name: string;
  decide(board: Board, ctx: StrategyContext): Decision;
}

export type StrategyFactory = () => Strategy;

/** The moves for proven cells: open every certain safe cell, then flag certain mines if asked. */
export function certainMoves(board: Board, safe: Iterable<number>, mines: Iterable<number>, flags: boolean | undefined): Move[] {
  const moves: Move[] = [];
  for (const i of safe) {
    const [x, y] = xyOf(board, i);
    moves.push({ x, y, action: 'open', p: 0, certain: true });
  }
  if (flags) {
    for (const i of mines) {
      const [x, y] = xyOf(board, i);
      moves.push({ x, y, action: 'flag', p: 1, certain: true });
    }
  }
  return moves;
}
