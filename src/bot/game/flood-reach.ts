// Where an opening's flood may go that nobody foresaw: the cells a batch's later clicks must not be
// aimed at before the opening is seen on the screen. Pure.
//
// A cell a flood opened shows as a number, and a game may act on a click on a number: a chord, or
// (assisken/minesweeper-html5) every unflagged neighbour opened whatever the flags. A batch's next
// click is checked against the frame before it is made, but a browser draws a click a frame or two
// later: the check saw the cell still covered, and the click on the number opened a mine.

import { FLAG, isUnknown, neighbourTable, type Board } from '../../core/board.js';

/**
 * The cells opening the cells `from` (row-major) may open: none but those unless one may be a 0
 * (closed, no known mine beside it); then its neighbours, and on through every closed neighbour
 * that may be a 0 too. `mines`: the cells known to be mines (flags standing or planned).
 */
export function floodReach(board: Board, from: readonly number[], mines: ReadonlySet<number>, table: Int32Array[] = neighbourTable(board.width, board.height)): Set<number> {
  const reach = new Set<number>(from);
  const mayBeZero = (i: number): boolean => isUnknown(board.cells[i]!) && !mines.has(i) && !table[i]!.some((j) => mines.has(j));
  const todo = from.filter(mayBeZero);
  const seen = new Set<number>(todo);
  while (todo.length) {
    const i = todo.pop()!;
    for (const j of table[i]!) {
      if (mines.has(j)) continue;
      reach.add(j);
      if (!seen.has(j) && mayBeZero(j)) {
        seen.add(j);
        todo.push(j);
      }
    }
  }
  return reach;
}

/** The cells known to be mines as a batch starts: the flags standing, and those its clicks plant. */
export function knownMines(board: Board, flagged: Iterable<{ x: number; y: number }>): Set<number> {
  const out = new Set<number>();
  board.cells.forEach((c, i) => {
    if (c === FLAG) out.add(i);
  });
  for (const m of flagged) out.add(m.y * board.width + m.x);
  return out;
}
