// Two games whose first frames after a click the live learner misjudged:
// - tiles drawn apart at a fractional pitch (a CSS grid of 32 px tiles with 4.8 px gaps, 36.8 px a
//   cell: Mastrojanni/minesweeper-js-vanilla), whose opened 0 differs from a covered tile only by
//   its 1 px ring (white and black while covered, grey once opened): a quick cut of each cell (one
//   sample every 3 px) misses the ring in cells at some phases of the lattice, which were read as
//   unchanged, clicked again, and the run stopped;
// - a classic look at 32.3 px whose frame after the first click does not show it yet (the page
//   draws a moment later): that frame, all covered, was taken for a new game, the click forgotten,
//   and the cascade the next frame showed was left unsure (lautaroBulla/Buscaminas-Web).
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { COVERED, EXPLODED, FLAG, MINE, type Board } from '../../src/core/board.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Grid } from '../../src/vision/geometry.js';
import { browserBoard } from './browser-draw.js';
import { readAgain } from '../support/read-again.js';

const GREY: [number, number, number] = [192, 192, 192];
const DIGIT: [number, number, number][] = [[0, 0, 255], [0, 128, 0], [255, 0, 0], [0, 0, 128], [128, 0, 0], [0, 128, 128], [0, 0, 0], [128, 128, 128]];

/** A board of tiles `tile` px wide at `pitch`, drawn at whole pixels from a fractional origin: covered ringed white (top, left) and black, opened ringed grey; a number n as n bars of its colour, a mine a black square. */
function ringed(board: Board, pitch: number, tile: number, left: number, top: number): RgbaImage {
  const image = createImage(Math.ceil(left * 2 + board.width * pitch), Math.ceil(top * 2 + board.height * pitch), [248, 249, 250]);
  const gap = (pitch - tile) / 2;
  for (let y = 0; y < board.height; y++) {
    for (let x = 0; x < board.width; x++) {
      const c = board.cells[y * board.width + x]!;
      const x0 = Math.round(left + x * pitch + gap), y0 = Math.round(top + y * pitch + gap);
      const x1 = Math.round(left + x * pitch + gap + tile), y1 = Math.round(top + y * pitch + gap + tile);
      const closed = c === COVERED || c === FLAG;
      fillRect(image, x0, y0, x1, y1, closed ? [0, 0, 0] : [128, 128, 128]);
      if (closed) fillRect(image, x0, y0, x1 - 1, y1 - 1, [255, 255, 255]);
      fillRect(image, x0 + 1, y0 + 1, x1 - 1, y1 - 1, c === EXPLODED ? [255, 0, 0] : GREY);
      const m = Math.round(tile / 2) , cx = x0 + m, cy = y0 + m, r = Math.round(tile / 5);
      if (c >= 1 && c <= 8) for (let k = 0; k < c; k++) fillRect(image, cx - r, cy - r + k * Math.floor((2 * r) / c), cx + r, cy - r + k * Math.floor((2 * r) / c) + 2, DIGIT[c - 1]!);
      else if (c === MINE || c === EXPLODED) fillRect(image, cx - r, cy - r, cx + r, cy + r, [0, 0, 0]);
      else if (c === FLAG) fillRect(image, cx - r, cy - r, cx, cy, [255, 0, 0]);
    }
  }
  return image;
}

/** Mines along the right and bottom edges of a 9x9 board: a click top left opens a cascade over most of it. */
const MINES: [number, number][] = [[8, 0], [8, 2], [8, 4], [8, 6], [8, 8], [0, 8], [2, 8], [4, 8], [6, 8], [7, 7]];

describe('a 0 drawn apart from a covered tile only by its 1 px ring', () => {
  for (const [pitch, tile] of [[36.8, 32], [33.6, 29], [29.4, 25.6], [40.3, 35]] as const) {
    it(`the cascade of a first click opens at every phase of a lattice at ${pitch} px: no cell unsure, none read covered`, () => {
      const learner = new LiveLearner({ name: 'ringed', mines: MINES.length });
      const game = Game.fromLayout(9, 9, MINES);
      const draw = (): RgbaImage => ringed(game.board(), pitch, tile, 20.4, 60.4);
      let r = learner.read(draw());
      const grid: Grid = r.grid;
      expect(grid.cols).toBe(9);
      learner.noteClick(0, 0, 'left');
      game.open(0, 0);
      r = readAgain(learner, draw(), { geometry: grid });
      expect(r.unsure).toEqual([]);
      const truth = game.board().cells;
      const closedRead = [...truth.keys()].filter((i) => truth[i] !== COVERED && r.board.cells[i] === COVERED);
      expect(closedRead).toEqual([]);
    });
  }
});

describe('a first click drawn a frame late', () => {
  it('a frame after the click still showing the fresh board is not a new game: the cascade the next frame shows is the click\'s', () => {
    const learner = new LiveLearner({ name: 'late', mines: MINES.length });
    const game = Game.fromLayout(9, 9, MINES);
    const draw = (): RgbaImage => browserBoard(game.board(), 'winxp', 32.3 / 16).image;
    const fresh = draw();
    let r = learner.read(fresh);
    const grid: Grid = r.grid;
    r = learner.read(fresh, { geometry: grid });
    learner.noteClick(0, 0, 'left');
    r = learner.read(fresh, { geometry: grid });
    expect(r.unsure).toEqual([]);
    game.open(0, 0);
    r = readAgain(learner, draw(), { geometry: grid });
    expect(r.unsure).toEqual([]);
    const truth = game.board().cells;
    expect([...truth.keys()].filter((i) => truth[i] !== COVERED && r.board.cells[i] === COVERED)).toEqual([]);
  });
});
