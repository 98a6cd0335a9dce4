// Exhaustive search near the end of a game: when few mine layouts remain, every layout is listed
// and the guess that maximises the chance of clearing the board is found by searching the game
// tree (guess a cell, see its number, continue). Safe cells are opened for free along the way.
// Simplification: opening a 0 does not cascade in the search (the real game shows more, so the
// value found is a lower bound of the true chance; the ranking of moves is what matters).

import { COVERED, FLAG, QUESTION, neighbourTable, type Board } from '../core/board.js';
import type { Analysis } from './probability.js';

export interface EndgameOptions {
  /** Most layouts for which the search runs (default 300). */
  maxLayouts?: number;
  /** Most unknown cells (default 28; layouts are bit masks). */
  maxUnknown?: number;
  /** Most work (layouts examined, summed over search nodes) before giving up (default 2,000,000). */
  maxWork?: number;
}

export interface EndgameMove {
  cell: number;
  /** Chance of winning from here with best play (lower bound, see above). */
  win: number;
}

const popcount = (x: number): number => {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
};

export function endgameMove(board: Board, analysis: Analysis, options: EndgameOptions = {}): EndgameMove | null {
  const maxLayouts = options.maxLayouts ?? 300;
  if (analysis.approximate || !analysis.flagsTrusted || analysis.logLayouts > Math.log(maxLayouts)) return null;
  // Certain mines count as flags here; the search runs over the undecided cells.
  const mineKnown = new Uint8Array(board.cells.length);
  const unknown: number[] = [];
  let flags = 0;
  for (let i = 0; i < board.cells.length; i++) {
    const c = board.cells[i]!;
    if (c === FLAG || ((c === COVERED || c === QUESTION) && analysis.probabilities[i] === 1)) {
      mineKnown[i] = 1;
      flags++;
    } else if (c === COVERED || c === QUESTION) unknown.push(i);
  }
  const U = unknown.length;
  if (U === 0 || U > (options.maxUnknown ?? 28)) return null;
  const bit = new Map(unknown.map((cell, k) => [cell, k]));
  const nb = neighbourTable(board.width, board.height);
  const nbMask = new Int32Array(U);
  const flagsNear = new Int32Array(U);
  unknown.forEach((cell, k) => {
    for (const j of nb[cell]!) {
      if (bit.has(j)) nbMask[k]! |= 1 << bit.get(j)!;
      else if (mineKnown[j]) flagsNear[k]!++;
    }
  });
  // Constraints over the unknown bits.
  const cons: { mask: number; need: number }[] = [];
  for (let i = 0; i < board.cells.length; i++) {
    const c = board.cells[i]!;
    if (c > 8) continue;
    let mask = 0;
    let need = c;
    for (const j of nb[i]!) {
      if (bit.has(j)) mask |= 1 << bit.get(j)!;
      else if (mineKnown[j]) need--;
    }
    if (mask) cons.push({ mask, need });
  }
  const minesLeft = board.mines - flags;
  // List the layouts by backtracking over the bits, checking each constraint once complete.
  const closesAt: number[][] = Array.from({ length: U }, () => []);
  cons.forEach((c, ci) => closesAt[31 - Math.clz32(c.mask)]!.push(ci));
  const layouts: number[] = [];
  let aborted = false;
  const walk = (k: number, layout: number, mines: number): void => {
    if (aborted) return;
    if (mines > minesLeft || mines + (U - k) < minesLeft) return;
    if (k === U) {
      layouts.push(layout);
      if (layouts.length > maxLayouts) aborted = true;
      return;
    }
    for (const withMine of [0, 1]) {
      const next = withMine ? layout | (1 << k) : layout;
      let ok = true;
      for (const ci of closesAt[k]!) {
        if (popcount(next & cons[ci]!.mask) !== cons[ci]!.need) {
          ok = false;
          break;
        }
      }
      if (ok) walk(k + 1, next, mines + withMine);
    }
  };
  walk(0, 0, 0);
  if (aborted || layouts.length === 0) return null;

  const maxWork = options.maxWork ?? 2_000_000;
  let work = 0;
  const memo = new Map<string, number>();
  const valueAt = (layout: number, k: number) => flagsNear[k]! + popcount(layout & nbMask[k]!);
  // Partitions `set` by the number cell k shows (layouts where k is a mine are dropped).
  const split = (set: number[], k: number): number[][] => {
    const groups = new Map<number, number[]>();
    for (const l of set) {
      if (l & (1 << k)) continue;
      const v = valueAt(l, k);
      let g = groups.get(v);
      if (!g) groups.set(v, (g = []));
      g.push(l);
    }
    return [...groups.values()];
  };
  const solve = (set: number[], opened: number): number => {
    if (set.length === 1) return 1;
    const key = set.join(',') + '|' + opened;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    work += set.length * U;
    if (work > maxWork) throw new Error('endgame budget');
    let union = 0;
    let inter = -1;
    for (const l of set) ((union |= l), (inter &= l));
    // A safe cell whose number differs between layouts: open it for free.
    for (let k = 0; k < U; k++) {
      if (opened & (1 << k) || union & (1 << k)) continue;
      const v0 = valueAt(set[0]!, k);
      if (set.some((l) => valueAt(l, k) !== v0)) {
        let win = 0;
        for (const g of split(set, k)) win += (g.length / set.length) * solve(g, opened | (1 << k));
        memo.set(key, win);
        return win;
      }
    }
    // Otherwise guess: the best cell that is a mine in some layouts but not all.
    const risky: { k: number; safe: number }[] = [];
    for (let k = 0; k < U; k++) {
      if (opened & (1 << k) || !(union & (1 << k)) || inter & (1 << k)) continue;
      let safe = 0;
      for (const l of set) if (!(l & (1 << k))) safe++;
      risky.push({ k, safe });
    }
    if (risky.length === 0) {
      memo.set(key, 1);
      return 1;
    }
    risky.sort((a, b) => b.safe - a.safe);
    let best = 0;
    for (const { k, safe } of risky) {
      if (safe / set.length <= best) break;
      let win = 0;
      for (const g of split(set, k)) win += (g.length / set.length) * solve(g, opened | (1 << k));
      if (win > best) best = win;
    }
    memo.set(key, best);
    return best;
  };
  try {
    let union = 0;
    let inter = -1;
    for (const l of layouts) ((union |= l), (inter &= l));
    let best: EndgameMove | null = null;
    const order = [...Array(U).keys()]
      .filter((k) => union & (1 << k) && !(inter & (1 << k)))
      .map((k) => ({ k, safe: layouts.filter((l) => !(l & (1 << k))).length }))
      .sort((a, b) => b.safe - a.safe || a.k - b.k);
    for (const { k, safe } of order) {
      if (best && safe / layouts.length <= best.win) break;
      let win = 0;
      for (const g of split(layouts, k)) win += (g.length / layouts.length) * solve(g, 1 << k);
      if (!best || win > best.win + 1e-12) best = { cell: unknown[k]!, win };
    }
    return best;
  } catch {
    return null;
  }
}
