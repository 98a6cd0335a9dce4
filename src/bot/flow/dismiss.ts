// Closing a game's end dialogs with the dismiss key (`--dismiss`, none by default): a dialog the
// game puts over its board at an end has the keyboard, and the key goes to it. Never by default:
// the key goes to whatever has the keyboard, and a window the user raised over the game looks the
// same (in the e2e fault test, a window raised over xdemineur and Escape pressed: no xdemineur
// board was left to find).
//
// The key is pressed once, and again only while each press is seen to act and the board's frame
// stays covered: what covered the board changed within DISMISS_KEY_WAIT_MS of the press (a dialog
// closed; games queue them: winmine after a best time asks a name, then shows its best times; a
// browser game may queue one alert after another), and once the screen is quiet again something
// still covers the board's frame. A cover that does not change after the key did not take it,
// and is not pressed again, unless a press of this end closed one or the game's end was read
// under it (a key alone: dialogs queued with no frame between them look alike, SAME_COVER_PRESSES;
// andres-linares2211/vanilla-minesweeper alerts its win once per level of a cascade's recursion,
// and the first press's alert is followed by one drawn the same); a board back in its frame needs
// no more, nor one whose cells are back in view with nothing still over its frame (a frame that
// moves by itself, a glow animated round the grid, is no dialog: `covered`).
//
// A dialog that takes no key (vanpeta/react-minesweeper's "Game Over" closes only by its CLOSE
// button; no key, no click beside it) is closed by a click at a point named relative to the board
// instead (`--dismiss click:DX,DY`, in cell pitches from the middle of the board's top edge, as
// `--new-game click:`): the same rule, each click once and again only while it is seen to act.
// A game may put its ends in boxes of different sizes (ElisabethFjr/demineur-react: the win's
// button 56 px below the loss's), so a click dismiss may name several points, `;`-separated, tried
// in order: each only where a dialog is seen at it, the next one when a click changed nothing
// (it fell on the box's text), from the first again when one closed a box and another is there.
// A click lands wherever the pointer is, so it is made only where a dialog is seen (dialogSeen):
// what shows at the point differs from what the frame first read at the board's place showed there, and an end
// was read, or the board is hidden or covered (no board read, its frame covered, or a good share
// of its cells unreadable, the point's own among them when it lies on the board). A board that
// reads as a game in progress with a cell or two unsure (a digit not learned yet, a frame caught
// drawing) is never clicked on: a press that is not made ends the dismissing as a key that did
// not act. After the press the point is looked at again: a dialog still seen there stops the run
// before a new game is started under it.

import type { Grid } from '../../core/grid.js';
import type { Grab } from '../../desktop/ports.js';
import { changedCells, type Frames } from '../screen/frames.js';
import type { Place } from '../screen/place.js';
import type { Stopwatch } from '../timing.js';

/** At most this many dismiss presses for one end (dialogs a game queues one after another). */
export const MAX_DISMISS = 20;

/** How long a dismiss press is given to show on the screen, ms (winemine's dialogs under Wine take about 2 s). */
const DISMISS_KEY_WAIT_MS = 3000;

/**
 * Presses of a key alone that may change nothing in a row after one of this end closed a cover,
 * or over a game read ended: dialogs a game queues with no frame between them look alike
 * (Xealink-Works/mine-sweeper-js alerts its win once per level of a cascade's recursion), so a
 * press that closed one shows the next, the same. Each given SAME_COVER_WAIT_MS to show.
 */
export const SAME_COVER_PRESSES = 8;
const SAME_COVER_WAIT_MS = 1000;

/** How long the screen must be quiet after a press has shown before what is there is judged, ms. */
const DISMISS_QUIET_MS = 300;

/** The share of a grid's cells that must change for what covers it to count as changed (and 3): a blinking caret or a ticking clock changes a cell or two. */
export const COVER_CHANGED_SHARE = 0.05;

/** How many of a board's `cells` make a good share of it: COVER_CHANGED_SHARE of them, and 3. */
export function coverCells(cells: number): number {
  return Math.max(3, Math.ceil(COVER_CHANGED_SHARE * cells));
}

/** A `click:` dismiss's point: cell pitches from the middle of the board's top edge. */
export interface DismissPoint {
  dx: number;
  dy: number;
}

const NUMBER = '(-?\\d+(?:\\.\\d+)?)';
const POINT = new RegExp(`^${NUMBER},${NUMBER}$`);

/**
 * A dismiss's key and points: `KEY`, `click:DX,DY[;DX2,DY2...]`, or both, the key first:
 * `KEY;click:DX,DY[;...]` (a game that puts up a box taking a key, then one closed by a click:
 * hex-coding/minesweeper's `prompt()` for a name, then its page box). Throws on a `click:` whose
 * points do not parse.
 */
function dismissParts(text: string): { key: string | null; points: DismissPoint[] | null } {
  const alone = text.startsWith('click:');
  const at = alone ? 0 : text.indexOf(';click:');
  if (at < 0) return { key: text, points: null };
  const parts = text.slice(alone ? 'click:'.length : at + ';click:'.length).split(';');
  const points = parts.map((p) => {
    const m = POINT.exec(p.trim());
    if (!m) throw new Error(`"${p}" is no point DX,DY`);
    return { dx: Number(m[1]), dy: Number(m[2]) };
  });
  return { key: alone ? null : text.slice(0, at), points };
}

/**
 * The points a dismiss clicks (`click:DX,DY`, `click:DX,DY;DX2,DY2;...` tried in order, or after
 * a key: `KEY;click:...`), or null for a key alone. Throws on points that do not parse.
 */
export function dismissPoints(text: string): DismissPoint[] | null {
  return dismissParts(text).points;
}

/** The key a dismiss presses (`KEY`, or `KEY;click:...`), or null for points alone. */
export function dismissKeyOf(text: string): string | null {
  return dismissParts(text).key;
}

/** The presses a dismiss may make, in the order they are tried: its key, then each of its points as `click:DX,DY`. */
export function dismissChoices(text: string): string[] {
  const { key, points } = dismissParts(text);
  return [...(key === null ? [] : [key]), ...(points ?? []).map((p) => `click:${p.dx},${p.dy}`)];
}

/** Ends the `why` of a dismiss click made because the click at the point before it changed nothing. */
export const CLICK_CHANGED_NOTHING = '; the click before changed nothing';

/**
 * Why a dismiss is asked for: the game's end was read (`ended`), a layer was seen over the game
 * (`layer`), a reading failed after the bot's clicks (`failed`: a dialog may cover the board, or
 * the game may be drawing), or a new-game click changed nothing on a game read ended (`held`: a
 * box holds the page; the one a run starts under was there in the first frame read, and its point
 * shows no change from it), or did so after a game of the run ended (`swallowed`: pressed again
 * only while each press is seen to close something and something still covers the board).
 */
export type DismissCause = 'ended' | 'layer' | 'failed' | 'held' | 'swallowed';

/** What is seen at a `click:DX,DY` dismiss point, for dialogSeen. */
export interface PointLook {
  cause: DismissCause;
  /** Whether the point's area differs from what the frame first read at the board's place showed there. */
  pointChanged: boolean;
  /** The cell of the board under the point, or null when the point lies off the board. */
  pointCell: [number, number] | null;
  /**
   * Whether the cell under the point reads now as it read in the frame first read at the board's
   * place while its pixels there differ (something drawn over it in a look the reader takes for
   * that cell's: a dark end box over dark covered tiles). Absent: not known.
   */
  pointCellAsBefore?: boolean;
  /** The board read now at its place (unsure cells listed), or null when it does not read at all. */
  reading: { unsure: readonly (readonly [number, number])[] } | null;
  /** Whether the board's frame is as when it was first read (nothing over it). */
  frameHolds: boolean;
  /**
   * With the point on the board, after an end: whether its cell, and two more around it, are
   * ones the reader keeps as the game ended though something was drawn over them since
   * (Reading.drawnOver: a dialog is wider than a cell, a mine drawn late is not). Absent: not known.
   */
  overEnd?: boolean;
  /**
   * After an end, with the point on the board: whether its cell's pixels, and those of two more
   * cells around it, differ from the last frame read with nothing over the board's frame (the
   * ended board as read, or the frame before an end read behind a cover): something wider than a
   * cell came over it since. Absent: not known.
   */
  overSinceEnd?: boolean;
  /** The board's cells. */
  cells: number;
  /** Whether the board reads as a fresh game: every cell covered, none unsure. Absent: not known. */
  fresh?: boolean;
}

/**
 * Why a dialog is seen at a `click:DX,DY` dismiss point, or null when none is (no click). The
 * point must show something the frame first read at the board's place did not, and not a cell that reads
 * there; then an end or a layer was seen, or the board does not read, or its frame is covered, or
 * a good share of its cells is unsure (COVER_CHANGED_SHARE, and 3), the point's own among them.
 */
export function dialogSeen(l: PointLook): string | null {
  // (the point off the board, or no board read, counts as a cell that does not read)
  const unsureAtPoint = l.pointCell && l.reading ? l.reading.unsure.some(([x, y]) => x === l.pointCell![0] && y === l.pointCell![1]) : true;
  // (a page held by a box since before the frame first read: the point, unchanged, is clicked off
  // the board or on a cell that does not read, never on one that reads)
  if (l.cause === 'held') return unsureAtPoint ? 'a new-game click changed nothing on the ended game: a box may hold the page' : null;
  // (under a layer, or after a press that closed a cover, a board that reads as a fresh game is
  // the new game come, still fading in, not a box drawn in the covered tiles' look: a second
  // click at alexsandertech's button over rows 7-8 opened a cell of the new game)
  if (l.cause === 'layer' && l.fresh === true) return null;
  // (a cell there reads as the game ended, as a learner keeps an ended game's cells whatever is
  // drawn over them: prabhakar-regmi/Minesweeper-HTML's popup over the middle of the board at a
  // win held the new-game link, and its button was never clicked)
  if (l.cause === 'ended' && l.overEnd === true) return 'the game ended and something came over the board at the dismiss point since';
  if (!l.pointChanged) return null;
  // (after an end, with the board's frame covered and the point's cell and two around it drawn
  // over since the ended board was read, whatever the cell reads now: a dimming overlay over the
  // whole page reads through to the cells' last states, and its popup's button lies over them.
  // OrAntebi/Mine-Sweeper at a win: the button over row 7 read as the 1 under it, the key was
  // pressed again instead, and the run stopped on the frame covered)
  if (l.cause === 'ended' && !l.frameHolds && l.overSinceEnd === true && l.fresh !== true) return 'the game ended, the board\'s frame is covered and something came over the dismiss point since the end was read';
  // (a cell that reads at the point is no dialog, but for one over it drawn in a look the reader
  // takes for the cell's own: only after an end or under a layer, with the board's frame covered
  // too, and the cell read as in the first frame though its pixels changed; a cell opened at the
  // point since reads otherwise)
  const coveredAlike = l.pointCellAsBefore === true && !l.frameHolds && l.cause !== 'failed';
  if (!unsureAtPoint && !coveredAlike) return null;
  if (l.cause === 'ended') return 'the game ended and something new shows at the dismiss point';
  if (l.cause === 'layer') return 'a layer is over the game and something new shows at the dismiss point';
  if (!l.reading) return 'no board reads and something new shows at the dismiss point';
  if (!l.frameHolds) return "the board's frame is covered and something new shows at the dismiss point";
  if (l.reading.unsure.length >= coverCells(l.cells)) return `${l.reading.unsure.length} cells are covered and something new shows at the dismiss point`;
  return null;
}

/**
 * What is seen at a `click:DX,DY` dismiss point on a board no frame was read at before (the run's
 * start: an end box the last run left up), for dialogSeenUnread.
 */
export interface UnreadPointLook {
  /** The cell of the board under the point, or null when the point lies off the board. */
  pointCell: [number, number] | null;
  /** The board read now at its place (unsure cells listed), or null when it does not read at all. */
  reading: { unsure: readonly (readonly [number, number])[] } | null;
  cols: number;
  rows: number;
}

/**
 * Why a dialog is seen at a dismiss point with no frame of the board read before to compare it
 * with (the run's start), else null. Only what the board itself shows counts: the point must lie
 * on the board found, its cell and every cell around it unreadable (something wider than a cell
 * over it: a box, not a look the skin lacks), and a good share of the board unreadable
 * (COVER_CHANGED_SHARE, and 3), not all of it (the rest of the board in view around the box). Off
 * the board nothing tells a box from the page: not clicked.
 */
export function dialogSeenUnread(l: UnreadPointLook): string | null {
  if (!l.pointCell || !l.reading) return null;
  const unsure = new Set(l.reading.unsure.map(([x, y]) => y * l.cols + x));
  // (a board none of whose cells reads, a page dimmed all over, shows no box: nothing tells where one is)
  if (unsure.size < coverCells(l.cols * l.rows) || unsure.size >= l.cols * l.rows) return null;
  const [px, py] = l.pointCell;
  for (let y = Math.max(0, py - 1); y <= Math.min(l.rows - 1, py + 1); y++) {
    for (let x = Math.max(0, px - 1); x <= Math.min(l.cols - 1, px + 1); x++) if (!unsure.has(y * l.cols + x)) return null;
  }
  return `${unsure.size} cells of the board found at the start do not read, the dismiss point's and those around it among them (a box over the board)`;
}

/** The dismiss key was pressed, or one of its points clicked (`key`; `press`: 1 for the first of an end, 2 for the next, after one that acted with the board still covered or a click that changed nothing, ...). */
export interface DismissEvent {
  type: 'dismissed';
  key: string;
  why: string;
  press: number;
}

export interface DismissContext {
  /** The key that closes the game's end dialogs, or null (nothing is pressed). */
  key: string | null;
  frames: Frames;
  watch: Stopwatch;
  /** Whether the board's frame in a grab is as when it was first read at `place` (nothing over it). */
  frameHolds(g: Grab, place: Place): boolean;
  /**
   * Whether something still covers the board at `place` in a grab: its cells do not read as when
   * last read with nothing over the frame, or its frame is covered by something that stays still
   * (a dialog; not the page's own motion round the board).
   */
  covered(g: Grab, place: Place): Promise<boolean>;
  /** Presses the key, or clicks the point of a `click:DX,DY` dismiss on the board at `place` (one of dismissChoices). */
  press(key: string, place: Place): Promise<void>;
  /** Whether a press (one of dismissChoices) may be made now: a key always; a click only where dialogSeen sees a dialog at its point. */
  seen(key: string, place: Place, cause: DismissCause): Promise<boolean>;
  emit(e: DismissEvent): void;
  /** Throws to stop (user took the mouse, stop request). */
  checkpoint(): Promise<void>;
}

/** Whether what covers a grid changed between two grabs: at least COVER_CHANGED_SHARE of its cells, and 3. */
export function coverChanged(before: Grab, now: Grab, grid: Grid): boolean {
  return changedCells(before, now, grid).length >= coverCells(grid.cols * grid.rows);
}

/**
 * Closes what covers the board at `place` after a game's end: the dismiss key, then again while
 * each press acts and the board's frame stays covered, MAX_DISMISS presses at most. The points of
 * a click dismiss are tried in order, each only where `seen` allows: a click that changed nothing
 * passes to the next point; one that closed a cover with another there starts again from the
 * first. False when no key was given, or no press was made (no dialog seen at any point);
 * 'closed' when a press was seen to change what covered the board, else 'pressed'.
 */
export async function dismissAll(c: DismissContext, place: Place, why: string, cause: DismissCause): Promise<Dismissed> {
  if (c.key === null) return false;
  const choices = dismissChoices(c.key);
  let before = await c.frames.grab(place.full);
  let pressed = 0;
  // (the first choice to try on what covers the board now, and whether a press closed a cover)
  let from = 0;
  let acted = false;
  // (presses in a row of a key that closed a cover, each changing nothing)
  let alike = 0;
  // (whether a press was seen to change what covered the board)
  let closed = false;
  while (pressed < MAX_DISMISS) {
    await c.checkpoint();
    // (a click only where a dialog is seen; the presses after one acted: another cover is there)
    let i = from;
    while (i < choices.length && !(await c.seen(choices[i]!, place, acted ? 'layer' : cause))) i++;
    if (i >= choices.length) return pressed > 0 && (closed ? 'closed' : 'pressed');
    pressed++;
    const note = alike > 0 ? '; a cover like the last is there (dialogs queued alike)' : acted && from === 0 ? '; the last press closed a cover and another is there' : from > 0 ? CLICK_CHANGED_NOTHING : '';
    c.emit({ type: 'dismissed', key: choices[i]!, why: `${why}${note}`, press: pressed });
    await c.press(choices[i]!, place);
    if (pressed === MAX_DISMISS) break;
    const now = await afterKey(c, place, before, alike > 0 ? SAME_COVER_WAIT_MS : DISMISS_KEY_WAIT_MS);
    if (!now) {
      // (a key alone that closed a cover this end, or pressed on one over a game read ended:
      // the next of dialogs queued alike, pressed again a few times; else nothing changed: the
      // next point, when there is one)
      // (not after a swallowed new-game click: the frame the cover is told against may be one read
      // under the dialog, and a press into the clear page then seems to find it covered still:
      // campo_minado's won page took 8 presses more so)
      if ((acted || cause === 'ended') && cause !== 'swallowed' && choices.length === 1 && !dismissPoints(choices[i]!) && ++alike <= SAME_COVER_PRESSES) {
        // (a dialog over the frame alone, closed, changes no cell: the board back in view, its
        // frame back or moving by itself, needs no more. JasonLeisure/games' neon glow round the
        // grid kept the frame from holding: Return was pressed 8 times more, and once reached the
        // page's Start button)
        const g = await c.frames.grab(place.full);
        if ((!acted && c.frameHolds(g, place)) || !(await c.covered(g, place))) break;
        continue;
      }
      from = i + 1;
      continue;
    }
    alike = 0;
    closed = true;
    // (a page held since before the frame first read: that frame had the box in it, and the board
    // not as then is no sign of another box; one press that acted is all)
    if (cause === 'held') break;
    // (the board's frame back is the end of it, but for a box inside it seen at a point: a key
    // that closed a prompt, the page's own box under it)
    if ((c.frameHolds(now, place) || !(await c.covered(now, place))) && !(await clickSeen(c, choices, place))) break;
    before = now;
    from = 0;
    acted = true;
  }
  return closed ? 'closed' : 'pressed';
}

/** What dismissAll did: nothing (false), presses none of which was seen to change anything, or presses one of which changed what covered the board. */
export type Dismissed = false | 'pressed' | 'closed';

/** Whether a dialog is seen at one of a dismiss's points (its click choices), after a press that closed a cover. */
async function clickSeen(c: DismissContext, choices: string[], place: Place): Promise<boolean> {
  for (const choice of choices) if (dismissPoints(choice) && (await c.seen(choice, place, 'layer'))) return true;
  return false;
}

/**
 * After a press: the frame around the board once what covered it changed and the screen is quiet
 * again, or null when nothing changed within `waitMs`.
 */
async function afterKey(c: DismissContext, place: Place, before: Grab, waitMs: number): Promise<Grab | null> {
  const clock = c.watch.clock;
  const until = clock.now() + waitMs;
  for (;;) {
    if (coverChanged(before, await c.frames.grab(place.full), place.grid)) {
      await c.frames.quietFor(place.full, DISMISS_QUIET_MS, DISMISS_KEY_WAIT_MS);
      return c.frames.grab(place.full);
    }
    if (clock.now() >= until) return null;
    await c.checkpoint();
    await c.watch.sleep(50);
  }
}
