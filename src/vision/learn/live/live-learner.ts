// Learning a game's look while playing it (`minebot learn --screen`). Pure: frames and the bot's
// clicks in, readings and labelled captures out; the play loop drives it like any reader and the
// command saves what it learns.
//
// - The first frame must be a fresh board: every cell covered, or all but one connected start
//   area the game opened itself (xdemineur does). The board is found without a skin (the
//   locator's lattice) and the look most of its cells share becomes the first look: covered.
// - Each later frame is compared cell by cell with the one before. A cell that did not change
//   keeps what it was. A cell that changed reads as the state the skin learned so far explains,
//   else by what the bot did: a cell it flagged is a flag; a cell that opened with the cascade
//   of an open click since the last frame (changed cells connected to a clicked one; the bot
//   clicks certain cells in batches) is opened with its number not known yet ('+': the solver
//   takes nothing from it); anything else is unsure, and the loop stops rather than guess.
// - A lone open click (a guess: the bot plays guesses alone) that changes cells away from its
//   cascade has hit a mine, and the game shows its mines: the changed cells are the mines (a flag that changed is a wrong flag, flags that
//   did not are right), which must add up to the mine total. An open click after which every
//   safe cell is open has won: what is not open is the mines (cells that changed away from the
//   cascade are the game marking them).
// - The ended game's last frame, with the true board those mines give (every opened cell's
//   number counted from them), is one more capture to learn from: lesson(), then learn().
//
// Here the learner's face to the loop; the board's place and first look in live-start.ts, the
// game watched in live-watch.ts, the judging of a frame in live-judge.ts (the end over the whole
// board: live-board-ends.ts), a game's end read from its last frame in live-end-readings.ts (by
// the mines' look: live-ends.ts), behind a box in live-end-behind.ts, where no frame showed it
// in live-end-unseen.ts, a lesson's checks in live-lesson.ts.

import { COVERED, FLAG, OPENED, freshInPlace, neighbourTable, type Board, isUnknown } from '../../../core/board.js';
import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import { sameGrid } from '../../../core/grid.js';
import { readScreen, type Reading } from '../../read/read.js';
import type { CellState, Skin } from '../../skins/skin.js';
import type { Consistent } from '../deduce-digits.js';
import { learnSkin, readsBackRight, type LearnReport } from '../learn.js';
import type { LearnedSkin } from '../looks.js';
import { goneBehind } from '../ends/live-end-behind.js';
import { ENDED_UNSEEN } from '../ends/live-end-unseen.js';
import { judge } from './live-judge.js';
import { noZeroBesideClosed } from './live-zeros.js';
import { guessGone, safeClicksGone } from '../ends/live-board-ends.js';
import type { Lesson } from './live-lesson.js';
import { changeOf, drawnApart, interiorDetail, interiorPixels, lookOf, type Look } from './live-looks.js';
import { halfPixelOver, steadyGrid } from './live-lattice-phase.js';
import { NotFreshBoard, boardGrid, checkerLevels, freshInside, freshRealigned, freshStart } from './live-start.js';
import { freshAlike } from './live-fresh-looks.js';
import { VisionError } from '../../errors.js';
import { UNSURE, Watch, type Phase } from './live-watch.js';
import { notLearnedWhy } from './live-not-learned.js';

export type { Lesson } from './live-lesson.js';
export { OVER_WAIT_MS, type Phase } from './live-watch.js';

export interface LiveLearnerOptions {
  /** Name of the skin being learned. */
  name: string;
  /** Mines in the game (the screen may not show them). */
  mines: number;
  /** A skin learned before under this name: learning goes on from it. */
  previous?: Skin;
  /** Whether some mine layout fits a board (the solver), to work out numbers a loss did not show. */
  consistent?: Consistent;
  /** Told, per frame, what the learner made of it (for a trace). */
  onFrame?: (note: FrameNote) => void;
  /**
   * The clock (ms): with it, a box drawn over the board right after a click is waited for to go
   * (up to OVER_WAIT_MS after it last changed, twice that in all) before the game is taken as
   * ended behind it; without it, not.
   */
  now?: () => number;
}

/** What the learner made of a frame: clicks since the last one, cells changed, and the verdict. */
export interface FrameNote {
  phase: Phase;
  opens: number;
  changed: number;
  unsure: number;
  opened: number;
  /** The first unsure cells: what they were in the last frame and what the skin reads now (null: nothing). */
  cells: { x: number; y: number; was: number | null; seen: number | null }[];
  /** Set once the game is known to open only a 0's four sides (Watch.sidesOnly). */
  zeroSides?: true;
}

/** The states of numbers. */
const NUMBERS: readonly CellState[] = ['1', '2', '3', '4', '5', '6', '7', '8'];

/** Frames a clicked cell may take to change before it is no longer expected to. */
const PENDING_FRAMES = 8;
/** ... and at least this long (ms, on the learner's clock), frames or not. */
const PENDING_MS = 6000;

export class LiveLearner {
  /** The game watched and what its look taught so far. */
  private w: Watch;
  private readonly onFrame: ((note: FrameNote) => void) | undefined;

  constructor(private readonly opts: LiveLearnerOptions) {
    this.w = new Watch(opts);
    this.onFrame = opts.onFrame;
  }

  /**
   * The run starts over from finding the board before any game taught something (its first
   * game's clicks were all held: the board found may have been only the part of it in view): the
   * board begun on and all read of it are forgotten; the skin begun from is kept.
   */
  startOver(): void {
    if (this.w.games) return;
    this.w = new Watch(this.opts);
    this.begun = false;
    this.realignTried = false;
    this.realigned = null;
  }

  /** Whether a frame was read (the run's first frame is held to more: read). */
  private begun = false;

  /** Whether a fresh board read unsure was aligned anew (realignedIfFresh: once a run). */
  private realignTried = false;

  /** The lattice a fresh board was aligned anew at, for frames read at `base` (realignedIfFresh). */
  private realigned: { base: Grid; grid: Grid } | null = null;

  /** The skin learned so far (null until the first fresh board is seen). */
  get skin(): Skin | null {
    return this.w.skin;
  }

  /** Games whose lessons were learned. */
  get games(): number {
    return this.w.games;
  }

  /**
   * The bot clicked cell (x, y): an open (left) or a flag (right); `certain`: an open the solver
   * proved safe (a game that ends behind a box after such clicks only is known to be won).
   */
  noteClick(x: number, y: number, button: 'left' | 'right' | 'middle', certain = false): void {
    const w = this.w;
    if (!w.cols || x < 0 || y < 0 || x >= w.cols || y >= w.rows) return;
    const i = y * w.cols + x;
    w.clicks++;
    w.lastGuess = null;
    if (button === 'right') {
      w.toggled.add(i);
      if (w.flagged.has(i)) w.flagged.delete(i);
      else w.flagged.add(i);
    } else if (button === 'left') {
      w.opens.push(i);
      w.batch.push(i);
      w.age.set(i, 0);
      const t = w.now?.();
      if (t !== undefined) w.clickedAt.set(i, t);
      w.clicked.add(i);
      if (certain) w.proven.add(i);
    }
  }

  /**
   * The reader the play loop uses (a ReadScreen): the frame read with the skin so far, each cell
   * judged against the last frame explained. A frame of a search of the screen (`searching`: the
   * loop looks for the board elsewhere while it does not read) that leaves cells unsure changes
   * nothing the learner watches: it is read on a copy (Watch.clone). Such a frame is read as it
   * is, never with a layer over the game taken off (the loop's veil.ts needs the board's place):
   * gobitobi/minesweeper-vanillaJS's page dimmed at a loss read as every cell changed, and the
   * wait for its dialog to go started again at each search, until the run stopped. A look that
   * only asks what covers the board (`probe`: the dismiss's, whether something still covers it
   * and a dialog is at its point) changes nothing, whatever it reads: the frame is read again as
   * the game's next (an end read from the frame before the dismiss, on the fresh board it
   * brought, went to a dismiss's look, and the loop then read that board as a new game come
   * before the end was seen).
   */
  read = (image: RgbaImage, options: { geometry?: Grid; veiled?: boolean; searching?: boolean; probe?: boolean } = {}): Reading => {
    const onCopy = this.begun && ((options.searching && this.w.codes) || options.probe);
    if (!onCopy) return this.judged(image, options);
    const w = this.w;
    this.w = w.clone();
    try {
      const r = this.judged(image, options);
      if (r.unsure.length || options.probe) this.w = w;
      return r;
    } catch (err) {
      this.w = w;
      throw err;
    }
  };

  /** A frame read and judged (read). */
  private judged(image: RgbaImage, options: { geometry?: Grid; veiled?: boolean }): Reading {
    const w = this.w;
    if (options.veiled) w.veiled = true;
    const first = !this.begun;
    const known = w.skin !== null;
    if (!w.skin) this.bootstrap(image);
    // A skin being learned does not know every look, so the whole-board judgement of a read
    // without geometry would refuse it: the board is found by its lattice, and the learner judges
    // each cell itself (below).
    const base = options.geometry ?? this.findGrid(image);
    const held = w.halfOver && sameGrid(w.halfOver.base, base) ? w.halfOver.grid : base;
    const r = this.realignedIfFresh(image, base, this.overIfUnsure(image, base, readScreen(image, { skins: [w.skin!], geometry: held })));
    const { cols, rows } = r.grid;
    const unsure = new Set(r.unsure.map(([x, y]) => y * cols + x));
    // a fresh board where one is awaited (the run's first frame, or after an end: the clicks and
    // flags of the game that ended wait for nothing), its cells read unsure all looking as its
    // covered ones do: covered (live-fresh-looks.ts freshAlike), as the first frame a skin is
    // learned from is read
    const fresh = unsure.size > 0 && (first ? !w.opens.length && !w.toggled.size : w.phase !== 'playing') && freshAlike(image, r.grid, r.board.cells, unsure);
    const seen = Uint8Array.from(r.board.cells, (c, i) => (unsure.has(i) ? (fresh ? COVERED : UNSURE) : c));
    // (a fresh board where the game's end was waited for under a box, a dismiss to come: the end
    // the frame before it held, read as with no dismiss given)
    const end = w.heldEnd && w.codes && w.phase === 'playing' && !options.veiled && freshInPlace(w.codes, seen) ? this.endBeforeFresh() : null;
    if (end) return end;
    const looks = Array.from({ length: cols * rows }, (_, i) => lookOf(image, r.grid, i));
    this.noteBoard(image, r.grid, seen);
    // the trace's view of the frame before it is judged (only when someone listens)
    const before = this.onFrame && { opens: w.opens.length, changed: w.codes ? looks.filter((l, i) => changeOf(l, w.looks[i]!) !== 'same').length : -1 };
    w.flashed = false;
    w.waiting = false;
    // a frame read with a layer over the whole game taken off (the loop's veil.ts) while clicks are
    // awaited, that shows none of them or comes while the loop's dismiss is still to come: the page
    // may have stopped drawing before it drew them (an alert() or a confirm() in the click's own
    // handler dims it), and what it shows under the layer is no sign of what they did. Not read,
    // the clicks still awaited: the frame after the layer goes (the loop's dismiss) is — as a
    // dimmed frame read as it is is not (live-board-ends.ts flashed). With no dismiss given, nothing
    // will make such a page draw again: its frame is the game's last, read (AlurienFlame's win
    // taken at the last flag, under a layer that takes no click: the run stopped, every cell unsure)
    const undrawn = (): boolean => w.looks.length === looks.length && w.lastClicks.every((i) => changeOf(looks[i]!, w.looks[i]!) === 'same');
    const frozen = options.veiled === true && w.phase === 'playing' && w.lastClicks.length > 0 && (w.dismissToCome || (w.dismissGiven && undrawn()));
    const judged = frozen ? new Uint8Array(cols * rows).fill(UNSURE) : keptNumbers(judge(w, seen, looks, image, r.grid), w.phase === 'playing' ? null : w.codes);
    const codes = w.phase === 'playing' ? judged : noZeroBesideClosed(judged, w.zeroOpens);
    const doubt = codes.reduce<number[]>((acc, c, i) => (c === UNSURE ? (acc.push(i), acc) : acc), []);
    if (this.onFrame && before) {
      const cells = doubt.slice(0, 5).map((i) => ({ x: i % cols, y: (i / cols) | 0, was: w.codes?.[i] ?? null, seen: seen[i] === UNSURE ? null : seen[i]! }));
      this.onFrame({ phase: w.phase, ...before, unsure: doubt.length, opened: codes.filter((c) => c === OPENED).length, cells, ...(w.sidesOnly ? { zeroSides: true as const } : {}) });
    }
    // the run's first frame, read with a skin it started from, that the skin cannot explain (a
    // game over or going on, in looks not learned: a won board's flags) is no board to begin on:
    // the loop may start a new game and look again, as on a board that is not fresh when learning
    // from nothing. So too one read as a game that ended before the run (mines shown): its cells
    // unsure went to the loop, and the run stopped (Eriscot's won board, 3 mines shown unsure)
    if (first && known && doubt.length && !w.opens.length && !w.toggled.size) {
      const inner = options.geometry ? null : freshInside(image, r.grid, w.skin!);
      if (inner) {
        w.found = inner;
        return this.judged(image, { geometry: inner });
      }
      // (and holds no lattice: the next frame is aligned on its own. A lattice aligned on a board
      // in looks the skin has not learned may sit a third of a pixel off, and held for the fresh
      // board after it, read 5 of its cells in looks not learned: Eriscot at 16.8 px)
      w.found = null;
      throw new NotFreshBoard(`the ${cols}x${rows} board found is no game to begin on: ${doubt.length} of its cells in looks the skin ${w.name} has not learned (a game over or going on): start a new game`, r.grid);
    }
    this.begun = true;
    const stillUnsure = doubt.map((i): [number, number] => [i % cols, (i / cols) | 0]);
    const notLearned = notLearnedWhy({ name: w.name, mines: w.mines, cols, playing: w.phase === 'playing', waiting: w.waiting || w.hole.size > 0 || w.over !== null, doubt, seen });
    const cells = Uint8Array.from(codes, (c) => (c === UNSURE ? COVERED : c));
    if (!stillUnsure.length) (w.noteSideZeros(seen, cells), this.explained(cells, looks, image, r.grid));
    if (!stillUnsure.length) w.heldEnd = null;
    else if (w.phase === 'playing' && w.dismissToCome && (options.veiled || !w.heldEnd?.veiled)) w.heldEnd = { image, grid: r.grid, veiled: !!options.veiled };
    const drawnOver = this.drawnOverEnd(looks);
    return {
      ...r,
      skin: w.name,
      board: { width: cols, height: rows, mines: w.mines, cells },
      ...this.state(),
      mineCounter: null,
      ...(w.sidesOnly ? { zeroOpens: 'sides' as const } : {}),
      unsure: stillUnsure,
      ...(notLearned ? { notLearned } : {}),
      ...(drawnOver.length ? { drawnOver } : {}),
      minConfidence: stillUnsure.length ? 0 : r.minConfidence,
    };
  }

  /**
   * The end a frame left unsure while a dismiss was to come shows (Watch.heldEnd), called when the
   * frame after it is a fresh board in place of the game (a dismiss whose click also starts
   * the next game: gobitobi's "You Lose... Click to play again" box, where learning with
   * `--dismiss` learned nothing in 8 games): that frame read as it is read with no dismiss to
   * come, the box over it stayed (waitForBox). Taken only as an end (won or lost) that shows two
   * cells at least otherwise than the frame explained before it (a page frozen before it drew a
   * click shows one, that cell in a hover colour: Cysiek96's win was read so as a loss at that
   * cell), the reading then saying the board shown is the next game's (Reading.nextShown); else
   * null, the frame held no more (the game ends unseen, as before).
   */
  private endBeforeFresh(): Reading | null {
    const w = this.w;
    const held = w.heldEnd!;
    w.heldEnd = null;
    const before = w.codes!;
    this.w = w.clone();
    this.w.dismissToCome = false;
    this.w.over = { first: -Infinity, since: -Infinity, cells: w.over?.cells ?? '' };
    try {
      const r = this.judged(held.image, { geometry: held.grid, ...(held.veiled ? { veiled: true } : {}) });
      // (two cells at least read otherwise than before it, not an opened cell's number worked
      // out: a page frozen before it drew the clicks shows one, the cell under the pointer in its
      // hover colour)
      const drawn = r.board.cells.reduce((k, c, i) => k + (c !== before[i] && !(before[i] === OPENED && c <= 8) ? 1 : 0), 0);
      if ((r.face === 'lost' || r.face === 'won') && drawn >= 2) return { ...r, nextShown: true };
    } catch (err) {
      if (!(err instanceof VisionError)) throw err;
    }
    this.w = w;
    return null;
  }

  /**
   * After the game's end, the cells drawn over since the first frame read then (a dialog come up
   * over the ended board: prabhakar-regmi/Minesweeper-HTML's popup at a win), and those of a box
   * the end was read behind while they look as then (gone once they change): the board keeps them
   * as they ended, and says so (Reading.drawnOver). Empty while playing.
   */
  private drawnOverEnd(looks: Look[]): [number, number][] {
    const w = this.w;
    if (w.phase === 'playing') return [];
    w.endLooks ??= looks;
    const end = w.endLooks;
    const out: [number, number][] = [];
    looks.forEach((l, i) => {
      const same = end[i] !== undefined && changeOf(l, end[i]!) === 'same';
      if (w.hole.has(i) ? same : !same) out.push([i % w.cols, (i / w.cols) | 0]);
    });
    return out;
  }

  /**
   * `r` read again half a pixel over where that explains cells it read unsure (live-lattice-phase.ts
   * halfPixelOver; tried once for the same cells in a game), the lattice then kept for the frames
   * read at `base` after it, and the last frame explained looked at there too (what each cell is
   * compared with); else `r`.
   */
  private overIfUnsure(image: RgbaImage, base: Grid, r: Reading): Reading {
    const w = this.w;
    const fresh = r.unsure.map(([x, y]) => y * r.grid.cols + x).filter((i) => !w.halfTried.has(i));
    // (only numbers are read half a pixel over: a skin that knows none yet has nothing to explain)
    if (!fresh.length || !NUMBERS.some((n) => w.knows(n))) return r;
    for (const i of fresh) w.halfTried.add(i);
    // (around the lattice a fresh board was aligned anew at, when there is one: half a pixel off
    // `base` is half a pixel off the lattice an ended board gave, at its pitch. Eriscot's second
    // game was read so, a pixel off by the board's far edge: 81 cells unsure, a stop)
    const around = this.realigned && sameGrid(this.realigned.base, base) ? this.realigned.grid : base;
    const over = halfPixelOver(around, r.grid, r, (geometry) => {
      try {
        return readScreen(image, { skins: [w.skin!], geometry });
      } catch {
        return null;
      }
    });
    if (!over) return r;
    w.halfOver = { base, grid: over.grid };
    const dx = over.grid.left - r.grid.left, dy = over.grid.top - r.grid.top;
    if (w.image && w.imageGrid && w.looks.length) {
      const g = { ...w.imageGrid, left: w.imageGrid.left + dx, top: w.imageGrid.top + dy };
      w.imageGrid = g;
      w.looks = w.looks.map((_, i) => lookOf(w.image!, g, i));
    }
    return over.reading;
  }

  /**
   * `r`, a fresh board read with cells unsure, no click waiting to show (not the run's first
   * frame), read again on a lattice aligned anew on it when that reads every cell covered
   * (live-start.ts freshRealigned): that lattice then kept for the frames read at `base`, as
   * overIfUnsure keeps its own; else `r`. Tried once a run: the lattice a run is read at comes
   * from its first board, and only one found on an ended game (its numbers fitted, not its
   * tiles) is off so on the fresh board after it; a board that reads unsure at every new game
   * is not aligned again each time (a whole board's alignment, at every game, slowed runs).
   */
  private realignedIfFresh(image: RgbaImage, base: Grid, r: Reading): Reading {
    const w = this.w;
    if (!this.begun || this.realignTried || !r.unsure.length || w.opens.length || w.toggled.size) return r;
    this.realignTried = true;
    const again = freshRealigned(image, r, w.skin!);
    if (!again) return r;
    w.halfOver = { base, grid: again.grid };
    this.realigned = { base, grid: again.grid };
    return again.reading;
  }

  /**
   * The last frame explained in full and what each cell was in it (the basis the next frame is
   * compared with), or null before the first: kept beside a capture that stopped a run, it shows
   * the step the learner could not follow.
   */
  basis(): { image: RgbaImage; board: Board } | null {
    if (!this.w.image || !this.w.codes) return null;
    return { image: this.w.image, board: { width: this.w.cols, height: this.w.rows, mines: this.w.mines, cells: this.w.codes.slice() } };
  }

  /** The lesson of the game that just ended (once), or null. */
  lesson(): Lesson | null {
    const l = this.w.pending;
    this.w.pending = null;
    return l;
  }

  /** Learns a lesson into the skin; returns the new skin (to save) and the learning report. */
  learn(lesson: Lesson): { learned: LearnedSkin; report: LearnReport; adopted: boolean } | null {
    if (!lesson.capture) return null;
    // (with the game's last frame in play when the lesson has one, else, or when the two do not
    // make a skin that reads both back right, the end's frame alone)
    const tried = lesson.inPlay ? learnSkin(this.w.name, [lesson.capture, lesson.inPlay], this.w.skin ?? undefined) : null;
    const result = tried?.report.captures.every(readsBackRight) ? tried : learnSkin(this.w.name, [lesson.capture], this.w.skin ?? undefined);
    // a skin that misreads the very frame it was learned from was taught something wrong (a
    // frame misjudged), and so was a lesson that labels a look the skin reads surely as another
    // state: it is not adopted, the skin stays as it was
    const adopted = result.report.captures.every(readsBackRight);
    // (what was learned of how the game opens its 0s goes with the skin)
    if (this.w.sidesOnly) for (const file of new Set([result.learned.file, result.learned.skin.file])) if (file.learned) file.learned.zeroOpens = 'sides';
    if (adopted) {
      this.w.skin = result.learned.skin;
      this.w.games++;
    }
    return { ...result, adopted };
  }

  /**
   * A board of another size is another game, and so is a fresh board (every cell covered). A
   * learner that starts from a skin (play, or learning on) sees its first fresh board here, not in
   * bootstrap: a checkerboard's cells open inside their edges from the start (play with a learned
   * skin read covered squares edged on a side it had not seen as opened cells, and flagged a safe
   * cell from them).
   */
  private noteBoard(image: RgbaImage, grid: Grid, seen: Uint8Array): void {
    const w = this.w;
    if (grid.cols !== w.cols || grid.rows !== w.rows) {
      w.cols = grid.cols;
      w.rows = grid.rows;
      w.table = neighbourTable(grid.cols, grid.rows);
      w.newGame();
    }
    if (!seen.every((c) => c === COVERED)) return;
    // (but not the fresh board of the game going on, its clicks not drawn yet: a page may draw a
    // click a frame late; taken for a new game, the click was forgotten and the cascade the next
    // frame showed was left unsure — lautaroBulla/Buscaminas-Web's first click)
    // (nor while a click is still awaited: a page frozen by an alert before it drew the first
    // click's loss showed the fresh board again for frames, the click was forgotten, and the loss
    // drawn once the alert closed was left unsure: torwanat/webapps saper)
    if (w.phase === 'playing' && (w.batch.length || w.opens.length) && w.codes?.every((c) => c === COVERED)) return;
    // (nor a board still holding, in a cell the game going on opened, strokes its fresh tile did
    // not: a skin that knows little yet reads a thin digit on a tile drawn like the covered one,
    // or a small mine shown at a loss, as covered; EduardoZepeda/mine-sweeper's loss, taken for
    // a new game, was forgotten, and the clicks after it changed nothing until the run stopped)
    if (w.phase === 'playing' && w.codes && stillOpened(w.codes, w.freshFrame, image, grid)) return;
    w.newGame();
    w.freshFrame = { image, grid };
    if (!w.checkered && checkerLevels(image, grid, Array.from(seen, () => true))) w.checkered = w.interiorOpens = true;
  }

  /**
   * A frame explained in full is the new basis; an unexplained one (drawn half-way, covered by
   * something) is not: the next frame is compared with the last good one.
   */
  private explained(cells: Uint8Array, looks: Look[], image: RgbaImage, grid: Grid): void {
    const w = this.w;
    const was = w.codes;
    w.fresh = was ? [...cells.keys()].filter((i) => isUnknown(was[i]!) && (cells[i]! <= 8 || cells[i] === OPENED)) : [];
    w.codes = cells.slice();
    // (the frame in play a game's lesson may also teach from: a game may draw its end otherwise)
    if (w.phase === 'playing' && !w.flashed) {
      const steady = was && w.image ? new Set([...cells.keys()].filter((i) => was[i] === cells[i] && changeOf(looks[i]!, w.looks[i]!) === 'same')) : new Set<number>();
      w.playFrame = { image, grid, codes: cells.slice(), steady };
    }
    if (!w.flashed) (w.looks = looks), (w.image = image), (w.imageGrid = grid);
    // (the look of the bot's flag, once: a flag it placed, standing a frame since, while playing)
    if (!w.flagLook && w.phase === 'playing' && was) {
      const i = [...w.flagged].find((k) => !w.toggled.has(k) && was[k] === FLAG && cells[k] === FLAG);
      if (i !== undefined) w.flagLook = { image: interiorDetail(image, grid, i), ink: interiorPixels(image, grid, i), pitch: grid.pitch };
    }
    // the clicks of a batch may show frames later than the others (a game can take a while to
    // draw a batch): a cell clicked that has not changed yet is still expected to
    // (for a few frames: a click a game ignored must not hang on)
    // (a lone guess shown opened in a look not learned: the mine hit, maybe, drawn as it blows up)
    // (a frame may have been explained before the click showed: the guess still awaited, alone)
    const last = w.lastClicks;
    const g = last.length === 1 ? last[0]! : null;
    if (g !== null && w.phase === 'playing' && was && isUnknown(was[g]!) && cells[g] === OPENED && !w.proven.has(g)) w.lastGuess = { cell: g, before: was.slice() };
    for (const i of w.opens) w.age.set(i, (w.age.get(i) ?? 0) + 1);
    // (or for PENDING_MS: a page frozen by an alert before it drew the click shows the same frame
    // until the alert is closed, which may take more frames than that: the loss then drawn was
    // left unsure, the click forgotten)
    const t = w.now?.();
    w.opens = w.opens.filter((i) => cells[i] === COVERED && (w.age.get(i)! <= PENDING_FRAMES || (t !== undefined && t - (w.clickedAt.get(i) ?? -Infinity) < PENDING_MS)));
    w.batch = [];
    // a flag the bot placed, seen standing since, that reads covered again: the game took it
    // away (live-own-flags.ts takenFlags); it marks the cell no more
    if (was) for (const i of w.flagged) if (!w.toggled.has(i) && was[i] === FLAG && cells[i] === COVERED) w.flagged.delete(i);
    w.toggled = new Set([...w.toggled].filter((i) => (cells[i] === FLAG) !== w.flagged.has(i)));
  }

  /** The board's lattice (live-start.ts boardGrid), where the board is found kept. */
  private findGrid(image: RgbaImage): Grid {
    const w = this.w;
    const so = { found: w.found, cols: w.cols, rows: w.rows, playing: w.codes !== null && w.phase === 'playing', skin: w.skin };
    try {
      const { grid, found } = boardGrid(image, so);
      // (a board found a pixel off where the last frame explained was read, its cells looking
      // as they did there, is read where it was: live-lattice-phase.ts steadyGrid)
      const kept = so.playing ? steadyGrid(image, grid, so.found, w.looks) : grid;
      if (kept !== grid) return kept;
      if (found) w.found = found;
      return grid;
    } catch (err) {
      // the run's first frame, a board the skin it starts from does not explain whole (a lost
      // game, mostly in looks it has not learned): a board all the same, found by its lattice,
      // that is no game to begin on; the loop may start a new game there and look again
      if (this.begun || !w.skin || !(err instanceof VisionError) || err instanceof NotFreshBoard) throw err;
      let lattice: Grid;
      try {
        lattice = boardGrid(image, { ...so, skin: null }).grid;
      } catch {
        throw err;
      }
      const inner = freshInside(image, lattice, w.skin);
      if (inner) return (w.found = inner);
      throw new NotFreshBoard(`the ${lattice.cols}x${lattice.rows} board found is no game to begin on: the skin ${w.name} explains too little of it (a game over, in looks it has not learned): start a new game`, lattice);
    }
  }

  /** The first skin, from a fresh board (live-start.ts freshStart). */
  private bootstrap(image: RgbaImage): void {
    const w = this.w;
    const start = freshStart(image, this.findGrid(image), w.name, w.mines);
    w.startArea = start.startArea;
    if (start.checkered) w.checkered = w.interiorOpens = true;
    w.skin = start.skin;
    w.found = start.grid;
    w.freshFrame = { image, grid: start.grid };
  }

  /**
   * The board's frame is covered where the board was (a window over it: KMines' high-score
   * dialog after a win): a reading of the game won behind it, when the last clicks opened the
   * last safe cells, each proved safe (endBehind), or when no cell was clicked open since and the
   * bot's flags are every mine (flagWonBehind: a game that takes the win at the last flag and
   * fades its board out); else null (the loop waits for the board). The
   * last clicks: those since the last frame explained, or, when that frame showed them all but
   * some still to be drawn, those (GNOME Mines drew one of a win's last two cells, then its score
   * dialog over the board). Else, with the frame (`image`), the cells it shows at `grid` around
   * what covers the board: a win when the cascades of clicks proved safe show beside it where
   * every mine is, and no safe cell closed (KMines' classic look: its congratulations cover the
   * board's frame at both sides). After a lone guess (not proved safe), with the frame: the board
   * gone with its frame, most of its cells changed for OVER_WAIT_MS (guessGone): lost, or ended
   * where no frame showed how. A game already seen to end: that end.
   */
  covered(grid: Grid, image?: RgbaImage): Reading | null {
    const w = this.w;
    const prev = w.codes;
    const clicks = w.lastClicks;
    if (!prev) return null;
    // a game the learner saw end, on a frame the loop did not take (a search of the screen read
    // the loss a moment before a dialog covered the board), ended so: said once
    if (w.phase !== 'playing') return w.endCovered ? null : this.endedReading(prev.slice(), grid);
    const proven = clicks.every((i) => w.proven.has(i));
    if (!proven) return image ? this.endedReading(guessGone(w, prev, clicks, image, grid), grid) : null;
    // (no click pending, the last a guess the last frame showed opened in a look not learned yet:
    // the board gone for good is that guess's end, read from the board before it — lost, or
    // ended unseen; never a win, nothing learned from the frame that showed it)
    const guess = clicks.length ? null : w.lastGuess;
    if (guess && image) {
      // (the cells the loop was told were opened stay so: the frame that showed the guess, its
      // neighbour under the flame, are no cells closed again to it; the cell hit may be the mine)
      const codes = guessGone(w, guess.before, [guess.cell], image, grid);
      const ended = this.endedReading(codes && codes.map((c, i) => (isUnknown(c) && (prev[i]! <= 8 || prev[i] === OPENED) ? prev[i]! : c)), grid);
      if (ended) return ended;
    }
    const codes = goneBehind(w, prev, clicks);
    if (!codes && image && w.batch.length) {
      // a trial: only a win read around the box is taken; anything else leaves the game watched
      // as it was (a browser's alert dims the page under it: every cell changed, a batch of
      // proven clicks was read as a loss, and a won game was logged lost, a certain move a mine)
      this.w = w.clone();
      let r: Reading | null = null;
      try {
        r = this.read(image, { geometry: grid });
      } catch {
        r = null;
      }
      if (r && r.face === 'won' && !r.unsure.length) return r;
      this.w = w;
      // (the board gone for good: ended, won where its mines can be placed, else unseen)
      return this.endedReading(safeClicksGone(w, prev, clicks, image, grid), grid);
    }
    return (w.phase as Phase) === 'won' ? this.endedReading(codes, grid) : null;
  }

  /**
   * Whether a dismiss is to come on what now covers the board (the loop's --dismiss, not tried
   * yet): while so, nothing drawn over the board and no board gone is judged an end (waitForBox);
   * the end the dismiss shows is read instead. vanpeta/react-minesweeper's "Game Over" closes only
   * by its button: the board under its dimmed page was judged gone for good 3 s after it came,
   * before the click that showed the loss, and ends went unseen.
   */
  dismissToCome(on: boolean): void {
    this.w.dismissToCome = on;
  }

  /**
   * Whether the run was given a dismiss (the loop's --dismiss): a page frozen under a dialog
   * before it drew the clicks draws them once the dialog is closed; with none, nothing will.
   */
  dismissGiven(given: boolean): void {
    this.w.dismissGiven = given;
  }

  /** The reading of a game the learner found ended behind a covered frame (`codes`: the board it ended with), or null. */
  private endedReading(codes: Uint8Array | null, grid: Grid): Reading | null {
    const w = this.w;
    if (!codes || w.phase === 'playing') return null;
    w.endCovered = true;
    w.codes = codes.slice();
    w.batch = [];
    w.opens = [];
    const n = codes.length;
    const board = { width: w.cols, height: w.rows, mines: w.mines, cells: codes };
    return { skin: w.name, board, ...this.state(), mineCounter: null, timer: null, grid, minConfidence: 0, unsure: [], confidence: new Float32Array(n) };
  }

  /**
   * How a reading says the game stands: its phase as the face, or (ended unseen) no face and why;
   * and the cells opened whose outcome no frame showed (a loss told behind a box).
   */
  private state(): Pick<Reading, 'face' | 'endUnseen' | 'outcomeUnseen'> {
    const w = this.w;
    const unseen = w.phase !== 'playing' && w.pending?.unseen?.length ? { outcomeUnseen: w.pending.unseen.map((i): [number, number] => [i % w.cols, Math.floor(i / w.cols)]) } : {};
    return w.phase === 'unknown' ? { face: null, endUnseen: w.pending?.why ?? ENDED_UNSEEN } : { face: w.phase, ...unseen };
  }
}

/**
 * The board an ended game gives the loop: every number shown before stays (a number never changes,
 * and an end's looks, a win's flash, are no reading of it), where the frame's codes say only
 * "opened". A new array: the lesson keeps the codes its frame shows.
 */
function keptNumbers(codes: Uint8Array, before: Uint8Array | null): Uint8Array {
  return before ? codes.map((c, i) => (c === OPENED && before[i]! <= 8 ? before[i]! : c)) : codes;
}

/**
 * Whether a cell the game going on opened (its codes: a number or opened) holds, in `image`,
 * strokes in its interior that the game's fresh frame did not (drawnApart): the board is not
 * fresh again, whatever a skin that knows little yet reads in it. False without a fresh frame at
 * this lattice.
 */
function stillOpened(codes: Uint8Array, fresh: { image: RgbaImage; grid: Grid } | null, image: RgbaImage, grid: Grid): boolean {
  if (!fresh || !sameGrid(fresh.grid, grid) || fresh.image.width !== image.width || fresh.image.height !== image.height || codes.length !== grid.cols * grid.rows) return false;
  return [...codes.keys()].some((i) => (codes[i]! <= 8 || codes[i] === OPENED) && drawnApart(interiorDetail(fresh.image, fresh.grid, i), interiorDetail(image, grid, i)));
}
