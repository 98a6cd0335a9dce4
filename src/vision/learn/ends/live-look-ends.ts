// A game's end read by looks, in a frame a live learner judges (live-judge.ts): behind a box over
// the board, by the mines' look (every cell revealed, or a batch), or a guess's cell alone in a
// look not learned on no opened cell's ground (the mine hit). Pure but for the watch it updates.

import { EXPLODED, MINE, OPENED, isUnknown } from '../../../core/board.js';
import { endByLook, wonByLook } from './live-end-readings.js';
import { endBehind } from './live-end-behind.js';
import { inkOfOpened, numbersOnOwnGrounds, offGround } from '../live/live-ground-ink.js';
import { UNSURE, type Watch } from '../live/live-watch.js';
import { unexplained, type Frame } from './live-board-ends.js';
import { blankInteriors, drawnAsZero, zeroOpening } from '../live/live-zeros.js';
import type { Opened } from '../live/live-opened.js';

/** Why a loss seen at the cell clicked, whose frame no reading explained, taught nothing. */
const LOST_UNREAD = 'lost: the cell clicked shows a mine, but no reading of the board it revealed passed the checks (something drawn over it?): nothing learned from this game';

/** With a box over the board and no end read around it: ended behind it, or the frame not explained. Null with no box. */
export function endedBehindBox(w: Watch, f: Frame): Uint8Array | null {
  if (!w.hole.size) return null;
  return endBehind(w, f.prev, f.seen, w.lastClicks, f.looks) ?? unexplained(f.out, [...w.hole, ...f.changed]);
}

/**
 * A frame read through a see-through layer over the game (the loop's veil.ts: the page or the
 * board's cells dimmed or lit along one line, the backdrop of an end box) that no reading above
 * explained: the game ended behind the layer, as behind a box (endBehind): won when the clicks
 * since the last frame explained were proved safe and opened the last safe cells, lost to a lone
 * guess that left safe cells closed and cannot have been a 0 (nothing learned from it); else null.
 * Before, the mines a loss showed in a look not learned yet, some hidden under the box's text
 * (loryruta/minesweeper-js), made no reading of the mine total, and the run stopped there.
 */
export function endedUnderLayer(w: Watch, f: Frame): Uint8Array | null {
  if (!w.veiled || !w.lastClicks.length) return null;
  return endBehind(w, f.prev, f.seen, w.lastClicks, f.looks);
}

/**
 * A loss that shows numbers as well as mines (every cell revealed), or one inside a batch: the
 * mines are the cells of one look (live-ends.ts), if exactly one reading passes the checks; else,
 * where no cascade explains the changes, a win that shows its mines, or the frame not explained.
 * Null when the frame may be a game going on.
 */
export function endedByLook(w: Watch, f: Frame, o: Opened): Uint8Array | null {
  const { prev, out, changed, looks, image, grid } = f;
  const { click, cascade } = o;
  const clicks = w.lastClicks.filter((i) => changed.has(i));
  const everyClosed = prev.every((_, i) => !isUnknown(prev[i]!) || changed.has(i));
  // (cells taken for the guess's cascade that leave fewer closed cells than the mine total, flags
  // counted closed, are no cascade: one never opens a mine. A loss that shows its numbers and
  // mines, none in a look learned yet, but leaves its 0s on their covered tiles — akhmed555's
  // style sheet — had every cell it showed touch the guess: read as opened, they left 4 closed
  // cells for 30 mines, and the solver stopped the run at the first loss. Only the cells taken as
  // opened count, not every cell that changed: a win that draws its mines anew away from its last
  // cascade keeps them closed, and is read by the count before, wonByCount)
  const tooFew = click !== null && cascade.has(click) && prev.length - o.open < w.mines;
  const lossLike = o.away.length > 0 || o.shownMine || everyClosed || tooFew;
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
  // the next frame is compared with the last one explained; under a see-through layer over the
  // game, an end behind it
  return wonByLook(w, out, prev, changed, looks, image, grid) ?? endedUnderLayer(w, f) ?? unexplained(out, changed);
}

/**
 * A guess's own cell that changed alone into a look the skin has not learned, on a ground no
 * opened cell has (live-ground-ink.ts offGround): no number, which a game draws on the opened ground,
 * but the mine that blew up in a look not learned (Google-style games draw each mine in a colour
 * of its own, the one hit beside opened cells with their dark edges; a classic game's on red).
 * Held unsure a while, as it may still be being drawn (holdBlank), then the game is lost. Before,
 * it was then taken as opened, its number not known: the solver flagged the other cell of a
 * 50/50 from it, and the loss was counted a win. Null when not so.
 */
export function lostAlone(w: Watch, f: Frame, o: Opened): Uint8Array | null {
  const { click } = o;
  if (click === null || w.proven.has(click) || !f.changed.has(click) || f.seen[click] !== UNSURE || !isUnknown(f.prev[click]!)) return null;
  if (!w.image || !w.imageGrid) return null;
  // (the click's cell alone changed, but for opened cells that keep their drawing on another
  // ground or in another colour: the glow under the pointer leaving the cell clicked before, the
  // numbers drawn anew at the end)
  if (!w.othersRedrawn(f.changed, f.prev, click, f.image, f.grid)) return null;
  // (grounds from opened cells that did not change: one the glow just left had the glow's)
  const opened = [...f.prev.keys()].filter((j) => (f.prev[j]! <= 8 || f.prev[j] === OPENED) && !f.changed.has(j));
  if (!offGround(f.image, f.grid, click, w.image, w.imageGrid, opened)) return null;
  // (a game that draws each number on a ground of its own draws a number opened alone for the
  // first time off every ground seen too: no sign of the mine; opened, its number not known, as
  // below, and a game that ended is told by the clicks after it changing nothing, silentEnd)
  if (numbersOnOwnGrounds(w.image, w.imageGrid, f.prev, opened)) return (w.guessUnknown = click), null;
  // (its ink drawn as an opened cell's, in the same place: a number on a glow the game leaves
  // under the cell clicked, not the mine; opened, its number not known, as below)
  if (inkOfOpened(f.image, f.grid, click, w.image, w.imageGrid, opened)) return (w.guessUnknown = click), null;
  // (else a number opened alone in a look of its own, as a game shows it, or the mine: the cell is
  // opened, its number not known, and no win is counted while it stands so; if the game ended, the
  // next clicks change nothing, and that is the loss, silentEnd)
  if (!mayHideMine(w, f.prev, click)) return (w.guessUnknown = click), null;
  if (w.holdBlank(click)) return unexplained(f.out, [click]);
  f.out[click] = EXPLODED;
  // (the opened cells drawn anew are what they were)
  for (const j of f.changed) if (j !== click && f.out[j] === UNSURE) f.out[j] = f.prev[j]!;
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
