// A board of identical plain cells repeats every cell: a loss that changes many cells at once can
// make the board's pixels agree better a whole cell or two away than where it stayed, with the
// cells beyond the grab not counted. What does not repeat, the board's edge against its frame or
// page, tells a real move from that. Drawn here from those facts.

import { describe, expect, it } from 'vitest';
import type { Grid } from '../../src/core/grid.js';
import type { Grab } from '../../src/desktop/ports.js';
import { boardShift } from '../../src/bot/screen/board-shift.js';
import { createImage, fillRect, type Rgb } from '../../src/vision/image.js';

const PITCH = 30, N = 21;
const PAGE: Rgb = [255, 255, 255];
const FRAME: Rgb = [200, 206, 214];
const COVERED: Rgb = [226, 232, 240];
const OPENED: Rgb = [247, 250, 252];
const MINE: Rgb = [245, 120, 120];

/** The screen with the board's first cell at (left, top): `look(x, y)` each cell's colour, plain (no digit; `digits`: a bar on some opened cells), cells 28 px on a 2 px gap of the frame's colour, a 6 px frame. */
function screen(left: number, top: number, look: (x: number, y: number) => Rgb, digits = false): Grab {
  const img = createImage(900, 900, PAGE);
  fillRect(img, left - 6, top - 6, left + N * PITCH + 6, top + N * PITCH + 6, FRAME);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) {
    const x0 = left + x * PITCH + 1, y0 = top + y * PITCH + 1;
    fillRect(img, x0, y0, x0 + 28, y0 + 28, look(x, y));
    if (digits && look(x, y) === OPENED && (x * 3 + y) % 7 === 2) fillRect(img, x0 + 12, y0 + 7, x0 + 16, y0 + 21, [40, 60, 200]);
  }
  return { image: img, region: { left: 0, top: 0, width: 900, height: 900 }, pixelDensity: { scaleX: 1, scaleY: 1 } };
}

/** `g` cut to the board and `margin` pixels round it: what a read of the cells alone grabs. */
function cut(g: Grab, left: number, top: number, margin: number): Grab {
  const w = N * PITCH + 2 * margin, h = N * PITCH + 2 * margin, x0 = left - margin, y0 = top - margin;
  const img = createImage(w, h, PAGE);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const o = ((y0 + y) * g.region.width + x0 + x) * 4, p = (y * w + x) * 4;
    for (let k = 0; k < 4; k++) img.data[p + k] = g.image.data[o + k]!;
  }
  return { image: img, region: { left: x0, top: y0, width: w, height: h }, pixelDensity: g.pixelDensity };
}

const grid = (left: number, top: number): Grid => ({ left, top, pitch: PITCH, cols: N, rows: N, scale: 1 });
/** mines among the covered cells right of column 11 (a fixed scatter). */
const mine = (x: number, y: number): boolean => x > 11 && (x * 7 + y * 5) % 11 === 0;
const mines = Array.from({ length: N * N }, (_, i) => mine(i % N, Math.floor(i / N))).filter(Boolean).length;

describe('a board whose cells repeat, found moved only when its edge moved too', () => {
  it('a loss that changes many plain cells at once, the board not moved, is no shift by a whole cell', () => {
    const L = 150, T = 100;
    // (in play: the left half opened; at the loss a column more shows opened and the mines show)
    const before = cut(screen(L, T, (x) => (x < 10 ? OPENED : COVERED)), L, T, 6);
    const now = cut(screen(L, T, (x, y) => (x < 12 ? OPENED : mine(x, y) ? MINE : COVERED)), L, T, 6);
    expect(mines + N).toBeGreaterThanOrEqual(15);
    expect(boardShift(before, now, grid(L, T))).toBeNull();
  });

  it('the same board moved by a few pixels, or by exactly a cell, its frame with it, is found where it went', () => {
    const L = 150, T = 100;
    const before = screen(L, T, (x) => (x < 10 ? OPENED : COVERED), true);
    const at = (dx: number, dy: number): Grab => screen(L + dx, T + dy, (x, y) => (x < 10 ? OPENED : mine(x, y) ? MINE : COVERED), true);
    for (const [dx, dy] of [[0, 4], [3, -2], [-5, 0], [PITCH, 0], [0, PITCH], [-PITCH, PITCH]] as const) {
      expect(boardShift(before, at(dx, dy), grid(L, T))).toMatchObject({ dx, dy });
    }
  });
});
