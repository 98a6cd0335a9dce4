// A game's end by the count, in a frame a live learner judges (live-judge.ts): won when every safe
// cell is open, lost to the lone click when its cell is no number and the mines shown make the
// mine total. Pure but for the watch it updates (live-watch.ts).

import { COVERED, EXPLODED, FLAG, MINE, OPENED, WRONG_FLAG, isUnknown } from '../../../core/board.js';
import { endBehind, wonBehind } from './live-end-behind.js';
import { UNSURE, type Watch } from '../live/live-watch.js';
import { cellsDrawnApart } from '../live/live-looks.js';
import type { Frame } from './live-board-ends.js';
import type { Opened } from '../live/live-opened.js';

/** A loss is read around a hole over at most this share of the board (lostToClick). */
const HOLE_SHARE = 0.5;

/** Won: every safe cell is open; what changed elsewhere is the game marking its mines. Null when not. */
export function wonByCount(w: Watch, f: Frame, o: Opened): Uint8Array | null {
  const { cascade, more, away } = o;
  if (o.shownMine || !(cascade.size + more.size) || o.open !== f.prev.length - w.mines || o.unknownGuess) return null;
  // (a guess whose cell is drawn as a mark the frame shows away from it, stroke for stroke, is
  // one of those marks: the mines a loss shows, the one it hit among them, not a number opened
  // beside marks of a win; EduardoZepeda/mine-sweeper's thin white dots on its tiles, alike in
  // whole cuts to its thin digits, counted the mine hit opened and a loss as won)
  if (o.click !== null && !w.proven.has(o.click) && drawnAsMark(f, o.click, away)) return null;
  // (behind a box, the frame before the clicks shows every cell: its lesson is whole)
  // (the cells opened are known: those frames' closed cells but these are the mines)
  if (w.hole.size) return endBehind(w, f.prev, f.seen) ?? wonBehind(w, f.prev, [...cascade, ...more]);
  for (const i of [...cascade, ...more]) if (f.out[i] === UNSURE) f.out[i] = OPENED;
  for (const i of away) f.out[i] = FLAG;
  // (flags to the loop; in the lesson, marks the skin does not read as flags are not labelled:
  // one win does not tell a game that flags its mines, as KMines does, from one that draws them
  // as at a loss, as xbomb does)
  const unread = new Set(away.filter((i) => f.seen[i] !== FLAG));
  return w.end('won', f.out, f.image, f.grid, f.looks, w.lessonFor('won', f.out, f.image, f.grid, f.looks, unread));
}

/**
 * Lost to the lone click: its cell is no number and the mines show (it and every other not
 * flagged; a flag that changed was wrong), adding up to the mine total. Null when not so.
 */
export function lostToClick(w: Watch, f: Frame, o: Opened): Uint8Array | null {
  const { prev, out, changed, seen, looks, image, grid } = f;
  const { click, cascade, more, away, shownMine } = o;
  if (click === null) return null;
  // (the click that blew up may be under what is drawn over the board; one that reads as a
  // number was no mine: a win whose game flags every mine, behind a box, is no loss)
  // (behind a box after a guess, cells that seem drawn late beside the area opened before are
  // the mines shown when each looks like no cell opened before: a number drawn late looks like
  // the numbers on the board)
  const beside = w.hole.has(click) && !w.proven.has(click) && more.size > 0 && [...more].every((i) => !w.looksOpened(looks[i]!, prev));
  // (closed cells drawn anew in a look the skin does not know, where it knows the mine look a
  // loss shows, with a box over the board: no mines shown, but marks of a win, KMines' flags
  // behind its congratulations; never taught as mines. With no box the count tells them apart:
  // a loss changes exactly the mines not flagged, a win those and the cell clicked, so mines in
  // colours not learned yet — Google-style games give each its own — are a loss's)
  const unknownMarks = w.hole.size > 0 && w.knows('mine') && away.some((i) => i !== click && isUnknown(prev[i]!) && (seen[i] === UNSURE || seen[i] === FLAG));
  if (!((cascade.has(click) || w.hole.has(click)) && (away.length || shownMine || beside) && !unknownMarks && !(seen[click]! <= 8))) return null;
  // (opened cells drawn anew at the end, each keeping its drawing: what they were, no mine shown)
  const anew = new Set([...changed].filter((i) => i !== click && w.redrawn(prev, i, image, grid)));
  for (const i of anew) if (out[i] === UNSURE) out[i] = prev[i]!;
  const revealed = [...changed].filter((i) => prev[i] !== FLAG && !anew.has(i));
  // (every cell the count takes for a mine shown must look like one, not merely differ: a cell
  // opened before holds no mine, and a closed one the skin still reads as the covered tile shows
  // none. A lattice half a pixel off cuts each cell with its neighbours' bevels: a guess that
  // opened a lone 2 changed a few pixels of the opened 2 above it and of the covered tile beside
  // it, and with seven flags standing those three made the ten mines — lijingbo8119/
  // minesweeper-vue3's 2 was taken for the mine hit, the 2 above it and the tile for mines shown)
  if (revealed.some((i) => i !== click && (prev[i]! <= 8 || prev[i] === OPENED || seen[i] === COVERED || seen[i]! <= 8))) return null;
  const rightFlags = w.standingFlags(changed).length;
  // flags that changed: wrong ones, unless the count needs them to be right (a game may redraw
  // every flag at its end)
  const changedFlags = away.filter((i) => prev[i] === FLAG);
  const wrong = revealed.length + rightFlags === w.mines ? changedFlags : [];
  // some games show only the mine that blew up (sgt-mines; WoyteqB/saper-js, its numbers drawn
  // anew): the lesson works out the rest
  const alone = !away.length && changed.size - anew.size === 1 && seen[click] === EXPLODED;
  // (a hole over most of the board leaves too little outside it to tell mines shown from cells
  // revealed: a game that reveals every cell at a loss, a box over part of it, had the hole grow
  // over all but three of its 0s, and those were taken for the mines shown)
  if (w.hole.size > HOLE_SHARE * prev.length) return null;
  // (with a hole in the frame, the mines under it are not seen: the count may fall short by them)
  const holeClosed = [...w.hole].filter((i) => isUnknown(prev[i]!)).length;
  const counted = w.hole.size
    ? revealed.length + rightFlags <= w.mines && w.mines <= revealed.length + rightFlags + holeClosed
    : revealed.length + rightFlags === w.mines || revealed.length + rightFlags + changedFlags.length === w.mines || alone;
  if (!counted) return null;
  // (the mine that blew up read for sure as a plain mine the skin learned: a game that draws
  // it as any other, labelled a mine, as when other mines shown look like it: live-lesson.ts)
  for (const i of revealed) out[i] = i === click && seen[click] !== MINE ? EXPLODED : MINE;
  if (w.hole.has(click)) out[click] = EXPLODED;
  for (const i of wrong) out[i] = WRONG_FLAG;
  // a right flag the game drew again (xbomb draws every mine at a loss, flagged or not):
  // taught as what it is drawn like (live-ends.ts redrawnFlagLabel); a flag to the loop
  const redrawn = changedFlags.filter((i) => !wrong.includes(i));
  const { taught, unlabelled } = w.teachRedrawn(out, redrawn, seen, looks, revealed.filter((i) => i !== click));
  for (const i of redrawn) out[i] = FLAG;
  return w.end('lost', out, image, grid, looks, w.lessonFor('lost', taught, image, grid, looks, unlabelled));
}

/** Whether cell `i` holds the same drawing inside its edges (not drawnApart) as one of the cells `marks` of the frame, each changed there. */
function drawnAsMark(f: Frame, i: number, marks: readonly number[]): boolean {
  const apart = cellsDrawnApart(f.image, f.grid);
  return marks.some((j) => j !== i && f.changed.has(j) && !apart(i, j));
}
