// Cells that are not square, found with more rows than the board has. A browser game sized in
// viewport units (DaphneGoh89/Minesweeper-Game, medium) draws 16x16 rounded tiles 20 px wide and
// 22 tall (a 2 px shadow under each) with 1 px margins: 22 px apart across, 24 down. The locator's
// one pitch is the shorter, 22, and over the 384 px of rows it laid 17 lines of cells: a 16x17
// board. Its cells were measured right (22 by 23.9) and the view stretched 1.087 across showed
// the board whole, 16x16 at 24 px, but squaring wanted that board to hold more cells than the
// 16x17 found (272), refused it, and the run stopped at its start: "the 16x17 board found is not a
// fresh game ... its cells are 22.0 by 23.9 px, not square". The cells found are now counted in
// cells of the size measured (16x16), and the run reads the game stretched.

import { describe, expect, it } from 'vitest';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { squaring, unsquareCells } from '../../src/vision/locate/cell-aspect.js';
import { stretchImage } from '../../src/core/stretch.js';
import { freshStart } from '../../src/vision/learn/live/live-start.js';

/** `n`x`n` white tiles `w`-2 wide and `h`-4 tall, each with a 2 px blue-grey shadow under it, `w` px apart across and `h` down, on a pink panel under a blue band. */
function tiles(n: number, w: number, h: number): RgbaImage {
  const left = 40, top = 90;
  const img = createImage(left * 2 + n * w, top + n * h + 40, [240, 160, 175]);
  fillRect(img, 0, 0, img.width, 30, [70, 190, 240]);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x0 = left + c * w, y0 = top + r * h;
      fillRect(img, x0, y0, x0 + w - 2, y0 + h - 4, [255, 255, 255]);
      fillRect(img, x0, y0 + h - 4, x0 + w - 2, y0 + h - 2, [195, 216, 234]);
    }
  }
  return img;
}

describe('cells not square, found with a row too many', () => {
  it('a fresh 16x16 board of tiles 22 px apart across and 24 down is squared (before: refused, the 16x17 found counted)', () => {
    const img = tiles(16, 22, 24);
    const g = locateGrids(img).filter((x) => x.cols >= 4 && x.rows >= 4)[0]!;
    // (the lattice found: one pitch, the shorter side, and more rows than the board has)
    expect(g.rows).toBeGreaterThan(16);
    const a = unsquareCells(img, g);
    expect(a).not.toBeNull();
    const s = squaring(img);
    expect(s).not.toBeNull();
    expect(s!.stretch.x).toBeCloseTo(24 / 22, 2);
    expect(s!.stretch.y).toBe(1);
    // the stretched view holds the whole board, fresh, at 24 px
    const view = stretchImage(img, s!.stretch);
    const h = locateGrids(view).filter((x) => x.cols >= 4 && x.rows >= 4)[0]!;
    expect([h.cols, h.rows]).toEqual([16, 16]);
    expect(h.pitch).toBeCloseTo(24, 0);
    expect(() => freshStart(view, h, 'overcount', 40)).not.toThrow();
  });

  it('the same board of square tiles is not stretched', () => {
    for (const p of [22, 24]) expect(squaring(tiles(16, p, p)), `${p} px`).toBeNull();
  });
});
