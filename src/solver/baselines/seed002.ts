// Baseline from seed 002 (Pestov and Shalyto, "Sapper, mines and automata"), written from the
// paper's text: a cellular automaton over "elements" — the non-empty sets of unknown cells around
// an opened cell (every subset of one number's unknown neighbours is an element) — each with a
// state [min, max] of how many mines it can hold.
//
//   initial state, for each base cell whose unknown neighbours include A (free of them, state =
//   its number, mines = known mines around it):  mn(A) = max(0, state − mines − free + |A|),
//   mx(A) = min(|A|, state − mines); an element met from several base cells keeps the tightest.
//   rule, for elements A ⊂ C with B = C \ A:  mn(A) ← max(mn(A), mn(C) − mx(B)),
//                                              mx(A) ← min(mx(A), mx(C) − mn(B)).
//
// Run to a fixed point: an element with max 0 is all safe, one with min = |A| is all mines (then
// the elements are rebuilt with those mines known and the automaton runs again). Otherwise the
// program says "I don't know" and the player opens a random unknown cell.

import { FLAG, isUnknown, neighbourTable, xyOf, type Board } from '../../core/board.js';
import { certainMoves, type Decision, type Move, type Strategy, type StrategyContext } from '../../core/strategy.js';
import { countKnownMines, unknownCells } from './seed001.js';

/** The cells of `cells` selected by the bits of `mask`. */
function pick(cells: readonly number[], mask: number): number[] {
  const out: number[] = [];
  for (let t = 0; t < cells.length; t++) if (mask & (1 << t)) out.push(cells[t]!);
  return out;
}

/** A map key for a sorted cell list (cell indices stay below 2^20 here, so two chars each). */
function keyOf(cells: readonly number[]): string {
  let k = '';
  for (const c of cells) k += String.fromCharCode(c & 0x3ff, c >> 10);
  return k;
}

interface Element {
  cells: number[];
  mn: number;
  mx: number;
}

/** Runs the automaton once; returns the cells it proves safe and those it proves mined. */
export function automaton(board: Board, knownMines: ReadonlySet<number>): { safe: Set<number>; mines: Set<number> } {
  const nb = neighbourTable(board.width, board.height);
  const elements = new Map<string, Element>();
  // For each base cell, its elements by bit mask over its unknown neighbours: sub[mask]. An
  // element met from several base cells is one shared object, so its state joins them.
  const bases: Element[][] = [];
  for (let i = 0; i < board.cells.length; i++) {
    const n = board.cells[i]!;
    if (n > 8) continue;
    let known = 0;
    const unknown: number[] = [];
    for (const j of nb[i]!) {
      const c = board.cells[j]!;
      if (c === FLAG || knownMines.has(j)) known++;
      else if (isUnknown(c)) unknown.push(j);
    }
    if (!unknown.length) continue;
    unknown.sort((a, b) => a - b);
    const free = unknown.length;
    const left = n - known;
    const sub: Element[] = new Array(1 << free);
    for (let mask = 1; mask < 1 << free; mask++) {
      const cells = pick(unknown, mask);
      const key = keyOf(cells);
      const mn = Math.max(0, left - free + cells.length);
      const mx = Math.min(cells.length, left);
      let e = elements.get(key);
      if (e) {
        e.mn = Math.max(e.mn, mn);
        e.mx = Math.min(e.mx, mx);
      } else elements.set(key, (e = { cells, mn, mx }));
      sub[mask] = e;
    }
    bases.push(sub);
  }
  // Neighbours: A ⊂ C with B = C \ A, all subsets of one base cell's unknown neighbours (every
  // such subset is an element). Apply the rule to every triple until no state changes; each
  // change narrows some [mn, mx], so this ends.
  for (let changed = true; changed; ) {
    changed = false;
    for (const sub of bases) {
      for (let m = 3; m < sub.length; m++) {
        const c = sub[m]!;
        for (let am = (m - 1) & m; am > 0; am = (am - 1) & m) {
          const a = sub[am]!;
          const b = sub[m ^ am]!;
          const mn = c.mn - b.mx;
          const mx = c.mx - b.mn;
          if (mn > a.mn) (a.mn = mn), (changed = true);
          if (mx < a.mx) (a.mx = mx), (changed = true);
        }
      }
    }
  }
  const safe = new Set<number>();
  const mines = new Set<number>();
  for (const e of elements.values()) {
    if (e.mx === 0) for (const c of e.cells) safe.add(c);
    else if (e.mn === e.cells.length) for (const c of e.cells) mines.add(c);
  }
  return { safe, mines };
}

/** Safe cells and mines, re-running the automaton while it finds new mines but no safe cell. */
export function automatonDeductions(board: Board): { safe: Set<number>; mines: Set<number> } {
  const mines = new Set<number>();
  for (;;) {
    const r = automaton(board, mines);
    let fresh = 0;
    for (const m of r.mines) if (!mines.has(m)) (mines.add(m), fresh++);
    if (r.safe.size || fresh === 0) return { safe: r.safe, mines };
  }
}

export function createSeed002Strategy(): Strategy {
  return {
    name: 'seed002',
    decide(board: Board, ctx: StrategyContext): Decision {
      const { safe, mines } = automatonDeductions(board);
      const moves: Move[] = certainMoves(board, [...safe].sort((a, b) => a - b), mines, ctx.flags);
      if (safe.size) return { moves };
      // "I don't know": a random unknown cell. Its prediction is all this method can say about
      // it: the density of the mines left among the unknown cells.
      const unknown = unknownCells(board, mines);
      if (!unknown.length) return { moves };
      const pick = unknown[ctx.rng.int(unknown.length)]!;
      const [x, y] = xyOf(board, pick);
      const p = Math.min(1, Math.max(0, (board.mines - countKnownMines(board, mines)) / unknown.length));
      moves.push({ x, y, action: 'open', p, certain: false });
      return { moves };
    },
  };
}
