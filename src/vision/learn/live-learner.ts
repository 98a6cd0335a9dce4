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

import { COVERED, EXPLODED, FLAG, MINE, OPENED, QUESTION, WRONG_FLAG, isClosed, neighbourTable, type Board } from '../../core/board.js';
import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { locateGrids } from '../locate/locate.js';
import type { LearnedSkin } from './looks.js';
import { cascadeShaped, changeOf, freshLooks, freshPhase, interiorOf, interiorSame, sameDrawing, lookOf, type Look } from './live-looks.js';
import { lessonOf, type Lesson } from './live-lesson.js';
import { alike } from './lesson-checks.js';
import { drawnOver, flagMarks, holeAround, minesByLook, noCascade, redrawnClosed, redrawnFlagLabel, winMarks, winMinesByLook, type MinesCandidate } from './live-ends.js';
import { learnSkin, type LearnReport } from './learn.js';
import { refine } from '../read/align.js';
import { prepareSkin } from '../read/prepared.js';
import { readScreen, VisionError, type Reading } from '../read/read.js';
import type { Consistent } from './deduce-digits.js';

import type { CellState, Skin } from '../skins/skin.js';

export type { Lesson } from './live-lesson.js';

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
}

/** At least this share of a fresh board's cells is covered (the rest: a start area the game opened). */
const FRESH_SHARE = 0.6;
/** ... and of a later game's first frame, read with the skin learned so far. */
const START_SHARE = 0.3;
/** A frame in which at least this share of the cells changed with no click is the game flashing. */
const FLASH_SHARE = 0.9;
/** Frames a clicked cell may take to change before it is no longer expected to. */
const PENDING_FRAMES = 8;
/** Clicks in a row that must change nothing before a game that showed nothing is taken as over. */
const SILENT_CLICKS = 2;
/** Looks of blank opened cells compared with at most (they come in a few: shades, a checkerboard's two). */
const MAX_BLANK_LOOKS = 8;
/** Mean levels (0..255) of a checkerboard's two covered looks differ by this much at least. */
const CHECKER_LEVELS = 3;
/**
 * How long a box drawn over the board after a click may stay as it is before the game is taken as
 * ended behind it, ms (twice that in all, when it changes): some games write their end over the
 * board for a while (KMines' "You have lost." goes after about 2 s, or 2-3 s after its "Reset the
 * Game?" dialog over it is closed), and the frame after it holds the whole lesson.
 */
export const OVER_WAIT_MS = 3000;
/** How long a guess's own cell drawn blank beside closed cells, or alone in a look not known, is held unsure (holdBlank). */
const BLANK_WAIT_MS = 500;
/** Not decided: the loop gets an unsure cell. */
const UNSURE = 255;

export type Phase = 'playing' | 'won' | 'lost';

/** A reading of an ended game's last frame: what the loop gets, and the lesson it would teach. */
interface EndReading {
  result: 'won' | 'lost';
  codes: Uint8Array;
  lesson: Lesson;
}

/**
 * Whether the covered cells of a fresh board are of two levels by turns (a checkerboard): the
 * mean levels of the two parities differ by CHECKER_LEVELS or more, and no cell strays from its
 * parity's by half that.
 */
function checkerLevels(image: RgbaImage, grid: Grid, like: boolean[]): boolean {
  const levels: [number[], number[]] = [[], []];
  for (let i = 0; i < like.length; i++) {
    if (like[i]) levels[((i % grid.cols) + ((i / grid.cols) | 0)) % 2]!.push(lookOf(image, grid, i).mean);
  }
  if (!levels[0].length || !levels[1].length) return false;
  const mean = (v: number[]): number => v.reduce((a, b) => a + b, 0) / v.length;
  const a = mean(levels[0]), b = mean(levels[1]), gap = Math.abs(a - b);
  return gap >= CHECKER_LEVELS && levels[0].every((v) => Math.abs(v - a) < gap / 2) && levels[1].every((v) => Math.abs(v - b) < gap / 2);
}

/** The codes of a frame not explained: the cells given unsure (the loop waits for a frame that is). */
function unexplained(out: Uint8Array, cells: Iterable<number>): Uint8Array {
  for (const i of cells) out[i] = UNSURE;
  return out;
}

export class LiveLearner {
  /** The skin learned so far (null until the first fresh board is seen). */
  skin: Skin | null;
  /** Games whose lessons were learned. */
  games = 0;
  private readonly name: string;
  private readonly mines: number;
  private table: Int32Array[] = [];
  private cols = 0;
  private rows = 0;
  // the game being watched: the last frame's codes and looks, the bot's clicks since
  private codes: Uint8Array | null = null;
  private looks: Look[] = [];
  private flagged = new Set<number>();
  private toggled = new Set<number>();
  /** Cells the bot opened in this game (a mine that blew up must be one of them). */
  private clicked = new Set<number>();
  /** Cells opened by the bot and not seen to change yet. */
  private opens: number[] = [];
  /** The open clicks since the last frame explained in full (a guess is one alone). */
  private batch: number[] = [];
  /** Frames explained in full since each open click. */
  private readonly age = new Map<number, number>();
  private phase: Phase = 'playing';
  private pending: Lesson | null = null;
  /** The cell of the last lone open click whose frame changed that cell alone (a number, or the mine that ended the game). */
  private lone: number | null = null;
  /** Cells of the frame being judged under something drawn over the board (they teach nothing). */
  private hole = new Set<number>();
  /** The cells of the frame being judged that the box drawn over the board changed (drawnOver): the hole's start. */
  private box: number[] = [];
  /** Cells opened in this game that the solver had proved safe. */
  private proven = new Set<number>();
  /** The guess's cell held unsure while it reads blank beside closed cells, or opened alone in a look not known (holdBlank). */
  private blank: { cell: number; since: number | undefined; frames: number } | null = null;
  /** Frames in a row in which the bot's clicks changed nothing. */
  private silent = 0;
  /**
   * Whether this game's opened cells differ from its covered ones inside their edges (Google's
   * green squares open tan), so that a closed cell whose interior stayed is still closed, with
   * an edge drawn by an opened neighbour; null until a click opened a 0 (all its neighbours with
   * it). Not so in the classic looks: a covered cell and an opened 0 are one grey inside their
   * bevels. A fact of the game's look: kept from game to game.
   */
  private interiorOpens: boolean | null = null;
  /** The board is a checkerboard of two covered looks (Google-style): found so on its fresh frame. */
  private checkered = false;
  /** On a checkerboard, a guess whose cell took a look unlike every opened cell (a mine in a colour not seen yet, maybe): no win by the count while it keeps it. */
  private guessUnknown: number | null = null;
  /** The cells the last click opened (its cascade may go on drawing in the next frame). */
  private recent: number[] = [];
  /**
   * The cells the last frame explained in full showed opened for the first time: a game may draw
   * them in steps (pressed in, then the number), so their next change is no box over the board.
   */
  private fresh: number[] = [];
  /** Where the board was last found on a whole-screen frame. */
  private found: Grid | null = null;
  /** Cells of the first frame that did not look covered (a start area the game opened itself). */
  private startArea: number[] = [];
  /** The last frame explained in full (a game's last frame, when the game flashes at its end). */
  private image: RgbaImage | null = null;
  /** Where the board was on that frame (the grid it was read at). */
  private imageGrid: Grid | null = null;
  /** The frame just read is a flash: its looks are not the board's. */
  private flashed = false;
  private readonly consistent: Consistent | undefined;
  private readonly onFrame: ((note: FrameNote) => void) | undefined;
  private readonly now: (() => number) | undefined;
  /**
   * A box over the board after a click, or null: since when (the clock's ms) it has been there,
   * since when it has looked as it does (the cells it changes), and those cells.
   */
  private over: { first: number; since: number; cells: string } | null = null;

  constructor(opts: LiveLearnerOptions) {
    this.name = opts.name;
    this.mines = opts.mines;
    this.skin = opts.previous ?? null;
    this.consistent = opts.consistent;
    this.onFrame = opts.onFrame;
    this.now = opts.now;
  }

  /**
   * The bot clicked cell (x, y): an open (left) or a flag (right); `certain`: an open the solver
   * proved safe (a game that ends behind a box after such clicks only is known to be won).
   */
  noteClick(x: number, y: number, button: 'left' | 'right' | 'middle', certain = false): void {
    if (!this.cols || x < 0 || y < 0 || x >= this.cols || y >= this.rows) return;
    const i = y * this.cols + x;
    if (button === 'right') {
      this.toggled.add(i);
      if (this.flagged.has(i)) this.flagged.delete(i);
      else this.flagged.add(i);
    } else if (button === 'left') {
      this.opens.push(i);
      this.batch.push(i);
      this.age.set(i, 0);
      this.clicked.add(i);
      if (certain) this.proven.add(i);
    }
  }

  /** The reader the play loop uses (a ReadScreen). */
  read = (image: RgbaImage, options: { geometry?: Grid } = {}): Reading => {
    if (!this.skin) this.bootstrap(image);
    // A skin being learned does not know every look, so the whole-board judgement of a read
    // without geometry would refuse it: the board is found by its lattice, and the learner judges
    // each cell itself (below).
    const r = readScreen(image, { skins: [this.skin!], geometry: options.geometry ?? this.findGrid(image) });
    const { cols, rows } = r.grid;
    if (cols !== this.cols || rows !== this.rows) {
      this.cols = cols;
      this.rows = rows;
      this.table = neighbourTable(cols, rows);
      this.newGame(); // a board of another size is another game
    }
    const unsure = new Set(r.unsure.map(([x, y]) => y * cols + x));
    const seen = Uint8Array.from(r.board.cells, (c, i) => (unsure.has(i) ? UNSURE : c));
    const looks = Array.from({ length: cols * rows }, (_, i) => lookOf(image, r.grid, i));
    if (seen.every((c) => c === COVERED)) {
      this.newGame();
      // a learner that starts from a skin (play, or learning on) sees its first fresh board here,
      // not in bootstrap: a checkerboard's cells open inside their edges from the start (play with
      // a learned skin read covered squares edged on a side it had not seen as opened cells, and
      // flagged a safe cell from them)
      if (!this.checkered && checkerLevels(image, r.grid, Array.from(seen, () => true))) this.checkered = this.interiorOpens = true;
    }
    // the trace's view of the frame before it is judged (only when someone listens)
    const before = this.onFrame && { opens: this.opens.length, changed: this.codes ? looks.filter((l, i) => changeOf(l, this.looks[i]!) !== 'same').length : -1 };
    this.flashed = false;
    const judged = keptNumbers(this.judge(seen, looks, image, r.grid), this.phase === 'playing' ? null : this.codes);
    const codes = this.phase === 'playing' ? judged : noZeroBesideClosed(judged, this.table);
    const doubt = codes.reduce<number[]>((acc, c, i) => (c === UNSURE ? (acc.push(i), acc) : acc), []);
    if (this.onFrame && before) {
      const cells = doubt.slice(0, 5).map((i) => ({ x: i % cols, y: (i / cols) | 0, was: this.codes?.[i] ?? null, seen: seen[i] === UNSURE ? null : seen[i]! }));
      this.onFrame({ phase: this.phase, ...before, unsure: doubt.length, opened: codes.filter((c) => c === OPENED).length, cells });
    }
    const stillUnsure = doubt.map((i): [number, number] => [i % cols, (i / cols) | 0]);
    const cells = Uint8Array.from(codes, (c) => (c === UNSURE ? COVERED : c));
    if (!stillUnsure.length) {
      // a frame explained in full is the new basis; an unexplained one (drawn half-way, covered
      // by something) is not: the next frame is compared with the last good one
      const was = this.codes;
      this.fresh = was ? [...cells.keys()].filter((i) => (was[i] === COVERED || was[i] === QUESTION) && (cells[i]! <= 8 || cells[i] === OPENED)) : [];
      this.codes = cells.slice();
      if (!this.flashed) (this.looks = looks), (this.image = image), (this.imageGrid = r.grid);
      // the clicks of a batch may show frames later than the others (a game can take a while to
      // draw a batch): a cell clicked that has not changed yet is still expected to
      // (for a few frames: a click a game ignored must not hang on)
      for (const i of this.opens) this.age.set(i, (this.age.get(i) ?? 0) + 1);
      this.opens = this.opens.filter((i) => cells[i] === COVERED && this.age.get(i)! <= PENDING_FRAMES);
      this.batch = [];
      this.toggled = new Set([...this.toggled].filter((i) => (cells[i] === FLAG) !== this.flagged.has(i)));
    }
    return {
      ...r,
      skin: this.name,
      board: { width: cols, height: rows, mines: this.mines, cells },
      face: this.phase,
      mineCounter: null,
      unsure: stillUnsure,
      minConfidence: stillUnsure.length ? 0 : r.minConfidence,
    };
  };

  /**
   * The last frame explained in full and what each cell was in it (the basis the next frame is
   * compared with), or null before the first: kept beside a capture that stopped a run, it shows
   * the step the learner could not follow.
   */
  basis(): { image: RgbaImage; board: Board } | null {
    if (!this.image || !this.codes) return null;
    return { image: this.image, board: { width: this.cols, height: this.rows, mines: this.mines, cells: this.codes.slice() } };
  }

  /** The lesson of the game that just ended (once), or null. */
  lesson(): Lesson | null {
    const l = this.pending;
    this.pending = null;
    return l;
  }

  /** Learns a lesson into the skin; returns the new skin (to save) and the learning report. */
  learn(lesson: Lesson): { learned: LearnedSkin; report: LearnReport; adopted: boolean } | null {
    if (!lesson.capture) return null;
    const result = learnSkin(this.name, [lesson.capture], this.skin ?? undefined);
    // a skin that misreads the very frame it was learned from was taught something wrong (a
    // frame misjudged): it is not adopted, the skin stays as it was
    const adopted = result.report.captures.every((c) => !c.wrong.length && !c.error);
    if (adopted) {
      this.skin = result.learned.skin;
      this.games++;
    }
    return { ...result, adopted };
  }

  private newGame(): void {
    this.guessUnknown = null;
    this.codes = null;
    this.over = null;
    this.flagged.clear();
    this.toggled.clear();
    this.clicked.clear();
    this.proven.clear();
    this.blank = null;
    this.opens = [];
    this.batch = [];
    this.lone = null;
    this.silent = 0;
    this.recent = [];
    this.fresh = [];
    this.phase = 'playing';
  }

  /** The board's lattice: the one of the board's size when it is known, else the largest. */
  private findGrid(image: RgbaImage): Grid {
    const grids = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4);
    // the board found before, on a lattice that holds it and a row or column beside it that was
    // no part of the fresh board (the classic look's panel above a 9-wide board)
    const f = this.found;
    if (f && (!this.cols || (f.cols === this.cols && f.rows === this.rows)) && grids.some((h) => holdsBoard(h, f))) return f;
    const same = grids.filter((g) => g.cols === this.cols && g.rows === this.rows);
    // a game being played keeps its board: a lattice of another size then is the board partly
    // covered (a dialog breaks its lines), not another game
    if (!same.length && this.codes && this.phase === 'playing') throw new VisionError(`the ${this.cols}x${this.rows} board being played is not whole on the screen`);
    const pool = same.length ? same : grids;
    if (!pool.length) throw new VisionError('no board found on the screen (learning starts from a fresh game)');
    const g = pool.reduce((a, b) => (b.cols * b.rows > a.cols * a.rows ? b : a));
    // the board found before, if this lattice is it (a board that did not move: a lost or half
    // drawn board's lines can put the located lattice a gap or a pixel off)
    if (f && f.cols === g.cols && f.rows === g.rows && Math.abs(f.pitch - g.pitch) < 0.02 * f.pitch && Math.abs(f.left - g.left) < f.pitch && Math.abs(f.top - g.top) < f.pitch) return f;
    // aligned with the skin so far, as a read aligns a located lattice
    if (!this.skin) return g;
    this.found = { ...refine(image, { ...g, scale: g.pitch / this.skin.pitch }, prepareSkin(this.skin)), cols: g.cols, rows: g.rows };
    return this.found;
  }

  /**
   * The first skin: the look most cells of a fresh board share is the covered look. Some games
   * open a start area themselves (xdemineur): the other cells may form one connected area, which
   * is taken as opened cells whose numbers are not known yet.
   */
  private bootstrap(image: RgbaImage): void {
    // The located lattice may be a fraction of a pixel off per cell: a first skin from it
    // aligns the lattice (as a read does), and the looks are taken again on the aligned one.
    // A checkerboard's lattice is fitted to where its squares meet, to a fraction of a pixel: its
    // flat squares look as alike a pixel or two either way, and the middle of those shifts was a
    // pixel off the real game's board (every cell cut with a line of its neighbour in it).
    const located = this.findGrid(image);
    const locatedLike = freshLooks(image, located).like;
    const checker = checkerLevels(image, located, locatedLike);
    let grid = checker ? located : freshPhase(image, located);
    const first = this.firstSkin(image, grid, grid === located ? locatedLike : freshLooks(image, grid).like);
    grid = checker ? { ...grid, scale: grid.pitch / first.pitch } : { ...refine(image, { ...grid, scale: grid.pitch / first.pitch }, prepareSkin(first)), cols: grid.cols, rows: grid.rows };
    let fresh = freshBoard(image, grid);
    if (!fresh.ok) {
      // an outer row or column with no covered cell may be something beside the board on the
      // lattice (the classic look's panel above a 9-wide board): the board without it, if that
      // is a fresh one
      const inner = trimUnlike(grid, fresh.like);
      const trimmed = inner === grid ? null : freshBoard(image, inner);
      if (trimmed?.ok) {
        grid = inner;
        fresh = trimmed;
      }
    }
    const { like, rest } = fresh;
    if (!fresh.ok) {
      throw new VisionError(
        `the ${grid.cols}x${grid.rows} board found is not a fresh game (${rest.length} cell(s) do not look like the rest, and are no area a game opens by itself): start a new game, then learn`,
      );
    }
    this.startArea = rest;
    // a checkerboard (covered cells of two levels by turns): its cells open inside their edges
    // (green opens tan), known before any 0 opens: the first click may be a number, and the dark
    // edges it draws on its covered neighbours were taken for its cascade, one labelled 1
    if (checkerLevels(image, grid, like)) this.checkered = this.interiorOpens = true;
    this.skin = this.firstSkin(image, grid, like);
    this.found = grid;
  }

  /**
   * Learns whether opening changes a cell inside its edges, from the first lone click that opened
   * a 0: the clicked cell and every neighbour of it changed (a number's neighbours do not all
   * change; a game may redraw the edges of some, as Wine's winemine and Google's do), and some
   * closed cell did not (a loss that reveals every cell changes them all).
   */
  private noteInteriors(prev: Uint8Array, change: ('same' | 'slight' | 'changed')[], image: RgbaImage, grid: Grid): void {
    if (this.interiorOpens !== null || this.batch.length !== 1 || !this.image) return;
    const c = this.batch[0]!;
    if (change[c] !== 'changed' || !Array.from(this.table[c]!).every((j) => change[j] !== 'same')) return;
    if (!change.some((k, i) => k === 'same' && isClosed(prev[i]!))) return;
    if (interiorSame(this.image, image, grid, c)) this.interiorOpens = false;
    // (and its neighbours opened too, inside: not a number whose neighbours' edges alone changed)
    else if (Array.from(this.table[c]!).some((j) => !interiorSame(this.image!, image, grid, j))) this.interiorOpens = true;
  }

  /** A skin of one look, covered, from the cells that look alike on a fresh board. */
  private firstSkin(image: RgbaImage, grid: Grid, like: boolean[]): Skin {
    const cells = Uint8Array.from(like, (l) => (l ? COVERED : OPENED));
    const board: Board = { width: grid.cols, height: grid.rows, mines: this.mines, cells };
    return learnSkin(this.name, [{ name: 'fresh board', image, board, grid }]).learned.skin;
  }

  /** The codes of a frame (UNSURE where nothing explains a cell). */
  private judge(seen: Uint8Array, looks: Look[], image: RgbaImage, grid: Grid): Uint8Array {
    const prev = this.codes;
    if (!prev) return this.firstFrame(seen);
    const n = seen.length;
    const out = new Uint8Array(n);
    const changed = new Set<number>();
    const change = looks.map((l, i) => changeOf(l, this.looks[i]!));
    this.noteInteriors(prev, change, image, grid);
    for (let i = 0; i < n; i++) {
      // a slight change beside a cell that changed a lot is that cell's drawing reaching over
      // (a mine that blew up, drawn a pixel wide), not a change of this one
      const bleed = change[i] === 'slight' && this.table[i]!.some((j) => change[j] === 'changed');
      // an open cell whose interior stayed is that cell with its edges redrawn (below)
      // and so is a closed cell not clicked, in a game whose cells open inside their edges
      const edgesOnly = (prev[i]! <= 8 || prev[i] === OPENED || (this.interiorOpens === true && isClosed(prev[i]!) && !this.batch.includes(i))) && change[i] !== 'same';
      const redrawn = edgesOnly && this.image !== null && interiorSame(this.image, image, grid, i);
      if (change[i] === 'same' || bleed || redrawn) out[i] = prev[i]!;
      else {
        changed.add(i);
        // a cell that changed is not what it was (a skin that knows few states may still take
        // an opened blank for the covered look it learned first); but a number read again as
        // that number is the same cell drawn again (Wine's winemine draws the lines between
        // cells by their states: a 0 opened beside a number redraws that number's edge)
        out[i] = seen[i] === prev[i] && !(prev[i]! <= 8) ? UNSURE : seen[i]!;
      }
    }
    // an ended game stays as it ended (it may flash, or draw its end in steps) until a new one
    if (this.phase !== 'playing') return prev.slice();
    // (the whole board: open cells too — a loss that reveals every closed cell leaves those)
    const openBefore = prev.reduce((k, c) => k + (c <= 8 || c === OPENED ? 1 : 0), 0);
    const openChanged = [...changed].filter((i) => prev[i]! <= 8 || prev[i] === OPENED).length;
    if (changed.size >= FLASH_SHARE * n && openBefore > 0 && openChanged >= openBefore / 2) {
      // The whole board changed: the game flashes at its end (sgt-mines). The board is what it
      // was before the flash; the flash's looks are not kept.
      this.flashed = true;
      // a click pending: a loss that redraws the whole board with every cell revealed (xbomb),
      // read by the mines' look; else not read (the next frame shows what the click did)
      const clicks = this.batch.filter((i) => changed.has(i));
      if (clicks.length) {
        // (a loss whose lesson passes the checks, else a win that shows its mines, else the one loss reading)
        const ended = this.endByLook(out, prev, changed, clicks, looks, image, grid, true);
        if (ended) return ((this.flashed = false), ended);
      }
      if (this.opens.length || this.toggled.size || this.lone === null || !this.image) return this.wonByLook(out, prev, changed, looks, image, grid) ?? out.fill(UNSURE);
      // after a lone click that changed its cell alone, that cell was the mine, unless every
      // safe cell is open
      const ended = prev.slice();
      const opened = ended.filter((c) => c <= 8 || c === OPENED).length;
      if (opened === n - this.mines) return this.end('won', ended, this.image, grid, this.looks);
      ended[this.lone] = EXPLODED;
      return this.end('lost', ended, this.image, grid, this.looks);
    }
    if (changed.size) this.silent = 0;
    // open cells that changed after a click: a dialog drawn over the board at the game's end
    this.hole = new Set();
    this.box = [];
    // (cells the last frame opened may be drawn in steps, but not after a click that opened no
    // cascade: a box over them then, as KMines' loss dialog right after the first cascade)
    const only = this.batch.length === 1 && changed.has(this.batch[0]!) ? this.batch[0]! : null;
    const drawing = only !== null && noCascade(only, prev, this.table, looks, this.looks) ? new Set<number>() : new Set(this.fresh);
    const over = this.batch.length || this.opens.length ? drawnOver(prev, changed, looks, this.looks, seen, drawing) : [];
    if (!over.length) this.over = null;
    else {
      // a box that may go by itself: not read until it goes, for a while (the loop reads again)
      if (this.waitForBox(changed)) {
        for (const i of changed) out[i] = UNSURE;
        return out;
      }
      this.over = null;
      // a loss to a lone click may still be read around what is drawn over the board: the
      // cells under it teach nothing; anything else ends the game with nothing learned
      // (a batch of clicks each proved safe is no loss: read around the box as well, the cells
      // its cascades opened beside it may show where every mine is)
      const provenBatch = this.batch.length > 1 && this.batch.every((i) => this.proven.has(i));
      if (this.batch.length !== 1 && !provenBatch) return this.endBehind(prev, seen) ?? unexplained(out, changed);
      this.hole = holeAround(over, changed, this.cols, looks, this.table, prev);
      this.box = over;
      for (const i of this.hole) (changed.delete(i), (out[i] = prev[i]!));
      // (every change under it: the game ended behind it, not a click the game ignored)
      if (!changed.size) return this.endBehind(prev, seen, this.batch, looks) ?? unexplained(out, this.hole);
    }
    if (!changed.size && this.opens.length && this.image && this.everyMineFlagged(prev)) {
      // A game that counts a win once every mine is flagged may end at the last flag, its safe
      // cells still closed: clicks on them change nothing from then on. With every mine flagged,
      // SILENT_CLICKS clicks in a row that change nothing are that win. Its lesson is the frame,
      // the flags the mines, the cells left closed covered; to the loop they are safe cells.
      if (this.batch.length) this.silent++;
      if (this.silent < SILENT_CLICKS) return out;
      this.phase = 'won';
      this.pending = this.lessonFor('won', prev.slice(), this.image, grid, this.looks, undefined, this.hole, true);
      return prev.map((c) => (c === COVERED || c === QUESTION ? OPENED : c));
    }
    if (!changed.size && this.opens.length && this.lone !== null && this.image) {
      // A click that changed nothing (the loop waited for a change) may be one the game ignored or
      // drew late: the game is over only when SILENT_CLICKS clicks in a row changed nothing. The
      // lone click before them changed its own cell alone: that was the mine (a game that shows
      // only it).
      if (this.batch.length) this.silent++;
      if (this.silent < SILENT_CLICKS) return out;
      const ended = prev.slice();
      ended[this.lone] = EXPLODED;
      return this.end('lost', ended, this.image, grid, this.looks);
    }
    // flags the bot placed or took away since the last frame
    for (const i of this.toggled) {
      if (!changed.has(i)) continue;
      changed.delete(i);
      if (out[i] === UNSURE || out[i] === FLAG || out[i] === COVERED) out[i] = this.flagged.has(i) ? FLAG : COVERED;
    }
    const closed = (i: number): boolean => prev[i] === COVERED || prev[i] === QUESTION;
    // the cascades of the open clicks: changed cells that were closed, connected to a clicked one
    const flood = (starts: Iterable<number>, into: Set<number>, skip: Set<number>): void => {
      const stack = [...starts];
      while (stack.length) {
        const i = stack.pop()!;
        for (const j of this.table[i]!) if (changed.has(j) && closed(j) && !into.has(j) && !skip.has(j)) (into.add(j), stack.push(j));
      }
    };
    // flags the game drew itself (a win marking its mines) are no part of a cascade
    const standing = this.standingFlags(changed).filter((i) => prev[i] === FLAG);
    const marks = flagMarks(prev, changed, seen, looks, this.opens, standing);
    const cascade = new Set(this.opens.filter((i) => changed.has(i) && closed(i)));
    flood(cascade, cascade, marks);
    // the rest of an earlier cascade, drawn a frame late: changed closed cells connected to the
    // cells the last clicks opened, to a 0 seen before (no mine is next to a 0), or to a closed
    // cell that opened now with a number the skin knows
    const zeros = [...changed].flatMap((i) => (closed(i) ? Array.from(this.table[i]!).filter((j) => prev[j] === 0) : []));
    const numbers = [...changed].filter((i) => closed(i) && seen[i]! <= 8 && !cascade.has(i));
    const more = new Set(numbers);
    flood([...this.mayBeZeros(this.recent, changed, prev), ...zeros, ...numbers], more, new Set([...cascade, ...marks]));
    // only a lone click can be the one that hit a mine (a batch holds certain cells only)
    const click = this.batch.length === 1 && this.opens.includes(this.batch[0]!) ? this.batch[0]! : null;
    this.recent = this.opens.length ? [...cascade, ...more] : [...this.recent, ...cascade, ...more];
    // a lone click that changed its cell alone to a look not known, or known as a mine that blew
    // up: a number, or the mine that ended the game (a game that shows only that one)
    const lone = click !== null && changed.size === 1 && changed.has(click) && (seen[click] === UNSURE || seen[click] === EXPLODED);
    // (kept through frames in which nothing happened: the game may flash a moment later)
    if (changed.size || this.opens.length) this.lone = lone ? click : null;
    // changes away from the cascades: mines shown (and flags marked) at the end; an opened cell
    // drawn again is none of these
    const away = [...changed].filter((i) => !cascade.has(i) && !more.has(i) && !(prev[i]! <= 8 || prev[i] === OPENED));
    const shownMine = [...changed].some((i) => seen[i] === MINE || seen[i] === EXPLODED);
    let open = 0;
    for (let i = 0; i < n; i++) if (cascade.has(i) || more.has(i) || (!changed.has(i) && (prev[i]! <= 8 || prev[i] === OPENED))) open++;
    // (a guess whose cell reads as no number and looks like no cell opened before may be the mine
    // that blew up, in a look not seen yet, with mines beside it shown one by one: no win by the
    // count alone. Google-style games show each mine in a colour of its own: such a frame was
    // taken for a win, its lesson labelling two mines 3 and 2.)
    // (on a checkerboard, for as long as that cell keeps such a look: Google-style games pop their
    // mines one by one, and a later frame with no click pending made such a win, a mine labelled 3)
    const unknownNow = click !== null && !this.proven.has(click) && changed.has(click) && !(seen[click]! <= 8) && !this.looksOpened(looks[click]!, prev);
    if (unknownNow && this.checkered) this.guessUnknown = click;
    const g = this.guessUnknown;
    const unknownGuess = unknownNow || (g !== null && !(seen[g]! <= 8) && !this.looksOpened(looks[g]!, prev, g));
    if (!shownMine && cascade.size + more.size && open === n - this.mines && !unknownGuess) {
      // won: every safe cell is open; what changed elsewhere is the game marking its mines
      // (behind a box, the frame before the clicks shows every cell: its lesson is whole)
      // (the cells opened are known: those frames' closed cells but these are the mines)
      if (this.hole.size) return this.endBehind(prev, seen) ?? this.wonBehind(prev, [...cascade, ...more]);
      for (const i of [...cascade, ...more]) if (out[i] === UNSURE) out[i] = OPENED;
      for (const i of away) out[i] = FLAG;
      return this.end('won', out, image, grid, looks);
    }
    // (the click that blew up may be under what is drawn over the board; one that reads as a
    // number was no mine: a win whose game flags every mine, behind a box, is no loss)
    // (behind a box after a guess, cells that seem drawn late beside the area opened before are
    // the mines shown when each looks like no cell opened before: a number drawn late looks like
    // the numbers on the board)
    const beside = click !== null && this.hole.has(click) && !this.proven.has(click) && more.size > 0 && [...more].every((i) => !this.looksOpened(looks[i]!, prev));
    // (closed cells drawn anew in a look the skin does not know, where it knows the mine look a
    // loss shows, with a box over the board: no mines shown, but marks of a win, KMines' flags
    // behind its congratulations; never taught as mines. With no box the count tells them apart:
    // a loss changes exactly the mines not flagged, a win those and the cell clicked, so mines in
    // colours not learned yet — Google-style games give each its own — are a loss's)
    const unknownMarks = this.hole.size > 0 && this.knows('mine') && away.some((i) => i !== click && closed(i) && (seen[i] === UNSURE || seen[i] === FLAG));
    if (click !== null && (cascade.has(click) || this.hole.has(click)) && (away.length || shownMine || beside) && !unknownMarks && !(seen[click]! <= 8)) {
      // lost: the mines show (the clicked one and every other not flagged); a flag that
      // changed was wrong
      const revealed = [...changed].filter((i) => prev[i] !== FLAG);
      const rightFlags = this.standingFlags(changed).length;
      // flags that changed: wrong ones, unless the count needs them to be right (a game may redraw
      // every flag at its end)
      const changedFlags = away.filter((i) => prev[i] === FLAG);
      const wrong = revealed.length + rightFlags === this.mines ? changedFlags : [];
      // some games show only the mine that blew up (sgt-mines): the lesson works out the rest
      const alone = !away.length && changed.size === 1 && seen[click] === EXPLODED;
      // (with a hole in the frame, the mines under it are not seen: the count may fall short by them)
      const holeClosed = [...this.hole].filter((i) => prev[i] === COVERED || prev[i] === QUESTION).length;
      const counted = this.hole.size
        ? revealed.length + rightFlags <= this.mines && this.mines <= revealed.length + rightFlags + holeClosed
        : revealed.length + rightFlags === this.mines || revealed.length + rightFlags + changedFlags.length === this.mines || alone;
      if (counted) {
        // (the mine that blew up read for sure as a plain mine the skin learned: a game that draws
        // it as any other, labelled a mine, as when other mines shown look like it: live-lesson.ts)
        for (const i of revealed) out[i] = i === click && seen[click] !== MINE ? EXPLODED : MINE;
        if (this.hole.has(click)) out[click] = EXPLODED;
        for (const i of wrong) out[i] = WRONG_FLAG;
        // a right flag the game drew again (xbomb draws every mine at a loss, flagged or not):
        // taught as what it is drawn like (live-ends.ts redrawnFlagLabel); a flag to the loop
        const redrawn = changedFlags.filter((i) => !wrong.includes(i));
        const { taught, unlabelled } = this.teachRedrawn(out, redrawn, seen, looks, revealed.filter((i) => i !== click));
        for (const i of redrawn) out[i] = FLAG;
        return this.end('lost', out, image, grid, looks, this.lessonFor('lost', taught, image, grid, looks, unlabelled));
      }
    }
    if (this.hole.size) return this.endBehind(prev, seen, this.batch, looks) ?? unexplained(out, [...this.hole, ...changed]);
    // a loss that shows numbers as well as mines (every cell revealed), or one inside a batch:
    // the mines are the cells of one look (live-ends.ts), if exactly one reading passes the checks
    const clicks = this.batch.filter((i) => changed.has(i));
    const everyClosed = prev.every((c, i) => !(c === COVERED || c === QUESTION) || changed.has(i));
    const lossLike = away.length > 0 || shownMine || everyClosed;
    // mines that each touch the area opened before (or the mine clicked) look like the rest of a
    // cascade drawn late; when the changed closed cells and the flags left standing make the mine
    // total, their look may still tell: a loss only if that reading's lesson passes every check
    // (a lone click only: a batch holds certain cells, and cannot be what hit a mine)
    const closedChanged = [...changed].filter((i) => prev[i] === COVERED || prev[i] === QUESTION).length;
    const countFits = click !== null && changed.has(click) && closedChanged >= 2 && closedChanged + this.standingFlags(changed).length === this.mines;
    if (clicks.length && (lossLike || countFits)) {
      const ended = this.endByLook(out, prev, changed, clicks, looks, image, grid, lossLike);
      if (ended) return ended;
      // (every closed cell changed and no reading fits: no cascade does that, whoever clicked)
      if (lossLike && ((click !== null && cascade.has(click)) || everyClosed)) {
        // changes the clicks cannot explain (a loss still being drawn, mines one by one): unsure,
        // the next frame is compared with the last one explained
        const won = this.wonByLook(out, prev, changed, looks, image, grid);
        if (won) return won;
        for (const i of changed) out[i] = UNSURE;
        return out;
      }
    }
    this.noFalseZeros(out, changed);
    for (const i of changed) {
      if (out[i] !== UNSURE) continue;
      // a guess's own cell drawn blank beside closed cells may still be being drawn: its number,
      // or the mine it hit, may follow (KMines draws a clicked cell's face first); taken as
      // opened at once, the solver would count a mine safe. So may one that opened alone in a
      // look the skin does not know (the face, in a game's first frames, before a 0 is learned).
      // Unsure for a while (holdBlank)
      const halfDrawn = seen[i] === 0 || (seen[i] === UNSURE && cascade.size === 1 && !more.size);
      if (i === click && !this.proven.has(i) && halfDrawn && this.holdBlank(i)) continue;
      // opened with the cascade; or opened before and drawn again (a cell first drawn pressed
      // in, then with its number): still opened, its number not known
      if (cascade.has(i) || more.has(i) || prev[i] === OPENED) out[i] = OPENED;
      // a flag drawn in two steps (the tile, then the flag on it)
      else if (prev[i] === FLAG && !this.opens.includes(i) && this.flagged.has(i)) out[i] = FLAG;
    }
    // every safe cell open, every other cell closed: won (the game may have drawn its last
    // opened cells a frame before, or the bot's last flags after)
    const closedNow = out.filter(isClosed).length;
    if (!shownMine && closedNow === this.mines && out.every((c) => c !== UNSURE) && !unknownGuess) return this.end('won', out, image, grid, looks);
    // a mine shown in a game not seen to end is a frame not understood yet (drawn half-way)
    for (const i of changed) if (out[i] === MINE || out[i] === EXPLODED || out[i] === WRONG_FLAG) out[i] = UNSURE;
    return out;
  }

  /**
   * The first frame of a game: what the skin explains, and cells it does not explain taken as
   * opened ('+') when they can only be a start area the game opened itself: no click yet, nothing
   * else but covered cells and numbers, and the opened cells one connected area.
   */
  private firstFrame(seen: Uint8Array): Uint8Array {
    const out = seen.slice();
    // the frame the first look was taken from: its start area is opened whatever the first
    // skin (which knows only the covered look) makes of it
    for (const i of this.startArea) out[i] = UNSURE;
    this.startArea = [];
    this.noFalseZeros(out, out.keys());
    const unsure = out.reduce<number[]>((acc, c, i) => (c === UNSURE ? (acc.push(i), acc) : acc), []);
    if (!unsure.length || this.opens.length || this.toggled.size) return out;
    // most of a fresh board is covered (a frame of something else, a flash, is not a start)
    // (a start area with numbers the skin knows can be large: xdemineur opens up to half a board)
    if (out.filter((c) => c === COVERED).length < START_SHARE * out.length) return out;
    if (!out.every((c) => c === UNSURE || c === COVERED || c <= 8)) return out;
    const open = out.reduce<number[]>((acc, c, i) => (c !== COVERED ? (acc.push(i), acc) : acc), []);
    if (!cascadeShaped(open, this.table)) return out;
    for (const i of unsure) out[i] = OPENED;
    return out;
  }

  /**
   * A cell read as 0 next to a closed one is no 0 (a game opens a 0's neighbours with it): a
   * number not learned yet, taken for a blank. It becomes unsure (the cascade rule may still
   * take it as opened, number unknown).
   */
  private noFalseZeros(out: Uint8Array, cells: Iterable<number>): void {
    const zeros = [...cells].filter((i) => zeroBesideClosed(out, this.table, i));
    for (const i of zeros) out[i] = UNSURE;
  }

  /**
   * Whether a guess's own cell, read blank beside closed cells or opened alone in a look not
   * known, is still held unsure: for BLANK_WAIT_MS after it was first so (with no clock, two
   * frames). A cell that stays so is a number not learned yet (read as a blank, or not read), and
   * is then taken as opened, number unknown.
   */
  private holdBlank(i: number): boolean {
    const t = this.now?.();
    if (!this.blank || this.blank.cell !== i) this.blank = { cell: i, since: t, frames: 0 };
    this.blank.frames++;
    const since = this.blank.since;
    return t !== undefined && since !== undefined ? t - since < BLANK_WAIT_MS : this.blank.frames <= 2;
  }

  /**
   * A game's end read by the mines' look (live-ends.ts): every reading of the frame as a loss
   * (and, where `wins`, as a win that shows its mines), kept when exactly one reading's lesson
   * passes the checks. Where several pass (a loss to the last guess with every other mine
   * flagged fits a win that flagged them too), the game ended but its frame teaches nothing: a
   * loss when one of them is (the board the loop gets is the one before, with the cell that blew
   * up), else a win. Where none passes and `wins`, the one loss reading there is ends the game,
   * its lesson saying why nothing is learned. Null when no reading stands (a frame that may as
   * well be a game going on).
   */
  private endByLook(out: Uint8Array, prev: Uint8Array, changed: Set<number>, clicks: number[], looks: Look[], image: RgbaImage, grid: Grid, wins: boolean): Uint8Array | null {
    const losses = this.lossReadings(out, prev, changed, clicks, looks, image, grid);
    const all = wins ? [...losses, ...this.winReadings(out, prev, changed, looks, image, grid)] : losses;
    const good = all.filter((r) => r.lesson.capture);
    if (good.length === 1) return this.endWith(good[0]!, prev);
    if (good.length > 1) {
      const loss = good.find((r) => r.result === 'lost');
      const why = `its last frame fits ${good.length} readings (${[...new Set(good.map((r) => r.result))].join(' and ')}, the mines in other places): nothing learned from this game`;
      if (loss) return this.end('lost', this.blewUp(prev, loss.codes), image, grid, looks, { result: 'lost', capture: null, why });
      return this.end('won', good[0]!.codes.map((c) => (c === MINE ? FLAG : c)), image, grid, looks, { result: 'won', capture: null, why });
    }
    // the one loss reading there is fails the checks: the game is lost, but where its mines are
    // is not known; the lesson says why nothing is learned
    if (wins && losses.length === 1) return this.end('lost', this.blewUp(prev, losses[0]!.codes), image, grid, looks, losses[0]!.lesson);
    return null;
  }

  /** The board as it was before the end (`prev`), with the cell that blew up in `codes`: never a mine where none may be. */
  private blewUp(prev: Uint8Array, codes: Uint8Array): Uint8Array {
    const out = prev.slice();
    out[codes.indexOf(EXPLODED)] = EXPLODED;
    return out;
  }

  /**
   * Ends the game as a reading says: after a win its mines flagged (nothing is left to click), after
   * a loss a flag the game drew over as a mine still a flag (`prev`: the codes before).
   */
  private endWith(r: EndReading, prev: Uint8Array): Uint8Array {
    const { result, codes, lesson } = r;
    this.phase = result;
    this.pending = lesson;
    if (result === 'won') return codes.map((c) => (c === MINE ? FLAG : c));
    return codes.map((c, i) => (prev[i] === FLAG && c === MINE ? FLAG : c));
  }

  /**
   * Each reading of the changed cells as a loss (live-ends.ts minesByLook) and the lesson it
   * would teach: the mines of the reading shown, the cell clicked among them blown up, flags that
   * changed wrong (or drawn again, when the count needs them), and the other closed cells that
   * changed revealed (a game that shows every cell at a loss) or, when they all look alike, still
   * closed and drawn again (GNOME Mines' classic theme darkens every closed tile at a loss).
   * A reading that calls open a cell the skin reads as a mine is none.
   */
  private lossReadings(out: Uint8Array, prev: Uint8Array, changed: Set<number>, clicks: number[], looks: Look[], image: RgbaImage, grid: Grid): EndReading[] {
    const rightFlags = this.standingFlags(changed).length;
    const reading = (c: MinesCandidate, closedAgain: ReadonlySet<number>): EndReading | null => {
      const codes = out.slice();
      const mines = new Set(c.mines);
      for (const i of changed) {
        if (mines.has(i)) codes[i] = i === c.exploded ? EXPLODED : MINE;
        else if (prev[i] === FLAG) codes[i] = WRONG_FLAG;
        else if (closedAgain.has(i)) codes[i] = prev[i]!;
        else if (codes[i] === MINE || codes[i] === EXPLODED) return null;
        else if (!(codes[i]! <= 8)) codes[i] = OPENED;
      }
      const redrawn = c.mines.filter((i) => prev[i] === FLAG);
      const { taught, unlabelled } = this.teachRedrawn(codes, redrawn, out, looks, c.mines.filter((i) => i !== c.exploded && prev[i] !== FLAG));
      // (closed cells the loss drew again teach nothing: one frame shows that look)
      for (const i of closedAgain) unlabelled.add(i);
      return { result: 'lost', codes, lesson: this.lessonFor('lost', taught, image, grid, looks, unlabelled) };
    };
    return minesByLook(prev, this.cols, changed, looks, clicks, rightFlags, this.mines).flatMap((c) => {
      const again = redrawnClosed(prev, changed, c.mines, looks);
      return (again.size ? [reading(c, new Set()), reading(c, again)] : [reading(c, new Set())]).filter((r): r is EndReading => r !== null);
    });
  }

  /**
   * Of the cells the last clicks opened, those beside a closed cell that changed now that may be
   * a 0 whose cascade is still being drawn: a cascade goes on only through 0s. A 0 the skin does
   * not know yet looks like the opened cells every neighbour of which is open (those are 0s: a
   * number has a mine beside it). A cell of another look is a number: a closed cell beside it
   * that changed now is no late part of the cascade, but a mine a loss shows (Google's shows its
   * mines in many colours, none alike, each beside the numbers it counts). With no such cell to
   * compare with (a cascade drawn in steps, its first frame its clicked cell and a ring), any.
   */
  private mayBeZeros(recent: number[], changed: Set<number>, prev: Uint8Array): number[] {
    const open = (c: number): boolean => c <= 8 || c === OPENED;
    const beside = recent.filter((i) => Array.from(this.table[i]!).some((j) => changed.has(j) && isClosed(prev[j]!)));
    if (!beside.length || !this.image || !this.imageGrid) return beside;
    // (their interiors: a game may draw a cell's edges by its neighbours' states, as Wine's does)
    const image = this.image, grid = this.imageGrid;
    const blank: RgbaImage[] = [];
    for (let z = 0; z < prev.length && blank.length < MAX_BLANK_LOOKS; z++) {
      if (!open(prev[z]!) || (prev[z]! > 0 && prev[z]! <= 8) || !Array.from(this.table[z]!).every((j) => open(prev[j]!))) continue;
      const inner = interiorOf(image, grid, z);
      if (!blank.some((b) => sameDrawing(b, inner))) blank.push(inner);
    }
    if (!blank.length) return beside;
    return beside.filter((i) => prev[i] === 0 || (prev[i] === OPENED && blank.some((b) => sameDrawing(b, interiorOf(image, grid, i)))));
  }

  /** Whether a look is like that of a cell opened on the frame before (outside a box over it; `but` left out). */
  private looksOpened(look: Look, prev: Uint8Array, but: number | null = null): boolean {
    return prev.some((c, j) => j !== but && (c <= 8 || c === OPENED) && !this.hole.has(j) && alike(this.looks[j]!, look));
  }

  /** The flags the bot placed that did not change in this frame (flags left standing). */
  private standingFlags(changed: Set<number>): number[] {
    return [...this.flagged].filter((i) => !changed.has(i));
  }

  /**
   * The last reading tried before a frame is given up as unexplained: a win that shows its mines
   * (live-ends.ts winMinesByLook), kept only when exactly one such reading's lesson passes every
   * check. The lesson leaves those cells unlabelled (one win does not tell mines drawn as at a
   * loss from flags); the board the loop gets has them flagged.
   */
  private wonByLook(out: Uint8Array, prev: Uint8Array, changed: Set<number>, looks: Look[], image: RgbaImage, grid: Grid): Uint8Array | null {
    const good = this.winReadings(out, prev, changed, looks, image, grid).filter((r) => r.lesson.capture);
    return good.length === 1 ? this.endWith(good[0]!, prev) : null;
  }

  /** Each reading of the changed cells as a win that shows its mines, and its lesson (none that calls open a cell the skin reads as a mine). */
  private winReadings(out: Uint8Array, prev: Uint8Array, changed: Set<number>, looks: Look[], image: RgbaImage, grid: Grid): EndReading[] {
    const rightFlags = this.standingFlags(changed).length;
    const clicks = [...this.clicked];
    const readings: EndReading[] = [];
    for (const g of winMinesByLook(prev, this.cols, changed, looks, clicks, rightFlags, this.mines)) {
      const codes = out.slice();
      const mines = new Set(g);
      let mineCalledOpen = false;
      for (const i of changed) {
        if (mines.has(i)) codes[i] = MINE;
        else if (prev[i] === FLAG) codes[i] = WRONG_FLAG;
        else if (codes[i] === MINE || codes[i] === EXPLODED) mineCalledOpen = true;
        else if (!(codes[i]! <= 8)) codes[i] = OPENED;
      }
      if (!mineCalledOpen) readings.push({ result: 'won', codes, lesson: this.lessonFor('won', codes, image, grid, looks) });
    }
    return readings;
  }

  /**
   * Whether to wait for a box drawn over the board to go (the frame is not read): up to
   * OVER_WAIT_MS since it last changed, and OVER_WAIT_MS * 2 in all. A box that changes is not
   * done: a dialog closed by the dismiss key can leave another that goes by itself (KMines' "You
   * have lost." under its "Reset the Game?"), or a box slides in or grows; its wait starts again.
   * Never without a clock.
   */
  private waitForBox(changed: ReadonlySet<number>): boolean {
    const t = this.now?.();
    if (t === undefined) return false;
    const cells = [...changed].sort((a, b) => a - b).join(',');
    if (!this.over) this.over = { first: t, since: t, cells };
    else if (this.over.cells !== cells) this.over = { ...this.over, since: t, cells };
    return t - this.over.since < OVER_WAIT_MS && t - this.over.first < 2 * OVER_WAIT_MS;
  }

  /**
   * A game that ended behind something drawn over the board (a dialog): won when the clicks since
   * the last frame explained in full, each one the solver proved safe (or read as a number 1-8 in
   * `seen`, outside the box), opened the last safe cells (or every mine is flagged);
   * lost to a lone click that was not proved safe and left safe cells closed; else not known
   * (null: the frame stays unexplained, and the loop waits, then stops). A win's lesson is the
   * frame before the clicks: its closed cells (but those clicked) are the mines, so every number
   * on it is known; the cells clicked, and those it showed opened for the first time, are not
   * labelled. A loss teaches nothing (the frame is
   * covered, and the mines are not known). The loop gets the mines of a win flagged: nothing is
   * left to click under the box. `clicks`: the clicks since that frame (default: the batch).
   */
  private endBehind(prev: Uint8Array, seen?: Uint8Array, clicks: number[] = this.batch, looks?: Look[]): Uint8Array | null {
    const left = prev.filter(isClosed).length - clicks.length;
    const safe = (i: number): boolean => this.proven.has(i) || (seen !== undefined && !this.hole.has(i) && seen[i]! >= 1 && seen[i]! <= 8);
    // a guess that would open the last safe cell, under the box: won when the game marked every
    // other closed cell alike (its flags), and the skin knows the mine look a loss would show
    const notMark = (i: number): boolean => seen![i] !== FLAG && seen![i] !== UNSURE;
    const marked = clicks.length === 1 && left === this.mines && seen !== undefined && looks !== undefined && this.knows('mine') && winMarks(prev, this.box, this.cols, clicks[0]!, this.flagged, looks, this.looks, notMark);
    const proven = clicks.length > 0 && clicks.every((i) => (safe(i) || marked) && isClosed(prev[i]!));
    // (the safe cells left: those clicked, or, when where every mine is is known, every other
    // closed cell: a 0 among the clicks opens others behind the box)
    const mines = !proven || left === this.mines ? null : (this.knownMines(prev, clicks) ?? (seen ? this.knownMines(prev, clicks, seen) : null));
    if (proven && (left === this.mines || mines)) return this.wonBehind(prev, mines ? prev.reduce<number[]>((acc, c, i) => (isClosed(c) && !mines.has(i) ? (acc.push(i), acc) : acc), []) : clicks);
    if (clicks.length === 1 && !proven && left > this.mines) {
      const codes = prev.slice();
      codes[clicks[0]!] = EXPLODED;
      this.phase = 'lost';
      this.pending = { result: 'lost', capture: null, why: NOTHING_BEHIND };
      return codes;
    }
    return null;
  }

  /**
   * A game won behind a box, whose last clicks opened `opened` (closed cells on the frame before):
   * its lesson is the frame before them, every closed cell on it but those a mine. A win's board
   * to the loop: the mines flagged, nothing left to click under the box.
   */
  private wonBehind(prev: Uint8Array, opened: number[]): Uint8Array {
    const codes = prev.slice();
    for (const i of opened) codes[i] = OPENED;
    this.phase = 'won';
    // (the cells that frame showed opened for the first time are not labelled either: a game
    // may draw a cell in steps, its number after its face, and the frame may hold the first)
    this.pending = this.image && this.imageGrid
      ? this.lessonFor('won', codes, this.image, this.imageGrid, this.looks, undefined, new Set([...opened, ...this.fresh]))
      : { result: 'won', capture: null, why: NOTHING_BEHIND };
    return codes.map((c) => (isClosed(c) ? FLAG : c));
  }

  /**
   * Whether every mine is flagged on the board `codes`: the bot's flags (it flags only mines the
   * solver proved) are on it and make the mine total, and every number on it counts exactly its
   * flagged neighbours, as it does once the flags are all the mines.
   */
  private everyMineFlagged(codes: Uint8Array): boolean {
    if (this.flagged.size !== this.mines || ![...this.flagged].every((i) => codes[i] === FLAG)) return false;
    if (!codes.some((c) => c === COVERED || c === QUESTION)) return false;
    return codes.every((c, i) => !(c <= 8) || Array.from(this.table[i]!).filter((j) => codes[j] === FLAG).length === c);
  }

  /** Whether the skin learned so far has a look of `state`. */
  private knows(state: CellState): boolean {
    return !!this.skin?.cells.some((c) => c.state === state);
  }

  /**
   * Where every mine is, on the frame before the last clicks, when that is known: the bot's flags
   * (flags placed with the clicks are still covered on that frame: mines all the same), else the
   * closed cells no mine layout leaves safe, once the clicks are open (the solver's verdict, when
   * the learner has it); null when they do not make the mine total. With the frame's reading
   * (`seen`), the numbers it shows where closed cells were count too, and a cell it shows closed
   * (under the box or not) must be a mine.
   */
  private knownMines(prev: Uint8Array, clicks: number[], seen?: Uint8Array): Set<number> | null {
    if (this.flagged.size === this.mines && [...this.flagged].every((i) => isClosed(prev[i]!))) return new Set(this.flagged);
    if (!this.consistent) return null;
    const base = prev.slice();
    for (const i of clicks) base[i] = OPENED;
    // (the numbers the last clicks' cascades show around a box over the board, when the frame
    // is seen: each closed cell before, now read as a number for sure; the hole around the box
    // reaches over the cascade's 0s, alike, while the skin still reads them)
    const shown = seen ? [...prev.keys()].filter((i) => isClosed(prev[i]!) && seen[i]! <= 8) : [];
    for (const i of shown) base[i] = seen![i]!;
    const board = (cells: Uint8Array): Board => ({ width: this.cols, height: this.rows, mines: this.mines, cells });
    if (!this.consistent(board(base))) return null;
    const sure = new Set<number>();
    for (let i = 0; i < base.length; i++) {
      if (!isClosed(base[i]!)) continue;
      if (base[i] === FLAG && this.flagged.has(i)) {
        sure.add(i);
        continue;
      }
      // (a mine wherever this cell may not be an open one)
      const safe = base.slice();
      safe[i] = OPENED;
      if (!this.consistent(board(safe))) sure.add(i);
    }
    if (sure.size !== this.mines) return null;
    // a game ended, with every safe cell open: none still read closed (the box may be a window
    // over a game going on; a cell it does not cover tells)
    const stillClosed = seen ? [...base.keys()].some((i) => isClosed(base[i]!) && !sure.has(i) && isClosed(seen[i]!)) : false;
    return stillClosed ? null : sure;
  }

  /**
   * The board's frame is covered where the board was (a window over it: KMines' high-score
   * dialog after a win): a reading of the game won behind it, when the last clicks opened the
   * last safe cells, each proved safe (endBehind); else null (the loop waits for the board). The
   * last clicks: those since the last frame explained, or, when that frame showed them all but
   * some still to be drawn, those (GNOME Mines drew one of a win's last two cells, then its score
   * dialog over the board). Else, with the frame (`image`), the cells it shows at `grid` around
   * what covers the board: a win when the cascades of clicks proved safe show beside it where
   * every mine is, and no safe cell closed (KMines' classic look: its congratulations cover the
   * board's frame at both sides).
   */
  covered(grid: Grid, image?: RgbaImage): Reading | null {
    const prev = this.codes;
    const clicks = this.batch.length ? this.batch : this.opens;
    if (!prev || this.phase !== 'playing' || !clicks.length || !clicks.every((i) => this.proven.has(i))) return null;
    const codes = this.endBehind(prev, undefined, clicks);
    if (!codes && image && this.batch.length) {
      let r: Reading;
      try {
        r = this.read(image, { geometry: grid });
      } catch {
        return null;
      }
      return r.face === 'won' && !r.unsure.length ? r : null;
    }
    if (!codes || (this.phase as Phase) !== 'won') return null;
    this.codes = codes.slice();
    this.batch = [];
    this.opens = [];
    const n = codes.length;
    return { skin: this.name, board: { width: this.cols, height: this.rows, mines: this.mines, cells: codes }, face: 'won', mineCounter: null, timer: null, grid, minConfidence: 0, unsure: [], confidence: new Float32Array(n) };
  }

  /** (`flagWin`: a win the game took at the last flag, safe cells still closed: the flags are the mines.) */
  private lessonFor(result: 'won' | 'lost', codes: Uint8Array, image: RgbaImage, grid: Grid, looks: Look[], unlabelled?: ReadonlySet<number>, hole: ReadonlySet<number> = this.hole, flagWin = false): Lesson {
    return lessonOf({ result, codes, image, grid, looks, table: this.table, mines: this.mines, clicked: this.clicked, hole, name: `game ${this.games + 1} (${result})`, ...(this.consistent ? { consistent: this.consistent } : {}), ...(unlabelled?.size ? { unlabelled } : {}), ...(flagWin ? { flagWin } : {}) });
  }

  /**
   * The codes a loss's lesson teaches with the right flags the game drew again (`redrawn`): each
   * a mine or a flag by its look (`seen`: what the skin read; `shown`: the plain mines revealed),
   * or a mine that teaches no look (`unlabelled`).
   */
  private teachRedrawn(codes: Uint8Array, redrawn: number[], seen: Uint8Array, looks: Look[], shown: number[]): { taught: Uint8Array; unlabelled: Set<number> } {
    const taught = codes.slice();
    const unlabelled = new Set<number>();
    for (const i of redrawn) {
      const label = redrawnFlagLabel(i, seen, looks, shown);
      taught[i] = label ?? MINE;
      if (label === null) unlabelled.add(i);
    }
    return { taught, unlabelled };
  }

  private end(result: 'won' | 'lost', codes: Uint8Array, image: RgbaImage, grid: Grid, looks: Look[], lesson?: Lesson): Uint8Array {
    this.phase = result;
    this.pending = lesson ?? this.lessonFor(result, codes, image, grid, looks);
    return codes;
  }
}

/** Why a game that ended behind a box over the board taught nothing. */
const NOTHING_BEHIND = 'the game ended behind something drawn over the board (a dialog): nothing learned from this game';

/**
 * An ended game's board with no 0 beside a closed cell: such a 0 is a cell caught drawn before its
 * number (KMines draws the face of the last cell opened, then its number; the win ended the game
 * on that frame, and an ended game's board stays as it ended), so it is opened, number unknown. A
 * game opens every neighbour of a 0, and the bot flags only mines, none of which touches a 0.
 */
function noZeroBesideClosed(codes: Uint8Array, table: Int32Array[]): Uint8Array {
  return codes.map((c, i) => (zeroBesideClosed(codes, table, i) ? OPENED : c));
}

/** Whether cell i reads 0 beside a closed cell: no 0 a game shows (it opens a 0's neighbours). */
function zeroBesideClosed(codes: Uint8Array, table: Int32Array[], i: number): boolean {
  return codes[i] === 0 && table[i]!.some((j) => isClosed(codes[j]!));
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
 * Whether located lattice `h` is the board `f` found before: the same pitch and lines, its extent
 * that of `f` or one row or column more on any side (something beside the board on its lattice).
 */
function holdsBoard(h: Grid, f: Grid): boolean {
  const p = f.pitch;
  if (Math.abs(h.pitch - p) >= 0.02 * p) return false;
  const dx = (f.left - h.left) / p, dy = (f.top - h.top) / p;
  const kx = Math.round(dx), ky = Math.round(dy);
  if (Math.abs(dx - kx) > 0.5 / p + 0.25 || Math.abs(dy - ky) > 0.5 / p + 0.25) return false;
  const right = h.cols - kx - f.cols, below = h.rows - ky - f.rows;
  return [kx, ky, right, below].every((k) => k === 0 || k === 1);
}

/**
 * The looks of a board's first frame (freshLooks) and whether it is a fresh board: most cells
 * covered, the rest one area a game opens by itself.
 */
function freshBoard(image: RgbaImage, grid: Grid): { like: boolean[]; rest: number[]; ok: boolean } {
  const { like, rest } = freshLooks(image, grid);
  const ok = rest.length <= grid.cols * grid.rows * (1 - FRESH_SHARE) && cascadeShaped(rest, neighbourTable(grid.cols, grid.rows));
  return { like, rest, ok };
}

/** The grid without its outer rows and columns (one each at most) that hold no cell of the fresh board's look. */
function trimUnlike(g: Grid, like: boolean[]): Grid {
  const at = (x: number, y: number): boolean => like[y * g.cols + x]!;
  const rowLike = (y: number): boolean => Array.from({ length: g.cols }, (_, x) => at(x, y)).some(Boolean);
  const colLike = (x: number): boolean => Array.from({ length: g.rows }, (_, y) => at(x, y)).some(Boolean);
  const top = rowLike(0) ? 0 : 1, bottom = rowLike(g.rows - 1) ? 0 : 1;
  const left = colLike(0) ? 0 : 1, right = colLike(g.cols - 1) ? 0 : 1;
  if (!(top + bottom + left + right) || g.rows - top - bottom < 2 || g.cols - left - right < 2) return g;
  return { ...g, left: g.left + left * g.pitch, top: g.top + top * g.pitch, cols: g.cols - left - right, rows: g.rows - top - bottom };
}
