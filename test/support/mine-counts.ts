// The truth of a drawn board laid out by hand (for tests that draw a game's cells themselves).
import { neighbourTable } from '../../src/core/board.js';

/** Each cell's count of the mines around it on a `cols`x`rows` board, row-major (-1: a mine). */
export function mineCounts(cols: number, rows: number, mines: readonly [number, number][]): number[] {
  const at = new Set(mines.map(([x, y]) => y * cols + x));
  return neighbourTable(cols, rows).map((around, i) => (at.has(i) ? -1 : [...around].filter((j) => at.has(j)).length));
}
