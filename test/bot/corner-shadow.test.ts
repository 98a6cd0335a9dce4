import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import { COVERED } from '../../src/core/board.js';
import type { Grid, ReadOptions, Reading } from '../../src/bot/reading.js';
import type { RgbaImage } from '../../src/desktop/ports.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import { fillRect, toyRead, toyRender } from './toy-vision.js';

// arthurpolon/minesweeper-vanilla-js: a frameless board of rounded tiles whose covered ones cast a
// shadow on the page around them. A corner tile opened takes its shadow off the page just outside
// the board's corner, where the bot holds the board's frame; and a search of the screen by the
// skin does not find the board whole again (its open cells at an edge look like the page). Before:
// "the board's frame is not where it was", and the run stopped after 10 s, board unmoved.

const SHADE: [number, number, number] = [120, 120, 120];

/** Paints, outside each corner of the grid whose corner cell is covered, a shade over the page. */
function shadows(d: () => SimulatedDesktop) {
  return (img: RgbaImage, grid: Grid): void => {
    const board = d().game.board();
    const { left, top, pitch, cols, rows } = grid;
    for (const [cx, cy] of [[0, 0], [cols - 1, 0], [0, rows - 1], [cols - 1, rows - 1]] as const) {
      if (board.cells[cy * cols + cx] !== COVERED) continue;
      const x0 = cx === 0 ? left - 8 : left + cols * pitch + 2;
      const y0 = cy === 0 ? top - 8 : top + rows * pitch + 2;
      fillRect(img, x0, y0, 6, 6, SHADE);
    }
  };
}

/** toyRead, but a search (no geometry) finds no board whole once a corner cell is open. */
function read(img: RgbaImage, o?: ReadOptions): Reading {
  const r = toyRead(img, o);
  if (o?.geometry) return r;
  const { cols, rows } = r.grid;
  if ([0, cols - 1, (rows - 1) * cols, rows * cols - 1].some((i) => r.board.cells[i] !== COVERED)) throw new Error('no board found: the board being played is not whole on the screen');
  return r;
}

describe('a frameless board whose covered corner tiles shade the page beside them', () => {
  it('plays on as corner tiles open (their shade gone from around the board), every click on the board', async () => {
    let opened = 0;
    for (const seed of [3, 4, 5, 6]) {
      let d: SimulatedDesktop | null = null;
      d = new SimulatedDesktop({ spec: { width: 9, height: 9, mines: 10 }, rule: 'zero', seed, render: toyRender, skin: 'toy', offset: { x: 40, y: 30 }, screen: { width: 400, height: 300 }, damage: shadows(() => d!) });
      const result = await playSession(d, { strategy: createStrategy('simple'), read, rule: 'zero', games: 3, seed: 1 });
      expect(result.stopped).toBeNull();
      expect(result.games).toBe(3);
      expect(d.clicks.every((c) => c.cell !== null)).toBe(true);
      opened += d.games.filter((g) => [0, 8, 72, 80].some((i) => g.board().cells[i] !== COVERED)).length;
    }
    // (corner tiles did open in these games)
    expect(opened).toBeGreaterThan(4);
  });
});
