// Mine layouts drawn uniformly from all those consistent with a position: what `think` plays its
// playouts on. Exact, not a Markov chain: the frontier's mine total is drawn with its true weight
// (the components' solution counts times C(R, mines left outside)), then each component's count
// from the product of the others', then one of its solutions by a backward walk over its sweep
// (enumerate.ts), the cells of each merged variable and the interior cells uniformly.

import { FLAG, type Board } from '../core/board.js';
import { sampleInPlace, type Rng } from '../core/rng.js';
import { convolve, logChoose } from './combinatorics.js';
import { KNOWN_MINE, buildModel, cellKind, isContradiction, type Component, type FrontierModel } from './constraints.js';
import type { ComponentSweep } from './enumerate.js';
import { cachedSweep, type AnalyzeOptions } from './probability.js';

export interface LayoutSampler {
  /** One layout, 1 = mine, row-major; flags and shown mines are mines. */
  draw(rng: Rng): Uint8Array;
}

/** Picks an index with probability proportional to weights[i] (all >= 0, some > 0). */
function pickWeighted(weights: ArrayLike<number>, rng: Rng): number {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i]!;
  let r = rng.next() * total;
  let last = -1;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i]!;
    if (!(w > 0)) continue;
    last = i;
    r -= w;
    if (r < 0) return i;
  }
  return last;
}

/**
 * A sampler for `board` (flags taken as mines), or null when the position cannot be sampled
 * exactly: a component over the sweep budget, or flags that contradict the numbers.
 */
export function layoutSampler(board: Board, options: AnalyzeOptions = {}): LayoutSampler | null {
  const built = buildModel(board, true);
  if (isContradiction(built)) return null;
  const model: FrontierModel = built;
  const budget = { maxStates: options.maxStates ?? 20_000, maxTransitions: options.maxTransitions ?? 400_000 };
  const parts: { comp: Component; sweep: ComponentSweep; counts: Float64Array }[] = [];
  for (const comp of model.components) {
    const out = cachedSweep(model, comp, budget);
    if (out.kind !== 'ok') return null;
    parts.push({ comp, sweep: out.sweep, counts: out.sweep.scaled.counts });
  }
  const prefix: Float64Array[] = [new Float64Array([1])];
  for (const part of parts) prefix.push(convolve(prefix[prefix.length - 1]!, part.counts));
  const total = prefix[parts.length]!;
  const L = model.minesLeft;
  const R = model.interior.length;
  // Weight of each frontier total m: its count times C(R, L - m), relative to the largest.
  const logs = Array.from(total, (_, m) => (L - m >= 0 && L - m <= R && total[m]! > 0 ? logChoose(R, L - m) : -Infinity));
  const ref = Math.max(...logs);
  if (ref === -Infinity) return null;
  const weights = Float64Array.from(total, (c, m) => c * Math.exp(logs[m]! - ref));
  if (!weights.some((w) => w > 0)) return null;
  const known: number[] = [];
  for (let i = 0; i < board.cells.length; i++) if (cellKind(board.cells[i]!, true) === KNOWN_MINE || board.cells[i] === FLAG) known.push(i);
  const interior = Int32Array.from(model.interior);
  return {
    draw(rng: Rng): Uint8Array {
      const layout = new Uint8Array(board.cells.length);
      for (const i of known) layout[i] = 1;
      let m = pickWeighted(weights, rng);
      const outside = L - m;
      for (let c = parts.length - 1; c >= 0; c--) {
        const { comp, sweep, counts } = parts[c]!;
        const before = prefix[c]!;
        const w = Float64Array.from(counts, (x, k) => (m - k >= 0 && m - k < before.length ? x * before[m - k]! : 0));
        const mc = pickWeighted(w, rng);
        m -= mc;
        const perPosition = sweep.sample(mc, () => rng.next());
        if (!perPosition) throw new Error(`sampler: component has no solution with ${mc} mines`);
        sweep.order.forEach((localVar, pos) => {
          const cells = model.variables[comp.vars[localVar]!]!.cells.slice();
          for (const cell of sampleInPlace(cells, perPosition[pos]!, rng)) layout[cell] = 1;
        });
      }
      for (const cell of sampleInPlace(interior, outside, rng)) layout[cell] = 1;
      return layout;
    },
  };
}
