// Were think's switches right? Plays seeded games with `think` (name given) and, at each guess
// where it left exact's cell, judges the two cells again with a large paired budget (only those
// two raced, no early stop, another seed). The mean of (think's cell − exact's cell) over the
// switches, times switches per game, is what the switches are worth per game (first order).
// The judge plays on with the race's own policy, or with `exact` (last argument `exact`) or the
// plain rule (`plain`).
//   npx tsx scripts/bench/think-switches.ts expert safe 7 1000 40 think 800 [exact|plain]

import { parseBoardSpec, parseRule } from '../../src/core/rules.js';
import { createRng } from '../../src/core/rng.js';
import type { Board } from '../../src/core/board.js';
import { playGame } from '../../src/sim/play.js';
import { analyze } from '../../src/solver/probability.js';
import { thinkOptionsOf } from '../../src/solver/registry.js';
import { createExactStrategy } from '../../src/solver/strategy.js';
import { createThinkStrategy, race, THINK_DEFAULTS, type ThinkReport } from '../../src/solver/think.js';

const [board = 'expert', rule = 'safe', seed = '7', from = '1000', switchesWanted = '40', name = 'think', judge = '800', judgeWith = ''] = process.argv.slice(2);
const spec = parseBoardSpec(board);
const options = name === 'think' ? {} : thinkOptionsOf(name);
const found: { board: Board; report: ThinkReport; game: number }[] = [];
let current: Board | null = null;
let game = 0;
const think = createThinkStrategy(options, undefined, (r) => {
  if (r.chosen !== r.exact && current) found.push({ board: current, report: r, game });
});
const spy = { name: 'spy', decide: (b: Board, ctx: Parameters<typeof think.decide>[1]) => ((current = b), think.decide(b, ctx)) };
let games = 0;
for (game = Number(from); found.length < Number(switchesWanted); game++) {
  playGame(spy, { spec, rule: parseRule(rule), seed: Number(seed), index: game });
  games++;
}
const plain = judgeWith === '' ? (options.fast ?? THINK_DEFAULTS.fast) : judgeWith === 'plain';
if (judgeWith !== '' && judgeWith !== 'plain' && judgeWith !== 'exact') throw new Error(`judge with exact or plain, not "${judgeWith}"`);
const policy = createExactStrategy(plain ? { candidates: 0, quick: false } : { quick: false });
let sum = 0;
let sum2 = 0;
for (const f of found) {
  const analysis = analyze(f.board);
  const r = race(f.board, analysis, [f.report.exact, f.report.chosen], policy, { rule: parseRule(rule), rng: createRng(0) }, { playouts: 2 * Number(judge), minRounds: 1e9, seed: 99 });
  const d = r!.leads[1]!;
  sum += d.mean;
  sum2 += d.mean * d.mean;
  console.log(JSON.stringify({ game: f.game, exact: f.report.exact, chosen: f.report.chosen, racedLead: f.report.leads[f.report.candidates.indexOf(f.report.chosen)], judged: d }));
}
const n = found.length;
const mean = sum / n;
const se = Math.sqrt(Math.max(0, sum2 / n - mean * mean) / n);
console.log(`${board} ${rule} ${name} (judged by ${plain ? 'the plain rule' : 'exact'} playing on): ${n} switches in ${games} games (games ${from}..${Number(from) + games - 1}); judged lead of think's cell over exact's ${(100 * mean).toFixed(2)} ± ${(196 * se).toFixed(2)} points per switch (95%); per game ${((100 * mean * n) / games).toFixed(3)} points`);
