// What is learned as the page's own motion around a board (restless.ts), and what never is: a
// change in a cell's middle, a few cells redrawn, a frame moved on its own.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Restless } from '../../src/bot/screen/restless.js';
import { changedCells, sameArea } from '../../src/bot/screen/frames.js';
import { cellRect, gridRect, type Grid } from '../../src/core/grid.js';
import type { Grab } from '../../src/desktop/ports.js';

const GRID: Grid = { left: 10, top: 10, pitch: 20, cols: 5, rows: 5, scale: 1 };
const W = 130, H = 130;

/** A screen of a 5x5 board of flat tiles (grey 200) on a page of `page`, each cell's 4x4 corners the page's. */
function screen(page: number, paint?: (x: number, y: number) => number | null): Grab {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const fx = x - GRID.left, fy = y - GRID.top;
      const onBoard = fx >= 0 && fy >= 0 && fx < 100 && fy < 100;
      const px = fx % 20, py = fy % 20;
      const corner = (px < 4 || px >= 16) && (py < 4 || py >= 16);
      const v = paint?.(x, y) ?? (onBoard && !corner ? 200 : page);
      data.set([v, v, v, 255], (y * W + x) * 4);
    }
  }
  return { image: { width: W, height: H, data }, region: { left: 0, top: 0, width: W, height: H }, pixelDensity: { scaleX: 1, scaleY: 1 } };
}

const everything = [{ left: 0, top: 0, width: W, height: H }];

describe('the page moving behind a board', () => {
  it('is learned from a change at the corners of every cell, seen twice, and left out after: the same board reads the same on another page colour', () => {
    const r = new Restless();
    const a = screen(50), b = screen(90), c = screen(130);
    expect(sameArea(a, b, gridRect(GRID))).toBe(false);
    // (once is not yet motion: a game may redraw every cell's edges once, at a win)
    expect(r.learn(a, b, everything, GRID)).toBe(false);
    expect(r.at(GRID)).toBeNull();
    expect(r.learn(b, c, everything, GRID)).toBe(true);
    const mask = r.at(GRID);
    expect(mask).not.toBeNull();
    expect(sameArea(a, c, gridRect(GRID), mask)).toBe(true);
    expect(changedCells(a, c, GRID, mask)).toEqual([]);
    // (at another lattice nothing is left out)
    expect(r.at({ ...GRID, left: 11 })).toBeNull();
  });

  it('never hides a cell whose middle changed, by more than a level or two, after it was learned', () => {
    const r = new Restless();
    r.learn(screen(50), screen(90), everything, GRID);
    expect(r.learn(screen(90), screen(50), everything, GRID)).toBe(true);
    const mask = r.at(GRID)!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 5, max: 14 }), fc.integer({ min: 5, max: 14 }), fc.integer({ min: 3, max: 60 }), (cx, cy, dx, dy, by) => {
        const x0 = GRID.left + cx * 20 + dx, y0 = GRID.top + cy * 20 + dy;
        const changed = screen(130, (x, y) => (x === x0 && y === y0 ? 200 - by : null));
        expect(sameArea(screen(50), changed, cellRect(GRID, cx, cy), mask)).toBe(false);
        expect(changedCells(screen(50), changed, GRID, mask)).toEqual([[cx, cy]]);
      }),
      { numRuns: 40 },
    );
  });

  it('takes a middle moved by a level with the page as unchanged (a tile a little see-through), not by three', () => {
    const r = new Restless();
    const through = (by: number) => (page: number) => screen(page, (x, y) => {
      const fx = x - GRID.left, fy = y - GRID.top;
      const px = fx % 20, py = fy % 20;
      return fx >= 0 && fy >= 0 && fx < 100 && fy < 100 && px >= 6 && px < 14 && py >= 6 && py < 14 ? 200 + by : null;
    });
    r.learn(screen(50), through(1)(90), everything, GRID);
    expect(r.learn(through(1)(90), screen(130), everything, GRID)).toBe(true);
    const three = new Restless();
    three.learn(screen(50), through(3)(90), everything, GRID);
    expect(three.learn(through(3)(90), screen(130), everything, GRID)).toBe(false);
    expect(three.at(GRID)).toBeNull();
  });

  it('is not learned from a change in one cell middle and all, from a few cells redrawn round their edges, or from the frame alone', () => {
    const a = screen(50);
    // (each after the page was seen moving once: the next motion seen would put the mask in use)
    const primed = (): Restless => {
      const r = new Restless();
      r.learn(screen(130), a, everything, GRID);
      return r;
    };
    // the page moved and a cell opened at once: a middle changed
    expect(primed().learn(a, screen(90, (x, y) => (x >= 32 && x < 48 && y >= 32 && y < 48 ? 20 : null)), everything, GRID)).toBe(false);
    // two cells drawn a ring round (a game's late drawing): too few corners
    const ring = (x: number, y: number): number | null => {
      const fx = x - GRID.left, fy = y - GRID.top;
      return fy >= 0 && fy < 20 && fx >= 0 && fx < 40 && (fx % 20 === 0 || fx % 20 === 19 || fy === 0 || fy === 19) ? 10 : null;
    };
    expect(primed().learn(a, screen(50, ring), everything, GRID)).toBe(false);
    // only the page outside the board changed (a window moved by whole cells over a fresh board)
    const frame = (x: number, y: number): number | null => (x < GRID.left || y < GRID.top || x >= GRID.left + 100 || y >= GRID.top + 100 ? 90 : null);
    expect(primed().learn(a, screen(50, frame), everything, GRID)).toBe(false);
    // (and a second true motion does put it in use)
    expect(primed().learn(a, screen(90), everything, GRID)).toBe(true);
  });
});
