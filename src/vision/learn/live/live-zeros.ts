// What a live learner makes of 0s (live-judge.ts): no 0 a game shows lies beside a closed cell (a
// game opens a 0's neighbours with it), so a cell read as 0 there is a number not learned yet or a
// cell caught drawn before its number; and which cells opened may be 0s, drawn as the 0s seen
// before are, through which a cascade goes on. Pure.

import { OPENED, isClosed, isUnknown } from '../../../core/board.js';
import type { RgbaImage } from '../../image.js';
import { interiorOf, sameDrawing } from './live-looks.js';
import { connected } from './live-areas.js';
import { UNSURE, type Watch } from './live-watch.js';

/** Looks of blank opened cells compared with at most (they come in a few: shades, a checkerboard's two). */
const MAX_BLANK_LOOKS = 8;

/**
 * An ended game's board with no 0 beside a closed cell: such a 0 is a cell caught drawn before its
 * number (KMines draws the face of the last cell opened, then its number; the win ended the game
 * on that frame, and an ended game's board stays as it ended), so it is opened, number unknown. A
 * game opens every neighbour of a 0, and the bot flags only mines, none of which touches a 0.
 */
export function noZeroBesideClosed(codes: Uint8Array, table: Int32Array[]): Uint8Array {
  return codes.map((c, i) => (zeroBesideClosed(codes, table, i) ? OPENED : c));
}

/** Whether cell i reads 0 beside a closed cell: no 0 a game shows (it opens a 0's neighbours). */
function zeroBesideClosed(codes: Uint8Array, table: Int32Array[], i: number): boolean {
  return codes[i] === 0 && table[i]!.some((j) => isClosed(codes[j]!));
}

/**
 * A cell read as 0 next to a closed one is no 0 (a game opens a 0's neighbours with it): a
 * number not learned yet, taken for a blank. It becomes unsure (the cascade rule may still
 * take it as opened, number unknown).
 */
export function noFalseZeros(w: Watch, out: Uint8Array, cells: Iterable<number>): void {
  const zeros = [...cells].filter((i) => zeroBesideClosed(out, w.zeroOpens, i));
  for (const i of zeros) out[i] = UNSURE;
}

/**
 * Whether the closed cells that changed are what a 0 at `click` opens: every closed neighbour of
 * the click (its sides, in a game whose 0s open only those) changed with it, all of one piece.
 * Their count making the mine total then tells no loss: ovanderzee/mine-sweeper's first click
 * opened a corner 0 and its 2, 1 and 3 (small dark digits on one light tile, alike), four cells of
 * a 4-mine game, and the 0 was saved as the mine that blew up, the numbers as mines. A loss whose
 * mines all lie around the cell hit is read as the game going on: its next clicks change nothing.
 */
export function zeroOpening(w: Watch, prev: Uint8Array, changed: Set<number>, click: number): boolean {
  if (!Array.from(w.zeroOpens[click]!).every((j) => !isUnknown(prev[j]!) || changed.has(j))) return false;
  return connected([...changed].filter((i) => isUnknown(prev[i]!)), w.table);
}

/**
 * Of the cells the last clicks opened, those beside a closed cell that changed now that may be
 * a 0 whose cascade is still being drawn: a cascade goes on only through 0s. A 0 the skin does
 * not know yet looks like the opened cells every neighbour of which is open (those are 0s: a
 * number has a mine beside it). A cell of another look is a number: a closed cell beside it
 * that changed now is no late part of the cascade, but a mine a loss shows (Google's shows its
 * mines in many colours, none alike, each beside the numbers it counts). With no such cell to
 * compare with (a cascade drawn in steps, its first frame its clicked cell and a ring), any.
 */
export function mayBeZeros(w: Watch, recent: number[], changed: Set<number>, prev: Uint8Array): number[] {
  const beside = recent.filter((i) => Array.from(w.table[i]!).some((j) => changed.has(j) && isClosed(prev[j]!)));
  if (!beside.length || !w.image || !w.imageGrid) return beside;
  const blank = blankInteriors(w, prev);
  if (!blank.length) return beside;
  return beside.filter((i) => drawnAsZero(w, prev, blank, i));
}

/** Whether cell `i` of the last frame is a 0, or opened and drawn inside its edges as one of the 0s (`blank`, blankInteriors). */
export function drawnAsZero(w: Watch, prev: Uint8Array, blank: RgbaImage[], i: number): boolean {
  return prev[i] === 0 || (prev[i] === OPENED && (w.cascadeZeros.has(i) || (w.image !== null && w.imageGrid !== null && blank.some((b) => sameDrawing(b, interiorOf(w.image!, w.imageGrid!, i))))));
}

/**
 * The looks, inside their edges (a game may draw a cell's edges by its neighbours' states, as
 * Wine's does), of the last frame's opened cells that are 0s: no number, every neighbour open (a
 * number has a mine beside it), or known 0s of a cascade (Watch.cascadeZeros). Up to
 * MAX_BLANK_LOOKS; none without that frame.
 */
export function blankInteriors(w: Watch, prev: Uint8Array): RgbaImage[] {
  const open = (c: number): boolean => c <= 8 || c === OPENED;
  const blank: RgbaImage[] = [];
  if (!w.image || !w.imageGrid) return blank;
  for (let z = 0; z < prev.length && blank.length < MAX_BLANK_LOOKS; z++) {
    // (a 0 known by the cascade its click opened counts whatever is around it: a game whose cascade
    // opens its 0s only leaves none with every neighbour open)
    if (!open(prev[z]!) || (prev[z]! > 0 && prev[z]! <= 8) || !(w.cascadeZeros.has(z) || Array.from(w.table[z]!).every((j) => open(prev[j]!)))) continue;
    const inner = interiorOf(w.image, w.imageGrid, z);
    if (!blank.some((b) => sameDrawing(b, inner))) blank.push(inner);
  }
  return blank;
}
