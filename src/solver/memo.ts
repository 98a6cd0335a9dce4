// Decisions of a strategy remembered by position, for the small positions games keep meeting.

import type { Board } from '../core/board.js';
import type { Decision, StrategyContext } from '../core/strategy.js';

/** Decisions remembered per strategy (positions with at most MEMO_OPEN opened cells). */
export const MEMO_SIZE = 20_000;
/** Opened cells up to which a position is remembered: the few openings a game begins with. */
const MEMO_OPEN = 16;

/**
 * Decisions on positions seen before. The decision is a function of the board and the rule, and
 * a game's first guesses meet the same few small positions again and again (under `safe`, the
 * first corner shows 1, 2 or 3 and the next guess depends on nothing else): their look-ahead is
 * worth keeping. Bounded: least recently used out first; only positions with few opened cells.
 */
export class DecisionMemo {
  private readonly map = new Map<string, Decision>();
  constructor(private readonly size: number) {}

  keyOf(board: Board, ctx: StrategyContext): string | null {
    if (this.size <= 0) return null;
    let open = 0;
    for (const c of board.cells) if (c <= 8 && ++open > MEMO_OPEN) return null;
    return `${ctx.rule}|${ctx.flags ? 1 : 0}|${board.width}x${board.height}/${board.mines}|${String.fromCharCode(...board.cells)}`;
  }

  get(key: string): Decision | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return { ...hit, moves: hit.moves.map((m) => ({ ...m })) };
  }

  set(key: string, decision: Decision): void {
    this.map.set(key, { ...decision, moves: decision.moves.map((m) => ({ ...m })) });
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
  }
}

