// What each cell the bot opened turned out to be, told as the frames show it: the lines of the
// calibration log (`play --log`, `learn --log`). A line says only what a frame showed:
//
// - a cell that shows open (a number, a blank, a mine) is told opened, a mine or not;
// - a cell that still shows covered after its click told nothing yet (the game ignored the click,
//   or took it after an end the bot did not see): it waits for a frame that shows it open, and is
//   told unseen when the game or the run ends first;
// - a game that ended unseen, or an end told behind a dialog, tells its cells unseen;
// - when the game ended unseen, or the run stops on a frame it cannot read, the cells the last
//   change showed open are doubted as below: the end not followed may have come with them;
// - when the game takes no more clicks (decisions in a row changed nothing), the cells the last
//   change showed open are doubted: an end the bot did not see (a loss drawn too faintly to read)
//   came with them, and what they were read as may be the wrong thing. Each is told again as
//   unseen under the same number, which takes back the line told before (stats/calibration.ts);
// - a cell that shows open in a look not learned yet (`+`) told nothing yet either: most games end
//   at a mine, but one that draws the mine hit in a look not learned may go on past it. It waits
//   for a frame that shows it a number (safe) or a mine, else for the game's end: seen won (every
//   safe cell open, the numbers adding up), or lost with it opened before the last change, it was
//   safe (a learner that keeps no lesson of that game tells it unseen after all: learn-live.ts);
//   otherwise it is told unseen.

import { COVERED, EXPLODED, MINE, OPENED } from '../../core/board.js';
import type { Move } from '../../core/strategy.js';
import type { GameResult, Reading } from '../reading.js';
import type { PlayEvent } from '../session.js';

/** Why a cell shown open in a look not learned is told unseen at its game's end. */
export const UNLEARNED_UNSEEN = 'it opened in a look not learned yet, and no frame after showed whether it was a mine: the game was not seen to end, or it was the last change before a loss';

type Told = Extract<PlayEvent, { type: 'opened' } | { type: 'unseen' }>;

/** The outcome lines of one game. */
export class Outcomes {
  /** Cells told so far (n of the next is one more). */
  private told = 0;
  /** Cells clicked open that no frame has shown open yet, by cell index. */
  private readonly unshown = new Map<number, Move>();
  /** The cells the last decision that changed the board told opened, with their numbers. */
  private lastShown: { n: number; move: Move }[] = [];
  /** Cells shown open in a look not learned, not told yet (their numbers given), by cell index. */
  private readonly unlearned = new Map<number, { n: number; move: Move }>();
  /** Of those, the ones the last change showed. */
  private lastUnlearned = new Set<number>();

  constructor(
    private readonly game: number,
    private readonly tellEvent: (event: Told) => void,
  ) {}

  /** The moves a decision's clicks made (`width`: the board's), waiting for a frame to show them. */
  clicked(carried: readonly Move[], width: number): void {
    for (const move of carried) if (move.action === 'open') this.unshown.set(move.y * width + move.x, move);
  }

  /**
   * The reading after a decision's clicks (`carried`: the moves they made; `changed`: whether the
   * board changed). Tells every cell clicked open that this reading shows.
   */
  afterClicks(carried: readonly Move[], after: Reading, changed: boolean): void {
    const { width, cells } = after.board;
    this.clicked(carried, width);
    // (a game told ended unseen: its end may have come with the cells the last change showed open)
    if (after.endUnseen !== undefined) this.doubtLastChange(after.endUnseen);
    const behind = (move: Move): boolean => after.endUnseen !== undefined || (after.outcomeUnseen?.some(([x, y]) => x === move.x && y === move.y) ?? false);
    const shown: { n: number; move: Move }[] = [];
    for (const [i, { n, move }] of this.unlearned) {
      const code = cells[i]!;
      if (behind(move)) this.tellEvent({ type: 'unseen', game: this.game, n, move });
      else if (code === OPENED) continue;
      else {
        this.tellEvent({ type: 'opened', game: this.game, n, move, mine: code === EXPLODED || code === MINE });
        shown.push({ n, move });
      }
      this.unlearned.delete(i);
    }
    const unlearnedNow = new Set<number>();
    for (const [i, move] of this.unshown) {
      const code = cells[i]!;
      const unseen = behind(move);
      if (!unseen && code === COVERED) continue;
      this.unshown.delete(i);
      const n = ++this.told;
      if (unseen) this.tellEvent({ type: 'unseen', game: this.game, n, move });
      else if (code === OPENED) {
        this.unlearned.set(i, { n, move });
        unlearnedNow.add(i);
      } else {
        this.tellEvent({ type: 'opened', game: this.game, n, move, mine: code === EXPLODED || code === MINE });
        shown.push({ n, move });
      }
    }
    if (changed) {
      this.lastShown = shown;
      this.lastUnlearned = unlearnedNow;
    }
  }

  /**
   * The game or the run ends (`result`: what its last reading showed). Every cell clicked that no
   * frame showed open is told unseen; a cell shown open in a look not learned is told safe when the
   * game was seen won, or lost with that cell opened before the last change (the game went on past
   * it), else unseen: a mine drawn in a look not learned is not told safe.
   */
  end(result: GameResult | 'playing' = 'playing'): void {
    for (const move of this.unshown.values()) this.tellEvent({ type: 'unseen', game: this.game, n: ++this.told, move });
    this.unshown.clear();
    for (const [i, { n, move }] of this.unlearned) {
      const safe = result === 'won' || (result === 'lost' && !this.lastUnlearned.has(i));
      if (safe) this.tellEvent({ type: 'opened', game: this.game, n, move, mine: false, unlearned: true });
      else this.tellEvent({ type: 'unseen', game: this.game, n, move, why: UNLEARNED_UNSEEN });
    }
    this.unlearned.clear();
  }

  /**
   * The game takes no more clicks: the cells the last change showed open are told again as unseen
   * (their numbers unchanged), for an end not seen may have come with them.
   */
  doubtLastChange(why: string): void {
    for (const { n, move } of this.lastShown) this.tellEvent({ type: 'unseen', game: this.game, n, move, why });
    this.lastShown = [];
  }
}
