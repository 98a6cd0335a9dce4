// A mark in a colour the matched look does not have (a game's flag drawn as a thin red outline on
// a grey tile, hex-coding/minesweeper without an emoji font) was read as a covered cell, sure,
// with the classic look. Such a cell is unsure; the looks the skins draw still read exactly.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect } from '../../src/vision/image.js';
import { readScreen } from '../../src/vision/read/read.js';

/** A thin outline, 1 px wide, about a fifth by a half of a cell, in the middle of cell (x, y). */
function outline(image: Parameters<typeof fillRect>[0], grid: { left: number; top: number; pitch: number }, x: number, y: number, rgb: [number, number, number]): void {
  const p = grid.pitch;
  const l = Math.round(grid.left + x * p + 0.4 * p), t = Math.round(grid.top + y * p + 0.25 * p);
  const w = Math.max(3, Math.round(0.2 * p)), h = Math.round(0.5 * p);
  fillRect(image, l, t, l + w, t + 1, rgb);
  fillRect(image, l, t + h - 1, l + w, t + h, rgb);
  fillRect(image, l, t, l + 1, t + h, rgb);
  fillRect(image, l + w - 1, t, l + w, t + h, rgb);
}

describe('a mark in a colour the matched look does not have', () => {
  for (const skin of ['winxp', 'xdemineur', 'sgt-mines']) {
    for (const scale of [1, 1.25, 1.5]) {
      it(`${skin} at ${scale}: a thin red outline on a covered cell is unsure, never covered; the other cells read exactly`, () => {
        const game = new Game({ width: 9, height: 9, mines: 10 }, 'zero', createRng(5));
        game.open(4, 4);
        const board = game.board();
        const { image, grid } = renderBoard(board, skin, { scale });
        const marked = [0, 1, 2, 3, 4, 5, 6, 7, 8].flatMap((y) => [0, 8].map((x) => [x, y] as const)).filter(([x, y]) => board.cells[y * 9 + x] === 9).slice(0, 3);
        expect(marked.length).toBeGreaterThan(0);
        const clean = readScreen(image, { skin });
        expect(clean.unsure).toEqual([]);
        expect(clean.board.cells).toEqual(board.cells);
        for (const [x, y] of marked) outline(image, grid, x, y, [225, 50, 50]);
        const r = readScreen(image, { skin });
        const unsure = new Set(r.unsure.map(([x, y]) => `${x},${y}`));
        for (const [x, y] of marked) expect(unsure.has(`${x},${y}`), `${x},${y}`).toBe(true);
        for (let i = 0; i < 81; i++) if (!unsure.has(`${i % 9},${(i / 9) | 0}`)) expect(r.board.cells[i], `cell ${i}`).toBe(board.cells[i]);
      });
    }
  }
});
