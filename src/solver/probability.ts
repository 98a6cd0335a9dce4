// Exact mine probabilities for every covered cell (docs/architecture.md "The solver", steps 1-5).
//
// Flags: they are treated as mines when that is consistent with the numbers and the mine total;
// if it is not (a wrong flag), every flag is treated as an ordinary covered cell instead and the
// analysis says so (`flagsTrusted: false`, and a note). With trusted flags a flag's probability is
// 1; with ignored flags it gets its computed probability like any covered cell.
//
// Numbers stay finite on any board: each component's solution counts are at most 2^(cells), the
// binomial weights of the unconstrained cells are taken as ratios to the largest one (from
// logarithms), and the component counts are scaled to a maximum of 1 before they are multiplied.

import { FLAG, neighbourTable, xyOf, type Board } from '../core/board.js';
import { approximateComponent } from './approximate.js';
import { convolve, logChoose, smallChoose } from './combinatorics.js';
import { KNOWN_MINE, UNKNOWN_CELL, buildModel, cellKind, isContradiction, numberContradiction, type Component, type Contradiction, type FrontierModel } from './constraints.js';
import { planSweep, runSweep, valuesOf, type Budget, type SweepOutcome, type SweepPlan } from './enumerate.js';

export interface Analysis {
  /** Per cell index: mine probability of `.` and `?` cells (and of flags, see above); NaN elsewhere. */
  probabilities: Float64Array;
  /** Covered cells that are certainly safe. */
  safe: number[];
  /** Covered, unflagged cells that are certainly mines. */
  mines: number[];
  /** True when some component was too large and got the bounded approximation. */
  approximate: boolean;
  note?: string;
  /** Whether flags were counted as mines (false when that contradicted the numbers). */
  flagsTrusted: boolean;
  /** ln of the number of mine layouts consistent with the board (exact unless approximate). */
  logLayouts: number;
  /**
   * Set by the XP weighting (xp.ts): the first click whose moved mine the probabilities weigh
   * (UNKNOWN_CLICK, -1, when not known); a layout then counts 1 + (its run of mines at the start
   * of reading order, this cell skipped).
   */
  xpClick?: number;
}

export interface AnalyzeOptions {
  /** Components with more merged variables than this are approximated (default: no limit). */
  maxComponentVars?: number;
  /** Most states at one step of a component's sweep before it is approximated (default 20,000). */
  maxStates?: number;
  /** Most state transitions in one component's sweep before it is approximated (default 400,000). */
  maxTransitions?: number;
}

/** An impossible board: no mine layout fits it. Names a cell where the contradiction shows. */
export class InconsistentBoardError extends Error {
  constructor(
    readonly x: number,
    readonly y: number,
    readonly reason: string,
  ) {
    super(`impossible board at (${x},${y}): ${reason}`);
    this.name = 'InconsistentBoardError';
  }
}

/** Full analysis; throws InconsistentBoardError for an impossible board. */
export function analyze(board: Board, options: AnalyzeOptions = {}): Analysis {
  const result = tryAnalyze(board, options);
  if (isContradiction(result)) {
    const [x, y] = xyOf(board, result.cell);
    throw new InconsistentBoardError(x, y, result.reason);
  }
  return result;
}

/**
 * Like analyze, but returns the contradiction instead of throwing (cheap for look-ahead).
 *
 * With `focus`, the board is `focus.base`'s board with one more cell opened (`focus.cell`): only
 * the components next to that cell get fresh probabilities, every other covered cell keeps its
 * probability from the base analysis (its exact value moves a little with the mine count). The
 * layout count and everything near the cell stay exact. This is what the look-ahead needs, fast
 * (the safe and mine lists then come unsorted).
 */
export function tryAnalyze(board: Board, options: AnalyzeOptions = {}, focus?: Focus): Analysis | Contradiction {
  const hasFlags = board.cells.includes(FLAG);
  const trusted = analyzeWith(board, true, options, focus);
  if (!hasFlags || !isContradiction(trusted)) return trusted;
  const untrusted = analyzeWith(board, false, options, focus);
  if (isContradiction(untrusted)) return untrusted;
  const [x, y] = xyOf(board, trusted.cell);
  const note = `flags ignored: counting them as mines contradicts the board at (${x},${y}) (${trusted.reason})`;
  untrusted.note = untrusted.note ? `${note}; ${untrusted.note}` : note;
  return untrusted;
}

/**
 * Sweeps of recently seen components. Between two decisions of a game (and between the boards
 * the look-ahead imagines) most components do not change, so they are not enumerated again.
 * The key lists the component's numbers (cell and mines still needed) and its variables' cells,
 * which determine the sweep completely.
 */
const sweepCache = new Map<string, SweepOutcome>();
const CACHE_SIZE = 2048;

/** The sweep's cache key, and the key of its shape alone (for the plan cache). */
function componentKeys(model: FrontierModel, comp: Component, budget: Budget): [string, string] {
  // Two independent 32-bit hashes of the numbers (cell, need), the variables (cells) and which
  // numbers each variable belongs to, with the sizes: together they determine the sweep, and a
  // collision needs both hashes to agree by chance (about 1 in 2^64). The shape's hashes leave
  // out the needs.
  let h1 = 0x811c9dc5;
  let h2 = 0x9e3779b9;
  const mix = (x: number) => {
    h1 = Math.imul(h1 ^ x, 0x01000193);
    h2 = Math.imul((h2 << 5) | (h2 >>> 27), 0x85ebca6b) ^ Math.imul(x + 0x6b43a9b5, 0xc2b2ae35);
  };
  for (const c of comp.constraints) mix(model.constraints[c]!.cell);
  mix(-1);
  // The variables with their cells and the constraints they belong to (the structure).
  for (const v of comp.vars) {
    for (const cell of model.variables[v]!.cells) mix(cell);
    mix(-2);
    for (const c of model.variables[v]!.constraints) mix(model.constraints[c]!.cell);
    mix(-3);
  }
  const shape = `${comp.constraints.length}:${comp.vars.length}:${h1 >>> 0}:${h2 >>> 0}`;
  mix(budget.maxStates);
  mix(budget.maxTransitions);
  for (const c of comp.constraints) mix(model.constraints[c]!.value);
  return [`${shape}:${h1 >>> 0}:${h2 >>> 0}`, shape];
}

/** Plans of recently swept shapes (see enumerate.ts SweepPlan). */
const planCache = new Map<string, SweepPlan>();
const PLAN_CACHE_SIZE = 512;

/** The sweep of one component, from the cache when it was swept before (shared with sample.ts). */
export function cachedSweep(model: FrontierModel, comp: Component, budget: Budget): SweepOutcome {
  const [key, shape] = componentKeys(model, comp, budget);
  const hit = sweepCache.get(key);
  if (hit) {
    sweepCache.delete(key);
    sweepCache.set(key, hit);
    return hit;
  }
  let plan = planCache.get(shape);
  if (!plan) {
    plan = planSweep(model, comp);
    planCache.set(shape, plan);
    if (planCache.size > PLAN_CACHE_SIZE) planCache.delete(planCache.keys().next().value!);
  }
  const out = runSweep(plan, valuesOf(model, comp), budget);
  sweepCache.set(key, out);
  if (sweepCache.size > CACHE_SIZE) sweepCache.delete(sweepCache.keys().next().value!);
  return out;
}

export interface Focus {
  cell: number;
  base: Analysis;
  /** Array to reuse for the probabilities (the caller is done with the previous result). */
  scratch?: Float64Array;
  /**
   * Models built for this focus cell, by flag trust. The look-ahead analyses one board per
   * number the cell could show; they differ in that number only, so the model is built once
   * and then only that constraint's value changes.
   */
  models?: { trusted?: FrontierModel; untrusted?: FrontierModel };
}

/** The model of `board` (via `focus.models` when the focus cell's number is all that changed). */
function modelOf(board: Board, trustFlags: boolean, focus?: Focus): FrontierModel | Contradiction {
  const memo = focus?.models;
  const known = memo && (trustFlags ? memo.trusted : memo.untrusted);
  if (!memo || !known) {
    const built = buildModel(board, trustFlags);
    if (memo && !isContradiction(built)) {
      if (trustFlags) memo.trusted = built;
      else memo.untrusted = built;
    }
    return built;
  }
  const cell = focus.cell;
  const shown = board.cells[cell]!;
  let mines = 0;
  let open = 0;
  for (const j of neighbourTable(board.width, board.height)[cell]!) {
    const kind = cellKind(board.cells[j]!, trustFlags);
    if (kind === KNOWN_MINE) mines++;
    else if (kind === UNKNOWN_CELL) open++;
  }
  const bad = numberContradiction(cell, shown, mines, open);
  if (bad) return bad;
  const value = shown - mines;
  const at = known.constraints.findIndex((con) => con.cell === cell);
  if (at < 0) return known;
  const constraints = known.constraints.slice();
  constraints[at] = { ...constraints[at]!, value };
  return { ...known, constraints };
}

interface Part {
  /** Weighted solution counts by mine count, scaled to a maximum of 1. */
  counts: Float64Array;
  logScale: number;
  finish: (outside: Float64Array) => void;
  /** Whether finish uses the outside weights (not for components the focus keeps). */
  weighs: boolean;
}

function analyzeWith(board: Board, trustFlags: boolean, options: AnalyzeOptions, focus?: Focus): Analysis | Contradiction {
  const built = modelOf(board, trustFlags, focus);
  if (isContradiction(built)) return built;
  const model: FrontierModel = built;
  const budget: Budget = { maxStates: options.maxStates ?? 20_000, maxTransitions: options.maxTransitions ?? 400_000 };
  const maxVars = options.maxComponentVars ?? Infinity;
  const probabilities = (focus?.scratch ?? new Float64Array(board.cells.length)).fill(NaN);
  if (trustFlags) for (let i = 0; i < board.cells.length; i++) if (board.cells[i] === FLAG) probabilities[i] = 1;
  const safeSet: number[] = [];
  const mineSet: number[] = [];
  const notes: string[] = [];
  const L = model.minesLeft;
  const R = model.interior.length;
  const density = model.unknown.length ? L / model.unknown.length : 0;

  const parts: Part[] = [];
  const near = new Set<number>(focus ? neighbourTable(board.width, board.height)[focus.cell]! : []);
  const touches = (comp: Component): boolean => {
    for (const v of comp.vars) for (const cell of model.variables[v]!.cells) if (near.has(cell)) return true;
    return false;
  };
  for (const comp of model.components) {
    let reason: string | undefined;
    if (comp.vars.length > maxVars) reason = `component of ${comp.vars.length} variables is over the limit of ${maxVars}`;
    else {
      const out = cachedSweep(model, comp, budget);
      if (out.kind === 'contradiction') return { cell: out.cell, reason: 'no mine layout satisfies this number together with its neighbours' };
      if (out.kind === 'over-budget') reason = out.reason;
      else {
        const sweep = out.sweep;
        const { counts, max } = sweep.scaled;
        if (focus && !touches(comp)) {
          parts.push({
            counts,
            logScale: Math.log(max),
            finish: () => {
              for (const v of comp.vars) for (const cell of model.variables[v]!.cells) probabilities[cell] = focus.base.probabilities[cell]!;
            },
            weighs: false,
          });
          continue;
        }
        parts.push({
          counts,
          logScale: Math.log(max),
          finish: (outside) => {
            const { mine, safe } = sweep.weigh(outside);
            sweep.order.forEach((localVar, i) => {
              const v = comp.vars[localVar]!;
              const mw = mine[i]!;
              const sw = safe[i]!;
              const p = mw === 0 ? 0 : sw === 0 ? 1 : mw / (mw + sw);
              for (const cell of model.variables[v]!.cells) {
                probabilities[cell] = p;
                if (mw === 0) safeSet.push(cell);
                else if (sw === 0 && board.cells[cell] !== FLAG) mineSet.push(cell);
              }
            });
          },
          weighs: true,
        });
        continue;
      }
    }
    // Bounded approximation.
    notes.push(`approximated: ${reason}`);
    const approx = approximateComponent(model, comp, density);
    // Its mine count, as if its variables were independent with the approximate probabilities
    // (so every count the component might hold keeps some weight).
    let counts: Float64Array = new Float64Array([1]);
    comp.vars.forEach((v, i) => {
      const k = model.variables[v]!.cells.length;
      const q = approx.certain[i] === 1 ? 0 : approx.certain[i] === 2 ? 1 : approx.p[i]!;
      const poly = new Float64Array(k + 1);
      for (let j = 0; j <= k; j++) poly[j] = smallChoose(k, j) * q ** j * (1 - q) ** (k - j);
      counts = convolve(counts, poly);
    });
    let top = 0;
    for (const x of counts) top = Math.max(top, x);
    counts = counts.map((x) => x / top);
    comp.vars.forEach((v, i) => {
      for (const cell of model.variables[v]!.cells) {
        probabilities[cell] = approx.p[i]!;
        if (approx.certain[i] === 1) safeSet.push(cell);
        else if (approx.certain[i] === 2 && board.cells[cell] !== FLAG) mineSet.push(cell);
      }
    });
    parts.push({ counts, logScale: 0, finish: () => {}, weighs: false });
  }

  // Global mine count: prefix and suffix products of the component count polynomials.
  const K = parts.length;
  const prefix: Float64Array[] = [new Float64Array([1])];
  for (let c = 0; c < K; c++) prefix.push(convolve(prefix[c]!, parts[c]!.counts));
  const suffix: Float64Array[] = new Array(K + 1);
  suffix[K] = new Float64Array([1]);
  for (let c = K - 1; c >= 0; c--) suffix[c] = convolve(parts[c]!.counts, suffix[c + 1]!);
  const total = prefix[K]!;
  const maxFrontier = total.length - 1;
  // Weight of the unconstrained cells holding t mines: C(R, t) relative to the largest feasible one.
  const tLo = Math.max(0, L - maxFrontier);
  const tHi = Math.min(R, L);
  const firstCell = model.constraints[0]?.cell ?? model.unknown[0] ?? 0;
  if (tLo > tHi) {
    return { cell: firstCell, reason: `the numbers allow at most ${maxFrontier} mines next to them and ${R} elsewhere, but ${L} are left` };
  }
  let ref = -Infinity;
  for (let t = tLo; t <= tHi; t++) ref = Math.max(ref, logChoose(R, t));
  const B = new Float64Array(R + 1);
  for (let t = tLo; t <= tHi; t++) B[t] = Math.max(Math.exp(logChoose(R, t) - ref), 1e-300);
  const weightOf = (t: number) => (t >= 0 && t <= R ? B[t]! : 0);
  let Z = 0;
  let interiorMine = 0;
  let interiorSafe = 0;
  for (let m = 0; m <= maxFrontier; m++) {
    const w = total[m]! * weightOf(L - m);
    Z += w;
    interiorMine += w * (L - m);
    interiorSafe += w * (R - (L - m));
  }
  if (!(Z > 0)) {
    return { cell: firstCell, reason: `no way to place the ${L} remaining mines: the numbers need a different mine count` };
  }
  for (let c = 0; c < K; c++) {
    const part = parts[c]!;
    if (!part.weighs) {
      part.finish(new Float64Array(0));
      continue;
    }
    const others = convolve(prefix[c]!, suffix[c + 1]!);
    const outside = new Float64Array(part.counts.length);
    for (let m = 0; m < outside.length; m++) {
      let s = 0;
      for (let r = 0; r < others.length; r++) s += others[r]! * weightOf(L - m - r);
      outside[m] = s;
    }
    part.finish(outside);
  }
  if (R > 0) {
    const p = interiorMine === 0 ? 0 : interiorSafe === 0 ? 1 : interiorMine / (interiorMine + interiorSafe);
    for (const cell of model.interior) {
      probabilities[cell] = p;
      if (interiorMine === 0) safeSet.push(cell);
      else if (interiorSafe === 0 && board.cells[cell] !== FLAG) mineSet.push(cell);
    }
  }
  let logLayouts = ref + Math.log(Z);
  for (const part of parts) logLayouts += part.logScale;
  if (!focus) {
    safeSet.sort((a, b) => a - b);
    mineSet.sort((a, b) => a - b);
  }
  const analysis: Analysis = {
    probabilities,
    safe: safeSet,
    mines: mineSet,
    approximate: notes.length > 0,
    flagsTrusted: trustFlags,
    logLayouts,
  };
  if (notes.length) analysis.note = notes.join('; ');
  return analysis;
}
