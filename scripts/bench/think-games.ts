// Paired micro-benchmark of `think` against `exact` on the same seeded games (the layouts of
// `minebot bench --seed S`, which both meet from the same first click), in this thread. Prints
// one JSON line per game (with --lines) and a summary: win rates, the paired difference with its
// 95% interval, CPU time per game (mean, p99, max), the slowest decision (CPU and wall time), and
// what the search did.
//   npx tsx scripts/bench/think-games.ts expert safe 1000 7 'think:playouts=300' [from] [--lines]

import { parseBoardSpec, parseRule } from '../../src/core/rules.js';
import type { Strategy } from '../../src/core/strategy.js';
import { playGame } from '../../src/sim/play.js';
import { createStrategy, thinkOptionsOf } from '../../src/solver/registry.js';
import { createThinkStrategy, type ThinkReport } from '../../src/solver/think.js';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const lines = process.argv.includes('--lines');
const [board = 'expert', rule = 'safe', games = '100', seed = '7', name = 'think', from = '0'] = args;
const spec = parseBoardSpec(board);
let searches = 0;
let switches = 0;
let playoutsTotal = 0;
const onReport = (r: ThinkReport) => {
  searches++;
  playoutsTotal += r.playouts;
  if (r.chosen !== r.exact) switches++;
};
const clock = () => performance.now();
const think = name.startsWith('think') ? createThinkStrategy(name === 'think' ? {} : thinkOptionsOf(name), clock, onReport) : createStrategy(name);
const exact = createStrategy('exact');

function timed(inner: Strategy): { s: Strategy; slowest: () => number; slowestWall: () => number; reset: () => void } {
  let slowest = 0;
  let slowestWall = 0;
  return {
    s: {
      name: inner.name,
      decide(b, ctx) {
        const c0 = process.cpuUsage();
        const w0 = performance.now();
        const d = inner.decide(b, ctx);
        const c1 = process.cpuUsage(c0);
        slowestWall = Math.max(slowestWall, performance.now() - w0);
        slowest = Math.max(slowest, (c1.user + c1.system) / 1000);
        return d;
      },
    },
    slowest: () => slowest,
    slowestWall: () => slowestWall,
    reset: () => ((slowest = 0), (slowestWall = 0)),
  };
}
const T = timed(think);
const E = timed(exact);
const times: number[] = [];
const exactTimes: number[] = [];
let wins = 0;
let exactWins = 0;
let only = 0;
let onlyExact = 0;
let slowestDecision = 0;
let slowestWall = 0;
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
for (let i = Number(from); i < Number(from) + Number(games); i++) {
  const setup = { spec, rule: parseRule(rule), seed: Number(seed), index: i };
  let c0 = cpu();
  const e = playGame(E.s, setup);
  exactTimes.push(cpu() - c0);
  T.reset();
  const before = { searches, switches, playoutsTotal };
  c0 = cpu();
  const t = playGame(T.s, setup);
  const ms = cpu() - c0;
  times.push(ms);
  slowestDecision = Math.max(slowestDecision, T.slowest());
  slowestWall = Math.max(slowestWall, T.slowestWall());
  if (t.won) wins++;
  if (e.won) exactWins++;
  if (t.won && !e.won) only++;
  if (e.won && !t.won) onlyExact++;
  if (lines) {
    console.log(JSON.stringify({ i, exact: e.won ? 1 : 0, think: t.won ? 1 : 0, ms: Math.round(ms), slowest: Math.round(T.slowest()), wall: Math.round(T.slowestWall()), searches: searches - before.searches, switches: switches - before.switches, playouts: playoutsTotal - before.playoutsTotal }));
  }
}
const n = times.length;
const sorted = [...times].sort((a, b) => a - b);
const mean = times.reduce((a, b) => a + b, 0) / n;
const diff = (only - onlyExact) / n;
// Paired difference of two win indicators: per game d in {-1, 0, 1}.
const varD = (only + onlyExact) / n - diff * diff;
const half = 1.96 * Math.sqrt(varD / n);
const pc = (x: number) => (100 * x).toFixed(2);
console.log(
  `${board} ${rule} seed ${seed} games ${from}..${Number(from) + n - 1} ${name}: ${wins}/${n} = ${pc(wins / n)}%  exact ${exactWins}/${n} = ${pc(exactWins / n)}%  ` +
    `think − exact ${diff >= 0 ? '+' : ''}${pc(diff)} (${pc(diff - half)} to ${pc(diff + half)}) points  only think ${only} only exact ${onlyExact}  ` +
    `cpu ms/game mean ${mean.toFixed(0)} p99 ${sorted[Math.floor(0.99 * (n - 1))]!.toFixed(0)} max ${sorted[n - 1]!.toFixed(0)}  slowest decision ${slowestDecision.toFixed(0)} ms cpu, ${slowestWall.toFixed(0)} ms wall  ` +
    `exact mean ${(exactTimes.reduce((a, b) => a + b, 0) / n).toFixed(1)} ms  searches/game ${(searches / n).toFixed(2)}  switches ${switches}  playouts/search ${(playoutsTotal / Math.max(1, searches)).toFixed(0)}`,
);
