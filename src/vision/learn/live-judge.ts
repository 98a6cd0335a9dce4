// How a live learner judges a frame of the game it watches (live-learner.ts): each cell compared
// with the last frame explained in full, then the frame read as the game's end or as what the
// bot's clicks opened. The steps, in order (judge):
// - compare: a cell that did not change keeps what it was; one that changed reads as the skin so
//   far explains it;
// - the end over the whole board (live-board-ends.ts): a flash, a board gone, a box drawn over
//   it (a dialog), clicks that changed nothing (a game that ended silently);
// - the flags the bot toggled, those the game took away, the cascades its open clicks opened;
// - a win by the count, a loss to the click that blew up, a loss or a win read by the mines'
//   look, a guess's cell alone in a look not learned on no opened cell's ground (the mine hit);
//   else what the clicks opened, numbers not known yet ('+'), the rest unsure.
// Pure but for the watch it updates (live-watch.ts).

import { EXPLODED, FLAG, MINE, OPENED, WRONG_FLAG, isClosed, isUnknown, sideTable } from '../../core/board.js';
import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { alike } from './lesson-checks.js';
import { flagMarks } from './live-ends.js';
import { endBehind, endByLook, wonBehind, wonByLook } from './live-end-readings.js';
import { inkKept, inkOfOpened, offGround, type Look } from './live-looks.js';
import { UNSURE, type Watch } from './live-watch.js';
import { boxOver, flashed, silentEnd, unexplained, type Frame } from './live-board-ends.js';
import { blankInteriors, drawnAsZero, mayBeZeros, noFalseZeros, zeroOpening } from './live-zeros.js';
import { compare, highlightOnly } from './live-compare.js';
import { ownFlags, takenFlags } from './live-own-flags.js';
import { firstFrame } from './live-first-frame.js';

/** A loss is read around a hole over at most this share of the board (lostToClick). */
const HOLE_SHARE = 0.5;
/** Why a loss seen at the cell clicked, whose frame no reading explained, taught nothing. */
const LOST_UNREAD = 'lost: the cell clicked shows a mine, but no reading of the board it revealed passed the checks (something drawn over it?): nothing learned from this game';

/** What the bot's clicks since the last frame opened, and what changed away from that. */
interface Opened {
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

/** The codes of a frame (UNSURE where nothing explains a cell). */
export function judge(w: Watch, seen: Uint8Array, looks: Look[], image: RgbaImage, grid: Grid): Uint8Array {
  if (!w.codes) return firstFrame(w, seen);
  const f = compare(w, seen, looks, image, grid, w.codes);
  highlightOnly(w, f);
  // an ended game stays as it ended (it may flash, or draw its end in steps) until a new one
  if (w.phase !== 'playing') return f.prev.slice();
  const ended = flashed(w, f) ?? boxOver(w, f) ?? silentEnd(w, f);
  if (ended) return ended;
  ownFlags(w, f);
  takenFlags(w, f);
  const o = opened(w, f);
  return wonByCount(w, f, o) ?? lostToClick(w, f, o) ?? endedBehindBox(w, f) ?? endedByLook(w, f, o) ?? lostAlone(w, f, o) ?? openedRest(w, f, o);
}

/** The cascades the clicks opened, the rest of an earlier one drawn late, and what changed away from them. */
function opened(w: Watch, f: Frame): Opened {
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
  const marks = flagMarks(prev, changed, seen, looks, w.opens, standing);
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
  const lone = click !== null && changed.size === 1 && changed.has(click) && (seen[click] === UNSURE || seen[click] === EXPLODED);
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

/** Won: every safe cell is open; what changed elsewhere is the game marking its mines. Null when not. */
function wonByCount(w: Watch, f: Frame, o: Opened): Uint8Array | null {
  const { cascade, more, away } = o;
  if (o.shownMine || !(cascade.size + more.size) || o.open !== f.prev.length - w.mines || o.unknownGuess) return null;
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
function lostToClick(w: Watch, f: Frame, o: Opened): Uint8Array | null {
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
  const revealed = [...changed].filter((i) => prev[i] !== FLAG);
  const rightFlags = w.standingFlags(changed).length;
  // flags that changed: wrong ones, unless the count needs them to be right (a game may redraw
  // every flag at its end)
  const changedFlags = away.filter((i) => prev[i] === FLAG);
  const wrong = revealed.length + rightFlags === w.mines ? changedFlags : [];
  // some games show only the mine that blew up (sgt-mines): the lesson works out the rest
  const alone = !away.length && changed.size === 1 && seen[click] === EXPLODED;
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

/** With a box over the board and no end read around it: ended behind it, or the frame not explained. Null with no box. */
function endedBehindBox(w: Watch, f: Frame): Uint8Array | null {
  if (!w.hole.size) return null;
  return endBehind(w, f.prev, f.seen, w.batch, f.looks) ?? unexplained(f.out, [...w.hole, ...f.changed]);
}

/**
 * A loss that shows numbers as well as mines (every cell revealed), or one inside a batch: the
 * mines are the cells of one look (live-ends.ts), if exactly one reading passes the checks; else,
 * where no cascade explains the changes, a win that shows its mines, or the frame not explained.
 * Null when the frame may be a game going on.
 */
function endedByLook(w: Watch, f: Frame, o: Opened): Uint8Array | null {
  const { prev, out, changed, looks, image, grid } = f;
  const { click, cascade } = o;
  const clicks = w.lastClicks.filter((i) => changed.has(i));
  const everyClosed = prev.every((_, i) => !isUnknown(prev[i]!) || changed.has(i));
  const lossLike = o.away.length > 0 || o.shownMine || everyClosed;
  // mines that each touch the area opened before (or the mine clicked) look like the rest of a
  // cascade drawn late; when the changed closed cells and the flags left standing make the mine
  // total, their look may still tell: a loss only if that reading's lesson passes every check
  // (a lone click only: a batch holds certain cells, and cannot be what hit a mine)
  const closedChanged = [...changed].filter((i) => isUnknown(prev[i]!)).length;
  const countFits = click !== null && changed.has(click) && closedChanged >= 2 && closedChanged + w.standingFlags(changed).length === w.mines && !zeroOpening(w, prev, changed, click);
  if (!clicks.length || !(lossLike || countFits)) return null;
  const ended = endByLook(w, out, prev, changed, clicks, looks, image, grid, lossLike);
  if (ended) return ended;
  // a lone guess whose own cell the skin reads as a mine it learned, every closed cell shown with
  // it (a loss that reveals the board, something drawn over a part of it: no reading passes the
  // checks): lost, the mine seen where the bot clicked; nothing is learned from the frame (a first
  // click's loss under a face drawn over the board stopped every such run before). So too, every
  // closed cell shown or not, when that cell reads for sure as the mine that blew up, a look no
  // opened cell has: the loss is proved by that cell alone, whatever else the game draws at its
  // end in looks the skin never learned (Superbird11/Minesweeper-js marks the moves its own AI
  // saw, covered cells and a mine on a yellow ground: every changed cell was left unsure and the
  // run stopped). Not every closed cell shown, it is held unsure a while first (holdBlank): a loss
  // drawn in steps may still show whole, and teach its lesson, a frame later
  if (click !== null && ((everyClosed && (f.seen[click] === MINE || f.seen[click] === EXPLODED)) || (f.seen[click] === EXPLODED && !w.holdBlank(click)))) {
    const codes = prev.slice();
    codes[click] = EXPLODED;
    return w.end('lost', codes, image, grid, looks, { result: 'lost', capture: null, why: LOST_UNREAD });
  }
  // (every closed cell changed and no reading fits: no cascade does that, whoever clicked)
  if (!(lossLike && ((click !== null && cascade.has(click)) || everyClosed))) return null;
  // changes the clicks cannot explain (a loss still being drawn, mines one by one): unsure,
  // the next frame is compared with the last one explained
  return wonByLook(w, out, prev, changed, looks, image, grid) ?? unexplained(out, changed);
}

/**
 * A guess's own cell that changed alone into a look the skin has not learned, on a ground no
 * opened cell has (live-looks.ts offGround): no number, which a game draws on the opened ground,
 * but the mine that blew up in a look not learned (Google-style games draw each mine in a colour
 * of its own, the one hit beside opened cells with their dark edges; a classic game's on red).
 * Held unsure a while, as it may still be being drawn (holdBlank), then the game is lost. Before,
 * it was then taken as opened, its number not known: the solver flagged the other cell of a
 * 50/50 from it, and the loss was counted a win. Null when not so.
 */
function lostAlone(w: Watch, f: Frame, o: Opened): Uint8Array | null {
  const { click } = o;
  if (click === null || w.proven.has(click) || !f.changed.has(click) || f.seen[click] !== UNSURE || !isUnknown(f.prev[click]!)) return null;
  if (!w.image || !w.imageGrid) return null;
  // (the click's cell alone changed, but for opened cells that keep their drawing on another
  // ground: the glow under the pointer leaving the cell clicked before)
  const image = w.image, imageGrid = w.imageGrid;
  if ([...f.changed].some((j) => j !== click && !((f.prev[j]! <= 8 || f.prev[j] === OPENED) && inkKept(f.image, f.grid, image, imageGrid, j)))) return null;
  // (grounds from opened cells that did not change: one the glow just left had the glow's)
  const opened = [...f.prev.keys()].filter((j) => (f.prev[j]! <= 8 || f.prev[j] === OPENED) && !f.changed.has(j));
  if (!offGround(f.image, f.grid, click, w.image, w.imageGrid, opened)) return null;
  // (its ink drawn as an opened cell's, in the same place: a number on a glow the game leaves
  // under the cell clicked, not the mine; opened, its number not known, as below)
  if (inkOfOpened(f.image, f.grid, click, w.image, w.imageGrid, opened)) return (w.guessUnknown = click), null;
  // (else a number opened alone in a look of its own, as a game shows it, or the mine: the cell is
  // opened, its number not known, and no win is counted while it stands so; if the game ended, the
  // next clicks change nothing, and that is the loss, silentEnd)
  if (!mayHideMine(w, f.prev, click)) return (w.guessUnknown = click), null;
  if (w.holdBlank(click)) return unexplained(f.out, [click]);
  f.out[click] = EXPLODED;
  return w.end('lost', f.out, f.image, f.grid, f.looks);
}

/**
 * Whether the mine hit may be where a guess opened a cell alone: beside a cell opened before, none
 * of them a 0 or drawn as the 0s are (no mine lies beside a 0). A guess that touches no opened cell
 * may open a number alone as well; and a game whose cascade opens its 0s only leaves them beside
 * closed cells, each number around opened alone on a ground of its own (a vanilla-JS game: its
 * 1s, on green beside its 0s, were taken for the mine hit, and a skin saved with a 1 as the mine).
 */
function mayHideMine(w: Watch, prev: Uint8Array, click: number): boolean {
  const open = Array.from(w.table[click]!).filter((j) => prev[j]! <= 8 || prev[j] === OPENED);
  const blank = blankInteriors(w, prev);
  return open.length > 0 && !open.some((j) => drawnAsZero(w, prev, blank, j));
}

/**
 * No end read: the cells the clicks opened are opened, their numbers known or not ('+'); a
 * guess's cell drawn blank may be held unsure a while; the rest unsure. A board whose closed
 * cells are the mines is won.
 */
function openedRest(w: Watch, f: Frame, o: Opened): Uint8Array {
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
