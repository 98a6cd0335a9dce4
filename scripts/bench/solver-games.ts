// Micro-benchmark of the exact strategy: plays seeded games in this thread and reports win rate,
// CPU time per game (not wall time: the machine is shared) and the slowest single decision. Options go in as JSON so variants can be
// compared on the same games:
//   npx tsx scripts/bench/solver-games.ts expert safe 500 1 '{"candidates":10}'

import { parseBoardSpec, parseRule } from '../../src/core/rules.js';
import type { Strategy } from '../../src/core/strategy.js';
import { playGame } from '../../src/sim/play.js';
import { createExactStrategy, type ExactOptions } from '../../src/solver/strategy.js';

const [board = 'expert', rule = 'safe', games = '200', seed = '1', json = '{}', from = '0'] = process.argv.slice(2);
const spec = parseBoardSpec(board);
const options = JSON.parse(json) as ExactOptions;
const inner = createExactStrategy(options);
let slowest = 0;
let decisions = 0;
const timed: Strategy = {
  name: inner.name,
  decide(b, ctx) {
    const c0 = process.cpuUsage();
    const d = inner.decide(b, ctx);
    const c1 = process.cpuUsage(c0);
    const dt = (c1.user + c1.system) / 1000;
    decisions++;
    if (dt > slowest) slowest = dt;
    return d;
  },
};
let wins = 0;
let approx = 0;
const times: number[] = [];
for (let i = Number(from); i < Number(from) + Number(games); i++) {
  const c0 = process.cpuUsage();
  const out = playGame(timed, { spec, rule: parseRule(rule), seed: Number(seed), index: i });
  const c1 = process.cpuUsage(c0);
  times.push((c1.user + c1.system) / 1000);
  if (out.won) wins++;
  if (out.notes.some((n) => n.includes('approximated'))) approx++;
  if (out.stalled) console.error(`game ${i} stalled: ${out.stalled}`);
}
times.sort((a, b) => a - b);
const n = times.length;
const mean = times.reduce((a, b) => a + b, 0) / n;
console.log(
  `${board} ${rule} ${json}: ${wins}/${n} = ${((100 * wins) / n).toFixed(2)}%  mean ${mean.toFixed(1)} ms  p99 ${times[Math.floor(0.99 * (n - 1))]!.toFixed(0)} ms  max ${times[n - 1]!.toFixed(0)} ms  slowest decision (cpu) ${slowest.toFixed(0)} ms  decisions/game ${(decisions / n).toFixed(1)}  approx games ${approx}`,
);
