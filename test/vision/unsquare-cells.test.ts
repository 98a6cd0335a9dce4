// Cells that are not square: an HTML table of plain buttons whose rows come out a pixel taller
// than its columns are wide (36 by 37 px). minebot's grid has one pitch; such a board, found
// with one pitch between the two, drifts off its lattice row by row, half its cells look unlike
// the rest, and the start was refused as "not a fresh game" with no word of why. The refusal now
// says the cells are not square; a board of square cells drawn the same way still starts.
//
// Cells that are not square, found as part of a board. A board of flat tiles 30 px apart across
// and 29 px down (28 by 27 px tiles, 2 px gaps, on a dark page under a band of page furniture) is
// found with one pitch, 30; its rows drift off that lattice and only the top five are taken. The
// start was refused as "the 9x5 board found goes on past its top edge ... cut short", which sends
// a user looking for a window edge or a scroll bar that is not there. The refusal now says the
// cells are not square, as the refusal of a board that is "not a fresh game" already did.
//
// Cells further off square. A browser game that stretches its board to the window's width and
// height drew 9x9 flat tiles 89 px apart across and 84 down (5% off): the other axis's spacing lay
// past the 3% each axis's own pitch was searched within, and the part found was refused as cut
// short with no word of its cells. Drawn here at 48 by 45 px (6% off), with gaps of 6 px.

import { describe, expect, it } from 'vitest';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { unsquareCells } from '../../src/vision/locate/cell-aspect.js';
import { freshStart } from '../../src/vision/learn/live/live-start.js';
import { isNotFresh } from '../../src/bot/reading.js';

/**
 * A table of `n`x`n` buttons on a white page: 2-px black lines between cells `w` wide and `h`
 * tall (line included), each button a white square with a light top-left and a grey bottom-right
 * edge, 2 px inside its cell.
 */
function table(n: number, w: number, h: number): RgbaImage {
  const left = 20, top = 30;
  const img = createImage(left * 2 + n * w + 2, top * 2 + n * h + 2, [255, 255, 255]);
  for (let k = 0; k <= n; k++) {
    fillRect(img, left + k * w, top, left + k * w + 1, top + n * h + 1, [0, 0, 0]);
    fillRect(img, left, top + k * h, left + n * w + 1, top + k * h + 1, [0, 0, 0]);
  }
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x0 = left + c * w + 3, y0 = top + r * h + 3, x1 = left + (c + 1) * w - 2, y1 = top + (r + 1) * h - 2;
      fillRect(img, x0, y0, x1, y0 + 1, [168, 168, 168]);
      fillRect(img, x0, y0, x0 + 1, y1, [168, 168, 168]);
      fillRect(img, x0, y1 - 1, x1, y1, [84, 84, 84]);
      fillRect(img, x1 - 1, y0, x1, y1, [84, 84, 84]);
    }
  }
  return img;
}

/** `n`x`n` flat tiles `w`-2 by `h`-2 px, `w` px apart across and `h` down, on a dark page with a lighter band above. */
function flatBoard(n: number, w: number, h: number): RgbaImage {
  const left = 266, top = 75;
  const img = createImage(800, 420, [29, 29, 29]);
  fillRect(img, 0, 0, 800, 40, [58, 69, 107]);
  fillRect(img, 0, 40, 800, 63, [106, 116, 150]);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      fillRect(img, left + c * w, top + r * h, left + (c + 1) * w - 2, top + (r + 1) * h - 2, [58, 69, 107]);
    }
  }
  return img;
}

/** `n`x`n` flat grey tiles `w` px apart across and `h` down with `gap` px between them, under a band of page furniture. */
function stretchedBoard(n: number, w: number, h: number, gap: number): RgbaImage {
  const left = 266, top = 60;
  const img = createImage(800, top + n * h + 40, [34, 34, 34]);
  fillRect(img, 0, 0, 800, 40, [58, 69, 107]);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      fillRect(img, left + c * w, top + r * h, left + (c + 1) * w - gap, top + (r + 1) * h - gap, [68, 68, 68]);
    }
  }
  return img;
}

function start(img: RgbaImage): unknown {
  const g = locateGrids(img).filter((x) => x.cols >= 4 && x.rows >= 4)[0];
  if (!g) return new Error('no board found');
  try {
    freshStart(img, g, 'unsquare', 10);
    return null;
  } catch (err) {
    return err;
  }
}

describe('cells that are not square', () => {
  it('a fresh table of 36 by 37 px cells is refused saying its cells are not square', () => {
    const img = table(10, 36, 37);
    const g = locateGrids(img).filter((x) => x.cols >= 4 && x.rows >= 4)[0]!;
    const a = unsquareCells(img, g);
    expect(a).not.toBeNull();
    expect(a!.width).toBeCloseTo(36, 0);
    expect(a!.height).toBeCloseTo(37, 0);
    const err = start(img);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/36\.0 by 37\.0 px, not square/);
    // (still a board not fresh to the loop: its new-game step is tried as before)
    expect(isNotFresh(err)).toBe(true);
  });

  it('the same table of square cells starts learning, and is not called unsquare', () => {
    for (const p of [36, 37]) {
      const img = table(10, p, p);
      const g = locateGrids(img).filter((x) => x.cols >= 4 && x.rows >= 4)[0]!;
      expect(unsquareCells(img, g), `${p} px`).toBeNull();
      expect(start(img), `${p} px`).toBeNull();
    }
  });
});

describe('cells that are not square, found in part', () => {
  it('a fresh board of 30 by 29 px cells is refused saying its cells are not square', () => {
    const err = start(flatBoard(9, 30, 29));
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/30\.0 by 29\.0 px, not square/);
  });

  it('the same board of square cells starts learning', () => {
    for (const p of [29, 30]) expect(start(flatBoard(9, p, p)), `${p} px`).toBeNull();
  });
});

describe('cells further off square, found in part', () => {
  it('a fresh board of 48 by 45 px cells is refused saying its cells are not square', () => {
    const err = start(stretchedBoard(9, 48, 45, 6));
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/48\.0 by 45\.0 px, not square/);
  });

  it('the same board of square cells starts learning', () => {
    for (const p of [45, 48]) expect(start(stretchedBoard(9, p, p, 6)), `${p} px`).toBeNull();
  });
});
