// The game's end over the whole board, as a live learner judges a frame (live-judge.ts): a flash
// over every cell (sgt-mines), a board gone (faded out, a dialog in its place: thelowman/mines), a
// box drawn over it (a dialog), every closed cell shown at once (a loss or win that reveals all),
// clicks that changed nothing (a game that ended silently). Each gives the frame's codes, or null
// when the frame is read on as a turn of play. Pure but for the watch it updates.

import { COVERED, EXPLODED, FLAG, MINE, OPENED, isClosed, isUnknown } from '../../../core/board.js';
import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import { areasOf } from '../live/live-areas.js';
import { OVER_CELLS, drawnOver, holeAround, noCascade, redrawnAtEnd } from './live-ends.js';
import { endByLook, wonByLook } from './live-end-readings.js';
import { endBehind, goneBehind } from './live-end-behind.js';
import { ENDED_BEHIND_UNSEEN, endUnseen, safeClicksUnseen, silentUnseen, wonUnseen } from './live-end-unseen.js';
import { changeOf, lookOf, type Look } from '../live/live-looks.js';
import { inkOfOpened, offGround } from '../live/live-ground-ink.js';
import { correlation, plain } from '../looks.js';
import { UNSURE, type Watch } from '../live/live-watch.js';

/** A frame in which at least this share of the cells changed with no click is the game flashing. */
const FLASH_SHARE = 0.9;
/** A flash in which at least this share of the cells is one plain colour each is no board (flashed). */
const GONE_SHARE = 0.75;
/** At least this share of the closed cells changed: the game shows every cell (a few may look as they were: a mine drawn on a covered tile). */
const REVEAL_SHARE = 0.95;
/** An open cell whose level moved this much (0..255) otherwise than most open cells' at a flash lies under a box drawn over the board (dimmedBox). */
const BOX_LEVEL = 24;
/** How far apart (levels) the middle half of the open cells' levels may lie from one rule for a layer over the whole game (dimmedBox). */
const LAYER_SPREAD = 8;
/** A cell under such a layer at least this alike its look before it is drawn as it was (unchangedUnderLayer). */
const UNDER_LAYER_SAME = 0.97;
/** Clicks in a row that must change nothing before a game that showed nothing is taken as over. */
const SILENT_CLICKS = 2;
/** The least share of its bounding box a block of closed cells changed must fill to be a box drawn over them (closedBlock). */
const BLOCK_FILL = 0.8;
/** The most of such a block's cells its sparse edge rows and columns may take away (denseCore). */
const CORE_TRIM = 0.2;

/** A frame being judged: what the skin reads in it, the last frame's codes, and the codes decided so far. */
export interface Frame {
  /** What the skin reads (UNSURE where it explains nothing). */
  seen: Uint8Array;
  looks: Look[];
  image: RgbaImage;
  grid: Grid;
  /** The codes of the last frame explained in full. */
  prev: Uint8Array;
  /** The codes being decided. */
  out: Uint8Array;
  /** The cells that changed since the last frame (not those only redrawn). */
  changed: Set<number>;
}

/**
 * The whole board changed: the game flashes at its end (sgt-mines). The board is what it was
 * before the flash; the flash's looks are not kept. Null when it did not.
 */
export function flashed(w: Watch, f: Frame): Uint8Array | null {
  const { prev, out, changed, looks, image, grid } = f;
  const n = prev.length;
  // (the whole board: open cells too — a loss that reveals every closed cell leaves those)
  const openBefore = prev.reduce((k, c) => k + (c <= 8 || c === OPENED ? 1 : 0), 0);
  const openChanged = [...changed].filter((i) => prev[i]! <= 8 || prev[i] === OPENED).length;
  if (!(changed.size >= FLASH_SHARE * n && openBefore > 0 && openChanged >= openBefore / 2)) return null;
  w.flashed = true;
  // a board gone, most of its cells one plain colour (faded out, a dialog in its place): no
  // end to read from it; once it stays, the clicks before it tell how the game ended
  // (one plain colour each, grey or not: a page's dark blue where the board was is as gone as grey)
  if (looks.filter((l) => plain(l.v)).length >= GONE_SHARE * n) return lastingFlash(w, f) ?? out.fill(UNSURE);
  // a click pending: a loss that redraws the whole board with every cell revealed (xbomb),
  // read by the mines' look; else not read (the next frame shows what the click did)
  // (less those drawn as they were under a layer laid over the whole game: not drawn yet)
  const pending = w.batch.filter((i) => changed.has(i));
  const layer = pending.length ? openLayer(w, f) : null;
  const still = layer ? unchangedUnderLayer(w, f, pending, layer.fit) : [];
  const clicks = pending.filter((i) => !still.includes(i));
  if (clicks.length) {
    const boxed = layer ? dimmedBox(w, f, clicks, openBefore, layer) : null;
    if (boxed) return boxed;
    // a layer over the whole game right after a click, the loop's dismiss still to come: the page
    // may have stopped drawing before it drew the click (a confirm() called in the click's own
    // handler: Cysiek96/Z2J's sapper froze its last guess in its hover colour, and a win read by
    // look as a loss at that cell taught a 6 as a 5). Not read by look: the frame the dismiss
    // shows is (a helper's find and patch)
    if (layer && w.dismissToCome) return out.fill(UNSURE);
    // (a loss whose lesson passes the checks, else a win that shows its mines, else the one loss reading)
    const ended = endByLook(w, out, prev, changed, clicks, looks, image, grid, true);
    if (ended) return ((w.flashed = false), ended);
  }
  if (w.opens.length || w.toggled.size || w.lone === null || !w.image) return wonByLook(w, out, prev, changed, looks, image, grid) ?? lastingFlash(w, f) ?? out.fill(UNSURE);
  // after a lone click that changed its cell alone, that cell was the mine, unless every
  // safe cell is open
  const ended = prev.slice();
  const opened = ended.filter((c) => c <= 8 || c === OPENED).length;
  if (opened === n - w.mines) return w.end('won', ended, w.image, w.imageGrid ?? grid, w.looks);
  ended[w.lone] = EXPLODED;
  return w.end('lost', ended, w.image, w.imageGrid ?? grid, w.looks);
}

/**
 * A whole board changed after a click, most of its open cells only in level (a layer over the
 * whole game dims it), some in their drawing: a box drawn over them at the end
 * (vfedoseev/js-minesweeper's "You LOSE" dialog over a row of open cells on its dimmed page, its
 * face and text once labelled the 0s and 1s the cells held). Those, but cells the end draws anew
 * all over the board (redrawnAtEnd), make a hole that keeps what it was and teaches nothing; the
 * end is read around it, or not at all (never from the box's looks). Null when there is no such
 * box: the flash is read as before.
 */
function dimmedBox(w: Watch, f: Frame, clicks: number[], openBefore: number, layer: OpenLayer): Uint8Array | null {
  const { prev, out, changed, looks, image, grid } = f;
  // (a layer over the whole game moves every open cell's level by one rule, a*level + b, a dark
  // layer at half alpha halving it; a box moves those under it otherwise: a light face over a
  // dimmed board, whatever it holds. A flash that draws the board in other colours, as sgt-mines
  // does at a win, moves each cell by its own: no layer)
  const { open, fit } = layer;
  // (where no one rule holds for most, as on a frame read again against one partly read, the
  // cells whose level moved otherwise than most cells' by BOX_LEVEL)
  const off = fit?.off ?? medianResiduals(open.map((i) => looks[i]!.mean - w.looks[i]!.mean));
  const over = open.filter((_, k) => Math.abs(off[k]!) > BOX_LEVEL);
  if (over.length < OVER_CELLS || over.length >= openBefore / 2) return null;
  const { redrawn, hole } = redrawnAtEnd(over, changed, prev, looks, w.cols, w.table);
  if (!hole.size) return null;
  const given = (): Uint8Array => lastingFlash(w, f) ?? out.fill(UNSURE);
  if (clicks.some((i) => hole.has(i))) return given();
  const codes = out.slice();
  const left = new Set(changed);
  for (const i of hole) (left.delete(i), (codes[i] = prev[i]!));
  for (const i of redrawn) codes[i] = prev[i]!;
  w.hole = hole;
  const ended = endByLook(w, codes, prev, left, clicks, looks, image, grid, true);
  if (ended) return ((w.flashed = false), ended);
  w.hole = new Set();
  return given();
}

/** How far each shift lies from the median shift. */
function medianResiduals(shifts: readonly number[]): number[] {
  const sorted = [...shifts].sort((a, b) => a - b);
  const usual = sorted[sorted.length >> 1] ?? 0;
  return shifts.map((d) => d - usual);
}

/** The open cells that changed, and the one rule their levels moved by (layerFit) if any. */
interface OpenLayer {
  open: number[];
  fit: LayerFit | null;
}

/** The frame's open cells that changed and the rule their levels follow, against the last frame's looks; null when those looks are not this board's. */
function openLayer(w: Watch, f: Frame): OpenLayer | null {
  if (w.looks.length !== f.prev.length) return null;
  const open = [...f.changed].filter((i) => f.prev[i]! <= 8 || f.prev[i] === OPENED);
  return { open, fit: layerFit(open.map((i) => [w.looks[i]!.mean, f.looks[i]!.mean] as const)) };
}

/**
 * The clicks among `clicks` whose cells are drawn as they were, under a layer laid over the whole
 * game as they were made: their drawing the same (UNDER_LAYER_SAME) and their level moved by the
 * open cells' one rule (layerFit), within LAYER_SPREAD / 2. A page frozen by an alert() that dims
 * it before it drew the clicks (zhongyangxun/mine-sweeper's win: the lone guess on its last safe
 * cell still covered under the dimming was read as the mine hit, a skin saved with that dimmed
 * tile as the mine). Such a click changed nothing yet: won or lost, the frame does not tell.
 * Empty where no such layer moved the open cells.
 */
function unchangedUnderLayer(w: Watch, f: Frame, clicks: number[], layer: LayerFit | null): number[] {
  if (!layer) return [];
  const { a, b } = layer;
  return clicks.filter((i) => correlation(w.looks[i]!, f.looks[i]!) >= UNDER_LAYER_SAME && Math.abs(f.looks[i]!.mean - (a * w.looks[i]!.mean + b)) <= LAYER_SPREAD / 2);
}

/** A rule after = a*before + b that a layer over the whole game moves the open cells' levels by. */
interface LayerFit {
  a: number;
  b: number;
  /** How far each point lies from the rule. */
  off: number[];
}

/**
 * The one rule after = a*before + b that most points (a cell's level before, after) follow
 * (fitted, then fitted again without those more than BOX_LEVEL off), and how far each lies from
 * it; null when the middle half of them lie more than LAYER_SPREAD apart (no such rule), or too few.
 */
function layerFit(points: readonly (readonly [number, number])[]): LayerFit | null {
  if (points.length < 8) return null;
  const fit = (use: readonly (readonly [number, number])[]): [number, number] => {
    const n = use.length, mx = use.reduce((s, p) => s + p[0], 0) / n, my = use.reduce((s, p) => s + p[1], 0) / n;
    const sxx = use.reduce((s, p) => s + (p[0] - mx) ** 2, 0), sxy = use.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0);
    const a = sxx > 1e-6 ? sxy / sxx : 1;
    return [a, my - a * mx];
  };
  let [a, b] = fit(points);
  const inliers = points.filter((p) => Math.abs(p[1] - (a * p[0] + b)) <= BOX_LEVEL);
  if (inliers.length >= points.length / 2) [a, b] = fit(inliers);
  const off = points.map((p) => p[1] - (a * p[0] + b));
  const sorted = [...off].sort((x, y) => x - y);
  return sorted[(3 * sorted.length) >> 2]! - sorted[sorted.length >> 2]! > LAYER_SPREAD ? null : { a, b, off };
}

/**
 * A flash after the bot's clicks that has stayed OVER_WAIT_MS (with a clock): no flash but the
 * board gone, faded out or replaced (thelowman/mines shows its end dialog where its board was),
 * and read as a game that ended behind it (goneBehind), or, after clicks each proved safe, as a
 * win whose last cascade no frame showed (wonUnseen: the board's own frame still there, no window
 * raised over it); null while it may still go, or when the clicks do not tell how the game ended.
 */
function lastingFlash(w: Watch, f: Frame): Uint8Array | null {
  if (!w.now || w.waitForBox(f.changed)) return null;
  w.over = null;
  w.hole = new Set();
  const clicks = w.lastClicks;
  return goneBehind(w, f.prev, clicks) ?? wonUnseen(w, f.prev, clicks) ?? endUnseen(w, f.prev, clicks);
}

/**
 * A lone guess, then the board's frame covered (the loop's frame check) and most of its cells
 * changed from the last frame, staying so OVER_WAIT_MS (with a clock): the board went away with
 * the window around it (thelowman/mines fades its whole page out at an end). Read as a board gone
 * after that guess (endBehind: lost when it cannot have been a 0 whose cascade won; else ended
 * unseen). Null while it may still come back, and when the cells are still there (a window over
 * the frame only: not read as an end).
 */
export function guessGone(w: Watch, prev: Uint8Array, clicks: number[], image: RgbaImage, grid: Grid): Uint8Array | null {
  if (clicks.length !== 1 || w.proven.has(clicks[0]!) || !stayedGone(w, prev, image, grid)) return null;
  return endBehind(w, prev, undefined, clicks) ?? endUnseen(w, prev, clicks);
}

/**
 * Whether most of the board's cells (GONE_SHARE) look otherwise than in the last frame explained,
 * and have stayed so OVER_WAIT_MS (with a clock; never without one): the board gone, not a box
 * that may still go. When so, the box watched is dropped and no hole is kept.
 */
function stayedGone(w: Watch, prev: Uint8Array, image: RgbaImage, grid: Grid): boolean {
  if (!w.now || w.looks.length !== prev.length) return false;
  const changed = new Set<number>();
  for (let i = 0; i < prev.length; i++) if (changeOf(lookOf(image, grid, i), w.looks[i]!) !== 'same') changed.add(i);
  if (changed.size < GONE_SHARE * prev.length || w.waitForBox(changed)) return false;
  w.over = null;
  w.hole = new Set();
  return true;
}

/**
 * Clicks each proved safe, then the board's frame covered and most of its cells changed, staying
 * so OVER_WAIT_MS (with a clock): the game ended behind something drawn over the whole page
 * (Heisey/minesweeper-js's "YOU WON" layer dims and blurs the page and moves the board under
 * it), where the clicks did not tell that they opened the last safe cells (endBehind: a 0 among
 * them opened cells where no mine was known). Read as a win where the mines left can be placed
 * (wonUnseen), else as a game that ended unseen; never lost. Null while the board may still come
 * back, and when the cells are still there.
 */
export function safeClicksGone(w: Watch, prev: Uint8Array, clicks: number[], image: RgbaImage, grid: Grid): Uint8Array | null {
  if (!clicks.length || !clicks.every((i) => w.proven.has(i)) || !stayedGone(w, prev, image, grid)) return null;
  return wonUnseen(w, prev, clicks) ?? safeClicksUnseen(w, prev, clicks);
}

/**
 * Open cells that changed after a click: a dialog drawn over the board at the game's end. Waited
 * for a while; then the cells under it (the hole) keep what they were, and the game may be read
 * around it (a loss to a lone click, or a batch each proved safe), else as ended behind it. Null
 * when the frame is read on (with or without a hole).
 */
export function boxOver(w: Watch, f: Frame): Uint8Array | null {
  const { prev, out, changed, looks, seen } = f;
  if (changed.size) (w.silent = 0), w.silentClicks.clear();
  w.hole = new Set();
  w.box = [];
  // (the clicks no frame showed yet: a game that draws its loss a frame late leaves the click
  // awaited after a frame explained without it — teplokotov/minesweeper's banner over the board,
  // then taken for a change the bot did not cause, and waited on until the run stopped)
  const batch = w.lastClicks;
  // (cells the last frame opened may be drawn in steps, but not after a click that opened no
  // cascade: a box over them then, as KMines' loss dialog right after the first cascade)
  const only = batch.length === 1 && changed.has(batch[0]!) ? batch[0]! : null;
  const drawing = only !== null && noCascade(only, prev, w.table, looks, w.looks) ? new Set<number>() : new Set(w.fresh);
  // (a number drawn anew in another colour, its drawing kept, is none: Watch.redrawn)
  const over = batch.length || w.opens.length ? drawnOver(prev, changed, looks, w.looks, seen, drawing, (i) => w.redrawn(prev, i, f.image, f.grid)) : [];
  // (a box over closed cells only — a loss on the first click, the game's "Game Over" over the
  // board's middle — changes no open cell: a solid block of closed cells changed, away from the
  // lone click, none read as a look of the board's own, is that box: closedBlock)
  if (!over.length && batch.length === 1 && w.opens.every((i) => i === batch[0])) over.push(...closedBlock(prev, changed, seen, w.cols, w.table, batch[0]!));
  if (!over.length) {
    w.over = null;
    return null;
  }
  const shown = revealedEnd(w, f, over);
  if (shown) return shown;
  // a box that may go by itself: not read until it goes, for a while (the loop reads again)
  if (w.waitForBox(changed)) return unexplained(out, changed);
  w.over = null;
  // a loss to a lone click may still be read around what is drawn over the board: the
  // cells under it teach nothing; anything else ends the game with nothing learned
  // (a batch of clicks each proved safe is no loss: read around the box as well, the cells
  // its cascades opened beside it may show where every mine is)
  const provenBatch = batch.length > 1 && batch.every((i) => w.proven.has(i));
  // (every cell of the board looks otherwise, the closed as well as the open, those only redrawn
  // too: no box over a part of it but
  // a layer over them all that the loop could not take off, and nothing around it to read the end
  // from — the closed cells seen through it were read as a loss's mines shown, and saved so:
  // loryruta/minesweeper-js's 60% white over its cells, not found where its many near-white open
  // cells changed too little. Ended behind it, as behind a box; nothing learned)
  const layered = w.looks.length === prev.length && looks.every((l, i) => changeOf(l, w.looks[i]!) !== 'same');
  if ((batch.length !== 1 && !provenBatch) || layered) return endBehind(w, prev, seen) ?? unexplained(out, changed);
  w.hole = holeAround(over, changed, w.cols, looks, w.table, prev, batch);
  w.box = over;
  for (const i of w.hole) (changed.delete(i), (out[i] = prev[i]!));
  // (every change under it: the game ended behind it, not a click the game ignored; a lone
  // guess that may have won as well as lost there ended where no frame shows how)
  if (!changed.size) return endBehind(w, prev, seen, batch, looks) ?? endUnseen(w, prev, batch, ENDED_BEHIND_UNSEEN) ?? unexplained(out, w.hole);
  return null;
}

/**
 * Every closed cell changed after a click: the game's end shown over the whole board, some open
 * cells drawn anew with it (redrawnAtEnd: emoji-minesweeper draws every 0 as a face), maybe a box
 * over part of it (its cells keep what they were and teach nothing). Read as that end when one
 * reading passes every check of its lesson; else null, and the frame is read as a box over the
 * board (boxOver).
 */
function revealedEnd(w: Watch, f: Frame, over: number[]): Uint8Array | null {
  const { prev, changed, looks } = f;
  const clicks = w.batch.filter((i) => changed.has(i));
  if (!clicks.length || !revealsAll(prev, changed)) return null;
  const { redrawn, hole } = redrawnAtEnd(over, changed, prev, looks, w.cols, w.table);
  if ([...hole].some((i) => clicks.includes(i))) return null;
  const out = f.out.slice();
  const left = new Set(changed);
  for (const i of hole) (left.delete(i), (out[i] = prev[i]!));
  // (a cell drawn anew is what it was: its number, when known, is checked against the mines shown)
  for (const i of redrawn) out[i] = prev[i]!;
  w.hole = hole;
  const ended = endByLook(w, out, prev, left, clicks, looks, f.image, f.grid, true, false);
  if (!ended) w.hole = new Set();
  else w.over = null;
  return ended;
}

/** Whether every closed cell but the flags changed (at least REVEAL_SHARE of them: a few may look as they did). */
function revealsAll(prev: Uint8Array, changed: ReadonlySet<number>): boolean {
  let closed = 0, turned = 0;
  prev.forEach((c, i) => {
    if (!isUnknown(c) || c === FLAG) return;
    closed++;
    if (changed.has(i)) turned++;
  });
  return closed > 0 && turned >= REVEAL_SHARE * closed;
}

/**
 * Clicks that changed nothing (the loop waited for a change): a game that ended with no sign of
 * it, once SILENT_CLICKS clicks in a row changed nothing; until then the frame as it is. Null
 * when something changed.
 */
export function silentEnd(w: Watch, f: Frame): Uint8Array | null {
  const { prev, out, changed, grid } = f;
  if (changed.size || !w.opens.length || !w.image) return null;
  if (w.everyMineFlagged(prev)) {
    // A game that counts a win once every mine is flagged may end at the last flag, its safe
    // cells still closed: clicks on them change nothing from then on. With every mine flagged,
    // SILENT_CLICKS clicks in a row that change nothing are that win. Its lesson is the frame,
    // the flags the mines, the cells left closed covered; to the loop they are safe cells.
    if (w.batch.length) w.silent++;
    if (w.silent < SILENT_CLICKS) return out;
    w.phase = 'won';
    w.pending = w.lessonFor('won', prev.slice(), w.image, w.imageGrid ?? grid, w.looks, undefined, w.hole, true);
    return prev.map((c) => (isUnknown(c) ? OPENED : c));
  }
  if (w.lone === null) return null;
  // A click that changed nothing may be one the game ignored or drew late: the game is over only
  // when SILENT_CLICKS clicks in a row changed nothing. The lone click before them changed its
  // own cell alone: that was the mine (a game that shows only it) only when the frames prove it
  // (mineShownAlone); else the game ended, how no frame showed, and teaches nothing.
  if (w.batch.length) (w.silent++, w.batch.forEach((i) => w.silentClicks.add(i)));
  if (w.silent < SILENT_CLICKS) return out;
  if (!mineShownAlone(w, f, w.lone)) return silentUnseen(w, prev);
  const ended = prev.slice();
  ended[w.lone] = EXPLODED;
  return w.end('lost', ended, w.image, w.imageGrid ?? grid, w.looks);
}

/**
 * Whether the frame proves that the lone click's cell (`lone`), opened alone before clicks that
 * changed nothing, is the mine that ended the game: it is drawn on a ground no opened cell has
 * (offGround: a number is drawn on the opened ground), not as an opened cell's drawing
 * (inkOfOpened), and no click after it can have hit a mine unseen: each proved safe, or on a cell
 * open already, or no frame of the game read through a layer over the page (w.veiled).
 *
 * A page may stop drawing at the mine hit by a later click (an alert() before the next paint):
 * Gabrielle/campo-minado-reactjs opened a 2 alone in a look not learned yet, on the opened ground;
 * the next click hit a mine, an alert froze the page, and the 2 was saved as the mine hit. A
 * browser dims the page under its alert, and the loop reads through that layer (veil.ts): the
 * dim is the sign. Without it, later guesses that change nothing are a game over at the lone
 * cell (WoyteqB/saper-js draws the mine hit red, no other mine, and takes no click after it).
 */
function mineShownAlone(w: Watch, f: Frame, lone: number): boolean {
  const { prev, image, grid } = f;
  if (w.veiled && [...w.silentClicks].some((i) => i !== lone && !w.proven.has(i) && isClosed(prev[i]!))) return false;
  const opened = [...prev.keys()].filter((j) => j !== lone && (prev[j]! <= 8 || prev[j] === OPENED));
  return offGround(image, grid, lone, image, grid, opened) && !inkOfOpened(image, grid, lone, image, grid, opened);
}

/** The codes of a frame not explained: the cells given unsure (the loop waits for a frame that is). */
export function unexplained(out: Uint8Array, cells: Iterable<number>): Uint8Array {
  for (const i of cells) out[i] = UNSURE;
  return out;
}

/**
 * `cells` (a group of closed cells that changed) less the rows and columns at the edges of their
 * bounding box that fewer than half of them fill, the sparsest first, while what is taken stays
 * within a fifth of them: the mines a loss shows along a box's edges, joined to it, are no part of
 * it (gobitobi/minesweeper-vanillaJS's "You Lose..." over closed cells, a row of mines above it:
 * 43 cells in a box of 9x6, 79.6% full). Else `cells`.
 */
function denseCore(cells: number[], cols: number): number[] {
  let core = cells;
  for (;;) {
    const xs = core.map((i) => i % cols), ys = core.map((i) => Math.floor(i / cols));
    const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
    if (x1 - x0 < 2 || y1 - y0 < 2) return core;
    const lines: [(i: number) => boolean, number][] = [
      [(i) => i % cols === x0, y1 - y0 + 1],
      [(i) => i % cols === x1, y1 - y0 + 1],
      [(i) => Math.floor(i / cols) === y0, x1 - x0 + 1],
      [(i) => Math.floor(i / cols) === y1, x1 - x0 + 1],
    ];
    const fills = lines.map(([on, length]) => core.filter(on).length / length);
    const sparsest = fills.indexOf(Math.min(...fills));
    if (fills[sparsest]! >= 0.5) return core;
    const rest = core.filter((i) => !lines[sparsest]![0](i));
    if (rest.length < (1 - CORE_TRIM) * cells.length) return cells;
    core = rest;
  }
}

/**
 * The largest block of closed cells that changed, not the lone click, none read as covered (a board
 * drawn half a pixel lower at its end changes every cell a little: test/bot/learn-live.test.ts), a number, a
 * mine, the mine hit or a flag: each 8-connected group of them — when every closed neighbour of
 * the click changed (it may be a 0 that opened a cascade), only a group that comes no nearer than
 * three cells to the click (what a cascade opened beyond the click's own neighbours always
 * reaches back beside them) — pruned of the cells alone in their
 * row or column in it (a mine shown beside the box) and of its sparse edges (denseCore), filling
 * at least 80% of its bounding box of 2x2 cells or more — something drawn over the board where it had opened nothing. Empty when none.
 */
function closedBlock(prev: Uint8Array, changed: ReadonlySet<number>, seen: Uint8Array, cols: number, table: Int32Array[], click: number): number[] {
  // (a closed neighbour of the click that did not change: the click was no 0, and opened no
  // cascade; else the block must keep away from it)
  const noZero = table[click]!.some((j) => isUnknown(prev[j]!) && !changed.has(j));
  const near = new Set([click, ...table[click]!]);
  const reach = noZero ? new Set<number>([click]) : new Set([...near].flatMap((i) => [i, ...table[i]!]));
  // (a look of the board's own: the covered tile, a number, a mine, the mine hit, a flag)
  const tileLook = (c: number): boolean => c <= 8 || c === MINE || c === EXPLODED || c === FLAG || c === COVERED;
  let best: number[] = [];
  for (const area of areasOf([...changed].filter((i) => isUnknown(prev[i]!) && !reach.has(i)), table)) {
    if (!noZero && area.some((i) => table[i]!.some((j) => reach.has(j)))) continue;
    let comp = area.filter((i) => !tileLook(seen[i]!));
    for (let size = -1; size !== comp.length; ) {
      size = comp.length;
      const inRow = new Map<number, number>(), inCol = new Map<number, number>();
      for (const i of comp) (inRow.set(Math.floor(i / cols), (inRow.get(Math.floor(i / cols)) ?? 0) + 1), inCol.set(i % cols, (inCol.get(i % cols) ?? 0) + 1));
      comp = comp.filter((i) => inRow.get(Math.floor(i / cols))! >= 2 && inCol.get(i % cols)! >= 2);
    }
    comp = denseCore(comp, cols);
    if (!comp.length) continue;
    const xs = comp.map((i) => i % cols), ys = comp.map((i) => Math.floor(i / cols));
    const w = Math.max(...xs) - Math.min(...xs) + 1, h = Math.max(...ys) - Math.min(...ys) + 1;
    if (w >= 2 && h >= 2 && comp.length >= BLOCK_FILL * w * h && comp.length >= OVER_CELLS && comp.length > best.length) best = comp;
  }
  return best;
}
