// The bounded fallback for a component too large to enumerate within the budget: sound certain
// cells from local reasoning (single constraints and pairs of overlapping constraints), and
// approximate probabilities for the rest by iterative proportional fitting of the constraints.
// Both take time polynomial in the component size.

import type { Component, FrontierModel } from './constraints.js';

export interface ApproximateResult {
  /** Per component variable (in comp.vars order): approximate mine probability per cell. */
  p: Float64Array;
  /** Per component variable: 0 unknown, 1 certainly safe, 2 certainly a mine. */
  certain: Uint8Array;
  /** Expected number of mines in the component. */
  expectedMines: number;
}

/** `density` is the prior mine probability of an unconstrained cell. */
export function approximateComponent(model: FrontierModel, comp: Component, density: number): ApproximateResult {
  const local = new Map<number, number>();
  comp.vars.forEach((v, i) => local.set(v, i));
  const size = comp.vars.map((v) => model.variables[v]!.cells.length);
  const certain = new Uint8Array(comp.vars.length);
  // Work with cells: each constraint as a set of cells (var-local index repeated per cell).
  const cons = comp.constraints.map((c) => {
    const con = model.constraints[c]!;
    return { value: con.value, vars: con.vars.map((v) => local.get(v)!) };
  });
  const decided = (i: number) => certain[i] !== 0;
  const residual = (c: { value: number; vars: number[] }) => {
    let need = c.value;
    let free = 0;
    for (const v of c.vars) {
      if (certain[v] === 2) need -= size[v]!;
      else if (certain[v] === 0) free += size[v]!;
    }
    return { need, free };
  };
  // Pairs of constraints sharing a variable.
  const byVar: number[][] = comp.vars.map(() => []);
  cons.forEach((c, ci) => c.vars.forEach((v) => byVar[v]!.push(ci)));
  for (let changed = true, rounds = 0; changed && rounds < 50; rounds++) {
    changed = false;
    const mark = (vars: number[], what: 1 | 2) => {
      for (const v of vars) if (!decided(v)) ((certain[v] = what), (changed = true));
    };
    for (const c of cons) {
      const { need, free } = residual(c);
      if (free === 0) continue;
      if (need === 0) mark(c.vars, 1);
      else if (need === free) mark(c.vars, 2);
    }
    // Pair rules for overlapping A and B: A∩B holds at most min(|A∩B|, needB) mines and at least
    // needA - |A\B|.
    for (let a = 0; a < cons.length; a++) {
      const A = cons[a]!;
      const others = new Set<number>();
      for (const v of A.vars) for (const b of byVar[v]!) if (b !== a) others.add(b);
      for (const b of others) {
        const B = cons[b]!;
        const ra = residual(A);
        const rb = residual(B);
        const inB = new Set(B.vars);
        let onlyA = 0;
        let both = 0;
        const onlyAVars: number[] = [];
        for (const v of A.vars) {
          if (decided(v)) continue;
          if (inB.has(v)) both += size[v]!;
          else ((onlyA += size[v]!), onlyAVars.push(v));
        }
        const inA = new Set(A.vars);
        const onlyBVars = B.vars.filter((v) => !decided(v) && !inA.has(v));
        let onlyB = 0;
        for (const v of onlyBVars) onlyB += size[v]!;
        // A needs at least ra.need - both mines outside B; if that equals |A\B|, all mines there
        // and then A∩B holds ra.need - onlyA, so B\A holds rb.need - (ra.need - onlyA).
        if (onlyA > 0 && ra.need - Math.min(both, rb.need) === onlyA) {
          mark(onlyAVars, 2);
          if (rb.need - (ra.need - onlyA) === 0) mark(onlyBVars, 1);
        } else if (onlyB > 0 && ra.need - onlyA >= rb.need) {
          // A's intersection with B must hold at least ra.need - onlyA = rb.need: B\A is safe.
          mark(onlyBVars, 1);
        }
      }
    }
  }
  // Iterative proportional fitting for the undecided variables.
  const p = new Float64Array(comp.vars.length);
  for (let v = 0; v < p.length; v++) p[v] = certain[v] === 2 ? 1 : certain[v] === 1 ? 0 : Math.min(0.99, Math.max(0.01, density));
  for (let iter = 0; iter < 60; iter++) {
    const sum = new Float64Array(p.length);
    const cnt = new Float64Array(p.length);
    for (const c of cons) {
      let expected = 0;
      for (const v of c.vars) expected += p[v]! * size[v]!;
      const factor = expected > 0 ? c.value / expected : 1;
      for (const v of c.vars) {
        sum[v]! += Math.min(1, p[v]! * factor);
        cnt[v]! += 1;
      }
    }
    for (let v = 0; v < p.length; v++) if (certain[v] === 0) p[v] = Math.min(0.999, Math.max(0.001, sum[v]! / cnt[v]!));
  }
  let expectedMines = 0;
  for (let v = 0; v < p.length; v++) expectedMines += p[v]! * size[v]!;
  return { p, certain, expectedMines };
}
