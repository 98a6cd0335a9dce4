// A loss whose mine hit the game draws as an opened cell holding nothing, the other mines shown
// (mrglaster/js-minesweeper-game redraws the cell hit as its opened tile once its alert closes).
// Played with a skin that knows the 0, the frame read a 0 beside covered cells where the bot
// clicked and mines elsewhere: an inconsistent reading, read again until the run stopped. The game
// is now counted lost, its hit told a mine, and the next game started. A flood drawn in steps (a 0
// clicked, its neighbours still covered a frame, no mine shown) is no loss.
import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import { blankHit } from '../../src/bot/judge.js';
import type { PlayEvent } from '../../src/bot/session.js';
import type { Reading } from '../../src/bot/reading.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import { EXPLODED, parseBoard } from '../../src/core/board.js';
import { toyRead, toyRender } from './toy-vision.js';

const blankAtHit: typeof toyRender = (board, skin, o) => toyRender({ ...board, cells: board.cells.map((c) => (c === EXPLODED ? 0 : c)) }, skin, o);

function reading(text: string): Reading {
  const board = parseBoard(text);
  return { skin: 't', board, face: null, mineCounter: null, timer: null, grid: { left: 0, top: 0, pitch: 16, cols: board.width, rows: board.height, scale: 1 }, minConfidence: 1, unsure: [] };
}

describe('a mine hit drawn as an opened cell holding nothing, in play', () => {
  it('is counted lost, the hit told a mine, the run going on', async () => {
    let losses = 0;
    for (const seed of [3, 4, 5]) {
      const events: PlayEvent[] = [];
      const d = new SimulatedDesktop({ spec: { width: 16, height: 16, mines: 40 }, rule: 'safe', seed, render: blankAtHit, skin: 'toy' });
      const result = await playSession(d, { strategy: createStrategy('simple'), read: toyRead, rule: 'safe', games: 3, seed: 1, onEvent: (e) => events.push(e) });
      expect(result.stopped, `seed ${seed}`).toBeNull();
      expect(result.games).toBe(3);
      d.games.forEach((g, k) => expect(result.records[k]!.result, `seed ${seed} game ${k}`).toBe(g.status));
      for (const [k, g] of d.games.entries()) {
        if (g.status !== 'lost') continue;
        losses++;
        const cells = g.board().cells;
        for (const e of events) if (e.type === 'opened' && e.game === k) expect(e.mine, `seed ${seed} game ${k}`).toBe(cells[e.move.y * 16 + e.move.x] === EXPLODED);
        expect(events.filter((e) => e.type === 'opened' && e.game === k && e.mine)).toHaveLength(1);
      }
    }
    expect(losses).toBeGreaterThan(0);
  });

  it('is no loss without mines shown, nor where the mines shown leave no room for the hit', () => {
    const prev = parseBoard('4x2/2\n1...\n....\n');
    // the lone click at (2,0), a 0 beside covered cells, a mine shown at (1,1): lost there
    const lost = blankHit(reading('4x2/2\n1.0.\n.*..\n'), prev, [2]);
    expect(lost?.board.cells[2]).toBe(EXPLODED);
    // a flood drawn in steps: no mine shown
    expect(blankHit(reading('4x2/2\n1.0.\n....\n'), prev, [2])).toBeNull();
    // both mines shown (a win that shows them): the hit would be a third
    expect(blankHit(reading('4x2/2\n1.0*\n.*..\n'), prev, [2])).toBeNull();
    // a 0 drawn whole (no covered neighbour), or a batch of clicks
    expect(blankHit(reading('4x2/2\n1000\n.*00\n'), prev, [2])).toBeNull();
    expect(blankHit(reading('4x2/2\n1.0.\n.*..\n'), prev, [2, 3])).toBeNull();
  });
});
