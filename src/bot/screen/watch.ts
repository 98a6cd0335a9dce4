// Watching the board's place on the screen: finding it (anywhere, or inside the window named with
// --window), and after a reading fails where it was, finding out what happened:
// - the window moved: the same game (same size and skin, consistent with the last reading) is
//   found elsewhere, and play goes on there;
// - something covers it (another window, a dialog) or it is hidden (minimised, closed): it is read
//   again, and looked for again, until it is whole or `boardWaitMs` runs out; then the session stops
//   with the reason. A named window that is no longer listed was closed: that stops at once.
// - covered right after the bot's own clicks (a game's end dialog: a high-score table, "play
//   again?"): once it has stayed a moment, the dismiss key (`--dismiss`, none by default) closes
//   it and any queued after it (dismiss.ts), so that the board under it shows how the game ended.
// Independent of skins: the reader (through Observer) and the face finder are parameters.

import { COVERED, type Board } from '../../core/board.js';
import { cellAt, gridRect, holdsRect, type Grid } from '../../core/grid.js';
import type { Grab, Region, WindowInfo, Windows } from '../../desktop/ports.js';
import { clipRegion } from '../../desktop/region.js';
import { coverCells, coverChanged, dialogSeen, dialogSeenUnread, dismissAll, dismissPoints, type DismissCause, type DismissContext, type DismissEvent, type DismissPoint, type Dismissed, SAME_COVER_PRESSES } from '../flow/dismiss.js';
import { newGameSpot } from '../flow/new-game.js';
import { BadReading, overCellAndAround, sameArea, Unsettled, type Frames } from './frames.js';
import type { Observer } from './observe.js';
import { boundingRegion, placeOf, type Place } from './place.js';
import { shiftReach } from './board-shift.js';
import { searchOrder, type SearchedIn } from './search-order.js';
import type { Reading } from '../reading.js';
import { StopSignal } from '../hand/safety.js';
import type { Stopwatch } from '../timing.js';

export interface WatchOptions {
  /** Play only the board in the window whose title contains this (case-insensitive). */
  windowTitle?: string;
  /** How long a board may stay unreadable (covered, hidden) before the session stops, ms (default 10 s). */
  boardWaitMs?: number;
  /** Where the skin's face button is for a grid (screen pixels), or null if it has none. */
  faceAt?: (skin: string, grid: Grid) => Region | null;
  /** The key that closes the dialogs the game puts over its board at an end (none by default; dismiss.ts). */
  dismissKey?: string | null;
  /**
   * Told `true` while a dismiss is to come on what covers the board after the bot's clicks (recover,
   * a dismiss given and not tried yet on it), `false` once it was tried: a reader that judges a
   * board gone for good (a learner) waits for the end the dismiss may show.
   */
  dismissToCome?: (on: boolean) => void;
}

/** How long a cover that came with the bot's clicks stays before the dismiss key is pressed, ms (at most a third of the board wait). */
export const DISMISS_AFTER_MS = 1000;

/**
 * How long the page around a board with a covered frame must stay still for the cover to count as
 * a dialog when dismissing, ms, and how long that is waited for: a frame that keeps moving (a glow
 * animated round the grid) is the page's own motion, not a dialog.
 */
const FRAME_STILL_MS = 300;
const FRAME_STILL_LIMIT_MS = 1000;

/**
 * How long a board read at its place may show the same cells its reader calls looks not learned
 * (Reading.notLearned) before the run stops saying so: past the learner's own holds (a guess's
 * cell drawn in steps, 500 ms) and the dismiss key's press, well short of boardWaitMs.
 */
export const NOT_LEARNED_STEADY_MS = 1500;

/** The looks-not-learned failure seen so far at the board's place, with `err`'s at `now`: since when the same cells have stayed so, or null. */
function stillNotLearned(was: { why: string; since: number } | null, err: BadReading, now: number): { why: string; since: number } | null {
  const why = err.reading?.notLearned;
  if (!why) return null;
  return was && was.why === why ? was : { why, since: now };
}

export type WatchEvent =
  /**
   * The board was found elsewhere on the screen: the window moved. `by`: how it was found (by its
   * pixels moved a little, or by a search around its place, in its window, or over the whole
   * search region).
   */
  | { type: 'moved'; from: Grid; to: Grid; by: 'shift' | SearchedIn }
  /** The board cannot be read where it was nor found elsewhere: waiting for it to be whole. */
  | { type: 'waiting'; why: string }
  /** The board stayed covered after the game's end: the dismiss key was pressed. */
  | DismissEvent;

export interface Found {
  place: Place;
  reading: Reading;
}

export class Watch {
  /** The window named with --window, once found. */
  private window: WindowInfo | null = null;
  /** The window around the board when none was named (one listing at the start), relative to the grid's top-left. */
  private around: Region | null = null;
  /** The new-game points the full read reaches (placeOf), as noted with the window. */
  private farPoints: readonly { dx: number; dy: number }[] = [];
  /** What closing end dialogs needs (dismiss.ts), made at the first. */
  private dismissing: DismissContext | null = null;
  /** Where the board lay before it was last pushed a little (shifted), and the first frame read there; null when it was not, or that was forgotten (forgetPush). */
  private pushed: { grid: Grid; frame: Grab } | null = null;

  constructor(
    private readonly windows: Windows | undefined,
    private readonly frames: Frames,
    private readonly observer: Observer,
    private readonly watch: Stopwatch,
    private readonly screenSize: { width: number; height: number },
    private readonly opts: WatchOptions,
    private readonly emit: (e: WatchEvent) => void,
    /** Throws to stop (user took the mouse, stop request) while waiting. */
    private readonly checkpoint: () => Promise<void>,
    /** Moves the pointer off a grid before grabbing it (a glow under the pointer misreads). */
    private readonly park: (grid: Grid) => Promise<void>,
    /** Presses a key (through the safety checks). */
    private readonly press: (key: string) => Promise<void> = async () => undefined,
    /** Clicks a pixel off the board, within `area` (through the safety checks): a `click:DX,DY` dismiss. */
    private readonly clickPoint: (grid: Grid, area: Region, pixel: { x: number; y: number }) => Promise<void> = async () => undefined,
  ) {}

  /**
   * The place of a grid found for the session's skin. Its full read reaches the new-game points
   * noted with the window (beyond READ_REACH) only where the game's window is known: a click there
   * stays inside it.
   */
  placeOf(grid: Grid): Place {
    const far = this.window || this.around ? this.farPoints : [];
    return placeOf(grid, this.screenSize, this.opts.faceAt?.(this.observer.skin ?? '', grid) ?? null, far);
  }

  /**
   * Where a click off the board may land for this grid: in the game's window (the one named with
   * --window, or the one around the board noted by noteWindow, moved with the board) and on the
   * screen. Null when that leaves nothing.
   */
  bounds(grid: Grid): Region | null {
    const screen = { left: 0, top: 0, ...this.screenSize };
    const w = this.window?.region ?? (this.around ? { ...this.around, left: this.around.left + grid.left, top: this.around.top + grid.top } : null);
    return w ? clipRegion(w, this.screenSize) : screen;
  }

  /**
   * Notes the window around the board, when none was named and the desktop lists its windows: the
   * smallest listed window that holds the whole grid. Listed once (on X11 a window closing while it
   * is asked ends the process: never polled); a listing that fails notes nothing.
   */
  async noteWindow(grid: Grid, farPoints: readonly { dx: number; dy: number }[] = []): Promise<void> {
    this.farPoints = farPoints;
    if (this.opts.windowTitle !== undefined || !this.windows) return;
    let all: WindowInfo[];
    try {
      all = await this.windows.list();
    } catch {
      return;
    }
    const r = gridRect(grid);
    const area = (w: WindowInfo): number => w.region.width * w.region.height;
    const w = all.filter((x) => holdsRect(x.region, r)).reduce<WindowInfo | null>((a, b) => (!a || area(b) < area(a) ? b : a), null);
    this.around = w ? { ...w.region, left: w.region.left - grid.left, top: w.region.top - grid.top } : null;
  }

  /** Finds the board at the start: a reading of it and its grid in screen pixels. */
  async locate(): Promise<{ grab: Grab; reading: Reading; grid: Grid }> {
    const region = await this.searchRegion();
    const g = await this.settledSearch(region ?? { left: 0, top: 0, ...this.screenSize });
    let reading: Reading;
    try {
      reading = this.observer.readGrab(g);
    } catch (err) {
      const where = this.window ? `in the window "${this.window.title}"` : 'on the screen';
      throw new BadReading(`no Minesweeper board found ${where}: ${err instanceof Error ? err.message : String(err)}`, g, null, { cause: err });
    }
    return { grab: g, reading, grid: { ...reading.grid, left: reading.grid.left + g.region.left, top: reading.grid.top + g.region.top } };
  }

  /**
   * After `first` failed at `place`: the board read again where it is now (the same place or
   * elsewhere), or throws — BadReading once it has stayed unreadable for boardWaitMs, StopSignal
   * when the named window was closed. `dialogMayCover`: what covers the board may be the game's
   * dialog (the dismiss key may close it), and why: the reading that failed was the first after the
   * bot's own clicks, or the first of the run (a dialog the last run left): 'failed'; the first
   * after the new-game key or click, the game ended: 'ended' (its end box come late, with the key
   * or click: gobitobi takes a win at the next click after the last flag, its box comes then).
   * `key`: the dismiss where the run was given none (the new-game point, for what came over the
   * board with the new-game click: an end box come with it).
   */
  async recover(place: Place, prev: Board | null, first: BadReading, dialogMayCover: 'failed' | 'ended' | null = null, key?: string): Promise<Found> {
    // (a dismiss possible on what covers the board comes before anything judges the board gone
    // for good: the reader is told one is to come until it was tried; vanpeta/react-minesweeper's
    // "Game Over" closes only by its button, and the learner had judged the board under its dimmed
    // page gone 3 s after it came, while a search of the screen ran: the loss the click then showed
    // was no longer read)
    const dismissKey = this.opts.dismissKey ?? key;
    const hold = dialogMayCover !== null && !!dismissKey && !!this.opts.dismissToCome;
    if (hold) this.opts.dismissToCome!(true);
    try {
      return await this.recovered(place, prev, first, dialogMayCover, dismissKey ?? undefined);
    } finally {
      if (hold) this.opts.dismissToCome!(false);
    }
  }

  private async recovered(place: Place, prev: Board | null, first: BadReading, dialogMayCover: 'failed' | 'ended' | null, dismissKey: string | undefined): Promise<Found> {
    const clock = this.watch.clock;
    const start = clock.now();
    const limit = this.opts.boardWaitMs ?? 10_000;
    // (the dismiss key once the cover has stayed a moment; the wait runs on from the last press.
    // Again, after presses that closed something, when the board still does not read: alerts
    // queued alike a moment apart, the page's script running between them, each frozen over the
    // page before it painted. JasonLeisure/games' neon page and campo_minado alert a win once per
    // level of a cascade's recursion: the next came after the first press had seen the page
    // clear, and the run stopped 10 s later, still covered)
    let dismiss = dialogMayCover !== null && !!dismissKey;
    let dismissFrom = start;
    let closedAgain = 0;
    let since = start;
    let last = first;
    let told = false;
    let elsewhere = false;
    let lastLook = false;
    // (a board read at its place whose reader says its unsure cells are looks not learned, the
    // same cells for NOT_LEARNED_STEADY_MS: a stop at once, saying so — not a search of the screen)
    let unlearned = first.reading?.notLearned ? { why: first.reading.notLearned, since: start } : null;
    for (let round = 0; ; round++) {
      if (dismiss && clock.now() - dismissFrom >= Math.min(DISMISS_AFTER_MS, limit / 3)) {
        dismiss = false;
        // (again only while something covers the board still: not into a page that reads badly
        // for another cause, where the key may reach a focused button)
        const covered = closedAgain === 0 || (await this.stillCovered(await this.frames.grab(place.full), place));
        try {
          // (what the dismiss shows is judged afresh: looks not learned before it were the box)
          const done = covered && (await this.dismissAll(place, last.message, dialogMayCover ?? 'failed', dismissKey));
          if (done) (since = clock.now()), (unlearned = null);
          // (after a press that closed something, looked at again a moment later while the board
          // does not read: the page may be clear between two alerts)
          if ((done === 'closed' || (closedAgain > 0 && !covered)) && closedAgain++ < SAME_COVER_PRESSES) (dismiss = true), (dismissFrom = clock.now());
        } finally {
          if (!dismiss) this.opts.dismissToCome?.(false);
        }
      }
      try {
        // Look elsewhere first and then every other round; read it where it was in between. A
        // board read where it was, but for some cells (unsure, or not adding up: a frame caught
        // drawing), is read there first: a search of the whole screen takes seconds (a mine a
        // Google-style game showed alone was read as the loss 5 s after the frame showing it).
        // (not while the board read there shows looks not learned: it is there, not gone)
        elsewhere = !unlearned && round % 2 === (first.reading ? 1 : 0);
        const found = elsewhere ? await this.find(place, prev) : await this.readAt(place, prev);
        if (found) return found;
      } catch (err) {
        if (!(err instanceof BadReading)) throw err;
        last = err;
        if (!elsewhere) unlearned = stillNotLearned(unlearned, err, clock.now());
      }
      // (not before the dismiss was tried, when one is to be: on a loaded machine one reading
      // again takes seconds, and a box over the board, its cells read as looks not learned, was
      // taken for such looks before its dismiss came)
      if (unlearned && !dismiss && clock.now() - unlearned.since >= NOT_LEARNED_STEADY_MS) {
        throw new BadReading(`${unlearned.why} (the board is where it was, those cells so for ${+(NOT_LEARNED_STEADY_MS / 1000).toFixed(1)} s)`, last.capture, last.reading);
      }
      // (nor the stop for a board that stayed unreadable, before a dismiss that is to come: on
      // a loaded machine a search of the screen took 20 s, longer than the board is waited for,
      // and the run stopped with the dismiss never tried — prabhakar-regmi/Minesweeper-HTML's
      // popup over the board at a win; the search stays first, for it may find the board)
      if (!dismiss && clock.now() - since >= limit) {
        // (the last look before giving up is at the board's place: a search of the whole screen
        // takes seconds on a busy machine, and what the reader waits for there, a board gone for
        // good after a guess, may have come while it ran: an end under a dialog read as a stop)
        if (elsewhere && !lastLook) {
          lastLook = true;
          try {
            const found = await this.readAt(place, prev);
            if (found) return found;
          } catch (err) {
            if (!(err instanceof BadReading)) throw err;
            last = err;
          }
        }
        throw new BadReading(
          `${last.message}; still so after ${+(limit / 1000).toFixed(1)} s of reading it again and looking for it elsewhere (is it covered, minimised or closed?)`,
          last.capture,
          last.reading,
        );
      }
      if (!told && round >= 1) {
        this.emit({ type: 'waiting', why: last.message });
        told = true;
      }
      await this.checkpoint();
      await this.watch.sleep(Math.min(40 * 2 ** round, 400));
    }
  }

  /**
   * Closes what covers the board at `place` after a game's end with the dismiss key (dismiss.ts),
   * or with `key` in its place (the new-game point, for an end box come with its click); false
   * when none was given.
   */
  async dismissAll(place: Place, why: string, cause: DismissCause, key?: string): Promise<Dismissed> {
    this.dismissing ??= {
      key: this.opts.dismissKey ?? null,
      frames: this.frames,
      watch: this.watch,
      frameHolds: (g, p) => this.observer.frameHeldBefore(g, p),
      covered: (g, p) => this.stillCovered(g, p),
      press: (key, place) => this.dismissPress(key, place),
      seen: async (key, place, cause) => !dismissPoints(key) || (await this.dialogAtPoint(place, cause, key)) !== null,
      emit: this.emit,
      checkpoint: this.checkpoint,
    };
    return dismissAll(key === undefined ? this.dismissing : { ...this.dismissing, key }, place, why, cause);
  }

  /**
   * Whether something still covers the board at `place` in `g`, for the dismiss (dismiss.ts
   * `covered`): a good share of its cells (coverCells) changed since the last
   * frame read with nothing over the board's frame and do not read now, or the frame is covered
   * and the page around the board stays still (a dialog; a frame that moves by itself is the
   * page's own motion).
   */
  private async stillCovered(g: Grab, place: Place): Promise<boolean> {
    const grid = place.grid;
    const end = this.observer.lastUncovered(place);
    if (!end || coverChanged(end, g, grid)) {
      let unsure: number;
      try {
        unsure = this.observer.readGrab(g, grid, { probe: true }).unsure.length;
      } catch {
        return true;
      }
      if (unsure >= coverCells(grid.cols * grid.rows)) return true;
    }
    return !this.observer.frameHeldBefore(g, place) && (await this.frames.quietFor(place.full, FRAME_STILL_MS, FRAME_STILL_LIMIT_MS));
  }

  /**
   * With a `click:DX,DY` dismiss: why a dialog is seen at its point now (dialogSeen), else null;
   * null too with a key or none. With several points (`click:DX,DY;DX2,DY2`), at the first of
   * them where one is seen; `only` (`click:DX,DY`, one of them) looks at that point alone. Throws
   * StopSignal when a point may not be clicked at all.
   */
  async dialogAtPoint(place: Place, cause: DismissCause, only?: string): Promise<string | null> {
    const key = only ?? this.opts.dismissKey;
    const points = key ? dismissPoints(key) : null;
    if (!points) return null;
    // (no frame read at this place yet, the run's start under a box the last run left up: only
    // what the board shows now tells a box, dialogSeenUnread)
    const ref = this.observer.firstFrame(place);
    const now = await this.frames.grab(place.full);
    let reading: Reading | null = null;
    try {
      reading = this.observer.readGrab(now, place.grid, { probe: true });
    } catch {
      reading = null;
    }
    for (const at of points) {
      const why = ref ? this.dialogAt(place, at, cause, ref, now, reading) : this.dialogAtUnread(place, at, reading);
      if (why) return points.length > 1 ? `${why} (${at.dx},${at.dy})` : why;
    }
    return null;
  }

  /** Why a dialog is seen at the dismiss point `at` in `now` (dialogSeen), else null. */
  private dialogAt(place: Place, at: DismissPoint, cause: DismissCause, ref: Grab, now: Grab, reading: Reading | null): string | null {
    const spot = this.dismissSpot(at, place);
    const g = place.grid;
    const pointChanged = !sameArea(ref, now, spot.area);
    const pointCell = cellAt(g, spot.pixel.x, spot.pixel.y);
    // (the point's cell and two more around it: a dialog is wider than a cell, a mine drawn late is not)
    const over = (x: number, y: number): boolean => !!reading?.drawnOver?.some(([ox, oy]) => ox === x && oy === y);
    const around = pointCell ? [-1, 0, 1].flatMap((dy) => [-1, 0, 1].filter((dx) => over(pointCell[0] + dx, pointCell[1] + dy))).length : 0;
    const overEnd = cause === 'ended' && pointCell !== null && over(pointCell[0], pointCell[1]) && around >= 3;
    const end = cause === 'ended' && pointCell ? this.observer.lastUncovered(place) : null;
    return dialogSeen({
      overEnd,
      ...(end && pointCell ? { overSinceEnd: overCellAndAround(end, now, g, pointCell) } : {}),
      cause,
      pointChanged,
      pointCell,
      pointCellAsBefore: pointChanged && pointCell && reading ? this.readsAsBefore(place, reading, pointCell) : false,
      reading,
      frameHolds: this.observer.frameHeldBefore(now, place),
      cells: g.cols * g.rows,
      fresh: reading !== null && !reading.unsure.length && reading.board.cells.every((c) => c === COVERED),
    });
  }

  /** Why a box is seen at the dismiss point `at` on a board no frame was read at before (dialogSeenUnread), else null. */
  private dialogAtUnread(place: Place, at: DismissPoint, reading: Reading | null): string | null {
    const spot = this.dismissSpot(at, place);
    const g = place.grid;
    return dialogSeenUnread({ pointCell: cellAt(g, spot.pixel.x, spot.pixel.y), reading, cols: g.cols, rows: g.rows });
  }

  /**
   * Whether `cell` reads in `now` (sure) as it read, sure too, in the frame first read at the
   * board's place: that frame's reading as kept then, not the frame read again (a learner reads
   * each frame as the next of its game: the fresh board read again after a win behind a box was
   * a new game to it, and the won board after it that game's — hex-coding's flags, not learned
   * yet, stopped the run).
   */
  private readsAsBefore(place: Place, now: Reading, cell: [number, number]): boolean {
    const [x, y] = cell;
    if (now.unsure.some(([ux, uy]) => ux === x && uy === y)) return false;
    const before = this.observer.firstReading(place);
    if (!before || before.unsure.some(([ux, uy]) => ux === x && uy === y)) return false;
    const i = y * now.board.width + x;
    return before.board.width === now.board.width && before.board.cells[i] === now.board.cells[i];
  }

  /**
   * The dismiss key pressed, or the point of a `click:DX,DY` dismiss clicked: where a new-game
   * click at that point may go (in the area read around the board, in the game's window), else a
   * stop with why.
   */
  private async dismissPress(key: string, place: Place): Promise<void> {
    const at = dismissPoints(key)?.[0];
    if (!at) return this.press(key);
    const spot = this.dismissSpot(at, place);
    await this.clickPoint(place.grid, spot.area, spot.pixel);
  }

  /** Where a dismiss click at `at` lands on the board at `place` (as a new-game click there may), else a stop with why. */
  private dismissSpot(at: DismissPoint, place: Place): { area: Region; pixel: { x: number; y: number } } {
    const spot = newGameSpot(place.grid, at, this.bounds(place.grid), place.full);
    if ('refused' in spot) throw new StopSignal(spot.refused.replace('the new-game click', 'the dismiss click'));
    return spot;
  }

  /**
   * The same game looked for away from `place` (moved a little, else anywhere in the search
   * region) and read where found; null when no board of this game is found or it does not read.
   */
  async elsewhere(place: Place, prev: Board | null): Promise<Found | null> {
    try {
      return await this.find(place, prev);
    } catch (err) {
      if (!(err instanceof BadReading)) throw err;
      return null;
    }
  }

  /** Reads the board again at its place. */
  private async readAt(place: Place, prev: Board | null): Promise<Found | null> {
    const g = await this.frames.stable(place.full, null, gridRect(place.grid), this.observer.motionAt(place.grid));
    return { place, reading: this.observer.accept(g, place, prev) };
  }

  /**
   * Looks for the same game: moved a little around its place (shifted, by its pixels), else by the
   * skin around its place, in the game's window, then in the whole search region (the named
   * window, or the screen; search-order.ts): the first region where the same game (skin, size) is
   * found. Throws as the last search did when none finds it.
   */
  private async find(place: Place, prev: Board | null): Promise<Found | null> {
    const near = await this.shifted(place, prev);
    if (near) return near;
    const all = (await this.searchRegion()) ?? { left: 0, top: 0, ...this.screenSize };
    // (the game's window, moved with the board, only when one was noted: bounds() is else the screen)
    const win = this.window || this.around ? this.bounds(place.grid) : null;
    const was = place.grid;
    let failed: BadReading | null = null;
    for (const { where, region } of searchOrder(was, place.full, win, all)) {
      const g = await this.settledSearch(region);
      let seen: Reading;
      try {
        seen = this.observer.readGrab(g, undefined, { searching: true });
      } catch (err) {
        failed = new BadReading(`no board found: ${err instanceof Error ? err.message : String(err)}`, g, null);
        continue;
      }
      if (seen.skin !== this.observer.skin || seen.board.width !== was.cols || seen.board.height !== was.rows) {
        failed = new BadReading(`the only board found is a ${seen.board.width}x${seen.board.height} ${seen.skin} board, not this game`, g, seen);
        continue;
      }
      const grid: Grid = { ...seen.grid, left: seen.grid.left + g.region.left, top: seen.grid.top + g.region.top };
      const moved = Math.abs(grid.left - was.left) >= 1 || Math.abs(grid.top - was.top) >= 1;
      const at = moved ? this.placeOf(grid) : place;
      if (moved) await this.park(grid);
      // Read it at its grid, with the pointer away from it: the same game, or nothing. (Found
      // where it was: what changed around it is the game's drawing, no move.)
      const g2 = await this.frames.stable(at.full, null, gridRect(at.grid), this.observer.motionAt(at.grid));
      const reading = moved ? this.observer.accept(g2, at, prev) : this.observer.acceptFound(g2, at, prev);
      if (moved) this.emit({ type: 'moved', from: was, to: grid, by: where });
      return { place: at, reading };
    }
    throw failed ?? new BadReading('no board found: nothing to search', await this.frames.grab(), null);
  }

  /**
   * Where the board lay before it was pushed a little (a line of text put above it at a game's
   * end), and the first frame read there, since the last forgetPush; null when it was not.
   */
  pushedFrom(): { grid: Grid; frame: Grab } | null {
    return this.pushed;
  }

  /** Forgets the push (a new game started: the next one is pushed, or not, at its own end). */
  forgetPush(): void {
    this.pushed = null;
  }

  /**
   * The same game moved a little from its place, found by its pixels (Observer.shiftOf: a page
   * that put a line of text above the board pushed it by less than a cell, where its lattice
   * still seemed to hold it at the old place), read there; null when it is not so found.
   */
  private async shifted(place: Place, prev: Board | null): Promise<Found | null> {
    // (the grab reaches as far around the board as it is looked for)
    const r = gridRect(place.grid), reach = shiftReach(place.grid);
    const around = clipRegion(boundingRegion(place.full, { left: r.left - reach, top: r.top - reach, width: r.width + 2 * reach, height: r.height + 2 * reach }), this.screenSize);
    if (!around) return null;
    const s = this.observer.shiftOf(await this.frames.stable(around, null, r), place);
    if (!s) return null;
    const grid: Grid = { ...place.grid, left: place.grid.left + s.dx, top: place.grid.top + s.dy };
    const frame = this.observer.firstFrame(place);
    this.pushed = frame ? { grid: place.grid, frame } : null;
    const at = this.placeOf(grid);
    await this.park(grid);
    const reading = this.observer.accept(await this.frames.stable(at.full, null, gridRect(at.grid), this.observer.motionAt(at.grid)), at, prev);
    this.emit({ type: 'moved', from: place.grid, to: grid, by: 'shift' });
    return { place: at, reading };
  }

  /**
   * A settled frame of the region searched for the board. Something elsewhere in it may never stop
   * changing (an animated title beside the board, a clock): then the board is found on the last
   * grab, and the frame is one whose board alone settled. Throws as the settling did when no board
   * is found on that grab.
   */
  private async settledSearch(region: Region): Promise<Grab> {
    try {
      return await this.frames.stable(region, null);
    } catch (err) {
      if (!(err instanceof Unsettled)) throw err;
      let grid: Grid;
      try {
        const r = this.observer.readGrab(err.capture).grid;
        grid = { ...r, left: r.left + err.capture.region.left, top: r.top + err.capture.region.top };
      } catch {
        throw err;
      }
      return this.frames.stable(region, null, gridRect(grid), this.observer.motionAt(grid));
    }
  }

  /** The named window's region (found by title, then followed by handle), or undefined for the whole screen. */
  private async searchRegion(): Promise<Region | undefined> {
    const title = this.opts.windowTitle;
    if (title === undefined) return undefined;
    if (!this.windows) throw new StopSignal(`this desktop cannot list its windows, so --window cannot be used`);
    const all = await this.windows.list();
    if (this.window) {
      const same = all.find((w) => w.handle === this.window!.handle);
      if (!same) throw new StopSignal(`the game window "${this.window.title}" was closed`);
      this.window = same;
    } else {
      const named = namedWindow(all, title);
      if (!named) {
        const titles = [...new Set(all.map((w) => w.title).filter((t) => t.trim()))].slice(0, 12);
        throw new StopSignal(`no window titled "${title}" (windows: ${titles.map((t) => `"${t}"`).join(', ') || 'none with a title'})`);
      }
      this.window = named;
    }
    const clipped = clipRegion(this.window.region, this.screenSize);
    if (!clipped) throw new BadReading(`the game window "${this.window.title}" is off the screen`, await this.frames.grab(), null);
    return clipped;
  }
}

/** The window whose title contains `title` (titleMatches), or null; of several, the largest: toolkits list small helper windows with the same title. */
export function namedWindow(all: readonly WindowInfo[], title: string): WindowInfo | null {
  const named = all.filter((w) => titleMatches(w.title, title));
  return named.length ? named.reduce((a, b) => (b.region.width * b.region.height > a.region.width * a.region.height ? b : a)) : null;
}

/**
 * Whether a window title contains `query`, ignoring case. A character the desktop could not decode
 * (U+FFFD: X11 titles in Latin-1, such as "xdémineur") matches any one character of the query.
 */
export function titleMatches(title: string, query: string): boolean {
  const t = title.toLowerCase();
  const q = query.toLowerCase();
  for (let i = 0; i + q.length <= t.length; i++) {
    let k = 0;
    while (k < q.length && (t[i + k] === q[k] || t[i + k] === '\uFFFD')) k++;
    if (k === q.length) return true;
  }
  return false;
}
