// A board whose outer rows or columns are all opened, its cells drawn flat (many web games: a
// covered cell a flat grey tile in a ring, an opened one plain, a number's ink on it): the opened
// rows show no lines, and the board was located short (a won 9x9 found as 7x7), so a new game
// clicked from it missed. It must be found whole and exact (size; first cell within 1 px) fresh,
// mid-game, lost and won, on a page the colour of the opened cells and on one of another colour,
// and page beside the board (text a cell above it) never taken for cells. Drawn from those facts.

import { describe, expect, it } from 'vitest';
import { neighbourTable } from '../../src/core/board.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { locateGrids } from '../../src/vision/locate/locate.js';

const N = 9;
const OPENED: Rgb = [255, 255, 255];
const COVER: Rgb = [244, 244, 245];
const RING: Rgb = [228, 228, 230];
const SHADE: Rgb = [235, 235, 235];
const INK: Rgb[] = [[40, 110, 235], [25, 170, 90], [235, 50, 50], [60, 40, 150]];
// no mine in the outer ring, some beside it: the ring holds numbers and blanks
const MINES = new Set([[2, 1], [4, 2], [6, 3], [1, 3], [3, 5], [5, 5], [7, 6], [2, 7], [4, 4], [6, 1]].map(([x, y]) => y! * N + x!));

function counts(): number[] {
  const nb = neighbourTable(N, N);
  return Array.from({ length: N * N }, (_, i) => (MINES.has(i) ? -1 : [...nb[i]!].filter((j) => MINES.has(j)).length));
}

type State = 'covered' | 'opened' | 'flag' | 'mine';

interface Look {
  pitch: number;
  left: number;
  top: number;
  page: Rgb;
}

/** The board drawn on a frameless page; a line of page text (dark words) a cell above it, and specks. */
function draw(look: Look, state: (i: number) => State): RgbaImage {
  const { pitch: P, left: L, top: T, page } = look;
  const img = createImage(Math.ceil(L * 2 + N * P), Math.ceil(T * 2 + N * P), page);
  // page text: words of strokes crossing the slots a cell above the board
  for (let k = 0; k < 12; k++) {
    const x = Math.round(L + 0.3 * P + k * 0.55 * P), y = Math.round(T - 0.8 * P);
    fillRect(img, x, y, x + Math.max(2, Math.round(P * 0.3)), y + Math.round(P * 0.45), [30, 30, 30]);
  }
  // specks of a starry page, centred in the cell slots one and two beyond the board
  for (let k = -2; k < N + 2; k += 3) {
    for (const d of [-1, -2, N, N + 1]) {
      for (const [cx, cy] of [[k, d], [d, k]]) {
        const x = Math.round(L + (cx! + 0.5) * P), y = Math.round(T + (cy! + 0.5) * P);
        if (cy! >= 0 || cx! < 0 || cx! >= N) fillRect(img, x - 1, y - 1, x + 1, y + 1, [60, 60, 60]);
      }
    }
  }
  const c = counts();
  for (let i = 0; i < N * N; i++) {
    const x0 = Math.round(L + (i % N) * P), y0 = Math.round(T + Math.floor(i / N) * P);
    const x1 = Math.round(L + ((i % N) + 1) * P), y1 = Math.round(T + (Math.floor(i / N) + 1) * P);
    const s = state(i);
    const cx = (x0 + x1) >> 1, cy = (y0 + y1) >> 1, h = Math.round(P * 0.22);
    if (s === 'opened') {
      // a tile drawn flat, a faint shade along its right and bottom edge, where the next begins
      // (the game's: 20 levels, too faint for a line)
      fillRect(img, x0, y0, x1, y1, SHADE);
      fillRect(img, x0, y0, x1 - 1, y1 - 1, OPENED);
      const n = c[i]!;
      if (n > 0) {
        const ink = INK[(n - 1) % INK.length]!;
        fillRect(img, cx - 2, cy - h, cx + 2, cy + h, ink);
        if (n > 1) fillRect(img, cx - h, cy + h - 3, cx + h, cy + h, ink);
      }
      continue;
    }
    fillRect(img, x0 + 1, y0 + 1, x1 - 1, y1 - 1, RING);
    fillRect(img, x0 + 3, y0 + 3, x1 - 3, y1 - 3, COVER);
    if (s === 'flag') {
      fillRect(img, cx - h, cy - h, cx + 2, cy, [225, 30, 30]);
      fillRect(img, cx, cy - h, cx + 2, cy + h, [225, 30, 30]);
    }
    if (s === 'mine') fillRect(img, cx - h, cy - h, cx + h, cy + h, [20, 20, 20]);
  }
  return img;
}

const ring = (i: number): boolean => i % N === 0 || i % N === N - 1 || i < N || i >= N * (N - 1);
const STATES: Record<string, (i: number) => State> = {
  fresh: () => 'covered',
  // opened from the top-left corner: the top two rows and left two columns, to the edges
  'mid-game': (i) => (!MINES.has(i) && (i < 2 * N || i % N < 2) ? 'opened' : 'covered'),
  // the outer ring opened, then a mine hit: every mine shown
  lost: (i) => (MINES.has(i) ? 'mine' : ring(i) || i % N === 1 ? 'opened' : 'covered'),
  won: (i) => (MINES.has(i) ? 'flag' : 'opened'),
};
const LOOKS: Look[] = [
  { pitch: 33, left: 301, top: 361, page: OPENED },
  { pitch: 37, left: 90, top: 120, page: OPENED },
  { pitch: 24, left: 57, top: 83, page: OPENED },
  { pitch: 28.75, left: 70.25, top: 95.25, page: OPENED },
  { pitch: 33, left: 120, top: 110, page: [214, 224, 238] },
  // a page a little off the opened cells' white: its step to them too faint for a line
  { pitch: 30, left: 100, top: 140, page: [240, 244, 250] },
  { pitch: 26, left: 64, top: 90, page: [40, 44, 52] },
];

describe('a board of flat cells whose outer rows and columns are opened', () => {
  for (const look of LOOKS) {
    for (const [name, state] of Object.entries(STATES)) {
      it(`${name}, ${look.pitch} px on a page of ${look.page.join(',')}: found whole, first cell within 1 px`, () => {
        const img = draw(look, state);
        const largest = locateGrids(img).reduce((a, b) => (b.cols * b.rows > a.cols * a.rows ? b : a));
        expect([largest.cols, largest.rows]).toEqual([N, N]);
        // (the line before a cell drawn from pixel x is the gap or shade at x - 1 and x: x - 0.5)
        const left = Math.round(look.left) - 0.5, top = Math.round(look.top) - 0.5;
        expect(Math.abs(largest.left - left)).toBeLessThanOrEqual(1);
        expect(Math.abs(largest.top - top)).toBeLessThanOrEqual(1);
        // (its far edge within 1.5 px: a pitch fitted on a part of the board a tenth of a pixel off)
        expect(Math.abs(largest.left + N * largest.pitch - (left + N * look.pitch))).toBeLessThanOrEqual(1.5);
        expect(Math.abs(largest.top + N * largest.pitch - (top + N * look.pitch))).toBeLessThanOrEqual(1.5);
      });
    }
  }
});
