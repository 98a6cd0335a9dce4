// A game of plain buttons abutting (burntcustard/js1024-minesweeper: 9x9 <button>s in a CSS grid,
// 42.6 px apart): a covered button is a light fill in a dark 1 px ring, an opened one (disabled)
// the same fill, a level darker, in a ring faded nearly to it.
// - The cut of a cell keeps the ring's shape either way; only its contrast falls (a cut's spread
//   12.7 to 3.1 levels). Compared by shape alone (a correlation of zero-mean cuts: 0.997) the 0s a
//   cascade opened, and the clicked cell itself, were read as unchanged: the cascade's numbers were
//   changes no click explained, and the run stopped at the second click with nothing learned.
// - At a loss the game disables every button: each cell still covered is drawn as an opened blank,
//   its number not written. Labelled by its count, each was a number drawn like a 0, and every
//   loss's lesson was refused (and once the 0 was known, "reads 0 but the mines shown give 1").
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { COVERED, EXPLODED, FLAG, MINE, OPENED, isClosed, neighbourTable, type Board } from '../../src/core/board.js';
import { lookOf } from '../../src/vision/learn/live/live-looks.js';
import { lessonOf } from '../../src/vision/learn/live/live-lesson.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Grid } from '../../src/vision/geometry.js';
import { readAgain } from '../support/read-again.js';
import { contrastChanged } from '../../src/vision/learn/live/live-cell-change.js';
import { browserBoard } from './browser-draw.js';

const DIGIT: [number, number, number][] = [[0, 135, 225], [0, 128, 0], [220, 0, 0], [0, 0, 128], [128, 0, 0], [0, 128, 128], [0, 0, 0], [128, 128, 128]];

/** Buttons abutting at `pitch` from a fractional origin, each ringed 1 px: covered dark on a light fill, opened faded on a fill a level darker; a number n as n short bars of its colour, a mine a black square, a flag a red one. */
function buttons(board: Board, pitch: number, left: number, top: number): RgbaImage {
  const image = createImage(Math.ceil(left * 2 + board.width * pitch), Math.ceil(top * 2 + board.height * pitch), [255, 255, 255]);
  for (let y = 0; y < board.height; y++) {
    for (let x = 0; x < board.width; x++) {
      const c = board.cells[y * board.width + x]!;
      const x0 = Math.round(left + x * pitch), y0 = Math.round(top + y * pitch);
      const x1 = Math.round(left + (x + 1) * pitch), y1 = Math.round(top + (y + 1) * pitch);
      const closed = c === COVERED || c === FLAG;
      fillRect(image, x0, y0, x1, y1, closed ? [118, 118, 118] : [208, 208, 208]);
      fillRect(image, x0 + 1, y0 + 1, x1 - 1, y1 - 1, c === EXPLODED ? [255, 0, 0] : closed ? [239, 239, 239] : [238, 238, 238]);
      const cx = Math.round((x0 + x1) / 2), cy = Math.round((y0 + y1) / 2), r = Math.round(pitch / 7);
      if (c >= 1 && c <= 8) for (let k = 0; k < c; k++) fillRect(image, cx - r, cy - r + k * Math.floor((2 * r) / c), cx + r, cy - r + k * Math.floor((2 * r) / c) + 2, DIGIT[c - 1]!);
      else if (c === MINE || c === EXPLODED) fillRect(image, cx - r, cy - r, cx + r, cy + r, [0, 0, 0]);
      else if (c === FLAG) fillRect(image, cx - r, cy - r, cx, cy, [255, 0, 0]);
    }
  }
  return image;
}

/** Mines along the right and bottom edges of a 9x9 board: a click top left opens a cascade over most of it. */
const MINES: [number, number][] = [[8, 0], [8, 2], [8, 4], [8, 6], [8, 8], [0, 8], [2, 8], [4, 8], [6, 8], [7, 7]];

describe('a 0 drawn apart from a covered button only by its ring fading', () => {
  // (the game's own lattice, and another whose 0s in the middle have their rings wholly in the pixels
  // they share with their neighbours, read as those neighbours' bleed unless the contrast counts;
  // and a whole pitch, where a quick cut's samples hit the ring: right before as after)
  for (const [pitch, left, top] of [[42.64, 16.1, 95.1], [40.5, 20.6, 60.6], [36, 16, 95]] as const) {
    it(`the cascade of a click opens at ${pitch} px from ${left},${top}: no cell unsure, none read covered`, () => {
      const learner = new LiveLearner({ name: 'faded', mines: MINES.length });
      const game = Game.fromLayout(9, 9, MINES);
      const draw = (): RgbaImage => buttons(game.board(), pitch, left, top);
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

  it('a covered bevelled tile whose four neighbours opened, at a fractional pitch, keeps its contrast: still their bleed', () => {
    const mines: [number, number][] = [[2, 2], ...Array.from({ length: 10 }, (_, y): [number, number] => [6, y])];
    for (const s of [1.03, 1.0506, 1.13, 1.33]) {
      const game = Game.fromLayout(10, 10, mines);
      const before = browserBoard(game.board(), 'winxp', s);
      game.open(0, 0);
      const after = browserBoard(game.board(), 'winxp', s).image;
      for (const d of [0, 0.2, 0.4, 0.6, 0.8]) {
        const grid = { ...before.grid, left: before.grid.left + d, top: before.grid.top + d };
        expect(contrastChanged(before.image, grid, after, grid, 22), `scale ${s} shift ${d}`).toBe(false);
      }
    }
  });
});

describe('a loss that draws every covered cell as an opened blank', () => {
  for (const blankRead of [OPENED, 0]) {
    it(`is learned, the blanks it revealed over numbers labelled nothing (read ${blankRead === 0 ? 'as a 0' : 'with no number'})`, () => {
      const pitch = 42.64, left = 16.1, top = 95.1;
      const game = Game.fromLayout(9, 9, MINES);
      const fresh = buttons(game.board(), pitch, left, top);
      const grid: Grid = new LiveLearner({ name: 'probe', mines: MINES.length }).read(fresh).grid;
      game.open(0, 0);
      const inPlay = game.board().cells.slice();
      const playImage = buttons(game.board(), pitch, left, top);
      // the loss: the bot opens the mine at (8,0); every cell still covered is drawn opened, blank
      const hit = 8;
      const mine = new Set(MINES.map(([x, y]) => y * 9 + x));
      const end = { width: 9, height: 9, mines: MINES.length, cells: inPlay.map((c, i) => (i === hit ? EXPLODED : mine.has(i) ? MINE : isClosed(c) ? 0 : c)) };
      const image = buttons(end, pitch, left, top);
      const revealed = [...inPlay.keys()].filter((i) => isClosed(inPlay[i]!) && !mine.has(i));
      const table = neighbourTable(9, 9);
      const count = (i: number): number => [...table[i]!].filter((j) => mine.has(j)).length;
      expect(revealed.filter((i) => count(i) > 0).length).toBeGreaterThan(0);
      // (read as a learner would: the numbers opened in play as numbers, the revealed blanks as given)
      const codes = new Uint8Array(end.cells.map((c, i) => (revealed.includes(i) ? blankRead : c)));
      const looks = Array.from({ length: 81 }, (_, i) => lookOf(image, grid, i));
      const steady = new Set([...inPlay.keys()].filter((i) => !isClosed(inPlay[i]!)));
      const lesson = lessonOf({ result: 'lost', codes, image, grid, looks, table, mines: MINES.length, clicked: new Set([0, hit]), name: 'buttons', play: { image: playImage, grid, codes: new Uint8Array(inPlay), steady } });
      expect(lesson.why).toBeNull();
      const labels = lesson.capture!.board.cells;
      for (const i of revealed) expect(labels[i], `revealed cell ${i}`).toBe(count(i) > 0 ? OPENED : 0);
      for (const i of steady) expect(labels[i], `cell ${i} opened in play`).toBe(inPlay[i]);
      expect(labels[hit]).toBe(EXPLODED);
      // the frame in play teaches its numbers too
      expect(lesson.inPlay?.board.cells.filter((c) => c >= 1 && c <= 8).length).toBeGreaterThan(0);
    });
  }
});
