// Cells that are not square, found as part of a board. A board of flat tiles 30 px apart across
// and 29 px down (28 by 27 px tiles, 2 px gaps, on a dark page under a band of page furniture) is
// found with one pitch, 30; its rows drift off that lattice and only the top five are taken. The
// start was refused as "the 9x5 board found goes on past its top edge ... cut short", which sends
// a user looking for a window edge or a scroll bar that is not there. The refusal now says the
// cells are not square, as the refusal of a board that is "not a fresh game" already did.

import { describe, expect, it } from 'vitest';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { freshStart } from '../../src/vision/learn/live-start.js';

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

function start(img: RgbaImage): unknown {
  const g = locateGrids(img).filter((x) => x.cols >= 4 && x.rows >= 4)[0];
  if (!g) return new Error('no board found');
  try {
    freshStart(img, g, 'flat', 10);
    return null;
  } catch (err) {
    return err;
  }
}

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
