// A see-through layer laid over the whole game: the page dimmed behind an end dialog, a board
// faded or tinted at a game's end. Every pixel under it is the pixel before it mapped, channel by
// channel, by one line (a·v + b: an overlay of any colour and opacity, a brightness or contrast
// change). Against the last frame read without it, the layer is found by the pixels that follow
// such a line, the game's frame around the board among them; then a cell that follows it is the
// cell of that frame to the pixel, and the rest is the layer taken off (the line inverted). The
// game's end is read under the layer as it would be without it; cells that changed under it (the
// mines a loss shows) are read by their own pixels, never copied from the frame before.
//
// A cascade is no layer: it leaves the board's frame as it was. Pure: grabs in, a grab out.

import { COVERED, OPENED, type CellCode } from '../../core/board.js';
import { cellRect, gridRect, type Grid, type Rect } from '../../core/grid.js';
import type { Grab } from '../../desktop/ports.js';
import { changedCells } from './frames.js';

/** Per channel (R, G, B), the line a pixel under the layer follows: now = slope·before + offset. */
export interface Veil {
  slope: [number, number, number];
  offset: [number, number, number];
  /**
   * Found over the cells alone (bothKindsFollow), the board's frame as it was: the layer is the
   * backdrop of something drawn on it over the cells (a box's text, its button), read as in unveiled.
   */
  cellsOnly?: true;
}

/** How far a pixel under the layer may be from its line, levels (rounding). */
const TOL = 2;
/** Share of the cells' pixels that must follow the line. */
const MIN_CELLS_FIT = 0.6;
/** Share of the frame's pixels around the board that must follow it, and that must have changed. */
const MIN_FRAME_FIT = 0.9;
const MIN_FRAME_CHANGED = 0.5;
/** The least depth of the frame, pixels out from the cells, that must follow the line (what lies past it may change otherwise). */
const MIN_FRAME_DEPTH = 3;
/** Share of the cells that must have changed: a layer covers all of them. */
const MIN_CELLS_CHANGED = 0.9;
/** A slope below this leaves too little of the board to read under the layer. */
const MIN_SLOPE = 0.15;
/** The least variance of a channel's levels before the layer that pins a line (a standard deviation of 4 levels: a dark board of greys). */
const MIN_SPREAD = 16;
/**
 * A layer over the cells alone (the board's frame and the page round it as they were): the least
 * number of cells read opened, and of covered cells changed along the line, in the frame before
 * that tell it, and the share of the opened that must have changed.
 */
const MIN_KIND_CELLS = 3;
const MIN_KIND_CHANGED = 0.9;
/** Pixels sampled at most for the fit. */
const MAX_SAMPLES = 60_000;
/** The most common levels before whose pairs start a channel's line when the modes' line fails (lineOf, `painted`). */
const HEAVY_LEVELS = 16;
/** Two levels at least this far apart start a line (closer, a level's rounding tilts it). */
const MIN_PAIR_SPAN = 8;

/** A pixel's index (in bytes) in a grab, or -1 when outside it. */
function at(g: Grab, x: number, y: number): number {
  const r = g.region;
  if (x < r.left || y < r.top || x >= r.left + r.width || y >= r.top + r.height) return -1;
  return ((y - r.top) * r.width + (x - r.left)) * 4;
}

/** Whether the pixel at `i` of `now` follows the veil from the pixel at `j` of `ref`. */
function follows(v: Veil, now: Uint8Array, i: number, ref: Uint8Array, j: number): boolean {
  for (let c = 0; c < 3; c++) if (Math.abs(now[i + c]! - (v.slope[c]! * ref[j + c]! + v.offset[c]!)) > TOL) return false;
  return true;
}

/** The pixels of `area` both grabs hold, every `step`-th (row and column): their indices in `now` and `ref`, and where they are. */
function* pixels(ref: Grab, now: Grab, area: Rect, step = 1): Generator<[number, number, number, number]> {
  const x0 = Math.ceil(area.left), y0 = Math.ceil(area.top);
  const x1 = Math.floor(area.left + area.width), y1 = Math.floor(area.top + area.height);
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const i = at(now, x, y), j = at(ref, x, y);
      if (i >= 0 && j >= 0) yield [i, j, x, y];
    }
  }
}

/**
 * The line of one channel most pixels follow: for each level before, the level it most often
 * became; a line through those (weighted by how many), then fitted again to the pixels within
 * TOL of it. Null when the levels before are too few to pin a line.
 */
function lineOf(hist: Uint32Array, painted = false): [number, number] | null {
  const fit = (accept: (x: number, y: number) => boolean): [number, number] | null => {
    let n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (let x = 0; x < 256; x++) {
      for (let y = 0; y < 256; y++) {
        const w = hist[x * 256 + y]!;
        if (!w || !accept(x, y)) continue;
        n += w, sx += w * x, sy += w * y, sxx += w * x * x, sxy += w * x * y;
      }
    }
    const varX = n ? sxx / n - (sx / n) ** 2 : 0;
    if (varX < MIN_SPREAD) return null;
    const slope = (sxy / n - (sx / n) * (sy / n)) / varX;
    return [slope, sy / n - slope * (sx / n)];
  };
  const mode = new Int16Array(256).fill(-1);
  for (let x = 0; x < 256; x++) {
    let best = 0;
    for (let y = 0; y < 256; y++) if (hist[x * 256 + y]! > best) (best = hist[x * 256 + y]!), (mode[x] = y);
  }
  const refit = (start: [number, number] | null): [number, number] | null => {
    let line = start;
    for (let k = 0; line && k < 2; k++) {
      const [s, b] = line;
      line = fit((x, y) => Math.abs(y - (s * x + b)) <= TOL);
    }
    return line;
  };
  const first = fit((x, y) => mode[x] === y);
  const line = refit(first);
  if (!first || !painted) return line;
  // (`painted`: levels that changed otherwise under the layer pull the line through every level's
  // mode off the one most pixels follow: the mines a page painted red once its dimming went,
  // campo_minado, their level's mode a level of its own. When too few pixels follow that line,
  // the line through two of the most common levels' modes that most pixels follow starts the fit)
  const count = new Uint32Array(256);
  for (let x = 0; x < 256; x++) for (let y = 0; y < 256; y++) count[x]! += hist[x * 256 + y]!;
  const total = count.reduce((a, b) => a + b, 0);
  const most = line ? following(hist, line) : 0;
  if (most >= MIN_CELLS_FIT * total) return line;
  const heavy = [...Array(256).keys()].filter((x) => mode[x]! >= 0).sort((a, b) => count[b]! - count[a]!).slice(0, HEAVY_LEVELS);
  let start: [number, number] | null = null, best = most;
  for (let i = 0; i < heavy.length; i++) {
    for (let j = i + 1; j < heavy.length; j++) {
      const x1 = heavy[i]!, x2 = heavy[j]!;
      if (Math.abs(x2 - x1) < MIN_PAIR_SPAN) continue;
      const s = (mode[x2]! - mode[x1]!) / (x2 - x1);
      const n = following(hist, [s, mode[x1]! - s * x1]);
      if (n > best) (start = [s, mode[x1]! - s * x1]), (best = n);
    }
  }
  const other = start && refit(start);
  return other && following(hist, other) > most ? other : line;
}

/** How many pixels of one channel follow `line` within TOL. */
function following(hist: Uint32Array, [s, b]: [number, number]): number {
  let n = 0;
  for (let x = 0; x < 256; x++) {
    const c = s * x + b;
    for (let y = Math.max(0, Math.ceil(c - TOL)); y <= Math.min(255, Math.floor(c + TOL)); y++) n += hist[x * 256 + y]!;
  }
  return n;
}

/**
 * The layer over the game in `now` that `ref` (the last frame read without one, at the same
 * place: `grid` its cells) shows, or null: no layer (most cells unchanged, the frame around the
 * board as it was or changed otherwise, no one line that most pixels follow), or one too dark
 * to read under. `cellsAlone`: the caller read the same cells in both (the same ended game), so
 * no cascade to tell from a layer — which the frame alone tells, and a cascade over most of a flat
 * board passes without it: the frame around the board is not asked to follow the line (a dialog
 * may lie over it, dougyb83's win `<dialog>` over the board's top edge). `painted`: some cells
 * may have been drawn otherwise between the two besides the layer (a page frozen dimmed under an
 * alert, its loss painted once the alert went): the line most pixels follow is looked for even
 * where those cells pull the line through each level's commonest change off it.
 */
export function veilOf(ref: Grab, now: Grab, grid: Grid, cellsAlone = false, painted = false, codes?: ArrayLike<CellCode>): Veil | null {
  const cells = grid.cols * grid.rows;
  if (changedCells(ref, now, grid).length < MIN_CELLS_CHANGED * cells) return null;
  const board = gridRect(grid);
  const step = Math.max(1, Math.ceil(Math.sqrt((board.width * board.height) / MAX_SAMPLES)));
  const hists = [0, 1, 2].map(() => new Uint32Array(65536));
  const nd = now.image.data, rd = ref.image.data;
  // (each pixel counted at its level before and now, per channel)
  const tally = (i: number, j: number): void => {
    for (let c = 0; c < 3; c++) hists[c]![rd[j + c]! * 256 + nd[i + c]!]!++;
  };
  for (const [i, j] of pixels(ref, now, board, step)) tally(i, j);
  const v = veilFrom(hists, painted);
  if (!v || !cellsFollow(ref, now, board, step, v)) return null;
  if (cellsAlone) return v;
  const band = Math.max(3, Math.round(grid.pitch / 3));
  if (frameFollows(ref, now, board, band, v)) return v;
  // A layer laid over the cells alone, the frame round them left as it was (a game's end box
  // whose see-through backdrop is the board's own size: loryruta/minesweeper-js's 60% white
  // over a 20x10 board). The frame tells no cascade from it there; the cells do: a cascade, a
  // loss that reveals the board and a new game each leave one kind of cell as it was (the
  // opened, the opened, the covered), a layer changes both along its line.
  if (codes && bothKindsFollow(ref, now, grid, codes, v)) return { ...v, cellsOnly: true };
  // The line fitted to the board alone may be pinned over a narrow span of levels (a dark board,
  // most of its pixels changed otherwise at a loss that shows every cell anew) and, carried out to
  // a page of levels the board lacks (white around a dark board), miss it by a little more than
  // rounding: WillianColombo/campo_minado-DOM's page dimmed to half, 255 to 127 where the board's
  // line said 124.9. The layer is one line for the board and the page around it: fitted again to
  // both, and asked the same of the cells and the frame.
  const around = { left: board.left - band, top: board.top - band, width: board.width + 2 * band, height: board.height + 2 * band };
  for (const [i, j, x, y] of pixels(ref, now, around)) {
    if (x >= board.left - 1 && x <= board.left + board.width && y >= board.top - 1 && y <= board.top + board.height) continue;
    tally(i, j);
  }
  const both = veilFrom(hists, painted);
  return both && cellsFollow(ref, now, board, step, both) && frameFollows(ref, now, board, band, both) ? both : null;
}

/** The layer whose line per channel `hists` (level before × level now) pin, or null: no line, or one too dark, too light or too slight to be a layer. */
function veilFrom(hists: Uint32Array[], painted: boolean): Veil | null {
  const lines = hists.map((h) => lineOf(h, painted));
  if (lines.some((l) => !l)) return null;
  const v: Veil = { slope: lines.map((l) => l![0]) as Veil['slope'], offset: lines.map((l) => l![1]) as Veil['offset'] };
  if (v.slope.some((s) => s < MIN_SLOPE || s > 1 / MIN_SLOPE)) return null;
  // (a change worth the name: the line moves a mid-grey by more than the tolerance twice over)
  if (v.slope.every((s, c) => Math.abs(s * 128 + v.offset[c]! - 128) <= 2 * TOL && Math.abs(s - 1) < 0.08)) return null;
  return v;
}

/**
 * Whether the cells `codes` (the reading of `ref`) holds opened have nearly all changed in `now`,
 * enough of their pixels along `v`, and MIN_KIND_CELLS of those it holds covered at least changed
 * along it too, each cell with enough of its pixels on the line: a layer over both kinds, no change
 * of one kind alone. (Covered cells need not all follow: the mines a loss reveals under the layer
 * change otherwise, and late in a game most covered cells are mines — loryruta's loss with 41
 * covered cells, 20 of them mines, was missed when their pixels were counted all together.)
 */
function bothKindsFollow(ref: Grab, now: Grab, grid: Grid, codes: ArrayLike<CellCode>, v: Veil): boolean {
  if (codes.length !== grid.cols * grid.rows) return false;
  const nd = now.image.data, rd = ref.image.data;
  const tallyOf = (kind: (c: CellCode) => boolean) => {
    let cells = 0, changed = 0, n = 0, fit = 0, following = 0;
    for (let y = 0; y < grid.rows; y++) {
      for (let x = 0; x < grid.cols; x++) {
        if (!kind(codes[y * grid.cols + x]!)) continue;
        cells++;
        let moved = false, cellN = 0, cellFit = 0;
        for (const [i, j] of pixels(ref, now, cellRect(grid, x, y))) {
          cellN++;
          if (follows(v, nd, i, rd, j)) cellFit++;
          if (!moved && (nd[i] !== rd[j] || nd[i + 1] !== rd[j + 1] || nd[i + 2] !== rd[j + 2])) moved = true;
        }
        n += cellN;
        fit += cellFit;
        if (moved) changed++;
        if (moved && cellFit >= MIN_CELLS_FIT * cellN) following++;
      }
    }
    return { cells, changed, n, fit, following };
  };
  const open = tallyOf((c) => c <= 8 || c === OPENED);
  const closed = tallyOf((c) => c === COVERED);
  return open.cells >= MIN_KIND_CELLS && open.changed >= MIN_KIND_CHANGED * open.cells && open.n > 0 && open.fit >= MIN_CELLS_FIT * open.n && closed.following >= MIN_KIND_CELLS;
}

/** Whether enough of the board's pixels (every `step`-th) follow `v`. */
function cellsFollow(ref: Grab, now: Grab, board: Rect, step: number, v: Veil): boolean {
  const nd = now.image.data, rd = ref.image.data;
  let n = 0, fit = 0;
  for (const [i, j] of pixels(ref, now, board, step)) (n++, follows(v, nd, i, rd, j) && fit++);
  return n > 0 && fit >= MIN_CELLS_FIT * n;
}

/**
 * Whether the board's frame, a band `band` deep around its cells, is under the layer too:
 * changed, and as the line says. Counted by depth (pixels out from the cells): the band may be
 * taken from the cells out to any depth of MIN_FRAME_DEPTH or more, since what lies past the frame
 * may change otherwise at the same moment (a shadow around the board taken off at the game's end).
 */
function frameFollows(ref: Grab, now: Grab, board: Rect, band: number, v: Veil): boolean {
  const nd = now.image.data, rd = ref.image.data;
  const around = { left: board.left - band, top: board.top - band, width: board.width + 2 * band, height: board.height + 2 * band };
  const f = new Array<number>(band + 2).fill(0), fFit = f.slice(), fChanged = f.slice();
  for (const [i, j, x, y] of pixels(ref, now, around)) {
    if (x >= board.left - 1 && x <= board.left + board.width && y >= board.top - 1 && y <= board.top + board.height) continue;
    // (whole pixels out: a board found at a half pixel puts its frame at half a pixel more)
    const d = Math.min(band + 1, Math.floor(Math.max(board.left - x, x - (board.left + board.width), board.top - y, y - (board.top + board.height), 0)));
    f[d]!++;
    if (follows(v, nd, i, rd, j)) fFit[d]!++;
    if (nd[i] !== rd[j] || nd[i + 1] !== rd[j + 1] || nd[i + 2] !== rd[j + 2]) fChanged[d]!++;
  }
  let m = 0, mFit = 0, mChanged = 0;
  for (let d = 0; d <= band + 1; d++) {
    m += f[d]!, mFit += fFit[d]!, mChanged += fChanged[d]!;
    if (d > Math.min(band, MIN_FRAME_DEPTH) && m >= 50 && mFit >= MIN_FRAME_FIT * m && mChanged >= MIN_FRAME_CHANGED * m) return true;
  }
  return false;
}

/**
 * `now` with the layer taken off: a pixel that follows the line is the pixel of `ref` (the
 * inverted line would give it within the tolerance; this way a cell that did not change under the
 * layer is that cell to the pixel), every other pixel its own with the line inverted. A new grab
 * (no desktop words: its pixels are no longer the desktop's).
 */
export function unveiled(ref: Grab, now: Grab, v: Veil, grid?: Grid): Grab {
  const nd = now.image.data, rd = ref.image.data;
  const data = new Uint8Array(nd.length);
  // (a layer over the cells alone leaves everything outside the board as it was: kept, not
  // turned back through the line, or the frame round the board would seem to have moved)
  const inside = v.cellsOnly && grid ? insideOf(now, gridRect(grid)) : null;
  for (let i = 0; i < nd.length; i += 4) {
    if (inside && !inside(i)) data.set(nd.subarray(i, i + 4), i);
    else for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, Math.round((nd[i + c]! - v.offset[c]!) / v.slope[c]!)));
    data[i + 3] = nd[i + 3]!;
  }
  for (const [i, j] of pixels(ref, now, now.region)) if (follows(v, nd, i, rd, j)) data.set(rd.subarray(j, j + 4), i);
  // (a layer over the cells alone is the backdrop of what is drawn on it: a pixel under the layer
  // lies between its line's ends, offset and 255·slope + offset, per channel; a cell holding one
  // past them has something over it, text or a button, and no look of its own to read there:
  // it is read as it was before the layer, never as a look the end drew — loryruta's "Noo... you
  // lose!" over three covered cells was labelled as three mines)
  if (v.cellsOnly && grid) {
    for (let y = 0; y < grid.rows; y++) {
      for (let x = 0; x < grid.cols; x++) {
        const cell = cellRect(grid, x, y);
        let over = false;
        for (const [i] of pixels(now, now, cell)) if ((over = pastLayer(v, nd, i))) break;
        if (over) for (const [i, j] of pixels(ref, now, cell)) data.set(rd.subarray(j, j + 4), i);
      }
    }
  }
  return { region: { ...now.region }, image: { width: now.image.width, height: now.image.height, data }, pixelDensity: now.pixelDensity };
}

/** Whether the pixel at data index `i` of `g` lies in `r` (screen pixels). */
function insideOf(g: Grab, r: Rect): (i: number) => boolean {
  const w = g.image.width, x0 = Math.ceil(r.left) - g.region.left, y0 = Math.ceil(r.top) - g.region.top;
  const x1 = Math.floor(r.left + r.width) - g.region.left, y1 = Math.floor(r.top + r.height) - g.region.top;
  return (i) => {
    const p = i >> 2, x = p % w, y = (p / w) | 0;
    return x >= x0 && x < x1 && y >= y0 && y < y1;
  };
}

/** Whether the pixel at `i` of `now` lies past what the layer `v` leaves of any level (beyond rounding): drawn over the layer, not under it. */
function pastLayer(v: Veil, now: Uint8Array, i: number): boolean {
  for (let c = 0; c < 3; c++) {
    const a = v.offset[c]!, b = v.slope[c]! * 255 + v.offset[c]!;
    if (now[i + c]! < Math.min(a, b) - 2 * TOL || now[i + c]! > Math.max(a, b) + 2 * TOL) return true;
  }
  return false;
}

/** Whether every pixel of `area` in `now` is the pixel of `ref` under the layer `v` (both grabs holding all of it). */
export function underVeil(ref: Grab, now: Grab, v: Veil, area: Rect): boolean {
  let n = 0;
  const nd = now.image.data, rd = ref.image.data;
  for (const [i, j] of pixels(ref, now, area)) {
    if (!follows(v, nd, i, rd, j)) return false;
    n++;
  }
  return n === Math.round(area.width) * Math.round(area.height);
}
