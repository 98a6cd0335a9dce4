// Numbers each on a ground of its own. DaphneGoh89/Minesweeper-Game draws its opened cells as
// tiles coloured by their number: 0s pale blue, 1s blue, 2s yellow, 3s pink, the digit in a paler
// shade of its tile. A guess opened a 3 alone, the first 3 of the run: on a ground no opened cell
// had, its ink unlike theirs, beside a 2. The learner took it for the mine that blew up in a look
// of its own (live-look-ends.ts lostAlone, as for Google-style mines), ended the game as lost, and
// the skin was saved with the pink 3 as the mine that blew up. offGround is a sign of the mine only
// where the game draws its numbers on one ground; numbersOnOwnGrounds tells the other games.

import { describe, expect, it } from 'vitest';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { numbersOnOwnGrounds, offGround } from '../../src/vision/learn/live/live-ground-ink.js';
import type { Grid } from '../../src/vision/geometry.js';

type Rgb = [number, number, number];

const P = 24, COLS = 8, ROWS = 2;
const grid: Grid = { left: 10, top: 10, pitch: P, cols: COLS, rows: ROWS, scale: 1 };
const at = (i: number): [number, number] => [grid.left + (i % COLS) * P, grid.top + ((i / COLS) | 0) * P];

/** A 8x2 board on a pink page: each cell a tile 2 px in from its edges, of the colour `tile(i)`, with a digit's bar of `ink(i)` where given. */
function board(tile: (i: number) => Rgb, ink: (i: number) => Rgb | null): RgbaImage {
  const image = createImage(grid.left * 2 + COLS * P, grid.top * 2 + ROWS * P, [240, 160, 175]);
  for (let i = 0; i < COLS * ROWS; i++) {
    const [x, y] = at(i);
    fillRect(image, x + 1, y + 1, x + P - 1, y + P - 1, tile(i));
    const k = ink(i);
    if (k) fillRect(image, x + 10, y + 7, x + 14, y + 17, k);
  }
  return image;
}

// cells 0-2 are 0s, 3-5 1s, 6 and 7 2s; cell 8 the guess's cell; the rest covered
const codes = Uint8Array.from({ length: COLS * ROWS }, (_, i) => (i <= 2 ? 0 : i <= 5 ? 1 : i <= 7 ? 2 : 9));
const opened = [0, 1, 2, 3, 4, 5, 6, 7];

describe('numbers each on a ground of its own', () => {
  it('tiles coloured by their number: a 3 first opened alone is off every ground, and the game is told as one whose numbers have grounds of their own', () => {
    const colours: Record<number, Rgb> = { 0: [195, 216, 234], 1: [0, 193, 231], 2: [251, 214, 75], 3: [249, 111, 171] };
    const inks: Record<number, Rgb> = { 1: [116, 214, 231], 2: [254, 254, 108], 3: [234, 177, 207] };
    const tile = (i: number): Rgb => (i === 8 ? colours[3]! : codes[i]! <= 8 ? colours[codes[i]!]! : [255, 255, 255]);
    const ink = (i: number): Rgb | null => (i === 8 ? inks[3]! : codes[i]! >= 1 && codes[i]! <= 8 ? inks[codes[i]!]! : null);
    const before = board((i) => (i === 8 ? [255, 255, 255] : tile(i)), (i) => (i === 8 ? null : ink(i)));
    const after = board(tile, ink);
    // (what lostAlone saw: the 3 off every opened cell's ground)
    expect(offGround(after, grid, 8, before, grid, opened)).toBe(true);
    expect(numbersOnOwnGrounds(before, grid, codes, opened)).toBe(true);
    // with 0s and 1s alone known (the skin had learned no 2 yet), the same
    const early = Uint8Array.from(codes, (c) => (c === 2 ? 15 : c));
    expect(numbersOnOwnGrounds(before, grid, early, opened)).toBe(true);
  });

  it('numbers on one ground (a classic grey, a Google-style checkerboard of two tans) are not', () => {
    const inks: Record<number, Rgb> = { 1: [0, 0, 255], 2: [0, 128, 0] };
    const ink = (i: number): Rgb | null => (codes[i]! >= 1 && codes[i]! <= 8 ? inks[codes[i]!]! : null);
    const grey = board((i) => (codes[i]! <= 8 ? [192, 192, 192] : [220, 220, 220]), ink);
    expect(numbersOnOwnGrounds(grey, grid, codes, opened)).toBe(false);
    const tans: Rgb[] = [[229, 194, 159], [215, 184, 153]];
    const checker = board((i) => (codes[i]! <= 8 ? tans[(i + ((i / COLS) | 0)) % 2]! : [170, 215, 81]), ink);
    expect(numbersOnOwnGrounds(checker, grid, codes, opened)).toBe(false);
    // (and a mine in a colour of its own there is off the ground, as before)
    const mine = board((i) => (i === 8 ? [72, 230, 241] : codes[i]! <= 8 ? tans[(i + ((i / COLS) | 0)) % 2]! : [170, 215, 81]), ink);
    expect(offGround(mine, grid, 8, checker, grid, opened)).toBe(true);
  });

  it('opened cells of one number on grounds that differ by much among themselves (textured tiles) say nothing', () => {
    const shades: Rgb[] = [[90, 90, 90], [190, 190, 190], [140, 140, 140]];
    const textured = board((i) => (codes[i]! <= 8 ? shades[i % 3]! : [230, 230, 230]), () => null);
    expect(numbersOnOwnGrounds(textured, grid, codes, opened)).toBe(false);
  });
});
