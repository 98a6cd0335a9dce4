// Starting the next game the way the game expects: a key (F2 on Windows, n in sgt-mines), keys in
// turn (a game that asks to confirm: KMines' Ctrl+N, then Return), a click on the face
// (xdemineur), or a click on a point the user names relative to the board (a face a learned skin
// does not know: 98.js), or points in turn (a "restart" that shows a start screen, then its
// "start": hchho/react-minesweeper); then waiting for a fresh board, nothing won or lost on it.

import { gridRect, holdsRect, type Grid, type Rect } from '../../core/grid.js';
import type { Grab, Point } from '../../desktop/ports.js';
import type { Hand } from '../hand/act.js';
import { BadReading, sameArea } from '../screen/frames.js';
import { resultOf } from '../game/judge.js';
import type { ReadMode } from '../screen/observe.js';
import { READ_REACH, readRect, type Place } from '../screen/place.js';
import type { Reading } from '../reading.js';
import type { Board } from '../../core/board.js';
import { StopSignal, type Safety } from '../hand/safety.js';
import { underVeil, veilOf } from '../screen/veil.js';

/** A point in cell pitches from the middle of the board's top edge (`dx` to the right, `dy` down). */
export interface BoardPoint {
  dx: number;
  dy: number;
  /**
   * A point that may change nothing (`DX,DY?`): a button that comes only at some ends (a
   * "Continue" after a win, none after a loss). When its click changes nothing around the board,
   * the next point is clicked all the same.
   */
  optional?: boolean;
}

/**
 * How to start the next game: a key, the face, a click at a point given relative to the board (a
 * face above the board is at dx 0, dy about -1.5), then, with `then`, more points in turn (each
 * once the screen changed from the click before and settled), or not at all.
 */
export type NewGame = { key: string } | { face: true } | { click: BoardPoint; then?: BoardPoint[] } | { none: true };

/** Every point a click new game clicks, in turn. */
export function clickPoints(how: { click: BoardPoint; then?: BoardPoint[] }): BoardPoint[] {
  return [how.click, ...(how.then ?? [])];
}

/** How a click new game is named in messages: "DX,DY", or "DX,DY then DX,DY". */
export function pointsText(how: { click: BoardPoint; then?: BoardPoint[] }): string {
  return clickPoints(how).map((p) => `${p.dx},${p.dy}${p.optional ? '?' : ''}`).join(' then ');
}

/**
 * The pixel a `click` new game aims at on this grid, and the small area around it checked before
 * the click; or why it may not be clicked: outside `read`, the area read around the board (the
 * place's `full`: by default beside it by up to READ_REACH.side cells, above by up to .above,
 * below by up to .below; farther where the game's window is known, placeOf's farPoints); or
 * outside `bounds`, the game's window on the screen, where another window or the desktop is.
 */
export function newGameSpot(grid: Grid, at: { dx: number; dy: number }, bounds?: Rect | null, read: Rect = readRect(grid)): { pixel: Point; area: Rect } | { refused: string } {
  const p = grid.pitch;
  const r = gridRect(grid);
  const pixel = { x: Math.round(r.left + r.width / 2 + at.dx * p), y: Math.round(r.top + at.dy * p) };
  // the area read around the board, in whole pixels, its last ones included
  const x0 = Math.floor(read.left), x1 = Math.ceil(read.left + read.width) - 1;
  const y0 = Math.floor(read.top), y1 = Math.ceil(read.top + read.height) - 1;
  if (pixel.x < x0 || pixel.x > x1 || pixel.y < y0 || pixel.y > y1) {
    return {
      refused: `the new-game click ${at.dx},${at.dy} falls outside the area read around the ${grid.cols}x${grid.rows} board (up to ${READ_REACH.side} cells beside it, ${READ_REACH.above} above, ${READ_REACH.below} below, or farther inside the game's window when minebot knows it: --window TITLE); not clicked`,
    };
  }
  // the square checked around it, within that area: a button near its edge is checked on its part
  // read (a square reaching past it was never the same, and the click was refused as a change)
  const half = Math.max(1, Math.round(p / 4));
  const square = { left: Math.max(x0, pixel.x - half), top: Math.max(y0, pixel.y - half), right: Math.min(x1, pixel.x + half), bottom: Math.min(y1, pixel.y + half) };
  const { left, top, right, bottom } = offBoard(square, pixel, r);
  const area = { left, top, width: right - left + 1, height: bottom - top + 1 };
  if (bounds !== undefined && !(bounds && holdsRect(bounds, area))) {
    const where = bounds ? `${bounds.width}x${bounds.height} at ${bounds.left},${bounds.top}` : 'off the screen';
    return { refused: `the new-game click ${at.dx},${at.dy} falls at pixel ${pixel.x},${pixel.y}, outside the game's window on the screen (${where}); not clicked` };
  }
  return { pixel, area };
}

/**
 * The square checked around a point off the board, cut at the board's edge: a square reaching into
 * the cells beside it sees them change as the game is played, and an end box's button a few pixels
 * off the board was taken for still there once closed (saoleigames/MineSweeper-HTML's close pill
 * 6 px above row 0: pressed twice, then the run stopped). A point on the board keeps its square,
 * and so does one whose square meets no cell.
 */
function offBoard(sq: { left: number; top: number; right: number; bottom: number }, pixel: Point, board: Rect): typeof sq {
  const gl = Math.floor(board.left), gt = Math.floor(board.top);
  const gr = Math.ceil(board.left + board.width) - 1, gb = Math.ceil(board.top + board.height) - 1;
  // (a square that stays off the board, beside a corner too, is kept whole)
  if (sq.right < gl || sq.left > gr || sq.bottom < gt || sq.top > gb) return sq;
  if (pixel.y < gt) return { ...sq, bottom: Math.min(sq.bottom, gt - 1) };
  if (pixel.y > gb) return { ...sq, top: Math.max(sq.top, gb + 1) };
  if (pixel.x < gl) return { ...sq, right: Math.min(sq.right, gl - 1) };
  if (pixel.x > gr) return { ...sq, left: Math.max(sq.left, gr + 1) };
  return sq;
}

/**
 * The new-game click placed from a board found but not read (a look being learned, no fresh game
 * on it, at the start): as newGameSpot, and never on the board found itself, whose cells are not
 * known.
 */
export function unreadSpot(grid: Grid, at: { dx: number; dy: number }, bounds: Rect | null, read: Rect): { pixel: Point; area: Rect } | { refused: string } {
  const spot = newGameSpot(grid, at, bounds, read);
  if ('refused' in spot) return spot;
  const r = gridRect(grid), a = spot.area;
  const apart = a.left >= r.left + r.width || a.left + a.width <= r.left || a.top >= r.top + r.height || a.top + a.height <= r.top;
  return apart ? spot : { refused: `the new-game click ${at.dx},${at.dy} falls on the ${grid.cols}x${grid.rows} board found, not read yet; not clicked (a game going on there would take it as a move: close what covers the game, or start a new game by hand, then run again)` };
}

export interface NewGameContext {
  hand: Hand;
  safety: Safety;
  skin: string;
  /** Where the board is now (it can move while the new game starts). */
  place(): Place;
  /** The frame the last reading came from. */
  basis(): Grab | null;
  /** Where a click off the board may land (the game's window on the screen; null: nowhere). */
  bounds(): Rect | null;
  /** Reads the board (finding it again if it moved). */
  look(changedFrom: Grab | null, mode: ReadMode): Promise<Reading>;
  /**
   * The board looked for away from its place (near it, then over the whole search region) and
   * read where found, or null when no board of this game is found: a page that moved the board as
   * it started the new game leaves page (no frame of its own) where the board's corners were, so
   * the ended game may still read at the old place.
   */
  lookElsewhere?(): Promise<Reading | null>;
  /**
   * Where the board lay before a push of part of a cell at this game's end (a line of text put
   * above it), and the first frame read there; null when it was not pushed.
   */
  pushedFrom?(): { grid: Grid; frame: Grab } | null;
  /** Waits (between keys pressed in turn). */
  sleep(ms: number): Promise<void>;
  /** Waits, within a bound, until the screen around the board stops changing (a key has no check before it). */
  settle?(): Promise<void>;
  /** A grab of the area read around the board, now (before a click that more clicks follow). */
  grabAround(): Promise<Grab>;
  /** A settled grab of that area, once it changed from `from` (or the change timeout passed). */
  settledFrom(from: Grab): Promise<Grab>;
  /**
   * Presses the dismiss key (`--dismiss KEY`) once, saying why, and waits for what it closes;
   * false when there is none to press (no key given, or a dismiss click). `cameOver`: something
   * came over the new-game point since it was clicked (the game's end box, come late: a dismiss
   * point is judged as after an end).
   */
  dismiss?(why: string, cameOver?: boolean): Promise<boolean>;
}

/** Pause between keys pressed in turn: the dialog the first one opens has to be there for the next. */
const BETWEEN_KEYS_MS = 400;

/** Presses a new-game key, or keys in turn (Ctrl+N,Return: a new game, then "Yes" in the dialog that asks to confirm). */
export async function pressKeys(keys: string, hand: Pick<Hand, 'press'>, sleep: (ms: number) => Promise<void>): Promise<void> {
  for (const [k, key] of keys.split(',').entries()) {
    if (k > 0) await sleep(BETWEEN_KEYS_MS);
    await hand.press(key);
  }
}

/**
 * The points after a click new game's first, in turn (`then`): each once the area read around the
 * board changed from the frame before the click before it (`before`) and settled, and clicked only
 * where that settled frame showed it (the screen the click before brought: a start screen in the
 * board's place, a menu). A click that changed nothing around the board ends it: the next point
 * was named for a screen that did not come; unless its point is optional (a button that comes
 * only at some ends), when the next is clicked on the screen as it is.
 */
export async function clickInTurn(how: { click: BoardPoint; then?: BoardPoint[] }, before: Grab, s: Pick<NewGameContext, 'hand' | 'place' | 'bounds' | 'settledFrom'>): Promise<void> {
  let from = before;
  let last = how.click;
  for (const at of how.then ?? []) {
    const now = await s.settledFrom(from);
    if (sameArea(now, from, s.place().full) && !last.optional) {
      throw new StopSignal(`the new-game click ${last.dx},${last.dy} changed nothing around the board; the next, ${at.dx},${at.dy}, not clicked (a point that may change nothing is written ${last.dx},${last.dy}?)`);
    }
    const spot = newGameSpot(s.place().grid, at, s.bounds(), s.place().full);
    if ('refused' in spot) throw new StopSignal(spot.refused);
    const seen = await s.hand.clickPoint(s.place().grid, spot.area, spot.pixel, now);
    if (seen !== 'same') throw new StopSignal(`the area of the new-game click ${at.dx},${at.dy} did not stay as it settled (${seen}); not clicked`);
    from = now;
    last = at;
  }
}

/**
 * The grid a new-game point is placed from: the board's where it is; or, the board pushed by part
 * of a cell at this game's end, where it lay before, where the point was measured on the board in
 * play: a button the push left where it was (above the line of text that pushed the board:
 * vjegorovs/minesweeper-vue's Start, whose label changes at the end). Only a point whose area
 * moved with the board (shown, pushed, as the first frame read before the push showed it there)
 * is placed from the pushed board.
 */
function pointGrid(at: BoardPoint, s: NewGameContext): Grid {
  const now = s.place().grid, was = s.pushedFrom?.(), basis = s.basis();
  if (!was || !basis) return now;
  const before = newGameSpot(was.grid, at, s.bounds(), s.place().full), pushed = newGameSpot(now, at, s.bounds(), s.place().full);
  if ('refused' in before) return now;
  if ('refused' in pushed) return was.grid;
  // (the first frame moved by the push: its pixels where the pushed board's are)
  const r = was.frame.region, moved: Grab = { ...was.frame, region: { ...r, left: r.left + now.left - was.grid.left, top: r.top + now.top - was.grid.top } };
  return sameArea(basis, moved, pushed.area) ? now : was.grid;
}

export async function startNewGame(how: NewGame, s: NewGameContext): Promise<Reading> {
  if ('none' in how) throw new StopSignal('the game is over and no way to start a new one was given');
  const what = 'face' in how ? 'clicking the face' : 'click' in how ? `clicking at ${pointsText(how)} cells from the board's top centre` : `pressing ${how.key}`;
  if ('click' in how) {
    // A point named by the user, checked like the face: clicked only where it looks as read.
    const before = how.then?.length ? await s.grabAround() : null;
    for (let attempt = 0; ; attempt++) {
      const spot = newGameSpot(pointGrid(how.click, s), how.click, s.bounds(), s.place().full);
      if ('refused' in spot) throw new StopSignal(spot.refused);
      const seen = await s.hand.clickPoint(s.place().grid, spot.area, spot.pixel, s.basis());
      if (seen === 'same') break;
      if (attempt >= 2) throw new StopSignal(`the area of the new-game click did not stay as it was read (${seen}); not clicked`);
      await s.look(null, 'full');
    }
    if (before) await clickInTurn(how, before, s);
  } else if ('face' in how) {
    // The face is checked like a cell: clicked only where it was read; else the board is read again.
    for (let attempt = 0; ; attempt++) {
      const face = s.place().face;
      if (!face) throw new StopSignal(`the ${s.skin} skin has no face to click for a new game`);
      const seen = await s.hand.clickFace(s.place().grid, face, s.basis());
      if (seen === 'same') break;
      if (attempt >= 2) throw new StopSignal(`the face did not stay where it was read (${seen}); not clicked`);
      await s.look(null, 'full');
    }
  } else {
    // a key is pressed blind (nothing on the screen is checked before it): not while the game
    // still draws its end (a fade, a dialog coming: thelowman/mines took keys that moved a focus
    // during its fade, and the same keys again picked another button)
    await s.settle?.();
    await pressKeys(how.key, s.hand, s.sleep);
  }
  await s.hand.park(s.place().grid);
  // Wait for a fresh board: nothing lost or won on it, and no end unseen told of it (a learner
  // that judged the last game ended unseen says so at every look until a fresh board comes: such a
  // look is the ended game still, its cells perhaps in play; vanpeta's CLOSE showed the ended board
  // and it was taken as the next game, one of no click). A game may still be showing its end (a
  // flash, mines drawn one by one) when the key arrives: each look waits for the next change.
  // Keys that came before the dialog that takes them (a game that fades its board out first,
  // then shows its end dialog in its place: thelowman/mines) leave the board gone or as it
  // ended: they are pressed once more.
  let again = 'key' in how;
  // A click the game swallowed: a page made inert by an end dialog (ovanderzee/mine-sweeper: a
  // native <dialog>, drawn late or not at all: a shield over the board, the page dimmed, gone
  // once it took the click) takes the first click only to close itself. Once the screen is quiet
  // again, while the board still reads the same ended game and the point looks as it did where it
  // was checked before the first click (or as under the dimmed page then), the same point is
  // clicked again, at most SWALLOWED_RETRIES times (a menu or a page the click opened over it: no
  // second click, a stop).
  const pointFrame = 'click' in how && !how.then?.length ? s.basis() : null;
  let retries = pointFrame ? SWALLOWED_RETRIES : 0;
  let ended: Board | null = null;
  let dismissed = false;
  for (let attempt = 0; attempt < 5; attempt++) {
    let reading: Reading | null = null;
    try {
      reading = await s.look(s.basis(), 'full');
    } catch (err) {
      if (!(err instanceof BadReading) || !again) throw err;
    }
    if (reading && resultOf(reading) === 'playing') return reading;
    // The board moved as the new game came (a page whose line of end text above the board went
    // with the reload), on a plain page: nothing around its old corners changed, and a reader that
    // knows the game ended (a learner) reads the ended game there again, at every look (each
    // waiting for a change that does not come: 15 to 30 s on VitaFilimonova's game). So each
    // look that reads the game still ended is followed by one for the board where it may be now
    // (near its place first: search-order.ts); a board found there still ended is no new game.
    if (reading) {
      const found = await s.lookElsewhere?.();
      if (found && resultOf(found) === 'playing') return found;
    }
    if (again && 'key' in how && (!reading || attempt >= 1)) {
      again = false;
      await s.settle?.();
      await pressKeys(how.key, s.hand, s.sleep);
      await s.hand.park(s.place().grid);
    }
    if (retries > 0 && 'click' in how && reading) {
      if (!ended) {
        ended = reading.board;
        continue;
      }
      // the screen quiet, the board read once more: the same ended game, or no click
      await s.settle?.();
      const now = await s.look(null, 'full');
      if (resultOf(now) === 'playing') return now;
      if (!sameCells(ended, now.board)) {
        retries = 0;
        continue;
      }
      retries--;
      // A modal dialog the page holds (a browser's alert() the last run left up, the board read
      // under its dimming: Louya64/minesweeper-vue) takes no click at all, only keys: with a
      // dismiss key, that key once before the point is clicked again.
      // (the board read again once it closed: the point is checked against that frame)
      // Something that came over the point since it was clicked, not a layer, is the game's end box
      // come with that click (gobitobi takes a win at the first click after the last flag, and
      // shows its box then, over the board where the point was named): a dismiss judged as after
      // an end.
      const cameOver = !(await pointAsClicked(how.click, pointFrame!, s));
      const why = cameOver ? 'the new-game click brought something over its point: the end box of the game, come late' : 'the new-game click changed nothing: a dialog may hold the page';
      if (!dismissed && (dismissed = (await s.dismiss?.(why, cameOver)) ?? false)) {
        const after = await s.look(null, 'full');
        if (resultOf(after) === 'playing') return after;
      }
      await clickSwallowedAgain(how.click, pointFrame!, s);
      ended = null;
    }
  }
  // (once more where it may be now, after looks that read nothing)
  const found = await s.lookElsewhere?.();
  if (found && resultOf(found) === 'playing') return found;
  // A user who grabbed the mouse mid-click can swallow the click: say so if that is what happened.
  await s.safety.checkMouse();
  throw new StopSignal(`${what} did not start a new game`);
}

/** How many times a click new game the game swallowed (the ended game still read, unchanged) is clicked again. */
export const SWALLOWED_RETRIES = 2;

/**
 * Whether the new-game point's area looks now as in `frame`, where it was checked before the first
 * click, or as under one see-through layer over the whole game there (veil.ts). A point off the
 * area read counts as not.
 */
async function pointAsClicked(at: BoardPoint, frame: Grab, s: NewGameContext): Promise<boolean> {
  const grid = s.place().grid;
  const spot = newGameSpot(grid, at, s.bounds(), s.place().full);
  if ('refused' in spot) return false;
  const now = await s.grabAround();
  if (sameArea(now, frame, spot.area)) return true;
  // (the same ended game read before and after the click: a layer over its cells alone will do;
  // the page may have painted its end once the layer went: campo_minado's mines, red, after the
  // alert that froze it dimmed was closed)
  const veil = veilOf(now, frame, grid, true, true);
  return !!veil && underVeil(now, frame, veil, spot.area);
}

/** The same cells, read twice. */
function sameCells(a: Board, b: Board): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}

/**
 * The new-game point clicked once more after a click the game swallowed: only where its area
 * looks now as in `frame`, where it was checked before the first click, or as under one
 * see-through layer over the whole game there that the first click took away (the page dimmed
 * behind the dialog: veil.ts); the board's frame beside it may have changed (a shield drawn over
 * the board's corner, gone with the click); and only as the last reading's frame shows it, the
 * board where read. Else a stop, nothing clicked.
 */
async function clickSwallowedAgain(at: BoardPoint, frame: Grab, s: NewGameContext): Promise<void> {
  const grid = s.place().grid;
  const spot = newGameSpot(grid, at, s.bounds(), s.place().full);
  if ('refused' in spot) throw new StopSignal(spot.refused);
  const stop = (why: string) => new StopSignal(`the new-game click ${at.dx},${at.dy} left the ended game on the board, and its point ${why}; not clicked again`);
  if (!(await pointAsClicked(at, frame, s))) throw stop('no longer looks as when it was clicked');
  const seen = await s.hand.clickPoint(grid, spot.area, spot.pixel, s.basis());
  if (seen !== 'same') throw stop(`did not stay as it was read (${seen})`);
  await s.hand.park(grid);
}
