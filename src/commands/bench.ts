// `minebot bench`: win rate and speed of a strategy on seeded simulated games; with --compare,
// several strategies on the same games in one table; --log writes the move log, --save-layouts
// and --layouts exchange layouts with other solvers, --shard K/N and `bench merge` split a study
// over machines.

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Option, type Command } from 'commander';
import type { BoardSpec, FirstClickRule } from '../core/rules.js';
import { formatCompare, mergedResult, mergeShards, summariseCompare, type CompareResult, type ShardFile } from '../bench/compare.js';
import type { GameRecord } from '../bench/game-task.js';
import { formatLayout, readLayoutsFile } from '../bench/layouts.js';
import { runGameSets, summarise, type BenchResult } from '../bench/run.js';
import { describeAutoShard, parseShard, shardFromEnv, shardRange, type AutoShard, type Shard } from '../bench/shard.js';
import { expandShardInputs } from '../bench/shard-files.js';
import type { Layout } from '../game/engine.js';
import { createStrategy, defaultStrategyName } from '../solver/registry.js';
import { LineWriter, LogWriter, moveLine } from '../stats/log.js';
import { CliError } from './errors.js';
import { boardOption, defaultWorkers, ruleOption, wholeNumber } from './options.js';
import { createProgress } from './progress.js';

interface BenchFlags {
  board: BoardSpec;
  rules: FirstClickRule;
  games?: number;
  seed: number;
  workers: number;
  strategy: string;
  json?: boolean;
  md?: boolean;
  compare?: string;
  log?: string;
  source: string;
  saveLayouts?: string;
  layouts?: string;
  shard?: Shard | 'auto';
  shards?: number;
  first?: [number, number];
}

function cellOption(text: string): [number, number] {
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  if (!m) throw new CliError(`--first must be a cell X,Y such as 3,3, got "${text}"`);
  return [Number(m[1]), Number(m[2])];
}

const shardOption = (text: string): Shard | 'auto' => {
  if (text.trim() === 'auto') return 'auto';
  try {
    return parseShard(text);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
};

function strategyList(text: string): string[] {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!names.length) throw new CliError('--compare needs a comma-separated list of strategies, e.g. exact,seed001');
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new CliError(`--compare lists ${dup} twice`);
  return names;
}

export function register(program: Command): void {
  const bench = program
    .command('bench')
    .description('play seeded simulated games with a strategy and report win rate and speed')
    .addOption(new Option('--board <board>', 'beginner, beginner-classic, intermediate, expert or WxH/M').argParser(boardOption).default(boardOption('expert'), 'expert'))
    .option('--rules <rule>', 'first-click rule: xp, safe, zero or none', ruleOption, 'safe' as FirstClickRule)
    .option('--games <n>', 'games to play (default 1000, or every layout of --layouts)', wholeNumber('--games', 1))
    .option('--seed <n>', 'seed: the same seed plays the same games', wholeNumber('--seed'), 1)
    .option('--workers <n>', 'worker threads (0 = play in the main thread)', wholeNumber('--workers'), defaultWorkers())
    .option('--strategy <name>', 'strategy to play', defaultStrategyName())
    .option('--compare <names>', 'play the same games with each of these strategies (comma-separated; the first sets the layouts) and print one table')
    .option('--log <file>', 'append the JSONL move log: one line per opened cell, one summary line per game')
    .option('--source <name>', 'source written in the log summary lines', 'sim')
    .option('--save-layouts <file>', 'write the layouts played as JSON Lines (mines after the first-click rule, and the first click)')
    .option('--layouts <file>', 'play these layouts (JSON Lines, one game a line) instead of seeded ones')
    .option('--first <X,Y>', 'impose this first click on every strategy (seeded layouts opened there; e.g. 3,3 on expert under zero, 29,15 under xp, 0,0 otherwise: the cells exact picks)', cellOption)
    .option('--shard <K/N|auto>', 'play only the K-th of N slices of the games (merge the --json outputs with bench merge); auto: K and N from a Kubernetes Indexed Job, a Slurm job array or GNU Parallel', shardOption)
    .option('--shards <n>', 'with --shard auto: the number of shards (needed for GNU Parallel, and for Kubernetes unless JOB_COMPLETIONS is set)', wholeNumber('--shards', 1))
    .option('--json', 'print one JSON object instead of the report (with --shard: the shard file for bench merge)')
    .option('--md', 'print the --compare table as markdown')
    .action(async (flags: BenchFlags) => {
      await runBenchCommand(flags);
    });

  bench
    .command('merge')
    .description('combine the --json outputs of bench --shard K/N runs into the result of the whole run')
    .argument('<files...>', 'shard results (JSON): files, folders (every .json file in them) or patterns such as "results/shard-*.json"')
    .option('--json', 'print one JSON object instead of the report')
    .option('--md', 'print a --compare table as markdown')
    .option('--partial', 'accept shards 1..m of N (a study stopped early): the result of its first games')
    .action((files: string[], _flags: unknown, cmd: Command) => {
      // --json / --md may land on `bench` itself (they are its options too): read both levels.
      const flags = cmd.optsWithGlobals<{ json?: boolean; md?: boolean; partial?: boolean }>();
      let names: string[];
      try {
        names = expandShardInputs(files);
      } catch (err) {
        throw new CliError((err as Error).message);
      }
      const inputs = names.map((name) => {
        let text: string;
        try {
          text = readFileSync(name, 'utf8');
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          throw new CliError(code === 'ENOENT' ? `shard file ${name} does not exist` : `cannot read ${name}: ${code ?? String(err)}`);
        }
        try {
          return { name, data: JSON.parse(text) as unknown };
        } catch {
          throw new CliError(`${name} is not valid JSON (write shards with bench --shard K/N --json)`);
        }
      });
      let result: BenchResult | CompareResult;
      try {
        const merged = mergeShards(inputs, { partial: Boolean(flags.partial) });
        result = mergedResult(merged.first, merged.records, merged.wallMs);
        if (merged.shards < merged.first.shard.n) {
          process.stderr.write(`minebot: partial merge: shards 1-${merged.shards} of ${merged.first.shard.n}, the first ${merged.records[0]!.length} of ${merged.first.games} games\n`);
        }
      } catch (err) {
        throw new CliError((err as Error).message);
      }
      process.stdout.write(printResult(result, flags));
    });
}

function printResult(result: BenchResult | CompareResult, flags: { json?: boolean; md?: boolean }): string {
  if (flags.json) return JSON.stringify(result) + '\n';
  return 'strategies' in result ? formatCompare(result, Boolean(flags.md)) : formatBenchResult(result);
}

const boardText = (s: BoardSpec) => `${s.width}x${s.height}/${s.mines}`;

async function runBenchCommand(flags: BenchFlags): Promise<void> {
  const names = flags.compare ? strategyList(flags.compare) : [flags.strategy];
  for (const name of names) {
    try {
      createStrategy(name);
    } catch (err) {
      throw new CliError((err as Error).message);
    }
  }
  let layouts: Layout[] | undefined;
  let spec = flags.board;
  if (flags.layouts) {
    try {
      layouts = readLayoutsFile(flags.layouts);
    } catch (err) {
      throw new CliError((err as Error).message);
    }
    spec = { width: layouts[0]!.width, height: layouts[0]!.height, mines: layouts[0]!.mines.length };
  }
  const games = flags.games ?? layouts?.length ?? 1000;
  if (flags.first && layouts) throw new CliError('--first and --layouts do not go together: a layout file sets each first click');
  if (flags.first && (flags.first[0] >= spec.width || flags.first[1] >= spec.height)) {
    throw new CliError(`--first ${flags.first.join(',')} is outside the ${spec.width}x${spec.height} board`);
  }
  if (layouts && games > layouts.length) throw new CliError(`--games ${games} but ${flags.layouts} holds only ${layouts.length} layouts`);
  if (flags.shards !== undefined && flags.shard !== 'auto') throw new CliError('--shards goes with --shard auto (with --shard K/N, N is the count)');
  let shard: Shard | AutoShard | undefined;
  if (flags.shard === 'auto') {
    try {
      shard = shardFromEnv(process.env, flags.shards);
    } catch (err) {
      throw new CliError((err as Error).message);
    }
  } else shard = flags.shard;
  const [from, to] = shard ? shardRange(games, shard) : [0, games];
  if (shard && 'engine' in shard) process.stderr.write(`minebot: ${describeAutoShard(shard, [from, to])}\n`);

  let log: LogWriter | null = null;
  let layoutOut: LayoutSink | null = null;
  try {
    if (flags.log) log = new LogWriter(flags.log);
    if (flags.saveLayouts) layoutOut = new LayoutSink(flags.saveLayouts, from);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  const board = boardText(spec);
  const onGameSet = (set: GameRecord[]) => {
    set.forEach((r, k) => {
      if (!log) return;
      const name = names[k]!;
      const game = `${name}:${flags.seed}:${r.index}`;
      for (const m of r.moves ?? []) log.write(moveLine(game, m));
      log.write({
        type: 'game',
        game,
        rules: flags.rules,
        board,
        strategy: name,
        source: flags.source,
        won: r.won,
        clicks: r.clicks,
        ms: Math.round(r.ms * 1000) / 1000,
        ...(r.stalled ? { stalled: r.stalled } : {}),
      });
    });
    if (layoutOut && set[0]!.layout) layoutOut.add(set[0]!.index, set[0]!.layout);
  };

  const progress = createProgress(process.stderr, to - from);
  const start = performance.now();
  let records: GameRecord[][];
  try {
    records = await runGameSets({
      spec,
      rule: flags.rules,
      games,
      from,
      to,
      seed: flags.seed,
      workers: flags.workers,
      strategy: names[0]!,
      ...(flags.compare ? { compare: names } : {}),
      ...(flags.log ? { log: true } : {}),
      ...(layoutOut ? { keepLayout: true } : {}),
      ...(layouts ? { layouts } : {}),
      ...(flags.first ? { first: flags.first } : {}),
      onGameSet,
      onProgress: (done, total, wins) => progress.update(done, `${wins} won`),
    });
  } finally {
    progress.end();
    log?.close();
    layoutOut?.close();
  }
  const wallMs = performance.now() - start;

  if (shard && flags.json) {
    const file: ShardFile = {
      kind: 'minebot-bench-shard',
      version: 1,
      board: spec,
      rules: flags.rules,
      seed: flags.seed,
      games,
      strategies: names,
      compare: Boolean(flags.compare),
      ...(flags.layouts ? { layouts: flags.layouts } : {}),
      ...(flags.first ? { first: flags.first } : {}),
      shard: { k: shard.k, n: shard.n, from, to, ...('engine' in shard ? { engine: shard.engine } : {}) },
      workers: flags.workers,
      wallMs,
      records,
    };
    process.stdout.write(JSON.stringify(file) + '\n');
    return;
  }
  const result: BenchResult | CompareResult = flags.compare
    ? summariseCompare(
        { spec, rule: flags.rules, seed: flags.seed, strategies: names, workers: flags.workers, ...(flags.layouts ? { layouts: flags.layouts } : {}), ...(flags.first ? { first: flags.first } : {}) },
        records,
        wallMs,
      )
    : summarise({ spec, rule: flags.rules, seed: flags.seed, strategy: names[0]!, workers: flags.workers }, records[0]!, wallMs);
  if (shard && !flags.json) process.stderr.write(`minebot: shard ${shard.k}/${shard.n} played games ${from}..${to - 1}; use --json to write a shard file for bench merge\n`);
  process.stdout.write(printResult(result, flags));
}

/** Writes layouts in game-index order as games finish (workers finish them out of order). */
class LayoutSink {
  private readonly fd: LineWriter;
  private next: number;
  private readonly waiting = new Map<number, Layout>();

  constructor(path: string, from: number) {
    this.fd = new LineWriter(path, 'w');
    this.next = from;
  }

  add(index: number, layout: Layout): void {
    this.waiting.set(index, layout);
    while (this.waiting.has(this.next)) {
      this.fd.writeLine(formatLayout(this.waiting.get(this.next)!));
      this.waiting.delete(this.next);
      this.next++;
    }
  }

  close(): void {
    this.fd.close();
  }
}

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));

export function formatBenchResult(r: BenchResult): string {
  const lines = [
    `board      ${r.board} (${r.width}x${r.height}/${r.mines}), rules ${r.rules}, strategy ${r.strategy}, seed ${r.seed}, ${r.workers} worker${r.workers === 1 ? '' : 's'}`,
    `games      ${r.games}`,
    `wins       ${r.wins}`,
    `win rate   ${pct(r.winRate)}  (95% CI ${pct(r.ci95[0])} – ${pct(r.ci95[1])})`,
    `ms/game    mean ${ms(r.msPerGame.mean)}  median ${ms(r.msPerGame.median)}  p99 ${ms(r.msPerGame.p99)}  max ${ms(r.msPerGame.max)}`,
    `games/s    ${r.gamesPerSecond.toFixed(1)}  (wall ${(r.wallMs / 1000).toFixed(2)} s)`,
  ];
  if (r.stalled) lines.push(`stalled    ${r.stalled} games ended without a result (strategy gave no move)`);
  return lines.join('\n') + '\n';
}
