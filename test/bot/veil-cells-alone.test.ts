// A see-through layer laid over the cells alone at a game's end (veil.ts): the backdrop of an end
// box the size of the board, the board's frame and the page round it left as they were, and the
// box's text and button drawn on the layer over some cells (loryruta/minesweeper-js: 60% white
// over its 20x10 board of 50 px tiles, "Noo... you lose!" and a "Play again!" button over the
// top rows). The frame told no layer from a cascade there, so no layer was found and every end
// went unseen. The cells tell them apart: a cascade, a loss that reveals the board and a new game
// each leave one kind of cell as it was (the opened, the opened, the covered); a layer changes
// both kinds along its line. Taken off, a cell that holds a pixel no level under the layer can
// take (past the line's ends: drawn on the layer, the box's text) is read as it was before the
// layer: the text over three covered cells had been labelled as three mines.
// Drawn here: flat green tiles with a darker ring, 40 px, on a pale page.

import { describe, expect, it } from 'vitest';
import { COVERED, OPENED, type CellCode } from '../../src/core/board.js';
import type { Grid } from '../../src/core/grid.js';
import type { Grab } from '../../src/desktop/ports.js';
import { unveiled, veilOf } from '../../src/bot/screen/veil.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';

const PITCH = 40, COLS = 12, ROWS = 8, LEFT = 30, TOP = 60;
const grid: Grid = { left: LEFT, top: TOP, pitch: PITCH, cols: COLS, rows: ROWS, scale: 1 };
const PAGE: [number, number, number] = [232, 245, 233];
const FRAME: [number, number, number] = [93, 64, 55];

function grab(image: RgbaImage): Grab {
  return { image, region: { left: 0, top: 0, width: image.width, height: image.height }, pixelDensity: { scaleX: 1, scaleY: 1 } };
}

/** The board: `opened` cells pale blue (some with a dark bar, a digit), `mines` red, the rest green tiles; a brown bar above and below. */
function screen(opened: (i: number) => boolean, mines: ReadonlySet<number> = new Set()): Grab {
  const img = createImage(LEFT * 2 + COLS * PITCH, TOP + ROWS * PITCH + 40, PAGE);
  fillRect(img, LEFT, TOP - 5, LEFT + COLS * PITCH - 1, TOP - 1, FRAME);
  fillRect(img, LEFT, TOP + ROWS * PITCH, LEFT + COLS * PITCH - 1, TOP + ROWS * PITCH + 4, FRAME);
  for (let i = 0; i < COLS * ROWS; i++) {
    const x0 = LEFT + (i % COLS) * PITCH, y0 = TOP + Math.floor(i / COLS) * PITCH;
    if (mines.has(i)) {
      fillRect(img, x0, y0, x0 + PITCH - 1, y0 + PITCH - 1, [139, 0, 0]);
      fillRect(img, x0 + 3, y0 + 3, x0 + PITCH - 4, y0 + PITCH - 4, [205, 92, 92]);
    } else if (opened(i)) {
      fillRect(img, x0, y0, x0 + PITCH - 1, y0 + PITCH - 1, [176, 196, 222]);
      fillRect(img, x0 + 3, y0 + 3, x0 + PITCH - 4, y0 + PITCH - 4, [240, 248, 255]);
      if (i % 4 === 1) fillRect(img, x0 + 17, y0 + 10, x0 + 22, y0 + 29, [0, 0, 139]);
    } else {
      fillRect(img, x0, y0, x0 + PITCH - 1, y0 + PITCH - 1, [102, 187, 106]);
      fillRect(img, x0 + 3, y0 + 3, x0 + PITCH - 4, y0 + PITCH - 4, [165, 214, 167]);
    }
  }
  return grab(img);
}

/** `g` with 60% white laid over the cells alone, and a line of dark text drawn on it across `textCells` (a row's run of cells). */
function boxed(g: Grab, text: { row: number; from: number; to: number } | null = null): Grab {
  const data = g.image.data.slice();
  const w = g.image.width;
  for (let y = TOP; y < TOP + ROWS * PITCH; y++) {
    for (let x = LEFT; x < LEFT + COLS * PITCH; x++) {
      const i = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round(0.4 * data[i + c]! + 0.6 * 255);
    }
  }
  const img = { ...g.image, data };
  if (text) {
    // (letters: dark strokes 3 px wide every 9 px, over the middle of the row's cells)
    const y0 = TOP + text.row * PITCH + 12;
    for (let x = LEFT + text.from * PITCH + 4; x < LEFT + (text.to + 1) * PITCH - 4; x += 9) fillRect(img, x, y0, x + 2, y0 + 15, FRAME);
  }
  return grab(img);
}

const OPEN = (i: number): boolean => i % COLS < 5 && Math.floor(i / COLS) > 1;
const MINES = new Set([6, 7, 9, 20, 30, 41, 53, 66, 78, 88]);
/** The reading of the frame before the end: the cells OPEN read opened, the rest covered. */
const CODES: CellCode[] = Array.from({ length: COLS * ROWS }, (_, i) => (OPEN(i) ? OPENED : COVERED));
/** The box's text over row 0, cells 5 to 8 (two mines, 6 and 7, under it; 9 beside it). */
const TEXT = { row: 0, from: 5, to: 8 };

describe('a see-through layer over the cells alone', () => {
  it('a loss under it, the frame and page as they were: found from the cells read before, and from them only', () => {
    const before = screen(OPEN);
    const now = boxed(screen(OPEN, MINES), TEXT);
    expect(veilOf(before, now, grid)).toBeNull();
    const v = veilOf(before, now, grid, false, false, CODES);
    expect(v).not.toBeNull();
    for (const s of v!.slope) expect(s).toBeCloseTo(0.4, 1);
    for (const b of v!.offset) expect(b).toBeGreaterThan(150);
  });

  it('a loss late in a game, near half the covered cells its mines: found all the same from the covered cells seen through it', () => {
    // (every cell opened but 15: 7 mines shown red, which change otherwise than the line, and 8
    // tiles seen through the layer; counted together, the covered pixels on the line fell short)
    const mines = new Set([6, 7, 9, 20, 30, 41, 53]);
    const tiles = [10, 11, 12, 13, 54, 55, 90, 91];
    const late = (i: number): boolean => !mines.has(i) && !tiles.includes(i);
    const codes = CODES.map((_, i) => (late(i) ? OPENED : COVERED));
    const v = veilOf(screen(late), boxed(screen(late, mines)), grid, false, false, codes);
    expect(v).not.toBeNull();
    for (const s of v!.slope) expect(s).toBeCloseTo(0.4, 1);
    // (with fewer than 3 covered cells seen through it, nothing tells the layer from a change of the opened alone)
    const later = (i: number): boolean => !mines.has(i) && ![10, 11].includes(i);
    expect(veilOf(screen(later), boxed(screen(later, mines)), grid, false, false, CODES.map((_, i) => (later(i) ? OPENED : COVERED)))).toBeNull();
  });

  it('a cascade, a loss that reveals every cell and a new game, none under a layer, are none', () => {
    const before = screen(OPEN);
    // (a cascade over most of the board, the opened cells as they were)
    expect(veilOf(before, screen((i) => OPEN(i) || i % COLS < 11), grid, false, false, CODES)).toBeNull();
    // (every closed cell shown at a loss: the opened cells as they were)
    expect(veilOf(before, screen(() => true, MINES), grid, false, false, CODES)).toBeNull();
    // (a new game over a board mostly opened: the covered cells as they were)
    const most = (i: number): boolean => i % COLS < 11;
    const codes = CODES.map((_, i) => (most(i) ? OPENED : COVERED));
    expect(veilOf(screen(most), screen(() => false), grid, false, false, codes)).toBeNull();
  });

  it('taken off, cells under the text read as before the layer, the mines beside it as drawn', () => {
    const before = screen(OPEN);
    const bare = screen(OPEN, MINES);
    const now = boxed(bare, TEXT);
    const v = veilOf(before, now, grid, false, false, CODES)!;
    const off = unveiled(before, now, v, grid);
    const px = (g: Grab, x: number, y: number): number[] => [...g.image.data.subarray((y * g.image.width + x) * 4, (y * g.image.width + x) * 4 + 3)];
    const centre = (i: number): [number, number] => [LEFT + (i % COLS) * PITCH + 20, TOP + Math.floor(i / COLS) * PITCH + 20];
    // the mines under the text (6, 7) and the covered cell under it (8): as before, green tiles, no stroke left
    for (const i of [6, 7, 8]) {
      const x0 = LEFT + (i % COLS) * PITCH, y0 = TOP;
      for (let y = y0; y < y0 + PITCH; y++) for (let x = x0; x < x0 + PITCH; x++) expect(px(off, x, y)).toEqual(px(before, x, y));
    }
    // the mine beside it (9) and one far off (41): red as drawn, within rounding
    for (const i of [9, 41]) {
      const [x, y] = centre(i);
      px(off, x, y).forEach((c, k) => expect(Math.abs(c - px(bare, x, y)[k]!)).toBeLessThanOrEqual(3));
    }
    // an opened cell with its digit, and a covered cell: the frame before to the pixel
    for (const i of [25, 70]) {
      const [x, y] = centre(i);
      expect(px(off, x, y)).toEqual(px(before, x, y));
    }
  });
});
