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
  res: number[];
  /** Weighted count of partial solutions by mines placed so far (index = mines). */
  a: Float64Array;
  /** Backward weight by mines placed before this point (filled by weigh()). */
  b?: Float64Array;
}

export type SweepOutcome =
  | { kind: 'ok'; sweep: ComponentSweep }
  | { kind: 'contradiction'; cell: number }
  | { kind: 'over-budget'; reason: string };

/** The result of the forward pass over one component. */
export class ComponentSweep {
  constructor(
    /** Local position -> model variable id. */
    readonly order: number[],
    /** Cells per position. */
    readonly sizes: number[],
    private readonly layers: State[][],
    /** Per step: flat triples (from, to, j). */
    private readonly moves: Int32Array[],
  ) {}

  /** Weighted number of solutions by mine count. */
  get counts(): Float64Array {
    return this.layers[this.layers.length - 1]![0]!.a;
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
    last.b = outside;
    for (let i = n - 1; i >= 0; i--) {
      const k = this.sizes[i]!;
      const layer = this.layers[i]!;
      const next = this.layers[i + 1]!;
      const len = layer[0]!.a.length;
      for (const s of layer) s.b = new Float64Array(len);
      const mv = this.moves[i]!;
      for (let t = 0; t < mv.length; t += 3) {
        const from = layer[mv[t]!]!;
        const to = next[mv[t + 1]!]!;
        const j = mv[t + 2]!;
        const w = smallChoose(k, j);
        const fb = from.b!;
        const tb = to.b!;
        for (let m = 0; m < len; m++) fb[m]! += w * tb[m + j]!;
      }
    }
    const mine = new Float64Array(n);
    const safe = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const k = this.sizes[i]!;
      const layer = this.layers[i]!;
      const next = this.layers[i + 1]!;
      const mv = this.moves[i]!;
      for (let t = 0; t < mv.length; t += 3) {
        const from = layer[mv[t]!]!;
        const to = next[mv[t + 1]!]!;
        const j = mv[t + 2]!;
        const fa = from.a;
        const tb = to.b!;
        let sum = 0;
        for (let m = 0; m < fa.length; m++) sum += fa[m]! * tb[m + j]!;
        sum *= smallChoose(k, j);
        mine[i]! += j * sum;
        safe[i]! += (k - j) * sum;
      }
    }
    return { mine, safe };
  }
}

/** Orders the variables so that few constraints are open at once (greedy, from a peripheral one). */
function orderVariables(model: FrontierModel, comp: Component): number[] {
  const vars = comp.vars;
  if (vars.length === 1) return [vars[0]!];
  const neighboursOf = (v: number): number[] => {
    const out = new Set<number>();
    for (const c of model.variables[v]!.constraints) for (const w of model.constraints[c]!.vars) if (w !== v) out.add(w);
    return [...out];
  };
  const bfs = (start: number): Map<number, number> => {
    const dist = new Map([[start, 0]]);
    const queue = [start];
    for (let q = 0; q < queue.length; q++) {
      const v = queue[q]!;
      for (const w of neighboursOf(v)) if (!dist.has(w)) (dist.set(w, dist.get(v)! + 1), queue.push(w));
    }
    return dist;
  };
  let far = vars[0]!;
  for (let round = 0; round < 2; round++) {
    const dist = bfs(far);
    let best = -1;
    for (const [v, d] of dist) if (d > best || (d === best && v < far)) ((best = d), (far = v));
  }
  const dist = bfs(far);
  const remaining = new Map<number, number>(); // constraint -> unordered vars
  for (const c of comp.constraints) remaining.set(c, model.constraints[c]!.vars.length);
  const active = new Set<number>();
  const placed = new Set<number>();
  const frontier = new Set<number>([far]);
  const order: number[] = [];
  while (order.length < vars.length) {
    let pick = -1;
    let bestScore = Infinity;
    let bestDist = Infinity;
    for (const v of frontier) {
      let score = 0;
      for (const c of model.variables[v]!.constraints) {
        if (!active.has(c)) score++;
        if (remaining.get(c) === 1) score--;
      }
      const d = dist.get(v)!;
      if (score < bestScore || (score === bestScore && (d < bestDist || (d === bestDist && v < pick)))) {
        pick = v;
        bestScore = score;
        bestDist = d;
      }
    }
    frontier.delete(pick);
    placed.add(pick);
    order.push(pick);
    for (const c of model.variables[pick]!.constraints) {
      const r = remaining.get(c)! - 1;
      remaining.set(c, r);
      if (r === 0) active.delete(c);
      else active.add(c);
      for (const w of model.constraints[c]!.vars) if (!placed.has(w)) frontier.add(w);
    }
  }
  return order;
}

/** Runs the forward pass over one component. */
export function sweepComponent(model: FrontierModel, comp: Component, budget: Budget): SweepOutcome {
  const order = orderVariables(model, comp);
  const n = order.length;
  const pos = new Map<number, number>();
  order.forEach((v, i) => pos.set(v, i));
  const sizes = order.map((v) => model.variables[v]!.cells.length);
  const first = new Map<number, number>();
  const lastPos = new Map<number, number>();
  for (const c of comp.constraints) {
    let lo = Infinity;
    let hi = -1;
    for (const v of model.constraints[c]!.vars) {
      const p = pos.get(v)!;
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
    first.set(c, lo);
    lastPos.set(c, hi);
  }
  // Capacity of a constraint's variables at positions > i, for pruning.
  const capAfter = (c: number, i: number): number => {
    let cap = 0;
    for (const v of model.constraints[c]!.vars) if (pos.get(v)! > i) cap += model.variables[v]!.cells.length;
    return cap;
  };
  // active(i): constraints with first < i <= last, in id order.
  const activeAt: number[][] = [];
  for (let i = 0; i <= n; i++) activeAt.push(comp.constraints.filter((c) => first.get(c)! < i && lastPos.get(c)! >= i));

  let layer: State[] = [{ res: [], a: new Float64Array([1]) }];
  const layers: State[][] = [layer];
  const moves: Int32Array[] = [];
  let transitions = 0;
  let placedMax = 0;
  for (let i = 0; i < n; i++) {
    const v = order[i]!;
    const k = sizes[i]!;
    const before = activeAt[i]!;
    const after = activeAt[i + 1]!;
    const indexBefore = new Map<number, number>();
    before.forEach((c, idx) => indexBefore.set(c, idx));
    const mine = new Set(model.variables[v]!.constraints);
    // Plan for each constraint of `after`: where its need comes from, whether v is in it, its cap.
    const plan = after.map((c) => ({
      src: indexBefore.has(c) ? indexBefore.get(c)! : -1,
      value: model.constraints[c]!.value,
      has: mine.has(c),
      cap: capAfter(c, i),
    }));
    // Constraints closing here (v is their last variable).
    const closing = model.variables[v]!.constraints
      .filter((c) => lastPos.get(c) === i)
      .map((c) => ({ src: indexBefore.has(c) ? indexBefore.get(c)! : -1, value: model.constraints[c]!.value, cell: model.constraints[c]!.cell }));
    const nextMap = new Map<number | string, number>();
    const next: State[] = [];
    const newMax = placedMax + k;
    const mv: number[] = [];
    const wide = after.length > 16;
    for (let s = 0; s < layer.length; s++) {
      const st = layer[s]!;
      for (let j = 0; j <= k; j++) {
        let ok = true;
        for (const cl of closing) {
          const need = (cl.src >= 0 ? st.res[cl.src]! : cl.value) - j;
          if (need !== 0) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        const res: number[] = new Array(plan.length);
        let key = 0;
        for (let q = 0; q < plan.length; q++) {
          const p = plan[q]!;
          const r = (p.src >= 0 ? st.res[p.src]! : p.value) - (p.has ? j : 0);
          if (r < 0 || r > p.cap) {
            ok = false;
            break;
          }
          res[q] = r;
          key = key * 9 + r;
        }
        if (!ok) continue;
        const mapKey: number | string = wide ? res.join(',') : key;
        let to = nextMap.get(mapKey);
        if (to === undefined) {
          to = next.length;
          nextMap.set(mapKey, to);
          next.push({ res, a: new Float64Array(newMax + 1) });
        }
        const w = smallChoose(k, j);
        const ta = next[to]!.a;
        const fa = st.a;
        for (let m = 0; m < fa.length; m++) ta[m + j]! += w * fa[m]!;
        mv.push(s, to, j);
      }
    }
    transitions += mv.length / 3;
    if (next.length === 0) {
      const cell = closing[0]?.cell ?? model.constraints[model.variables[v]!.constraints[0]!]!.cell;
      return { kind: 'contradiction', cell };
    }
    if (next.length > budget.maxStates || transitions > budget.maxTransitions) {
      return { kind: 'over-budget', reason: `component of ${n} variables needs more than ${next.length > budget.maxStates ? `${budget.maxStates} states` : `${budget.maxTransitions} steps`}` };
    }
    moves.push(Int32Array.from(mv));
    layers.push(next);
    layer = next;
    placedMax = newMax;
  }
  return { kind: 'ok', sweep: new ComponentSweep(order, sizes, layers, moves) };
}
