// Tiles drawn apart on a flat gap, with no gap round the board (a CSS grid's `gap` and no padding:
// Skyzonox/demineur_js, 30 px tiles 2 px apart on black, on a white page). Lines located at a
// tile's edge left a whole gap of the page in the outer cells where the others held the gap: the
// fresh board's looks stretched the pitch to 31.94 for 32, and the skin learned then read every
// frame of the game a row and a column short, fresh boards too; drawn at 17-24 px the fresh board
// was refused at once ("goes on past its right edge"). Now the lattice lies in the gaps' middles,
// at the gaps' pitch, and the skin leaves half a gap of each cell's rim out when matching.
import { describe, expect, it } from 'vitest';
import { COVERED, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { createImage, type RgbaImage } from '../../src/vision/image.js';
import { gapInset, gapsOf } from '../../src/vision/learn/gap-lattice.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { readScreen } from '../../src/vision/read/read.js';
import { playGame, SPEC } from '../support/drawn-game.js';

const X0 = 60, Y0 = 80;

/** The winxp look's cells cut to `tile` px, placed `tile + gap` apart on black, from (X0, Y0) on a white page; `rim`: px of black round the board. */
function gapped(board: Board, tile: number, gap: number, rim = 0): RgbaImage {
  const { image: src, grid } = renderBoard(board, 'winxp', { scale: tile / 16 });
  const pitch = tile + gap;
  const img = createImage(X0 * 2 + board.width * pitch, Y0 * 2 + board.height * pitch, [255, 255, 255]);
  for (let y = Y0 - rim; y < Y0 + board.height * pitch - gap + rim; y++) {
    for (let x = X0 - rim; x < X0 + board.width * pitch - gap + rim; x++) img.data.fill(0, (y * img.width + x) * 4, (y * img.width + x) * 4 + 3);
  }
  for (let r = 0; r < board.height; r++) {
    for (let c = 0; c < board.width; c++) {
      for (let v = 0; v < tile; v++) {
        const s = ((Math.round(grid.top + r * grid.pitch) + v) * src.width + Math.round(grid.left + c * grid.pitch)) * 4;
        img.data.set(src.data.subarray(s, s + tile * 4), ((Y0 + r * pitch + v) * img.width + X0 + c * pitch) * 4);
      }
    }
  }
  return img;
}

const fresh = (): Board => new Game(SPEC, 'zero', createRng(5)).board();

describe('the gaps between tiles', () => {
  it.each([
    [17, 2],
    [20, 3],
    [24, 2],
    [30, 2],
    [40, 4],
  ])('of %i px tiles %i px apart, none round the board: the lattice in their middles, at their pitch', (tile, gap) => {
    const image = gapped(fresh(), tile, gap);
    const located = locateGrids(image).find((g) => g.cols === 16 && g.rows === 16)!;
    expect(located).toBeDefined();
    const gaps = gapsOf(image, located)!;
    expect(gaps).not.toBeNull();
    expect(gaps.grid.pitch).toBeCloseTo(tile + gap, 1);
    // (the first cell from half a gap before its tile)
    expect(Math.abs(gaps.grid.left - (X0 - gap / 2))).toBeLessThanOrEqual(0.5);
    expect(Math.abs(gaps.grid.top - (Y0 - gap / 2))).toBeLessThanOrEqual(0.5);
    expect(gaps.width).toBe(gap);
    expect(gapInset(gaps)).toBe(Math.ceil(gap / 2));
  });

  it('round the board too, or a pixel wide, or no gaps at all: the lattice located stays', () => {
    const framed = gapped(fresh(), 24, 2, 2);
    expect(gapsOf(framed, locateGrids(framed).find((g) => g.cols === 16)!)).toBeNull();
    const thin = gapped(fresh(), 24, 1);
    expect(gapsOf(thin, locateGrids(thin).find((g) => g.cols === 16)!)).toBeNull();
    for (const look of ['winxp', 'xdemineur', 'sgt-mines']) {
      const { image, grid } = renderBoard(fresh(), look, { scale: 1.5 });
      expect(gapsOf(image, grid), look).toBeNull();
    }
  });
});

it('games of 20 px tiles 3 px apart, none round the board, are learned, and the skin reads the board whole, fresh and in play', async () => {
  const tile = 20, gap = 3;
  const learner = new LiveLearner({ name: 'gapped', mines: SPEC.mines });
  // (before: "the 15x15 board found goes on past its right edge": nothing learned)
  for (const seed of [100, 101, 102]) {
    await playGame(learner, seed, 400, true, (g) => gapped(g.board(), tile, gap));
    learner.learn(learner.lesson()!);
  }
  const skin = learner.skin!;
  expect(skin.inset).toBe(Math.ceil(gap / 2));
  const again = new Game(SPEC, 'zero', createRng(7));
  const first = readScreen(gapped(again.board(), tile, gap), { skins: [skin] });
  again.open(3, 12);
  const later = readScreen(gapped(again.board(), tile, gap), { skins: [skin] });
  for (const r of [first, later]) {
    expect([r.grid.cols, r.grid.rows]).toEqual([16, 16]);
    expect(Math.abs(r.grid.left - (X0 - gap / 2))).toBeLessThanOrEqual(1);
    expect(Math.abs(r.grid.top - (Y0 - gap / 2))).toBeLessThanOrEqual(1);
    expect(r.unsure).toEqual([]);
  }
  expect(first.board.cells.every((c) => c === COVERED)).toBe(true);
  expect([...later.board.cells]).toEqual([...again.board().cells]);
}, 240_000);
