// The game a live learner watches (live-learner.ts): the last frame it explained and what each
// cell was in it, the bot's clicks since, what it knows of the game's look so far, and the small
// rulings the judging of a frame shares (how a game ends, which flags stand, whether a look is an
// opened cell's). State and pure queries; no I/O.

import { COVERED, FLAG, MINE, OPENED, isClosed, sideTable, solvedByFlags } from '../../../core/board.js';
import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import type { CellState, Skin } from '../../skins/skin.js';
import type { Consistent } from '../deduce-digits.js';
import { alike } from '../lesson-checks.js';
import { redrawnFlagLabel } from '../ends/live-ends.js';
import { lessonOf, type Lesson, type PlayFrame } from './live-lesson.js';
import { openedRedrawn } from './live-ground-ink.js';
import type { Look } from './live-looks.js';

/** Not decided: the loop gets an unsure cell. */
export const UNSURE = 255;
/**
 * How long a box drawn over the board after a click may stay as it is before the game is taken as
 * ended behind it, ms (twice that in all, when it changes): some games write their end over the
 * board for a while (KMines' "You have lost." goes after about 2 s, or 2-3 s after its "Reset the
 * Game?" dialog over it is closed), and the frame after it holds the whole lesson.
 */
export const OVER_WAIT_MS = 3000;
/** How long a guess's own cell drawn blank beside closed cells, or alone in a look not known, is held unsure (holdBlank). */
const BLANK_WAIT_MS = 500;
/** Why a game that ended behind a box over the board taught nothing. */
export const NOTHING_BEHIND = 'the game ended behind something drawn over the board (a dialog): nothing learned from this game';

/** `unknown`: the game ended where no frame showed whether it was won or lost. */
export type Phase = 'playing' | 'won' | 'lost' | 'unknown';

/** A reading of an ended game's last frame: what the loop gets, and the lesson it would teach. */
export interface EndReading {
  result: 'won' | 'lost';
  codes: Uint8Array;
  lesson: Lesson;
}

export class Watch {
  /** The skin learned so far (null until the first fresh board is seen). */
  skin: Skin | null;
  /** Games whose lessons were learned. */
  games = 0;
  readonly name: string;
  readonly mines: number;
  readonly consistent: Consistent | undefined;
  readonly now: (() => number) | undefined;
  table: Int32Array[] = [];
  cols = 0;
  rows = 0;
  // the game being watched: the last frame's codes and looks, the bot's clicks since
  codes: Uint8Array | null = null;
  looks: Look[] = [];
  flagged = new Set<number>();
  toggled = new Set<number>();
  /** Cells the bot opened in this game (a mine that blew up must be one of them). */
  clicked = new Set<number>();
  /** Cells opened by the bot and not seen to change yet. */
  opens: number[] = [];
  /** The open clicks since the last frame explained in full (a guess is one alone). */
  batch: number[] = [];
  /**
   * The open clicks whose change no frame showed yet: the batch, or, when the last frame explained
   * showed it in part, what is left of it (GNOME Mines drew one of a win's last two cells, then its
   * score dialog; KMines drew a win's last batch so, then its high-score dialog).
   */
  get lastClicks(): number[] {
    return this.batch.length ? this.batch : this.opens;
  }
  /** Frames explained in full since each open click. */
  readonly age = new Map<number, number>();
  /** When (the learner's clock) each cell awaited was clicked: a page an alert holds shows no frame for seconds. */
  readonly clickedAt = new Map<number, number>();
  phase: Phase = 'playing';
  pending: Lesson | null = null;
  /** The cell of the last lone open click whose frame changed that cell alone (a number, or the mine that ended the game). */
  lone: number | null = null;
  /** Cells of the frame being judged under something drawn over the board (they teach nothing). */
  hole = new Set<number>();
  /** The cells of the frame being judged that the box drawn over the board changed (drawnOver): the hole's start. */
  box: number[] = [];
  /** Cells opened in this game that the solver had proved safe. */
  proven = new Set<number>();
  /** The guess's cell held unsure while it reads blank beside closed cells, or opened alone in a look not known (holdBlank). */
  blank: { cell: number; since: number | undefined; frames: number } | null = null;
  /**
   * Whether the frame being judged left cells unsure while something is waited for (a guess's
   * cell held, holdBlank; a box over the board, waitForBox): frames to come may explain them.
   * Set while judging, cleared before each frame.
   */
  waiting = false;
  /** Frames in a row in which the bot's clicks changed nothing. */
  silent = 0;
  /** The open clicks of those frames (the clicks after the lone one that changed nothing): each may be a mine hit on a page that stopped drawing. */
  silentClicks = new Set<number>();
  /**
   * Whether a frame of this game was read with a see-through layer over the whole page taken off
   * (the loop's veil.ts): a browser dims the page under an alert() that froze it, maybe before it
   * drew the mine a click hit.
   */
  veiled = false;
  /** The looks of the first frame read after the game ended (what a dialog come over the ended board is seen against), null while playing. */
  endLooks: Look[] | null = null;
  /** Whether the game's end was given as the reading of a covered frame (live-learner covered()): once a game. */
  endCovered = false;
  /**
   * Whether this game's opened cells differ from its covered ones inside their edges (Google's
   * green squares open tan), so that a closed cell whose interior stayed is still closed, with
   * an edge drawn by an opened neighbour; null until a click opened a 0 (all its neighbours with
   * it). Not so in the classic looks: a covered cell and an opened 0 are one grey inside their
   * bevels. A fact of the game's look: kept from game to game.
   */
  interiorOpens: boolean | null = null;
  /**
   * The inside of the first flag of the bot's seen standing in a frame explained while playing
   * (interiorDetail; `ink`, at its own pixels, interiorPixels), and the grid's pitch then: what the
   * game's flag looks like, kept from game to game, to tell a flag the game draws over at its end.
   */
  flagLook: { image: RgbaImage; ink: RgbaImage; pitch: number } | null = null;
  /** The board is a checkerboard of two covered looks (Google-style): found so on its fresh frame. */
  checkered = false;
  /**
   * The game opens only a 0's four sides (its flood fill goes on sideways only): a 0 may show
   * beside a closed cell at a corner. Learned from such 0s (sideZeros), kept in the skin.
   */
  sidesOnly = false;
  /** Cells read for sure as 0, every side open and a corner covered: the click count when first seen so. */
  sideZeros = new Map<number, number>();
  /** Lone clicks whose own cascade opened them and every closed side of theirs: 0s, whatever their look (no 0 learned yet). */
  cascadeZeros = new Set<number>();
  /** The bot's clicks so far (a look that stays across clicks is no frame caught drawing). */
  clicks = 0;
  /** On a checkerboard, a guess whose cell took a look unlike every opened cell (a mine in a colour not seen yet, maybe): no win by the count while it keeps it. */
  guessUnknown: number | null = null;
  /**
   * The bot's last click, a lone guess (not proved safe) that the last frame explained showed
   * opened in a look not learned yet ('+'), and the codes before it; null once any click follows.
   * A board gone for good right after it is that guess's end (live-learner covered(): guessGone),
   * as when the guess is still pending: a game that draws the mine hit first (a flame over its
   * cell, read as opened), then its dialog over the board.
   */
  lastGuess: { cell: number; before: Uint8Array } | null = null;
  /** The cells the last click opened (its cascade may go on drawing in the next frame). */
  recent: number[] = [];
  /**
   * The cells the last frame explained in full showed opened for the first time: a game may draw
   * them in steps (pressed in, then the number), so their next change is no box over the board.
   */
  fresh: number[] = [];
  /** Where the board was last found on a whole-screen frame. */
  found: Grid | null = null;
  /** Cells of the first frame that did not look covered (a start area the game opened itself). */
  startArea: number[] = [];
  /** The game's fresh frame (every cell covered) and where its cells were, for its lesson's covered cells. */
  freshFrame: { image: RgbaImage; grid: Grid } | null = null;
  /** This game's last frame in play explained in full, and its cells that looked and read the same in the frame before it (live-lesson.ts PlayFrame). */
  playFrame: PlayFrame | null = null;
  /** The last frame explained in full (a game's last frame, when the game flashes at its end). */
  image: RgbaImage | null = null;
  /** Where the board was on that frame (the grid it was read at). */
  imageGrid: Grid | null = null;
  /** The lattice half a pixel over the one located (`base`) that the skin reads the board at (live-lattice-phase.ts halfPixelOver), or null. */
  halfOver: { base: Grid; grid: Grid } | null = null;
  /** Cells of this game read unsure whose reading half a pixel over was tried (once each). */
  halfTried = new Set<number>();
  /** The frame just read is a flash: its looks are not the board's. */
  flashed = false;
  /**
   * A box over the board after a click, or null: since when (the clock's ms) it has been there,
   * since when it has looked as it does (the cells it changes), and those cells.
   */
  over: { first: number; since: number; cells: string } | null = null;
  /**
   * A dismiss to come (the loop's --dismiss, not tried yet on what now covers the board): a box
   * over the board, or the board gone, is waited for however long it stays (waitForBox), never
   * judged gone for good before the dismiss that may show the end under it. Set and cleared by
   * the loop (LiveLearner.dismissToCome).
   */
  dismissToCome = false;
  /** Whether the run was given a dismiss at all (LiveLearner.dismissGiven); until told, taken as given. */
  dismissGiven = true;
  /**
   * The last frame of this game left unsure while a dismiss was to come (a box over the board
   * waited on, a layer over the page not read), with the lattice it was read at and whether it was
   * read with that layer taken off (one so is kept over later frames read as they are: a dimmed
   * page read as it is shows every cell changed): the end it shows is read when the dismiss brings
   * a fresh board (LiveLearner endBeforeFresh). Null else.
   */
  heldEnd: { image: RgbaImage; grid: Grid; veiled: boolean } | null = null;

  constructor(opts: { name: string; mines: number; previous?: Skin; consistent?: Consistent; now?: () => number }) {
    this.name = opts.name;
    this.mines = opts.mines;
    this.skin = opts.previous ?? null;
    this.consistent = opts.consistent;
    this.now = opts.now;
    this.sidesOnly = opts.previous?.file.learned?.zeroOpens === 'sides';
  }

  /**
   * A copy to judge a frame on for a trial (a reading that may be thrown away): its sets, maps and
   * arrays copied, what is only ever replaced (images, looks, the skin) shared.
   */
  clone(): Watch {
    const copy = Object.assign(Object.create(Watch.prototype) as Watch, this);
    for (const [k, v] of Object.entries(copy)) {
      const field = k as keyof Watch;
      if (v instanceof Set) Object.assign(copy, { [field]: new Set(v) });
      else if (v instanceof Map) Object.assign(copy, { [field]: new Map(v) });
      else if (Array.isArray(v)) Object.assign(copy, { [field]: v.slice() });
      else if (v instanceof Uint8Array) Object.assign(copy, { [field]: v.slice() });
    }
    return copy;
  }

  /** The cells a 0 opens with it: its eight neighbours, or its four sides in a game that opens only those. */
  get zeroOpens(): Int32Array[] {
    return this.sidesOnly ? sideTable(this.cols, this.rows) : this.table;
  }

  /**
   * Notes, on a frame explained in full while playing, the 0s (read so for sure, or a lone click
   * that opened a cascade) with every side open and a corner covered (not one just clicked). In
   * a game that opens a 0's eight neighbours such a 0 is a frame caught drawing (a ripple opens
   * sides before corners) or a number drawn late; one seen so again after a click of the bot's, unchanged, is the game's way:
   * it opens only a 0's four sides.
   */
  noteSideZeros(seen: Uint8Array, codes: Uint8Array): void {
    if (this.sidesOnly || this.phase !== 'playing') return;
    const sides = sideTable(this.cols, this.rows);
    for (let i = 0; i < codes.length; i++) {
      const so = (seen[i] === 0 || this.cascadeZeros.has(i)) && !isClosed(codes[i]!) && sides[i]!.every((j) => !isClosed(codes[j]!)) && this.table[i]!.some((j) => codes[j] === COVERED && !this.opens.includes(j));
      if (!so) {
        this.sideZeros.delete(i);
        continue;
      }
      const since = this.sideZeros.get(i);
      if (since === undefined) this.sideZeros.set(i, this.clicks);
      else if (this.clicks > since) this.sidesOnly = true;
    }
  }

  /** Forgets the game watched (a fresh board, or a board of another size): what the look taught stays. */
  newGame(): void {
    this.guessUnknown = null;
    this.lastGuess = null;
    this.codes = null;
    this.over = null;
    this.flagged.clear();
    this.toggled.clear();
    this.sideZeros.clear();
    this.cascadeZeros.clear();
    this.clicked.clear();
    this.proven.clear();
    this.halfTried.clear();
    this.blank = null;
    this.opens = [];
    this.batch = [];
    this.lone = null;
    this.silent = 0;
    this.silentClicks.clear();
    this.veiled = false;
    this.heldEnd = null;
    this.endLooks = null;
    this.endCovered = false;
    this.recent = [];
    this.fresh = [];
    this.freshFrame = null;
    this.playFrame = null;
    this.phase = 'playing';
  }

  /**
   * Whether cell `i`, opened in the last frame explained (`prev`), keeps its drawing in `image`
   * (live-ground-ink.ts openedRedrawn): drawn anew, no change a click made. False before a frame
   * is explained.
   */
  redrawn(prev: Uint8Array, i: number, image: RgbaImage, grid: Grid): boolean {
    return !!this.image && !!this.imageGrid && openedRedrawn(prev, i, image, grid, this.image, this.imageGrid);
  }

  /** Whether every cell of `changed` but `click` is drawn anew (redrawn). */
  othersRedrawn(changed: ReadonlySet<number>, prev: Uint8Array, click: number, image: RgbaImage, grid: Grid): boolean {
    for (const j of changed) if (j !== click && !this.redrawn(prev, j, image, grid)) return false;
    return true;
  }

  /** The flags the bot placed that did not change in this frame (flags left standing). */
  standingFlags(changed: Set<number>): number[] {
    return [...this.flagged].filter((i) => !changed.has(i));
  }

  /** Whether the skin learned so far has a look of `state`. */
  knows(state: CellState): boolean {
    return !!this.skin?.cells.some((c) => c.state === state);
  }

  /** Whether a look is like that of a cell opened on the frame before (outside a box over it; `but` left out). */
  looksOpened(look: Look, prev: Uint8Array, but: number | null = null): boolean {
    return prev.some((c, j) => j !== but && (c <= 8 || c === OPENED) && !this.hole.has(j) && alike(this.looks[j]!, look));
  }

  /**
   * Whether every mine is flagged on the board `codes`: the bot's flags (it flags only mines the
   * solver proved) are on it and make the mine total, and every number on it counts exactly its
   * flagged neighbours, as it does once the flags are all the mines.
   */
  everyMineFlagged(codes: Uint8Array): boolean {
    if (this.flagged.size !== this.mines || ![...this.flagged].every((i) => codes[i] === FLAG)) return false;
    return solvedByFlags(codes, this.mines, this.table);
  }

  /**
   * Whether a guess's own cell, read blank beside closed cells or opened alone in a look not
   * known, is still held unsure: for BLANK_WAIT_MS after it was first so (with no clock, two
   * frames). A cell that stays so is a number not learned yet (read as a blank, or not read), and
   * is then taken as opened, number unknown.
   */
  holdBlank(i: number): boolean {
    const t = this.now?.();
    if (!this.blank || this.blank.cell !== i) this.blank = { cell: i, since: t, frames: 0 };
    this.blank.frames++;
    const since = this.blank.since;
    const held = t !== undefined && since !== undefined ? t - since < BLANK_WAIT_MS : this.blank.frames <= 2;
    if (held) this.waiting = true;
    return held;
  }

  /**
   * Whether to wait for a box drawn over the board to go (the frame is not read): up to
   * OVER_WAIT_MS since it last changed, and OVER_WAIT_MS * 2 in all. A box that changes is not
   * done: a dialog closed by the dismiss key can leave another that goes by itself (KMines' "You
   * have lost." under its "Reset the Game?"), or a box slides in or grows; its wait starts again.
   * Never without a clock.
   */
  waitForBox(changed: ReadonlySet<number>): boolean {
    const t = this.now?.();
    if (t === undefined) return false;
    const cells = [...changed].sort((a, b) => a - b).join(',');
    // (while a dismiss is to come, the wait starts again once it was tried: the end it shows is
    // read then, or the box that stays after it is waited for as any other)
    if (!this.over || this.dismissToCome) this.over = { first: t, since: t, cells };
    else if (this.over.cells !== cells) this.over = { ...this.over, since: t, cells };
    const wait = this.dismissToCome || (t - this.over.since < OVER_WAIT_MS && t - this.over.first < 2 * OVER_WAIT_MS);
    if (wait) this.waiting = true;
    return wait;
  }

  /** (`flagWin`: a win the game took at the last flag, safe cells still closed: the flags are the mines.) */
  lessonFor(result: 'won' | 'lost', codes: Uint8Array, image: RgbaImage, grid: Grid, looks: Look[], unlabelled?: ReadonlySet<number>, hole: ReadonlySet<number> = this.hole, flagWin = false): Lesson {
    return lessonOf({ result, codes, image, grid, looks, table: this.table, ...(this.sidesOnly ? { zeroOpens: this.zeroOpens } : {}), mines: this.mines, clicked: this.clicked, hole, name: `game ${this.games + 1} (${result})`, ...(this.consistent ? { consistent: this.consistent } : {}), ...(unlabelled?.size ? { unlabelled } : {}), ...(flagWin ? { flagWin } : {}), ...(this.freshFrame ? { fresh: this.freshFrame } : {}), ...(this.playFrame && this.playFrame.image !== image ? { play: this.playFrame } : {}), flagged: this.flagged, ...(this.flagLook && this.flagLook.pitch === grid.pitch ? { flagLook: this.flagLook.image, flagInk: this.flagLook.ink } : {}) });
  }

  /**
   * The codes a loss's lesson teaches with the right flags the game drew again (`redrawn`): each
   * a mine or a flag by its look (`seen`: what the skin read; `shown`: the plain mines revealed),
   * or a mine that teaches no look (`unlabelled`).
   */
  teachRedrawn(codes: Uint8Array, redrawn: number[], seen: Uint8Array, looks: Look[], shown: number[]): { taught: Uint8Array; unlabelled: Set<number> } {
    const taught = codes.slice();
    const unlabelled = new Set<number>();
    for (const i of redrawn) {
      const label = redrawnFlagLabel(i, seen, looks, shown);
      taught[i] = label ?? MINE;
      if (label === null) unlabelled.add(i);
    }
    return { taught, unlabelled };
  }

  /** Ends the game: the codes the loop gets, and the lesson (by default the frame's own). */
  end(result: 'won' | 'lost', codes: Uint8Array, image: RgbaImage, grid: Grid, looks: Look[], lesson?: Lesson): Uint8Array {
    this.phase = result;
    this.pending = lesson ?? this.lessonFor(result, codes, image, grid, looks);
    return codes;
  }

  /**
   * Ends the game as a reading says: after a win its mines flagged (nothing is left to click), after
   * a loss a flag the game drew over as a mine still a flag (`prev`: the codes before).
   */
  endWith(r: EndReading, prev: Uint8Array): Uint8Array {
    const { result, codes, lesson } = r;
    this.phase = result;
    this.pending = lesson;
    if (result === 'won') return codes.map((c) => (c === MINE ? FLAG : c));
    return codes.map((c, i) => (prev[i] === FLAG && c === MINE ? FLAG : c));
  }
}

