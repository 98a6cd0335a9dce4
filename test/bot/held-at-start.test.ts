// A run started under an end box the last run left up over the board's upper part, the rows in
// view all covered (Eriscot/react-minesweeper's "Game over", a page it holds): taken for a whole
// fresh board, the first game's clicks are all swallowed. With a dismiss key the run starts over
// from finding the board once that key has closed the box, and learns or plays the whole board;
// the cells of the part taken for a board are never clicked again.

import { describe, expect, it } from 'vitest';
import { learnLive, type LearnEvent } from '../../src/bot/learn/learn-live.js';
import { HELD_AT_START, playSession } from '../../src/bot/loop.js';
import type { PlayEvent } from '../../src/bot/session.js';
import { faceAt, liveLearner, loadReader, render } from '../../src/bot/learn/vision-link.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import type { LearnedSkin } from '../../src/vision/learn/looks.js';

const SPEC = { width: 16, height: 16, mines: 10 };
/** Rows hidden by the box, from the top. */
const HIDDEN = 11;

/**
 * The game 16x16/10 in xdemineur's look: lost (a mine opened) with no mine in the rows below
 * HIDDEN, or fresh; a box over the window down to row HIDDEN that holds every click and closes
 * on Return.
 */
async function underBox(lost: boolean): Promise<SimulatedDesktop> {
  for (let seed = 1; seed < 2000; seed++) {
    const d = new SimulatedDesktop({ spec: SPEC, rule: 'safe', seed, render, skin: 'xdemineur', offset: { x: 50, y: 40 }, screen: { width: 800, height: 600 }, lag: 1, newGameKeys: ['F2'], faceAt });
    if (lost) {
      const game = d.game;
      game.open(2, 2);
      const mines: [number, number][] = [];
      for (let y = 0; y < SPEC.height; y++) for (let x = 0; x < SPEC.width; x++) if (game.mineAt(x, y)) mines.push([x, y]);
      if (game.status !== 'playing' || mines.some(([, y]) => y >= HIDDEN)) continue;
      game.open(...mines[0]!);
      expect(game.status).toBe('lost');
    }
    d.touch();
    await d.screen.grab(d.window); // (the frame before, shown once: lag 1)
    const shot = await d.screen.grab(d.window);
    const g = d.grid;
    const img = shot.image;
    const bottom = Math.round(g.top + HIDDEN * g.pitch) - shot.region.top;
    for (let y = 0; y < bottom; y++) for (let x = 0; x < img.width; x++) img.data.set([250, 250, 250, 255], (y * img.width + x) * 4);
    d.raise({ title: 'Game Over', region: shot.region, image: img, closesOn: ['Return'] });
    return d;
  }
  throw new Error('no seed');
}

const brief = (events: { type: string }[]) => JSON.stringify(events.filter((e) => !['click', 'move', 'opened', 'settle', 'learned'].includes(e.type)).slice(0, 8));

describe('a run started under a box that hides the board\'s upper rows and holds its clicks', () => {
  for (const lost of [false, true]) {
    it(`learning (${lost ? 'a lost game' : 'a fresh game'} under it): the dismiss key once the first game took no click, then the whole board found and learned`, async () => {
      // Before: the 16x5 rows in view were learned as a fresh board, three clicks swallowed, then
      // the stop "three decisions in a row changed nothing", nothing learned.
      const d = await underBox(lost);
      const events: (PlayEvent | LearnEvent<LearnedSkin>)[] = [];
      const result = await learnLive(d, {
        learner: await liveLearner('xd-sim', SPEC.mines),
        store: () => 'nowhere',
        strategy: createStrategy('exact'),
        skin: 'xd-sim',
        rule: 'safe',
        seed: 5,
        games: 2,
        mines: SPEC.mines,
        newGame: { key: 'F2' },
        boardWaitMs: 2000,
        dismissKey: 'Return',
        onEvent: (e) => events.push(e),
      });
      expect(result.stopped, brief(events)).toBeNull();
      expect(result.games).toBe(2);
      const located = events.filter((e) => e.type === 'located').map((e) => (e.type === 'located' ? `${e.width}x${e.height}` : ''));
      expect(located).toEqual(['16x5', '16x16']);
      // (the first press for the clicks held; on the lost board found then, no game to begin on,
      // the key once more before the new-game key, as at any start)
      const dismissed = events.filter((e) => e.type === 'dismissed').map((e) => (e.type === 'dismissed' ? e.why : ''));
      expect(dismissed[0]).toBe(HELD_AT_START);
      expect(dismissed).toHaveLength(lost ? 2 : 1);
      // three clicks on the box (the part taken for a board), none after it closed but on the game's cells
      const onBox = d.clicks.filter((c) => c.window === 'Game Over');
      expect(onBox).toHaveLength(3);
      expect(d.clicks.slice(3).every((c) => c.window !== 'Game Over' && c.cell !== null)).toBe(true);
      for (const l of result.lessons) expect(l.type).toBe('learned');
    }, 120_000);
  }

  it('without a dismiss key the run stops as before, nothing clicked but the three swallowed clicks', async () => {
    const d = await underBox(true);
    const events: (PlayEvent | LearnEvent<LearnedSkin>)[] = [];
    const result = await learnLive(d, { learner: await liveLearner('xd-sim', SPEC.mines), store: () => 'nowhere', strategy: createStrategy('exact'), skin: 'xd-sim', rule: 'safe', seed: 5, games: 2, mines: SPEC.mines, newGame: { key: 'F2' }, boardWaitMs: 2000, onEvent: (e) => events.push(e) });
    expect(result.stopped).toBe('three decisions in a row changed nothing on the screen');
    expect(d.clicks).toHaveLength(3);
    expect(events.filter((e) => e.type === 'dismissed')).toEqual([]);
  }, 120_000);

  it('playing with a skin: the box does not make the run stop or click elsewhere', async () => {
    const d = await underBox(true);
    const events: PlayEvent[] = [];
    const result = await playSession(d, { strategy: createStrategy('exact'), read: await loadReader(), skin: 'xdemineur', rule: 'safe', seed: 1, games: 2, mines: SPEC.mines, newGame: { key: 'F2' }, boardWaitMs: 2000, dismissKey: 'Return', faceAt, onEvent: (e) => events.push(e) });
    expect(result.stopped, brief(events)).toBeNull();
    expect(result.games).toBe(2);
    expect(d.clicks.filter((c) => c.window !== 'Minesweeper')).toEqual([]);
  }, 120_000);
});
