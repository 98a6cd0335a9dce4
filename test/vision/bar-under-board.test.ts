// A lattice the locator took one row too far (a bar one cell tall right under the board: the
// "Time: N" strip of cosmith/minesweeper, a canvas game) must still be aligned on the cells. The
// bar's cells are explained by no sprite; a shift that blurs them into the frame or the tiles
// beside them once scored higher than the true alignment, a quarter of a cell or more off, and the
// fresh board was refused (`refine`, src/vision/read/align.ts). Drawn in a look of our own.
import { describe, expect, it } from 'vitest';
import { parseBoard, type Board } from '../../src/core/board.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { refine } from '../../src/vision/read/align.js';
import { prepareSkin } from '../../src/vision/read/prepared.js';
import { drawMono } from './mono-board.js';
import { rect } from './near-draw.js';

const LESSON = parseBoard(`9x9/10
000000000
111001110
F.100111.
.2100...F
...100...
.........
000000000
123450000
.........`);
const FRESH = parseBoard(`9x9/10\n${'.........\n'.repeat(9)}`);

/** The board in the mono look with, right under it, a bar of grey `level` holding light "text". */
function withBar(board: Board, pitch: number, level: number) {
  const d = drawMono(board, pitch, 12 + pitch);
  const y0 = d.grid.top + board.height * pitch;
  rect(d.image, d.grid.left, y0, board.width * pitch, pitch, [level, level, level]);
  for (let k = 0; k < 6; k++) rect(d.image, d.grid.left + 8 + k * 9, y0 + Math.round(pitch / 3), 6, Math.round(pitch / 2.5), [230, 230, 230]);
  return d;
}

describe('a bar under the board, taken in as a row', () => {
  it.each([
    [20, 175],
    [25, 160],
    [25, 180],
    [30, 175],
    [37, 175],
    [25, 90],
  ])('pitch %i, bar grey %i: the lattice stays on the cells', (pitch, level) => {
    const lesson = withBar(LESSON, pitch, level);
    const { learned } = learnSkin('mono', [{ name: 'lesson', image: lesson.image, board: LESSON, grid: lesson.grid }]);
    const fresh = withBar(FRESH, pitch, level);
    const got = refine(fresh.image, { ...fresh.grid, rows: FRESH.height + 1 }, prepareSkin(learned.skin));
    expect(Math.abs(got.left - fresh.grid.left), `left ${got.left}`).toBeLessThanOrEqual(0.5);
    expect(Math.abs(got.top - fresh.grid.top), `top ${got.top}`).toBeLessThanOrEqual(0.5);
    expect(got.pitch).toBeCloseTo(pitch, 1);
  });
});
