// The truth of a drawn board laid out by hand (for tests that draw a game's cells themselves).
import { neighbourTable } from '../../src/core/board.js';

/** Each cell's count of the mines around it on a `cols`x`rows` board, row-major (-1: a mine). */
export function mineCounts(cols: number, rows: number, mines: readonly [number, number][]): number[] {
  const at = new Set(mines.map(([x, y]) => y * cols + x));
  return neighbourTable(cols, rows).map((around, i) => (at.has(i) ? -1 : [...around].filter((j) => at.has(j)).length));
}

/** What a click on 0 cell `i` of such a board opens (`counts` as mineCounts gives them): its 0s and the numbers around them. */
export function cascadeOf(cols: number, rows: number, counts: readonly number[], i: number): number[] {
  const around = neighbourTable(cols, rows);
  const seen = new Set([i]);
  const stack = [i];
  while (stack.length) {
    const c = stack.pop()!;
    if (counts[c] !== 0) continue;
    for (const j of around[c]!) if (!seen.has(j)) (seen.add(j), stack.push(j));
  }
  return [...seen];
}
