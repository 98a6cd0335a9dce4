// Exact enumeration of one component's solutions, tallied per mine count (DESIGN.md step 3).
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

interface State {
  /** Fewest and most mines placed so far in partial solutions reaching this state. */
  lo: number;
  hi: number;
  /** Weighted count of partial solutions by mines placed so far (index = mines - lo). */
  a: Float64Array;
  /** Backward weight by mines placed so far (index = mines - lo; filled by weigh()). */
  b?: Float64Array;
}

export type SweepOutcome =
  | { kind: 'ok'; sweep: ComponentSweep }
  | { kind: 'contradiction'; cell: number }
  | { kind: 'over-budget'; reason: string };

/** The result of the forward pass over one component. */
export class ComponentSweep {
  constructor(
    /** Sweep position -> index into the component's `vars` (stable for equal components). */
    readonly order: number[],
    /** Cells per position. */
    readonly sizes: number[],
    private readonly layers: State[][],
    /** Per step: flat triples (from, to, j). */
    private readonly moves: Int32Array[],
  ) {}

  /** Weighted number of solutions by mine count. */
  get counts(): Float64Array {
    const last = this.layers[this.layers.length - 1]![0]!;
    const out = new Float64Array(last.hi + 1);
    out.set(last.a, last.lo);
    return out;
  }

  /** The most mines the component can hold (length of counts - 1). */
  get maxMines(): number {
    return this.counts.length - 1;
  }

  /**
   * Given the outside weight `outside[m]` of a layout where this component holds m mines,
   * returns for each position the total weight of layouts with a mine in one of its cells
   * (summed over cells), and with a safe one. Their ratio is the mine probability.
   */
  weigh(outside: Float64Array): { mine: Float64Array; safe: Float64Array } {
    const n = this.order.length;
    const last = this.layers[n]![0]!;
    last.b = outside.slice(last.lo, last.hi + 1);
    for (let i = n - 1; i >= 0; i--) {
      const k = this.sizes[i]!;
      const layer = this.layers[i]!;
      const next = this.layers[i + 1]!;
      for (const s of layer) s.b = new Float64Array(s.a.length);
      const mv = this.moves[i]!;
      for (let t = 0; t < mv.length; t += 3) {
        const from = layer[mv[t]!]!;
        const to = next[mv[t + 1]!]!;
        const j = mv[t + 2]!;
        const w = smallChoose(k, j);
        const fb = from.b!;
        const tb = to.b!;
        const shift = from.lo + j - to.lo;
        for (let m = 0; m < fb.length; m++) fb[m]! += w * tb[m + shift]!;
      }
    }
    const mine = new Float64Array(n);
    const safe = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const k = this.sizes[i]!;
      const layer = this.layers[i]!;
      const next = this.layers[i + 1]!;
      const mv = this.moves[i]!;
      let mw = 0;
      let sw = 0;
      for (let t = 0; t < mv.length; t += 3) {
        const from = layer[mv[t]!]!;
        const to = next[mv[t + 1]!]!;
        const j = mv[t + 2]!;
        const fa = from.a;
        const tb = to.b!;
        const shift = from.lo + j - to.lo;
        let sum = 0;
        for (let m = 0; m < fa.length; m++) sum += fa[m]! * tb[m + shift]!;
        sum *= smallChoose(k, j);
        mw += j * sum;
        sw += (k - j) * sum;
      }
      mine[i] = mw;
      safe[i] = sw;
    }
    // The backward weights are only needed once.
    for (const layer of this.layers) for (const s of layer) delete s.b;
    return { mine, safe };
  }
}

/** A component in local numbering: variables 0..n-1, constraints 0..c-1. */
interface Local {
  size: number[];
  varCons: number[][];
  consVars: number[][];
  value: number[];
  cell: number[];
}

function localize(model: FrontierModel, comp: Component): Local {
  const varIndex = new Map<number, number>();
  comp.vars.forEach((v, i) => varIndex.set(v, i));
  const consIndex = new Map<number, number>();
  comp.constraints.forEach((c, i) => consIndex.set(c, i));
  return {
    size: comp.vars.map((v) => model.variables[v]!.cells.length),
    varCons: comp.vars.map((v) => model.variables[v]!.constraints.map((c) => consIndex.get(c)!)),
    consVars: comp.constraints.map((c) => model.constraints[c]!.vars.map((v) => varIndex.get(v)!)),
    value: comp.constraints.map((c) => model.constraints[c]!.value),
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

const EMPTY = new Float64Array(0);

/** Runs the forward pass over one component. */
export function sweepComponent(model: FrontierModel, comp: Component, budget: Budget): SweepOutcome {
  const L = localize(model, comp);
  const order = orderVariables(L);
  const n = order.length;
  const C = L.value.length;
  const pos = new Int32Array(n);
  order.forEach((v, i) => (pos[v] = i));
  const sizes = order.map((v) => L.size[v]!);
  const first = new Int32Array(C);
  const lastPos = new Int32Array(C);
  for (let c = 0; c < C; c++) {
    let lo = Infinity;
    let hi = -1;
    for (const v of L.consVars[c]!) {
      const p = pos[v]!;
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
    first[c] = lo;
    lastPos[c] = hi;
  }
  // Capacity of a constraint's variables at positions > i, for pruning.
  const capAfter = (c: number, i: number): number => {
    let cap = 0;
    for (const v of L.consVars[c]!) if (pos[v]! > i) cap += L.size[v]!;
    return cap;
  };
  // active(i): constraints with first < i <= last, in id order (built incrementally).
  const activeAt: number[][] = [[]];
  for (let i = 0; i < n; i++) {
    const next = activeAt[i]!.filter((c) => lastPos[c]! > i);
    for (const c of L.varCons[order[i]!]!) if (first[c] === i && lastPos[c]! > i) next.push(c);
    next.sort((a, b) => a - b);
    activeAt.push(next);
  }
  // The needs of the open constraints of every state of a layer, flat: state s, constraint q
  // at res[s * width + q] (a need is at most 8).
  let layer: State[] = [{ lo: 0, hi: 0, a: new Float64Array([1]) }];
  let res = new Uint8Array(0);
  const layers: State[][] = [layer];
  const moves: Int32Array[] = [];
  let transitions = 0;
  const consIndex = new Int32Array(C).fill(-1);
  let mv = new Int32Array(3 * 1024);
  for (let i = 0; i < n; i++) {
    const v = order[i]!;
    const k = sizes[i]!;
    const before = activeAt[i]!;
    const after = activeAt[i + 1]!;
    const wB = before.length;
    const wA = after.length;
    consIndex.fill(-1);
    before.forEach((c, idx) => (consIndex[c] = idx));
    const mine = new Set(L.varCons[v]!);
    // Plan for each constraint of `after`: where its need comes from, whether v is in it, its cap.
    const src = new Int32Array(wA);
    const val = new Int32Array(wA);
    const has = new Uint8Array(wA);
    const cap = new Int32Array(wA);
    const radix = new Float64Array(wA);
    let range = 1;
    after.forEach((c, q) => {
      src[q] = consIndex[c]!;
      val[q] = L.value[c]!;
      has[q] = mine.has(c) ? 1 : 0;
      cap[q] = capAfter(c, i);
      radix[q] = Math.min(val[q]!, cap[q]!) + 1;
      range *= radix[q]!;
    });
    // Constraints closing here (v is their last variable).
    const closing = L.varCons[v]!.filter((c) => lastPos[c] === i);
    const closeSrc = Int32Array.from(closing, (c) => consIndex[c]!);
    const closeVal = Int32Array.from(closing, (c) => L.value[c]!);
    const nextMap = new Map<number | string, number>();
    const next: State[] = [];
    let nextRes = new Uint8Array(Math.max(16, 2 * layer.length) * Math.max(1, wA));
    const tmp = new Uint8Array(wA);
    let m = 0;
    const wide = range > 2 ** 30;
    for (let s = 0; s < layer.length; s++) {
      const st = layer[s]!;
      const base = s * wB;
      for (let j = 0; j <= k; j++) {
        let ok = true;
        for (let q = 0; q < closeSrc.length; q++) {
          const from = closeSrc[q]!;
          if ((from >= 0 ? res[base + from]! : closeVal[q]!) !== j) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        // Mixed-radix key: need r of constraint q is in 0..cap_q.
        let key = 0;
        for (let q = 0; q < wA; q++) {
          const from = src[q]!;
          const r = (from >= 0 ? res[base + from]! : val[q]!) - (has[q] ? j : 0);
          if (r < 0 || r > cap[q]!) {
            ok = false;
            break;
          }
          tmp[q] = r;
          key = key * radix[q]! + r;
        }
        if (!ok) continue;
        const mapKey: number | string = wide ? tmp.join(',') : key;
        let to = nextMap.get(mapKey);
        if (to === undefined) {
          to = next.length;
          nextMap.set(mapKey, to);
          next.push({ lo: st.lo + j, hi: st.hi + j, a: EMPTY });
          if ((to + 1) * wA > nextRes.length) {
            const grown = new Uint8Array(2 * nextRes.length);
            grown.set(nextRes);
            nextRes = grown;
          }
          nextRes.set(tmp, to * wA);
        } else {
          const target = next[to]!;
          if (st.lo + j < target.lo) target.lo = st.lo + j;
          if (st.hi + j > target.hi) target.hi = st.hi + j;
        }
        if (m + 3 > mv.length) {
          const grown = new Int32Array(2 * mv.length);
          grown.set(mv);
          mv = grown;
        }
        mv[m++] = s;
        mv[m++] = to;
        mv[m++] = j;
      }
    }
    for (const st of next) st.a = new Float64Array(st.hi - st.lo + 1);
    for (let t = 0; t < m; t += 3) {
      const from = layer[mv[t]!]!;
      const target = next[mv[t + 1]!]!;
      const j = mv[t + 2]!;
      const w = smallChoose(k, j);
      const ta = target.a;
      const fa = from.a;
      const shift = from.lo + j - target.lo;
      for (let x = 0; x < fa.length; x++) ta[x + shift]! += w * fa[x]!;
    }
    transitions += m / 3;
    if (next.length === 0) {
      const cell = closing.length ? L.cell[closing[0]!]! : L.cell[L.varCons[v]![0]!]!;
      return { kind: 'contradiction', cell };
    }
    if (next.length > budget.maxStates || transitions > budget.maxTransitions) {
      return { kind: 'over-budget', reason: `component of ${n} variables needs more than ${next.length > budget.maxStates ? `${budget.maxStates} states` : `${budget.maxTransitions} steps`}` };
    }
    moves.push(mv.slice(0, m));
    layers.push(next);
    layer = next;
    res = nextRes;
  }
  return { kind: 'ok', sweep: new ComponentSweep(order, sizes, layers, moves) };
}
