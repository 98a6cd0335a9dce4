// Baseline from seed 001 (a Java bot for Windows Minesweeper), written from the paper's text:
//
// 1. Groups: the unknown cells around one opened number with the number's remaining mine count.
//    Transform them until nothing changes: drop duplicates; subtract a group from one that
//    contains it; split two overlapping groups when the overlap's mine count is forced (the group
//    with more mines, minus the cells it has outside the overlap, leaves exactly as many mines as
//    the other group holds). Groups with 0 mines are safe, groups as full as their size are mines.
// 2. With no safe cell: "probability correction". Each cell starts at the at-least-one-event
//    combination 1 − Π(1 − mines/size) over its groups; then every group is rescaled in turn so
//    its cells sum to its mine count, repeatedly, until every group is within one percentage
//    point. Cells in no group get the density of the mines left among the unknown cells.
// 3. "LastTurns": with at most 30 unknown cells left, try every placement of the remaining mines
//    in them, keep those consistent with the numbers, and count mines per cell.
// The move is every safe cell, otherwise the lowest-probability cell (ties at random).

import { FLAG, isUnknown, neighbourTable, xyOf, type Board } from '../../core/board.js';
import type { Decision, Move, Strategy, StrategyContext } from '../../core/strategy.js';

/** A group: cells (sorted indices) holding `mines` mines. */
export interface Group {
  cells: number[];
  mines: number;
}


/** Unknown cells (covered or `?`, not flagged, not in `knownMines`). */
export function unknownCells(board: Board, knownMines: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < board.cells.length; i++) if (isUnknown(board.cells[i]!) && !knownMines.has(i)) out.push(i);
  return out;
}

/** Flags on the board plus deduced mines. */
export function countKnownMines(board: Board, knownMines: ReadonlySet<number>): number {
  let n = knownMines.size;
  for (let i = 0; i < board.cells.length; i++) if (board.cells[i] === FLAG && !knownMines.has(i)) n++;
  return n;
}

/** One group per opened number with unknown neighbours (flags and known mines taken off). */
export function buildGroups(board: Board, knownMines: ReadonlySet<number>): Group[] {
  const nb = neighbourTable(board.width, board.height);
  const groups: Group[] = [];
  for (let i = 0; i < board.cells.length; i++) {
    const n = board.cells[i]!;
    if (n > 8) continue;
    let mines = n;
    const cells: number[] = [];
    for (const j of nb[i]!) {
      const c = board.cells[j]!;
      if (c === FLAG || knownMines.has(j)) mines--;
      else if (isUnknown(c)) cells.push(j);
    }
    if (cells.length) groups.push({ cells: cells.sort((a, b) => a - b), mines });
  }
  return groups;
}

const sameCells = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const contains = (big: number[], small: number[]) => {
  const s = new Set(big);
  return small.every((v) => s.has(v));
};
const intersect = (a: number[], b: number[]) => {
  const s = new Set(b);
  return a.filter((v) => s.has(v));
};
const minus = (a: number[], b: number[]) => {
  const s = new Set(b);
  return a.filter((v) => !s.has(v));
};

/**
 * The paper's group transformation, to a fixed point. Only pairs that share a cell can contain or
 * overlap each other, so pairs are found through a cell → groups index (same result, less work).
 */
export function transformGroups(input: Group[]): Group[] {
  let groups = input.map((g) => ({ cells: g.cells.slice(), mines: g.mines }));
  for (let pass = 0; pass < 10000; pass++) {
    let changed = false;
    // Drop duplicates (same cells) and empty groups.
    const seen = new Map<string, Group>();
    for (const g of groups) {
      if (g.cells.length === 0) continue;
      const key = g.cells.join(',');
      if (!seen.has(key)) seen.set(key, g);
    }
    if (seen.size !== groups.length) changed = true;
    groups = [...seen.values()];
    const byCell = new Map<number, number[]>();
    groups.forEach((g, gi) => {
      for (const c of g.cells) {
        let l = byCell.get(c);
        if (!l) byCell.set(c, (l = []));
        l.push(gi);
      }
    });
    const added: Group[] = [];
    const touched = new Set<number>();
    for (let i = 0; i < groups.length; i++) {
      if (touched.has(i)) continue;
      const partners = new Set<number>();
      for (const c of groups[i]!.cells) for (const j of byCell.get(c)!) if (j > i && !touched.has(j)) partners.add(j);
      for (const j of [...partners].sort((a, b) => a - b)) {
        if (touched.has(i)) break;
        const gi = groups[i]!;
        const gj = groups[j]!;
        if (sameCells(gi.cells, gj.cells)) continue; // removed at the next pass
        const [parent, child] = gi.cells.length > gj.cells.length ? [gi, gj] : [gj, gi];
        if (contains(parent.cells, child.cells)) {
          parent.cells = minus(parent.cells, child.cells);
          parent.mines -= child.mines;
          touched.add(groups.indexOf(parent));
          changed = true;
          continue;
        }
        // Overlap: the group with more mines is the parent.
        const [p2, c2] = gi.mines > gj.mines ? [gi, gj] : [gj, gi];
        const overlap = intersect(p2.cells, c2.cells);
        const overlapMines = p2.mines - (p2.cells.length - overlap.length);
        if (overlapMines !== c2.mines) continue;
        added.push({ cells: overlap, mines: overlapMines });
        p2.cells = minus(p2.cells, overlap);
        p2.mines -= overlapMines;
        c2.cells = minus(c2.cells, overlap);
        c2.mines -= overlapMines;
        touched.add(i);
        touched.add(j);
        changed = true;
      }
    }
    groups.push(...added);
    if (!changed) return groups.filter((g) => g.cells.length > 0);
  }
  return groups.filter((g) => g.cells.length > 0);
}

/** Safe and mine cells the transformed groups prove, repeating while new mines are found. */
export function groupDeductions(board: Board): { safe: Set<number>; mines: Set<number>; groups: Group[] } {
  const mines = new Set<number>();
  for (let round = 0; ; round++) {
    const groups = transformGroups(buildGroups(board, mines));
    const safe = new Set<number>();
    let newMines = 0;
    for (const g of groups) {
      if (g.mines === 0) for (const c of g.cells) safe.add(c);
      else if (g.mines === g.cells.length) for (const c of g.cells) if (!mines.has(c)) (mines.add(c), newMines++);
    }
    if (safe.size > 0 || newMines === 0 || round > board.cells.length) return { safe, mines, groups };
  }
}

/** The paper's probability correction over groups (no group has 0 mines here). Cell → probability. */
export function correctProbabilities(groups: Group[], maxPasses = 1000): Map<number, number> {
  const p = new Map<number, number>();
  for (const g of groups) {
    const q = g.mines / g.cells.length;
    for (const c of g.cells) {
      const v = p.get(c);
      p.set(c, v === undefined ? q : 1 - (1 - v) * (1 - q));
    }
  }
  for (let pass = 0; pass < maxPasses; pass++) {
    let repeat = false;
    for (const g of groups) {
      let sum = 0;
      for (const c of g.cells) sum += p.get(c)!;
      if (Math.abs(sum - g.mines) > 0.01 && sum > 0) {
        repeat = true;
        const k = g.mines / sum;
        for (const c of g.cells) p.set(c, p.get(c)! * k);
      }
    }
    if (!repeat) break;
  }
  for (const [c, v] of p) p.set(c, Math.min(0.99, Math.max(0, v)));
  return p;
}

function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * LastTurns: mine probability of each unknown cell over every placement of the remaining mines
 * that agrees with the numbers. Cells next to no number are counted by a binomial factor, which
 * gives the same tallies as placing them one by one. Undefined if no placement fits or the
 * search exceeds `nodeLimit` steps.
 */
export function lastTurns(board: Board, unknown: number[], minesLeft: number, nodeLimit = 2_000_000): Map<number, number> | undefined {
  const nb = neighbourTable(board.width, board.height);
  const isUnknown = new Set(unknown);
  // Constraints: numbers next to unknown cells.
  const constraints: { cells: number[]; need: number }[] = [];
  const frontierSet = new Set<number>();
  for (let i = 0; i < board.cells.length; i++) {
    const n = board.cells[i]!;
    if (n > 8) continue;
    let need = n;
    const cells: number[] = [];
    for (const j of nb[i]!) {
      if (isUnknown.has(j)) cells.push(j);
      else if (!(board.cells[j]! <= 8)) need--; // flags and cells outside `unknown` are mines
    }
    if (cells.length) {
      constraints.push({ cells, need });
      for (const c of cells) frontierSet.add(c);
    }
  }
  const frontier = unknown.filter((c) => frontierSet.has(c));
  const interior = unknown.length - frontier.length;
  const pos = new Map(frontier.map((c, k) => [c, k]));
  const consOf: number[][] = frontier.map(() => []);
  constraints.forEach((con, ci) => con.cells.forEach((c) => consOf[pos.get(c)!]!.push(ci)));
  const need = constraints.map((c) => c.need);
  const free = constraints.map((c) => c.cells.length);
  const assign = new Int8Array(frontier.length);
  const mineTally = new Float64Array(frontier.length);
  let interiorTally = 0;
  let total = 0;
  let nodes = 0;
  let placed = 0;
  const rec = (k: number): boolean => {
    if (++nodes > nodeLimit) return false;
    if (k === frontier.length) {
      const rest = minesLeft - placed;
      const w = binomial(interior, rest);
      if (w === 0) return true;
      total += w;
      for (let i = 0; i < frontier.length; i++) if (assign[i]) mineTally[i]! += w;
      if (interior > 0) interiorTally += (w * rest) / interior;
      return true;
    }
    for (const v of [0, 1]) {
      if (v === 1 && placed >= minesLeft) continue;
      let ok = true;
      for (const ci of consOf[k]!) {
        free[ci]!--;
        need[ci]! -= v;
        if (need[ci]! < 0 || need[ci]! > free[ci]!) ok = false;
      }
      assign[k] = v;
      placed += v;
      if (ok && !rec(k + 1)) return false;
      placed -= v;
      for (const ci of consOf[k]!) {
        free[ci]!++;
        need[ci]! += v;
      }
    }
    assign[k] = 0;
    return true;
  };
  if (!rec(0) || total === 0) return undefined;
  const out = new Map<number, number>();
  frontier.forEach((c, k) => out.set(c, mineTally[k]! / total));
  for (const c of unknown) if (!frontierSet.has(c)) out.set(c, interiorTally / total);
  return out;
}

function open(board: Board, i: number, p: number, certain: boolean): Move {
  const [x, y] = xyOf(board, i);
  return { x, y, action: 'open', p, certain };
}

/** Picks uniformly among the cells whose probability is within 1e-9 of the lowest. */
export function pickLowest(probs: Map<number, number>, ctx: StrategyContext): [number, number] | undefined {
  let best = Infinity;
  let ties: number[] = [];
  for (const [c, v] of probs) {
    if (v < best - 1e-9) {
      best = v;
      ties = [c];
    } else if (Math.abs(v - best) <= 1e-9) ties.push(c);
  }
  if (!ties.length) return undefined;
  ties.sort((a, b) => a - b);
  return [ties[ctx.rng.int(ties.length)]!, best];
}

export const LAST_TURNS_CELLS = 30;

export interface Seed001Options {
  /**
   * Only the paper's first algorithm (groups): with no safe cell, open a random unknown cell
   * (the paper's 33% Expert configuration) instead of probability correction and LastTurns.
   */
  basic?: boolean;
}

export function createSeed001Strategy(options: Seed001Options = {}): Strategy {
  return {
    name: options.basic ? 'seed001-basic' : 'seed001',
    decide(board: Board, ctx: StrategyContext): Decision {
      const { safe, mines, groups } = groupDeductions(board);
      const moves: Move[] = [];
      for (const i of [...safe].sort((a, b) => a - b)) moves.push(open(board, i, 0, true));
      if (ctx.flags) for (const i of mines) moves.push({ ...open(board, i, 1, true), action: 'flag' });
      if (safe.size) return { moves };
      const unknown = unknownCells(board, mines);
      if (!unknown.length) return { moves };
      const minesLeft = board.mines - countKnownMines(board, mines);
      if (options.basic) {
        const pick = unknown[ctx.rng.int(unknown.length)]!;
        moves.push(open(board, pick, Math.min(1, Math.max(0, minesLeft / unknown.length)), false));
        return { moves };
      }
      let probs: Map<number, number> | undefined;
      let note: string | undefined;
      if (unknown.length <= LAST_TURNS_CELLS) {
        probs = lastTurns(board, unknown, minesLeft);
        if (probs) {
          const zero = unknown.filter((c) => probs!.get(c) === 0);
          if (zero.length) return { moves: [...moves, ...zero.map((c) => open(board, c, 0, true))] };
        } else note = 'seed001: LastTurns gave up; used probability correction';
      }
      if (!probs) {
        probs = correctProbabilities(groups.filter((g) => g.mines > 0 && g.mines < g.cells.length));
        const density = Math.min(1, Math.max(0, minesLeft / unknown.length));
        for (const c of unknown) if (!probs.has(c)) probs.set(c, density);
        for (const c of [...probs.keys()]) if (mines.has(c)) probs.delete(c);
      }
      const pick = pickLowest(probs, ctx);
      if (pick) moves.push(open(board, pick[0], pick[1], false));
      return note ? { moves, note } : { moves };
    },
  };
}
