// The bench runner: plays N seeded games with a strategy on worker threads. Game i always gets
// the same layout and strategy randomness, so results do not depend on the worker count.

import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { specName } from '../core/rules.js';
import { createStrategy } from '../solver/registry.js';
import { runGame, type BenchTask, type GameRecord } from './game-task.js';
import { summariseTimes, wilson, type TimeSummary } from './summary.js';

export interface BenchOptions extends BenchTask {
  games: number;
  /** Worker threads; 0 plays in the calling thread. */
  workers: number;
  /** Games handed to a worker at a time. */
  chunk?: number;
  onProgress?: (done: number, total: number, wins: number) => void;
  /** Every finished game, in completion order (not index order). */
  onGame?: (record: GameRecord) => void;
}

export interface BenchResult {
  board: string;
  width: number;
  height: number;
  mines: number;
  rules: string;
  strategy: string;
  seed: number;
  workers: number;
  games: number;
  wins: number;
  winRate: number;
  ci95: [number, number];
  msPerGame: TimeSummary;
  gamesPerSecond: number;
  wallMs: number;
  stalled: number;
}

export function summarise(options: BenchTask & { workers: number }, records: GameRecord[], wallMs: number): BenchResult {
  const wins = records.filter((r) => r.won).length;
  const n = records.length;
  return {
    board: specName(options.spec),
    width: options.spec.width,
    height: options.spec.height,
    mines: options.spec.mines,
    rules: options.rule,
    strategy: options.strategy,
    seed: options.seed,
    workers: options.workers,
    games: n,
    wins,
    winRate: n ? wins / n : 0,
    ci95: wilson(wins, n),
    msPerGame: summariseTimes(records.map((r) => r.ms)),
    gamesPerSecond: wallMs > 0 ? (n * 1000) / wallMs : 0,
    wallMs,
    stalled: records.filter((r) => r.stalled).length,
  };
}

/** Runs the games; resolves with one record per game, ordered by game index. */
export async function runGames(options: BenchOptions): Promise<GameRecord[]> {
  const { games } = options;
  const task: BenchTask = { spec: options.spec, rule: options.rule, seed: options.seed, strategy: options.strategy };
  const records: GameRecord[] = new Array(games);
  let done = 0;
  let wins = 0;
  const accept = (r: GameRecord) => {
    records[r.index] = r;
    done++;
    if (r.won) wins++;
    options.onGame?.(r);
  };
  if (options.workers <= 0) {
    const strategy = createStrategy(options.strategy);
    for (let i = 0; i < games; i++) {
      accept(runGame(task, strategy, i));
      options.onProgress?.(done, games, wins);
    }
    return records;
  }
  const chunk = options.chunk ?? Math.max(1, Math.min(50, Math.ceil(games / (options.workers * 8))));
  let next = 0;
  const workerCount = Math.min(options.workers, Math.max(1, Math.ceil(games / chunk)));
  const runningFromTs = import.meta.url.endsWith('.ts');
  const url = new URL(runningFromTs ? './worker.ts' : './worker.js', import.meta.url);
  await new Promise<void>((resolve, reject) => {
    let finished = 0;
    let failed = false;
    const workers: Worker[] = [];
    const feed = (w: Worker) => {
      if (next >= games) {
        w.postMessage('stop');
        return;
      }
      const from = next;
      next = Math.min(games, next + chunk);
      w.postMessage({ from, to: next });
    };
    for (let k = 0; k < workerCount; k++) {
      const w = spawnWorker(url, task, runningFromTs);
      workers.push(w);
      w.on('message', (batch: GameRecord[]) => {
        for (const r of batch) accept(r);
        options.onProgress?.(done, games, wins);
        feed(w);
      });
      w.on('error', (err) => {
        if (failed) return;
        failed = true;
        for (const other of workers) void other.terminate();
        reject(err);
      });
      w.on('exit', () => {
        finished++;
        if (finished === workerCount && !failed) resolve();
      });
      feed(w);
    }
  });
  if (done !== games) throw new Error(`bench ended with ${done} of ${games} games played`);
  return records;
}

/** Starts the worker; from TypeScript sources (tests) it first registers tsx in the thread. */
function spawnWorker(url: URL, task: BenchTask, fromTs: boolean): Worker {
  if (!fromTs) return new Worker(url, { workerData: task });
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { eval: true, workerData: task });
}

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const start = performance.now();
  const records = await runGames(options);
  return summarise(options, records, performance.now() - start);
}
