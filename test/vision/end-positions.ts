// Expert games at their end, for the vision tests: lost with many mines shown, flags right and
// wrong and the exploded mine, or won with every mine flagged. Pure and seeded.
import { COVERED, EXPLODED, FLAG, MINE, WRONG_FLAG, createBoard, neighbourTable, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';

/**
 * An expert game at its end, from a seed: opened areas (blanks with their borders, some single
 * numbers), then either lost (every mine shown, some flagged, wrong flags on covered safe cells,
 * the exploded mine) or won (every mine flagged, every other cell open).
 */
export function endPosition(seed: number, end: 'lost' | 'won', cols = 30, rows = 16, mines = 99): Board {
  const rng = createRng(seed);
  const n = cols * rows;
  const layout = new Uint8Array(n);
  for (let k = 0; k < mines; ) {
    const i = rng.int(n);
    if (!layout[i]) (layout[i] = 1), k++;
  }
  const table = neighbourTable(cols, rows);
  const count = (i: number): number => table[i]!.reduce((a, j) => a + layout[j]!, 0);
  const open = new Uint8Array(n);
  const flood = (start: number): void => {
    const stack = [start];
    while (stack.length) {
      const i = stack.pop()!;
      if (open[i]) continue;
      open[i] = 1;
      if (count(i) === 0) for (const j of table[i]!) if (!layout[j]) stack.push(j);
    }
  };
  const share = 0.2 + rng.next() * 0.6;
  let opened = 0;
  for (let t = 0; t < 600 && opened < share * n; t++) {
    const i = rng.int(n);
    if (!layout[i] && (count(i) === 0 || rng.next() < 0.3)) flood(i);
    opened = open.reduce((a, b) => a + b, 0);
  }
  const board = createBoard(cols, rows, mines);
  const mineCells = [...layout.keys()].filter((i) => layout[i]);
  const exploded = mineCells[rng.int(mineCells.length)]!;
  for (let i = 0; i < n; i++) {
    if (end === 'won') board.cells[i] = layout[i] ? FLAG : count(i);
    else if (open[i]) board.cells[i] = count(i);
    else if (layout[i]) board.cells[i] = i === exploded ? EXPLODED : rng.next() < 0.3 ? FLAG : MINE;
    else board.cells[i] = rng.next() < 0.08 ? WRONG_FLAG : COVERED;
  }
  return board;
}

