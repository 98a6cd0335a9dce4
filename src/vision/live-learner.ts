// Learning a game's look while playing it (`minebot learn --screen`). Pure: frames and the bot's
// clicks in, readings and labelled captures out; the play loop drives it like any reader and the
// command saves what it learns.
//
// - The first frame must be a fresh board: every cell covered. The board is found without a
//   skin (the locator's largest lattice) and its cells become the first looks: covered.
// - Each later frame is compared cell by cell with the one before. A cell that did not change
//   keeps what it was. A cell that changed reads as the state the skin learned so far explains,
//   else by what the bot did: a cell it flagged is a flag; a cell that opened with the last
//   open click's cascade (changed cells connected to the clicked one) is opened with its number
//   not known yet ('+': the solver takes nothing from it); anything else is unsure, and the
//   loop stops rather than guess.
// - An open click that changes cells away from its cascade has hit a mine, and the game shows
//   its mines: the changed cells are the mines (a flag that changed is a wrong flag, flags that
//   did not are right), which must add up to the mine total. An open click after which every
//   safe cell is open has won: what is not open is the mines (cells that changed away from the
//   cascade are the game marking them).
// - The ended game's last frame, with the true board those mines give (every opened cell's
//   number counted from them), is one more capture to learn from: lesson(), then learn().

import { COVERED, EXPLODED, FLAG, MINE, OPENED, QUESTION, WRONG_FLAG, neighbourTable, type Board } from '../core/board.js';
import type { RgbaImage } from './image.js';
import type { Grid } from './geometry.js';
import { locateGrids } from './locate.js';
import { cutCell } from './cells.js';
import { normalise } from './classify.js';
import { dot, vecOf, type LabelledCapture, type LearnedSkin } from './looks.js';
import { learnSkin, type LearnReport } from './learn.js';
import { readScreen, VisionError, type Reading } from './read.js';
import type { Skin } from './skin.js';

export interface LiveLearnerOptions {
  /** Name of the skin being learned. */
  name: string;
  /** Mines in the game (the screen may not show them). */
  mines: number;
  /** A skin learned before under this name: learning goes on from it. */
  previous?: Skin;
}

/** What a finished game taught: the capture to learn from, or why it teaches nothing. */
export interface Lesson {
  result: 'won' | 'lost';
  capture: LabelledCapture | null;
  why: string | null;
}

/** Cells of a fresh board must all look alike: each at least this close to their mean. */
const FRESH_LIKENESS = 0.8;
/** A cell whose look correlates less than this with its look in the last frame has changed. */
const SAME_LOOK = 0.97;
/** ... or whose mean level moved more than this (0..255). */
const SAME_LEVEL = 6;
/** Side of the cuts compared between frames. */
const CUT = 12;
/** Not decided: the loop gets an unsure cell. */
const UNSURE = 255;

type Phase = 'playing' | 'won' | 'lost';

interface Look {
  v: Float32Array;
  mean: number;
}

function lookOf(image: RgbaImage, grid: Grid, i: number): Look {
  return vecOf(cutCell(image, grid, i % grid.cols, (i / grid.cols) | 0, CUT, true));
}

function sameLook(a: Look, b: Look): boolean {
  return Math.abs(a.mean - b.mean) <= SAME_LEVEL && dot(a.v, b.v) >= SAME_LOOK;
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
  private lastOpen: number | null = null;
  private phase: Phase = 'playing';
  private pending: Lesson | null = null;

  constructor(opts: LiveLearnerOptions) {
    this.name = opts.name;
    this.mines = opts.mines;
    this.skin = opts.previous ?? null;
  }

  /** The bot clicked cell (x, y): an open (left) or a flag (right). */
  noteClick(x: number, y: number, button: 'left' | 'right' | 'middle'): void {
    if (!this.cols || x < 0 || y < 0 || x >= this.cols || y >= this.rows) return;
    const i = y * this.cols + x;
    if (button === 'right') {
      this.toggled.add(i);
      if (this.flagged.has(i)) this.flagged.delete(i);
      else this.flagged.add(i);
    } else if (button === 'left') this.lastOpen = i;
  }

  /** The reader the play loop uses (a ReadScreen). */
  read = (image: RgbaImage, options: { geometry?: Grid } = {}): Reading => {
    if (!this.skin) this.bootstrap(image);
    const r = readScreen(image, { skins: [this.skin!], ...(options.geometry ? { geometry: options.geometry } : {}) });
    const { cols, rows } = r.grid;
    if (cols !== this.cols || rows !== this.rows) {
      this.cols = cols;
      this.rows = rows;
      this.table = neighbourTable(cols, rows);
      this.codes = null;
    }
    const unsure = new Set(r.unsure.map(([x, y]) => y * cols + x));
    const seen = Uint8Array.from(r.board.cells, (c, i) => (unsure.has(i) ? UNSURE : c));
    const looks = Array.from({ length: cols * rows }, (_, i) => lookOf(image, r.grid, i));
    if (seen.every((c) => c === COVERED)) this.newGame();
    const codes = this.judge(seen, looks, image, r.grid);
    const stillUnsure: [number, number][] = [];
    codes.forEach((c, i) => {
      if (c === UNSURE) stillUnsure.push([i % cols, (i / cols) | 0]);
    });
    const cells = Uint8Array.from(codes, (c) => (c === UNSURE ? COVERED : c));
    if (!stillUnsure.length) {
      // a frame explained in full is the new basis; an unexplained one (drawn half-way, covered
      // by something) is not: the next frame is compared with the last good one
      this.codes = cells.slice();
      this.looks = looks;
      this.toggled.clear();
      this.lastOpen = null;
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

  /** The lesson of the game that just ended (once), or null. */
  lesson(): Lesson | null {
    const l = this.pending;
    this.pending = null;
    return l;
  }

  /** Learns a lesson into the skin; returns the new skin (to save) and the learning report. */
  learn(lesson: Lesson): { learned: LearnedSkin; report: LearnReport } | null {
    if (!lesson.capture) return null;
    const result = learnSkin(this.name, [lesson.capture], this.skin ?? undefined);
    this.skin = result.learned.skin;
    this.games++;
    return result;
  }

  private newGame(): void {
    this.codes = null;
    this.flagged.clear();
    this.toggled.clear();
    this.lastOpen = null;
    this.phase = 'playing';
  }

  /** The first skin: every cell of a fresh board is covered. */
  private bootstrap(image: RgbaImage): void {
    const grids = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4);
    if (!grids.length) throw new VisionError('no board found on the screen (learning starts from a fresh game: every cell covered)');
    const grid = grids.reduce((a, b) => (b.cols * b.rows > a.cols * a.rows ? b : a));
    const looks = Array.from({ length: grid.cols * grid.rows }, (_, i) => lookOf(image, grid, i).v);
    const mean = new Float32Array(looks[0]!.length);
    for (const v of looks) for (let k = 0; k < v.length; k++) mean[k]! += v[k]!;
    normalise(mean);
    const unlike = looks.filter((v) => dot(v, mean) < FRESH_LIKENESS).length;
    if (unlike) throw new VisionError(`the ${grid.cols}x${grid.rows} board found is not a fresh game (${unlike} cell(s) do not look like the rest): start a new game, then learn`);
    const board: Board = { width: grid.cols, height: grid.rows, mines: this.mines, cells: new Uint8Array(grid.cols * grid.rows).fill(COVERED) };
    this.skin = learnSkin(this.name, [{ name: 'fresh board', image, board, grid }]).learned.skin;
  }

  /** The codes of a frame (UNSURE where nothing explains a cell). */
  private judge(seen: Uint8Array, looks: Look[], image: RgbaImage, grid: Grid): Uint8Array {
    const prev = this.codes;
    if (!prev) return seen.slice();
    const n = seen.length;
    const out = new Uint8Array(n);
    const changed = new Set<number>();
    for (let i = 0; i < n; i++) {
      if (sameLook(looks[i]!, this.looks[i]!)) out[i] = prev[i]!;
      else {
        changed.add(i);
        // a cell that changed is not what it was (a skin that knows few states may still take
        // an opened blank for the covered look it learned first)
        out[i] = seen[i] === prev[i] ? UNSURE : seen[i]!;
      }
    }
    if (this.phase !== 'playing') return out; // an ended game: nothing more to work out
    // flags the bot placed or took away since the last frame
    for (const i of this.toggled) {
      if (!changed.has(i)) continue;
      changed.delete(i);
      if (out[i] === UNSURE || out[i] === FLAG || out[i] === COVERED) out[i] = this.flagged.has(i) ? FLAG : COVERED;
    }
    const click = this.lastOpen;
    const closed = (i: number): boolean => prev[i] === COVERED || prev[i] === QUESTION;
    // the cascade of the last open click: changed cells that were closed, connected to it
    const cascade = new Set<number>();
    if (click !== null && changed.has(click) && closed(click)) {
      const stack = [click];
      cascade.add(click);
      while (stack.length) {
        const i = stack.pop()!;
        for (const j of this.table[i]!) if (changed.has(j) && closed(j) && !cascade.has(j)) (cascade.add(j), stack.push(j));
      }
    }
    const away = [...changed].filter((i) => !cascade.has(i));
    const shownMine = [...changed].some((i) => seen[i] === MINE || seen[i] === EXPLODED);
    let open = 0;
    for (let i = 0; i < n; i++) if (cascade.has(i) || (!changed.has(i) && (prev[i]! <= 8 || prev[i] === OPENED))) open++;
    if (!shownMine && click !== null && cascade.size && open === n - this.mines) {
      // won: every safe cell is open; what changed elsewhere is the game marking its mines
      for (const i of cascade) if (out[i] === UNSURE) out[i] = OPENED;
      for (const i of away) out[i] = FLAG;
      return this.end('won', out, image, grid);
    }
    if (click !== null && cascade.has(click) && (away.length || shownMine)) {
      // lost: the mines show (the clicked one and every other not flagged); a flag that
      // changed was wrong
      const wrong = away.filter((i) => prev[i] === FLAG);
      const revealed = [...changed].filter((i) => prev[i] !== FLAG);
      const rightFlags = [...this.flagged].filter((i) => !changed.has(i)).length;
      if (revealed.length + rightFlags === this.mines) {
        for (const i of revealed) out[i] = i === click ? EXPLODED : MINE;
        for (const i of wrong) out[i] = WRONG_FLAG;
        return this.end('lost', out, image, grid);
      }
      for (const i of changed) if (out[i] !== MINE && out[i] !== EXPLODED) out[i] = UNSURE;
      return out; // changes this click cannot explain: unsure
    }
    for (const i of changed) {
      if (out[i] !== UNSURE) continue;
      if (cascade.has(i)) out[i] = OPENED;
    }
    return out;
  }

  private end(result: 'won' | 'lost', codes: Uint8Array, image: RgbaImage, grid: Grid): Uint8Array {
    this.phase = result;
    this.pending = this.lessonOf(result, codes, image, grid);
    return codes;
  }

  /** The lesson of an ended game: its last frame and the true board its mines give. */
  private lessonOf(result: 'won' | 'lost', codes: Uint8Array, image: RgbaImage, grid: Grid): Lesson {
    const n = codes.length;
    const opened = (c: number): boolean => c <= 8 || c === OPENED;
    const isMine = (c: number): boolean => (result === 'lost' ? c === MINE || c === EXPLODED || c === FLAG : !opened(c));
    const truth = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const c = codes[i]!;
      if (!opened(c)) {
        truth[i] = c === UNSURE ? COVERED : c;
        continue;
      }
      let count = 0;
      for (const j of this.table[i]!) if (isMine(codes[j]!)) count++;
      if (c <= 8 && c !== count) {
        return { result, capture: null, why: `cell (${i % this.cols},${(i / this.cols) | 0}) reads ${c} but the mines shown give ${count}: nothing learned from this game` };
      }
      truth[i] = count;
    }
    const board: Board = { width: this.cols, height: this.rows, mines: this.mines, cells: truth };
    return { result, capture: { name: `game ${this.games + 1} (${result})`, image, board, grid }, why: null };
  }
}
