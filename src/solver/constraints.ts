// From a board to the equation system of the solver (docs/architecture.md "The solver", steps 1-3):
// one constraint per opened number next to unknown cells, unknown cells with identical
// constraint sets merged into one variable with a multiplicity, variables split into
// independent components.

import { COVERED, EXPLODED, FLAG, MINE, QUESTION, neighbourTable, type Board } from '../core/board.js';

export interface Constraint {
  /** The number's cell index (named when the constraint cannot be met). */
  cell: number;
  /** Mines still needed among its variables. */
  value: number;
  /** Variable ids. */
  vars: number[];
}

export interface Variable {
  /** Unknown cells sharing exactly the same constraints (1..8 of them). */
  cells: number[];
  /** Constraint ids. */
  constraints: number[];
}

export interface Component {
  vars: number[];
  constraints: number[];
}

export interface FrontierModel {
  /** Unknown cells (`.` and `?`, and flags when they are not trusted). */
  unknown: number[];
  /** Mines not yet accounted for by trusted flags and shown mines. */
  minesLeft: number;
  constraints: Constraint[];
  variables: Variable[];
  components: Component[];
  /** Unknown cells next to no number. */
  interior: number[];
}

/** A contradiction visible at one cell. */
export interface Contradiction {
  cell: number;
  reason: string;
}

/** What the model makes of a cell: unknown; a known mine; opened or otherwise known safe. */
export const UNKNOWN_CELL = 0;
export const KNOWN_MINE = 1;
export const KNOWN_SAFE = 2;

/**
 * A cell code as the model counts it. With `trustFlags`, flags are mines; without, unknown.
 * Shown mines (`*`, `X`, after a loss) are always mines; wrong flags (`!`) count as opened.
 */
export function cellKind(code: number, trustFlags: boolean): number {
  if (code === COVERED || code === QUESTION || (code === FLAG && !trustFlags)) return UNKNOWN_CELL;
  if (code === MINE || code === EXPLODED || code === FLAG) return KNOWN_MINE;
  return KNOWN_SAFE;
}

/** The last model built, and what it was built from (a copy of the cells). */
let last: { width: number; height: number; mines: number; trustFlags: boolean; cells: Uint8Array; model: FrontierModel | Contradiction } | null = null;

/**
 * Builds the model, counting each cell as cellKind says. The last one is remembered: a playout
 * analyses a position and then draws layouts of the same position (sample.ts). Models are never
 * modified by their users.
 */
export function buildModel(board: Board, trustFlags: boolean): FrontierModel | Contradiction {
  const l = last;
  if (l && l.trustFlags === trustFlags && l.width === board.width && l.height === board.height && l.mines === board.mines && sameCells(l.cells, board.cells)) return l.model;
  const model = buildModelAfresh(board, trustFlags);
  last = { width: board.width, height: board.height, mines: board.mines, trustFlags, cells: Uint8Array.from(board.cells), model };
  return model;
}

function sameCells(a: Uint8Array, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function buildModelAfresh(board: Board, trustFlags: boolean): FrontierModel | Contradiction {
  const n = board.cells.length;
  const nb = neighbourTable(board.width, board.height);
  const kind = new Uint8Array(n);
  let knownMines = 0;
  const unknown: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = cellKind(board.cells[i]!, trustFlags);
    kind[i] = k;
    if (k === UNKNOWN_CELL) unknown.push(i);
    else if (k === KNOWN_MINE) knownMines++;
  }
  const minesLeft = board.mines - knownMines;
  if (minesLeft < 0) {
    const first = board.cells.findIndex((c) => c === FLAG || c === MINE || c === EXPLODED);
    return { cell: Math.max(0, first), reason: `${knownMines} flags or shown mines but the board has only ${board.mines} mines` };
  }
  if (minesLeft > unknown.length) {
    return { cell: unknown[0] ?? 0, reason: `${minesLeft} mines left but only ${unknown.length} unknown cells` };
  }

  const constraints: Constraint[] = [];
  // Per frontier cell, its constraint ids (increasing) and a hash of them.
  const cellCons: number[][] = [];
  const consOf = new Int32Array(n).fill(-1);
  const hash = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = board.cells[i]!;
    if (c > 8) continue;
    let mines = 0;
    let open = 0;
    const around = nb[i]!;
    for (let t = 0; t < around.length; t++) {
      const k = kind[around[t]!];
      if (k === KNOWN_MINE) mines++;
      else if (k === UNKNOWN_CELL) open++;
    }
    const bad = numberContradiction(i, c, mines, open);
    if (bad) return bad;
    const value = c - mines;
    if (open === 0) continue;
    const id = constraints.length;
    constraints.push({ cell: i, value, vars: [] });
    for (let t = 0; t < around.length; t++) {
      const j = around[t]!;
      if (kind[j] !== UNKNOWN_CELL) continue;
      if (consOf[j]! < 0) {
        consOf[j] = cellCons.length;
        cellCons.push([]);
      }
      cellCons[consOf[j]!]!.push(id);
      hash[j] = Math.imul(hash[j]! ^ (id + 1), 0x9e3779b1);
    }
  }

  // Merge unknown cells with identical constraint sets (ids are pushed in increasing order).
  const variables: Variable[] = [];
  const interior: number[] = [];
  const byHash = new Map<number, number[]>();
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, t) => x === b[t]);
  for (const i of unknown) {
    if (consOf[i]! < 0) {
      interior.push(i);
      continue;
    }
    const cons = cellCons[consOf[i]!]!;
    let bucket = byHash.get(hash[i]!);
    if (!bucket) byHash.set(hash[i]!, (bucket = []));
    let v = bucket.find((w) => same(variables[w]!.constraints, cons));
    if (v === undefined) {
      v = variables.length;
      bucket.push(v);
      variables.push({ cells: [], constraints: cons });
      for (const c of cons) constraints[c]!.vars.push(v);
    }
    variables[v]!.cells.push(i);
  }

  // Independent components: union-find over variables joined by constraints.
  const parent = variables.map((_, i) => i);
  const find = (a: number): number => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!;
    return a;
  };
  for (const con of constraints) for (let k = 1; k < con.vars.length; k++) parent[find(con.vars[k]!)] = find(con.vars[0]!);
  const compOf = new Map<number, Component>();
  const components: Component[] = [];
  variables.forEach((_, v) => {
    const root = find(v);
    let comp = compOf.get(root);
    if (!comp) {
      comp = { vars: [], constraints: [] };
      compOf.set(root, comp);
      components.push(comp);
    }
    comp.vars.push(v);
  });
  constraints.forEach((con, c) => compOf.get(find(con.vars[0]!))!.constraints.push(c));
  return { unknown, minesLeft, constraints, variables, components, interior };
}

/** Why a number showing `shown` cannot be met with `mines` known mines and `open` unknown cells around it, or null. */
export function numberContradiction(cell: number, shown: number, mines: number, open: number): Contradiction | null {
  if (shown < mines) return { cell, reason: `shows ${shown} but has ${mines} flagged or shown mines around it` };
  if (shown > mines + open) return { cell, reason: `shows ${shown} but only ${mines + open} neighbouring cells could hold a mine` };
  return null;
}

export function isContradiction<T extends object>(x: T | Contradiction): x is Contradiction {
  return 'reason' in x;
}
