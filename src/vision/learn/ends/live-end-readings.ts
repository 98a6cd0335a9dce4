// How a watched game ended, read from its last frame by the mines' look (live-learner.ts): every
// reading of that frame as a loss or a win whose lesson passes the checks (live-ends.ts). Each
// gives the codes the loop gets and ends the game being watched (live-watch.ts) with its lesson.
// A game that ended behind a box is read in live-end-behind.ts; one no frame showed, in
// live-end-unseen.ts. Pure.

import { EXPLODED, FLAG, MINE, OPENED, WRONG_FLAG, isClosed, isUnknown } from '../../../core/board.js';
import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import { minesByLook, redrawnClosed, winMinesByLook, type MinesCandidate } from './live-ends.js';
import { interiorLookOf, smoothLookOf, type Look } from '../live/live-looks.js';
import type { EndReading, Watch } from '../live/live-watch.js';

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
  // (the cells' looks on cuts that average each sample's footprint, taken once for both kinds of reading)
  let smoothed: Look[] | null = null;
  const smooth = (): Look[] => (smoothed ??= smoothLooks(image, grid));
  const losses = lossReadings(w, out, prev, changed, clicks, looks, image, grid, smooth);
  const all = wins ? [...losses, ...winReadings(w, out, prev, changed, looks, image, grid, smooth)] : losses;
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
function lossReadings(w: Watch, out: Uint8Array, prev: Uint8Array, changed: Set<number>, clicks: number[], looks: Look[], image: RgbaImage, grid: Grid, smooth: () => Look[]): EndReading[] {
  const rightFlags = w.standingFlags(changed).length;
  const reading = (c: MinesCandidate, closedAgain: ReadonlySet<number>): EndReading | null => {
    const mines = new Set(c.mines);
    // (the cell hit read as a 0 that opened none of its closed neighbours is no 0: the mine that
    // blew up drawn as an opened cell holding nothing, mrglaster/js-minesweeper-game's)
    const hitAsZero = out[c.exploded] === 0 && Array.from(w.zeroOpens[c.exploded]!).some((j) => isClosed(out[j]!) && !mines.has(j));
    if (numberCalledMine(out, hitAsZero ? c.mines.filter((i) => i !== c.exploded) : c.mines)) return null;
    const codes = out.slice();
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
  return minesByLook(prev, w.cols, changed, looks, clicks, rightFlags, w.mines, w.checkered, () => interiorLooks(image, grid), smooth).flatMap((c) => {
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

/** Every cell's look from cuts that average each sample's footprint (live-looks.ts smoothLookOf). */
function smoothLooks(image: RgbaImage, grid: Grid): Look[] {
  return Array.from({ length: grid.cols * grid.rows }, (_, i) => smoothLookOf(image, grid, i));
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

/**
 * The groups of mines a win shows by look, and the changed closed cells the skin reads surely as
 * mines (`out`: the frame's codes) when those, with the flags changed and left standing, make the
 * mine total, none clicked: a sprite a browser stretches to a fractional pitch falls on other
 * fractions of a pixel in each cell, and a win's few mines left unflagged may be too unlike to
 * make one group, each read as a mine all the same (Eriscot/react-minesweeper at 16.81 px: five
 * mines shown after a batch of certain clicks, held unsure, the run stopped). Each set once.
 */
function withSkinsMines(groups: number[][], out: Uint8Array, prev: Uint8Array, changed: Set<number>, clicks: readonly number[], rightFlags: number, mines: number): number[][] {
  const flags = [...changed].filter((i) => prev[i] === FLAG);
  const read = [...changed].filter((i) => isUnknown(prev[i]!) && out[i] === MINE && !clicks.includes(i));
  const g = [...read, ...flags];
  if (!read.length || g.length + rightFlags !== mines) return groups;
  const key = (cells: readonly number[]): string => [...cells].sort((a, b) => a - b).join(',');
  return groups.some((h) => key(h) === key(g)) ? groups : [...groups, g];
}

/** Each reading of the changed cells as a win that shows its mines, and its lesson (none that calls open a cell the skin reads as a mine, or a mine one it reads as a number). */
function winReadings(w: Watch, out: Uint8Array, prev: Uint8Array, changed: Set<number>, looks: Look[], image: RgbaImage, grid: Grid, smooth = (): Look[] => smoothLooks(image, grid)): EndReading[] {
  // (closed cells under something drawn over the board are mines at a win, as the flags left standing)
  const rightFlags = w.standingFlags(changed).length + [...w.hole].filter((i) => isUnknown(prev[i]!)).length;
  const clicks = [...w.clicked];
  const readings: EndReading[] = [];
  for (const g of withSkinsMines(winMinesByLook(prev, w.cols, changed, looks, clicks, rightFlags, w.mines, () => interiorLooks(image, grid), smooth), out, prev, changed, clicks, rightFlags, w.mines)) {
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
