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
//   unseen under the same number, which takes back the line told before (stats/calibration.ts).

import { COVERED, EXPLODED, MINE } from '../core/board.js';
import type { Move } from '../core/strategy.js';
import type { Reading } from './reading.js';
import type { PlayEvent } from './session.js';

type Told = Extract<PlayEvent, { type: 'opened' } | { type: 'unseen' }>;

/** The outcome lines of one game. */
export class Outcomes {
  /** Cells told so far (n of the next is one more). */
  private told = 0;
  /** Cells clicked open that no frame has shown open yet, by cell index. */
  private readonly unshown = new Map<number, Move>();
  /** The cells the last decision that changed the board told opened, with their numbers. */
  private lastShown: { n: number; move: Move }[] = [];

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
    const shown: { n: number; move: Move }[] = [];
    for (const [i, move] of this.unshown) {
      const behind = after.endUnseen !== undefined || (after.outcomeUnseen?.some(([x, y]) => x === move.x && y === move.y) ?? false);
      const code = cells[i]!;
      if (!behind && code === COVERED) continue;
      this.unshown.delete(i);
      const n = ++this.told;
      if (behind) this.tellEvent({ type: 'unseen', game: this.game, n, move });
      else {
        this.tellEvent({ type: 'opened', game: this.game, n, move, mine: code === EXPLODED || code === MINE });
        shown.push({ n, move });
      }
    }
    if (changed) this.lastShown = shown;
  }

  /** The game or the run ends: every cell clicked that no frame showed open is told unseen. */
  end(): void {
    for (const move of this.unshown.values()) this.tellEvent({ type: 'unseen', game: this.game, n: ++this.told, move });
    this.unshown.clear();
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
