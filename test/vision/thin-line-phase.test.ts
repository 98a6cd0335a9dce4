// A fresh board of flat tiles drawn by thin lines (CSS 2 px outset borders, the rest flat), in a
// 4 px inset frame under a panel's light edge (a browser game of light grey DOM cells at 28 px,
// luizpinheiro/react-minesweeper): at half resolution the lines alias, and a lattice half a pixel
// off its cells scored better a third of a cell off than where it was. The phase scan of `refine`
// took that phase: on the real game the lattice was aligned 11 px up, the frame fell in its first
// row, which was trimmed, and the board was refused as going on past its top edge; here it is
// aligned 4.5 px off. A phase is taken only when the full resolution agrees (as alignOffsets does).

import { describe, expect, it } from 'vitest';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { freshStart } from '../../src/vision/learn/live/live-start.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';

const DARK: Rgb = [169, 169, 169];
const LIGHT: Rgb = [252, 252, 252];
const FLAT: Rgb = [239, 239, 239];

/** A cell drawn as a CSS 2 px outset border does: light top and left, dark bottom and right, mitred corners. */
function outset(img: RgbaImage, x: number, y: number, p: number): void {
  fillRect(img, x, y, x + p, y + p, DARK);
  fillRect(img, x, y, x + p - 2, y + p - 2, LIGHT);
  fillRect(img, x + 2, y + 2, x + p - 2, y + p - 2, FLAT);
  const px = (u: number, v: number, l: number): void => fillRect(img, x + u, y + v, x + u + 1, y + v + 1, [l, l, l]);
  px(p - 2, 0, 252); px(p - 1, 0, 211); px(p - 2, 1, 211); px(p - 1, 1, 169);
  px(0, p - 2, 252); px(1, p - 2, 210); px(0, p - 1, 210); px(1, p - 1, 169);
}

/** A fresh board of `n`x`n` such cells at pitch `p`, its first cell's lines at (x0, y0), framed. */
function draw(n: number, p: number, x0: number, y0: number): RgbaImage {
  const img = createImage(x0 + n * p + 80, y0 + n * p + 80, FLAT);
  // the frame: a 4 px inset border (dark top and left, light bottom and right)
  fillRect(img, x0 - 4, y0 - 4, x0 + n * p + 4, y0 + n * p + 4, LIGHT);
  fillRect(img, x0 - 4, y0 - 4, x0 + n * p, y0 + n * p, DARK);
  // a light line 3 px tall 14 px above the frame (the bottom edge of a panel above the board)
  fillRect(img, x0 - 18, y0 - 21, x0 + n * p + 18, y0 - 18, LIGHT);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x = x0 + c * p, y = y0 + r * p;
      outset(img, x, y, p);
    }
  }
  return img;
}

describe('a fresh board of thin lines, located a fraction of a pixel off', () => {
  it('is started on whole, where its cells are', () => {
    const failures: string[] = [];
    for (const [x0, y0] of [[60, 60], [61, 61], [60, 61]] as const) {
      const image = draw(16, 28, x0, y0);
      const located = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4)[0]!;
      // the lattice as located, or half a pixel off the cells either way (the real game's was
      // found 0.48 px before them on both axes)
      for (const [dx, dy] of [[0, 0], [-0.48, -0.48], [0.48, 0.48], [0, -0.48], [-0.48, 0]] as const) {
        const start = { ...located, left: x0 + dx, top: y0 + dy };
        try {
          const { grid } = freshStart(image, start, 'x', 40);
          const off = (v: number): number => Math.min(Math.abs(v) % 28, 28 - (Math.abs(v) % 28));
          if (grid.cols !== 16 || grid.rows !== 16 || off(grid.top - y0) > 1 || off(grid.left - x0) > 1) failures.push(`${x0},${y0} ${dx},${dy}: ${grid.cols}x${grid.rows} at ${grid.left.toFixed(1)},${grid.top.toFixed(1)}`);
        } catch (e) {
          failures.push(`${x0},${y0} ${dx},${dy}: ${(e as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
