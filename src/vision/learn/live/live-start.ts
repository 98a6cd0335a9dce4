// Where the board being learned is, and what its first frame teaches (live-learner.ts): the
// board found by its lattice, a fresh board's covered look (the first skin), whether its covered
// cells are a checkerboard. Pure.

import { COVERED, OPENED, neighbourTable, type Board } from '../../../core/board.js';
import { greyAt, type RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import { locateGrids } from '../../locate/locate.js';
import { unsquareCells } from '../../locate/cell-aspect.js';
import { cutOff, cutOffText, WHOLE_BOARD_HINT } from '../../locate/cut-off.js';
import { classifyCells, fitExtent, goesOnPast, meanScore, refine, type CellPass } from '../../read/align.js';
import { explained } from '../../read/judge.js';
import { prepareSkin, type PreparedSkin } from '../../read/prepared.js';
import { VisionError, readScreen, type Reading } from '../../read/read.js';
import type { Skin } from '../../skins/skin.js';
import { learnSkin } from '../learn.js';
import { lookOf } from './live-looks.js';
import { cascadeShaped } from './live-areas.js';
import { freshLooks, zerosAlike } from './live-fresh-looks.js';
import { edgeAligned, freshLattice } from './live-lattice-phase.js';
import { framedByGap, gapInset, gapsOf } from '../gap-lattice.js';

/**
 * A board found that is not a fresh game: learning cannot start on it (reading.ts, isNotFresh).
 * `grid` is where it was found (image pixels): a new game started by a click is placed from it.
 */
export class NotFreshBoard extends VisionError {
  readonly notFresh = true;
  constructor(
    message: string,
    readonly grid: Grid,
  ) {
    super(message);
  }
}

/** At least this share of a fresh board's cells is covered (the rest: a start area the game opened). */
const FRESH_SHARE = 0.6;
/** A lattice aligned on the skin this far (pixels) or further from the board found before finds the board moved. */
const MOVED_PX = 1;
/** Mean levels (0..255) of a checkerboard's two covered looks differ by this much at least. */
const CHECKER_LEVELS = 3;

/**
 * Whether the covered cells of a fresh board are of two levels by turns (a checkerboard): the
 * mean levels of the two parities differ by CHECKER_LEVELS or more, and no cell strays from its
 * parity's by half that.
 */
export function checkerLevels(image: RgbaImage, grid: Grid, like: boolean[]): boolean {
  const levels: [number[], number[]] = [[], []];
  for (let i = 0; i < like.length; i++) {
    if (like[i]) levels[((i % grid.cols) + ((i / grid.cols) | 0)) % 2]!.push(lookOf(image, grid, i).mean);
  }
  if (!levels[0].length || !levels[1].length) return false;
  const mean = (v: number[]): number => v.reduce((a, b) => a + b, 0) / v.length;
  const a = mean(levels[0]), b = mean(levels[1]), gap = Math.abs(a - b);
  return gap >= CHECKER_LEVELS && levels[0].every((v) => Math.abs(v - a) < gap / 2) && levels[1].every((v) => Math.abs(v - b) < gap / 2);
}

/** What is known of the board being learned when a frame comes: where it was found, its size, whether a game on it is going on. */
export interface BoardSoFar {
  found: Grid | null;
  cols: number;
  rows: number;
  playing: boolean;
  skin: Skin | null;
}

/**
 * The board's lattice on a frame: the one of the board's size when it is known, else the largest;
 * with a skin, aligned with it and its extent fitted to its cells, as a read fits a located
 * lattice (wholeBoard). `found`: where the board is now found, when that changed.
 */
export function boardGrid(image: RgbaImage, so: BoardSoFar): { grid: Grid; found?: Grid } {
  const lattices = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4);
  // the board found before, on a lattice that holds it and a row or column beside it that was
  // no part of the fresh board (the classic look's panel above a 9-wide board)
  const f = so.found;
  const known = (g: Grid): boolean => !so.cols || (g.cols === so.cols && g.rows === so.rows);
  const held = f !== null && known(f) && lattices.some((h) => holdsBoard(h, f));
  // (without a skin a lattice is only lines, which may sit a bevel or a pixel off the cells: the
  // board found before is kept. With one, the lattice aligned on it says whether the board moved)
  if (held && !so.skin) return { grid: f };
  // A located lattice's extent is the lines it found: the title above a board with the window's
  // edge a cell above it came in as one more row, and at 90% zoom, where the board's outer lines
  // fall between pixels, its top row was left out. With a skin, each is fitted to the skin's cells
  // (a board a row off or a row short was played on, where a read of the same frame was right);
  // a board that goes on past an edge, partly hidden, is no board found.
  const prepared = so.skin ? prepareSkin(so.skin) : null;
  const refused: string[] = [];
  const grids = !prepared
    ? lattices
    : lattices.flatMap((g) => {
        try {
          const w = wholeBoard(image, { ...refine(image, { ...g, scale: g.pitch / prepared.skin.pitch }, prepared), cols: g.cols, rows: g.rows }, prepared);
          // (a lattice the skin explains little of, left a few cells, is no board)
          return w.cols >= 4 && w.rows >= 4 ? [w] : [];
        } catch (e) {
          if (!(e instanceof VisionError)) throw e;
          refused.push(e.message);
          return [];
        }
      });
  const why = refused.length ? ` (${refused[0]})` : '';
  const same = grids.filter((g) => g.cols === so.cols && g.rows === so.rows);
  // (a board the skin cannot yet align whole, in looks it has not learned: where it was)
  if (held && !same.length) return { grid: f };
  // a game being played keeps its board: a lattice of another size then is the board partly
  // covered (a dialog breaks its lines), not another game
  if (!same.length && so.playing) throw new VisionError(`the ${so.cols}x${so.rows} board being played is not whole on the screen${why}`);
  const pool = same.length ? same : grids;
  if (!pool.length) throw new VisionError(refused.length ? `no whole board found on the screen${why}` : 'no board found on the screen (learning starts from a fresh game)');
  const g = pool.reduce((a, b) => (b.cols * b.rows > a.cols * a.rows ? b : a));
  // the board found before, if this lattice is it: a board that did not move. Lines alone (no
  // skin) may put the lattice a gap or a pixel off on a lost or half drawn board: within a cell.
  // Aligned on the skin's cells, within a pixel: a window moved by part of a cell (or a page by
  // a line of text) is found where it is now, not read a few pixels off where it was.
  const near = prepared ? MOVED_PX : f ? f.pitch : 0;
  if (f && f.cols === g.cols && f.rows === g.rows && Math.abs(f.pitch - g.pitch) < 0.02 * f.pitch && Math.abs(f.left - g.left) < near && Math.abs(f.top - g.top) < near) return { grid: f };
  if (!prepared) return { grid: g };
  return { grid: g, found: g };
}

/**
 * A fresh board read at a lattice a little off (`r`, read at `r.grid`: its sure cells all covered,
 * some unsure), aligned anew on its own cells with the skin: the lattice and its reading when
 * that reads every cell covered, the same board within MOVED_PX at its first cell; else null.
 * A run started on a game ended (Eriscot's won board under the last run's alert) was found at a
 * pitch its numbers fitted, 16.771 px for tiles of 16.806, and the new game after it read at that
 * lattice: a row unsure, a stop.
 */
export function freshRealigned(image: RgbaImage, r: Reading, skin: Skin): { grid: Grid; reading: Reading } | null {
  const unsure = new Set(r.unsure.map(([x, y]) => y * r.grid.cols + x));
  if (!unsure.size || !r.board.cells.every((c, i) => unsure.has(i) || c === COVERED)) return null;
  let grid: Grid;
  try {
    grid = boardGrid(image, { found: null, cols: r.grid.cols, rows: r.grid.rows, playing: false, skin }).grid;
  } catch (err) {
    if (err instanceof VisionError) return null;
    throw err;
  }
  if (grid.cols !== r.grid.cols || grid.rows !== r.grid.rows || Math.abs(grid.left - r.grid.left) > MOVED_PX || Math.abs(grid.top - r.grid.top) > MOVED_PX) return null;
  let reading: Reading;
  try {
    reading = readScreen(image, { skins: [skin], geometry: grid });
  } catch (err) {
    if (err instanceof VisionError) return null;
    throw err;
  }
  return reading.unsure.length || !reading.board.cells.every((c) => c === COVERED) ? null : { grid, reading };
}

/**
 * A grid aligned with a skin, its extent fitted to the skin's cells as a read fits it (fitExtent:
 * outer lines the skin does not explain left out, lines beyond that it explains taken in).
 * Throws when the board goes on past an edge, where its cells are partly hidden (goesOnPast): a
 * board cut by the window's edge or something over it is refused, not taken a row short.
 */
function wholeBoard(image: RgbaImage, grid: Grid, prepared: PreparedSkin): Grid {
  const matches = classifyCells(image, grid, prepared);
  const pass = fitExtent(image, { grid, matches, meanScore: meanScore(matches) }, prepared);
  const g = pass.grid;
  if (g.cols < 4 || g.rows < 4) return g;
  const part = partOfBoard(image, pass, prepared);
  if (part) throw new VisionError(`${part}: ${WHOLE_BOARD_HINT}`);
  return g;
}

/**
 * Why a grid is only a part of a board, or null: its cells go on past an edge, there partly hidden
 * (goesOnPast), or its next line shows cut short (cutOff: the window's edge across it).
 */
function partOfBoard(image: RgbaImage, pass: CellPass, prepared: PreparedSkin): string | null {
  const g = pass.grid;
  const side = goesOnPast(image, pass, prepared);
  if (side) return `the ${g.cols}x${g.rows} board found goes on past its ${side} edge, where its cells are partly hidden`;
  const cut = cutOff(image, g);
  return cut ? cutOffText(g, cut.side) : null;
}

/** How far (levels, any channel) the middle of a line's cell may be from the board's cell beside it for grownFresh to take it in. */
const GROWN_LEVELS = 6;

/** The mean colour of the middle half of cell `i` (its whole pixels), away from its edges. */
function middleColour(image: RgbaImage, grid: Grid, i: number): number[] {
  const p = grid.pitch;
  const x0 = Math.round(grid.left + (i % grid.cols) * p + p / 4), y0 = Math.round(grid.top + ((i / grid.cols) | 0) * p + p / 4);
  const side = Math.max(1, Math.round(p / 2));
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, y0); y < Math.min(image.height, y0 + side); y++) {
    for (let x = Math.max(0, x0); x < Math.min(image.width, x0 + side); x++) {
      const o = (y * image.width + x) * 4;
      for (let c = 0; c < 3; c++) sum[c]! += image.data[o + c]!;
      n++;
    }
  }
  return sum.map((v) => (n ? v / n : 0));
}

/** How far (levels of luma) the darkest and lightest strips across a grown line's far edge may be from the board's own edge's for grownFresh to take it in. */
const EDGE_LEVELS = 48;

/**
 * The darkest and lightest mean luma of the 1 px strips across an edge of `grid` at `at` (x for
 * sides 0 and 1, y for 2 and 3), a few px either way, each along the middle halves of the cells
 * beside it; null where no strip lies on the image.
 */
function edgeStrips(image: RgbaImage, grid: Grid, side: number, at: number): { lo: number; hi: number } | null {
  const p = grid.pitch, w = Math.max(2, Math.round(p / 12));
  const vertical = side < 2;
  const n = vertical ? grid.rows : grid.cols;
  const start = vertical ? grid.top : grid.left;
  let lo = Infinity, hi = -Infinity;
  for (let d = Math.round(at) - w; d <= Math.round(at) + w; d++) {
    if (d < 0 || d >= (vertical ? image.width : image.height)) continue;
    let sum = 0, count = 0;
    for (let c = 0; c < n; c++) {
      for (let t = Math.round(start + c * p + p / 4); t < Math.round(start + c * p + (3 * p) / 4); t++) {
        if (t < 0 || t >= (vertical ? image.height : image.width)) continue;
        sum += greyAt(image.data, (vertical ? t * image.width + d : d * image.width + t) * 4);
        count++;
      }
    }
    if (!count) continue;
    lo = Math.min(lo, sum / count);
    hi = Math.max(hi, sum / count);
  }
  return lo === Infinity ? null : { lo, hi };
}

/** Whether the far edge of the line beyond `grid`'s side `side` (0 left, 1 right, 2 top, 3 bottom) is drawn as the board's own edge on that side (edgeStrips within EDGE_LEVELS); true where either cannot be seen. */
function edgeAsDrawn(image: RgbaImage, grid: Grid, side: number): boolean {
  const p = grid.pitch;
  const own = [grid.left, grid.left + grid.cols * p, grid.top, grid.top + grid.rows * p][side]!;
  const far = own + (side % 2 === 0 ? -p : p);
  const a = edgeStrips(image, grid, side, own), b = edgeStrips(image, grid, side, far);
  if (!a || !b) return true;
  return Math.abs(a.lo - b.lo) <= EDGE_LEVELS && Math.abs(a.hi - b.hi) <= EDGE_LEVELS;
}

/**
 * A fresh board's grid with the lines beyond its edges whose cells nearly all (0.9) look covered
 * to the first skin (`prepared`) taken in: the lattice located may have left out an outer row or
 * column of the board (its outer lines one side of a gap, between pixels at a browser's zoom).
 */
function grownFresh(image: RgbaImage, grid: Grid, prepared: PreparedSkin): Grid {
  // (a flat covered tile matches any flat patch near its level, the page around the board too:
  // dark tiles a few px apart on a page 13 levels lighter took in the page to the window's edges.
  // A line left out of the board is drawn as the board's cells beside it are, to their middles'
  // colour: beside, not the board's mean, so that a board shaded across grows as before)
  const asDrawn = (line: Grid, inner: Grid, i: number): boolean => {
    const own = middleColour(image, line, i), next = middleColour(image, inner, i);
    return own.every((v, c) => Math.abs(v - next[c]!) <= GROWN_LEVELS);
  };
  for (let guard = 0; guard < 64; guard++) {
    let grown = false;
    const p = grid.pitch;
    // (each line beyond an edge, the board's own line along that edge, the board grown by it)
    const sides: [Grid, Grid, Grid][] = [
      [{ ...grid, left: grid.left - p, cols: 1 }, { ...grid, cols: 1 }, { ...grid, left: grid.left - p, cols: grid.cols + 1 }],
      [{ ...grid, left: grid.left + grid.cols * p, cols: 1 }, { ...grid, left: grid.left + (grid.cols - 1) * p, cols: 1 }, { ...grid, cols: grid.cols + 1 }],
      [{ ...grid, top: grid.top - p, rows: 1 }, { ...grid, rows: 1 }, { ...grid, top: grid.top - p, rows: grid.rows + 1 }],
      [{ ...grid, top: grid.top + grid.rows * p, rows: 1 }, { ...grid, top: grid.top + (grid.rows - 1) * p, rows: 1 }, { ...grid, rows: grid.rows + 1 }],
    ];
    for (const [k, [line, inner, wider]] of sides.entries()) {
      if (line.left < 0 || line.top < 0 || line.left + line.cols * p > image.width || line.top + line.rows * p > image.height) continue;
      // (a covered tile the colour of the page, outlined by thin lines: the page beside the board
      // matched it, lines left out, and a 8x8 board of 86 px cells was taken as 13x9 to the
      // window's edges. A line of the board ends in an edge drawn as the board's own edge there)
      if (!edgeAsDrawn(image, grid, k)) continue;
      const ms = classifyCells(image, line, prepared);
      if (ms.filter((m, i) => explained(m) && asDrawn(line, inner, i)).length >= 0.9 * ms.length) {
        grid = wider;
        grown = true;
        break;
      }
    }
    if (!grown) break;
  }
  return grid;
}

/** What a fresh board teaches: where it is, the first skin (its covered look), the start area the game opened itself, whether it is a checkerboard. */
export interface FreshStart {
  grid: Grid;
  skin: Skin;
  startArea: number[];
  checkered: boolean;
}

/**
 * The first skin: the look most cells of a fresh board (on the `located` lattice) share is the
 * covered look. Some games open a start area themselves (xdemineur): the other cells may form
 * one connected area, which is taken as opened cells whose numbers are not known yet.
 */
export function freshStart(frame: RgbaImage, located: Grid, name: string, mines: number): FreshStart {
  // The located lattice may be a fraction of a pixel off per cell: a first skin from it
  // aligns the lattice (as a read does), and the looks are taken again on the aligned one.
  // A checkerboard's lattice is fitted to where its squares meet, to a fraction of a pixel: its
  // flat squares look as alike a pixel or two either way, and the middle of those shifts was a
  // pixel off the real game's board (every cell cut with a line of its neighbour in it).
  const frameLike = freshLooks(frame, located).like;
  const checker = checkerLevels(frame, located, frameLike);
  // Tiles drawn apart with no gap round the board: the lattice in the middle of the gaps, the
  // looks told on the frame with the board framed by its gap (the page beside an outer tile is no
  // part of its look), and a skin that leaves half a gap of each cell's rim out when matching.
  const gaps = checker ? null : gapsOf(frame, located);
  const image = gaps ? framedByGap(frame, gaps) : frame;
  const inset = gaps ? gapInset(gaps) : 0;
  const locatedLike = gaps ? freshLooks(image, located).like : frameLike;
  let grid = checker ? located : gaps ? gaps.grid : freshLattice(image, located);
  const placedLike = grid === located ? locatedLike : freshLooks(image, grid).like;
  let first: Skin;
  try {
    first = firstSkin(name, mines, image, grid, placedLike, inset);
  } catch (err) {
    // (a board in play or over: no look most cells share, so no covered look to begin with)
    const like = locatedLike.filter(Boolean).length;
    if (err instanceof VisionError && like < FRESH_SHARE * locatedLike.length) {
      const unlike = like ? `${locatedLike.length - like} cell(s) do not look like the rest` : 'no look is shared by most of its cells';
      throw new NotFreshBoard(`the ${located.cols}x${located.rows} board found is not a fresh game (${unlike})${unsquareText(image, located)}: start a new game, then learn`, located);
    }
    throw err;
  }
  grid = checker ? { ...grid, scale: grid.pitch / first.pitch } : refinedFresh(image, { ...grid, scale: grid.pitch / first.pitch }, placedLike, prepareSkin(first));
  // the board whole: rows or columns of covered cells the lattice left out taken in
  grid = checker ? grid : grownFresh(image, grid, prepareSkin(first));
  // (and on the strongest edges between its cells, when its lines were located on a bevel's step)
  grid = checker || gaps ? grid : edgeAligned(image, grid);
  let fresh = freshBoard(image, grid);
  if (fresh.ok && fresh.rest.length) {
    // a start area that is whole outer rows or columns and nothing else may be something beside
    // the board on its lattice (minesweeper.org: a panel 38 px tall two rows above a board of
    // 38 px cells, its edges and the gap under it on the board's row lines): the board without
    // them, if that is a fresh board all covered
    const inner = trimBands(grid, fresh.like);
    if (inner.cols * inner.rows === grid.cols * grid.rows - fresh.rest.length) {
      const trimmed = freshBoard(image, inner);
      if (trimmed.ok && !trimmed.rest.length) {
        grid = inner;
        fresh = trimmed;
      }
    }
  }
  if (!fresh.ok) {
    // an outer row or column with no covered cell may be something beside the board on the
    // lattice (the classic look's panel above a 9-wide board): the board without it, if that
    // is a fresh one
    const inner = trimUnlike(grid, fresh.like);
    const trimmed = inner === grid ? null : freshBoard(image, inner);
    if (trimmed?.ok && opensAlike(image, inner, trimmed.rest)) {
      grid = inner;
      fresh = trimmed;
    }
  }
  const { like, rest } = fresh;
  if (!fresh.ok || !opensAlike(image, grid, rest)) {
    throw new NotFreshBoard(
      `the ${grid.cols}x${grid.rows} board found is not a fresh game (${rest.length} cell(s) do not look like the rest, and are no area a game opens by itself)${unsquareText(image, grid)}: start a new game, then learn`,
      grid,
    );
  }
  // (cells that are not square drift off the one lattice row by row: a part of such a board,
  // its rows a pitch between the two, was learned as a fresh 9x5 board and clicked on; a live run
  // sees such a game stretched to square cells first, bot/screen/square-cells.ts)
  // (not on a checkerboard: its squares' own edges are no lines to measure cells by, and a fresh
  // Google-style board at 31.6 px was measured 32.4 by 30.7)
  const checkered = checkerLevels(image, grid, like);
  const same = grid.left === located.left && grid.top === located.top && grid.pitch === located.pitch && grid.cols === located.cols && grid.rows === located.rows;
  const unsquare = checkered ? '' : unsquareText(image, grid) || (same ? '' : unsquareText(image, located));
  if (unsquare) throw new VisionError(`the ${grid.cols}x${grid.rows} board found${unsquare}: learning starts from a board of square cells`);
  const skin = firstSkin(name, mines, image, grid, like, inset);
  // a board that goes on past an edge, partly hidden (the window's edge across its first row),
  // is refused: learning on it would play a row short
  const part = partOfBoard(image, { grid, matches: [], meanScore: 0 }, prepareSkin(skin));
  if (part) throw new VisionError(`${part}: learning starts from a whole fresh board`);
  // a checkerboard (covered cells of two levels by turns): its cells open inside their edges
  // (green opens tan), known before any 0 opens: the first click may be a number, and the dark
  // edges it draws on its covered neighbours were taken for its cascade, one labelled 1
  return { grid, skin, startArea: rest, checkered };
}

/**
 * The exact lattice (refine) of a fresh board placed by its looks, unless that leaves more of its
 * cells unlike the covered look than the placed one (`placedLike`, its looks): a whole pitch near a fractional one wins
 * refine's ties while it drifts under TIE_DRIFT_PX across the board, and bevelled tiles a pixel off
 * their phase at the far edge look like no covered tile (16x16 at 18.08 px refined to 18 px: its
 * last 5 columns unlike the rest, the board cut to 11x16 and refused; 10x10 at 17.92 px cut to 10x9).
 */
function refinedFresh(image: RgbaImage, placed: Grid, placedLike: readonly boolean[], prepared: PreparedSkin): Grid {
  const exact = { ...refine(image, placed, prepared), cols: placed.cols, rows: placed.rows };
  return freshLooks(image, exact).rest.length > placedLike.filter((l) => !l).length ? placed : exact;
}

/**
 * Why a board may look like no fresh game when it is one: its cells are not square (rows that
 * repeat at another spacing than its columns drift off the one lattice, row by row), said so.
 */
function unsquareText(image: RgbaImage, grid: Grid): string {
  const a = unsquareCells(image, grid);
  return a ? `; its cells are ${a.width.toFixed(1)} by ${a.height.toFixed(1)} px, not square, and were not seen so when the run began (start it on a fresh game: the cells are measured there, and the game read stretched)` : '';
}

/** A skin of one look, covered, from the cells that look alike on a fresh board. */
function firstSkin(name: string, mines: number, image: RgbaImage, grid: Grid, like: boolean[], inset: number): Skin {
  const cells = Uint8Array.from(like, (l) => (l ? COVERED : OPENED));
  const board: Board = { width: grid.cols, height: grid.rows, mines, cells };
  return learnSkin(name, [{ name: 'fresh board', image, board, grid }], undefined, inset).learned.skin;
}

/**
 * Whether located lattice `h` is the board `f` found before: the same pitch and lines, its extent
 * that of `f` or one row or column more on any side (something beside the board on its lattice).
 */
function holdsBoard(h: Grid, f: Grid): boolean {
  const p = f.pitch;
  if (Math.abs(h.pitch - p) >= 0.02 * p) return false;
  const dx = (f.left - h.left) / p, dy = (f.top - h.top) / p;
  const kx = Math.round(dx), ky = Math.round(dy);
  if (Math.abs(dx - kx) > 0.5 / p + 0.25 || Math.abs(dy - ky) > 0.5 / p + 0.25) return false;
  const right = h.cols - kx - f.cols, below = h.rows - ky - f.rows;
  return [kx, ky, right, below].every((k) => k === 0 || k === 1);
}

/** Whether an area a board shows opened is a cascade, the 0s inside it alike (live-fresh-looks.ts zerosAlike). */
function opensAlike(image: RgbaImage, grid: Grid, area: number[]): boolean {
  return zerosAlike(image, grid, area, neighbourTable(grid.cols, grid.rows));
}

/**
 * The looks of a board's first frame (freshLooks) and whether it is a fresh board: most cells
 * covered, the rest one area a game opens by itself.
 */
function freshBoard(image: RgbaImage, grid: Grid): { like: boolean[]; rest: number[]; ok: boolean } {
  const { like, rest } = freshLooks(image, grid);
  const ok = rest.length <= grid.cols * grid.rows * (1 - FRESH_SHARE) && cascadeShaped(rest, neighbourTable(grid.cols, grid.rows));
  return { like, rest, ok };
}

/** The grid without all its outer rows and columns that hold no cell of the fresh board's look (at least 4x4 left), or `g`. */
function trimBands(g: Grid, like: boolean[]): Grid {
  const at = (x: number, y: number): boolean => like[y * g.cols + x]!;
  const rowLike = (y: number, x0: number, x1: number): boolean => { for (let x = x0; x < x1; x++) if (at(x, y)) return true; return false; };
  const colLike = (x: number, y0: number, y1: number): boolean => { for (let y = y0; y < y1; y++) if (at(x, y)) return true; return false; };
  let top = 0, bottom = g.rows, left = 0, right = g.cols;
  for (let moved = true; moved && bottom - top >= 4 && right - left >= 4; ) {
    moved = false;
    if (!rowLike(top, left, right)) { top++; moved = true; }
    else if (!rowLike(bottom - 1, left, right)) { bottom--; moved = true; }
    else if (!colLike(left, top, bottom)) { left++; moved = true; }
    else if (!colLike(right - 1, top, bottom)) { right--; moved = true; }
  }
  if (bottom - top < 4 || right - left < 4 || (top === 0 && left === 0 && bottom === g.rows && right === g.cols)) return g;
  return { ...g, left: g.left + left * g.pitch, top: g.top + top * g.pitch, cols: right - left, rows: bottom - top };
}

/** The grid without its outer rows and columns (one each at most) that hold no cell of the fresh board's look. */
function trimUnlike(g: Grid, like: boolean[]): Grid {
  const at = (x: number, y: number): boolean => like[y * g.cols + x]!;
  const rowLike = (y: number): boolean => Array.from({ length: g.cols }, (_, x) => at(x, y)).some(Boolean);
  const colLike = (x: number): boolean => Array.from({ length: g.rows }, (_, y) => at(x, y)).some(Boolean);
  const top = rowLike(0) ? 0 : 1, bottom = rowLike(g.rows - 1) ? 0 : 1;
  const left = colLike(0) ? 0 : 1, right = colLike(g.cols - 1) ? 0 : 1;
  if (!(top + bottom + left + right) || g.rows - top - bottom < 2 || g.cols - left - right < 2) return g;
  return { ...g, left: g.left + left * g.pitch, top: g.top + top * g.pitch, cols: g.cols - left - right, rows: g.rows - top - bottom };
}

/**
 * On a run's first frame, the board inside the lattice `grid` that `skin` reads as a fresh board,
 * every cell covered and none unsure, when an outer row or column of the lattice is something
 * beside the board (a row of buttons under react-minesweeper's board, found as a tenth row of
 * its 9x9 board: read whole with the skin, every cell was unsure), as when learning from
 * nothing; else null. One row or column off each side at most.
 */
export function freshInside(image: RgbaImage, grid: Grid, skin: Skin): Grid | null {
  const p = grid.pitch;
  const sides: Grid[] = [
    { ...grid, top: grid.top + p, rows: grid.rows - 1 },
    { ...grid, rows: grid.rows - 1 },
    { ...grid, left: grid.left + p, cols: grid.cols - 1 },
    { ...grid, cols: grid.cols - 1 },
  ];
  const prepared = prepareSkin(skin);
  for (const side of sides.filter((g) => g.cols >= 4 && g.rows >= 4)) {
    try {
      // (aligned on the skin first, as a read of a located lattice is)
      const inner = { ...refine(image, { ...side, scale: side.pitch / skin.pitch }, prepared), cols: side.cols, rows: side.rows };
      const r = readScreen(image, { skins: [skin], geometry: inner });
      if (!r.unsure.length && r.board.cells.every((c) => c === COVERED)) {
        // (a board cut by the window's edge is refused, not taken a row short: the row left out
        // must be no part of the board)
        const matches = classifyCells(image, r.grid, prepared);
        if (!partOfBoard(image, { grid: r.grid, matches, meanScore: meanScore(matches) }, prepared)) return r.grid;
      }
    } catch {
      // (not this one)
    }
  }
  return null;
}
