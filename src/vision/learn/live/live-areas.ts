// Cells in areas (8-connected) and whether an area could be one a game opened by itself. Pure.

/** Whether cells form one area (8-connected); none is one too. */
export function connected(cells: number[], table: Int32Array[]): boolean {
  return areasOf(cells, table).length <= 1;
}

/** Cells in their areas (8-connected: cells that touch, corners too). */
export function areasOf(cells: Iterable<number>, table: Int32Array[]): number[][] {
  const inSet = new Set(cells);
  const seen = new Set<number>();
  const areas: number[][] = [];
  for (const start of inSet) {
    if (seen.has(start)) continue;
    seen.add(start);
    const stack = [start], area: number[] = [];
    while (stack.length) {
      const i = stack.pop()!;
      area.push(i);
      for (const j of table[i]!) if (inSet.has(j) && !seen.has(j)) (seen.add(j), stack.push(j));
    }
    areas.push(area);
  }
  return areas;
}

/**
 * Whether cells could be an area a game opened by itself (a start area): none, or a cascade
 * from a 0 — which holds a cell whose every neighbour it holds. A row of cells along an edge
 * (the covered row of a board located a fraction of a cell off) holds none; nor does one cell
 * alone (a 0 opens its neighbours: a lone cell unlike the rest of a fresh board is a covered tile
 * cut a pixel off at a fractional pitch, or one the pointer lights, and taken for opened it was
 * a cell the solver held safe).
 */
export function cascadeShaped(cells: number[], table: Int32Array[]): boolean {
  if (!cells.length) return true;
  const inSet = new Set(cells);
  return connected(cells, table) && cells.some((i) => Array.from(table[i]!).every((j) => inSet.has(j)));
}
