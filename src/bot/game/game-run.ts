// A game being played by the session: what it counts from its start, the board as the bot knows
// it (its own flags), and its record (the mines flagged at its end: end-flags.ts).

import { COVERED, FLAG, type Board } from '../../core/board.js';
import { createRng, mixSeed } from '../../core/rng.js';
import { Outcomes } from './outcomes.js';
import type { GameResult } from '../reading.js';
import type { GameRecord } from '../session.js';
import type { SessionState } from '../session-state.js';

/** A game being played: when it started, its random source, and what its turns counted. */
export interface GameRun {
  index: number;
  started: number;
  clicksBefore: number;
  rng: ReturnType<typeof createRng>;
  decisions: number;
  /** Whether a decision of this game changed the board (the game took the bot's clicks). */
  tookClicks: boolean;
  /** Decisions in a row that changed nothing. */
  idle: number;
  /** Whether the dismiss key was pressed this game for a layer over it that stayed while clicks changed nothing. */
  layerDismissed: boolean;
  moves: number;
  /** What the cells it opened turned out to be, told as frames show them. */
  outcomes: Outcomes;
  /**
   * Cells the bot flagged this game (each a mine the solver proved). A flag is right-clicked once:
   * a game may draw it so that it reads as a covered cell (a thin mark a skin does not tell from
   * the tile), and a second right-click would take it off again (a toggle).
   */
  flagged: Set<number>;
  /**
   * The board the run started on is one the flags alone finish: a classic game goes on there (the
   * player flagged every mine), a game that took the win at its last flag ignores every click. One
   * click on a cell the solver proved safe tells which (turn.ts).
   */
  probe: boolean;
}

/** The one click on a board the run started on that the flags alone finish showed nothing: that game has ended. */
export class EndedAtStart extends Error {}

/**
 * The run's first game took none of its clicks (three decisions in a row changed nothing) where a
 * dismiss key may close what holds them: an end box the last run left up over the board's upper
 * part, its covered rows in view taken for a whole fresh board (Eriscot's, 10x10 found as 10x5).
 * The run starts over from finding the board, once, after that key (loop.ts).
 */
export class HeldAtStart extends Error {}

/** The board as the bot knows it: a cell it flagged itself is a flag, though the reading shows it covered. */
export function withOwnFlags(board: Board, flagged: ReadonlySet<number>): Board {
  if (![...flagged].some((i) => board.cells[i] === COVERED)) return board;
  return { ...board, cells: board.cells.map((c, i) => (c === COVERED && flagged.has(i) ? FLAG : c)) };
}

export function startGame(s: SessionState, index: number): GameRun {
  s.time.nextGame();
  s.observer.opened = [];
  return { index, started: s.d.clock.now(), clicksBefore: s.safety.clicks, rng: createRng(mixSeed(s.c.seed ?? 1, index)), decisions: 0, idle: 0, tookClicks: false, layerDismissed: false, moves: 0, outcomes: new Outcomes(index, (e) => s.c.onEvent?.(e)), flagged: new Set(), probe: false };
}

export function recordGame(s: SessionState, game: GameRun, result: GameResult, why?: string): void {
  const record: GameRecord = { index: game.index, result, clicks: s.safety.clicks - game.clicksBefore, wallMs: Math.round(s.d.clock.now() - game.started), timing: { ...s.time.game }, counts: { ...s.time.gameCounts } };
  s.records.push(record);
  s.c.onEvent?.({ type: 'game', game: game.index, result, clicks: record.clicks, wallMs: record.wallMs, moves: game.moves, ...(why !== undefined ? { why } : {}) });
}
