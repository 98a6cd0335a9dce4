// Toy games on the simulated desktop played to their ends, three per seed, checking what the log
// told of each loss: for tests of losses drawn oddly (the loop counts each lost, its mine hit the
// one cell told a mine, and the run goes on).
import { expect } from 'vitest';
import { EXPLODED } from '../../src/core/board.js';
import { playSession } from '../../src/bot/loop.js';
import type { ReadScreen } from '../../src/bot/reading.js';
import type { PlayEvent } from '../../src/bot/session.js';
import { SimulatedDesktop, type RenderBoard } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';

/** Plays 3 games of 16x16/40 per seed drawn by `render`, read by `read`; the losses seen. */
export async function toyLossesTold(seeds: readonly number[], render: RenderBoard, read: ReadScreen): Promise<number> {
  let losses = 0;
  for (const seed of seeds) {
    const events: PlayEvent[] = [];
    const d = new SimulatedDesktop({ spec: { width: 16, height: 16, mines: 40 }, rule: 'safe', seed, render, skin: 'toy' });
    const result = await playSession(d, { strategy: createStrategy('simple'), read, rule: 'safe', games: 3, seed: 1, onEvent: (e) => events.push(e) });
    expect(result.stopped, `seed ${seed}`).toBeNull();
    expect(result.games).toBe(3);
    d.games.forEach((g, k) => expect(result.records[k]!.result, `seed ${seed} game ${k}`).toBe(g.status));
    for (const [k, g] of d.games.entries()) {
      if (g.status !== 'lost') continue;
      losses++;
      const cells = g.board().cells;
      // every cell told opened is what the game shows there: the mine hit a mine, the rest safe
      for (const e of events) if (e.type === 'opened' && e.game === k) expect(e.mine, `seed ${seed} game ${k}`).toBe(cells[e.move.y * 16 + e.move.x] === EXPLODED);
      expect(events.filter((e) => e.type === 'opened' && e.game === k && e.mine)).toHaveLength(1);
    }
  }
  return losses;
}
