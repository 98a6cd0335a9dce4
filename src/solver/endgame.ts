// Exhaustive search near the end of a game: when few mine layouts remain, every layout is listed
// and the guess that maximises the chance of clearing the board is found by searching the game
// tree (guess a cell, see its number, continue). Safe cells are opened for free along the way.
// Simplification: opening a 0 does not cascade in the search (the real game shows more, so the
// value found is a lower bound of the true chance; the ranking of moves is what matters).
// Layouts are equally likely, except under the XP weighting (analysis.xpClick, see xp.ts): a
// layout then weighs 1 + its run of mines at the start of reading order, and every chance in the
// search is a share of weight instead of a share of layouts.

import { COVERED, FLAG, QUESTION, neighbourTable, type Board } from '../core/board.js';
import type { Analysis } from './probability.js';

export interface EndgameOptions {
  /** Most layouts for which the search runs (default 300). */
  maxLayouts?: number;
  /** Most unknown cells (default 28; layouts are bit masks). */
  maxUnknown?: number;
  /**
   * Most work before giving up (default 2,000,000): layouts × unknown cells, summed over the search
   * nodes evaluated (memo hits and moves cut short by the bounds are free).
   */
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
  const weights = analysis.xpClick === undefined ? layouts.map(() => 1) : layouts.map(xpWeigher(board, analysis.xpClick, mineKnown, bit));
  return search(layouts, weights, U, nbMask, flagsNear, options.maxWork ?? 2_000_000, unknown);
}

/**
 * The XP weight of a layout (a mask over the unknown cells): 1 + the run of mines from the start of
 * reading order (the first click skipped), which ends at the first open cell or safe unknown one.
 */
function xpWeigher(board: Board, click: number, mineKnown: Uint8Array, bit: Map<number, number>): (layout: number) => number {
  // The run's cells in order: -1 for a known mine, else the cell's bit; stops before an open cell.
  const run: number[] = [];
  for (let i = 0; i < board.cells.length; i++) {
    if (i === click) continue;
    if (mineKnown[i]) run.push(-1);
    else if (bit.has(i)) run.push(bit.get(i)!);
    else break;
  }
  return (layout: number): number => {
    let r = 0;
    for (const k of run) {
      if (k >= 0 && !(layout & (1 << k))) break;
      r++;
    }
    return 1 + r;
  };
}

/** Thrown inside the search when the work budget runs out. */
class BudgetExceeded extends Error {}

/**
 * Memo of node values keyed by a layout set, through two independent 32-bit hashes of the set
 * (64 bits together, so a false hit is vanishingly unlikely). Open addressing, linear probing.
 */
class Memo {
  private cap = 1 << 12;
  private size = 0;
  private k1 = new Int32Array(this.cap);
  private k2 = new Int32Array(this.cap);
  private used = new Uint8Array(this.cap);
  private val = new Float64Array(this.cap);

  get(h1: number, h2: number): number | undefined {
    const mask = this.cap - 1;
    for (let i = h1 & mask; this.used[i]; i = (i + 1) & mask) {
      if (this.k1[i] === h1 && this.k2[i] === h2) return this.val[i];
    }
    return undefined;
  }

  set(h1: number, h2: number, v: number): void {
    if (2 * (this.size + 1) > this.cap) this.grow();
    const mask = this.cap - 1;
    let i = h1 & mask;
    while (this.used[i]) {
      if (this.k1[i] === h1 && this.k2[i] === h2) {
        this.val[i] = v;
        return;
      }
      i = (i + 1) & mask;
    }
    this.used[i] = 1;
    this.k1[i] = h1;
    this.k2[i] = h2;
    this.val[i] = v;
    this.size++;
  }

  private grow(): void {
    const { k1, k2, used, val } = this;
    this.cap *= 2;
    this.size = 0;
    this.k1 = new Int32Array(this.cap);
    this.k2 = new Int32Array(this.cap);
    this.used = new Uint8Array(this.cap);
    this.val = new Float64Array(this.cap);
    for (let i = 0; i < used.length; i++) if (used[i]) this.set(k1[i]!, k2[i]!, val[i]!);
  }
}

/** Slack for bounds that cut a move short: far above rounding error, far below any real gap. */
const EPS = 1e-9;

/**
 * The game-tree search over `layouts` (distinct masks over U unknown bits, each with its weight:
 * its share of the probability). Sets of layouts live as ranges of one arena (the weights in a
 * parallel one): a node's children (its split) are written above it, so the arena never
 * needs more than layouts × (U + 2) entries. Every set is a subsequence of `layouts` in its
 * original order, so a set always appears in the same order and its hash identifies it.
 *
 * A node's value does not depend on which cells were opened on the way to it (an opened cell is
 * safe in every layout of the set and shows the same number in all of them, so it is neither
 * opened for free nor guessed again): the memo is keyed by the set alone.
 *
 * Work: layouts × U per node evaluated (memo hits and moves cut by the bounds cost nothing);
 * returns null once that passes maxWork.
 */
function search(
  layouts: number[],
  weights: number[],
  U: number,
  nbMask: Int32Array,
  flagsNear: Int32Array,
  maxWork: number,
  unknown: number[],
): EndgameMove | null {
  const n0 = layouts.length;
  const arena = new Int32Array(n0 * (U + 2));
  const arenaW = new Float64Array(n0 * (U + 2));
  for (let i = 0; i < n0; i++) ((arena[i] = layouts[i]!), (arenaW[i] = weights[i]!));
  let w0 = 0;
  for (const w of weights) w0 += w;
  let top = n0;
  let work = 0;
  const memo = new Memo();
  // Scratch per depth (depth <= U + 1): candidate guesses and their safe counts, group bookkeeping.
  const depths = U + 2;
  const candK = new Int32Array(depths * U);
  const candSafe = new Float64Array(depths * U);
  const groupCount = new Int32Array(depths * 9);
  const groupWeight = new Float64Array(depths * 9);
  const groupOrder = new Int32Array(depths * 9);
  const groupStart = new Int32Array(depths * 9);
  const groupFill = new Int32Array(depths * 9);

  // Splits the set [s, s+n) by the number cell k shows (layouts with a mine on k are dropped),
  // writing the groups at `top` in order of first appearance. Returns the number of groups; their
  // ranges are groupStart/groupCount[d*9 + groupOrder[d*9 + g]], their weights groupWeight[...].
  const split = (s: number, n: number, k: number, d: number): number => {
    const base = d * 9;
    const bitK = 1 << k;
    const m = nbMask[k]!;
    const f = flagsNear[k]!;
    for (let v = 0; v < 9; v++) (groupCount[base + v] = 0), (groupWeight[base + v] = 0);
    let groups = 0;
    for (let i = s; i < s + n; i++) {
      const l = arena[i]!;
      if (l & bitK) continue;
      const v = f + popcount(l & m);
      if (groupCount[base + v]++ === 0) groupOrder[base + groups++] = v;
      groupWeight[base + v]! += arenaW[i]!;
    }
    let at = top;
    for (let g = 0; g < groups; g++) {
      const v = groupOrder[base + g]!;
      groupStart[base + v] = at;
      groupFill[base + v] = at;
      at += groupCount[base + v]!;
    }
    for (let i = s; i < s + n; i++) {
      const l = arena[i]!;
      if (l & bitK) continue;
      const dst = groupFill[base + f + popcount(l & m)]!++;
      arena[dst] = l;
      arenaW[dst] = arenaW[i]!;
    }
    top = at;
    return groups;
  };

  // Value of a guess (or free opening) of cell k from set [s, s+n) of weight w, `safe` of it with
  // k safe: the chance of winning after it. Gives up early (returning -1) once even winning every
  // remaining branch cannot exceed `beat`; pass -Infinity to always evaluate fully.
  const move = (s: number, n: number, w: number, k: number, opened: number, d: number, safe: number, beat: number): number => {
    const saved = top;
    const groups = split(s, n, k, d);
    const base = d * 9;
    let win = 0;
    let left = safe;
    for (let g = 0; g < groups; g++) {
      const v = groupOrder[base + g]!;
      const len = groupCount[base + v]!;
      const gw = groupWeight[base + v]!;
      win += (gw / w) * solve(groupStart[base + v]!, len, gw, opened | (1 << k), d + 1);
      left -= gw;
      if (win + left / w < beat - EPS) {
        win = -1;
        break;
      }
    }
    top = saved;
    return win;
  };

  // Lists the cells that are a mine in some layouts of the set but not all, most often safe
  // (by weight) first (ties: lower bit first) into candK/candSafe at depth d. Returns how many.
  const candidates = (s: number, n: number, w: number, union: number, inter: number, d: number): number => {
    const base = d * U;
    let count = 0;
    const risky = union & ~inter;
    for (let k = 0; k < U; k++) {
      const bitK = 1 << k;
      if (!(risky & bitK)) continue;
      let mines = 0;
      for (let i = s; i < s + n; i++) if (arena[i]! & bitK) mines += arenaW[i]!;
      const safe = w - mines;
      // Stable insertion by safe count, descending.
      let j = count++;
      while (j > 0 && candSafe[base + j - 1]! < safe) {
        candSafe[base + j] = candSafe[base + j - 1]!;
        candK[base + j] = candK[base + j - 1]!;
        j--;
      }
      candSafe[base + j] = safe;
      candK[base + j] = k;
    }
    return count;
  };

  const solve = (s: number, n: number, w: number, opened: number, d: number): number => {
    if (n === 1) return 1;
    // Two murmur-style hashes of the set with different seeds.
    let h1 = 0x3c6ef372 ^ n;
    let h2 = 0x5bd1e995 ^ Math.imul(n, 0x27d4eb2f);
    let union = 0;
    let inter = -1;
    for (let i = s; i < s + n; i++) {
      const l = arena[i]!;
      union |= l;
      inter &= l;
      let x = Math.imul(l, 0xcc9e2d51);
      x = Math.imul((x << 15) | (x >>> 17), 0x1b873593);
      h1 ^= x;
      h1 = Math.imul((h1 << 13) | (h1 >>> 19), 5) + 0xe6546b64;
      let y = Math.imul(l ^ 0x7f4a7c15, 0x85ebca6b);
      y = Math.imul((y << 13) | (y >>> 19), 0xc2b2ae35);
      h2 = Math.imul(h2 ^ y, 0x9e3779b1);
      h2 = (h2 << 17) | (h2 >>> 15);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
    h1 ^= h1 >>> 13;
    h2 = Math.imul(h2 ^ (h2 >>> 15), 0x2c1b3c6d);
    h2 ^= h2 >>> 12;
    h1 |= 0;
    h2 |= 0;
    const hit = memo.get(h1, h2);
    if (hit !== undefined) return hit;
    work += n * U;
    if (work > maxWork) throw new BudgetExceeded();
    // A safe cell whose number differs between layouts: open it for free.
    const varies = union ^ inter;
    for (let k = 0; k < U; k++) {
      const bitK = 1 << k;
      if (opened & bitK || union & bitK) continue;
      const m = nbMask[k]!;
      if (!(varies & m)) continue; // every layout has the same neighbourhood around k
      const v0 = popcount(arena[s]! & m);
      let differs = false;
      for (let i = s + 1; i < s + n; i++) {
        if (popcount(arena[i]! & m) !== v0) {
          differs = true;
          break;
        }
      }
      if (differs) {
        const win = move(s, n, w, k, opened, d, w, -Infinity);
        memo.set(h1, h2, win);
        return win;
      }
    }
    // Otherwise guess: the best cell that is a mine in some layouts but not all.
    const count = candidates(s, n, w, union, inter, d);
    if (count === 0) {
      memo.set(h1, h2, 1);
      return 1;
    }
    let best = 0;
    const base = d * U;
    for (let c = 0; c < count; c++) {
      const safe = candSafe[base + c]!;
      if (safe / w <= best) break;
      const win = move(s, n, w, candK[base + c]!, opened, d, safe, best);
      if (win > best) best = win;
    }
    memo.set(h1, h2, best);
    return best;
  };

  try {
    let union = 0;
    let inter = -1;
    for (const l of layouts) ((union |= l), (inter &= l));
    let best: EndgameMove | null = null;
    const count = candidates(0, n0, w0, union, inter, 0);
    for (let c = 0; c < count; c++) {
      const safe = candSafe[c]!;
      if (best && safe / w0 <= best.win) break;
      const k = candK[c]!;
      const win = move(0, n0, w0, k, 0, 0, safe, best ? best.win : -Infinity);
      if (!best || win > best.win + 1e-12) best = { cell: unknown[k]!, win };
    }
    return best;
  } catch (e) {
    if (e instanceof BudgetExceeded) return null;
    throw e;
  }
}
