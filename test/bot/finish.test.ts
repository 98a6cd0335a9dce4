// A game that counts a win only once every mine is flagged (the Minesweeper of 98.js): when every
// safe cell is open and the game does not show a win, the loop flags the covered cells left, which
// are the mines; a game that flags them itself leaves nothing to flag.
import { describe, expect, it } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import type { PlayEvent } from '../../src/bot/session.js';
import { minesLeft } from '../../src/bot/game/judge.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import { COVERED, FLAG, EXPLODED, parseBoard, type Board } from '../../src/core/board.js';
import { toyRead, toyRender } from './toy-vision.js';

describe('a win that needs every mine flagged', () => {
  it('minesLeft: the covered cells of a board whose every safe cell is open, else none', () => {
    expect(minesLeft(parseBoard('3x3/2\n1.1\n221\n.10'))).toEqual([1, 6]);
    expect(minesLeft(parseBoard('3x3/2\n1F1\n221\n.10'))).toEqual([6]);
    expect(minesLeft(parseBoard('3x3/2\n1.1\n2.1\n.10'))).toEqual([]);
  });

  it('the loop flags the mines left when the game shows no win by itself', async () => {
    // drawn as a game that leaves its mines covered at a win (the simulated game flags them):
    // only the flags the bot put stay (right clicks on a cell since the game's last left click... a
    // flag toggled an odd number of times)
    const won = (b: Board): boolean => !b.cells.some((c) => c === EXPLODED) && b.cells.filter((c) => c === COVERED || c === FLAG).length === b.mines;
    const mine = new Set<number>(); // cells the bot flagged in this game (its click events)
    const flagged = (i: number): boolean => mine.has(i);
    const track = (e: PlayEvent): void => {
      if (e.type === 'click' && e.cell && e.button === 'right') {
        const i = e.cell[1] * 9 + e.cell[0];
        if (mine.has(i)) mine.delete(i);
        else mine.add(i);
      }
      if (e.type === 'game') mine.clear();
    };
    const render: typeof toyRender = (b, skin, o) => {
      if (!won(b)) return toyRender(b, skin, o);
      const cells = b.cells.map((c, i) => (c === FLAG && !flagged(i) ? COVERED : c));
      // the face shows the win once every mine is flagged
      return toyRender({ ...b, cells }, skin, { ...o, face: cells.includes(COVERED) ? 'playing' : 'won' });
    };
    const d = (new SimulatedDesktop({ spec: { width: 9, height: 9, mines: 10 }, rule: 'zero', seed: 3, render, skin: 'toy' }));
    const ends: { game: number; right: [number, number][] }[] = [];
    let clicksAt: [number, number][] = [];
    const result = await playSession(d, {
      strategy: createStrategy('simple'), read: toyRead, rule: 'zero', games: 4, seed: 1, flags: false,
      onEvent: (e) => {
        track(e);
        if (e.type === 'click' && e.cell) clicksAt.push(e.button === 'right' ? e.cell : [-1, -1]);
        if (e.type === 'game') (ends.push({ game: e.game, right: clicksAt.filter(([x]) => x >= 0) }), (clicksAt = []));
      },
    });
    expect(result.stopped).toBeNull();
    // flags off: nothing flagged, won or not
    expect(ends.every((e) => e.right.length === 0)).toBe(true);
    const d2 = (new SimulatedDesktop({ spec: { width: 9, height: 9, mines: 10 }, rule: 'zero', seed: 3, render, skin: 'toy' }));
    const wins: [number, number][][] = [];
    const flagsAtWin: number[][] = [];
    let right: [number, number][] = [];
    const r2 = await playSession(d2, {
      strategy: createStrategy('simple'), read: toyRead, rule: 'zero', games: 16, seed: 1, flags: true,
      onEvent: (e) => {
        if (e.type === 'game' && e.result === 'won') (wins.push(right), flagsAtWin.push([...mine].sort((a, b) => a - b)));
        track(e);
        if (e.type === 'move') right = [];
        if (e.type === 'click' && e.cell && e.button === 'right') right.push(e.cell);
      },
    });
    expect(r2.stopped).toBeNull();
    expect(wins.length).toBeGreaterThan(0);
    // each won game ends with every mine flagged: by the bot as it played, and the rest after its
    // last move (the covered cells left)
    d2.games.filter((g) => g.status === 'won').forEach((g, k) => {
      const mines: number[] = [];
      for (let i = 0; i < 81; i++) if (g.mineAt(i % 9, (i / 9) | 0)) mines.push(i);
      expect(flagsAtWin[k]).toEqual(mines);
    });
    expect(wins.some((w) => w.length > 0)).toBe(true);
  });
});
