// An end dialog that comes up over the board's frame as the game's end is being read (a Bootstrap
// modal at a loss: CocoNautty/React-Minesweeper). The first frame after the clicks fails (the
// frame covered), the board is found again where it was by a search of the screen (its cells are
// in view) and the end read there: the dialog must still get the dismiss key before the new-game
// key, else it takes that key (or the new-game click lands on it).

import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import type { PlayConfig, PlayEvent } from '../../src/bot/session.js';
import { createStrategy } from '../../src/solver/registry.js';
import { toyRead } from './toy-vision.js';
import { toyDesktop } from '../support/toy-desktop.js';

describe('an end dialog over the frame, come up while the end is read', () => {
  it('gets the dismiss key before the new-game key when the board was found again where it was under it', async () => {
    const d = toyDesktop();
    let raised = 0;
    // (the click that ends a game brings the dialog: over the frame's top edge and above it, the cells left in view)
    d.onClick = (_c, desk) => {
      if (raised > 0 || desk.games.at(-1)!.status === 'playing') return;
      const g = desk.grid;
      raised++;
      desk.raise({ title: 'You lose!', region: { left: g.left - 2 * g.pitch, top: g.top - 3 * g.pitch, width: 20 * g.pitch, height: 3 * g.pitch - 1 }, colour: [250, 250, 250], closesOn: ['Escape'] });
    };
    const events: PlayEvent[] = [];
    const cfg: PlayConfig = { strategy: createStrategy('exact'), read: toyRead, rule: 'zero', games: 3, seed: 1, flags: false, boardWaitMs: 3000, dismissKey: 'Escape', onEvent: (e) => events.push(e) };
    const result = await playSession(d, cfg);
    expect(raised).toBe(1);
    // (the case: the end read on the board found again where it was, after its frame was seen covered)
    expect(events.some((e) => e.type === 'retry' && /frame is not where it was/.test(e.why))).toBe(true);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    // the Escape came before the first new-game key, once
    expect(d.keys.slice(0, 2)).toEqual(['Escape', 'F2']);
    expect(d.keys.filter((k) => k === 'Escape')).toHaveLength(1);
    for (const c of d.clicks) expect(c.window).toBe('Minesweeper');
  });
});
