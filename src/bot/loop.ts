// The play loop, game after game, on any Desktop (the real screen through nut.js or the simulated
// one). Its outline:
//
//   find the board (watch.ts) ─► for each game: start it (new-game.ts), then turn after turn until it ends:
//     decide (the strategy) ─► plan the clicks (plan.ts) ─► check and click (act.ts)
//       ─► park the pointer, wait for a settled frame and read it (frames.ts, observe.ts)
//       ─► on a reading that fails: find the board again or wait for it, closing a dialog the
//          clicks brought up (watch.ts)
//   ─► at its end, the mines flagged when the game wants them for a win, and the record
//
// - A frame is used only when two grabs in a row agree (the screen quiet for the quiet time, which
//   grows when the game is seen drawing in steps), and, after clicks, once the grid changed.
// - A reading must be sure and consistent with the previous one (judge.ts); between full reads
//   only the cells whose pixels changed are read again.
// - All certain moves of a decision are played as one batch, with as few clicks as certainty
//   allows; a guess is played alone. Before the batch one grab checks that the board still looks
//   as read; before each later click, a grab of the cell and the board's frame.
// - Every click passes Safety (board rectangle, mouse not taken back, budgets, abort).
//
// Its steps are in modules of their own, each taking the session's state (session-state.ts), in
// rooms by job: screen/ (seeing the board), hand/ (clicks through the safety rules), game/ (one
// game: game-run.ts, turn.ts with decide.ts and play-batch.ts), flow/ (between games: run-start.ts,
// next-game.ts, new-game.ts, the end dialogs, session-place.ts), learn/ (learning by playing).

import type { Desktop } from '../desktop/ports.js';
import type { Hand } from './hand/act.js';
import { dryRun } from './game/decide.js';
import { BadReading, type Frames } from './screen/frames.js';
import { flagMines } from './flow/end-flags.js';
import { EndedAtStart, HeldAtStart, recordGame, startGame } from './game/game-run.js';
import { liveKit } from './kit.js';
import { finishedByFlags, resultOf } from './game/judge.js';
import { endedAtStart, nextGame } from './flow/next-game.js';
import type { Observer } from './screen/observe.js';
import type { Place } from './screen/place.js';
import type { GameResult, Reading } from './reading.js';
import { locate } from './flow/run-start.js';
import { StopSignal, type Safety } from './hand/safety.js';
import { pressDismissKey } from './flow/session-dismiss.js';
import type { SessionState } from './session-state.js';
import type { Stopwatch } from './timing.js';
import { TOOK_NONE, turn } from './game/turn.js';
import type { Watch } from './screen/watch.js';
import type { GameRecord, PlayConfig, SessionResult } from './session.js';

export { contradiction, outcomeOf, showsEffects } from './game/judge.js';
export type { NewGame } from './flow/new-game.js';
export type { Timing } from './timing.js';

/** Why a run starts over: its first game took none of its clicks (game-run.ts HeldAtStart). */
export const HELD_AT_START = 'the first game took none of its clicks (three decisions in a row changed nothing): a box over the game may hold them, and the board found be only the part of it in view; the board is looked for again';

/**
 * Plays games on a desktop until `games` are finished or something stops it. A run whose first
 * game took no click, once the dismiss key was pressed, starts over from finding the board.
 */
export async function playSession(desktop: Desktop, config: PlayConfig): Promise<SessionResult> {
  const screen = await desktop.screen.size();
  const first = new Session(desktop, config, screen);
  const result = await first.run();
  if (!first.held) return result;
  config.startOver?.();
  const again = await new Session(desktop, config, screen, true).run();
  return { ...again, clicks: result.clicks + again.clicks, wallMs: result.wallMs + again.wallMs };
}

class Session implements SessionState {
  readonly safety: Safety;
  readonly time: Stopwatch;
  readonly frames: Frames;
  readonly observer: Observer;
  readonly hand: Hand;
  readonly watch: Watch;
  readonly settleEvent: (quietMs: number, why: string) => void;
  readonly records: GameRecord[] = [];
  readonly saved: string[] = [];
  unshownIn = -1;
  place!: Place;
  solverRejections = 0;
  /** The first game took none of its clicks and the dismiss key was pressed: the run starts over. */
  held = false;

  constructor(
    readonly d: Desktop,
    readonly c: PlayConfig,
    screen: { width: number; height: number },
    readonly startedOver = false,
  ) {
    ({ safety: this.safety, time: this.time, frames: this.frames, observer: this.observer, hand: this.hand, watch: this.watch, settleEvent: this.settleEvent } = liveKit(d, screen, c));
  }

  async run(): Promise<SessionResult> {
    const start = this.d.clock.now();
    let stopped: string | null = null;
    try {
      await this.safety.anchor();
      let reading = await locate(this);
      for (let index = 0; this.records.length < this.c.games; index++) {
        if (this.c.dryRun) {
          await dryRun(this, reading);
          stopped = 'dry run: nothing clicked';
          break;
        }
        reading = await nextGame(this, index, reading);
        reading = await this.playGame(index, reading).catch(async (err: unknown) => {
          if (err instanceof HeldAtStart) return this.holdAtStart(reading);
          if (!(err instanceof EndedAtStart)) throw err;
          return this.playGame(index, await endedAtStart(this));
        });
        if (this.held) break;
      }
    } catch (err) {
      if (err instanceof StopSignal) stopped = err.reason;
      else if (err instanceof BadReading) {
        stopped = err.message;
        if (this.c.save) {
          const path = await this.c.save(err.capture, err.reading, err.message);
          this.saved.push(path);
          this.c.onEvent?.({ type: 'saved', path, why: err.message });
        }
      } else throw err;
    }
    const count = (result: GameResult): number => this.records.filter((r) => r.result === result).length;
    return {
      games: this.records.length,
      won: count('won'),
      lost: count('lost'),
      unknown: count('unknown'),
      stopped,
      clicks: this.safety.clicks,
      wallMs: Math.round(this.d.clock.now() - start),
      records: this.records,
      timing: this.time.session,
      saved: this.saved,
    };
  }

  /** The first game took none of its clicks: the dismiss key, and the run is to start over (playSession). */
  private async holdAtStart(reading: Reading): Promise<Reading> {
    if (!(await pressDismissKey(this, HELD_AT_START))) throw new StopSignal(TOOK_NONE);
    this.held = true;
    return reading;
  }

  /** One game: turns until the cells show its end, the mines flagged if the game wants them, the record. */
  private async playGame(index: number, first: Reading): Promise<Reading> {
    const game = startGame(this, index);
    // (only the board the run started on: a new game's has no flags)
    game.probe = index === 0 && finishedByFlags(first.board);
    let reading = first;
    try {
      while (resultOf(reading) === 'playing') reading = await turn(this, game, reading);
    } catch (err) {
      // (the run stops on a frame it cannot read: the end it could not follow may have come with
      // the cells the last change showed open, read from a frame the game was still drawing)
      if (err instanceof BadReading) game.outcomes.doubtLastChange(`the run stopped on a frame it could not read after these opened: ${err.message}`);
      throw err;
    } finally {
      if (reading.endUnseen !== undefined) game.outcomes.doubtLastChange(reading.endUnseen);
      game.outcomes.end(resultOf(reading));
    }
    await flagMines(this, reading, game.flagged);
    recordGame(this, game, resultOf(reading) as GameResult, reading.endUnseen);
    return reading;
  }
}
