// What the bot needs from vision, as the vision issue's contract states it. The loop takes the
// reader as a parameter, so it runs with the real vision module (src/vision) or with any other
// reader of the same shape (a skin being learned, a test's toy reader). The grid arithmetic lives
// in core/grid.ts, the renderer the simulated desktop takes in desktop/simulated.ts.

import type { Board } from '../core/board.js';
import type { Grid } from '../core/grid.js';
import type { RgbaImage } from '../desktop/ports.js';

/** Where the cells are in an image: left/top is the top-left pixel of cell (0,0). */
export type { Grid };

export type Face = 'playing' | 'won' | 'lost' | null;

export interface Reading {
  skin: string;
  board: Board;
  face: Face;
  mineCounter: number | null;
  timer: number | null;
  grid: Grid;
  /** The lowest confidence of any cell (0..1). */
  minConfidence: number;
  /** Cells the reader could not classify with confidence, as [x, y]. */
  unsure: [number, number][];
  /**
   * Why the unsure cells will stay so (a live learner's word): looks the skin has not learned,
   * where no click opened them and nothing is waited for. The loop stops at once, saying so.
   */
  notLearned?: string;
  /**
   * Set when the game ended where no frame showed how (its board went away after a guess that
   * may have won or lost; a new game came in its place): why. The board is the last one seen, or
   * the new game's.
   */
  endUnseen?: string;
  /**
   * Set at an end read from a frame before the one now shown, which is the next game's fresh
   * board (a live learner: a dismiss whose click started it, after a box it waited on): that board
   * is played next, no new game started.
   */
  nextShown?: true;
  /**
   * Cells the last clicks opened whose outcome no frame showed, as [x, y], at an end told without
   * seeing them (a loss behind a dialog after a lone guess: the guess is the mine, unseen). Their
   * moves are logged unseen: the calibration counts only what a frame showed.
   */
  outcomeUnseen?: [number, number][];
  /**
   * After a game's end, cells a reader keeps as they ended that show something drawn over them
   * since (a live learner: a dialog come up over the ended board, or a box it read the end behind,
   * still there), as [x, y]: where a dismiss point on the board sees a dialog.
   */
  drawnOver?: [number, number][];
  /**
   * Set by a reader that learned the game opens only a 0's four sides (a flood fill that goes on
   * sideways only): a 0 may then show beside a closed cell at a corner.
   */
  zeroOpens?: 'sides';
}

/** How a game ended: `unknown` when no frame showed whether it was won or lost. */
export type GameResult = 'won' | 'lost' | 'unknown';

export interface ReadOptions {
  skin?: string;
  geometry?: Grid;
  /** Only the cells: no counters, no face (a strip of cells cut out of a frame). */
  cellsOnly?: boolean;
  /** The grab was read with a see-through layer over the whole game taken off (veil.ts): a page dimmed under a dialog. */
  veiled?: boolean;
  /** The grab is a search of the screen for the board of a game being followed (watch.ts find): no frame of that game to judge unless it reads. */
  searching?: boolean;
  /** A look that only asks what covers the board (a dismiss's: watch.ts stillCovered, dialogAtPoint): a reader that follows a game takes nothing from it. */
  probe?: boolean;
}

export type ReadScreen = (image: RgbaImage, options?: ReadOptions) => Reading;

/**
 * A reader that finds a board but cannot begin on it, because no game on it is fresh (a look
 * being learned starts from a fresh board: a game over, or one going on, is not one), throws an
 * error with `notFresh` set: the loop may start a new game and look again.
 */
export function isNotFresh(err: unknown): boolean {
  return err instanceof Error && (err as Error & { notFresh?: unknown }).notFresh === true;
}

/** Where such a reader found the board that is not fresh (image pixels), if it says so. */
export function notFreshGrid(err: unknown): Grid | null {
  if (!isNotFresh(err)) return null;
  const g = (err as Error & { grid?: Partial<Grid> }).grid;
  const n = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  return g && n(g.left) && n(g.top) && n(g.pitch) && n(g.cols) && n(g.rows) && n(g.scale) && g.pitch > 0 ? (g as Grid) : null;
}
