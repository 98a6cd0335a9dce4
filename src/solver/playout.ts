// One weighted playout of `think` (see playOut), and what makes it cheap: the cells single
// numbers and pairs of numbers prove safe are kept up to date as cells open (QuickFront) and
// opened without asking the policy, whose full analysis then runs only where they prove nothing.

import { COVERED, EXPLODED, FLAG, MINE, QUESTION, neighbourTable, type Board } from '../core/board.js';
import type { Rng } from '../core/rng.js';
import type { Decision, Strategy, StrategyContext } from '../core/strategy.js';
import { Game } from '../game/engine.js';
import type { AnalyzeOptions } from './probability.js';
import { numberVerdict } from './local.js';
import { layoutSampler, type LayoutSampler } from './sample.js';

/** A hash of the position (the cells and the mine total): what seeds a race's layouts. */
export function positionHash(board: Board): number {
  let h = 0x811c9dc5 ^ board.mines;
  for (const c of board.cells) h = Math.imul(h ^ c, 0x01000193);
  return h >>> 0;
}

/** A layout from `sampler` with `cell` safe (rejection; null after `tries` draws). */
export function drawSafeAt(sampler: LayoutSampler, cell: number, rng: Rng, first?: Uint8Array, tries = 64): Uint8Array | null {
  if (first && !first[cell]) return first;
  for (let t = 0; t < tries; t++) {
    const layout = sampler.draw(rng);
    if (!layout[cell]) return layout;
  }
  return null;
}

/** A game on `layout` brought to `board`'s position (its opened cells opened again). */
function gameAt(board: Board, layout: Uint8Array): Game {
  const w = board.width;
  const game = new Game({ width: w, height: board.height, mines: board.mines }, 'none', null, layout);
  for (let i = 0; i < board.cells.length; i++) {
    if (board.cells[i]! <= 8 && game.cell(i % w, Math.floor(i / w)) === COVERED) game.open(i % w, Math.floor(i / w));
  }
  return game;
}

/**
 * Cells proved safe by single numbers and by pairs of numbers, kept up to date over one game:
 * only the numbers around cells opened or deduced since the last look are looked at again.
 * Deduced mines are remembered (they stay mines); a cell deduced safe is reported once. Every
 * cell reported is certainly safe, so a policy that opens every certain safe cell before it
 * guesses meets the same positions at its guesses whether these are opened first or not.
 */
export class QuickFront {
  /** 0 unknown, 1 mine (shown, flagged or deduced), 2 opened or deduced safe. */
  private readonly kind: Uint8Array;
  private readonly seen: Uint8Array;
  private readonly queued: Uint8Array;
  private readonly queue: number[] = [];
  private readonly nb: Int32Array[];
  private readonly width: number;
  private cells: ArrayLike<number> = [];
  private found: number[] = [];

  /** `pairs`: also the pair rule when single numbers prove nothing. */
  constructor(width: number, height: number, private readonly pairs = true) {
    const n = width * height;
    this.width = width;
    this.nb = neighbourTable(width, height);
    this.kind = new Uint8Array(n);
    this.seen = new Uint8Array(n).fill(COVERED);
    this.queued = new Uint8Array(n);
  }

  /**
   * The safe cells not yet reported (covered on `board` unless opened since), or null when the
   * numbers contradict the known mines (the caller then asks the full analysis).
   */
  safeCells(board: Board): number[] | null {
    const { kind, seen, nb } = this;
    const cells = board.cells;
    this.cells = cells;
    this.found = [];
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i]!;
      if (c === seen[i]) continue;
      seen[i] = c;
      // A newly shown number is a new rule; a cell newly known changes its numbers' counts (one
      // deduced before is known to them already; a deduced cell never reads as unknown again).
      if (c <= 8) this.touch(i);
      const k = c === COVERED || c === QUESTION ? 0 : c === FLAG || c === MINE || c === EXPLODED ? 1 : 2;
      if (kind[i] === k || k === 0) continue;
      kind[i] = k;
      for (const j of nb[i]!) this.touch(j);
    }
    if (!this.drain()) return null;
    while (this.found.length === 0 && this.pairs && this.pairRule()) if (!this.drain()) return null;
    return this.found;
  }

  private touch(i: number): void {
    if (this.cells[i]! <= 8 && !this.queued[i]) ((this.queued[i] = 1), this.queue.push(i));
  }

  private mark(j: number, what: number): void {
    this.kind[j] = what;
    if (what === 2) this.found.push(j);
    for (const k of this.nb[j]!) this.touch(k);
  }

  /** The single-number rule over the queued numbers, to a fixed point; false on a contradiction. */
  private drain(): boolean {
    const { kind, queued, queue, nb, cells } = this;
    while (queue.length) {
      const i = queue.pop()!;
      queued[i] = 0;
      const what = numberVerdict(kind, nb[i]!, cells[i]!);
      if (what < 0) {
        for (const q of queue) queued[q] = 0;
        queue.length = 0;
        return false;
      }
      if (what === 0) continue;
      for (const j of nb[i]!) if (kind[j] === 0) this.mark(j, what);
    }
    return true;
  }

  /**
   * One pass of the pair rule: where every unknown neighbour of number a is also next to number
   * b, b's other unknown neighbours hold b's need minus a's: none (all safe) or all of them
   * (all mines). Returns whether it decided any cell.
   */
  private pairRule(): boolean {
    const { kind, nb, cells, width } = this;
    const near = (p: number, q: number) => p !== q && Math.abs((p % width) - (q % width)) <= 1 && Math.abs(Math.floor(p / width) - Math.floor(q / width)) <= 1;
    let decided = false;
    for (let a = 0; a < cells.length; a++) {
      if (cells[a]! > 8) continue;
      let needA = cells[a]!;
      let first = -1;
      for (const j of nb[a]!) {
        if (kind[j] === 1) needA--;
        else if (kind[j] === 0 && first < 0) first = j;
      }
      if (first < 0) continue;
      // A number b that sees all of a's unknown neighbours is next to the first of them.
      for (const b of nb[first]!) {
        if (b === a || cells[b]! > 8) continue;
        let inside = true;
        for (const k of nb[a]!) if (kind[k] === 0 && !near(b, k)) inside = false;
        if (!inside) continue;
        let needB = cells[b]!;
        let rest = 0;
        for (const k of nb[b]!) {
          if (kind[k] === 1) needB--;
          else if (kind[k] === 0 && !near(a, k)) rest++;
        }
        if (rest === 0) continue;
        const diff = needB - needA;
        const what = diff === 0 ? 2 : diff === rest ? 1 : 0;
        if (what === 0) continue;
        for (const k of nb[b]!) if (kind[k] === 0 && !near(a, k)) this.mark(k, what);
        decided = true;
        // a's counts may have changed: stop looking from a (the caller comes back after the single-number rule).
        break;
      }
    }
    return decided;
  }
}

/**
 * One weighted playout: from `board`'s position on `layout` (where `cell` is safe), `cell` is
 * opened and the policy plays to the end. At each of its later guesses the value is multiplied
 * by the guess's known chance of being safe and the game goes on as if it was: on the same
 * layout when the cell is safe there, else on a layout drawn anew, consistent with the position
 * and the cell safe. The value's expectation is the policy's chance of winning after `cell` is
 * found safe, with far less noise than a won-or-lost count (no game ends on a mine). 0 when
 * `cell` is a mine on `layout`.
 *
 * The policy must open every certain safe cell before it guesses (as `exact` does): the cells
 * single numbers and pairs prove safe are opened here without asking it (QuickFront), which
 * leads to the same positions at its guesses, and the policy is asked only when there are none.
 */
export function playOut(board: Board, layout: Uint8Array, cell: number, policy: Strategy, ctx: StrategyContext, rng: Rng, options: AnalyzeOptions = {}): number {
  if (layout[cell]) return 0;
  const w = board.width;
  let current = layout;
  let game = gameAt(board, current);
  game.open(cell % w, Math.floor(cell / w));
  const quick = new QuickFront(w, board.height);
  let value = 1;
  const limit = 4 * board.cells.length + 10;
  for (let d = 0; !game.finished && d < limit; d++) {
    const here = game.board();
    const safe = quick.safeCells(here);
    if (safe && safe.length > 0) {
      for (const i of safe) if (!game.finished) game.open(i % w, Math.floor(i / w));
      continue;
    }
    const decision = policy.decide(here, ctx);
    // Whether the decision opened anything (the game may be replaced on the way).
    let moved = false;
    for (const move of decision.moves) {
      if (game.finished) break;
      if (move.action !== 'open') continue;
      const c = game.cell(move.x, move.y);
      if (c !== COVERED && c !== QUESTION) continue;
      const i = move.y * w + move.x;
      if (!move.certain) {
        value *= 1 - move.p;
        if (!(value > 0)) return 0;
        const now = game.board();
        const sampler = layoutSampler(now, options);
        const redraw = sampler ? drawSafeAt(sampler, i, rng) : null;
        if (current[i]) {
          if (!redraw) return 0;
          current = redraw;
          game = gameAt(now, current);
        }
      }
      game.open(move.x, move.y);
      moved = true;
    }
    if (!moved) break;
  }
  return game.status === 'won' ? value : 0;
}

/**
 * `policy` remembering its decisions on every position it meets (up to `size`, then it starts
 * afresh): the playouts of one race share their layouts, so the candidates' games often meet
 * the same positions. The policy must decide by the position alone (as `exact` does).
 */
export function rememberingAll(policy: Strategy, size = 4096): Strategy {
  const known = new Map<number, { cells: Uint8Array; rule: string; decision: Decision }[]>();
  let count = 0;
  return {
    name: policy.name,
    decide(board: Board, ctx: StrategyContext): Decision {
      const cells = board.cells;
      let h = 0x811c9dc5 ^ board.mines ^ (board.width << 16);
      for (let i = 0; i < cells.length; i++) h = Math.imul(h ^ cells[i]!, 0x01000193);
      const rule = `${ctx.rule}|${ctx.flags ? 1 : 0}`;
      const bucket = known.get(h);
      if (bucket) for (const e of bucket) if (e.rule === rule && e.cells.length === cells.length && e.cells.every((c, i) => c === cells[i])) return e.decision;
      const decision = policy.decide(board, ctx);
      if (count >= size) (known.clear(), (count = 0));
      const entry = { cells: Uint8Array.from(cells), rule, decision };
      const now = known.get(h);
      if (now) now.push(entry);
      else known.set(h, [entry]);
      count++;
      return decision;
    },
  };
}
