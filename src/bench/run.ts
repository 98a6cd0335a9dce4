// The bench runner: plays N seeded games with a strategy on worker threads. Game i always gets
// the same layout and strategy randomness, so results do not depend on the worker count.

import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { specName } from '../core/rules.js';
import { createStrategy } from '../solver/registry.js';
import type { Layout } from '../game/engine.js';
import { runGameSet, type BenchTask, type GameRecord } from './game-task.js';
import { wilson } from '../stats/winrate.js';
import { summariseTimes, type TimeSummary } from './summary.js';

export interface BenchOptions extends BenchTask {
  games: number;
  /** Worker threads; 0 plays in the calling thread. */
  workers: number;
  /** Games handed to a worker at a time. */
  chunk?: number;
  onProgress?: (done: number, total: number, wins: number) => void;
  /** Every finished game, in completion order (not index order). */
  onGame?: (record: GameRecord) => void;
  /** Every finished game with the records of all strategies (with moves and layout if asked). */
  onGameSet?: (records: GameRecord[]) => void;
  /** Play only game indices from..to−1 (a shard); the seeds stay those of the whole run. */
  from?: number;
  to?: number;
  /** Layouts to play, indexed by game index (instead of seeded ones). */
  layouts?: Layout[];
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
  return (await runGameSets(options))[0]!;
}

/**
 * Runs games `from`..`to` (default all) with every strategy of the task; resolves with one list
 * per strategy (in task order) of records ordered by game index. `onGameSet` sees each game's
 * records with their moves and layout, which are then dropped to keep memory flat.
 */
export async function runGameSets(options: BenchOptions): Promise<GameRecord[][]> {
  const { games } = options;
  const from = options.from ?? 0;
  const to = options.to ?? games;
  if (from < 0 || to > games || from > to) throw new RangeError(`game range ${from}..${to} is outside 0..${games}`);
  if (options.layouts && options.layouts.length < to) throw new RangeError(`${options.layouts.length} layouts for ${to} games`);
  const count = to - from;
  const task: BenchTask = {
    spec: options.spec,
    rule: options.rule,
    seed: options.seed,
    strategy: options.strategy,
    ...(options.compare ? { compare: options.compare } : {}),
    ...(options.log ? { log: true } : {}),
    ...(options.keepLayout ? { keepLayout: true } : {}),
    ...(options.first ? { first: options.first } : {}),
  };
  const names = options.compare ?? [options.strategy];
  const records: GameRecord[][] = names.map(() => new Array(count));
  let done = 0;
  let wins = 0;
  const accept = (set: GameRecord[]) => {
    options.onGameSet?.(set);
    set.forEach((r, k) => {
      delete r.moves;
      delete r.layout;
      records[k]![r.index - from] = r;
    });
    done++;
    if (set[0]!.won) wins++;
    options.onGame?.(set[0]!);
  };
  if (options.workers <= 0) {
    const strategies = names.map((n) => createStrategy(n));
    for (let i = from; i < to; i++) {
      accept(runGameSet(task, strategies, i, options.layouts?.[i]));
      options.onProgress?.(done, count, wins);
    }
    return records;
  }
  const chunk = options.chunk ?? Math.max(1, Math.min(50, Math.ceil(count / (options.workers * 8))));
  let next = from;
  const workerCount = Math.min(options.workers, Math.max(1, Math.ceil(count / chunk)));
  const runningFromTs = import.meta.url.endsWith('.ts');
  const url = new URL(runningFromTs ? './worker.ts' : './worker.js', import.meta.url);
  await new Promise<void>((resolve, reject) => {
    let finished = 0;
    let failed = false;
    const workers: Worker[] = [];
    const feed = (w: Worker) => {
      if (next >= to) {
        w.postMessage('stop');
        return;
      }
      const start = next;
      next = Math.min(to, next + chunk);
      w.postMessage({ from: start, to: next, ...(options.layouts ? { layouts: options.layouts.slice(start, next) } : {}) });
    };
    for (let k = 0; k < workerCount; k++) {
      const w = spawnWorker(url, task, runningFromTs);
      workers.push(w);
      w.on('message', (batch: GameRecord[][]) => {
        try {
          for (const set of batch) accept(set);
        } catch (err) {
          if (!failed) {
            failed = true;
            for (const other of workers) void other.terminate();
            reject(err as Error);
          }
          return;
        }
        options.onProgress?.(done, count, wins);
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
  if (done !== count) throw new Error(`bench ended with ${done} of ${count} games played`);
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
