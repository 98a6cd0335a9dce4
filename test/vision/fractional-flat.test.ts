// Flat tiles at a fractional pitch (a browser game whose cells are 28.75 px: each tile 27 or 28 px
// wide, then a 1 px line): the lattice is the measured one, not the nearest whole pixel. Flat
// tiles fit almost as well a pixel or two off, and the whole pitch, which a game at 100% has, won
// such ties: AntonyHaro/js-minesweeper's 9x9 board was cut 2 px off by its far rows (thirty-ninth
// round), so its cells there were cut unlike those near the top.
import { describe, expect, it } from 'vitest';
import { COVERED, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';

const PAGE: Rgb = [240, 240, 240];
const DIGIT: Rgb[] = [[0, 0, 255], [0, 128, 0], [255, 0, 0], [0, 0, 128], [128, 0, 0], [0, 128, 128], [0, 0, 0], [128, 128, 128]];

/** `board` drawn as DOM cells `pitch` px apart from (left, top): flat tiles, a 1 px grey line after each. */
function draw(board: Board, pitch: number, left: number, top: number): RgbaImage {
  const img = createImage(Math.ceil(left + board.width * pitch) + 60, Math.ceil(top + board.height * pitch) + 60, PAGE);
  const edge = (start: number, k: number) => Math.round(start + k * pitch);
  fillRect(img, edge(left, 0) - 1, edge(top, 0) - 1, edge(left, board.width), edge(top, board.height), [150, 150, 150]);
  for (let i = 0; i < board.cells.length; i++) {
    const x = i % board.width, y = Math.floor(i / board.width);
    const x0 = edge(left, x), y0 = edge(top, y), x1 = edge(left, x + 1) - 1, y1 = edge(top, y + 1) - 1;
    const c = board.cells[i]!;
    fillRect(img, x0, y0, x1, y1, c === COVERED ? [189, 189, 189] : [225, 225, 225]);
    if (c >= 1 && c <= 8) {
      const cx = Math.round((x0 + x1) / 2), cy = Math.round((y0 + y1) / 2);
      fillRect(img, cx - 1, cy - 8, cx + 2, cy + 8, DIGIT[c - 1]!);
      for (let k = 1; k < c; k++) fillRect(img, cx - 6, cy - 9 + 2 * k, cx + 6, cy - 8 + 2 * k, DIGIT[c - 1]!);
    }
  }
  return img;
}

describe('flat tiles at a fractional pitch', () => {
  it('a fresh board is read on the lattice it is drawn on: its pitch drifts less than a pixel across the board', () => {
    const off: string[] = [];
    for (const [pitch, cols, rows, left, top] of [[28.75, 9, 9, 120, 90], [28.75, 16, 16, 60, 70], [25.6, 16, 16, 44, 51], [31.25, 12, 10, 80, 100], [22.4, 30, 16, 30, 40]] as const) {
      const game = new Game({ width: cols, height: rows, mines: Math.round(cols * rows * 0.15) }, 'safe', createRng(cols * rows + pitch));
      const learner = new LiveLearner({ name: 'flat-fractional', mines: game.mines });
      const g = learner.read(draw(game.board(), pitch, left, top)).grid;
      // (the lattice may start at a tile or at the line before it, within a pixel: a choice; what
      // must not happen is a pitch that drifts across the board)
      const drift = Math.abs(g.pitch - pitch) * Math.max(cols, rows);
      const near = (at: number, tile: number) => at >= tile - 2 && at <= tile + 1;
      if (!near(g.left, left) || !near(g.top, top) || drift > 0.6) {
        off.push(`${cols}x${rows} at ${pitch} px from ${left},${top}: read from ${g.left.toFixed(2)},${g.top.toFixed(2)} at ${g.pitch.toFixed(3)} px, ${drift.toFixed(1)} px off across the board`);
      }
    }
    expect(off).toEqual([]);
  });
});
