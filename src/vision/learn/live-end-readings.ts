// How a watched game ended, read from its last frame (live-learner.ts): a loss or a win read by
// the mines' look (every reading whose lesson passes the checks, live-ends.ts), and a game that
// ended behind a box drawn over the board, read from the clicks before it. Each gives the codes
// the loop gets and ends the game being watched (live-watch.ts) with its lesson. Pure.

import { COVERED, EXPLODED, FLAG, MINE, OPENED, WRONG_FLAG, isClosed, isUnknown, type Board } from '../../core/board.js';
import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { minesByLook, redrawnClosed, winMarks, winMinesByLook, type MinesCandidate } from './live-ends.js';
import { interiorLookOf, type Look } from './live-looks.js';
import { NOTHING_BEHIND, UNSURE, type EndReading, type Watch } from './live-watch.js';

/**
 * A game's end read by the mines' look (live-ends.ts): every reading of the frame as a loss
 * (and, where `wins`, as a win that shows its mines), kept when exactly one reading's lesson
 * passes the checks, or several that are one end (oneEnd). Where several others pass (a loss to the last guess with every other mine
 * flagged fits a win that flagged them too), the game ended but its frame teaches nothing: a
 * loss when one of them is (the board the loop gets is the one before, with the cell that blew
 * up), else a win. Where none passes and `orFailed` (default: `wins`), the one loss reading
 * there is ends the game, its lesson saying why nothing is learned. Null when no reading stands
 * (a frame that may as well be a game going on).
 */
export function endByLook(w: Watch, out: Uint8Array, prev: Uint8Array, changed: Set<number>, clicks: number[], looks: Look[], image: RgbaImage, grid: Grid, wins: boolean, orFailed = wins): Uint8Array | null {
  const losses = lossReadings(w, out, prev, changed, clicks, looks, image, grid);
  const all = wins ? [...losses, ...winReadings(w, out, prev, changed, looks, image, grid)] : losses;
  const good = all.filter((r) => r.lesson.capture);
  if (good.length === 1) return w.endWith(good[0]!, prev);
  const one = oneEnd(good);
  if (one) return w.endWith(one, prev);
  if (good.length > 1) {
    const loss = good.find((r) => r.result === 'lost');
    const why = `its last frame fits ${good.length} readings (${[...new Set(good.map((r) => r.result))].join(' and ')}, the mines in other places): nothing learned from this game`;
    if (loss) return w.end('lost', blewUp(prev, loss.codes), image, grid, looks, { result: 'lost', capture: null, why });
    return w.end('won', good[0]!.codes.map((c) => (c === MINE ? FLAG : c)), image, grid, looks, { result: 'won', capture: null, why });
  }
  // the loss readings there are fail the checks, each with the same cell blown up (one, or it
  // with the closed cells around drawn again as well): the game is lost there, but where its
  // mines are is not known; the first lesson says why nothing is learned
  // (but not where a win reading stands beside them, failing too: a win's dialog that dims the
  // whole page before the last click is drawn — PaulusWhite/minesweeper-release's alert() — fits
  // either, and was read as a loss: logged as a guess on a mine, and no dismiss key pressed)
  // (nor where the cell blown up is one the solver proved safe: a win that dims the whole page
  // over the board at once after a batch of safe clicks — Heisey/minesweeper-js's "YOU WON" —
  // reads as every closed cell one look, the mines, and a click of the batch the mine hit; such
  // a reading, failing the checks, was taken as the loss, logged as a certain move on a mine)
  const blown = new Set(losses.map((r) => r.codes.indexOf(EXPLODED)));
  const wonToo = all.some((r) => r.result === 'won');
  if (orFailed && losses.length && blown.size === 1 && !wonToo && !w.proven.has([...blown][0]!)) return w.end('lost', blewUp(prev, losses[0]!.codes), image, grid, looks, losses[0]!.lesson);
  return null;
}

/**
 * Readings that end the game the same way with every mine in the same place are one end: they
 * differ only in whether closed cells that changed beside the mines are shown revealed or drawn
 * again (a lone cell, or cells of one number, look alike as a redrawn tile's would). The one that
 * keeps most of them closed, teaching nothing of them, stands for all (cosmith/minesweeper reveals
 * every cell at a loss, and two 1s revealed left its losses unlearned). Null when they differ.
 */
function oneEnd(readings: EndReading[]): EndReading | null {
  if (readings.length < 2) return null;
  const where = (r: EndReading): string => `${r.result}:${[...r.codes.keys()].filter((i) => r.codes[i] === MINE || r.codes[i] === EXPLODED).map((i) => `${i}${r.codes[i] === EXPLODED ? 'x' : ''}`).join()}`;
  const first = where(readings[0]!);
  if (!readings.every((r) => where(r) === first)) return null;
  const closed = (r: EndReading): number => r.codes.reduce((n, c) => n + (isClosed(c) ? 1 : 0), 0);
  return readings.reduce((a, b) => (closed(b) > closed(a) ? b : a));
}

/** The board as it was before the end (`prev`), with the cell that blew up in `codes`: never a mine where none may be. */
function blewUp(prev: Uint8Array, codes: Uint8Array): Uint8Array {
  const out = prev.slice();
  out[codes.indexOf(EXPLODED)] = EXPLODED;
  return out;
}

/**
 * Each reading of the changed cells as a loss (live-ends.ts minesByLook) and the lesson it
 * would teach: the mines of the reading shown, the cell clicked among them blown up, flags that
 * changed wrong (or drawn again, when the count needs them), and the other closed cells that
 * changed revealed (a game that shows every cell at a loss) or, when they all look alike, still
 * closed and drawn again (GNOME Mines' classic theme darkens every closed tile at a loss).
 * A reading that calls open a cell the skin reads as a mine, or a mine one it reads as a number, is none.
 */
function lossReadings(w: Watch, out: Uint8Array, prev: Uint8Array, changed: Set<number>, clicks: number[], looks: Look[], image: RgbaImage, grid: Grid): EndReading[] {
  const rightFlags = w.standingFlags(changed).length;
  const reading = (c: MinesCandidate, closedAgain: ReadonlySet<number>): EndReading | null => {
    if (numberCalledMine(out, c.mines)) return null;
    const codes = out.slice();
    const mines = new Set(c.mines);
    for (const i of changed) {
      if (mines.has(i)) codes[i] = i === c.exploded ? EXPLODED : MINE;
      else if (prev[i] === FLAG) codes[i] = WRONG_FLAG;
      else if (closedAgain.has(i)) codes[i] = prev[i]!;
      else if (codes[i] === MINE || codes[i] === EXPLODED) return null;
      else if (!(codes[i]! <= 8)) codes[i] = OPENED;
    }
    const redrawn = c.mines.filter((i) => prev[i] === FLAG);
    const { taught, unlabelled } = w.teachRedrawn(codes, redrawn, out, looks, c.mines.filter((i) => i !== c.exploded && prev[i] !== FLAG));
    // (closed cells the loss drew again teach nothing: one frame shows that look)
    for (const i of closedAgain) unlabelled.add(i);
    // (nor do closed cells shown open when most safe cells stay closed: no game that shows its
    // cells at a loss shows a few; those are something drawn over them. gozerxp/Minesweeper-js's
    // "Game Over!" over a row of closed cells was labelled 2s and 1s, its pieces alike to none)
    for (const i of partlyShown(prev, changed, mines, closedAgain)) unlabelled.add(i);
    return { result: 'lost', codes, lesson: w.lessonFor('lost', taught, image, grid, looks, unlabelled) };
  };
  return minesByLook(prev, w.cols, changed, looks, clicks, rightFlags, w.mines, w.checkered, () => interiorLooks(image, grid)).flatMap((c) => {
    const again = redrawnClosed(prev, changed, c.mines, looks);
    return (again.size ? [reading(c, new Set()), reading(c, again)] : [reading(c, new Set())]).filter((r): r is EndReading => r !== null);
  });
}

/** A loss that shows its safe cells shows at least this share of those still closed. */
const SHOWN_SHARE = 0.5;

/**
 * The closed cells (no flag) a loss reading shows open, but not the mines (`mines`) nor those
 * drawn again (`closedAgain`), when they are fewer than SHOWN_SHARE of the safe cells left
 * closed before: a game that reveals its cells at a loss reveals every one. Else none.
 */
function partlyShown(prev: Uint8Array, changed: ReadonlySet<number>, mines: ReadonlySet<number>, closedAgain: ReadonlySet<number>): number[] {
  const closed = (i: number): boolean => isUnknown(prev[i]!) && prev[i] !== FLAG && !mines.has(i);
  const shown = [...changed].filter((i) => closed(i) && !closedAgain.has(i));
  let safe = 0;
  for (let i = 0; i < prev.length; i++) if (closed(i)) safe++;
  return shown.length && shown.length < SHOWN_SHARE * safe ? shown : [];
}

/** Every cell's look inside its edges (live-looks.ts interiorLookOf). */
function interiorLooks(image: RgbaImage, grid: Grid): Look[] {
  return Array.from({ length: grid.cols * grid.rows }, (_, i) => interiorLookOf(image, grid, i));
}

/**
 * Whether a reading calls a mine a cell the skin reads as a number (`out`: the frame's codes): no
 * reading then. Numbers drawn alike (white on one green) made a group the mine total with the
 * flags a game had erased (vanilajs-minesweeper redraws its board without them at a 0 clicked),
 * and the 0 clicked, proved safe, was taken for the mine that blew up.
 */
function numberCalledMine(out: Uint8Array, mines: readonly number[]): boolean {
  return mines.some((i) => out[i]! <= 8);
}

/** Each reading of the changed cells as a win that shows its mines, and its lesson (none that calls open a cell the skin reads as a mine, or a mine one it reads as a number). */
function winReadings(w: Watch, out: Uint8Array, prev: Uint8Array, changed: Set<number>, looks: Look[], image: RgbaImage, grid: Grid): EndReading[] {
  // (closed cells under something drawn over the board are mines at a win, as the flags left standing)
  const rightFlags = w.standingFlags(changed).length + [...w.hole].filter((i) => isUnknown(prev[i]!)).length;
  const clicks = [...w.clicked];
  const readings: EndReading[] = [];
  for (const g of winMinesByLook(prev, w.cols, changed, looks, clicks, rightFlags, w.mines, () => interiorLooks(image, grid))) {
    if (numberCalledMine(out, g)) continue;
    const codes = out.slice();
    const mines = new Set(g);
    let mineCalledOpen = false;
    for (const i of changed) {
      if (mines.has(i)) codes[i] = MINE;
      else if (prev[i] === FLAG) codes[i] = WRONG_FLAG;
      else if (codes[i] === MINE || codes[i] === EXPLODED) mineCalledOpen = true;
      else if (!(codes[i]! <= 8)) codes[i] = OPENED;
    }
    if (!mineCalledOpen) readings.push({ result: 'won', codes, lesson: w.lessonFor('won', codes, image, grid, looks) });
  }
  return readings;
}

/**
 * The last reading tried before a frame is given up as unexplained: a win that shows its mines
 * (live-ends.ts winMinesByLook), kept only when exactly one such reading's lesson passes every
 * check. The lesson leaves those cells unlabelled (one win does not tell mines drawn as at a
 * loss from flags); the board the loop gets has them flagged.
 */
export function wonByLook(w: Watch, out: Uint8Array, prev: Uint8Array, changed: Set<number>, looks: Look[], image: RgbaImage, grid: Grid): Uint8Array | null {
  const good = winReadings(w, out, prev, changed, looks, image, grid).filter((r) => r.lesson.capture);
  return good.length === 1 ? w.endWith(good[0]!, prev) : null;
}

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
function withOwnFlags(w: Watch, prev: Uint8Array): Uint8Array {
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

/** The most closed cells whose mines wonUnseen tries every way of placing. */
const UNSEEN_CELLS = 10;

/**
 * A game that ended where no frame shows how, after clicks each proved safe (`clicks`): no click
 * of them can have lost it, so it was won, its last safe cells opened by the cascades of those
 * clicks. Where every mine is is not known: nothing is learned. To the loop: the board with its
 * mines placed in one way that fits every number (the solver's `consistent`, tried over every
 * placement of the mines left among at most UNSEEN_CELLS closed cells), flagged, every other
 * cell open. Null when it cannot be placed so.
 */
export function wonUnseen(w: Watch, prev: Uint8Array, clicks: number[]): Uint8Array | null {
  if (!w.consistent || !clicks.length || !clicks.every((i) => w.proven.has(i) && isClosed(prev[i]!))) return null;
  const base = withOwnFlags(w, prev).map((c, i) => (clicks.includes(i) ? OPENED : c));
  const closed = [...base.keys()].filter((i) => isUnknown(base[i]!));
  const need = w.mines - base.filter((c) => c === FLAG).length;
  if (need < 0 || need > closed.length || closed.length > UNSEEN_CELLS) return null;
  for (const pick of subsets(closed, need)) {
    const codes = base.map((c, i) => (isUnknown(c) ? (pick.has(i) ? FLAG : OPENED) : c));
    if (!w.consistent({ width: w.cols, height: w.rows, mines: w.mines, cells: codes })) continue;
    w.phase = 'won';
    w.pending = { result: 'won', capture: null, why: 'the game ended where no frame showed how, after clicks each proved safe: won, but where its last cells opened is not known, nothing learned from this game' };
    return codes;
  }
  return null;
}

/** Why a game that ended unseen taught nothing. */
export const ENDED_UNSEEN = 'its board went away for good after a guess that may have won as well as lost; nothing learned from this game';

/** Why a game that ended unseen behind a box taught nothing. */
export const ENDED_BEHIND_UNSEEN = 'it ended behind something drawn over the board after a guess that may have won as well as lost; nothing learned from this game';

/**
 * A game whose board went away after a lone guess and stayed away (or ended behind a box: `why`), where neither a win nor a
 * loss follows from what was seen (endBehind, wonUnseen: none): the guess may have been a mine,
 * or a 0 whose cascade opened every safe cell left. It ended, how no frame showed: nothing is
 * learned, the loop gets the board as it was before the guess (its result unknown). Null for
 * anything but a lone guess (a click not proved safe) on a closed cell.
 */
export function endUnseen(w: Watch, prev: Uint8Array, clicks: number[], why = ENDED_UNSEEN): Uint8Array | null {
  if (clicks.length !== 1 || w.proven.has(clicks[0]!) || !isClosed(prev[clicks[0]!]!)) return null;
  return endedUnseen(w, prev, why);
}

/** The game ended, how no frame showed (`why`): nothing learned; the loop gets `prev`, the board as it was before the clicks. */
function endedUnseen(w: Watch, prev: Uint8Array, why: string): Uint8Array {
  w.phase = 'unknown';
  w.pending = { result: 'unknown', capture: null, why };
  return prev.slice();
}

/** Why a game whose clicks changed nothing after a guess opened a cell alone taught nothing. */
export const SILENT_UNSEEN = 'clicks changed nothing after a guess opened a cell alone, not drawn as a mine hit: that guess or a later click may have ended it (a page that stopped drawing); nothing learned from this game';

/**
 * A game whose clicks changed nothing after a guess opened a cell alone, where no frame proves
 * that cell the mine hit (live-board-ends.ts mineShownAlone): it ended, how no frame showed;
 * nothing is learned, the loop gets `prev` (its result unknown).
 */
export function silentUnseen(w: Watch, prev: Uint8Array): Uint8Array {
  return endedUnseen(w, prev, SILENT_UNSEEN);
}

/** Why a game whose board went away for good after clicks each proved safe taught nothing. */
export const ENDED_SAFE_UNSEEN = 'its board went away for good after clicks each proved safe: won, most likely, but no frame showed where its last cells opened; nothing learned from this game';

/**
 * A game whose board went away for good after clicks each proved safe (`clicks`), where the mines
 * left cannot be placed (wonUnseen: none): no click of them can have lost it, but no frame showed
 * its end. It ended, how not told: nothing is learned, the loop gets the board as it was before
 * the clicks (its result unknown). Null for anything but closed cells each proved safe.
 */
export function safeClicksUnseen(w: Watch, prev: Uint8Array, clicks: number[]): Uint8Array | null {
  if (!clicks.length || !clicks.every((i) => w.proven.has(i) && isClosed(prev[i]!))) return null;
  return endedUnseen(w, prev, ENDED_SAFE_UNSEEN);
}

/** Every set of `k` of `items`. */
function* subsets(items: number[], k: number, from = 0, taken: number[] = []): Generator<Set<number>> {
  if (taken.length === k) return void (yield new Set(taken));
  for (let a = from; a <= items.length - (k - taken.length); a++) yield* subsets(items, k, a + 1, [...taken, items[a]!]);
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
