// A board pushed by whole pixels, found by the lines between its cells (lattice-push.ts): a game
// that opens every cell at its end and puts a line of text above the board (vjegorovs/
// minesweeper-vue: cells with a grey border, beige covered, white open; 20 px of 51 down) changes
// every cell, so its pixels do not find it moved (board-shift.ts); its lines do. A lattice moved
// by part of a pixel is no push, nor is a move of more than half a cell. Drawn here (plain
// rectangles, no artwork of any game).

import { describe, expect, it } from 'vitest';
import { latticePush } from '../../src/bot/screen/lattice-push.js';
import { boardShift } from '../../src/bot/screen/board-shift.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import type { Grab } from '../../src/desktop/ports.js';
import type { Grid } from '../../src/core/grid.js';

const PITCH = 51, N = 10, LEFT = 102, TOP = 93;
const grid: Grid = { left: LEFT, top: TOP, pitch: PITCH, cols: N, rows: N, scale: 1 };

/** The page with the board's first cell at (LEFT + dx, TOP + dy); cells in `open` drawn white, some with a mark, the others beige. */
function page(dx: number, dy: number, open: (i: number) => boolean): RgbaImage {
  const img = createImage(800, 800, [255, 255, 255]);
  for (let i = 0; i < N * N; i++) {
    const x0 = LEFT + dx + (i % N) * PITCH, y0 = TOP + dy + Math.floor(i / N) * PITCH;
    fillRect(img, x0, y0, x0 + PITCH, y0 + PITCH, [231, 232, 236]);
    fillRect(img, x0 + 1, y0 + 1, x0 + PITCH - 1, y0 + PITCH - 1, open(i) ? [255, 255, 255] : [245, 245, 220]);
    if (open(i) && i % 3) fillRect(img, x0 + 22, y0 + 14, x0 + 29, y0 + 37, i % 2 ? [30, 30, 220] : [30, 160, 60]);
  }
  return img;
}

/** `img` drawn half a pixel lower: each row the mean of itself and the row above. */
function halfLower(img: RgbaImage): RgbaImage {
  const was = img.data.slice(), w = img.width;
  for (let i = w * 4; i < img.data.length; i++) if (i % 4 !== 3) img.data[i] = Math.round((was[i]! + was[i - w * 4]!) / 2);
  return img;
}

const grab = (image: RgbaImage): Grab => ({ image, region: { left: 0, top: 0, width: image.width, height: image.height }, pixelDensity: { scaleX: 1, scaleY: 1 } });
/** In play: a few cells open. */
const inPlay = grab(page(0, 0, (i) => i % 10 < 3 && i < 40));
const everyOpen = () => true;

describe('a board pushed by whole pixels, found by the lines between its cells', () => {
  it('every cell opened at the end and the board pushed 0.4 cell down: its pixels do not find it, its lines do', () => {
    const now = grab(page(0, 20, everyOpen));
    expect(boardShift(inPlay, now, grid)).toBeNull();
    expect(latticePush(inPlay, now, grid)).toEqual({ dx: 0, dy: 20 });
  });

  it('any whole-pixel push under half a cell, either axis or both, is found', () => {
    for (const [dx, dy] of [[0, 1], [1, 0], [0, -20], [-25, 0], [7, 3], [0, 25], [-1, -1]] as const) {
      expect(latticePush(inPlay, grab(page(dx, dy, everyOpen)), grid), `pushed (${dx}, ${dy})`).toEqual({ dx, dy });
    }
  });

  it('a board where it was is no push, every cell opened or not', () => {
    expect(latticePush(inPlay, grab(page(0, 0, everyOpen)), grid)).toBeNull();
    expect(latticePush(inPlay, inPlay, grid)).toBeNull();
  });

  it('a board drawn half a pixel lower (its lines blended over two rows) is no push, nor one pushed 20 and a half pixels', () => {
    expect(latticePush(inPlay, grab(halfLower(page(0, 0, everyOpen))), grid)).toBeNull();
    expect(latticePush(inPlay, grab(halfLower(page(0, 20, everyOpen))), grid)).toBeNull();
  });

  it('a board moved a cell and a part is never taken for one pushed by the part', () => {
    for (const dy of [PITCH + 10, -PITCH - 10, 2 * PITCH + 5]) expect(latticePush(inPlay, grab(page(0, dy, everyOpen)), grid), `moved ${dy}`).toBeNull();
    expect(latticePush(inPlay, grab(page(PITCH + 10, 0, everyOpen)), grid)).toBeNull();
  });

  it('a page with no board is no push', () => {
    expect(latticePush(inPlay, grab(createImage(800, 800, [255, 255, 255])), grid)).toBeNull();
  });
});

// Covered tiles with a bevel (light top and left, a dark shade over their last rows and columns)
// and opened cells flat with a dark line on their edges: the boundary between two cells shows as
// a dark step at a pixel one look draws it and the other does not (Vlsrnd/sapper-game: a first
// click that opened most of its 9x9 board was taken for a push by (1, 1), and play stopped: "the
// board moved a little"). The lines the cascade left match the covered board's moved by a pixel,
// but most of the covered board's lines are found nowhere: no push.
describe('a board whose opened cells draw their edges otherwise than its covered tiles', () => {
  const P = 30, M = 9, L = 60, T = 150;
  const g9: Grid = { left: L, top: T, pitch: P, cols: M, rows: M, scale: 1 };
  /** The board at (L + d, T + d); cells in `open` flat grey with a dark edge line, the others bevelled tiles. */
  function bevelled(d: number, open: (i: number) => boolean): RgbaImage {
    const img = createImage(400, 480, [51, 51, 51]);
    fillRect(img, L + d - 4, T + d - 4, L + d + M * P + 4, T + d + M * P + 4, [0, 0, 0]);
    for (let i = 0; i < M * M; i++) {
      const x0 = L + d + (i % M) * P, y0 = T + d + Math.floor(i / M) * P;
      if (open(i)) {
        fillRect(img, x0, y0, x0 + P, y0 + P, [80, 80, 80]);
        fillRect(img, x0 + 1, y0 + 1, x0 + P - 1, y0 + P - 1, [128, 128, 128]);
        continue;
      }
      fillRect(img, x0, y0, x0 + P, y0 + P, [192, 192, 192]);
      const shade = [160, 140, 120, 100] as const;
      shade.forEach((v, k) => {
        fillRect(img, x0 + P - 4 + k, y0, x0 + P - 3 + k, y0 + P, [v, v, v]);
        fillRect(img, x0, y0 + P - 4 + k, x0 + P - 4, y0 + P - 3 + k, [v, v, v]);
      });
      fillRect(img, x0, y0, x0 + P - 4, y0 + 2, [255, 255, 255]);
      fillRect(img, x0, y0, x0 + 2, y0 + P - 4, [255, 255, 255]);
    }
    return img;
  }
  const fresh = grab(bevelled(0, () => false));
  // (the cells the first click opened, as on the real game's frame: '.' still covered)
  const opened = ['00000001.', '00000001.', '00000001.', '00011101.', '0001.101.', '1102.2011', '.101.1000', '.433.2100', '......100'].join('');
  const cascade = (i: number): boolean => opened[i] !== '.';

  it('a first cascade that opened most cells where they were is no push', () => {
    expect(boardShift(fresh, grab(bevelled(0, cascade)), g9)).toBeNull();
    expect(latticePush(fresh, grab(bevelled(0, cascade)), g9)).toBeNull();
  });

  it('such a board pushed by a few pixels is still told', () => {
    expect(latticePush(fresh, grab(bevelled(3, () => false)), g9)).toEqual({ dx: 3, dy: 3 });
    expect(latticePush(grab(bevelled(0, cascade)), grab(bevelled(2, cascade)), g9)).toEqual({ dx: 2, dy: 2 });
  });
});
