// What the bot's clicks opened, in a frame a live learner judges (live-judge.ts): the cascades of
// its open clicks, the rest of an earlier one drawn late, what changed away from them; and, when
// no end is read, those cells taken as opened (numbers not known yet '+'), the rest unsure, a
// board whose closed cells are the mines won. Pure but for the watch it updates (live-watch.ts).

import { EXPLODED, FLAG, MINE, OPENED, WRONG_FLAG, isClosed, isUnknown, sideTable } from '../../../core/board.js';
import { alike } from '../lesson-checks.js';
import { flagMarks } from '../ends/live-ends.js';
import { UNSURE, type Watch } from './live-watch.js';
import type { Frame } from '../ends/live-board-ends.js';
import { mayBeZeros, noFalseZeros } from './live-zeros.js';
import { cellsDrawnApart } from './live-looks.js';

/** What the bot's clicks since the last frame opened, and what changed away from that. */
export interface Opened {
  /** The cascades of the open clicks: changed cells that were closed, connected to a clicked one. */
  cascade: Set<number>;
  /** The rest of an earlier cascade, drawn a frame late. */
  more: Set<number>;
  /** The lone open click since the last frame (a guess), or null: only it can have hit a mine. */
  click: number | null;
  /** Closed cells that changed away from the cascades: mines shown, flags marked, at the end. */
  away: number[];
  /** Some changed cell reads as a mine. */
  shownMine: boolean;
  /** Cells open now (the cascades, and those open before that did not change). */
  open: number;
  /** A guess whose cell reads as no number and looks like no opened cell: maybe a mine in a look not seen yet. */
  unknownGuess: boolean;
}

/** The cascades the clicks opened, the rest of an earlier one drawn late, and what changed away from them. */
export function opened(w: Watch, f: Frame): Opened {
  const { prev, changed, seen, looks } = f;
  const n = prev.length;
  const closed = (i: number): boolean => isUnknown(prev[i]!);
  // the cascades of the open clicks: changed cells that were closed, connected to a clicked one
  // (`through`: the cells it goes on from; all, by default)
  // (a cell beside one of the bot's flags is no 0: what a cascade reaches from it, a chord the
  // game made, is an opened cell, and looks like one when its number is not known — GyuJae/
  // minesweeper-app draws every mine anew at a win, a flower: the one beside the last number
  // clicked, a number not learned yet, was taken for its cascade, and the run stopped)
  const besideFlag = new Set([...w.flagged].flatMap((k) => [...w.table[k]!]));
  const reaches = (i: number, j: number): boolean => !besideFlag.has(i) || (seen[i]! >= 1 && seen[i]! <= 8) || seen[j]! <= 8 || w.looksOpened(looks[j]!, prev);
  const flood = (starts: Iterable<number>, into: Set<number>, skip: Set<number>, through: (i: number) => boolean = () => true): void => {
    const stack = [...starts].filter(through);
    while (stack.length) {
      const i = stack.pop()!;
      for (const j of w.table[i]!) if (changed.has(j) && closed(j) && !into.has(j) && !skip.has(j) && reaches(i, j)) (into.add(j), through(j) && stack.push(j));
    }
  };
  // flags the game drew itself (a win marking its mines) are no part of a cascade
  const standing = w.standingFlags(changed).filter((i) => prev[i] === FLAG);
  const marks = flagMarks(prev, changed, seen, looks, w.opens, standing, cellsDrawnApart(f.image, f.grid));
  // (a cascade goes on only through cells that may be 0s: it stops at its numbers, and closed
  // cells that changed beside a number are no part of it — KMines' flags on its mines at a win,
  // drawn frames after the last click behind its congratulations or its high-score dialog, were
  // taken for opened cells, beside the number drawn late and beside the last cell clicked)
  // (or a number with as many of the bot's flags around it: its other neighbours are safe, and a
  // game that chords at every reveal opens them with it — AlexAegis/minesweeper; a 4 opened so,
  // beside the 2 and 3 clicked and no 0, stopped a learning run)
  const flagsAround = (i: number): number => Array.from(w.table[i]!).filter((j) => w.flagged.has(j)).length;
  const goesOn = (i: number): boolean => !(seen[i]! >= 1 && seen[i]! <= 8) || flagsAround(i) === seen[i];
  const cascade = new Set(w.opens.filter((i) => changed.has(i) && closed(i)));
  flood(cascade, cascade, marks, goesOn);
  // the rest of an earlier cascade, drawn a frame late: changed closed cells connected to the
  // cells the last clicks opened, to a 0 seen before (no mine is next to a 0), or to a closed
  // cell that opened now with a number the skin knows; and closed cells beside a number seen
  // before with as many of the bot's flags around it (safe: a game that chords at a reveal)
  const zeros = [...changed].flatMap((i) => (closed(i) ? Array.from(w.table[i]!).filter((j) => prev[j] === 0) : []));
  const chordDone = (j: number): boolean => prev[j]! >= 1 && prev[j]! <= 8 && flagsAround(j) === prev[j];
  const numbers = [...changed].filter((i) => closed(i) && !cascade.has(i) && !w.flagged.has(i) && (seen[i]! <= 8 || Array.from(w.table[i]!).some(chordDone)));
  const more = new Set(numbers);
  flood([...mayBeZeros(w, w.recent, changed, prev), ...zeros, ...numbers], more, new Set([...cascade, ...marks]), goesOn);
  // only a lone click can be the one that hit a mine (a batch holds certain cells only)
  const click = w.batch.length === 1 && w.opens.includes(w.batch[0]!) ? w.batch[0]! : null;
  // a lone click whose cascade opened more than it, every closed side of it among them, is a 0
  // (a number opens alone), and so is every cell of that cascade that looks like it: 0s known
  // before any 0 is learned (Watch.noteSideZeros)
  if (click !== null && cascade.size >= 2 && cascade.has(click) && sideTable(w.cols, w.rows)[click]!.every((j) => cascade.has(j) || !isUnknown(prev[j]!))) {
    for (const j of cascade) if (alike(looks[j]!, looks[click]!)) w.cascadeZeros.add(j);
  }
  w.recent = w.opens.length ? [...cascade, ...more] : [...w.recent, ...cascade, ...more];
  // a lone click that changed its cell alone to a look not known, or known as a mine that blew
  // up: a number, or the mine that ended the game (a game that shows only that one)
  // (opened cells drawn anew with it, each keeping its drawing, are no change a click made:
  // WoyteqB/saper-js draws every number black at its loss)
  const lone = click !== null && changed.has(click) && (seen[click] === UNSURE || seen[click] === EXPLODED) && (changed.size === 1 || w.othersRedrawn(changed, prev, click, f.image, f.grid));
  // (kept through frames in which nothing happened: the game may flash a moment later)
  if (changed.size || w.opens.length) w.lone = lone ? click : null;
  // changes away from the cascades: mines shown (and flags marked) at the end; an opened cell
  // drawn again is none of these
  const away = [...changed].filter((i) => !cascade.has(i) && !more.has(i) && !(prev[i]! <= 8 || prev[i] === OPENED));
  const shownMine = [...changed].some((i) => seen[i] === MINE || seen[i] === EXPLODED);
  let open = 0;
  for (let i = 0; i < n; i++) if (cascade.has(i) || more.has(i) || (!changed.has(i) && (prev[i]! <= 8 || prev[i] === OPENED))) open++;
  // (a guess whose cell reads as no number and looks like no cell opened before may be the mine
  // that blew up, in a look not seen yet, with mines beside it shown one by one: no win by the
  // count alone. Google-style games show each mine in a colour of its own: such a frame was
  // taken for a win, its lesson labelling two mines 3 and 2.)
  // (on a checkerboard, for as long as that cell keeps such a look: Google-style games pop their
  // mines one by one, and a later frame with no click pending made such a win, a mine labelled 3)
  const unknownNow = click !== null && !w.proven.has(click) && changed.has(click) && !(seen[click]! <= 8) && !w.looksOpened(looks[click]!, prev);
  if (unknownNow && w.checkered) w.guessUnknown = click;
  const g = w.guessUnknown;
  const unknownGuess = unknownNow || (g !== null && !(seen[g]! <= 8) && !w.looksOpened(looks[g]!, prev, g));
  return { cascade, more, click, away, shownMine, open, unknownGuess };
}

/**
 * No end read: the cells the clicks opened are opened, their numbers known or not ('+'); a
 * guess's cell drawn blank may be held unsure a while; the rest unsure. A board whose closed
 * cells are the mines is won.
 */
export function openedRest(w: Watch, f: Frame, o: Opened): Uint8Array {
  const { prev, out, changed, seen, looks, image, grid } = f;
  const { click, cascade, more } = o;
  noFalseZeros(w, out, changed);
  for (const i of changed) {
    if (out[i] !== UNSURE) continue;
    // a guess's own cell drawn blank beside closed cells may still be being drawn: its number,
    // or the mine it hit, may follow (KMines draws a clicked cell's face first); taken as
    // opened at once, the solver would count a mine safe. So may one that opened alone in a
    // look the skin does not know (the face, in a game's first frames, before a 0 is learned).
    // Unsure for a while (holdBlank)
    const halfDrawn = seen[i] === 0 || (seen[i] === UNSURE && cascade.size === 1 && !more.size);
    if (i === click && !w.proven.has(i) && halfDrawn && w.holdBlank(i)) continue;
    // opened with the cascade; or opened before and drawn again (a cell first drawn pressed
    // in, then with its number): still opened, its number not known
    if (cascade.has(i) || more.has(i) || prev[i] === OPENED) out[i] = OPENED;
    // (a number drawn anew, its drawing kept: what it was)
    else if (prev[i]! <= 8 && w.redrawn(prev, i, image, grid)) out[i] = prev[i]!;
    // a flag drawn in two steps (the tile, then the flag on it)
    else if (prev[i] === FLAG && !w.opens.includes(i) && w.flagged.has(i)) out[i] = FLAG;
  }
  // every safe cell open, every other cell closed: won (the game may have drawn its last
  // opened cells a frame before, or the bot's last flags after)
  const closedNow = out.filter(isClosed).length;
  if (!o.shownMine && closedNow === w.mines && out.every((c) => c !== UNSURE) && !o.unknownGuess) return w.end('won', out, image, grid, looks);
  // a mine shown in a game not seen to end is a frame not understood yet (drawn half-way)
  for (const i of changed) if (out[i] === MINE || out[i] === EXPLODED || out[i] === WRONG_FLAG) out[i] = UNSURE;
  return out;
}
