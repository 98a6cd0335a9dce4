// Reference answers by brute force: every placement of the remaining mines over the unknown
// cells, kept when it matches every number. Only for small boards (tests).

import { COVERED, EXPLODED, FLAG, MINE, QUESTION, neighbourTable, type Board } from '../../src/core/board.js';

export interface BruteForce {
  /** Layouts consistent with the board. */
  total: number;
  /** Per cell index: layouts with a mine there (unknown cells only; -1 elsewhere). */
  mineCounts: number[];
}

/** Flags count as mines (the solver's policy when they are consistent). */
export function bruteForce(board: Board): BruteForce {
  const nb = neighbourTable(board.width, board.height);
  const unknown: number[] = [];
  let known = 0;
  board.cells.forEach((c, i) => {
    if (c === COVERED || c === QUESTION) unknown.push(i);
    else if (c === FLAG || c === MINE || c === EXPLODED) known++;
  });
  if (unknown.length > 24) throw new Error('too many unknown cells for brute force');
  const bit = new Map(unknown.map((cell, k) => [cell, k]));
  const checks: { mask: number; value: number }[] = [];
  board.cells.forEach((c, i) => {
    if (c > 8) return;
    let mask = 0;
    let value = c;
    for (const j of nb[i]!) {
      const cj = board.cells[j]!;
      if (cj === FLAG || cj === MINE || cj === EXPLODED) value--;
      else if (bit.has(j)) mask |= 1 << bit.get(j)!;
    }
    checks.push({ mask, value });
  });
  const left = board.mines - known;
  const mineCounts = new Array<number>(board.cells.length).fill(-1);
  for (const cell of unknown) mineCounts[cell] = 0;
  let total = 0;
  const popcount = (x: number) => {
    let n = 0;
    for (; x; x &= x - 1) n++;
    return n;
  };
  const n = unknown.length;
  if (left < 0 || left > n) return { total: 0, mineCounts };
  const visit = (layout: number) => {
    for (const ch of checks) if (popcount(layout & ch.mask) !== ch.value) return;
    total++;
    for (let k = 0; k < n; k++) if (layout & (1 << k)) mineCounts[unknown[k]!]!++;
  };
  if (left === 0) visit(0);
  else {
    // Gosper's hack: every n-bit word with `left` bits set, in increasing order.
    let x = (1 << left) - 1;
    const limit = 1 << n;
    while (x < limit) {
      visit(x);
      const c = x & -x;
      const r = x + c;
      x = (((r ^ x) >>> 2) / c) | r;
    }
  }
  return { total, mineCounts };
}
