// A panel the game shows beside its board at each end, laid 2 px over the board's last column
// (ernop/minesweeper-friendly pins its stats to the window's right edge; in a window 1100 px wide
// they reach over the board). The covered cells of that column changed along their outer edge
// only; taken for cells revealed, a loss's count failed, its frame stayed unexplained and the
// learning run stopped at its first game ("unsure reading of 41 cells"). Such a change, along the
// board's edge with the frame beyond it changed too, is something drawn from outside
// (live-cell-change.ts overBoardEdge).
import { expect, it } from 'vitest';
import { formatBoard } from '../../src/core/board.js';
import type { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import type { Grid } from '../../src/vision/geometry.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { overBoardEdge } from '../../src/vision/learn/live/live-cell-change.js';
import { playGame } from '../support/drawn-game.js';

/** xdemineur's look; at the game's end a white panel with lines of dark text, its left 2 px over the last column. */
const withPanel = (game: Game): RgbaImage => {
  const { image, grid } = renderBoard(game.board(), 'xdemineur');
  if (!game.finished) return image;
  const x0 = Math.round(grid.left + grid.cols * grid.pitch) - 2;
  const top = Math.round(grid.top + grid.pitch);
  fillRect(image, x0, top, x0 + 120, top + 10 * grid.pitch, [255, 255, 255]);
  for (let k = 0; k < 12; k++) fillRect(image, x0, top + 4 + k * 18, x0 + 40 + ((k * 37) % 60), top + 12 + k * 18, [20, 20, 20]);
  return image;
};

it('a panel laid over the board\'s last column at each end: every game learned, its labels the game\'s own', async () => {
  const learner = new LiveLearner({ name: 'panel', mines: 40 });
  const results: string[] = [];
  for (let g = 0; g < 4; g++) {
    const { result, game } = await playGame(learner, 20 + g, 400, true, withPanel);
    results.push(result);
    const lesson = learner.lesson()!;
    expect(lesson.why, `game ${g + 1}`).toBeNull();
    const labels = formatBoard(lesson.capture!.board).split('\n').slice(1);
    const truth = formatBoard(game.board()).split('\n').slice(1);
    labels.forEach((row, y) => [...row].forEach((c, x) => {
      if (c !== '+') expect(c, `game ${g + 1} (${x},${y})`).toBe(truth[y]![x]);
    }));
    learner.learn(lesson);
  }
  expect(results).toContain('lost');
}, 120_000);

/** Flat tiles of one grey, 20 px, covered ones with a 2 px bevel, opened ones with a 1 px line at their top and left: the two differ along their edges only. */
function flatTiles(cols: number, rows: number, open: Set<number>): { image: RgbaImage; grid: Grid } {
  const p = 20, left = 30, top = 40;
  const image = createImage(left * 2 + cols * p, top * 2 + rows * p, [90, 90, 110]);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const cx = left + x * p, cy = top + y * p;
      fillRect(image, cx, cy, cx + p, cy + p, [190, 190, 190]);
      if (open.has(y * cols + x)) {
        fillRect(image, cx, cy, cx + p, cy + 1, [120, 120, 120]);
        fillRect(image, cx, cy, cx + 1, cy + p, [120, 120, 120]);
      } else {
        fillRect(image, cx, cy, cx + p, cy + 2, [255, 255, 255]);
        fillRect(image, cx, cy, cx + 2, cy + p, [255, 255, 255]);
        fillRect(image, cx, cy + p - 2, cx + p, cy + p, [100, 100, 100]);
        fillRect(image, cx + p - 2, cy, cx + p, cy + p, [100, 100, 100]);
      }
    }
  }
  return { image, grid: { left, top, pitch: p, cols, rows, scale: 1 } };
}

it('a cell on the board\'s edge that opened is never taken for a panel over it, the lattice exact or up to 2 px off; the panel is', () => {
  // the covered tile and the opened one differ along the tile's edges only: an edge cell opening
  // changes its edge strip, never the frame past it
  const cols = 9, rows = 9;
  const edges = [0, 4, 8].flatMap((y) => [y * cols, y * cols + cols - 1]).concat([4, cols * (rows - 1) + 4]);
  const before = flatTiles(cols, rows, new Set());
  const after = flatTiles(cols, rows, new Set(edges)).image;
  const g = before.grid;
  for (const dx of [-2, -1, 0, 1, 2]) {
    for (const dy of [-2, -1, 0, 1, 2]) {
      const off = { ...g, left: g.left + dx, top: g.top + dy };
      for (const i of edges) expect(overBoardEdge(before.image, off, after, off, i), `cell ${i}, lattice ${dx},${dy} off`).toBe(false);
    }
  }
  // a panel laid 2 px over the last column: taken for what it is on the cells it spans
  const panelled = flatTiles(cols, rows, new Set()).image;
  const x0 = g.left + cols * g.pitch - 2;
  fillRect(panelled, x0, g.top, x0 + 25, g.top + rows * g.pitch, [255, 255, 255]);
  for (const y of [0, 4, 8]) expect(overBoardEdge(before.image, g, panelled, g, y * cols + cols - 1), `(${cols - 1},${y})`).toBe(true);
  // (not between frames of two places)
  expect(overBoardEdge(before.image, { ...g, left: g.left + 1 }, panelled, g, 4 * cols + cols - 1)).toBe(false);
});
