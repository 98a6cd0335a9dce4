// Where learning starts (live-start.ts): a fresh board gives the first skin; a board in play or
// over is refused with an error the play loop knows (isNotFresh: it may start a new game), for
// every skin drawn and however far the game went (one open alone is not told from a start area
// a game opens by itself, as xdemineur does: that is a fresh board to the learner).

import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import { COVERED, type Board } from '../../src/core/board.js';
import { browserBoard } from './browser-draw.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { freshInside, freshStart } from '../../src/vision/learn/live/live-start.js';
import { loadSkin } from '../../src/vision/skins/skin.js';
import { isNotFresh, notFreshGrid } from '../../src/bot/reading.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';

const SPEC = { width: 16, height: 16, mines: 40 };

/** The error freshStart throws on the board a game drawn in `skin` shows after `moves` opens (and a loss, if `lose`), or null. */
function startOn(skin: string, seed: number, moves: number, lose = false): unknown {
  const game = new Game(SPEC, 'safe', createRng(seed));
  const rng = createRng(seed + 100);
  for (let k = 0; k < moves && (game.status === 'ready' || game.status === 'playing'); k++) {
    const pool = [...Array(256).keys()].filter((i) => !game.mineAt(i % 16, (i / 16) | 0) && game.board().cells[i] === COVERED);
    const i = pool[rng.int(pool.length)]!;
    game.open(i % 16, (i / 16) | 0);
  }
  if (lose) {
    const mine = [...Array(256).keys()].find((i) => game.mineAt(i % 16, (i / 16) | 0))!;
    game.open(mine % 16, (mine / 16) | 0);
  }
  const image = renderBoard(game.board(), skin).image;
  const located = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4)[0]!;
  try {
    freshStart(image, located, 'x', SPEC.mines);
    return null;
  } catch (err) {
    return err;
  }
}

describe('freshStart', () => {
  for (const skin of ['xdemineur', 'sgt-mines']) {
    it(`${skin}: a fresh board starts learning; a board in play or lost is refused as not fresh, so that a new game may be started`, () => {
      expect(startOn(skin, 1, 0)).toBeNull();
      for (const seed of [2, 3]) {
        for (const [moves, lose] of [[6, false], [40, false], [1, true], [20, true]] as const) {
          const err = startOn(skin, seed, moves, lose);
          expect(err, `seed ${seed}, ${moves} opens, lost ${lose}`).toBeInstanceOf(Error);
          expect(isNotFresh(err), `seed ${seed}, ${moves} opens, lost ${lose}: ${(err as Error).message}`).toBe(true);
        }
      }
    });
  }
});

/**
 * A flat board as thelowman/mines draws it at 100%: cells of `pitch` px, each a plain grey square
 * with a 1-px light line along its right and bottom edges (the frame in place of the last), a
 * black bar with white text right above the first row, a light frame around both, on black.
 */
function barredBoard(cols: number, rows: number, pitch: number, left: number, top: number): RgbaImage {
  const width = left + cols * pitch + 60, height = top + rows * pitch + 60;
  const data = new Uint8Array(width * height * 4);
  const fill = (x0: number, y0: number, w: number, h: number, v: number): void => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data.set([v, v, v, 255], (y * width + x) * 4);
  };
  fill(0, 0, width, height, 0);
  fill(left - 4, top - 28, cols * pitch + 3, rows * pitch + 31, 206);
  fill(left, top - 24, cols * pitch - 1, 24, 0);
  for (const [x, w] of [[4, 3], [9, 12], [26, 8], [60, 10], [74, 3], [79, 10]] as const) fill(left + x, top - 20, w, 16, 240); // "Time 0.0"
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      fill(left + c * pitch, top + r * pitch, pitch, pitch, 219);
      fill(left + c * pitch, top + r * pitch, pitch - 1, pitch - 1, 170);
    }
  }
  return { width, height, data };
}

describe('freshStart on a flat board under a dark bar', () => {
  it('finds every row: at an odd pitch the alignment does not slide onto the bar (half resolution aliases with 1-px lines)', () => {
    for (const [pitch, left, top] of [[25, 241, 288], [25, 100, 61], [23, 77, 90], [24, 241, 288]] as const) {
      const image = barredBoard(20, 20, pitch, left, top);
      const located = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4)[0]!;
      const { grid } = freshStart(image, located, 'x', 64);
      expect([grid.cols, grid.rows], `pitch ${pitch}`).toEqual([20, 20]);
      // (a line a pixel wide lies between two cells: either may hold it)
      expect(Math.abs(grid.left - left), `pitch ${pitch}`).toBeLessThanOrEqual(2);
      expect(Math.abs(grid.top - top), `pitch ${pitch}`).toBeLessThanOrEqual(2);
      expect(grid.pitch).toBeCloseTo(pitch, 1);
    }
  });
});

describe('flat tiles with thin lines between them at a fractional pitch (a browser game zoomed: in-in/minesweeper\'s light theme, 48.145 px)', () => {
  /** A fresh board of flat grey tiles, dark lines 2 px wide between them (1 px at the board's edges) where the browser rounds them, on a white page. */
  function flatFresh(pitch: number, cols: number, rows: number): RgbaImage {
    const left = 16, size = Math.ceil(left * 2 + cols * pitch);
    const image = createImage(size, Math.ceil(left * 2 + rows * pitch), [255, 255, 255]);
    fillRect(image, left, left, Math.round(left + cols * pitch), Math.round(left + rows * pitch), [97, 97, 97]);
    for (let k = 0; k <= cols; k++) {
      const x = Math.round(left + k * pitch);
      fillRect(image, k ? x - 1 : x, left, k < cols ? x + 1 : x, Math.round(left + rows * pitch), [66, 66, 66]);
    }
    for (let k = 0; k <= rows; k++) {
      const y = Math.round(left + k * pitch);
      fillRect(image, left, k ? y - 1 : y, Math.round(left + cols * pitch), k < rows ? y + 1 : y, [66, 66, 66]);
    }
    return image;
  }

  for (const [pitch, cols] of [[48.145, 15], [33.7, 12], [40.4, 10]] as const) {
    it(`a fresh ${cols}x${cols} board at ${pitch} px is a fresh board, whole (a tile whose cut misses the lines is one plain grey, and it is one of them), and a click changes only the cell it opens`, () => {
      const learner = new LiveLearner({ name: 'flat', mines: 10 });
      const r = learner.read(flatFresh(pitch, cols, cols));
      expect([r.grid.cols, r.grid.rows]).toEqual([cols, cols]);
      expect(Math.abs(r.grid.pitch - pitch)).toBeLessThan(0.1);
      expect(r.unsure).toEqual([]);
      expect(r.board.cells.every((c) => c === COVERED)).toBe(true);
      // a click that opens one cell (a number on its own colour, as in-in draws them) changes that
      // cell only: the covered tiles around, one plain grey each where the cut misses the lines,
      // stay as they were (every cell of the board read as changed, and the run stopped)
      const opened = flatFresh(pitch, cols, cols);
      const x0 = Math.round(16 + 2 * pitch) + 2, y0 = Math.round(16 + pitch) + 2;
      fillRect(opened, x0, y0, Math.round(x0 + pitch) - 4, Math.round(y0 + pitch) - 4, [90, 120, 230]);
      fillRect(opened, Math.round(x0 + pitch / 2) - 2, y0 + 6, Math.round(x0 + pitch / 2) + 2, Math.round(y0 + pitch) - 10, [255, 255, 255]);
      learner.noteClick(2, 1, 'left');
      let after = learner.read(opened, { geometry: r.grid });
      for (let k = 0; k < 3 && after.unsure.length; k++) after = learner.read(opened, { geometry: r.grid });
      expect(after.unsure).toEqual([]);
      expect(after.board.cells.filter((c) => c !== COVERED).length).toBe(1);
    });
  }
});

describe('a panel whose edges fall on the board\'s row lines, two rows above it (minesweeper.org)', () => {
  /**
   * minesweeper.org's page at 100%: 9x9 tiles 36 px with 2 px between (38 px), each pale blue
   * with a 1 px darker edge, in a frame 8 px wide; above it a white panel with three dark counter
   * boxes exactly 38 px tall, 76 px above the first row, the page's ground between them.
   */
  function orgFresh(left: number, top: number, boxes = true): RgbaImage {
    const p = 38, n = 9;
    const image = createImage(left * 2 + n * p, top + n * p + 40, [230, 234, 238]);
    fillRect(image, left - 160, top - 150, left + n * p + 160, top - 27, [255, 255, 255]);
    fillRect(image, left - 160, top - 27, left + n * p + 160, top - 25, [218, 227, 237]);
    for (let y = top - 25; y < top - 9; y++) fillRect(image, 0, y, image.width, y + 1, [236 - 2 * (y - top + 25), 240 - 2 * (y - top + 25), 244 - 2 * (y - top + 25)]);
    if (boxes) for (const [x, w] of [[0, 100], [124, 100], [247, 94]] as const) {
      fillRect(image, left + x, top - 75, left + x + w, top - 36, [58, 68, 104]);
      fillRect(image, left + x + 1, top - 74, left + x + w - 1, top - 37, [26, 30, 46]);
    }
    // the counters' digits: strokes 2 px wide, some of them on the board's column lines
    if (boxes) for (const k of [1, 2, 4, 5, 7, 8]) fillRect(image, left + k * p + 2, top - 66, left + k * p + 4, top - 46, [238, 85, 51]);
    fillRect(image, left - 9, top - 9, left + n * p + 9, top + n * p + 9, [136, 170, 200]);
    fillRect(image, left - 7, top - 7, left + n * p + 7, top + n * p + 7, [200, 216, 236]);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        fillRect(image, left + 1 + c * p, top + 1 + r * p, left + 37 + c * p, top + 37 + r * p, [136, 170, 200]);
        fillRect(image, left + 2 + c * p, top + 2 + r * p, left + 36 + c * p, top + 36 + r * p, [196, 212, 232]);
      }
    }
    return image;
  }

  it('the board is its 9x9 covered cells, not the two rows above taken for an area the game opened', () => {
    for (const [left, top] of [[180, 214], [200, 230], [171, 205]] as const) {
      const image = orgFresh(left, top);
      const located = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4);
      const g = located.reduce((a, b) => (b.cols * b.rows > a.cols * a.rows ? b : a));
      const start = freshStart(image, g, 'x', 10);
      expect([start.grid.cols, start.grid.rows], `at ${left},${top}`).toEqual([9, 9]);
      expect(Math.abs(start.grid.top - top), `at ${left},${top}`).toBeLessThanOrEqual(1.5);
      expect(start.startArea).toEqual([]);
    }
  });

  it('an area a game opens by itself at the board\'s edge but not whole rows is still a start area', () => {
    const image = orgFresh(180, 214, false);
    // the first row's left five cells and the second row's first three opened (flat ground)
    for (const [c, r] of [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [0, 1], [1, 1], [2, 1]] as const) fillRect(image, 181 + c * 38, 215 + r * 38, 181 + c * 38 + 36, 215 + r * 38 + 36, [240, 244, 250]);
    const located = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4);
    const g = located.reduce((a, b) => (b.cols * b.rows > a.cols * a.rows ? b : a));
    const start = freshStart(image, g, 'x', 10);
    expect([start.grid.cols, start.grid.rows]).toEqual([9, 9]);
    expect(start.startArea.length).toBe(8);
  });
});

describe('a run started from a skin, its first board found with a row beside it on the lattice (react-minesweeper\'s buttons)', () => {
  const fresh = { width: 9, height: 9, mines: 10, cells: new Uint8Array(81).fill(COVERED) };
  const { image, grid } = renderBoard(fresh, 'xdemineur');
  const skin = loadSkin('xdemineur');

  it('the lattice with the row above the board (its panel): the board inside it, every cell covered, where it is', () => {
    const inner = freshInside(image, { ...grid, top: grid.top - grid.pitch, rows: grid.rows + 1 }, skin);
    expect(inner).not.toBeNull();
    expect([inner!.cols, inner!.rows]).toEqual([9, 9]);
    expect(Math.abs(inner!.left - grid.left)).toBeLessThanOrEqual(1);
    expect(Math.abs(inner!.top - grid.top)).toBeLessThanOrEqual(1);
  });

  it('a board in play inside that lattice (a cell opened): none, it is no fresh board to begin on', () => {
    const played = { ...fresh, cells: fresh.cells.slice() };
    played.cells[40] = 1;
    const drawn = renderBoard(played, 'xdemineur');
    expect(freshInside(drawn.image, { ...drawn.grid, top: drawn.grid.top - drawn.grid.pitch, rows: drawn.grid.rows + 1 }, skin)).toBeNull();
  });
});

/**
 * Flat dark tiles with rounded corners, `gap` px apart at a fractional pitch, on a page a few
 * levels lighter that reaches the image's edges on both sides (a dark-themed browser game:
 * AntonyHaro/js-minesweeper draws 24 px tiles at 28.75 px, 13 levels under its page).
 */
function tilesOnPage(cols: number, rows: number, pitch: number, gap: number, left: number, top: number, width: number): RgbaImage {
  const height = Math.ceil(top + rows * pitch) + 60;
  const data = new Uint8Array(width * height * 4);
  const put = (x: number, y: number, rgb: readonly number[]): void => data.set([...rgb, 255], (y * width + x) * 4);
  const page = [42, 51, 60], tile = [31, 38, 46];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) put(x, y, page);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x0 = left + c * pitch, y0 = top + r * pitch, side = pitch - gap;
      for (let y = Math.ceil(y0); y < y0 + side; y++) {
        for (let x = Math.ceil(x0); x < x0 + side; x++) {
          const dx = Math.min(x - x0, x0 + side - 1 - x), dy = Math.min(y - y0, y0 + side - 1 - y);
          if (dx < 3 && dy < 3 && Math.hypot(3 - dx, 3 - dy) > 3.5) continue; // a rounded corner
          put(x, y, tile);
        }
      }
    }
  }
  return { width, height, data };
}

describe('freshStart: flat tiles on a page near their level', () => {
  for (const [pitch, gap] of [[28.75, 4.75], [30, 4], [24.5, 3]] as const) {
    it(`the board is its 9x9 tiles at ${pitch} px, not the page beside it taken in as covered cells`, () => {
      const left = 200.4, top = 120.2;
      const image = tilesOnPage(9, 9, pitch, gap, left, top, 800);
      const located = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4)[0]!;
      const { grid } = freshStart(image, located, 'x', 10);
      expect([grid.cols, grid.rows]).toEqual([9, 9]);
      expect(Math.abs(grid.left - left)).toBeLessThan(pitch / 2);
    });
  }
});

describe('a fresh board with one cell unlike the rest', () => {
  // A 0 opens its neighbours: no game opens one cell by itself. One cell unlike a fresh board is a
  // covered tile cut a pixel off (a fractional pitch) or one the pointer lights up; taken for a
  // start area, it was read opened, a cell the solver then held safe whatever lay under it.
  it('is no start area: the board is refused, not read with that cell opened', () => {
    // (drawn as an opened 1: a look of its own, whatever made it)
    const fresh = new Game(SPEC, 'safe', createRng(5)).board();
    fresh.cells[9 * 16 + 6] = 1;
    const { image } = renderBoard(fresh, 'xdemineur');
    const located = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4)[0]!;
    let err: unknown = null;
    try {
      const start = freshStart(image, located, 'x', SPEC.mines);
      expect(start.startArea).toEqual([]);
    } catch (e) {
      err = e;
    }
    expect(isNotFresh(err), String(err)).toBe(true);
  });
});

/**
 * Eriscot's lost 10x10/10 board a learn run started on: its mines along the top and right edges,
 * the cascade from the bottom-left corner opened, then a mine; drawn by `draw`.
 */
function lostMostlyZeros(draw: (b: Board) => RgbaImage): { image: RgbaImage; zeros: number } {
  const game = Game.fromLayout(10, 10, [[1, 0], [2, 0], [8, 0], [5, 1], [6, 1], [7, 2], [8, 2], [9, 4], [9, 6], [7, 9]]);
  game.open(0, 9);
  const zeros = game.board().cells.filter((c) => c === 0).length;
  game.open(8, 0);
  return { image: draw(game.board()), zeros };
}

describe('a lost board whose 0s are most of it (Eriscot\'s, a learn run started on it)', () => {
  // Before: the 0s' flat look, shared by most cells, was taken for the covered look, and the
  // numbers, mines and covered cells along two edges for an area the game opened by itself: a
  // fresh 9x9 board, learned from, its 0s clicked as covered cells.
  const draws: [string, (b: Board) => RgbaImage][] = [
    ['xdemineur', (b) => renderBoard(b, 'xdemineur').image],
    ['sgt-mines', (b) => renderBoard(b, 'sgt-mines').image],
    ['the classic look at 16.81 px', (b) => browserBoard(b, 'winxp', 16.81 / 16).image],
  ];
  for (const [name, draw] of draws) {
    it(`${name}: refused as not fresh, whatever part of it is located`, () => {
      const { image, zeros } = lostMostlyZeros(draw);
      expect(zeros).toBeGreaterThanOrEqual(50);
      const located = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4);
      expect(located.length).toBeGreaterThan(0);
      for (const g of located) {
        let err: unknown = null;
        try {
          const start = freshStart(image, g, 'x', 10);
          err = `taken as fresh: ${start.grid.cols}x${start.grid.rows}, ${start.startArea.length} cells opened`;
        } catch (e) {
          err = e;
        }
        expect(isNotFresh(err), String(err)).toBe(true);
        // (told of the board located, not a part of it: a new-game click is placed from it)
        expect(notFreshGrid(err)?.cols, String(err)).toBe(g.cols);
      }
    });
  }
});

describe('a new game read at a lattice a little off (a run started from a skin on an ended game, Eriscot\'s won board under an alert)', () => {
  // Before: the lattice the loop found on the ended board (its numbers fitted it at 16.771 px for
  // tiles of 16.806) was the one the new game's fresh board was read at: a row unsure, a stop.
  const skin = loadSkin('xdemineur');
  const fresh = renderBoard({ width: 16, height: 16, mines: 40, cells: new Uint8Array(256).fill(COVERED) }, 'xdemineur');
  const ended = (() => {
    const game = new Game(SPEC, 'safe', createRng(3));
    game.open(8, 8);
    const mine = [...Array(256).keys()].find((i) => game.mineAt(i % 16, (i / 16) | 0))!;
    game.open(mine % 16, (mine / 16) | 0);
    return renderBoard(game.board(), 'xdemineur').image;
  })();
  for (const k of [0.996, 1.004]) {
    it(`pitch ${k} of the tiles': the fresh board reads all covered, none unsure, and so do the frames after it`, () => {
      const learner = new LiveLearner({ name: 'xd', mines: 40, previous: skin });
      learner.read(ended, { geometry: fresh.grid });
      const stale = { ...fresh.grid, pitch: fresh.grid.pitch * k };
      for (let n = 0; n < 2; n++) {
        const r = learner.read(fresh.image, { geometry: stale });
        expect(r.unsure, `frame ${n + 1}`).toEqual([]);
        expect(r.board.cells.every((c) => c === COVERED)).toBe(true);
      }
    });
  }
});

describe('white covered cells outlined by thin black lines on a white page (tylerbrandt/Minesweeper-JS at 8x8: 86 px cells, the page beside them to the window\'s edges)', () => {
  /** A fresh board: white cells, each with its own 1 px black border (2 px between cells, 1 px at the board's edges), on a white page wider and taller than it. */
  function outlinedFresh(pitch: number, cols: number, rows: number, width: number, height: number): RgbaImage {
    const left = 0, top = 84;
    const image = createImage(width, height, [255, 255, 255]);
    for (let k = 0; k <= cols; k++) {
      const x = left + k * pitch;
      fillRect(image, k ? x - 1 : x, top, k < cols ? x + 1 : x, top + rows * pitch, [0, 0, 0]);
    }
    for (let k = 0; k <= rows; k++) {
      const y = top + k * pitch;
      fillRect(image, left, k ? y - 1 : y, left + cols * pitch, k < rows ? y + 1 : y, [0, 0, 0]);
    }
    return image;
  }

  for (const pitch of [86, 60, 43]) {
    it(`a fresh 8x8 board of ${pitch} px cells is found 8x8: the page beside it, as white as its cells but with no lines, is no row or column of it`, () => {
      const learner = new LiveLearner({ name: 'outlined', mines: 10 });
      const r = learner.read(outlinedFresh(pitch, 8, 8, 1200, 950));
      expect([r.grid.cols, r.grid.rows]).toEqual([8, 8]);
      expect(r.board.cells.every((c) => c === COVERED)).toBe(true);
    });
  }
});
