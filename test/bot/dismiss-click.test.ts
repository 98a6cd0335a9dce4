// A dismiss by a click (`--dismiss click:DX,DY`: an end dialog that closes only by its own
// button, vanpeta/react-minesweeper's "Game Over") is a click wherever the point falls: it is
// made only where a dialog is seen (dismiss.ts dialogSeen), never on a board that reads as a game
// in progress, and the dialog must be gone before a new game is started.

import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import type { PlayConfig, PlayEvent } from '../../src/bot/session.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import type { Grab, Region } from '../../src/desktop/ports.js';
import { createStrategy } from '../../src/solver/registry.js';
import { toyRead, toyRender } from './toy-vision.js';

/** The toy game, 16x16/40; `onGrab` runs before each grab of the screen (tests raise and lower windows there). */
function desktop(seed: number, onGrab: (d: SimulatedDesktop) => void): SimulatedDesktop {
  const d = new SimulatedDesktop({ spec: { width: 16, height: 16, mines: 40 }, rule: 'zero', seed, render: toyRender, skin: 'toy', offset: { x: 40, y: 30 }, screen: { width: 800, height: 600 }, lag: 1, title: 'Minesweeper' });
  const grab = d.screen.grab;
  (d.screen as { grab: (r?: Region) => Promise<Grab> }).grab = async (r) => (onGrab(d), grab(r));
  return d;
}

function config(games: number, events: PlayEvent[], dismissKey: string, read: PlayConfig['read'] = toyRead): PlayConfig {
  return { strategy: createStrategy('exact'), read, rule: 'zero', games, seed: 1, flags: false, boardWaitMs: 4000, dismissKey, onEvent: (e) => events.push(e) };
}

/** toyRead, counting how many times each image is read: a learner's reading is a step of its game, so no frame may be read twice. */
function countingRead(): { read: PlayConfig['read']; first: () => number } {
  let firstImage: unknown = null;
  let reads = 0;
  const read: PlayConfig['read'] = (image, options) => {
    if (options?.geometry && firstImage === null) firstImage = image;
    if (image === firstImage) reads++;
    return toyRead(image, options);
  };
  return { read, first: () => reads };
}

/** The pixel a `click:DX,DY` point names on the game's grid (cell pitches from the middle of the board's top edge). */
function pointOf(d: SimulatedDesktop, dx: number, dy: number): { x: number; y: number } {
  const g = d.grid;
  return { x: Math.round(g.left + (g.cols * g.pitch) / 2 + dx * g.pitch), y: Math.round(g.top + dy * g.pitch) };
}

/** The "Game Over" box over the board's middle (cells 3-12 across, 5-11 down), taking every key and closed only by a click on its button (2 cells wide at cell row `row`). */
function raiseGameOver(desk: SimulatedDesktop, row: number): void {
  const g = desk.grid;
  const button = { left: g.left + 7 * g.pitch, top: g.top + row * g.pitch, width: 2 * g.pitch, height: g.pitch };
  desk.raise({ title: 'Game Over', region: { left: g.left + 3 * g.pitch, top: g.top + 5 * g.pitch, width: 10 * g.pitch, height: 7 * g.pitch }, colour: [250, 250, 250], closesOn: [], closesOnClick: button });
}

describe('a dismiss click', () => {
  it('is never made on a board that reads as a game in progress with a cell unsure for a while (a tooltip over one cell: no dialog)', async () => {
    // Before: the first reading after the clicks failed (one cell unsure), and once it had stayed a
    // second the dismiss point was clicked, though no dialog was up: on the game's board itself.
    let handle: number | null = null;
    let until = 0;
    let shown = false;
    const d = desktop(7, (desk) => {
      if (handle !== null && desk.clock.now() >= until) {
        desk.lower(handle);
        handle = null;
      }
    });
    d.onClick = (_c, desk) => {
      if (shown || desk.clicks.length < 2 || desk.game.status !== 'playing') return;
      shown = true;
      const g = desk.grid;
      handle = desk.raise({ title: 'tooltip', region: { left: g.left + 2 * g.pitch + 2, top: g.top + 2 * g.pitch + 2, width: g.pitch - 4, height: g.pitch - 4 }, colour: [250, 250, 250] });
      until = desk.clock.now() + 2500;
    };
    const events: PlayEvent[] = [];
    const result = await playSession(d, config(2, events, 'click:0,10.5'));
    expect(shown).toBe(true);
    expect(events.filter((e) => e.type === 'dismissed'), JSON.stringify(events.filter((e) => e.type === 'dismissed'))).toEqual([]);
    const at = pointOf(d, 0, 10.5);
    expect(d.clicks.filter((c) => c.pixel.x === at.x && c.pixel.y === at.y && c.button === 'left')).toEqual([]);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(2);
  });

  it('closes an end dialog that comes up inside the board after the end was read (its frame holds): clicked on its button, seen gone, then the new game', async () => {
    // Before: the end was read, the board's frame held, and no dismiss was made: the new-game key
    // went to the dialog (it takes every key) and the run stopped.
    let raiseAt: number | null = null;
    let grabs = 0;
    let raised = 0;
    const d = desktop(11, (desk) => {
      grabs++;
      if (raiseAt === null || grabs < raiseAt) return;
      raiseAt = null;
      raised++;
      up = true;
      raiseGameOver(desk, 10);
    });
    let ended = 0;
    // (the dialog is up from its raise until a click on it closes it; a key pressed meanwhile goes to it)
    let up = false;
    const underDialog: string[] = [];
    const press = d.keyboard.press;
    (d.keyboard as { press: (key: string) => Promise<void> }).press = async (key) => {
      if (up) underDialog.push(key);
      return press(key);
    };
    d.onClick = (c, desk) => {
      if (c.window === 'Game Over') up = false;
      if (desk.game.status === 'playing' || ended === desk.games.length) return;
      ended = desk.games.length;
      raiseAt = grabs + 4;
    };
    const events: PlayEvent[] = [];
    const result = await playSession(d, config(3, events, 'click:0,10.5'));
    expect(result.stopped, JSON.stringify(events.filter((e) => e.type !== 'opened' && e.type !== 'click').slice(-14))).toBeNull();
    expect(result.games).toBe(3);
    expect(raised).toBeGreaterThanOrEqual(2);
    // every dismiss click landed on the button, one an end
    const onButton = d.clicks.filter((c) => c.window === 'Game Over');
    expect(onButton.length).toBe(raised);
    expect(d.clicks.filter((c) => c.window !== 'Game Over' && c.window !== 'Minesweeper')).toEqual([]);
    // no new-game key went to the dialog: it was closed first, and seen gone
    expect(underDialog).toEqual([]);
  });

  it('at several points: end boxes whose buttons lie at different places are each closed, a point on a board cell is never clicked', async () => {
    // Before: one point only; 'click:A;B;C' was taken for a key and the run stopped at the first end.
    // The ends alternate between a box with its button low (the first point) and one with it
    // higher, where the first point falls on the box's text (a click there changes nothing).
    let raiseAt: number | null = null;
    let grabs = 0;
    const kinds: number[] = [];
    const d = desktop(11, (desk) => {
      grabs++;
      if (raiseAt === null || grabs < raiseAt) return;
      raiseAt = null;
      const kind = kinds.length % 2;
      kinds.push(kind);
      raiseGameOver(desk, kind === 0 ? 10 : 7);
    });
    let ended = 0;
    d.onClick = (_c, desk) => {
      if (desk.game.status === 'playing' || ended === desk.games.length) return;
      ended = desk.games.length;
      raiseAt = grabs + 4;
    };
    const events: PlayEvent[] = [];
    // (the first point lies on the board's top-left cell, away from the boxes)
    const result = await playSession(d, config(4, events, 'click:-7.5,0.5;0,10.5;0,7.5'));
    const dismissed = events.filter((e) => e.type === 'dismissed');
    expect(result.stopped, JSON.stringify(events.filter((e) => e.type !== 'opened' && e.type !== 'click').slice(-14))).toBeNull();
    expect(result.games).toBe(4);
    expect(kinds.length).toBeGreaterThanOrEqual(3);
    // a box of the first kind: one click, on its button; of the second: its text, then its button
    const onBox = d.clicks.filter((c) => c.window === 'Game Over');
    const low = kinds.filter((k) => k === 0).length;
    const high = kinds.length - low;
    expect(onBox.length).toBe(low + 2 * high);
    expect(d.clicks.filter((c) => c.window !== 'Game Over' && c.window !== 'Minesweeper')).toEqual([]);
    // the point over a board cell: never pressed
    expect(dismissed.filter((e) => e.type === 'dismissed' && e.key === 'click:-7.5,0.5')).toEqual([]);
    expect(dismissed.map((e) => (e.type === 'dismissed' ? e.key : ''))).toEqual(kinds.flatMap((k) => (k === 0 ? ['click:0,10.5'] : ['click:0,10.5', 'click:0,7.5'])));
  });

  it('after a key: a box that takes the key (a name prompt), then a box only a click closes, each end (hex-coding/minesweeper\'s prompt() then its page box)', async () => {
    // Before: --dismiss took a key or click points, not both; "Return;click:0,10.5" was taken for
    // a key name and the run stopped at the first end. The key alone left the page box up, the
    // click alone fell on the prompt (it takes no click). (The prompt comes with the end, as a
    // browser's prompt() holds the page before it draws.)
    let raiseAt: number | null = null;
    let grabs = 0;
    let prompts = 0;
    let boxes = 0;
    let prompt: number | null = null;
    const d = desktop(11, (desk) => {
      grabs++;
      if (raiseAt === null || grabs < raiseAt) return;
      raiseAt = null;
      prompts++;
      const g = desk.grid;
      prompt = desk.raise({ title: 'Your name?', region: { left: g.left + 2 * g.pitch, top: g.top + 3 * g.pitch, width: 12 * g.pitch, height: 4 * g.pitch }, colour: [230, 230, 250], closesOn: ['Return'] });
    });
    const lower = d.lower.bind(d);
    d.lower = (handle: number) => {
      lower(handle);
      if (handle !== prompt) return;
      // (the prompt answered, the page shows its box)
      prompt = null;
      boxes++;
      raiseGameOver(d, 10);
    };
    let ended = 0;
    d.onClick = (_c, desk) => {
      if (desk.game.status === 'playing' || ended === desk.games.length) return;
      ended = desk.games.length;
      raiseAt = grabs + 1;
    };
    const events: PlayEvent[] = [];
    const counted = countingRead();
    const result = await playSession(d, config(3, events, 'Return;click:0,10.5', counted.read));
    expect(result.stopped, JSON.stringify(events.filter((e) => e.type !== 'opened' && e.type !== 'click' && e.type !== 'move').slice(-14))).toBeNull();
    expect(result.games).toBe(3);
    // the frame first read at the board's place, what a point on the board is compared with, is
    // read once: its reading kept, not the frame read again (a learner took the fresh board read
    // again after hex-coding's win for a new game, and the won board after it for that game's)
    expect(counted.first()).toBe(1);
    expect(prompts).toBeGreaterThanOrEqual(2);
    // every prompt answered by the key, every box closed by a click on its button; nothing else clicked
    expect(boxes).toBe(prompts);
    const onBox = d.clicks.filter((c) => c.window === 'Game Over');
    const at = pointOf(d, 0, 10.5);
    expect(onBox.length).toBe(boxes);
    expect(onBox.every((c) => c.pixel.x === at.x && c.pixel.y === at.y)).toBe(true);
    expect(d.clicks.filter((c) => c.window !== 'Game Over' && c.window !== 'Minesweeper')).toEqual([]);
  });

  it('whose button also starts a new game (gobitobi\'s "Click to play again"): the new-game point on the board is not clicked on the fresh board that came', async () => {
    // Before: the dialog was closed, the fresh board under it not looked at, and the new-game
    // point, named on the board where the game's box comes, was clicked on that fresh board: a
    // cell opened that no move chose.
    let raiseAt: number | null = null;
    let grabs = 0;
    let raised = 0;
    const d = desktop(11, (desk) => {
      grabs++;
      if (raiseAt === null || grabs < raiseAt) return;
      raiseAt = null;
      raised++;
      raiseGameOver(desk, 10);
    });
    let ended = 0;
    d.onClick = (c, desk) => {
      if (c.window === 'Game Over') return void desk.newGame();
      if (desk.game.status === 'playing' || ended === desk.games.length) return;
      ended = desk.games.length;
      raiseAt = grabs + 4;
    };
    const events: PlayEvent[] = [];
    const result = await playSession(d, { ...config(3, events, 'click:0,10.5'), newGame: { click: { dx: 0, dy: 7.5 } } });
    expect(result.stopped, JSON.stringify(events.filter((e) => e.type !== 'opened' && e.type !== 'click' && e.type !== 'move').slice(-14))).toBeNull();
    expect(result.games).toBe(3);
    expect(raised).toBeGreaterThanOrEqual(2);
    expect(d.clicks.filter((c) => c.window === 'Game Over').length).toBe(raised);
    // (the point lies on a line between two cells: no move clicks there)
    const at = pointOf(d, 0, 7.5);
    expect(d.clicks.filter((c) => c.pixel.x === at.x && c.pixel.y === at.y)).toEqual([]);
    // no game started but by a dialog's button (the last one's too, at the run's end)
    expect(d.games.length).toBe(raised + 1);
  });
});
