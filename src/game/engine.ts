// The simulated Minesweeper game: layouts under the four first-click rules, open with flood fill,
// flag, chord, win and loss, 3BV. Pure: no clock, no I/O; randomness comes in as an Rng.

import {
  COVERED,
  EXPLODED,
  FLAG,
  MINE,
  QUESTION,
  WRONG_FLAG,
  checkDimensions,
  indexOf,
  neighbourTable,
  type Board,
} from '../core/board.js';
import { sampleInPlace, type Rng } from '../core/rng.js';
import type { BoardSpec, FirstClickRule } from '../core/rules.js';

export type GameStatus = 'ready' | 'playing' | 'won' | 'lost';

export interface Layout {
  width: number;
  height: number;
  /** Mine positions as [x, y], after the first-click rule has been applied. */
  mines: [number, number][];
  /** The first click, as [x, y]. */
  first: [number, number];
}

export interface OpenResult {
  /** Cells opened by this action (0 if it did nothing). */
  opened: number;
  exploded: boolean;
}

export class Game {
  readonly width: number;
  readonly height: number;
  readonly mines: number;
  readonly rule: FirstClickRule;
  status: GameStatus = 'ready';
  /** Clicks that changed something or were on the board: opens, chords and flag toggles. */
  clicks = 0;
  private isMine: Uint8Array | null = null;
  private readonly view: Uint8Array;
  private readonly neighbours: Int32Array[];
  private openedCount = 0;
  private flags = 0;
  private first = -1;
  private readonly rng: Rng | null;

  /** A new game; `layout` (1 = mine, row-major) fixes the mines instead of drawing them. */
  constructor(spec: BoardSpec, rule: FirstClickRule, rng: Rng | null, layout?: Uint8Array) {
    checkDimensions(spec.width, spec.height, spec.mines);
    if (spec.mines >= spec.width * spec.height) {
      throw new RangeError(`${spec.mines} mines leave no free cell on ${spec.width}x${spec.height}`);
    }
    this.width = spec.width;
    this.height = spec.height;
    this.mines = spec.mines;
    this.rule = rule;
    this.rng = rng;
    this.view = new Uint8Array(this.width * this.height).fill(COVERED);
    this.neighbours = neighbourTable(this.width, this.height);
    // Rules that fix the layout in advance draw it now; the others wait for the first click.
    if (!layout && !rng) throw new RangeError('a game without a given layout needs a random source');
    if (layout) this.isMine = layout;
    else if (rule === 'xp' || rule === 'none') this.isMine = this.uniformLayout(new Set());
  }

  /** A game on a given layout (first-click rule already applied, so no protection is added). */
  static fromLayout(width: number, height: number, mines: Iterable<[number, number]>): Game {
    const list = [...mines];
    const isMine = new Uint8Array(width * height);
    for (const [x, y] of list) {
      const i = indexOf({ width, height }, x, y);
      if (isMine[i]) throw new RangeError(`layout lists the mine at (${x},${y}) twice`);
      isMine[i] = 1;
    }
    return new Game({ width, height, mines: list.length }, 'none', null, isMine);
  }

  private uniformLayout(excluded: Set<number>): Uint8Array {
    const pool: number[] = [];
    for (let i = 0; i < this.width * this.height; i++) if (!excluded.has(i)) pool.push(i);
    const isMine = new Uint8Array(this.width * this.height);
    for (const i of sampleInPlace(pool, this.mines, this.rng!)) isMine[i] = 1;
    return isMine;
  }

  /** Applies the first-click rule for a first click on cell i. */
  private placeForFirstClick(i: number): void {
    this.first = i;
    switch (this.rule) {
      case 'none':
        break;
      case 'xp': {
        const layout = this.isMine!;
        if (layout[i]) {
          let free = 0;
          while (layout[free]) free++;
          layout[i] = 0;
          layout[free] = 1;
        }
        break;
      }
      case 'safe':
        this.isMine = this.uniformLayout(new Set([i]));
        break;
      case 'zero': {
        const excluded = new Set([i, ...this.neighbours[i]!]);
        // On boards too full for an opening, fall back to protecting the clicked cell only.
        if (this.width * this.height - excluded.size < this.mines) excluded.clear(), excluded.add(i);
        this.isMine = this.uniformLayout(excluded);
        break;
      }
    }
  }

  private check(x: number, y: number): number {
    return indexOf(this, x, y);
  }

  /** The number of mines around cell i. */
  private count(i: number): number {
    let n = 0;
    for (const j of this.neighbours[i]!) n += this.isMine![j]!;
    return n;
  }

  get finished(): boolean {
    return this.status === 'won' || this.status === 'lost';
  }

  /** Opens a cell: flood-fills openings; a mine loses; a flag or an opened cell does nothing. */
  open(x: number, y: number): OpenResult {
    const i = this.check(x, y);
    if (this.finished) return { opened: 0, exploded: false };
    const code = this.view[i]!;
    if (code !== COVERED && code !== QUESTION) return { opened: 0, exploded: false };
    this.clicks++;
    if (this.status === 'ready') {
      this.placeForFirstClick(i);
      this.status = 'playing';
    }
    return this.reveal([i]);
  }

  /** Chord: on an opened number whose flags match it, opens every other covered neighbour. */
  chord(x: number, y: number): OpenResult {
    const i = this.check(x, y);
    const code = this.view[i]!;
    if (this.finished || code > 8) return { opened: 0, exploded: false };
    let flagged = 0;
    const targets: number[] = [];
    for (const j of this.neighbours[i]!) {
      if (this.view[j] === FLAG) flagged++;
      else if (this.view[j] === COVERED || this.view[j] === QUESTION) targets.push(j);
    }
    if (flagged !== code || targets.length === 0) return { opened: 0, exploded: false };
    this.clicks++;
    return this.reveal(targets);
  }

  /** Toggles a flag on a covered cell (question marks count as covered). */
  toggleFlag(x: number, y: number): void {
    const i = this.check(x, y);
    if (this.finished) return;
    const code = this.view[i]!;
    if (code === COVERED || code === QUESTION) {
      this.view[i] = FLAG;
      this.flags++;
      this.clicks++;
    } else if (code === FLAG) {
      this.view[i] = COVERED;
      this.flags--;
      this.clicks++;
    }
  }

  private reveal(start: number[]): OpenResult {
    const layout = this.isMine!;
    let opened = 0;
    for (const s of start) {
      if (layout[s]) {
        this.lose(s);
        return { opened, exploded: true };
      }
    }
    const stack = [...start];
    while (stack.length) {
      const i = stack.pop()!;
      const code = this.view[i]!;
      if (code !== COVERED && code !== QUESTION) continue;
      const n = this.count(i);
      this.view[i] = n;
      opened++;
      if (n === 0) for (const j of this.neighbours[i]!) if (this.view[j] === COVERED || this.view[j] === QUESTION) stack.push(j);
    }
    this.openedCount += opened;
    if (this.openedCount === this.width * this.height - this.mines) this.win();
    return { opened, exploded: false };
  }

  private lose(exploded: number): void {
    this.status = 'lost';
    const layout = this.isMine!;
    for (let i = 0; i < this.view.length; i++) {
      const code = this.view[i]!;
      if (layout[i] && code !== FLAG) this.view[i] = MINE;
      else if (!layout[i] && code === FLAG) this.view[i] = WRONG_FLAG;
    }
    this.view[exploded] = EXPLODED;
  }

  private win(): void {
    this.status = 'won';
    // Like Windows Minesweeper, a won game shows every mine flagged.
    const layout = this.isMine!;
    for (let i = 0; i < this.view.length; i++) if (layout[i]) this.view[i] = FLAG;
    this.flags = this.mines;
  }

  /** What the player sees at one cell (a cell code of core/board). */
  cell(x: number, y: number): number {
    return this.view[this.check(x, y)]!;
  }

  /** What the player sees, as a Board (a copy). */
  board(): Board {
    return { width: this.width, height: this.height, mines: this.mines, cells: this.view.slice() };
  }

  /** The mine counter as the game shows it: mines minus flags (may go negative). */
  get mineCounter(): number {
    return this.mines - this.flags;
  }

  /** Whether cell (x, y) holds a mine; undefined before the layout exists (first click pending). */
  mineAt(x: number, y: number): boolean | undefined {
    const i = this.check(x, y);
    return this.isMine ? this.isMine[i] === 1 : undefined;
  }

  /** The layout after the first-click rule, once the first click has happened. */
  layout(): Layout | undefined {
    if (!this.isMine || this.first < 0) return undefined;
    const mines: [number, number][] = [];
    for (let i = 0; i < this.isMine.length; i++) if (this.isMine[i]) mines.push([i % this.width, Math.floor(i / this.width)]);
    return { width: this.width, height: this.height, mines, first: [this.first % this.width, Math.floor(this.first / this.width)] };
  }

  /** 3BV of the layout (undefined before it exists). */
  bbbv(): number | undefined {
    return this.isMine ? bbbv(this.width, this.height, this.isMine) : undefined;
  }
}

/**
 * 3BV: the fewest clicks that clear a layout without flags — one per opening (connected region of
 * zero cells with its border) plus one per safe cell outside every opening.
 */
export function bbbv(width: number, height: number, isMine: Uint8Array): number {
  const nb = neighbourTable(width, height);
  const n = width * height;
  const counts = new Uint8Array(n);
  for (let i = 0; i < n; i++) for (const j of nb[i]!) counts[i] += isMine[j]!;
  const marked = new Uint8Array(n);
  let clicks = 0;
  for (let i = 0; i < n; i++) {
    if (isMine[i] || counts[i] || marked[i]) continue;
    clicks++;
    const stack = [i];
    marked[i] = 1;
    while (stack.length) {
      const c = stack.pop()!;
      if (counts[c]) continue;
      for (const j of nb[c]!) {
        if (!marked[j] && !isMine[j]) {
          marked[j] = 1;
          stack.push(j);
        }
      }
    }
  }
  for (let i = 0; i < n; i++) if (!isMine[i] && !marked[i]) clicks++;
  return clicks;
}
