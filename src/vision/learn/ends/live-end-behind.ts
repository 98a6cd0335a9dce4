// How a watched game ended behind a box drawn over the board, or with its board gone, read from
// the clicks since the last frame explained (live-learner.ts): a win when they opened the last
// safe cells (or the bot's flags are every mine), a loss to a lone guess that cannot have been
// a 0. Each gives the codes the loop gets and ends the game being watched (live-watch.ts) with
// its lesson. Pure.

import { COVERED, EXPLODED, FLAG, OPENED, isClosed, isUnknown, type Board } from '../../../core/board.js';
import { winMarks } from './live-ends.js';
import type { Look } from '../live/live-looks.js';
import { NOTHING_BEHIND, UNSURE, type Watch } from '../live/live-watch.js';

/**
 * A game that ended behind something drawn over the board (a dialog): won when the clicks since
 * the last frame explained in full, each one the solver proved safe (or read as a number 1-8 in
 * `seen`, outside the box), opened the last safe cells (or every mine is flagged);
 * lost to a lone click that was not proved safe and left safe cells closed, when it cannot have
 * been a 0 whose cascade opened them (mayCascade); else not known
 * (null: the frame stays unexplained, and the loop waits, then stops). A win's lesson is the
 * frame before the clicks: its closed cells (but those clicked) are the mines, so every number
 * on it is known; the cells clicked, and those it showed opened for the first time, are not
 * labelled. A loss teaches nothing (the frame is
 * covered, and the mines are not known). The loop gets the mines of a win flagged: nothing is
 * left to click under the box. `clicks`: the clicks since that frame (default: the batch).
 */
export function endBehind(w: Watch, prev: Uint8Array, seen?: Uint8Array, clicks: number[] = w.batch, looks?: Look[]): Uint8Array | null {
  const left = prev.filter(isClosed).length - clicks.length;
  const safe = (i: number): boolean => w.proven.has(i) || (seen !== undefined && !w.hole.has(i) && seen[i]! >= 1 && seen[i]! <= 8);
  // a guess that would open the last safe cell, under the box: won when the game marked every
  // other closed cell alike (its flags), and the skin knows the mine look a loss would show
  const notMark = (i: number): boolean => seen![i] !== FLAG && seen![i] !== UNSURE;
  const marked = clicks.length === 1 && left === w.mines && seen !== undefined && looks !== undefined && w.knows('mine') && winMarks(prev, w.box, w.cols, clicks[0]!, w.flagged, looks, w.looks, notMark);
  const proven = clicks.length > 0 && clicks.every((i) => (safe(i) || marked) && isClosed(prev[i]!));
  // (the safe cells left: those clicked, or, when where every mine is is known, every other
  // closed cell: a 0 among the clicks opens others behind the box)
  const mines = !proven || left === w.mines ? null : (knownMines(w, prev, clicks) ?? (seen ? knownMines(w, prev, clicks, seen) : null));
  if (proven && (left === w.mines || mines)) return wonBehind(w, prev, mines ? prev.reduce<number[]>((acc, c, i) => (isClosed(c) && !mines.has(i) ? (acc.push(i), acc) : acc), []) : clicks);
  if (clicks.length === 1 && !proven && left > w.mines && !mayCascade(w, prev, clicks[0]!, seen)) {
    const codes = prev.slice();
    codes[clicks[0]!] = EXPLODED;
    w.phase = 'lost';
    w.pending = { result: 'lost', capture: null, why: NOTHING_BEHIND, unseen: [clicks[0]!] };
    return codes;
  }
  return null;
}

/**
 * A game the bot's last flags won, gone behind what then covered its board or took its place
 * (thelowman/mines takes a win once every mine is flagged, safe cells still closed, fades its
 * board out and shows its end dialog there): no open click since the last frame explained, and
 * the bot's flags, those just placed too, are every mine (everyMineFlagged). Its lesson is that
 * frame, the flags the mines; the cells flagged or unflagged since are not labelled (the frame
 * shows them as they were). To the loop the cells left closed are safe. Null when not so.
 */
export function flagWonBehind(w: Watch, prev: Uint8Array): Uint8Array | null {
  if (!w.toggled.size || w.batch.length || !w.image || !w.imageGrid) return null;
  const codes = withOwnFlags(w, prev);
  if (!w.everyMineFlagged(codes)) return null;
  const moved = [...codes.keys()].filter((i) => codes[i] !== prev[i]);
  w.phase = 'won';
  w.pending = w.lessonFor('won', codes, w.image, w.imageGrid, w.looks, new Set([...moved, ...w.fresh]), undefined, true);
  return codes.map((c) => (isUnknown(c) ? OPENED : c));
}

/** The codes of `prev` with the bot's flags as they are now: those placed since flagged, those taken away covered. */
export function withOwnFlags(w: Watch, prev: Uint8Array): Uint8Array {
  return prev.map((c, i) => (w.flagged.has(i) ? FLAG : c === FLAG ? COVERED : c));
}

/**
 * The board gone after the bot's clicks, and staying gone: its frame covered, or every cell
 * turned to something else (faded out, a dialog in its place). The game ended behind it as the
 * clicks since the last frame explained tell (endBehind: `clicks`, each proved safe, opened the
 * last safe cells; a lone guess left safe cells closed), or the bot's last flags won it
 * (flagWonBehind); else null.
 */
export function goneBehind(w: Watch, prev: Uint8Array, clicks: number[]): Uint8Array | null {
  return clicks.length ? endBehind(w, prev, undefined, clicks) : flagWonBehind(w, prev);
}

/**
 * Whether a guess at `i` that left safe cells closed on the frame before may still have won:
 * the cells may be laid out with `i` a 0 (no mine around it), whose cascade may have opened
 * them all. A frame that shows the board around what covers it (`seen`) tells only by the cell
 * itself, shown opened blank; else it is a loss, as a guess under a box always was read (cells
 * around it read opened are no sign: a loss that reveals every cell shows them so). A board
 * gone shows nothing: there the solver (`consistent`) tells whether `i` may be a 0; without
 * it, no.
 */
function mayCascade(w: Watch, prev: Uint8Array, i: number, seen?: Uint8Array): boolean {
  if (seen) return !w.hole.has(i) && (seen[i] === 0 || seen[i] === OPENED);
  if (!w.consistent) return false;
  const cells = prev.slice();
  cells[i] = 0;
  return w.consistent({ width: w.cols, height: w.rows, mines: w.mines, cells });
}

/**
 * A game won behind a box, whose last clicks opened `opened` (closed cells on the frame before):
 * its lesson is the frame before them, every closed cell on it but those a mine. A win's board
 * to the loop: the mines flagged, nothing left to click under the box.
 */
export function wonBehind(w: Watch, prev: Uint8Array, opened: number[]): Uint8Array {
  const codes = prev.slice();
  for (const i of opened) codes[i] = OPENED;
  w.phase = 'won';
  // (the cells that frame showed opened for the first time are not labelled either: a game
  // may draw a cell in steps, its number after its face, and the frame may hold the first)
  w.pending = w.image && w.imageGrid
    ? w.lessonFor('won', codes, w.image, w.imageGrid, w.looks, undefined, new Set([...opened, ...w.fresh]))
    : { result: 'won', capture: null, why: NOTHING_BEHIND };
  return codes.map((c) => (isClosed(c) ? FLAG : c));
}

/**
 * Where every mine is, on the frame before the last clicks, when that is known: the bot's flags
 * (flags placed with the clicks are still covered on that frame: mines all the same), else the
 * closed cells no mine layout leaves safe, once the clicks are open (the solver's verdict, when
 * the learner has it); null when they do not make the mine total. With the frame's reading
 * (`seen`), the numbers it shows where closed cells were count too, and a cell it shows closed
 * (under the box or not) must be a mine.
 */
function knownMines(w: Watch, prev: Uint8Array, clicks: number[], seen?: Uint8Array): Set<number> | null {
  if (w.flagged.size === w.mines && [...w.flagged].every((i) => isClosed(prev[i]!))) return new Set(w.flagged);
  if (!w.consistent) return null;
  const base = prev.slice();
  for (const i of clicks) base[i] = OPENED;
  // (the numbers the last clicks' cascades show around a box over the board, when the frame
  // is seen: each closed cell before, now read as a number for sure; the hole around the box
  // reaches over the cascade's 0s, alike, while the skin still reads them)
  const shown = seen ? [...prev.keys()].filter((i) => isClosed(prev[i]!) && seen[i]! <= 8) : [];
  for (const i of shown) base[i] = seen![i]!;
  const board = (cells: Uint8Array): Board => ({ width: w.cols, height: w.rows, mines: w.mines, cells });
  if (!w.consistent(board(base))) return null;
  const sure = new Set<number>();
  for (let i = 0; i < base.length; i++) {
    if (!isClosed(base[i]!)) continue;
    if (base[i] === FLAG && w.flagged.has(i)) {
      sure.add(i);
      continue;
    }
    // (a mine wherever this cell may not be an open one)
    const safe = base.slice();
    safe[i] = OPENED;
    if (!w.consistent(board(safe))) sure.add(i);
  }
  if (sure.size !== w.mines) return null;
  // a game ended, with every safe cell open: none still read closed (the box may be a window
  // over a game going on; a cell it does not cover tells)
  const stillClosed = seen ? [...base.keys()].some((i) => isClosed(base[i]!) && !sure.has(i) && isClosed(seen[i]!)) : false;
  return stillClosed ? null : sure;
}
