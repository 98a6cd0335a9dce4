// What a play session is given and what it tells: its configuration, the events it emits as it
// plays, each game's record and the session's result. The loop that plays it: loop.ts.

import type { Board } from '../core/board.js';
import type { Grid } from '../core/grid.js';
import type { FirstClickRule } from '../core/rules.js';
import type { Move, Strategy } from '../core/strategy.js';
import type { Button, Grab, Region } from '../desktop/ports.js';
import type { ClickEvent, SkipEvent } from './hand/act.js';
import type { KitOptions, SettleEvent } from './kit.js';
import type { NewGame } from './flow/new-game.js';
import type { GameResult, ReadScreen, Reading } from './reading.js';
import type { SafetyLimits } from './hand/safety.js';
import type { Timing } from './timing.js';
import type { WatchEvent } from './screen/watch.js';

export interface PlayConfig {
  strategy: Strategy;
  read: ReadScreen;
  /** Skin name, or 'auto' / undefined to let vision find it. */
  skin?: string;
  /** First-click rule of the game (the strategy's first move depends on it). */
  rule: FirstClickRule;
  seed?: number;
  /** Games to finish (won or lost). */
  games: number;
  /** Mine total when the screen does not show it (e.g. a game without a counter). */
  mines?: number;
  flags?: boolean;
  chord?: boolean;
  /** How a chord is clicked: 'middle' (Windows, xdemineur) or 'left' on the number (sgt-mines). */
  chordButton?: Button | ((skin: string) => Button);
  /** How to start the next game (or how, for the skin found on the screen). */
  newGame?: NewGame | ((skin: string) => NewGame);
  /** Where the skin's face button is for a grid (both in screen pixels), or null if it has none. */
  faceAt?: (skin: string, grid: Grid) => Region | null;
  /** Play only the board inside the window whose title contains this (the desktop's window listing). */
  window?: string;
  limits?: SafetyLimits;
  /** Re-reads before giving up on a board the solver rejects (default 4). */
  retries?: number;
  /** How long a board may stay unreadable (covered, hidden, moved away) before stopping, ms (default 10 s). */
  boardWaitMs?: number;
  /** The key that closes the dialogs the game puts over its board at an end (none by default; dismiss.ts). */
  dismissKey?: string | null;
  /** How long to wait for the screen to change after an action, ms. */
  changeTimeoutMs?: number;
  /** How long to wait for two identical grabs, ms. */
  stableTimeoutMs?: number;
  /** Pause between grabs while waiting, ms. */
  pollMs?: number;
  /** How long the screen must show a frame unchanged before it is read, ms (default 0; grows when the game is seen drawing in steps). */
  quietMs?: number;
  /**
   * Re-read only the cells whose pixels changed since the last reading (default true). Full reads
   * still happen at the start of a game, when the game may have ended, after a bad reading, and
   * with flags shown every 8th reading (to check the counter). An incremental reading after flags
   * has no counter value (it changed).
   */
  incremental?: boolean;
  /** Check the aimed-at cell and the board's frame before each click (default true). */
  checkClicks?: boolean;
  /** Move the pointer just off the board before grabbing (default true): some games light the cell under it. */
  park?: boolean;
  /** Only read and decide; click nothing. */
  dryRun?: boolean;
  /** The reading of a frame whose board frame is covered, by a reader that knows the game ended behind it (observe.ts). */
  whenCovered?: KitOptions['whenCovered'];
  dismissToCome?: KitOptions['dismissToCome'];
  /** Saves a capture with its reading when the loop stops on a bad reading; returns where. */
  save?: (capture: Grab, reading: Reading | null, why: string) => Promise<string>;
  onEvent?: (event: PlayEvent) => void;
  /** Lets other events (Ctrl-C) run between decisions. */
  yieldEvents?: () => Promise<void>;
  /**
   * Told when the run starts over from finding the board (its first game took none of its clicks,
   * the dismiss key was pressed: game-run.ts HeldAtStart): a reader that keeps the board it began
   * on forgets it.
   */
  startOver?: () => void;
}

export type PlayEvent =
  | { type: 'located'; skin: string; grid: Grid; width: number; height: number; mines: number }
  | { type: 'move'; game: number; move: Move; board: Board; decision: number }
  /**
   * A cell the bot opened, once the next reading shows what it was (n: 1-based per game).
   * `unlearned`: shown open in a look not learned, told safe at its game's end (outcomes.ts).
   */
  | { type: 'opened'; game: number; n: number; move: Move; mine: boolean; unlearned?: true }
  /**
   * A cell the bot opened whose outcome no reading showed: the run stopped first, or the game ended
   * unseen. With `why`, a cell told opened before under the same n, whose reading is doubted now.
   */
  | { type: 'unseen'; game: number; n: number; move: Move; why?: string }
  /** `why`: with an `unknown` result, why no frame showed the end. */
  | { type: 'game'; game: number; result: GameResult; clicks: number; wallMs: number; moves: number; why?: string }
  /** What a dry run would do; `grid` is where the cells are in `capture`. */
  | { type: 'dry-run'; reading: Reading; moves: Move[]; capture: Grab; grid: Grid }
  | { type: 'saved'; path: string; why: string }
  /** A click made: when (t, ms since the epoch), the physical pixel aimed at, the logical point clicked, what was under it. */
  | ClickEvent
  /** A click not made: what it aimed at no longer looked as read. */
  | SkipEvent
  | WatchEvent
  | SettleEvent
  | { type: 'retry'; why: string }
  /** The board at the start was no game the reader can begin on (a look being learned needs a fresh one): the new-game key was pressed. */
  | { type: 'restarted'; how: string; why: string };

export interface GameRecord {
  index: number;
  result: GameResult;
  clicks: number;
  wallMs: number;
  timing: Timing;
  /** How many grabs, checks, reads, solves, pauses and clicks/moves/keys the game took. */
  counts: Timing;
}

export interface SessionResult {
  games: number;
  won: number;
  lost: number;
  /** Games that ended where no frame showed whether they were won or lost. */
  unknown: number;
  stopped: string | null;
  clicks: number;
  wallMs: number;
  records: GameRecord[];
  timing: Timing;
  saved: string[];
}
