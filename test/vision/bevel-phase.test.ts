// Flat tiles told apart by a thin bevel (teplokotov/minesweeper's light theme: 40 px tiles of one
// grey, a 2 px light line at their top and left, a 2 px dark one at their bottom and right, the
// opened cells the same grey without lines) fit well only within about half a pixel of their
// origin. The locator found such a board 1.46 px off on both axes; the lattice was refined with
// the skin the learner had made from its fresh board and stayed there (its covered tiles fitting
// at 0.74), its extent then cut to one cell, and the run stopped on a board in plain view. A
// lattice settled 2-3 px off read every covered tile as the flat opened look, sure.
import { describe, expect, it } from 'vitest';
import { COVERED, parseBoard, type Board } from '../../src/core/board.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { freshStart } from '../../src/vision/learn/live/live-start.js';
import { prepareSkin } from '../../src/vision/read/prepared.js';
import { refine } from '../../src/vision/read/align.js';
import { readScreen } from '../../src/vision/read/read.js';
import type { Grid } from '../../src/vision/geometry.js';

const N = 10, P = 40;

const FRESH = parseBoard(`${N}x${N}/10\n${'.'.repeat(N)}\n`.replace(/(\.+\n)/, (row) => row.repeat(N)));

/** `board` drawn in bevelled flat tiles (an opened 0: the tile's grey, no lines), its first cell at (left, top), in a purple frame on a light page. */
function drawBoard(board: Board, left: number, top: number): RgbaImage {
  const image = createImage(left + N * P + 120, top + N * P + 120, [245, 245, 245]);
  fillRect(image, left - 10, top - 10, left + N * P + 10, top + N * P + 10, [83, 53, 102]);
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const x0 = left + x * P, y0 = top + y * P;
      fillRect(image, x0, y0, x0 + P, y0 + P, [225, 225, 225]);
      if (board.cells[y * N + x] !== COVERED) continue;
      fillRect(image, x0, y0 + P - 2, x0 + P, y0 + P, [146, 146, 146]);
      fillRect(image, x0 + P - 2, y0, x0 + P, y0 + P, [146, 146, 146]);
      fillRect(image, x0, y0, x0 + P, y0 + 2, [245, 245, 245]);
      fillRect(image, x0, y0, x0 + 2, y0 + P, [245, 245, 245]);
    }
  }
  return image;
}

/** A fresh board of bevelled flat tiles. */
const freshBoard = (left: number, top: number): RgbaImage => drawBoard(FRESH, left, top);

describe('flat tiles with a thin bevel: the lattice aligned to the whole pixel', () => {
  const first = freshBoard(101, 134);
  const start = freshStart(first, { left: 101, top: 134, pitch: P, cols: N, rows: N, scale: 1 }, 'bevel', 10);
  const prepared = prepareSkin(start.skin);
  // the board again, the page moved under it (a scrollbar come, the page grown at a new game)
  const image = freshBoard(93, 124);
  // as the locator found the real board: a fraction of a pixel off its lines on both axes
  const located: Grid = { left: 93 - 1.46, top: 124 - 1.47, pitch: 39.99999999999989, cols: N, rows: N, scale: 1 };

  // (the skin's cells begin where the fresh board's lattice was aligned: within a pixel of the tiles' lines)
  const ox = start.grid.left - 101, oy = start.grid.top - 134;

  it('the skin made from the fresh board is cut within a pixel of its tiles', () => {
    expect(Math.abs(ox)).toBeLessThanOrEqual(1);
    expect(Math.abs(oy)).toBeLessThanOrEqual(1);
    expect(start.grid.pitch).toBe(P);
  });

  for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1], [-1, 2], [2, -2], [3, 3]] as const) {
    it(`a lattice ${(1.46 - dx).toFixed(2)} px left and ${(1.47 - dy).toFixed(2)} px above the tiles' lines is refined onto the skin's cells`, () => {
      const g = refine(image, { ...located, left: located.left + dx, top: located.top + dy }, prepared);
      expect([g.left, g.top, g.pitch]).toEqual([93 + ox, 124 + oy, P]);
    });
  }

  it('read whole with that skin, every cell is covered and sure, the board where it is', () => {
    const r = readScreen(image, { skins: [start.skin] });
    expect([r.grid.left, r.grid.top, r.grid.cols, r.grid.rows]).toEqual([93 + ox, 124 + oy, N, N]);
    expect(r.unsure).toEqual([]);
    expect(r.board.cells.every((c) => c === COVERED)).toBe(true);
  });
});

describe('flat tiles with a thin bevel, the opened 0 learned too: no lattice between the tiles reads them all open', () => {
  // opened 0s in the board's corner (a frame learned from, labelled as given)
  const OPEN = parseBoard(`${N}x${N}/10\n${'000.......\n'.repeat(3)}${'..........\n'.repeat(N - 3)}`);
  const skin = learnSkin('bevel0', [{ name: 'opened', image: drawBoard(OPEN, 101, 134), board: OPEN, grid: { left: 101, top: 134, pitch: P, cols: N, rows: N, scale: 1 } }]).learned.skin;
  const prepared = prepareSkin(skin);
  const image = freshBoard(94, 124);

  // 2 px up and left of the tiles the flat 0 fits a covered tile's cut at 0.99 (its lines at the
  // cut's far edges), a false peak the searches above settled on: every cell read opened
  for (const [dx, dy] of [[-2, -2], [-1, -1], [-2, 0], [0, -2], [-3, -1], [1, 1], [2, 2]] as const) {
    it(`a lattice ${-dx} px left and ${-dy} px above the tiles is refined onto them`, () => {
      const g = refine(image, { left: 94 + dx + 0.46, top: 124 + dy + 0.47, pitch: 39.99999999999989, cols: N, rows: N, scale: 1 }, prepared);
      expect([g.left, g.top]).toEqual([94, 124]);
    });
  }

  it('read whole, the fresh board is every cell covered, sure', () => {
    const r = readScreen(image, { skins: [skin] });
    expect([r.grid.left, r.grid.top]).toEqual([94, 124]);
    expect(r.unsure).toEqual([]);
    expect(r.board.cells.every((c) => c === COVERED)).toBe(true);
  });
});
