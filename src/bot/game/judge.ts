// What a reading may show, judged against the rules of Minesweeper and the previous reading: the
// state of a game, what cannot have happened between two readings, whether the last clicks show.
// Pure: boards and readings in, verdicts out.

import { COVERED, EXPLODED, FLAG, MINE, OPENED, QUESTION, WRONG_FLAG, findInconsistencies, freshInPlace, neighbourTable, sideTable, solvedByFlags, type Board } from '../../core/board.js';
import type { Move } from '../../core/strategy.js';
import type { GameResult, Reading } from '../reading.js';

/**
 * The state of a game as its cells show it: lost when a mine shows, won when every safe cell is
 * open. The face only corroborates (contradiction() rejects a face that disagrees with the cells),
 * so one misread sprite cannot end a game.
 */
export function outcomeOf(board: Board, _face?: Reading['face']): 'won' | 'lost' | 'playing' {
  let unknown = 0;
  let flags = 0;
  let opened = 0;
  for (const c of board.cells) {
    if (c === EXPLODED || c === MINE || c === WRONG_FLAG) return 'lost';
    if (c === COVERED || c === QUESTION) unknown++;
    else if (c === FLAG) flags++;
    else if (c <= 8 || c === OPENED) opened++;
  }
  // Every safe cell open: what is left covered is exactly the mines, and so every number counts
  // exactly its closed neighbours. A game that goes on past a mine it draws in a look not learned
  // (read as an opened cell) reaches the count with safe cells still covered: not won.
  if (opened > 0 && unknown + flags === board.mines) return closedMakeNumbers(board) ? 'won' : 'playing';
  return 'playing';
}

/** Whether every number on the board has exactly that many closed neighbours (covered, flagged or marked). */
function closedMakeNumbers(board: Board): boolean {
  const table = neighbourTable(board.width, board.height);
  for (let i = 0; i < board.cells.length; i++) {
    const c = board.cells[i]!;
    if (c > 8) continue;
    let closed = 0;
    for (const j of table[i]!) {
      const n = board.cells[j]!;
      if (n === COVERED || n === FLAG || n === QUESTION) closed++;
    }
    if (closed !== c) return false;
  }
  return true;
}

/** The state of a game as a reading shows it: its cells (outcomeOf), or an end no frame showed. */
export function resultOf(reading: Pick<Reading, 'board' | 'face' | 'endUnseen'>): GameResult | 'playing' {
  return reading.endUnseen !== undefined ? 'unknown' : outcomeOf(reading.board, reading.face);
}

/**
 * A loss proved by sure readings where other cells are unsure: a cell the last clicks opened
 * (`opened`, cell indices), closed before, reads for sure as the mine that blew up. A game may draw
 * things at its loss the reader never learned (Superbird11/Minesweeper-js marks, on a yellow
 * ground, the moves its own AI saw); the game is lost all the same. The reading returned is the
 * board before with only those cells changed: no unsure cell is taken for anything (none told as
 * an outcome, none labelled). Null when no such cell shows.
 */
export function lossProved(reading: Reading, prev: Board, opened: readonly number[]): Reading | null {
  const hit = surelyHit(reading, prev, opened);
  if (!hit.length) return null;
  const cells = prev.cells.slice();
  for (const i of hit) cells[i] = EXPLODED;
  return { ...reading, board: { ...reading.board, cells }, unsure: [] };
}

/** The cells the last clicks opened (`opened`), closed before, that read for sure as the mine that blew up; none on a board of another size. */
function surelyHit(reading: Reading, prev: Board, opened: readonly number[]): number[] {
  const b = reading.board;
  if (prev.width !== b.width || prev.height !== b.height) return [];
  const unsure = new Set(reading.unsure.map(([x, y]) => y * b.width + x));
  return opened.filter((i) => !unsure.has(i) && b.cells[i] === EXPLODED && closedUnflagged(prev.cells[i]!));
}

/** A cell covered, or marked with a question: closed, and no flag on it. */
function closedUnflagged(c: number): boolean {
  return c === COVERED || c === QUESTION;
}

/**
 * A loss whose mine hit is drawn as an opened cell holding nothing (mrglaster/js-minesweeper-game
 * redraws the cell hit as its opened tile once its alert closes): the lone click's cell, closed
 * before, reads as a 0 beside a cell still covered (no 0 does that once drawn whole), and the
 * frame shows mines that were not shown before, as many as the mine total leaves room for beside
 * the hit. A flood drawn in steps shows no mines; a win that shows every mine leaves no room.
 * Nor is it told where the click may have been the last safe cell (every other closed cell a
 * mine): a win whose last cell the game paints late, caught blank with mines drawn and some
 * still covered or read so (JasonLeisure/games' neon page under its win alert: the 2 painted
 * next contradicted the loss, a stop). A loss on that cell is left to the frames that follow.
 * The reading with that cell the mine that blew up; null when not so.
 */
export function blankHit(reading: Reading, prev: Board, opened: readonly number[]): Reading | null {
  const b = reading.board;
  if (opened.length !== 1 || prev.width !== b.width || prev.height !== b.height) return null;
  const i = opened[0]!;
  if (b.cells[i] !== 0 || !(prev.cells[i] === COVERED || prev.cells[i] === QUESTION)) return null;
  if (prev.cells.filter((c) => c === COVERED || c === QUESTION || c === FLAG).length <= prev.mines + 1) return null;
  if (reading.unsure.some(([x, y]) => y * b.width + x === i)) return null;
  if (!Array.from(neighbourTable(b.width, b.height)[i]!).some((j) => b.cells[j] === COVERED)) return null;
  let shownNow = 0;
  let marked = 0;
  for (let j = 0; j < b.cells.length; j++) {
    const c = b.cells[j]!;
    if (c === EXPLODED) return null;
    if (c === MINE || c === FLAG || c === WRONG_FLAG) marked++;
    if (c === MINE && prev.cells[j] !== MINE) shownNow++;
  }
  if (!shownNow || marked + 1 > prev.mines) return null;
  const cells = b.cells.slice();
  cells[i] = EXPLODED;
  return { ...reading, board: { ...b, cells } };
}

/**
 * A loss that draws the cells still covered as opened blanks (burntcustard/js1024-minesweeper
 * disables every button at a loss, each covered one then drawn like an opened 0): the mine hit
 * read for sure on a cell the last clicks opened, covered before, and cells covered before that
 * no click opened read now as 0s. Those are the game's end drawing, not cells opened; read so
 * they contradict the mines shown beside them, and the run read the frame again until it stopped.
 * The reading with them covered as they were; null when not so. (A cascade another click of the
 * batch opened before the loss is left covered too: the game is lost, and each click's own cell,
 * what the outcomes tell, is read as it is.)
 */
export function revealedBlanks(reading: Reading, prev: Board, opened: readonly number[]): Reading | null {
  const b = reading.board;
  if (!surelyHit(reading, prev, opened).length) return null;
  const clicked = new Set(opened);
  const revealed = [...b.cells.keys()].filter((i) => b.cells[i] === 0 && closedUnflagged(prev.cells[i]!) && !clicked.has(i));
  if (!revealed.length) return null;
  const cells = b.cells.slice();
  for (const i of revealed) cells[i] = prev.cells[i]!;
  return { ...reading, board: { ...b, cells } };
}

/** Every cell covered where the board before had opened some: a new game came in place of the one going on. */
export function freshAgain(prev: Board, cur: Board): boolean {
  return prev.width === cur.width && prev.height === cur.height && freshInPlace(prev.cells, cur.cells);
}

/** Why a game ended unseen when a fresh board took its place. */
export const FRESH_AGAIN = 'the board is fresh again: a new game started (by the game itself, or by someone) before this one was seen to end';

/**
 * The covered cells left on a board whose every safe cell is open (they are the mines), or none
 * when the board is not so: what a game that counts a win only with every mine flagged needs.
 */
export function minesLeft(board: Board): number[] {
  if (outcomeOf(board) !== 'won') return [];
  return board.cells.reduce<number[]>((acc, c, i) => (c === COVERED || c === QUESTION ? (acc.push(i), acc) : acc), []);
}

/**
 * What changed between two readings of the same game that cannot happen in Minesweeper, or null.
 * Opened cells never close and their numbers never change; a flag only turns into a wrong flag
 * (at a loss), or is taken away (a game may erase flags: vanilajs-minesweeper redraws its board
 * without them when a 0 is clicked; a flag read as covered where it stands is still caught by the
 * counter, which shows mines minus flags).
 */
export function contradiction(prev: Board | null, cur: Reading, mines: number): string | null {
  const b = cur.board;
  if (prev) {
    if (prev.width !== b.width || prev.height !== b.height) {
      return `the board changed size from ${prev.width}x${prev.height} to ${b.width}x${b.height}`;
    }
    // (a browser game may start a new board by itself once its end dialog is closed)
    if (freshAgain(prev, b)) return FRESH_AGAIN;
    for (let i = 0; i < b.cells.length; i++) {
      const was = prev.cells[i]!;
      const now = b.cells[i]!;
      if (was === now) continue;
      const x = i % b.width;
      const y = Math.floor(i / b.width);
      if (was <= 8) return `cell (${x},${y}) showed ${was} and now shows ${describe(now)}`;
      // An opened cell whose look is being learned may get its number, or turn out to be the
      // mine that ended the game (a game that shows only that mine looks like an opened cell).
      if (was === OPENED && now > 8 && now !== EXPLODED) return `cell (${x},${y}) was open and now shows ${describe(now)}`;
      if (was === FLAG && now !== WRONG_FLAG && now !== COVERED) return `the flag at (${x},${y}) turned into ${describe(now)}`;
    }
  }
  const state = outcomeOf({ ...b, mines });
  if (cur.face === 'lost' && state !== 'lost') return 'the face shows a loss but no mine is shown';
  if (cur.face === 'won' && state !== 'won') return 'the face shows a win but safe cells are still covered';
  if (cur.face === 'playing' && state === 'lost') return 'a mine is shown but the face does not show a loss';
  // Games open every neighbour of a 0 at once: a 0 next to a covered cell is a frame caught while
  // drawing, or a covered cell drawn pressed in under the mouse button (it looks like a 0). (A
  // game that opens only a 0's four sides, as its reader learned, may leave a corner closed.)
  const nb = cur.zeroOpens === 'sides' ? sideTable(b.width, b.height) : neighbourTable(b.width, b.height);
  for (let i = 0; i < b.cells.length; i++) {
    if (b.cells[i] !== 0) continue;
    for (const j of nb[i]!) {
      if (b.cells[j] === COVERED) return `cell (${i % b.width},${Math.floor(i / b.width)}) shows 0 next to a covered cell (a frame still being drawn, or a cell pressed in)`;
    }
  }
  const local = findInconsistencies({ ...b, mines });
  if (local.length) return `cell (${local[0]!.x},${local[0]!.y}) ${local[0]!.reason}`;
  if (cur.mineCounter !== null && state === 'playing') {
    let flags = 0;
    for (const c of b.cells) if (c === FLAG) flags++;
    if (cur.mineCounter !== mines - flags) {
      return `the mine counter shows ${cur.mineCounter} but ${mines} mines minus ${flags} flags is ${mines - flags}`;
    }
  }
  return null;
}

function describe(code: number): string {
  if (code === OPENED) return 'an opened cell';
  return code <= 8 ? String(code) : (['covered', 'a flag', 'a question mark', 'a mine', 'an exploded mine', 'a wrong flag'][code - 9] ?? `code ${code}`);
}

/** Whether a board shows what a batch of clicks must have done (or the game has ended). */
export function showsEffects(board: Board, batch: Move[]): boolean {
  if (outcomeOf(board, null) !== 'playing') return true;
  for (const m of batch) {
    const code = board.cells[m.y * board.width + m.x]!;
    if (m.action === 'open' && code > 8 && code !== OPENED) return false;
    if (m.action === 'flag' && code !== FLAG) return false;
  }
  return true;
}

/** Whether the flags alone finish the game (core solvedByFlags): the safe cells left may be clicks a game ignores. */
export function finishedByFlags(board: Board): boolean {
  return solvedByFlags(board.cells, board.mines, neighbourTable(board.width, board.height));
}

export function sameCells(a: Board, b: Board): boolean {
  if (a.cells.length !== b.cells.length) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}
