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

import { COVERED, FLAG, type Board } from '../core/board.js';
import { cellRect, gridRect, shiftGrid, type Grid } from '../core/grid.js';
import { createRng, mixSeed } from '../core/rng.js';
import type { Decision } from '../core/strategy.js';
import type { Button, Desktop, Grab } from '../desktop/ports.js';
import { epochMs } from '../desktop/clock.js';
import type { Hand } from './act.js';
import { BadReading, type Frames } from './frames.js';
import { liveKit } from './kit.js';
import { finishedByFlags, minesLeft, outcomeOf, resultOf, sameCells, showsEffects } from './judge.js';
import { dismissPoints } from './dismiss.js';
import { clickInTurn, clickPoints, newGameSpot, pointsText, pressKeys, startNewGame, unreadSpot, type BoardPoint, type NewGame } from './new-game.js';
import type { Observer, ReadMode } from './observe.js';
import { Outcomes } from './outcomes.js';
import type { Place } from './place.js';
import { mayEndGame, planClicks, type PlannedClick } from './plan.js';
import { isNotFresh, notFreshGrid, type GameResult, type Reading } from './reading.js';
import { StopSignal, type Safety } from './safety.js';
import type { Stopwatch } from './timing.js';
import type { Watch } from './watch.js';
import type { GameRecord, PlayConfig, SessionResult } from './session.js';

/** Pause after the dismiss key before the new-game key: the dialog has to be gone. */
const DISMISS_SETTLE_MS = 300;
/**
 * Why the board a run starts on is taken as a game ended: its flags alone finish it, and the one
 * click on a cell the solver proved safe showed nothing.
 */
export const ENDED_AT_START = 'the game on the board has ended: its flags are the mine total, every number counts exactly its flags, and a click on a cell proved safe showed nothing (a win taken at the last flag)';
/** Why a game ended unseen when it stopped taking clicks before its cells showed an end. */
export const TOOK_NO_CLICKS = 'the game took no more clicks (three decisions in a row changed nothing) before its cells showed an end';
/**
 * How long the clicks on a board the flags alone finish are waited for to show, ms (at most): long
 * enough for a game that opens the cells, short of the change timeout a loaded machine's first
 * draws get; a game that took the win at its last flag shows nothing.
 */
const FINISHED_CHANGE_WAIT_MS = 1000;
/**
 * Before a new-game key: the screen around the board unchanged this long, ms (a game may still
 * draw its end: a fade, a dialog coming), waited for at most END_SETTLE_LIMIT_MS.
 */
const END_QUIET_MS = 300;
const END_SETTLE_LIMIT_MS = 3000;
/**
 * In a batch that may end the game, the longest wait for a click to show on the screen before the
 * next click (a browser draws a frame or two after the click; a game it ended shows its end there).
 */
const CLICK_SHOWN_MS = 150;
const CLICK_SHOWN_POLL_MS = 4;

export { contradiction, outcomeOf, showsEffects } from './judge.js';
export type { NewGame } from './new-game.js';
export type { Timing } from './timing.js';

/** A game being played: when it started, its random source, and what its turns counted. */
interface GameRun {
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
   * click on a cell the solver proved safe tells which (turn()).
   */
  probe: boolean;
}

/** The one click on a board the run started on that the flags alone finish showed nothing: that game has ended. */
class EndedAtStart extends Error {}

/** The board as the bot knows it: a cell it flagged itself is a flag, though the reading shows it covered. */
function withOwnFlags(board: Board, flagged: ReadonlySet<number>): Board {
  if (![...flagged].some((i) => board.cells[i] === COVERED)) return board;
  return { ...board, cells: board.cells.map((c, i) => (c === COVERED && flagged.has(i) ? FLAG : c)) };
}

/** Plays games on a desktop until `games` are finished or something stops it. */
export async function playSession(desktop: Desktop, config: PlayConfig): Promise<SessionResult> {
  const screen = await desktop.screen.size();
  return new Session(desktop, config, screen).run();
}

class Session {
  private readonly safety: Safety;
  private readonly time: Stopwatch;
  private readonly frames: Frames;
  private readonly observer: Observer;
  private readonly hand: Hand;
  private readonly watch: Watch;
  private readonly settleEvent: (quietMs: number, why: string) => void;
  private readonly records: GameRecord[] = [];
  private readonly saved: string[] = [];
  /** The game in which a click of a batch that may end it was not seen within CLICK_SHOWN_MS (no more waits there). */
  private unshownIn = -1;
  private place!: Place;
  private solverRejections = 0;

  constructor(
    private readonly d: Desktop,
    private readonly c: PlayConfig,
    screen: { width: number; height: number },
  ) {
    ({ safety: this.safety, time: this.time, frames: this.frames, observer: this.observer, hand: this.hand, watch: this.watch, settleEvent: this.settleEvent } = liveKit(d, screen, c));
  }

  async run(): Promise<SessionResult> {
    const start = this.d.clock.now();
    let stopped: string | null = null;
    try {
      await this.safety.anchor();
      let reading = await this.locate();
      for (let index = 0; this.records.length < this.c.games; index++) {
        if (this.c.dryRun) {
          await this.dryRun(reading);
          stopped = 'dry run: nothing clicked';
          break;
        }
        reading = await this.nextGame(index, reading);
        reading = await this.playGame(index, reading).catch(async (err: unknown) => {
          if (!(err instanceof EndedAtStart)) throw err;
          return this.playGame(index, await this.endedAtStart());
        });
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

  /** Finds the board, fixes the skin, the place and the mine total, and reads it with the pointer off it. */
  private async locate(): Promise<Reading> {
    const { grab, reading, grid } = await this.firstBoard();
    this.observer.skin = reading.skin;
    this.hand.setDensity(grab.pixelDensity);
    if (this.c.mines === undefined && reading.mineCounter === null) {
      throw new StopSignal(`the ${reading.skin} game shows no mine counter: give the mine total (--mines N or --board WxH/M)`);
    }
    this.observer.mines = this.c.mines ?? minesFrom(reading);
    // (a new-game click off the board is kept inside the game's window)
    const how = this.newGameHow();
    const far = this.farPoints(how);
    if (far.length) await this.watch.noteWindow(grid, far);
    this.setPlace(this.watch.placeOf(grid));
    this.c.onEvent?.({ type: 'located', skin: reading.skin, grid, width: grid.cols, height: grid.rows, mines: this.observer.mines });
    await this.hand.park(grid);
    // (what covers part of the board at the start may be the end dialog the last run left there:
    // the dismiss key may close it, as one that came with the bot's clicks)
    return this.look(null, null, 'full', undefined, true, true);
  }

  /**
   * The board at the start. One the reader cannot begin on, no game on it fresh (a look being
   * learned: a game over or going on), gets a new game, once, and is looked for again: by the
   * new-game key, or by the new-game click placed from where that board was found.
   */
  private async firstBoard(): Promise<Awaited<ReturnType<Watch['locate']>>> {
    try {
      return await this.locateAfterDialog();
    } catch (err) {
      const how = this.newGameHow();
      const found = err instanceof BadReading ? notFreshGrid(err.cause) : null;
      if (!(err instanceof BadReading) || !found || this.c.dryRun || !('key' in how || 'click' in how)) throw err;
      const why = err.cause instanceof Error ? err.cause.message : err.message;
      const did = 'key' in how ? `pressing ${how.key}` : `clicking ${pointsText(how)} cells from the board's top centre`;
      this.c.onEvent?.({ type: 'restarted', how: did, why });
      const board = shiftGrid(found, err.capture.region.left, err.capture.region.top);
      if ('key' in how) await pressKeys(how.key, this.hand, (ms) => this.time.sleep(ms));
      else await this.clickUnread(board, how, err.capture);
      // the new game shows some time after the key or click (a browser game redrew its board
      // after two grabs of the old end alike, which were read as "still so"): the board's area
      // is waited for to change from the frame that was no game to begin on, within the change
      // timeout, before it is looked for again
      await this.frames.changed(err.capture.region, err.capture, gridRect(board));
      try {
        return await this.watch.locate();
      } catch (again) {
        if (!(again instanceof BadReading)) throw again;
        const hint = !isNotFresh(again.cause) ? '' : 'key' in how ? ' (the key goes to the window that has the keyboard: click the game\'s title bar, then start again)' : ' (check the point --new-game click:DX,DY names)';
        throw new BadReading(`${again.message}; still so after ${did}${hint}`, again.capture, again.reading);
      }
    }
  }

  /**
   * The board at the start; when none is found, or none to begin on, and a dismiss key was given,
   * that key once and the board looked for again: a game's end dialog left over its board by the
   * last run (a win's "play again?" dimming the page) hides it, or part of it, and takes the keys
   * (a new-game key pressed first would go to it).
   */
  private async locateAfterDialog(): Promise<Awaited<ReturnType<Watch['locate']>>> {
    try {
      return await this.watch.locate();
    } catch (err) {
      // (a dismiss click is placed from the board, not found here: not clicked)
      if (!(err instanceof BadReading) || !(await this.pressDismissKey(err.message))) throw err;
      try {
        return await this.watch.locate();
      } catch (again) {
        if (!(again instanceof BadReading)) throw again;
        throw new BadReading(`${again.message}; still so after pressing ${this.c.dismissKey}`, again.capture, again.reading, { cause: again.cause });
      }
    }
  }

  /**
   * Presses the dismiss key once, saying why, and waits for what it closes to go: false, nothing
   * pressed, when there is no key, the dismiss is a click (placed from a board, none read here),
   * or the run is dry.
   */
  private async pressDismissKey(why: string): Promise<boolean> {
    const key = this.c.dismissKey;
    if (!key || dismissPoints(key) || this.c.dryRun) return false;
    this.c.onEvent?.({ type: 'dismissed', key, why, press: 1 });
    await pressKeys(key, this.hand, (ms) => this.time.sleep(ms));
    await this.time.sleep(DISMISS_SETTLE_MS);
    return true;
  }

  /** The points off the board the full read must reach: the new-game click's, and a `click:DX,DY` dismiss's (each of them). */
  private farPoints(how: NewGame): { dx: number; dy: number }[] {
    const at = this.c.dismissKey ? dismissPoints(this.c.dismissKey) : null;
    return [...('click' in how ? clickPoints(how) : []), ...(at ?? [])];
  }

  /**
   * The new-game click on a board found but not read, inside the game's window and off the board
   * (each of its points: the ones after the first in turn, as clickInTurn says).
   */
  private async clickUnread(grid: Grid, how: { click: BoardPoint; then?: BoardPoint[] }, basis: Grab): Promise<void> {
    await this.watch.noteWindow(grid, this.farPoints(how));
    const bounds = this.watch.bounds(grid);
    const place = this.watch.placeOf(grid);
    const spots = clickPoints(how).map((at) => {
      const spot = unreadSpot(grid, at, bounds, place.full);
      if ('refused' in spot) throw new StopSignal(spot.refused);
      return spot;
    });
    this.safety.allow(spots.map((spot) => spot.area));
    const before = how.then?.length ? await this.frames.grab(place.full) : null;
    const seen = await this.hand.clickPoint(grid, spots[0]!.area, spots[0]!.pixel, basis);
    if (seen !== 'same') throw new StopSignal(`the area of the new-game click did not stay as it was found (${seen}); not clicked`);
    if (before) await clickInTurn(how, before, { hand: this.hand, place: () => place, bounds: () => bounds, settledFrom: (from) => this.frames.stable(place.full, from) });
    await this.hand.park(grid);
  }

  private setPlace(place: Place): void {
    this.place = place;
    // clicks go to the board, its face, and the points --new-game click:DX,DY and --dismiss click:DX,DY name
    const spots = this.farPoints(this.newGameHow()).map((at) => newGameSpot(place.grid, at, this.watch.bounds(place.grid), place.full));
    this.safety.allow([gridRect(place.grid), ...(place.face ? [place.face] : []), ...spots.flatMap((spot) => ('area' in spot ? [spot.area] : []))]);
  }

  /** Reads the board where it is; if that fails, finds it again or waits for it (watch.ts). */
  private async look(prev: Board | null, changedFrom: Grab | null, mode: ReadMode, expected?: (b: Board) => boolean, settle = true, dialogMayCover = false): Promise<Reading> {
    try {
      return await this.observer.observe(this.place, prev, changedFrom, mode, expected, settle);
    } catch (err) {
      if (!(err instanceof BadReading)) throw err;
      this.c.onEvent?.({ type: 'retry', why: err.message });
      const found = await this.watch.recover(this.place, prev, err, dialogMayCover);
      this.setPlace(found.place);
      return found.reading;
    }
  }

  /**
   * The board the game `index` starts on: the one read, when it is a game going on (the first) or
   * the fresh board that came by itself in place of the last game; else a new game's. The board
   * the run starts on is ended when its cells show an end: never clicked, a new game is started.
   * One the flags alone finish is played with one click first (GameRun.probe).
   */
  private async nextGame(index: number, reading: Reading): Promise<Reading> {
    if (reading.endUnseen !== undefined && reading.board.cells.every((c) => c === COVERED)) {
      const { endUnseen: _, ...fresh } = reading;
      return fresh;
    }
    return index > 0 || resultOf(reading) !== 'playing' ? this.newGame() : reading;
  }

  /**
   * The board the run started on, one the flags alone finish, took no click (EndedAtStart): that
   * game has ended (a win taken at its last flag, its safe cells still closed). A new game is
   * started, or the run stops saying so.
   */
  private async endedAtStart(): Promise<Reading> {
    const how = this.newGameHow();
    if ('none' in how) throw new StopSignal(`${ENDED_AT_START}; no way to start a new one was given (--new-game): no more clicks`);
    const did = 'key' in how ? `pressing ${how.key}` : 'click' in how ? `clicking ${pointsText(how)} cells from the board's top centre` : 'clicking the face';
    this.c.onEvent?.({ type: 'restarted', how: did, why: ENDED_AT_START });
    return this.newGame();
  }

  /** One game: turns until the cells show its end, the mines flagged if the game wants them, the record. */
  private async playGame(index: number, first: Reading): Promise<Reading> {
    const game = this.startGame(index);
    // (only the board the run started on: a new game's has no flags)
    game.probe = index === 0 && finishedByFlags(first.board);
    let reading = first;
    try {
      while (resultOf(reading) === 'playing') reading = await this.turn(game, reading);
    } finally {
      game.outcomes.end();
    }
    await this.flagMines(reading, game.flagged);
    this.recordGame(game, resultOf(reading) as GameResult, reading.endUnseen);
    return reading;
  }

  private startGame(index: number): GameRun {
    this.time.nextGame();
    this.observer.opened = [];
    return { index, started: this.d.clock.now(), clicksBefore: this.safety.clicks, rng: createRng(mixSeed(this.c.seed ?? 1, index)), decisions: 0, idle: 0, tookClicks: false, layerDismissed: false, moves: 0, outcomes: new Outcomes(index, (e) => this.c.onEvent?.(e)), flagged: new Set(), probe: false };
  }

  /** One turn: decide, plan, click, read what the clicks did (and tell which opened cells were mines). */
  private async turn(game: GameRun, reading: Reading): Promise<Reading> {
    await this.c.yieldEvents?.();
    this.safety.checkpoint();
    const known = withOwnFlags(reading.board, game.flagged);
    const decision = await this.decide({ ...reading, board: known }, game.rng);
    // The solver found the board impossible: read it again from scratch.
    if (!decision) return this.look(null, null, 'full');
    game.decisions++;
    // (the probe: one click on a cell the solver proved safe, nothing else; none proved, the game is taken as ended)
    const proved = decision.moves.find((m) => m.action === 'open' && m.certain && known.cells[m.y * known.width + m.x] === COVERED);
    if (game.probe && !proved) throw new EndedAtStart();
    const plan = game.probe ? planClicks([proved!], known, { flags: false, chord: false, chordButton: this.chordButton() }).slice(0, 1) : planClicks(decision.moves, known, { flags: this.c.flags !== false, chord: this.c.chord === true, chordButton: this.chordButton() });
    if (!plan.length) throw new StopSignal(`the strategy has no move to play on this board (decision ${game.decisions})`);
    const before = reading.board;
    const basis = this.observer.basis!.grab;
    const made = await this.play(plan, game.index, before, game.decisions);
    for (const c of made) if (c.action === 'flag') game.flagged.add(c.y * before.width + c.x);
    game.moves += made.length;
    const carried = made.flatMap((c) => c.moves);
    const mode: ReadMode = this.c.incremental === false ? 'full' : made.some((c) => c.action !== 'open') ? 'cells-no-counter' : 'cells';
    // The frame that first shows the clicks is read and decided on at once; the check before
    // the next batch confirms it (a grab identical to it) before anything is clicked. With a quiet
    // time (a game seen drawing in steps, or a skin being learned) it is a settled frame instead.
    const confirmed = this.c.checkClicks !== false && made.length > 0 && this.frames.quietMs === 0;
    // (on a board the flags alone finish, those of this batch too, a game that took the win at its
    // last flag ignores the clicks: a change that does not come is not waited for as long)
    // The probe's click is waited for as any click (a classic game's opening shows after the usual wait).
    const wait = !game.probe && finishedByFlags(withOwnFlags(before, game.flagged)) ? FINISHED_CHANGE_WAIT_MS : null;
    // (what covers the board now came with this game's clicks: this batch's, or the last one's when
    // the board changed under this batch before anything was clicked — KMines drew its win's last
    // cell, then its high-score dialog; the dismiss key may close it)
    const afterClicks = this.safety.clicks > game.clicksBefore;
    this.observer.opened = carried.filter((m) => m.action === 'open').map((m) => m.y * before.width + m.x);
    // (a stop before a frame shows what these clicks opened tells them unseen at the game's end:
    // said, not guessed; a stop right after a guess is often a loss not followed)
    const after = await this.frames.briefly(wait, () => this.look(before, made.length ? basis : null, mode, made.length ? (b) => showsEffects(b, carried) : undefined, !confirmed, afterClicks)).catch((err: unknown) => {
      game.outcomes.clicked(carried, before.width);
      throw err;
    });
    const changed = !sameCells(before, after.board);
    // (the probe's click showed nothing: the game has ended, that click is told nowhere: no frame
    // will show what it was, and it was no move of a game going on)
    if (game.probe && made.length && !changed) throw new EndedAtStart();
    if (changed) game.probe = false;
    game.outcomes.afterClicks(carried, after, changed);
    if (changed) {
      game.idle = 0;
      game.tookClicks = true;
    }
    else if (await this.dismissLayer(game)) return this.look(before, basis, 'full', undefined, true, true);
    else if (++game.idle >= 3) {
      if (made.length < plan.length) throw new StopSignal('three decisions in a row found the board changed under the clicks');
      game.outcomes.doubtLastChange('the game took no click after these opened: an end not seen may have come with them');
      // (a game that stopped taking clicks has ended where its cells do not show it: a face only,
      // or a win it counted wrong. With a way to start the next game, this one ended unseen and
      // the run goes on; the new game's fresh board is checked as always, so a page that takes no
      // clicks at all still stops the run there)
      // (a game that never took one of this game's clicks, a picture of one, stops the run)
      if (game.tookClicks && this.canStartAnother()) return { ...after, endUnseen: TOOK_NO_CLICKS };
      throw new StopSignal('three decisions in a row changed nothing on the screen');
    }
    return after;
  }

  /**
   * A see-through layer over the whole game that stays while the clicks change nothing is a dialog
   * over a page that stopped drawing: PaulusWhite/minesweeper-release's `alert()` at a win, come up
   * before the page drew the batch that won, holds the page until it is closed; seen through the
   * layer, the batch's cells show still covered. With a dismiss key, that key (once a game), and
   * the board read again; else the clicks are made again, as for a click a game ignored.
   */
  private async dismissLayer(game: GameRun): Promise<boolean> {
    if (!this.c.dismissKey || this.c.dryRun || game.layerDismissed || !this.observer.basisVeiled) return false;
    game.layerDismissed = true;
    if (!(await this.watch.dismissAll(this.place, 'a layer over the game stays while the clicks change nothing (a dialog over a page that stopped drawing)', 'layer'))) return false;
    await this.time.sleep(DISMISS_SETTLE_MS);
    return true;
  }

  /**
   * Every safe cell is open but the game does not show a win: some games count a win only once
   * every mine is flagged. The covered cells left are the mines: flag them (each click checked
   * against the last frame, as any later click of a batch), when flags are allowed.
   */
  private async flagMines(reading: Reading, flagged: ReadonlySet<number>): Promise<void> {
    if (this.c.flags === false || this.c.dryRun || reading.face === 'won' || reading.endUnseen !== undefined) return;
    const cells = minesLeft(reading.board).filter((i) => !flagged.has(i));
    const basis = this.observer.basis?.grab;
    if (!cells.length || !basis) return;
    const grid = this.place.grid;
    for (const i of cells) {
      if ((await this.hand.clickCell(grid, i % reading.board.width, (i / reading.board.width) | 0, 'right', basis)) !== 'same') break;
    }
    await this.hand.park(grid);
  }

  private recordGame(game: GameRun, result: GameResult, why?: string): void {
    const record: GameRecord = { index: game.index, result, clicks: this.safety.clicks - game.clicksBefore, wallMs: Math.round(this.d.clock.now() - game.started), timing: { ...this.time.game }, counts: { ...this.time.gameCounts } };
    this.records.push(record);
    this.c.onEvent?.({ type: 'game', game: game.index, result, clicks: record.clicks, wallMs: record.wallMs, moves: game.moves, ...(why !== undefined ? { why } : {}) });
  }

  /**
   * Plays a batch: one grab checks that the board looks as read, then each click goes through
   * the hand (a later click is checked again, and skipped if its cell changed; a moved frame ends
   * the batch). Returns the clicks made. The pointer is parked off the board afterwards.
   */
  private async play(plan: PlannedClick[], game: number, board: Board, decision: number): Promise<PlannedClick[]> {
    const grid = this.place.grid;
    const basis = this.observer.basis!.grab;
    const made: PlannedClick[] = [];
    let verified = this.c.checkClicks === false;
    if (!verified) {
      const seen = await this.hand.look(grid, gridRect(grid), basis);
      if (seen === 'changed' && this.observer.basisSettled) {
        // nothing was clicked since that frame settled: the game draws in steps
        this.settleEvent(this.frames.lateChange(), 'the board changed after its frame had settled');
      }
      if (seen !== 'same') {
        this.c.onEvent?.({ type: 'skip', t: epochMs(), target: 'board', why: `the board ${seen === 'moved' ? 'moved or is covered' : 'changed'} since it was read` });
        return made;
      }
      verified = true;
    }
    // (a batch that may end the game: each click is seen on the screen before the next, so that a
    // click the game would take after its end as a new game's is skipped, its cell seen changed)
    let waitShown = mayEndGame(plan, board) && this.c.checkClicks !== false && this.unshownIn !== game;
    // (a flag that makes the flags as many as the mines may end the game: some games take the win
    // there, and a page may then put a line of text above the board and push it down a frame later,
    // after the next click's check: the rest of the batch waits for the board read again)
    let flags = flagCount(board);
    for (const click of plan) {
      this.c.onEvent?.({ type: 'move', game, move: click.moves[0]!, board, decision });
      // (a flag need not show: a game's flag may look like its tile to the pixel. An opening the
      // screen never showed: the game takes no more clicks, or draws slower than that; the rest
      // of the batch goes as any batch, each click checked against the frame read)
      const last = made.at(-1);
      if (waitShown && last && last.action !== 'flag' && !(await this.clickShown(grid, last, basis))) {
        // (nor waited for again in this game: a game that froze at its end shows no click)
        waitShown = false;
        this.unshownIn = game;
      }
      const seen = await this.hand.clickCell(grid, click.x, click.y, click.button, made.length === 0 && verified ? null : basis);
      if (seen === 'same') made.push(click);
      else if (seen === 'moved') break;
      if (seen === 'same' && click.action === 'flag' && ++flags === board.mines) break;
    }
    await this.hand.park(grid);
    return made;
  }

  /**
   * Waits until the first cell `click` changes (itself, or a chord's first neighbour) looks
   * otherwise than in `basis` (the click shown), or the frame moved: whether it did within
   * CLICK_SHOWN_MS.
   */
  private async clickShown(grid: Grid, click: PlannedClick, basis: Grab): Promise<boolean> {
    const cell = click.moves[0] ?? click;
    const until = this.d.clock.now() + CLICK_SHOWN_MS;
    for (;;) {
      if ((await this.hand.look(grid, cellRect(grid, cell.x, cell.y), basis)) !== 'same') return true;
      if (this.d.clock.now() >= until) return false;
      await this.time.sleep(CLICK_SHOWN_POLL_MS);
    }
  }

  private chordButton(): Button {
    const b = this.c.chordButton;
    return typeof b === 'function' ? b(this.observer.skin ?? '') : (b ?? 'middle');
  }

  /** Whether the next game can be started without a guess at how: a key, a click, or a face that was found. */
  private canStartAnother(): boolean {
    const how = this.newGameHow();
    return !this.c.dryRun && ('key' in how || 'click' in how || ('face' in how && this.place.face !== null && this.place.face !== undefined));
  }

  private newGameHow(): NewGame {
    return (typeof this.c.newGame === 'function' ? this.c.newGame(this.observer.skin ?? '') : this.c.newGame) ?? { key: 'F2' };
  }

  private async newGame(): Promise<Reading> {
    // an end dialog over the board has the keyboard: it is closed first (and those queued after
    // it), else it would take the new-game key
    const dialog = await this.endDialog();
    if (dialog && (await this.watch.dismissAll(this.place, dialog, 'ended'))) {
      await this.time.sleep(DISMISS_SETTLE_MS);
      // (a dialog closed by a click on its button: gone before a new game is started under it)
      const still = await this.watch.dialogAtPoint(this.place, 'ended');
      if (still) throw new StopSignal(`the end dialog is still there after its button was clicked (${still}); no new game started`);
    }
    return startNewGame(this.newGameHow(), {
      hand: this.hand,
      safety: this.safety,
      skin: this.observer.skin ?? '',
      place: () => this.place,
      basis: () => this.observer.basis?.grab ?? null,
      bounds: () => this.watch.bounds(this.place.grid),
      // (a cover that comes after the new-game key is the game's end dialog come late, over a
      // loss animation: it had the key, and the dismiss key may close it)
      look: (changedFrom, mode) => this.look(null, changedFrom, mode, undefined, true, true),
      lookElsewhere: async () => {
        const found = await this.watch.elsewhere(this.place, null);
        if (found) this.setPlace(found.place);
        return found?.reading ?? null;
      },
      sleep: (ms) => this.time.sleep(ms),
      settle: async () => void (await this.frames.quietFor(this.place.full, END_QUIET_MS, END_SETTLE_LIMIT_MS)),
      grabAround: () => this.frames.grab(this.place.full),
      settledFrom: (from) => this.frames.stable(this.place.full, from),
      dismiss: (why) => this.pressDismissKey(why),
    });
  }

  /**
   * Why a dialog of the game's end is taken to be over the board, or null: the game ended behind
   * it (read from the frame before it); or, with a dismiss key, once the screen is quiet after the
   * end, something covers the board's frame that did not when the end was read (a dialog that
   * comes after the game showed its end: Windows 7's "play again?" after its loss animation).
   */
  private async endDialog(): Promise<string | null> {
    if (this.c.dryRun) return null;
    if (this.observer.basisCovered) return 'the game ended behind what covers the board';
    if (!this.c.dismissKey) return null;
    await this.frames.quietFor(this.place.full, END_QUIET_MS, END_SETTLE_LIMIT_MS);
    const now = await this.frames.grab(this.place.full);
    // (the end read on the board found again where it was, over a frame that did not hold: the
    // frame before that, as a dialog come up while the end was read covers it)
    if (!this.observer.frameHeldBefore(now, this.place)) return 'something came over the board and its frame after the game ended';
    // (a dialog inside the board's frame, its end read around it: seen at a dismiss click's point)
    return this.watch.dialogAtPoint(this.place, 'ended');
  }

  /**
   * Asks the strategy for moves. A board the solver finds impossible was misread: null asks the
   * caller to read again; after `retries` such boards in a row the session stops, saving the
   * capture and the reading.
   */
  private async decide(reading: Reading, rng: ReturnType<typeof createRng>): Promise<Decision | null> {
    let failure: string;
    try {
      const decision = this.time.timeSync('solveMs', () => this.c.strategy.decide(reading.board, { rule: this.c.rule, rng, flags: this.c.flags !== false || this.c.chord === true }));
      this.solverRejections = 0;
      return decision;
    } catch (err) {
      failure = `the solver rejects the board as read: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (++this.solverRejections > (this.c.retries ?? 4)) {
      throw new BadReading(failure, this.observer.basis?.grab ?? (await this.frames.grab(this.place.full)), reading);
    }
    this.c.onEvent?.({ type: 'retry', why: failure });
    await this.time.sleep(40 * 2 ** (this.solverRejections - 1));
    return null;
  }

  private async dryRun(reading: Reading): Promise<void> {
    const decision = this.c.strategy.decide(reading.board, {
      rule: this.c.rule,
      rng: createRng(mixSeed(this.c.seed ?? 1, 0)),
      flags: this.c.flags !== false,
    });
    const plan = resultOf(reading) === 'playing' ? planClicks(decision.moves, reading.board, { flags: this.c.flags !== false, chord: false, chordButton: 'middle' }) : [];
    const capture = await this.frames.grab(this.place.full);
    const grid = shiftGrid(this.place.grid, capture.region.left, capture.region.top);
    this.c.onEvent?.({ type: 'dry-run', reading, moves: plan.flatMap((c) => c.moves), capture, grid });
  }
}

/** The flags a board shows. */
function flagCount(board: Board): number {
  return board.cells.reduce((n, c) => n + (c === FLAG ? 1 : 0), 0);
}

/** The mine total: the counter of a board without flags shows it, else the reader's header. */
function minesFrom(reading: Reading): number {
  const flags = flagCount(reading.board);
  if (reading.mineCounter !== null && reading.mineCounter > 0 && outcomeOf(reading.board, reading.face) === 'playing') {
    return reading.mineCounter + flags;
  }
  return reading.board.mines;
}
