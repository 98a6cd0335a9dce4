// How many clicks a won expert game takes with each way of clicking a decision, on the simulator
// (no screen): one click per certain safe cell as the solver lists them, and the live loop's
// planner (src/bot/game/plan.ts) with flags off/on and chords off/on. Same games for every way.
//
//   nice -n 19 npx tsx scripts/bench/clicks.ts [--games 200] [--seed 1] [--strategy exact]

import { createRng, mixSeed } from '../../src/core/rng.js';
import type { Move } from '../../src/core/strategy.js';
import { Game } from '../../src/game/engine.js';
import { planClicks } from '../../src/bot/game/plan.js';
import { createStrategy, defaultStrategyName } from '../../src/solver/registry.js';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const games = Number(opt('--games', '200'));
const seed = Number(opt('--seed', '1'));
const strategyName = opt('--strategy', defaultStrategyName());

type Way = { name: string; flags: boolean; chord: boolean; plan: boolean };
const ways: Way[] = [
  { name: 'one click per safe cell, no flags', flags: false, chord: false, plan: false },
  { name: 'planned, no flags', flags: false, chord: false, plan: true },
  { name: 'planned, no flags, chords (flags only where a chord pays)', flags: false, chord: true, plan: true },
  { name: 'one click per safe cell and per mine, flags', flags: true, chord: false, plan: false },
  { name: 'planned, flags', flags: true, chord: false, plan: true },
  { name: 'planned, flags, chords', flags: true, chord: true, plan: true },
];

for (const way of ways) {
  const strategy = createStrategy(strategyName);
  let won = 0;
  let clicks = 0;
  for (let g = 0; g < games; g++) {
    const game = new Game({ width: 30, height: 16, mines: 99 }, 'zero', createRng(mixSeed(seed, g)));
    const rng = createRng(mixSeed(seed + 1, g));
    let n = 0;
    while (!game.finished) {
      const board = game.board();
      const moves: Move[] = strategy.decide(board, { rule: 'zero', rng, flags: way.flags || way.chord }).moves;
      const plan = way.plan
        ? planClicks(moves, board, { flags: way.flags, chord: way.chord, chordButton: 'middle' })
        : (() => {
            const certain = moves.filter((m) => m.certain && (m.action === 'open' || way.flags));
            return (certain.length ? certain : moves.filter((m) => m.action === 'open').slice(0, 1)).map((m) => ({ ...m, action: m.action }));
          })();
      for (const c of plan) {
        const before = game.board().cells[c.y * board.width + c.x]!;
        if (c.action === 'open') {
          if (before < 9 || before === 10) continue; // opened meanwhile: the live loop skips it
          game.open(c.x, c.y);
        } else if (c.action === 'flag') game.toggleFlag(c.x, c.y);
        else game.chord(c.x, c.y);
        n++;
        if (game.finished) break;
      }
    }
    if (game.status === 'won') {
      won++;
      clicks += n;
    }
  }
  process.stdout.write(`${way.name.padEnd(60)} ${won}/${games} won, ${(clicks / Math.max(1, won)).toFixed(1)} clicks per won game\n`);
}
