// A board pushed down at a game's end on a plain page (VitaFilimonova/Minesweeper-game: a line
// "You lose, try again" put above its board and face, 52 px over 32 px cells): the patches just
// outside the board's old corners show page before and after, so the frame seems to hold, and a
// reader sure of its looks reads the pushed board at the old lattice with confidence (a learner
// read a loss there, and the face was then clicked from the old place, on the line of text). A
// frame where most cells changed at once is looked at for such a push before it is read.
// Drawn here from those facts; the reader is a test's, sure of every cell it sees.

import { describe, expect, it } from 'vitest';
import { Observer, BadReading } from '../../src/bot/screen/observe.js';
import type { Frames } from '../../src/bot/screen/frames.js';
import { Stopwatch } from '../../src/bot/timing.js';
import { placeOf } from '../../src/bot/screen/place.js';
import { VirtualClock } from '../../src/desktop/clock.js';
import type { Grab, RgbaImage } from '../../src/desktop/ports.js';
import type { Grid } from '../../src/core/grid.js';
import type { Reading, ReadOptions } from '../../src/bot/reading.js';
import { COVERED, OPENED, createBoard } from '../../src/core/board.js';
import { createImage, fillRect, type Rgb } from '../../src/vision/image.js';

const PITCH = 32, COLS = 8, ROWS = 8, LEFT = 272, TOP = 218;
const PAGE: Rgb = [240, 232, 180], COVER: Rgb = [100, 122, 60], OPEN: Rgb = [200, 196, 120], LINE: Rgb = [0, 0, 0];
const SCREEN = { width: 800, height: 700 };

/** The page with the board's first cell `dy` px below its home; `open`: cells drawn opened; `band`: the end's line of text above the face. */
function page(dy: number, open: Set<number>, band: boolean): Grab {
  const img = createImage(SCREEN.width, SCREEN.height, PAGE);
  const top = TOP + dy;
  // the face, a cell and a half above the board, pushed with it
  fillRect(img, LEFT + 4 * PITCH - 24, top - 60, LEFT + 4 * PITCH + 24, top - 12, [240, 190, 40]);
  if (band) fillRect(img, LEFT - 8, top - 110, LEFT + COLS * PITCH + 8, top - 68, [230, 30, 30]);
  for (let i = 0; i < COLS * ROWS; i++) {
    const x0 = LEFT + (i % COLS) * PITCH, y0 = top + Math.floor(i / COLS) * PITCH;
    fillRect(img, x0, y0, x0 + PITCH, y0 + PITCH, LINE);
    fillRect(img, x0 + 1, y0 + 1, x0 + PITCH - 1, y0 + PITCH - 1, open.has(i) ? OPEN : COVER);
  }
  return { image: img, region: { left: 0, top: 0, ...SCREEN }, pixelDensity: { scaleX: 1, scaleY: 1 } };
}

/** A reader sure of every cell: opened (a number it has not learned: '+') where the middle of the cell is light, else covered. */
function sureReader(img: RgbaImage, o: ReadOptions = {}): Reading {
  const grid = o.geometry!;
  const board = createBoard(grid.cols, grid.rows, 10);
  for (let y = 0; y < grid.rows; y++) {
    for (let x = 0; x < grid.cols; x++) {
      const px = Math.round(grid.left + (x + 0.5) * grid.pitch), py = Math.round(grid.top + (y + 0.5) * grid.pitch);
      board.cells[y * grid.cols + x] = img.data[(py * img.width + px) * 4]! > 150 ? OPENED : COVERED;
    }
  }
  return { skin: 'sure', board, face: null, mineCounter: null, timer: null, grid, minConfidence: 1, unsure: [] };
}

function observer(): Observer {
  const clock = new VirtualClock();
  const o = new Observer({} as Frames, sureReader, new Stopwatch(clock), SCREEN, { skin: 'sure' });
  o.mines = 10;
  return o;
}

const grid: Grid = { left: LEFT, top: TOP, pitch: PITCH, cols: COLS, rows: ROWS, scale: 1 };
const crop = (g: Grab, r: { left: number; top: number; width: number; height: number }): Grab => {
  const img = createImage(r.width, r.height);
  for (let y = 0; y < r.height; y++) img.data.set(g.image.data.subarray(((r.top + y) * g.image.width + r.left) * 4, ((r.top + y) * g.image.width + r.left + r.width) * 4), y * r.width * 4);
  return { image: img, region: { ...r }, pixelDensity: g.pixelDensity };
};

describe('a board pushed on a plain page, its frame patches showing only page', () => {
  const place = placeOf(grid, SCREEN, null);

  it('pushed down 1.6 cells with a line of text above it: no reading at the old place, the push told', () => {
    for (const dy of [52, 40, 20, -30]) {
      const o = observer();
      o.accept(crop(page(0, new Set(), false), place.full), place, null);
      const pushed = crop(page(dy, new Set([0]), true), place.full);
      let thrown: unknown = null;
      try {
        o.accept(pushed, place, null);
      } catch (err) {
        thrown = err;
      }
      expect(thrown, `pushed ${dy} px`).toBeInstanceOf(BadReading);
      expect((thrown as Error).message, `pushed ${dy} px`).toMatch(/moved a little/);
    }
  });

  it('a cascade that opens most of the board where it was is read as it is', () => {
    const o = observer();
    o.accept(crop(page(0, new Set(), false), place.full), place, null);
    const open = new Set(Array.from({ length: 50 }, (_, k) => k + 14));
    const r = o.accept(crop(page(0, open, false), place.full), place, null);
    expect(r.board.cells.filter((c) => c === OPENED).length).toBe(50);
  });
});
