// The numbers of opened cells whose looks are not learned yet, worked out by logic when the game
// did not show where its mines are (sgt-mines shows only the mine that blew up). Pure.
//
// - An opened cell with no closed neighbour is a 0: a number has a mine beside it, and mines stay
//   closed. One with a closed neighbour is a 0 only where its look is a 0's: most games open a
//   0's neighbours with it, but not all (PedroMR/react-mines), so a look is ruled out as a 0 only
//   when a 0's look is known (a cell read as 0, or one with no closed neighbour) and it is unlike it.
// - The other unknown cells are grouped by look (the same number looks the same). Each group's
//   number is one of 1 .. (its cells' fewest closed neighbours). A number is possible for a group
//   only if the board stays consistent (some mine layout fits) with that group showing it and
//   every other unknown group showing nothing; the true number always passes this test, so a
//   group with a single number left has that number. Groups fixed so are used for the others,
//   until nothing changes.

import { COVERED, EXPLODED, FLAG, MINE, OPENED, QUESTION, type Board } from '../../core/board.js';
import { correlation, type Vec } from './looks.js';

/** Whether some mine layout fits a board (the solver's verdict). */
export type Consistent = (board: Board) => boolean;

/** Two looks at least this close are taken for the same number. */
const SAME_NUMBER = 0.97;
/** ... and at most this far apart in mean level (0..255). */
const SAME_LEVEL = 6;

const closed = (c: number): boolean => c === COVERED || c === FLAG || c === QUESTION || c === MINE || c === EXPLODED;

/**
 * Numbers for the opened cells of `board` whose number is not known ('+'), where logic fixes
 * them: cell index → number (0 too). `looks` holds every cell's look; `table` the neighbours.
 */
export function deduceDigits(board: Board, looks: Vec[], table: Int32Array[], consistent: Consistent): Map<number, number> {
  const cells = Uint8Array.from(board.cells);
  const out = new Map<number, number>();
  const unknown: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== OPENED) continue;
    if (table[i]!.some((j) => closed(cells[j]!))) unknown.push(i);
    else out.set(i, 0);
  }
  for (const [i, d] of out) cells[i] = d;
  // groups of alike looks
  const groups: number[][] = [];
  for (const i of unknown) {
    const g = groups.find((g) => alike(looks[g[0]!]!, looks[i]!));
    if (g) g.push(i);
    else groups.push([i]);
  }
  // the looks of 0s: cells read as 0 and cells fixed as 0 above
  const zeros = [...cells.keys()].filter((i) => cells[i] === 0).map((i) => looks[i]!);
  const mayBeZero = (g: number[]): boolean => !zeros.length || zeros.some((z) => alike(z, looks[g[0]!]!));
  const open = new Set(groups.keys());
  for (let changed = true; changed && open.size; ) {
    changed = false;
    for (const k of [...open]) {
      const g = groups[k]!;
      const most = Math.min(...g.map((i) => table[i]!.filter((j) => closed(cells[j]!)).length));
      const possible: number[] = [];
      for (let d = mayBeZero(g) ? 0 : 1; d <= most; d++) {
        for (const i of g) cells[i] = d;
        if (consistent({ ...board, cells })) possible.push(d);
      }
      for (const i of g) cells[i] = OPENED;
      if (possible.length !== 1) continue;
      for (const i of g) ((cells[i] = possible[0]!), out.set(i, possible[0]!));
      open.delete(k);
      changed = true;
    }
  }
  return out;
}

function alike(a: Vec, b: Vec): boolean {
  return Math.abs(a.mean - b.mean) <= SAME_LEVEL && correlation(a, b) >= SAME_NUMBER;
}
