// Quick certain moves from single numbers, to a fixed point: a number whose known mines already
// match it makes its other unknown neighbours safe; one whose unknown neighbours are exactly the
// mines it still needs makes them mines. The strategy plays these before asking the (costlier)
// exact analysis, which then only runs when this finds nothing. Flags count as mines, as in the
// exact analysis; a board where that is locally impossible gets no quick answer (null).

import { COVERED, EXPLODED, FLAG, MINE, QUESTION, neighbourTable, type Board } from '../core/board.js';

/**
 * What one number decides about its unknown neighbours (`kind`: 0 unknown, 1 mine, 2 safe or
 * opened): 2 all safe (its mines are known), 1 all mines (it needs every one), 0 nothing (or none
 * unknown), -1 a contradiction (more mines known than it says, or too few cells left for them).
 */
export function numberVerdict(kind: Uint8Array, around: ArrayLike<number>, value: number): -1 | 0 | 1 | 2 {
  let known = 0;
  let open = 0;
  for (let k = 0; k < around.length; k++) {
    const c = kind[around[k]!]!;
    if (c === 1) known++;
    else if (c === 0) open++;
  }
  if (known > value || known + open < value) return -1;
  if (open === 0) return 0;
  return known === value ? 2 : known + open === value ? 1 : 0;
}

export function quickDeductions(board: Board): { safe: number[]; mines: number[] } | null {
  const n = board.cells.length;
  const nb = neighbourTable(board.width, board.height);
  // 0 unknown, 1 mine (known or deduced), 2 safe or opened
  const kind = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = board.cells[i]!;
    kind[i] = c === COVERED || c === QUESTION ? 0 : c === FLAG || c === MINE || c === EXPLODED ? 1 : 2;
  }
  const safe: number[] = [];
  const mines: number[] = [];
  const queue: number[] = [];
  const queued = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (board.cells[i]! <= 8) ((queued[i] = 1), queue.push(i));
  while (queue.length) {
    const i = queue.pop()!;
    queued[i] = 0;
    const what = numberVerdict(kind, nb[i]!, board.cells[i]!);
    if (what < 0) return null;
    if (what === 0) continue;
    for (const j of nb[i]!) {
      if (kind[j] !== 0) continue;
      kind[j] = what;
      (what === 2 ? safe : mines).push(j);
      // Numbers around a newly decided cell may now decide more.
      for (const k of nb[j]!) if (board.cells[k]! <= 8 && !queued[k]) ((queued[k] = 1), queue.push(k));
    }
  }
  return { safe, mines };
}
