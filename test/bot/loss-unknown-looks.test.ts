// A loss whose frame shows things the reader never learned (Superbird11/Minesweeper-js marks, on
// a yellow ground, the moves its own AI saw: covered cells and a mine in looks no skin has), while
// the cell the bot clicked reads for sure as the mine that blew up: the game is counted lost, the
// next one started, and no unsure cell told as an outcome. Before, a reading with any unsure cell
// was refused, read again for 10 s, and the run stopped.
import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import type { PlayEvent } from '../../src/bot/session.js';
import type { Reading } from '../../src/bot/reading.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import { COVERED, EXPLODED, FLAG, MINE } from '../../src/core/board.js';
import { toyRead, toyRender } from './toy-vision.js';

/** toyRead, but at a loss every mine shown and the first three covered cells read unsure (their codes a reader's wild guess: a flag). */
function marked(img: Parameters<typeof toyRead>[0], o?: Parameters<typeof toyRead>[1]): Reading {
  const r = toyRead(img, o);
  if (!r.board.cells.includes(EXPLODED)) return r;
  const covered = [...r.board.cells.keys()].filter((i) => r.board.cells[i] === COVERED).slice(0, 3);
  const odd = [...r.board.cells.keys()].filter((i) => r.board.cells[i] === MINE).concat(covered);
  const cells = r.board.cells.slice();
  for (const i of odd) cells[i] = FLAG;
  return { ...r, board: { ...r.board, cells }, unsure: odd.map((i): [number, number] => [i % r.board.width, Math.floor(i / r.board.width)]), minConfidence: 0 };
}

describe('a loss that shows looks the reader never learned', () => {
  it('is counted lost by the mine hit read for sure at the cell clicked; the run goes on; no unsure cell told', async () => {
    let losses = 0;
    for (const seed of [7, 8, 9, 10]) {
      const events: PlayEvent[] = [];
      const d = new SimulatedDesktop({ spec: { width: 16, height: 16, mines: 40 }, rule: 'safe', seed, render: toyRender, skin: 'toy' });
      const result = await playSession(d, { strategy: createStrategy('simple'), read: marked, rule: 'safe', games: 3, seed: 1, onEvent: (e) => events.push(e) });
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
    expect(losses).toBeGreaterThan(0);
  });
});
