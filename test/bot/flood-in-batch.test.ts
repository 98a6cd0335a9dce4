// A batch's later click aimed at a cell an earlier opening's flood opened, on a screen that draws
// clicks late: the check before the click saw the cell still covered, and the click fell on the
// number the flood left there. Most games ignore it; some open every unflagged neighbour of a
// number clicked (assisken/minesweeper-html5), and three "certain" batches lost that game.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { playSession } from '../../src/bot/loop.js';
import type { PlayConfig } from '../../src/bot/session.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import { isClosed, parseBoard } from '../../src/core/board.js';
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import { floodReach } from '../../src/bot/game/flood-reach.js';
import { toyRead, toyRender } from './toy-vision.js';

describe('a batch on a screen that draws its clicks late', () => {
  it('never clicks a cell an earlier click of the batch opened', async () => {
    let onOpen = 0, clicks = 0;
    for (const seed of [3, 5, 8]) {
      const d = new SimulatedDesktop({ spec: { width: 16, height: 16, mines: 40 }, rule: 'zero', seed, render: toyRender, skin: 'toy', offset: { x: 40, y: 30 }, screen: { width: 800, height: 600 }, lag: 2, title: 'Minesweeper' });
      let game: Game | null = null;
      let before: Uint8Array | null = null;
      // (the board as it stood before each click: the hook runs after the click is taken)
      d.onClick = (r, desk) => {
        if (desk.game !== game) (game = desk.game), (before = null);
        if (r.cell && r.button === 'left' && before && !isClosed(before[r.cell[1] * 16 + r.cell[0]]!)) onOpen++;
        clicks++;
        before = desk.game.board().cells.slice();
      };
      const cfg: PlayConfig = { strategy: createStrategy('exact'), read: toyRead, rule: 'zero', games: 2, seed: 1, flags: true, boardWaitMs: 3000 };
      await playSession(d, cfg);
    }
    expect(clicks).toBeGreaterThan(100);
    expect(onOpen).toBe(0);
  });
});

describe('floodReach', () => {
  it('goes no farther than a cell with a known mine beside it', () => {
    const b = parseBoard('4x3/1\n....\n....\n..F.');
    const mines = new Set([10]);
    // (0,0) may be a 0: it opens its neighbours, and on through those that may be 0s; (3,2) lies
    // beside the mine and beside no cell that may be a 0
    const reach = floodReach(b, [0], mines);
    expect([...reach].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // a cell beside the mine is no 0: it opens itself alone
    expect([...floodReach(b, [5], mines)]).toEqual([5]);
  });

  it('holds every cell a real flood opens (property)', () => {
    // (the game engine's flood from a closed safe cell, on random layouts: always inside the
    // reach, with the mines known or not)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.boolean(), (seed, known) => {
        const rng = createRng(seed);
        const w = 8, h = 6, cells = w * h;
        const layout = new Uint8Array(cells);
        for (let placed = 0; placed < 8; ) {
          const i = rng.int(cells);
          if (!layout[i]) (layout[i] = 1), placed++;
        }
        const from = layout.indexOf(0);
        const game = new Game({ width: w, height: h, mines: 8 }, 'none', null, layout);
        game.open(from % w, (from / w) | 0);
        const opened = [...game.board().cells.keys()].filter((i) => !isClosed(game.board().cells[i]!));
        const mines = new Set([...layout.keys()].filter((i) => layout[i]));
        const closed = parseBoard(`${w}x${h}/8\n` + ('.'.repeat(w) + '\n').repeat(h));
        const reach = floodReach(closed, [from], known ? mines : new Set());
        return opened.length > 0 && opened.every((i) => reach.has(i));
      }),
      { numRuns: 200 },
    );
  });
});
