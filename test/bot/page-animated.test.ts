// A page animated behind the board (kuv2707/Minesweeper-JS redraws its gradient every 200 ms,
// seen between rounded cells and faintly through them): every check before a click found the
// board "moved" or "changed" and nothing was ever clicked. The page's own motion around the
// cells' middles is learned (restless.ts) and left out of the checks; a cell is judged by its
// middle.

import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import type { PlayConfig, PlayEvent } from '../../src/bot/session.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import type { RgbaImage } from '../../src/desktop/ports.js';
import type { VirtualClock } from '../../src/desktop/clock.js';
import type { Grid, ReadOptions, Reading } from '../../src/bot/reading.js';
import { createStrategy } from '../../src/solver/registry.js';
import { PALETTE, toyRead, toyRender } from './toy-vision.js';

const PAGE = [192, 192, 192];
/** How often the page changes, ms (a browser animating at 50 frames a second). */
const PERIOD_MS = 200;
/** How long a reading takes, ms. */
const READ_MS = 150;
/** Pixels from each cell's edge drawn as page (its rounded corners), at pitch 16. */
const CORNER = 3;

/** Paints the page and each cell's corners in the colour of the moment (a new one every PERIOD_MS), and moves every cell's middle by a level on odd steps (a tile a little see-through). */
function animate(image: RgbaImage, grid: Grid, now: number, period = PERIOD_MS): void {
  const step = Math.floor(now / period);
  const colour = [60 + 20 * (step % 8), 120 + 7 * (step % 5), 180];
  const set = (i: number, c: number[]): void => void image.data.set(c, i);
  for (let i = 0; i < image.data.length; i += 4) if (image.data[i] === PAGE[0] && image.data[i + 1] === PAGE[1] && image.data[i + 2] === PAGE[2]) set(i, colour);
  for (let cy = 0; cy < grid.rows; cy++) {
    for (let cx = 0; cx < grid.cols; cx++) {
      for (let y = 0; y < grid.pitch; y++) {
        for (let x = 0; x < grid.pitch; x++) {
          const i = ((grid.top + cy * grid.pitch + y) * image.width + grid.left + cx * grid.pitch + x) * 4;
          const edgeX = x < CORNER || x >= grid.pitch - CORNER, edgeY = y < CORNER || y >= grid.pitch - CORNER;
          if (edgeX && edgeY) set(i, colour);
          else if (step % 2 === 1) image.data[i + 2] = Math.min(255, image.data[i + 2]! + 1);
        }
      }
    }
  }
}

/** The toy reader reading each cell by its middle (the colour nearest its centre pixel, within 2 levels), as a skin's matcher does. */
function readMiddles(img: RgbaImage, options: ReadOptions = {}): Reading {
  const grid = options.geometry ?? toyRead(img, options).grid;
  const copy = { ...img, data: img.data.slice() };
  for (let cy = 0; cy < grid.rows; cy++) {
    for (let cx = 0; cx < grid.cols; cx++) {
      const x0 = grid.left + cx * grid.pitch, y0 = grid.top + cy * grid.pitch;
      const c = (((y0 + (grid.pitch >> 1)) * img.width + x0 + (grid.pitch >> 1)) * 4);
      const near = PALETTE.find((p) => p.every((v, k) => Math.abs(v - img.data[c + k]!) <= 2));
      if (!near) continue;
      for (let y = 0; y < grid.pitch; y++) for (let x = 0; x < grid.pitch; x++) copy.data.set(near, ((y0 + y) * img.width + x0 + x) * 4);
    }
  }
  return toyRead(copy, options);
}

function desktop(seed: number, period = PERIOD_MS): SimulatedDesktop {
  const d: SimulatedDesktop = new SimulatedDesktop({
    spec: { width: 9, height: 9, mines: 10 }, rule: 'zero', seed, render: (b, skin, o) => toyRender(b, skin, { ...o, scale: 2 }), skin: 'toy',
    offset: { x: 40, y: 30 }, screen: { width: 800, height: 800 }, lag: 1, title: 'Minesweeper',
    damage: (image, grid) => animate(image, grid, d.clock.now(), period),
  });
  return d;
}

/** The play config; each read takes READ_MS of the desktop's clock (a learner reads slowly: the page moves on meanwhile). */
function config(d: SimulatedDesktop, games: number, events: PlayEvent[]): PlayConfig {
  const read = (img: RgbaImage, o?: ReadOptions): Reading => ((d.clock as VirtualClock).advance(READ_MS), readMiddles(img, o));
  return { strategy: createStrategy('exact'), read, rule: 'zero', games, seed: 1, flags: true, boardWaitMs: 4000, onEvent: (e) => events.push(e) };
}

describe('a page animated behind the board', () => {
  it('is left out of the checks before clicks: games are played to their end, each click on a cell as read', async () => {
    // Before: "three decisions in a row found the board changed under the clicks" (or the board's
    // frame "moved"), nothing clicked after the first.
    const d = desktop(5);
    const events: PlayEvent[] = [];
    const result = await playSession(d, config(d, 3, events));
    expect(result.stopped, JSON.stringify(events.filter((e) => e.type === 'skip').slice(0, 3))).toBeNull();
    expect(result.games).toBe(3);
    expect(result.won + result.lost).toBe(3);
    expect(d.clicks.length).toBeGreaterThan(9);
    expect(events.filter((e) => e.type === 'skip' && e.why.includes('frame')), 'no click refused for the frame').toEqual([]);
  });

  it('changing at every frame (not in steps) is learned while a frame settles: games are played to their end', async () => {
    const d = desktop(5, 4);
    const events: PlayEvent[] = [];
    const result = await playSession(d, config(d, 3, events));
    expect(result.stopped, JSON.stringify(events.filter((e) => e.type === 'skip').slice(0, 3))).toBeNull();
    expect(result.games).toBe(3);
    expect(result.won + result.lost).toBe(3);
  });
});
