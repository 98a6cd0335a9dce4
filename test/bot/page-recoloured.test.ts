// A page that recolours itself around the board at a game's end (jmlkl/msweeper-jscanvas paints
// everything around its canvas green at a win and red at a loss) while the board stays where it
// was, drawn on as before. The frame patches just outside the grid's corners all change: that
// alone read as the window moved or something over the board, and a search of the screen that did
// not find the board on the new ground (the real locator did not, on that red page) stopped the
// run. The board is read where it was when only its surroundings changed colour, flat for flat;
// a box over the board is still no board.

import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import type { PlayConfig, PlayEvent } from '../../src/bot/session.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import type { RgbaImage } from '../../src/desktop/ports.js';
import type { Grid } from '../../src/core/grid.js';
import { gridRect } from '../../src/core/grid.js';
import { surroundRecoloured } from '../../src/bot/screen/recolour.js';
import { createStrategy } from '../../src/solver/registry.js';
import { toyRead, toyRender } from './toy-vision.js';

const GROUND = [192, 192, 192];
const WON: [number, number, number] = [64, 192, 64];
const LOST: [number, number, number] = [192, 32, 32];

/** Repaints the toy window's ground (not the board, its frame or header) in `c`. */
function repaint(image: RgbaImage, c: [number, number, number]): void {
  const d = image.data;
  for (let i = 0; i < d.length; i += 4) if (d[i] === GROUND[0] && d[i + 1] === GROUND[1] && d[i + 2] === GROUND[2]) d.set(c, i);
}

function recolouredGround(image: RgbaImage): boolean {
  const d = image.data;
  for (let i = 0; i < d.length; i += 4) if ([WON, LOST].some((c) => d[i] === c[0] && d[i + 1] === c[1] && d[i + 2] === c[2])) return true;
  return false;
}

function session(seed: number) {
  let desk: SimulatedDesktop | null = null;
  let recoloured = 0;
  const d = new SimulatedDesktop({
    spec: { width: 9, height: 9, mines: 18 }, rule: 'zero', seed, render: toyRender, skin: 'toy', offset: { x: 40, y: 30 }, screen: { width: 400, height: 300 },
    damage: (image: RgbaImage, _grid: Grid) => {
      const status = desk?.games.at(-1)?.status;
      if (status === 'won' || status === 'lost') {
        recoloured++;
        repaint(image, status === 'won' ? WON : LOST);
      }
    },
  });
  desk = d;
  const events: PlayEvent[] = [];
  // the board is not found by a search of a recoloured screen (only where it was)
  const read: PlayConfig['read'] = (image, options) => {
    if (!options?.geometry && recolouredGround(image)) throw new Error('toy reader: no board found on this ground');
    return toyRead(image, options);
  };
  const cfg: PlayConfig = { strategy: createStrategy('exact'), read, rule: 'zero', games: 6, seed: 1, flags: false, boardWaitMs: 2000, onEvent: (e) => events.push(e) };
  return { d, cfg, events, recoloured: () => recoloured };
}

describe('a page that recolours itself around the board at a game end', () => {
  it('reads each end on the board where it was, and goes on to the next game', async () => {
    const { d, cfg, recoloured } = session(5);
    const result = await playSession(d, cfg);
    expect(recoloured()).toBeGreaterThan(0);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(6);
    expect(result.won + result.lost).toBe(6);
    expect(result.won).toBeGreaterThan(0);
    expect(result.lost).toBeGreaterThan(0);
  });
});

describe('surroundRecoloured', () => {
  const grid: Grid = { left: 20, top: 20, pitch: 8, cols: 5, rows: 5, scale: 1 };
  const W = 80, H = 80;
  function frame(ground: [number, number, number], cells: [number, number, number] = [100, 100, 100], over?: { rect: { left: number; top: number; width: number; height: number }; c: [number, number, number] }) {
    const data = new Uint8Array(W * H * 4);
    const r = gridRect(grid);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const inside = x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height;
        const c = over && x >= over.rect.left && x < over.rect.left + over.rect.width && y >= over.rect.top && y < over.rect.top + over.rect.height ? over.c : inside ? cells : ground;
        data.set([...c, 255], (y * W + x) * 4);
      }
    }
    return { image: { width: W, height: H, data }, region: { left: 0, top: 0, width: W, height: H }, pixelDensity: { scaleX: 1, scaleY: 1 } };
  }
  const patches = [
    { left: 16, top: 16, width: 3, height: 3 }, { left: 16, top: 61, width: 3, height: 3 },
    { left: 61, top: 16, width: 3, height: 3 }, { left: 61, top: 61, width: 3, height: 3 },
  ];
  it('is the ground recoloured around cells that stayed', () => {
    const before = frame([255, 255, 160]);
    expect(surroundRecoloured(before, frame([192, 32, 32]), before, patches, grid)).toBe(true);
  });
  it('is no box over the board (its cells changed), nor over one corner, nor a ground that is not flat', () => {
    const before = frame([255, 255, 160]);
    expect(surroundRecoloured(before, frame([192, 32, 32], [230, 230, 230]), before, patches, grid)).toBe(false);
    expect(surroundRecoloured(before, frame([255, 255, 160], undefined, { rect: { left: 0, top: 0, width: 24, height: 24 }, c: [230, 230, 230] }), before, patches, grid)).toBe(false);
    const busy = frame([192, 32, 32]);
    for (let i = 0; i < busy.image.data.length; i += 8) busy.image.data[i] = 0;
    expect(surroundRecoloured(before, busy, before, patches, grid)).toBe(false);
  });
});
