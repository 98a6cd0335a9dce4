// The prior of `think`'s race (src/solver/prior.ts): how much a candidate leads `exact`'s cell
// in chance of winning, by the gap between their look-ahead scores. Two steps:
//
//   collect: at every guess `exact` makes by look-ahead in seeded expert games (seed 1001, not
//   the seed-7 games the results are measured on), the race's candidates (a wider margin and
//   more of them than the race takes, so that every gap is seen) are played on the same ROUNDS
//   layouts, `exact` playing on (weighted playouts, as the race does). One JSON line a position;
//   a position met again (at most 16 cells open) is played once.
//     npx tsx scripts/fit/think-prior.ts collect safe 1001 0 1200 16 > prior-safe.jsonl
//
//   fit: per gap bin, the mean of the positions' mean leads and their true spread (the spread of
//   those means less the part their sampling noise explains, method of moments), written as
//   src/solver/think-prior-data.ts. A bin of gaps at or below 0 gets a mean of at most 0.
//     npx tsx scripts/fit/think-prior.ts fit prior-safe.jsonl prior-zero.jsonl

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { parseBoardSpec, parseRule } from '../../src/core/rules.js';
import type { StrategyContext } from '../../src/core/strategy.js';
import { playGame } from '../../src/sim/play.js';
import { raceEntries } from '../../src/solver/bayes-race.js';
import { chooseGuess } from '../../src/solver/guess.js';
import { drawSafeAt, playOut, rememberingAll } from '../../src/solver/playout.js';
import { analyze } from '../../src/solver/probability.js';
import { raceValue } from '../../src/solver/prior.js';
import { layoutSampler } from '../../src/solver/sample.js';
import { createExactStrategy } from '../../src/solver/strategy.js';

/** One position: each candidate's gap to exact's cell (exact's first, 0) and its values per round (times its chance of being safe). */
interface Line {
  rule: string;
  game: number;
  open: number;
  cells: number[];
  gaps: number[];
  vals: number[][];
}

/** Upper ends of the gap bins (the last takes every larger gap). */
export const BIN_EDGES = [-0.05, -0.02, -0.01, -1e-9, 1e-9, Infinity];
/** Least true spread a bin is given (half a point): a spread fitted at 0 would make its prior certain. */
const LEAST_SD = 0.005;

function collect(rule: string, seed: number, from: number, games: number, rounds: number): void {
  const spec = parseBoardSpec('expert');
  const ctx: StrategyContext = { rule: parseRule(rule), rng: createRng(0), flags: false };
  const seen = new Set<string>();
  const exact = createExactStrategy();
  const positions: Board[] = [];
  const spy = {
    name: 'spy',
    decide(board: Board, c: StrategyContext) {
      const d = exact.decide(board, c);
      if (d.moves.some((m) => m.action === 'open' && !m.certain)) positions.push(board);
      return d;
    },
  };
  for (let g = from; g < from + games; g++) {
    positions.length = 0;
    playGame(spy, { spec, rule: ctx.rule, seed, index: g });
    for (const board of positions) {
      let open = 0;
      for (const c of board.cells) if (c <= 8) open++;
      if (open <= 16) {
        const key = String.fromCharCode(...board.cells);
        if (seen.has(key)) continue;
        seen.add(key);
      }
      const analysis = analyze(board);
      const base = chooseGuess(board, analysis, ctx, {});
      if (!base || base.note || analysis.approximate) continue;
      const entries = raceEntries(board, analysis, base.cell, {}, 6, 0.1);
      const sampler = layoutSampler(board);
      if (entries.length < 2 || !sampler) continue;
      const policy = rememberingAll(createExactStrategy({ quick: false }));
      const rng = createRng(g * 7919 + 13);
      const vals: number[][] = entries.map(() => []);
      for (let r = 0; r < rounds; r++) {
        const layout = sampler.draw(rng);
        const s = rng.int(2 ** 31);
        entries.forEach((e, k) => {
          const own = createRng(s);
          const start = drawSafeAt(sampler, e.cell, own, layout);
          const v = start ? (1 - analysis.probabilities[e.cell]!) * playOut(board, start, e.cell, policy, ctx, own) : 0;
          vals[k]!.push(Math.round(1e6 * v) / 1e6);
        });
      }
      const line: Line = { rule, game: g, open, cells: entries.map((e) => e.cell), gaps: entries.map((e) => e.gap), vals };
      console.log(JSON.stringify(line));
    }
  }
}

/** Per bin: positions, mean lead, true spread. */
export function fitBins(lines: Line[]): { upTo: number; n: number; mean: number; sd: number }[] {
  const means: number[][] = BIN_EDGES.map(() => []);
  const noise: number[][] = BIN_EDGES.map(() => []);
  for (const line of lines) {
    for (let k = 1; k < line.cells.length; k++) {
      const a = line.vals[k]!;
      const b = line.vals[0]!;
      const n = Math.min(a.length, b.length);
      if (n < 2) continue;
      let s = 0;
      let s2 = 0;
      for (let r = 0; r < n; r++) {
        const d = a[r]! - b[r]!;
        s += d;
        s2 += d * d;
      }
      const m = s / n;
      const bin = BIN_EDGES.findIndex((e) => line.gaps[k]! <= e);
      means[bin]!.push(m);
      noise[bin]!.push((s2 - n * m * m) / (n - 1) / n);
    }
  }
  return BIN_EDGES.map((upTo, i) => {
    const ms = means[i]!;
    const n = ms.length;
    const mean = n ? ms.reduce((x, y) => x + y, 0) / n : 0;
    const spread = n > 1 ? ms.reduce((x, y) => x + (y - mean) ** 2, 0) / (n - 1) : 0;
    const noisy = n ? noise[i]!.reduce((x, y) => x + y, 0) / n : 0;
    return { upTo, n, mean: upTo <= 1e-9 ? Math.min(0, mean) : mean, sd: Math.max(LEAST_SD, Math.sqrt(Math.max(0, spread - noisy))) };
  });
}

function fit(files: string[]): void {
  const lines = files.flatMap((f) => readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line));
  const bins = fitBins(lines);
  const rules = [...new Set(lines.map((l) => l.rule))].join(', ');
  const out = fileURLToPath(new URL('../../src/solver/think-prior-data.ts', import.meta.url));
  const text = [
    `// Generated by scripts/fit/think-prior.ts from ${lines.length} positions (${rules}); do not edit.`,
    '// Per bin of look-ahead score gaps (a candidate\'s score minus exact\'s cell\'s, up to `upTo`):',
    '// the mean lead over exact\'s cell in chance of winning and its true spread (prior.ts).',
    '',
    'export const PRIOR_BINS: readonly { upTo: number; mean: number; sd: number }[] = [',
    ...bins.map((b) => `  { upTo: ${b.upTo === Infinity ? 'Infinity' : b.upTo}, mean: ${b.mean.toFixed(5)}, sd: ${b.sd.toFixed(5)} }, // ${b.n} candidates`),
    '];',
    '',
  ].join('\n');
  writeFileSync(out, text);
  console.log(text);
  // What a race can gain per candidate at each budget (raceValue: the Bayes choice after that many
  // paired rounds of spread 0.18), and with perfect knowledge of the lead.
  console.log('gap up to | candidates | mean lead, points | true spread | gain per race at 13 / 43 / 130 / 1300 rounds | perfect knowledge');
  for (const b of bins) {
    const prior = { mean: b.mean, sd: b.sd };
    const gains = [13, 43, 130, 1300].map((n) => (100 * raceValue(prior, 0.18, n)).toFixed(3));
    console.log(`${b.upTo} | ${b.n} | ${(100 * b.mean).toFixed(2)} | ${(100 * b.sd).toFixed(2)} | ${gains.join(' / ')} | ${(100 * raceValue(prior, 0, 1)).toFixed(3)}`);
  }
}

function main([command, ...rest]: string[]): void {
  if (command === 'collect') {
    const [rule = 'safe', seed = '1001', from = '0', games = '100', rounds = '16'] = rest;
    collect(rule, Number(seed), Number(from), Number(games), Number(rounds));
  } else if (command === 'fit') {
    fit(rest);
  } else {
    console.error('usage: think-prior.ts collect RULE SEED FROM GAMES ROUNDS > file.jsonl | fit FILE...');
    process.exit(1);
  }
}

// Run as a script, not when a test imports fitBins.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
