// Alerts queued alike, a moment apart, over a page frozen before it painted its end: a browser
// game that alerts its end once per level of a cascade's recursion (JasonLeisure/games' neon
// page, Renata5207418/campo_minado). Each alert holds the page; closed, the page is clear for a
// moment, still showing the last click unpainted (a cell that does not read), until the script
// raises the next. The dismiss pressed once closed the first; the board never read, and the run
// stopped 10 s later under the next alert. The key is pressed again while something covers the
// board after a press that closed something; never when the board reads.

import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import type { PlayConfig } from '../../src/bot/session.js';
import type { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { toyDesktop } from '../support/toy-desktop.js';
import { createStrategy } from '../../src/solver/registry.js';
import { toyRead } from './toy-vision.js';

/** Alerts at the first game's end: each over the board, closed by Return; the next raised `gap` grabs after one closed. */
function alertsApart(alerts: number, gap: number): { d: SimulatedDesktop; raised: () => number } {
  let raised = 0;
  let returnsBefore = 0;
  let clear = 0;
  let hit: [number, number] | null = null;
  const closed = (desk: SimulatedDesktop): number => desk.keys.filter((k) => k === 'Return').length - returnsBefore;
  const raise = (desk: SimulatedDesktop): void => {
    const g = desk.grid;
    raised++;
    desk.raise({ title: 'Alert', region: { left: g.left + 2 * g.pitch, top: g.top + 3 * g.pitch, width: 8 * g.pitch, height: 4 * g.pitch }, colour: [250, 250, 250], closesOn: ['Return'] });
  };
  const d: SimulatedDesktop = toyDesktop({
    lag: 0,
    damage: (image, grid) => {
      if (!hit || closed(d) >= alerts) return;
      // (the next alert once the page was clear for a moment)
      if (closed(d) === raised && ++clear >= gap) (clear = 0), raise(d);
      // (the page frozen: the last click never painted, a cell that does not read)
      const [cx, cy] = hit;
      for (let y = 2; y < grid.pitch - 2; y++) {
        for (let x = 2; x < grid.pitch - 2; x++) {
          const i = ((grid.top + cy * grid.pitch + y) * image.width + grid.left + cx * grid.pitch + x) * 4;
          image.data[i] = (x * 97 + y * 31) & 255;
          image.data[i + 1] = (x * 13 + y * 71) & 255;
          image.data[i + 2] = (x * 57 + y * 17) & 255;
        }
      }
    },
  });
  d.onClick = (c, desk) => {
    if (hit || desk.games.length > 1 || desk.game.status === 'playing' || !c.cell) return;
    hit = c.cell;
    returnsBefore = desk.keys.filter((k) => k === 'Return').length;
    raise(desk);
  };
  return { d, raised: () => raised };
}

const config = (dismissKey: string | undefined): PlayConfig => ({ strategy: createStrategy('exact'), read: toyRead, rule: 'zero', games: 2, seed: 1, flags: false, boardWaitMs: 6000, ...(dismissKey ? { dismissKey } : {}) });

describe('alerts queued alike a moment apart over a frozen page', () => {
  it('are closed in turn, each a press once it stayed, and the run goes on', async () => {
    const { d, raised } = alertsApart(3, 3);
    const result = await playSession(d, config('Return'));
    expect(result.stopped).toBeNull();
    expect(raised()).toBe(3);
    expect(result.games).toBe(2);
    // one Return per alert: none into the page after the last
    expect(d.keys.filter((k) => k === 'Return')).toHaveLength(3);
    for (const c of d.clicks) expect(c.window).toBe('Minesweeper');
  }, 120_000);

  it('without a dismiss key, a stop as before', async () => {
    const { d } = alertsApart(3, 3);
    const result = await playSession(d, config(undefined));
    expect(result.stopped).not.toBeNull();
    expect(d.keys.filter((k) => k === 'Return')).toHaveLength(0);
  }, 120_000);
});
