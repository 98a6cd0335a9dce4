// Settling a lattice on the board's ends (src/vision/locate/locate-settle.ts): which answers of
// the cross positions count.
import { describe, expect, it } from 'vitest';
import { settle, settleAxis } from '../../src/vision/locate/locate-settle.js';
import { edgeMap, words } from '../../src/vision/locate/locate-edges.js';
import { bevelled, classic, LOST_AT_ONCE } from './zoo-draw.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';

const W = 100, H = 240, P = 20, ROWS = 8;

/**
 * A flat image in which the columns `tiled` show a column of ROWS tiles from `top` (a dark line
 * on each boundary, a light inside): the only places where cells repeat, as on a board whose
 * other columns are opened or drawn over.
 */
function board(tiled: ([number, number, number] | [number, number, number, number])[], width = W): RgbaImage {
  const img = createImage(width, H, [120, 120, 120]);
  for (const [x0, x1, top, rows = ROWS] of tiled) {
    fillRect(img, x0, top - 4, x1, top, [40, 40, 40]);
    for (let r = 0; r < rows; r++) {
      fillRect(img, x0, top + r * P, x1, top + r * P + 2, [60, 60, 60]);
      fillRect(img, x0, top + r * P + 2, x1, top + (r + 1) * P, [200, 200, 200]);
    }
    fillRect(img, x0, top + rows * P, x1, top + rows * P + 4, [40, 40, 40]);
  }
  return img;
}

/** The rows' answer over every other column, the lattice found at `start`. */
function rows(img: RgbaImage, start: number, oneColumn = false): ReturnType<typeof settleAxis> {
  const w = img.width;
  const vs = Array.from({ length: w / 2 }, (_, k) => 2 * k);
  return settleAxis(words(img), (u, v) => u * w + v, img.height, w, vs, P, start, ROWS, oneColumn);
}

describe('settling a lattice on its board\'s ends', () => {
  it('takes an answer that a fifth of the positions give when all of them agree (a board opened at one end repeats only along its covered columns)', () => {
    // 10 of the 50 positions see tiles, all from row 30
    const r = rows(board([[0, 20, 30]]), 31.5);
    expect(r).not.toBeNull();
    expect(r!.count).toBe(ROWS);
    expect(Math.abs(r!.start - 30)).toBeLessThanOrEqual(1);
    expect(r!.agree).toBe(1);
  });

  it('counts the positions whose answer reaches a row further on the same lines as backing the answer given most (ace-minesweeper opened above its covered rows: 4 rows from one line, 5 from the one above, and scattered others)', () => {
    // 20 positions say 8 rows from 50; 15 say 9 rows from 30, a pitch above on the same lines;
    // 15 say 9 rows from 38, on other lines: the first answer, with the second behind it
    const r = rows(board([[0, 40, 50], [40, 70, 30, 9], [70, 100, 38, 9]]), 51.5);
    expect(r).not.toBeNull();
    expect(r!.count).toBe(ROWS);
    expect(r!.start).toBe(50);
    // (not when the others lie on other lines)
    expect(rows(board([[0, 40, 50], [40, 70, 34, 9], [70, 100, 38, 9]]), 51.5)).toBeNull();
  });

  it('gives no answer when few positions give one and they disagree', () => {
    // 6 positions say row 30, 4 say row 34: not most of them, not all but unanimous
    expect(rows(board([[0, 12, 30], [60, 68, 34]]), 31.5)).toBeNull();
  });

  it('gives no answer from a handful of positions, however they agree', () => {
    expect(rows(board([[0, 4, 30]]), 31.5)).toBeNull();
  });

  it('with oneColumn, takes the answer of one column of tiles on a wide board when all agree (KMines opened at its top but for one column), and still not a handful', () => {
    // 10 of 150 positions see tiles: under a tenth, but half a cell's worth of positions
    const wide = board([[0, 20, 30]], 300);
    expect(rows(wide, 31.5)).toBeNull();
    const r = rows(wide, 31.5, true);
    expect(r).not.toBeNull();
    expect(r!.count).toBe(ROWS);
    expect(Math.abs(r!.start - 30)).toBeLessThanOrEqual(1);
    expect(rows(board([[0, 4, 30]], 300), 31.5, true)).toBeNull();
    // (and not when they disagree)
    expect(rows(board([[0, 12, 30], [200, 208, 34]], 300), 31.5, true)).toBeNull();
  });

  it('finds a board of bevelled tiles exactly where its frame\'s light inner strip is the colour of the tiles\' highlight\'s last row (a browser game\'s 24 px tiles came out 1.5 px low: the strip was taken for one more tile\'s start)', () => {
    // tiles of 24 px from row `top`: a highlight of three rows (the last 234), a face, a shadow of
    // three rows; the frame a light strip of three rows (238) and a dark line of two, both ends
    const p = 24, n = 8, width = 60;
    for (const top of [20, 33]) {
      const img = createImage(width, H, [204, 204, 204]);
      const end = top + n * p;
      fillRect(img, 0, top - 5, width, top - 2, [238, 238, 238]);
      fillRect(img, 0, top - 2, width, top, [154, 154, 154]);
      for (let r = 0; r < n; r++) {
        const y = top + r * p;
        fillRect(img, 0, y, width, y + 1, [253, 253, 253]);
        fillRect(img, 0, y + 1, width, y + 2, [251, 251, 251]);
        fillRect(img, 0, y + 2, width, y + 3, [234, 234, 234]);
        fillRect(img, 0, y + 3, width, y + 21, [185, 185, 185]);
        fillRect(img, 0, y + 21, width, y + 22, [136, 136, 136]);
        fillRect(img, 0, y + 22, width, y + 24, [117, 117, 117]);
      }
      fillRect(img, 0, end, width, end + 3, [238, 238, 238]);
      fillRect(img, 0, end + 3, width, end + 5, [154, 154, 154]);
      const vs = Array.from({ length: width / 2 }, (_, k) => 2 * k);
      // (the lattice found a pixel and a half off, as the edges put it)
      const r = settleAxis(words(img), (u, v) => u * width + v, H, width, vs, p, top + 1.5, n, true);
      expect(r, `top ${top}`).not.toBeNull();
      expect(r!.count).toBe(n);
      expect(r!.start, `top ${top}`).toBe(top);
    }
  });

  it('halves a lattice walked at twice the pitch plus or less a line\'s width (each of its cells 2x2 of the board\'s, its lines one side of one gap, then the other side of the next): the board\'s own pitch, where its edges repeat, settles', () => {
    // (ace-minesweeper's 8x8 board of 48 px tiles, 4 px gaps, lost at once, was walked at 100.5
    // px from 11 px left of the board and 4 px above it: halved, 50.25, it settled on nothing)
    const { image, grid } = bevelled(48, 8, 8, LOST_AT_ONCE, 'lost at once');
    const px = words(image);
    // (and at 91.6 px, twice the pitch less a gap, from 6 px right of the board and 35 above it,
    // where its window's panel is: the board's first line 0.7 of a half cell from the lattice's)
    for (const walked of [{ left: 36.69, top: 59.66, pitch: 100.5 }, { left: 54.28, top: 29.32, pitch: 91.58 }]) {
      const g = settle({ ...walked, cols: 4, rows: 4, scale: walked.pitch / 16 }, image, px, edgeMap(image, px), 8);
      expect([g.cols, g.rows], `walked at ${walked.pitch}`).toEqual([8, 8]);
      expect(Math.abs(g.pitch - grid.pitch)).toBeLessThan(0.1);
      expect(Math.abs(g.left - grid.left)).toBeLessThanOrEqual(1);
      expect(Math.abs(g.top - grid.top)).toBeLessThanOrEqual(1);
    }
  });

  it('finds a board whose ends show no edge, its frame going on in the colours of its outer tiles\' highlight and shadow (KMines\' classic look, found 1.3 px high: only a few columns showed the edge a pixel inside)', () => {
    for (const top of [40, 47]) {
      // (the lattice found 1.3 px off, as the edges put it)
      const r = rows(classic(P, Array<string>(ROWS).fill('.....'), 'framed into its ends', { left: 4, top }).image, top - 1.3);
      expect(r, `top ${top}`).not.toBeNull();
      expect(r!.count).toBe(ROWS);
      expect(Math.abs(r!.start - top), `top ${top}`).toBeLessThanOrEqual(0.25);
    }
  });

  it('takes no band of a flat frame for a row whose start is hidden, where no cell edges cross it (cells of a face colour with dark lines between them, the first line the board\'s top, none below it, on a ground of the face colour: a cell and a line along every column above the board too)', () => {
    const top = 60, img = createImage(W, H, [200, 200, 200]);
    for (let r = 0; r < ROWS; r++) fillRect(img, 0, top + r * P, W, top + r * P + 1, [60, 60, 60]);
    for (let x = 0; x < W; x += P) fillRect(img, x, top, x + 1, top + ROWS * P, [60, 60, 60]);
    const r = rows(img, top + 0.7);
    // (no answer, or the board itself: never a row of the ground above it)
    if (r) expect([r.count, Math.round(r.start)]).toEqual([ROWS, top]);
  });
});
