// A simulated desktop (xdemineur's look drawn by `render`, 9x9/10 or as `spec` says, F2 for a new
// game) that keeps the cells the bot flagged in each game: for tests of how lessons label flags.
import type { render as Render } from '../../src/bot/learn/vision-link.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import type { Button, Point } from '../../src/desktop/ports.js';

export function flagsDesktop(seed: number, render: typeof Render, spec = { width: 9, height: 9, mines: 10 }): { d: SimulatedDesktop; flagged: Map<number, Set<number>> } {
  const d = new SimulatedDesktop({ spec, rule: 'safe', seed, render, skin: 'xdemineur', offset: { x: 50, y: 40 }, screen: { width: 800, height: 600 }, lag: 1, newGameKeys: ['F2'] });
  const flagged = new Map<number, Set<number>>();
  const click = d.pointer.click.bind(d.pointer);
  d.pointer.click = async (at: Point, button: Button) => {
    const playing = d.game.status === 'playing';
    await click(at, button);
    const cell = d.clicks.at(-1)?.cell;
    if (!playing || button !== 'right' || !cell) return;
    const k = d.games.length - 1, i = cell[1] * spec.width + cell[0];
    const mine = flagged.get(k) ?? new Set<number>();
    if (mine.has(i)) mine.delete(i);
    else mine.add(i);
    flagged.set(k, mine);
  };
  return { d, flagged };
}
