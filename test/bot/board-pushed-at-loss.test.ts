// A board pushed down by less than half a cell at a loss, as the loss opens every cell
// (vjegorovs/minesweeper-vue: a line of text put above the board pushes it 20 px, 0.4 of its
// 51 px cells, and every covered tile is drawn opened, numbers and mines shown). Its colours agree
// with the frame before in too few pixels for board-shift.ts to find it moved, so the loss was
// read, and learned from, at the old lattice: every look cut across two rows (the covered, the
// 0-3 and the mine looks of a skin learned from nothing straddled a line between cells). The
// lines between the cells stay: the push is told, and the board found moved, exactly.
// Drawn here from those facts (plain rectangles, no artwork of the game).

import { describe, expect, it } from 'vitest';
import { Observer, BadReading } from '../../src/bot/observe.js';
import type { Frames } from '../../src/bot/frames.js';
import { Stopwatch } from '../../src/bot/timing.js';
import { placeOf } from '../../src/bot/place.js';
import { latticeShift } from '../../src/bot/lattice-shift.js';
import { VirtualClock } from '../../src/desktop/clock.js';
import type { Grab, RgbaImage } from '../../src/desktop/ports.js';
import type { Grid } from '../../src/core/grid.js';
import type { Reading, ReadOptions } from '../../src/bot/reading.js';
import { COVERED, OPENED, createBoard } from '../../src/core/board.js';
import { createImage, fillRect, type Rgb } from '../../src/vision/image.js';

const PITCH = 51, COLS = 10, ROWS = 10, LEFT = 102, TOP = 93;
const PAGE: Rgb = [255, 255, 255], COVER: Rgb = [242, 242, 218], OPEN: Rgb = [255, 255, 255], LINE: Rgb = [220, 220, 220];
const SCREEN = { width: 714, height: 705 };

/** The page, the board's first cell `dy` px below its home; `lost`: every cell opened, numbers and mines drawn, a line of text above. */
function page(dy: number, opened: (i: number) => boolean, lost: boolean): Grab {
  const img = createImage(SCREEN.width, SCREEN.height, PAGE);
  const top = TOP + dy;
  fillRect(img, 300, 66, 390, 82, [40, 40, 40]); // the mines left
  if (lost) fillRect(img, 290, 88, 400, 102, [40, 40, 40]); // the line the loss puts above the board
  for (let i = 0; i < COLS * ROWS; i++) {
    const x0 = LEFT + (i % COLS) * PITCH, y0 = top + Math.floor(i / COLS) * PITCH;
    fillRect(img, x0, y0, x0 + PITCH - 1, y0 + PITCH - 1, LINE);
    const open = lost || opened(i);
    fillRect(img, x0 + 1, y0 + 1, x0 + PITCH - 2, y0 + PITCH - 2, open ? OPEN : COVER);
    // numbers (a green or blue bar) and, at the loss, mines (a red blot)
    const kind = (i * 7) % 5;
    if (open && kind === 1) fillRect(img, x0 + 22, y0 + 14, x0 + 28, y0 + 36, kind === 1 ? [30, 230, 60] : [30, 30, 220]);
    if (lost && kind === 3) fillRect(img, x0 + 20, y0 + 16, x0 + 30, y0 + 34, [220, 40, 40]);
  }
  return { image: img, region: { left: 0, top: 0, ...SCREEN }, pixelDensity: { scaleX: 1, scaleY: 1 } };
}

/** A reader sure of every cell: covered where the middle of the cell is the covered tile's colour, else opened (a number not learned: '+'). */
function sureReader(img: RgbaImage, o: ReadOptions = {}): Reading {
  const grid = o.geometry!;
  const board = createBoard(grid.cols, grid.rows, 11);
  for (let y = 0; y < grid.rows; y++) {
    for (let x = 0; x < grid.cols; x++) {
      const px = Math.round(grid.left + x * grid.pitch + 8), py = Math.round(grid.top + y * grid.pitch + 8);
      board.cells[y * grid.cols + x] = img.data[(py * img.width + px) * 4 + 2]! < 230 ? COVERED : OPENED;
    }
  }
  return { skin: 'sure', board, face: null, mineCounter: null, timer: null, grid, minConfidence: 1, unsure: [] };
}

function observer(): Observer {
  const o = new Observer({} as Frames, sureReader, new Stopwatch(new VirtualClock()), SCREEN, { skin: 'sure' });
  o.mines = 11;
  return o;
}

const grid: Grid = { left: LEFT, top: TOP, pitch: PITCH, cols: COLS, rows: ROWS, scale: 1 };
/** The game in play: its left columns opened. */
const inPlay = (i: number): boolean => i % COLS < 2;

describe('a board pushed 0.4 cell down at a loss that opens every cell', () => {
  const place = placeOf(grid, SCREEN, null);

  it('is not read at the old lattice: the push is told', () => {
    for (const dy of [20, 12, -20]) {
      const o = observer();
      o.accept(page(0, inPlay, false), place, null);
      let thrown: unknown = null;
      try {
        o.accept(page(dy, inPlay, true), place, null);
      } catch (err) {
        thrown = err;
      }
      expect(thrown, `pushed ${dy} px`).toBeInstanceOf(BadReading);
      expect((thrown as Error).message, `pushed ${dy} px`).toMatch(/moved a little/);
    }
  });

  it('is found moved exactly, by its lines', () => {
    const o = observer();
    o.accept(page(0, inPlay, false), place, null);
    expect(o.shiftOf(page(20, inPlay, true), place)).toMatchObject({ dx: 0, dy: 20 });
    expect(latticeShift(page(0, inPlay, false), page(20, inPlay, true), grid)).toMatchObject({ dx: 0, dy: 20 });
  });

  it('a loss drawn where the board was is read there', () => {
    const o = observer();
    o.accept(page(0, inPlay, false), place, null);
    const r = o.accept(page(0, inPlay, true), place, null);
    expect(r.board.cells.every((c) => c === OPENED)).toBe(true);
    expect(latticeShift(page(0, inPlay, false), page(0, inPlay, true), grid)).toBeNull();
  });
});
