// A run started under an end dialog the last run left up (a box that closes only by its own
// button, ElisabethFjr/demineur-react's, left by the last game of a learning run): there is no
// frame of the board read before it to tell the dialog by. It is clicked only at a dismiss point
// where what shows is no board cell that reads (the board found, its cells under the box
// unreadable), and the board looked for again; never on the board's readable cells, never on
// what is not the board's surroundings.

import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import type { PlayConfig, PlayEvent } from '../../src/bot/session.js';
import type { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import { toyRead } from './toy-vision.js';
import { toyDesktop } from '../support/toy-desktop.js';

/** The toy game 16x16/40, its first game lost (a mine opened) before the run starts. */
function lostGame(seed: number): SimulatedDesktop {
  const d = toyDesktop({ seed });
  const game = d.game;
  game.open(0, 0);
  for (let i = 0; game.status === 'playing' && i < 256; i++) game.open(i % 16, (i / 16) | 0);
  d.touch();
  return d;
}

function config(games: number, events: PlayEvent[], dismissKey?: string): PlayConfig {
  return { strategy: createStrategy('exact'), read: toyRead, rule: 'zero', games, seed: 1, flags: false, boardWaitMs: 3000, ...(dismissKey ? { dismissKey } : {}), onEvent: (e) => events.push(e) };
}

/** The box over the board's middle (its frame in view), its button at the point 0,10.5. */
function box(d: SimulatedDesktop): number {
  const g = d.grid;
  const button = { left: g.left + 7 * g.pitch, top: g.top + 10 * g.pitch, width: 2 * g.pitch, height: g.pitch };
  return d.raise({ title: 'Game Over', region: { left: g.left + 3 * g.pitch, top: g.top + 5 * g.pitch, width: 10 * g.pitch, height: 7 * g.pitch }, colour: [250, 250, 250], closesOn: [], closesOnClick: button });
}

const brief = (events: PlayEvent[]) => JSON.stringify(events.filter((e) => e.type !== 'opened' && e.type !== 'click' && e.type !== 'move').slice(-10));

describe('a run started under an end box that closes only by its button', () => {
  it('clicks the box where a dismiss point falls on cells that do not read, then starts a new game and plays', async () => {
    // Before: no frame of the board was read before the box: the dismiss point was never looked
    // at, and the run stopped with the box still up.
    const d = lostGame(11);
    expect(d.game.status).toBe('lost');
    box(d);
    const events: PlayEvent[] = [];
    const result = await playSession(d, config(2, events, 'click:-7.5,0.5;0,10.5'));
    expect(result.stopped, brief(events)).toBeNull();
    expect(result.games).toBe(2);
    // one click on the box, on its button; none anywhere but the box and the game
    expect(d.clicks.filter((c) => c.window === 'Game Over')).toHaveLength(1);
    expect(d.clicks.filter((c) => c.window !== 'Game Over' && c.window !== 'Minesweeper')).toEqual([]);
    // the point on the board's top-left cell (it reads) is never clicked
    expect(events.filter((e) => e.type === 'dismissed' && e.key === 'click:-7.5,0.5')).toEqual([]);
    expect(events.filter((e) => e.type === 'dismissed').map((e) => (e.type === 'dismissed' ? e.key : ''))).toEqual(['click:0,10.5']);
  });

  it('a box over the whole board (no board found to place the points from): nothing clicked, and the stop says why', async () => {
    // Before: the stop said only that no board was found.
    const d = lostGame(11);
    const g = d.grid;
    d.raise({ title: 'Game Over', region: { left: g.left - 2 * g.pitch, top: g.top - 2 * g.pitch, width: 20 * g.pitch, height: 20 * g.pitch }, colour: [250, 250, 250], closesOn: [], closesOnClick: { left: g.left + 7 * g.pitch, top: g.top + 10 * g.pitch, width: 2 * g.pitch, height: g.pitch } });
    const events: PlayEvent[] = [];
    const result = await playSession(d, config(2, events, 'click:0,10.5'));
    expect(d.clicks).toEqual([]);
    expect(result.games).toBe(0);
    expect(result.stopped).toMatch(/^no Minesweeper board found .*; the dismiss click is placed from the board and none was found: nothing clicked/);
  });

  it('without a dismiss, nothing is clicked on the box: the run stops saying the board is covered', async () => {
    const d = lostGame(11);
    box(d);
    const events: PlayEvent[] = [];
    const result = await playSession(d, config(2, events));
    expect(d.clicks.filter((c) => c.window === 'Game Over')).toEqual([]);
    expect(result.games).toBe(0);
    expect(result.stopped).not.toBeNull();
  });

  it('on an ended game under a box that holds the page and was in the first frame read: after a new-game click it swallowed, its button clicked once, then new games', async () => {
    // Before: the box was in the first frame read, so nothing new showed at its point: the new-game
    // click went to the page the box holds three times and the run stopped ("did not start a new game").
    const faceOf = (g: { left: number; top: number; pitch: number; cols: number }) => ({ left: g.left + (g.cols * g.pitch) / 2 - g.pitch, top: g.top - 3 * g.pitch, width: 2 * g.pitch, height: 2 * g.pitch });
    const d = toyDesktop({ newGameKeys: [], faceAt: (_s, g) => faceOf(g) });
    const game = d.game;
    game.open(0, 0);
    for (let i = 0; game.status === 'playing' && i < 256; i++) game.open(i % 16, (i / 16) | 0);
    d.touch();
    expect(game.status).toBe('lost');
    // the page held: a pane over the whole window showing the game as it is, a box in the header's left part
    const g = d.grid, p = g.pitch;
    await d.screen.grab(d.window); // (the frame before the loss, shown once: lag 1)
    const shot = await d.screen.grab(d.window);
    const box = { left: g.left, top: g.top - 3 * p + 1, width: 4 * p, height: 2 * p - 1 }; // (the counter's pixel above it left in view)
    const button = { left: g.left + p, top: g.top - 3 * p + 2, width: 2 * p, height: 2 * p - 4 };
    const img = shot.image;
    for (let y = box.top; y < box.top + box.height; y++) {
      for (let x = box.left; x < box.left + box.width; x++) {
        const i = ((y - shot.region.top) * img.width + (x - shot.region.left)) * 4;
        img.data.set(x >= button.left && x < button.left + button.width && y >= button.top && y < button.top + button.height ? [40, 40, 200] : [250, 250, 250], i);
      }
    }
    d.raise({ title: 'Game Over', region: d.window, image: img, closesOn: [], closesOnClick: button });
    const events: PlayEvent[] = [];
    const result = await playSession(d, { ...config(2, events, 'click:-6,-2'), newGame: { click: { dx: 0, dy: -2 } } });
    expect(result.stopped, brief(events)).toBeNull();
    expect(result.games).toBe(2);
    // the box's button clicked once; no click but on the pane (the new-game click it swallowed) and the game
    const onPane = d.clicks.filter((c) => c.window === 'Game Over');
    expect(onPane.filter((c) => c.pixel.x >= button.left && c.pixel.x < button.left + button.width && c.pixel.y >= button.top && c.pixel.y < button.top + button.height)).toHaveLength(1);
    expect(onPane.length).toBeLessThanOrEqual(2);
    expect(d.clicks.filter((c) => c.window !== 'Game Over' && c.window !== 'Minesweeper')).toEqual([]);
    expect(events.filter((e) => e.type === 'dismissed')).toHaveLength(1);
  });
});
