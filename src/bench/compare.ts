// Paired comparison of strategies on the same games, and the shard files that `bench merge`
// combines. Everything here is computed from per-game records in game-index order, so a merged
// set of shards gives exactly the numbers of the unsharded run (wall-clock times aside).

import { specName, type BoardSpec, type FirstClickRule } from '../core/rules.js';
import { CalibrationAccumulator } from '../stats/calibration.js';
import { pairedFromCounts, wilson } from '../stats/winrate.js';
import type { GameRecord } from './game-task.js';
import { summarise, type BenchResult } from './run.js';
import { summariseTimes, type TimeSummary } from './summary.js';

/** Bins used for the calibration error of guesses in the comparison table. */
export const COMPARE_BINS = 20;

export interface StrategySummary {
  strategy: string;
  games: number;
  wins: number;
  winRate: number;
  ci95: [number, number];
  /** Win rate minus the first strategy's, over the same games, with its 95% interval. */
  diff: number;
  diffCi95: [number, number];
  /** Games this strategy won and the first lost, and the reverse. */
  winsOnly: number;
  lossesOnly: number;
  msPerGame: TimeSummary;
  /** Guesses made (opens not called certain, first click excluded) and their calibration. */
  guesses: number;
  guessMines: number;
  /** Mean predicted mine probability of the guesses, and the fraction that were mines. */
  guessPredicted: number;
  guessActual: number;
  ece: number;
  brier: number;
  stalled: number;
}

export interface CompareResult {
  board: string;
  width: number;
  height: number;
  mines: number;
  rules: string;
  seed: number;
  /** Where the layouts came from: "seeded" (played by the first strategy) or a file name. */
  layouts: string;
  games: number;
  workers: number;
  strategies: StrategySummary[];
  wallMs: number;
}

export interface RunConfig {
  spec: BoardSpec;
  rule: FirstClickRule;
  seed: number;
  strategies: string[];
  workers: number;
  layouts?: string;
  first?: [number, number];
}

/** Summarises per-strategy records (each list ordered by game index, the same games). */
export function summariseCompare(config: RunConfig, records: GameRecord[][], wallMs: number): CompareResult {
  const base = records[0]!;
  const strategies = records.map((list, k): StrategySummary => {
    if (list.length !== base.length) throw new Error(`strategy ${config.strategies[k]} has ${list.length} games, the first has ${base.length}`);
    let wins = 0;
    let winsOnly = 0;
    let lossesOnly = 0;
    const acc = new CalibrationAccumulator(COMPARE_BINS);
    let pSum = 0;
    list.forEach((r, i) => {
      if (r.index !== base[i]!.index) throw new Error(`game ${r.index} of ${config.strategies[k]} is not paired with game ${base[i]!.index}`);
      if (r.won) wins++;
      if (r.won && !base[i]!.won) winsOnly++;
      if (!r.won && base[i]!.won) lossesOnly++;
      const g = r.guesses ?? [];
      for (let t = 0; t < g.length; t += 2) {
        acc.add(g[t]!, g[t + 1] === 1);
        pSum += g[t]!;
      }
    });
    const n = list.length;
    const d = pairedFromCounts(n, lossesOnly, winsOnly);
    const cal = acc.result();
    return {
      strategy: config.strategies[k]!,
      games: n,
      wins,
      winRate: n ? wins / n : 0,
      ci95: wilson(wins, n),
      diff: d.diff,
      diffCi95: d.ci,
      winsOnly,
      lossesOnly,
      msPerGame: summariseTimes(list.map((r) => r.ms)),
      guesses: cal.count,
      guessMines: cal.mines,
      guessPredicted: cal.count ? pSum / cal.count : 0,
      guessActual: cal.count ? cal.mines / cal.count : 0,
      ece: cal.ece,
      brier: cal.brier,
      stalled: list.filter((r) => r.stalled).length,
    };
  });
  return {
    board: specName(config.spec),
    width: config.spec.width,
    height: config.spec.height,
    mines: config.spec.mines,
    rules: config.rule,
    seed: config.seed,
    layouts: config.layouts ?? (config.first ? `seeded, first click ${config.first.join(',')}` : 'seeded'),
    games: base.length,
    workers: config.workers,
    strategies,
    wallMs,
  };
}

const pct = (x: number, d = 2) => `${(100 * x).toFixed(d)}`;
const signed = (x: number, d = 2) => `${x >= 0 ? '+' : '−'}${(100 * Math.abs(x)).toFixed(d)}`;

/** The comparison table (markdown when `md`, aligned text otherwise). */
export function formatCompare(r: CompareResult, md = false): string {
  const first = r.strategies[0]!.strategy;
  const head = ['strategy', 'games', 'wins', 'win rate % (95% CI)', `vs ${first} (pp, paired 95% CI)`, 'ms/game', 'guesses', 'guess p̄ → actual %', `ECE of guesses (pp, ${COMPARE_BINS} bins)`];
  const rows = r.strategies.map((s, k) => [
    s.strategy,
    String(s.games),
    String(s.wins),
    `${pct(s.winRate)} (${pct(s.ci95[0])}–${pct(s.ci95[1])})`,
    k === 0 ? '—' : `${signed(s.diff)} (${signed(s.diffCi95[0])} to ${signed(s.diffCi95[1])})`,
    s.msPerGame.mean >= 100 ? s.msPerGame.mean.toFixed(0) : s.msPerGame.mean.toFixed(1),
    String(s.guesses),
    `${pct(s.guessPredicted, 1)} → ${pct(s.guessActual, 1)}`,
    pct(s.ece),
  ]);
  const where =
    r.layouts === 'seeded' ? `layouts of ${first}'s seeded games` : r.layouts.startsWith('seeded, ') ? `seeded layouts, everyone's first click at (${r.layouts.slice(20)})` : `layouts from ${r.layouts}`;
  const title = `${r.board} (${r.width}x${r.height}/${r.mines}), rules ${r.rules}, seed ${r.seed}, ${r.games} paired games (${where})`;
  const notes: string[] = [];
  for (const s of r.strategies) if (s.stalled) notes.push(`${s.strategy}: ${s.stalled} games stalled (the strategy gave no move)`);
  if (md) {
    const out = [`${title}`, '', `| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? ':--' : '--:')).join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)];
    return [...out, ...notes.map((n) => `\n${n}`)].join('\n') + '\n';
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [title, '', line(head), ...rows.map(line), ...notes].join('\n') + '\n';
}

// ---- shards -----------------------------------------------------------------------------------------

export interface ShardFile {
  kind: 'minebot-bench-shard';
  version: 1;
  board: BoardSpec;
  rules: FirstClickRule;
  seed: number;
  /** Games of the whole (unsharded) run. */
  games: number;
  strategies: string[];
  /** Whether this is a --compare run (changes the report). */
  compare: boolean;
  layouts?: string;
  first?: [number, number];
  /** engine: the batch engine --shard auto took K and N from. */
  shard: { k: number; n: number; from: number; to: number; engine?: string };
  workers: number;
  wallMs: number;
  /** Per strategy, the records of this shard's games in index order. */
  records: GameRecord[][];
}

/**
 * Checks that shard files belong to one run and cover all its games once; returns the records.
 * With `partial`, shards 1..m of N (a prefix, e.g. of a study stopped early) are enough: the
 * result is then that of the run's first games (the same games as a run of that many games).
 */
export function mergeShards(files: { name: string; data: unknown }[], options: { partial?: boolean } = {}): { first: ShardFile; records: GameRecord[][]; wallMs: number; shards: number } {
  if (!files.length) throw new Error('bench merge needs at least one shard file');
  const shards = files.map(({ name, data }) => {
    const d = data as Partial<ShardFile>;
    if (!d || d.kind !== 'minebot-bench-shard' || d.version !== 1 || !Array.isArray(d.records) || !d.shard) {
      throw new Error(`${name} is not a shard result (write one with bench --shard K/N --json)`);
    }
    return { name, d: d as ShardFile };
  });
  const first = shards[0]!.d;
  const same = (s: ShardFile) =>
    JSON.stringify([s.board, s.rules, s.seed, s.games, s.strategies, s.compare, s.layouts ?? null, s.first ?? null, s.shard.n]) ===
    JSON.stringify([first.board, first.rules, first.seed, first.games, first.strategies, first.compare, first.layouts ?? null, first.first ?? null, first.shard.n]);
  for (const { name, d } of shards) {
    if (!same(d)) throw new Error(`${name} is from a different run than ${shards[0]!.name} (board, rules, seed, games, strategies or shard count differ)`);
  }
  const byK = new Map<number, ShardFile>();
  for (const { name, d } of shards) {
    if (byK.has(d.shard.k)) throw new Error(`shard ${d.shard.k}/${d.shard.n} is given twice (${name})`);
    byK.set(d.shard.k, d);
  }
  let upTo = first.shard.n;
  if (options.partial) {
    upTo = 0;
    while (byK.has(upTo + 1)) upTo++;
    if (upTo === 0) throw new Error(`a partial merge needs shard 1/${first.shard.n} and the shards after it`);
    if (upTo < byK.size) throw new Error(`a partial merge needs consecutive shards from 1/${first.shard.n}; shard ${upTo + 1}/${first.shard.n} is missing`);
  }
  const missing: number[] = [];
  for (let k = 1; k <= upTo; k++) if (!byK.has(k)) missing.push(k);
  if (missing.length) throw new Error(`missing shard${missing.length > 1 ? 's' : ''} ${missing.map((k) => `${k}/${first.shard.n}`).join(', ')}`);
  const records: GameRecord[][] = first.strategies.map(() => []);
  let wallMs = 0;
  for (let k = 1; k <= upTo; k++) {
    const d = byK.get(k)!;
    // Wall time of the shards one after another (games/s of a merge is per shard-machine).
    wallMs += d.wallMs;
    d.records.forEach((list, s) => records[s]!.push(...list));
  }
  for (const list of records) {
    list.forEach((r, i) => {
      if (r.index !== i) throw new Error(`merged shards do not hold game ${i} exactly once`);
    });
    if (upTo === first.shard.n && list.length !== first.games) throw new Error(`merged shards hold ${list.length} of ${first.games} games`);
  }
  return { first, records, wallMs, shards: upTo };
}

/** The result the merged shards stand for: a BenchResult or a CompareResult. */
export function mergedResult(first: ShardFile, records: GameRecord[][], wallMs: number): BenchResult | CompareResult {
  if (first.compare) {
    return summariseCompare(
      { spec: first.board, rule: first.rules, seed: first.seed, strategies: first.strategies, workers: first.workers, ...(first.layouts ? { layouts: first.layouts } : {}), ...(first.first ? { first: first.first } : {}) },
      records,
      wallMs,
    );
  }
  return summarise({ spec: first.board, rule: first.rules, seed: first.seed, strategy: first.strategies[0]!, workers: first.workers }, records[0]!, wallMs);
}
