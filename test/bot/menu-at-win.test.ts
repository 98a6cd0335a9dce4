// A browser game that stops handling its board at its end (prabhakar-regmi/Minesweeper-HTML: its
// right-click handler returns before keeping the click once the game is over): a right click then
// opens the browser's context menu at the pointer, over the board. The menu takes every key but
// Escape closes it, and the next left click anywhere only closes it. Learning a look it does not
// know (no face), the loop flags the mines left at every win its own count sees (a game may want
// them flagged). Simulated desktop, xdemineur drawn, not known.
import { describe, expect, it } from 'vitest';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import type { Button, Point } from '../../src/desktop/ports.js';
import { learnFromNothing } from '../support/learn-from-nothing.js';
import { render } from '../../src/bot/learn/vision-link.js';
import { COVERED, FLAG } from '../../src/core/board.js';

const SPEC = { width: 9, height: 9, mines: 10 };
const MENU = { width: 180, height: 240 };

/** The game, with the browser's context menu over it after a right click on its ended board; the menus opened. */
function browserGame(seed: number): { d: SimulatedDesktop; menus: { game: number; at: Point }[]; swallowed: () => number } {
  // (as that game draws a win: the mines the player did not flag stay covered; the simulated game flags them all)
  const own = new Map<number, Set<number>>();
  let sim: SimulatedDesktop | null = null;
  const drawn: typeof render = (board, skin, o) => {
    if (sim?.game.status !== 'won') return render(board, skin, o);
    const mine = own.get(sim.games.length) ?? new Set<number>();
    return render({ ...board, cells: board.cells.map((c, i) => (c === FLAG && !mine.has(i) ? COVERED : c)) }, skin, o);
  };
  const d = new SimulatedDesktop({ spec: SPEC, rule: 'safe', seed, render: drawn, skin: 'xdemineur', offset: { x: 50, y: 40 }, screen: { width: 800, height: 600 }, lag: 1, newGameKeys: ['F2'] });
  sim = d;
  const menus: { game: number; at: Point }[] = [];
  let menu: number | null = null;
  let swallowed = 0;
  const click = d.pointer.click.bind(d.pointer);
  const open = async (): Promise<boolean> => (await d.windows.list()).some((w) => w.title === 'menu');
  d.pointer.click = async (at: Point, button: Button) => {
    if (menu !== null && !(await open())) menu = null;
    // (a click anywhere while the menu is up closes it and goes no further)
    if (menu !== null && button === 'left') {
      d.lower(menu);
      menu = null;
      swallowed++;
      return;
    }
    if (menu !== null) (d.lower(menu), (menu = null));
    const ended = d.game.status !== 'playing';
    await click(at, button);
    const cell = d.clicks.at(-1)?.cell;
    if (!ended && button === 'right' && cell) {
      const mine = own.get(d.games.length) ?? new Set<number>();
      const i = cell[1] * SPEC.width + cell[0];
      if (mine.has(i)) mine.delete(i);
      else mine.add(i);
      own.set(d.games.length, mine);
    }
    const w = d.window;
    const onBoard = at.x >= w.left && at.y >= w.top && at.x < w.left + w.width && at.y < w.top + w.height;
    if (button === 'right' && ended && onBoard) {
      menus.push({ game: d.games.length - 1, at: { ...at } });
      menu = d.raise({ title: 'menu', region: { left: at.x + 1, top: at.y + 1, ...MENU }, colour: [242, 242, 242], closesOn: ['Escape'] });
    }
  };
  return { d, menus, swallowed: () => swallowed };
}

describe('a right click on an ended browser game opens its context menu', () => {
  it('at each win its own count sees, the learner flags one mine, sees the menu, closes it with Escape and flags no more: every game played, none stopped', async () => {
    let won = 0;
    let menusSeen = 0;
    for (const seed of [6, 10, 16]) {
      const { d, menus, swallowed } = browserGame(seed);
      const escapes: string[] = [];
      const result = await learnFromNothing(d, {
        name: 'xd-menu', mines: SPEC.mines, seed, games: 3,
        onEvent: (e) => {
          if (e.type === 'dismissed') escapes.push(e.key);
        },
      });
      expect(result.stopped, `seed ${seed}`).toBeNull();
      expect(result.games).toBe(3);
      const wins = d.games.slice(0, 3).filter((g) => g.status === 'won').length;
      won += wins;
      menusSeen += menus.length;
      // one right click per won game at most, each menu closed by Escape, no click swallowed by one
      for (let k = 0; k < 3; k++) expect(menus.filter((m) => m.game === k).length).toBeLessThanOrEqual(1);
      expect(escapes.filter((k) => k === 'Escape').length).toBe(menus.length);
      expect((await d.windows.list()).some((w) => w.title === 'menu')).toBe(false);
      expect(swallowed()).toBe(0);
    }
    expect(won).toBeGreaterThan(3);
    expect(menusSeen).toBe(3);
  }, 300_000);
});
