// Finding a board that moved a little by its pixels: a flat DOM game (grey squares, 1 px gaps,
// a padded frame) that puts a line of text above its board at a game's end, the board pushed
// down by less than a cell. Drawn here from those facts.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Grid } from '../../src/core/grid.js';
import type { Grab } from '../../src/desktop/ports.js';
import { boardShift } from '../../src/bot/screen/board-shift.js';
import { createImage, fillRect, type Rgb } from '../../src/vision/image.js';

const PITCH = 31, COLS = 9, ROWS = 9;
const PAGE: Rgb = [250, 250, 250];

/** The screen with the board's first cell at (left, top); `mines`: cells drawn as revealed mines; `text`: a band above the board. */
function screen(left: number, top: number, opened: Set<number>, mines: Set<number> = new Set(), text = false, box: [number, number, number, number] | null = null): Grab {
  const img = createImage(640, 480, PAGE);
  fillRect(img, left - 7, top - 7, left + COLS * PITCH + 6, top + ROWS * PITCH + 6, [136, 136, 136]);
  fillRect(img, left - 5, top - 5, left + COLS * PITCH + 4, top + ROWS * PITCH + 4, [187, 187, 187]);
  for (let i = 0; i < COLS * ROWS; i++) {
    const x0 = left + (i % COLS) * PITCH, y0 = top + Math.floor(i / COLS) * PITCH;
    fillRect(img, x0, y0, x0 + 29, y0 + 29, opened.has(i) ? [238, 238, 238] : [204, 204, 204]);
    if (opened.has(i) && i % 4 === 1) fillRect(img, x0 + 12, y0 + 8, x0 + 16, y0 + 21, [0, 0, 200]);
    // (a mine: an opened cell with a thin box on it, an emoji the browser has no font for)
    if (mines.has(i)) {
      fillRect(img, x0, y0, x0 + 29, y0 + 29, [238, 238, 238]);
      fillRect(img, x0 + 11, y0 + 8, x0 + 18, y0 + 21, [90, 90, 90]);
      fillRect(img, x0 + 12, y0 + 9, x0 + 17, y0 + 20, [238, 238, 238]);
    }
  }
  if (text) for (let k = 0; k < 12; k++) fillRect(img, left + 20 + k * 14, top - 22, left + 29 + k * 14, top - 10, [20, 20, 20]);
  if (box) fillRect(img, box[0], box[1], box[2], box[3], [40, 90, 160]);
  return { image: img, region: { left: 0, top: 0, width: 640, height: 480 }, pixelDensity: { scaleX: 1, scaleY: 1 } };
}

const grid = (left: number, top: number): Grid => ({ left, top, pitch: PITCH, cols: COLS, rows: ROWS, scale: 1 });
const OPENED = new Set(Array.from({ length: 30 }, (_, k) => 20 + k));

describe('a board found moved by its pixels', () => {
  it('a board pushed down by less than a cell, a line of text above it and its mines revealed, is found where it went', () => {
    const before = screen(150, 120, OPENED);
    const now = screen(150, 147, OPENED, new Set([3, 7, 60, 70, 80, 2, 9, 13, 15, 77]), true);
    expect(boardShift(before, now, grid(150, 120))).toMatchObject({ dx: 0, dy: 27 });
  });

  it('a first click\'s loss, the board all covered but its mines and its lines two greys apart, pushed down less than a cell, is found where it went', () => {
    // (the page's colour changed with it: the game restyles its page at its end)
    const before = screen(150, 120, new Set([40]));
    const now = screen(150, 147, new Set([40]), new Set([3, 7, 60, 70, 80, 2, 9, 13, 15, 77]), true);
    for (let i = 0; i < now.image.data.length; i += 4) if (now.image.data[i] === PAGE[0]) now.image.data.fill(232, i, i + 3);
    expect(boardShift(before, now, grid(150, 120))).toMatchObject({ dx: 0, dy: 27 });
  });

  it('finds any shift within two cells or 80 pixels, whichever is more, a few cells changed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -80, max: 80 }), fc.integer({ min: -80, max: 80 }), (dx, dy) => {
        fc.pre(dx !== 0 || dy !== 0);
        const before = screen(170, 100, OPENED);
        const now = screen(170 + dx, 100 + dy, OPENED, new Set([5, 66, 71]));
        const s = boardShift(before, now, grid(170, 100));
        expect(s && [s.dx, s.dy]).toEqual([dx, dy]);
      }),
      { numRuns: 30 },
    );
  });

  it('a board that did not move is no shift, nor is one with a box drawn over part of it, nor one gone', () => {
    const before = screen(150, 120, OPENED);
    expect(boardShift(before, screen(150, 120, OPENED, new Set([3, 7, 60]), true), grid(150, 120))).toBeNull();
    expect(boardShift(before, screen(150, 120, OPENED, new Set(), false, [180, 180, 380, 300]), grid(150, 120))).toBeNull();
    const empty: Grab = { ...before, image: createImage(640, 480, PAGE) };
    expect(boardShift(before, empty, grid(150, 120))).toBeNull();
  });
});
