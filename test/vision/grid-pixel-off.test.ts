// A board found a pixel off where it was, while a game is being learned: on a page of flat tiles
// (light grey, a 1 px border, 1 px gaps, opened cells white), the lattice aligned on a skin still
// being learned may settle a pixel either side of a tile's border from one frame to the next (a
// real game: a 1 in the board's top-left corner, its tile now borderless, and the board was found
// a pixel lower). Read there, every cell's look changed at once and the learner took all 81 cells,
// never clicked, for opened: the solver then plays a board that is not the game's.
import { describe, expect, it, vi } from 'vitest';
import { COVERED } from '../../src/core/board.js';
import { Game } from '../../src/game/engine.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { lookOf } from '../../src/vision/learn/live/live-looks.js';
import { steadyGrid } from '../../src/vision/learn/live/live-lattice-phase.js';
import type { Grid } from '../../src/vision/geometry.js';

// (the board the locator finds, moved by `dy` px when set: the lattice settling a pixel off)
const shift = vi.hoisted(() => ({ dy: 0 }));
vi.mock('../../src/vision/learn/live/live-start.js', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../../src/vision/learn/live/live-start.js')>();
  return {
    ...mod,
    boardGrid: (...args: Parameters<typeof mod.boardGrid>) => {
      const r = mod.boardGrid(...args);
      if (!shift.dy) return r;
      const g: Grid = { ...r.grid, top: r.grid.top + shift.dy };
      return { grid: g, found: g };
    },
  };
});

const N = 9, P = 37;
const MINES: [number, number][] = [[1, 1], [5, 0], [7, 2], [2, 4], [6, 5], [0, 7], [3, 7], [8, 8], [4, 2], [8, 4]];

/** The game's look at pitch 37, the board's top-left at (60, 80 + down). */
function draw(game: Game, down = 0): RgbaImage {
  const left = 60, top = 80 + down;
  const image = createImage(left * 2 + N * P, 160 + N * P, [255, 255, 255]);
  const cells = game.board().cells;
  const blue: Rgb = [59, 130, 246];
  for (let i = 0; i < N * N; i++) {
    const x = left + (i % N) * P + 1, y = top + ((i / N) | 0) * P + 1;
    const c = cells[i]!;
    if (c === COVERED) {
      fillRect(image, x, y, x + 36, y + 36, [228, 228, 228]);
      fillRect(image, x + 1, y + 1, x + 35, y + 35, [245, 245, 245]);
    } else if (c >= 1 && c <= 8) {
      // a digit as bars, as many as it counts
      for (let k = 0; k < c; k++) fillRect(image, x + 12 + 4 * k, y + 11, x + 14 + 4 * k, y + 25, blue);
    }
  }
  return image;
}

describe('a board found a pixel off where it was, while learning', () => {
  it('no cell is taken for opened that was not clicked: the board is read where its cells still look as they did', () => {
    shift.dy = 0;
    const game = Game.fromLayout(N, N, MINES);
    const learner = new LiveLearner({ name: 'pixel-off', mines: MINES.length });
    learner.read(draw(game));
    learner.noteClick(0, 0, 'left');
    game.open(0, 0);
    let r = learner.read(draw(game));
    for (let k = 0; k < 3 && r.unsure.length; k++) r = learner.read(draw(game));
    expect(r.board.cells.filter((c) => c !== COVERED).length).toBe(1);
    // the same frame again, the board found a pixel lower (nothing clicked)
    shift.dy = 1;
    try {
      r = learner.read(draw(game));
    } finally {
      shift.dy = 0;
    }
    const opened = [...r.board.cells.keys()].filter((i) => i !== 0 && r.board.cells[i] !== COVERED);
    expect(opened).toEqual([]);
    expect(r.grid.top).toBe(80);
  });

  it('steadyGrid: a board a pixel off is read where it was; one that moved a pixel is read where it is now', () => {
    const game = Game.fromLayout(N, N, MINES);
    game.open(0, 0);
    const was: Grid = { left: 60, top: 80, pitch: P, cols: N, rows: N, scale: 1 };
    const off: Grid = { ...was, top: 81 };
    const image = draw(game);
    const looks = lookAll(image, was);
    // not moved: found a pixel low, read where it was
    expect(steadyGrid(image, off, was, looks)).toBe(was);
    // moved a pixel down: read where it is now
    expect(steadyGrid(draw(game, 1), off, was, looks)).toBe(off);
    // a shift of a quarter cell or more is no pixel off: as found
    const far: Grid = { ...was, top: 80 + 10 };
    expect(steadyGrid(image, far, was, looks)).toBe(far);
  });
});

function lookAll(image: RgbaImage, grid: Grid) {
  return Array.from({ length: grid.cols * grid.rows }, (_, i) => lookOf(image, grid, i));
}
