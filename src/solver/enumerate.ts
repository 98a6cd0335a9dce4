// Exact enumeration of one component's solutions, tallied per mine count
// (docs/architecture.md "The solver", step 3).
//
// Rather than visiting every solution one by one (a long frontier has millions), the component
// is swept variable by variable in an order that keeps few constraints "open" at a time. A state
// is the tuple of mines still needed by the open constraints; each state keeps the weighted
// number of partial solutions per mine count so far (a forward pass, with the transitions kept).
// This is backtracking with propagation folded into dynamic programming: partial assignments
// that leave the same needs behind are merged. A backward sweep over the kept transitions then
// carries the weight of everything outside the component (other components and interior cells,
// as a function of this component's mine count), which gives every variable's exact mine weight.

import { smallChoose } from './combinatorics.js';
import type { Component, FrontierModel } from './constraints.js';

export interface Budget {
  /** Most states allowed at one step of the sweep. */
  maxStates: number;
  /** Most state transitions allowed in total. */
  maxTransitions: number;
}

export type SweepOutcome =
  | { kind: 'ok'; sweep: ComponentSweep }
  | { kind: 'contradiction'; cell: number }
  | { kind: 'over-budget'; reason: string };

/**
 * The result of the forward pass over one component. States are numbered across all layers;
 * state g holds the weighted count of partial solutions by mines placed so far, for mines
 * lo[g] .. lo[g] + len - 1 (len = off[g + 1] - off[g]), at pool[off[g] ..]. Everything lives in
 * a few flat arrays per sweep: the states are many and small, and one typed array each would
 * cost more to allocate and collect than the counting itself.
 */
export class ComponentSweep {
  constructor(
    /** Sweep position -> index into the component's `vars` (stable for equal components). */
    readonly order: number[],
    /** Cells per position. */
    readonly sizes: number[],
    /** Layer i holds states layerStart[i] .. layerStart[i + 1] - 1 (n + 2 entries). */
    private readonly layerStart: Int32Array,
    private readonly lo: Int32Array,
    private readonly off: Int32Array,
    private readonly pool: Float64Array,
    /** Step i's transitions are the triples (from, to, j) at moves[moveStart[i] .. moveStart[i + 1]). */
    private readonly moveStart: Int32Array,
    private readonly moves: Int32Array,
  ) {}

  private get last(): number {
    return this.layerStart[this.order.length]!;
  }

  /** Weighted number of solutions by mine count. */
  get counts(): Float64Array {
    const g = this.last;
    const out = new Float64Array(this.lo[g]! + this.off[g + 1]! - this.off[g]!);
    out.set(this.pool.subarray(this.off[g]!, this.off[g + 1]!), this.lo[g]!);
    return out;
  }

  private scaledCounts?: { counts: Float64Array; max: number };

  /** The counts divided by their largest value, and that value (computed once; do not modify). */
  get scaled(): { counts: Float64Array; max: number } {
    if (!this.scaledCounts) {
      const raw = this.counts;
      let max = 0;
      for (const x of raw) if (x > max) max = x;
      this.scaledCounts = { counts: raw.map((x) => x / max), max };
    }
    return this.scaledCounts;
  }

  /** The most mines the component can hold (length of counts - 1). */
  get maxMines(): number {
    const g = this.last;
    return this.lo[g]! + this.off[g + 1]! - this.off[g]! - 1;
  }

  /**
   * Given the outside weight `outside[m]` of a layout where this component holds m mines,
   * returns for each position the total weight of layouts with a mine in one of its cells
   * (summed over cells), and with a safe one. Their ratio is the mine probability.
   */
  weigh(outside: Float64Array): { mine: Float64Array; safe: Float64Array } {
    const n = this.order.length;
    const { lo, off, pool, moves, moveStart } = this;
    // Backward weights, laid out like the forward counts.
    const back = new Float64Array(off[this.last + 1]!);
    const g = this.last;
    for (let m = off[g]!; m < off[g + 1]!; m++) back[m] = outside[lo[g]! + m - off[g]!] ?? 0;
    for (let i = n - 1; i >= 0; i--) carry(back, moves, moveStart[i]!, moveStart[i + 1]!, this.sizes[i]!, lo, off, false);
    const mine = new Float64Array(n);
    const safe = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const k = this.sizes[i]!;
      let mw = 0;
      let sw = 0;
      for (let t = moveStart[i]!; t < moveStart[i + 1]!; t += 3) {
        const from = moves[t]!;
        const to = moves[t + 1]!;
        const j = moves[t + 2]!;
        const f0 = off[from]!;
        const len = off[from + 1]! - f0;
        const t0 = off[to]! + lo[from]! + j - lo[to]!;
        let sum = 0;
        for (let m = 0; m < len; m++) sum += pool[f0 + m]! * back[t0 + m]!;
        sum *= smallChoose(k, j);
        mw += j * sum;
        sw += (k - j) * sum;
      }
      mine[i] = mw;
      safe[i] = sw;
    }
    return { mine, safe };
  }
  /**
   * Draws one of the component's solutions with `m` mines, each with probability proportional
   * to its weight (the product of C(k, j) over its variables): a backward walk over the kept
   * transitions. Returns the mines of each sweep position (`order`), or null when no solution
   * holds m mines. `random` gives floats in [0, 1).
   */
  sample(m: number, random: () => number): Int32Array | null {
    const n = this.order.length;
    const { lo, off, pool, moves, moveStart } = this;
    const out = new Int32Array(n);
    let cur = this.last;
    let left = m;
    const at = (g: number, mines: number): number => {
      const x = mines - lo[g]!;
      return x >= 0 && x < off[g + 1]! - off[g]! ? pool[off[g]! + x]! : 0;
    };
    if (!(at(cur, left) > 0)) return null;
    for (let i = n - 1; i >= 0; i--) {
      const k = this.sizes[i]!;
      let total = 0;
      for (let t = moveStart[i]!; t < moveStart[i + 1]!; t += 3) {
        if (moves[t + 1] === cur) total += at(moves[t]!, left - moves[t + 2]!) * smallChoose(k, moves[t + 2]!);
      }
      let r = random() * total;
      let pick = -1;
      for (let t = moveStart[i]!; t < moveStart[i + 1]!; t += 3) {
        if (moves[t + 1] !== cur) continue;
        const w = at(moves[t]!, left - moves[t + 2]!) * smallChoose(k, moves[t + 2]!);
        if (w <= 0) continue;
        pick = t;
        r -= w;
        if (r < 0) break;
      }
      if (pick < 0) return null;
      out[i] = moves[pick + 2]!;
      left -= out[i]!;
      cur = moves[pick]!;
    }
    return out;
  }
}

/** A component in local numbering: variables 0..n-1, constraints 0..c-1. */
interface Local {
  size: number[];
  varCons: number[][];
  consVars: number[][];
  cell: number[];
}

// Global id -> local number, shared scratch (a sweep runs to completion before the next starts).
let varIndex = new Int32Array(256);
let consIndexOf = new Int32Array(256);

function localize(model: FrontierModel, comp: Component): Local {
  if (varIndex.length < model.variables.length) varIndex = new Int32Array(2 * model.variables.length);
  if (consIndexOf.length < model.constraints.length) consIndexOf = new Int32Array(2 * model.constraints.length);
  comp.vars.forEach((v, i) => (varIndex[v] = i));
  comp.constraints.forEach((c, i) => (consIndexOf[c] = i));
  return {
    size: comp.vars.map((v) => model.variables[v]!.cells.length),
    varCons: comp.vars.map((v) => model.variables[v]!.constraints.map((c) => consIndexOf[c]!)),
    consVars: comp.constraints.map((c) => model.constraints[c]!.vars.map((v) => varIndex[v]!)),
    cell: comp.constraints.map((c) => model.constraints[c]!.cell),
  };
}

/** Orders the variables so that few constraints are open at once. */
function orderVariables(L: Local): number[] {
  const n = L.size.length;
  if (n === 1) return [0];
  const adj: number[][] = [];
  const seen = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    const list: number[] = [];
    seen[v] = v;
    for (const c of L.varCons[v]!) for (const w of L.consVars[c]!) if (seen[w] !== v) ((seen[w] = v), list.push(w));
    adj.push(list);
  }
  const dist = new Int32Array(n);
  const queue = new Int32Array(n);
  const bfs = (start: number): number => {
    dist.fill(-1);
    dist[start] = 0;
    queue[0] = start;
    let tail = 1;
    let far = start;
    for (let q = 0; q < tail; q++) {
      const v = queue[q]!;
      if (dist[v]! > dist[far]!) far = v;
      for (const w of adj[v]!) if (dist[w] === -1) ((dist[w] = dist[v]! + 1), (queue[tail++] = w));
    }
    return far;
  };
  const start = bfs(bfs(0));
  bfs(start);
  const remaining = L.consVars.map((vs) => vs.length);
  const active = new Uint8Array(remaining.length);
  const state = new Uint8Array(n); // 0 untouched, 1 frontier, 2 placed
  const frontier: number[] = [start];
  state[start] = 1;
  const order: number[] = [];
  while (order.length < n) {
    let bestAt = -1;
    let bestScore = Infinity;
    let bestDist = Infinity;
    for (let f = 0; f < frontier.length; f++) {
      const v = frontier[f]!;
      // Breadth-first from a peripheral variable (keeps the open constraints few along a
      // frontier); among equally far ones, the one opening fewest new constraints.
      let score = 0;
      for (const c of L.varCons[v]!) {
        if (!active[c]) score++;
        if (remaining[c] === 1) score--;
      }
      const d = dist[v]!;
      if (d < bestDist || (d === bestDist && score < bestScore)) ((bestAt = f), (bestScore = score), (bestDist = d));
    }
    const pick = frontier[bestAt]!;
    frontier[bestAt] = frontier[frontier.length - 1]!;
    frontier.pop();
    state[pick] = 2;
    order.push(pick);
    for (const c of L.varCons[pick]!) {
      const r = --remaining[c]!;
      active[c] = r === 0 ? 0 : 1;
      for (const w of L.consVars[c]!) if (state[w] === 0) ((state[w] = 1), frontier.push(w));
    }
  }
  return order;
}

/** Runs the forward pass over one component. */
export function sweepComponent(model: FrontierModel, comp: Component, budget: Budget): SweepOutcome {
  return runSweep(planSweep(model, comp), valuesOf(model, comp), budget);
}

/** The mines still needed by the component's constraints, in its order. */
export function valuesOf(model: FrontierModel, comp: Component): number[] {
  return comp.constraints.map((c) => model.constraints[c]!.value);
}

/**
 * Everything about a sweep that depends on the component's shape only (which cells, which
 * numbers touch them), not on the numbers' values: components that differ in values only (the
 * boards the look-ahead imagines) share it.
 */
export interface SweepPlan {
  L: Local;
  order: number[];
  sizes: number[];
  first: Int32Array;
  lastPos: Int32Array;
  /** Total cells of each constraint's variables. */
  capTotal: Int32Array;
  /** Constraints open between steps i - 1 and i (first < i <= last). */
  activeAt: number[][];
  /** Constraints whose last variable is placed at step i. */
  closingAt: number[][];
}

export function planSweep(model: FrontierModel, comp: Component): SweepPlan {
  const L = localize(model, comp);
  const order = orderVariables(L);
  const n = order.length;
  const C = L.cell.length;
  const pos = new Int32Array(n);
  order.forEach((v, i) => (pos[v] = i));
  const sizes = order.map((v) => L.size[v]!);
  const first = new Int32Array(C);
  const lastPos = new Int32Array(C);
  const capTotal = new Int32Array(C);
  for (let c = 0; c < C; c++) {
    let lo = Infinity;
    let hi = -1;
    for (const v of L.consVars[c]!) {
      const p = pos[v]!;
      if (p < lo) lo = p;
      if (p > hi) hi = p;
      capTotal[c]! += L.size[v]!;
    }
    first[c] = lo;
    lastPos[c] = hi;
  }
  // The order within a step only has to agree between the two steps that share it.
  const activeAt: number[][] = [[]];
  const closingAt: number[][] = [];
  for (let i = 0; i < n; i++) {
    const next = activeAt[i]!.filter((c) => lastPos[c]! > i);
    for (const c of L.varCons[order[i]!]!) if (first[c] === i && lastPos[c]! > i) next.push(c);
    activeAt.push(next);
    closingAt.push(L.varCons[order[i]!]!.filter((c) => lastPos[c] === i));
  }
  return { L, order, sizes, first, lastPos, capTotal, activeAt, closingAt };
}

/** Runs the forward pass over one component, given its plan and its constraints' values. */
export function runSweep(plan: SweepPlan, value: number[], budget: Budget): SweepOutcome {
  const { L, order, sizes, activeAt, closingAt } = plan;
  const n = order.length;
  const C = L.cell.length;
  // Scratch shared by all sweeps (one runs to completion before the next starts); what the
  // result keeps is copied out at the end.
  if (cons.capLeft.length < C) cons = consScratch(2 * C);
  const { capLeft, consIndex, inVar, src, val, has, cap, radix, tmp } = cons;
  // Capacity of each constraint's variables not yet placed (after step i: positions > i).
  capLeft.set(plan.capTotal);
  consIndex.fill(-1, 0, C);
  inVar.fill(0, 0, C);
  let lo = flat.lo;
  let off = flat.off;
  let pool = flat.pool;
  let moves = flat.moves;
  let res = flat.res;
  let nextRes = flat.nextRes;
  let hiOf = flat.hiOf;
  const layerStart = new Int32Array(n + 2);
  const moveStart = new Int32Array(n + 1);
  lo[0] = 0;
  off[0] = 0;
  off[1] = 1;
  pool[0] = 1;
  layerStart[1] = 1;
  let S = 1;
  let M = 0;
  let transitions = 0;
  const nextMap = new Map<number | string, number>();
  const keep = () => Object.assign(flat, { lo, off, pool, moves, res, nextRes, hiOf });
  for (let i = 0; i < n; i++) {
    const v = order[i]!;
    const k = sizes[i]!;
    const before = activeAt[i]!;
    const after = activeAt[i + 1]!;
    const wB = before.length;
    const wA = after.length;
    if (i > 0) for (const c of activeAt[i - 1]!) consIndex[c] = -1;
    for (let q = 0; q < wB; q++) consIndex[before[q]!] = q;
    for (const c of L.varCons[v]!) {
      inVar[c] = i + 1;
      capLeft[c]! -= k;
    }
    // For each constraint of `after`: where its need comes from, whether v is in it, its cap.
    let range = 1;
    for (let q = 0; q < wA; q++) {
      const c = after[q]!;
      src[q] = consIndex[c]!;
      val[q] = value[c]!;
      has[q] = inVar[c] === i + 1 ? 1 : 0;
      cap[q] = capLeft[c]!;
      radix[q] = Math.min(val[q]!, cap[q]!) + 1;
      range *= radix[q]!;
    }
    // Constraints closing here (v is their last variable).
    const closing = closingAt[i]!;
    const closeSrc = closing.map((c) => consIndex[c]!);
    const closeVal = closing.map((c) => value[c]!);
    nextMap.clear();
    const base = layerStart[i]!;
    const states = layerStart[i + 1]! - base;
    let count = 0;
    const wide = range > 2 ** 30;
    for (let s = 0; s < states; s++) {
      const g = base + s;
      const sLo = lo[g]!;
      const sHi = sLo + off[g + 1]! - off[g]! - 1;
      const at = s * wB;
      for (let j = 0; j <= k; j++) {
        let ok = true;
        for (let q = 0; q < closeSrc.length; q++) {
          const from = closeSrc[q]!;
          if ((from >= 0 ? res[at + from]! : closeVal[q]!) !== j) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        // Mixed-radix key: need r of constraint q is in 0..cap_q.
        let key = 0;
        for (let q = 0; q < wA; q++) {
          const from = src[q]!;
          const r = (from >= 0 ? res[at + from]! : val[q]!) - (has[q] ? j : 0);
          if (r < 0 || r > cap[q]!) {
            ok = false;
            break;
          }
          tmp[q] = r;
          key = key * radix[q]! + r;
        }
        if (!ok) continue;
        const mapKey: number | string = wide ? tmp.subarray(0, wA).join(',') : key;
        let to = nextMap.get(mapKey);
        if (to === undefined) {
          to = count++;
          nextMap.set(mapKey, to);
          if (S + count + 1 > lo.length) {
            lo = grow(lo, S + count + 1);
            off = grow(off, S + count + 2);
          }
          if (count > hiOf.length) hiOf = grow(hiOf, count);
          if (count * wA > nextRes.length) nextRes = grow(nextRes, count * wA);
          lo[S + to] = sLo + j;
          hiOf[to] = sHi + j;
          for (let q = 0; q < wA; q++) nextRes[to * wA + q] = tmp[q]!;
        } else {
          if (sLo + j < lo[S + to]!) lo[S + to] = sLo + j;
          if (sHi + j > hiOf[to]!) hiOf[to] = sHi + j;
        }
        if (M + 3 > moves.length) moves = grow(moves, M + 3);
        moves[M++] = g;
        moves[M++] = S + to;
        moves[M++] = j;
      }
    }
    if (count === 0) {
      keep();
      const cell = closing.length ? L.cell[closing[0]!]! : L.cell[L.varCons[v]![0]!]!;
      return { kind: 'contradiction', cell };
    }
    transitions += (M - moveStart[i]!) / 3;
    if (count > budget.maxStates || transitions > budget.maxTransitions) {
      keep();
      return { kind: 'over-budget', reason: `component of ${n} variables needs more than ${count > budget.maxStates ? `${budget.maxStates} states` : `${budget.maxTransitions} steps`}` };
    }
    for (let t = 0; t < count; t++) off[S + t + 1] = off[S + t]! + hiOf[t]! - lo[S + t]! + 1;
    if (off[S + count]! > pool.length) pool = grow(pool, off[S + count]!);
    pool.fill(0, off[S]!, off[S + count]!);
    carry(pool, moves, moveStart[i]!, M, k, lo, off, true);
    S += count;
    layerStart[i + 2] = S;
    moveStart[i + 1] = M;
    const swap = res;
    res = nextRes;
    nextRes = swap;
  }
  keep();
  const sweep = new ComponentSweep(order, sizes, layerStart, lo.slice(0, S), off.slice(0, S + 1), pool.slice(0, off[S]!), moveStart, moves.slice(0, M));
  return { kind: 'ok', sweep };
}

/**
 * One step's transitions (the triples (from, to, j) at moves[start .. end), placing j of k
 * mines): forward, each adds its state's counts, times C(k, j), into the state it leads to;
 * backward, each adds the weights of the state it leads to into its own. `values` holds every
 * state's entries at off[state] .., entry m for lo[state] + m mines placed.
 */
function carry(values: Float64Array, moves: Int32Array, start: number, end: number, k: number, lo: Int32Array, off: Int32Array, forward: boolean): void {
  for (let t = start; t < end; t += 3) {
    const from = moves[t]!;
    const to = moves[t + 1]!;
    const j = moves[t + 2]!;
    const w = smallChoose(k, j);
    const f0 = off[from]!;
    const len = off[from + 1]! - f0;
    const t0 = off[to]! + lo[from]! + j - lo[to]!;
    if (forward) for (let x = 0; x < len; x++) values[t0 + x]! += w * values[f0 + x]!;
    else for (let x = 0; x < len; x++) values[f0 + x]! += w * values[t0 + x]!;
  }
}

/** Per-constraint scratch of the sweeps. */
function consScratch(size: number) {
  return {
    capLeft: new Int32Array(size),
    consIndex: new Int32Array(size),
    inVar: new Int32Array(size),
    src: new Int32Array(size),
    val: new Int32Array(size),
    has: new Uint8Array(size),
    cap: new Int32Array(size),
    radix: new Float64Array(size),
    tmp: new Uint8Array(size),
  };
}
let cons = consScratch(64);
/** State storage of the sweep in progress (grown as needed, kept for the next sweep). */
const flat = {
  lo: new Int32Array(256),
  off: new Int32Array(257),
  pool: new Float64Array(1024),
  moves: new Int32Array(3 * 1024),
  res: new Uint8Array(1024),
  nextRes: new Uint8Array(1024),
  hiOf: new Int32Array(256),
};

/** A copy of `a` with room for at least `need` entries (doubling), zero beyond the old ones. */
function grow<T extends Int32Array | Float64Array | Uint8Array>(a: T, need: number): T {
  let size = a.length * 2;
  while (size < need) size *= 2;
  const out = new (a.constructor as new (n: number) => T)(size);
  out.set(a);
  return out;
}
