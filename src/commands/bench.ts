// `minebot bench`: win rate and speed of a strategy on seeded simulated games.

import type { Command } from 'commander';
import type { BoardSpec, FirstClickRule } from '../core/rules.js';
import { runBench, type BenchResult } from '../bench/run.js';
import { createStrategy, defaultStrategyName } from '../solver/registry.js';
import { CliError } from './errors.js';
import { boardOption, defaultWorkers, ruleOption, wholeNumber } from './options.js';
import { createProgress } from './progress.js';

interface BenchFlags {
  board: BoardSpec;
  rules: FirstClickRule;
  games: number;
  seed: number;
  workers: number;
  strategy: string;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('bench')
    .description('play seeded simulated games with a strategy and report win rate and speed')
    .option('--board <board>', 'beginner, beginner-classic, intermediate, expert or WxH/M', boardOption, boardOption('expert'))
    .option('--rules <rule>', 'first-click rule: xp, safe, zero or none', ruleOption, 'safe' as FirstClickRule)
    .option('--games <n>', 'games to play', wholeNumber('--games', 1), 1000)
    .option('--seed <n>', 'seed: the same seed plays the same games', wholeNumber('--seed'), 1)
    .option('--workers <n>', 'worker threads (0 = play in the main thread)', wholeNumber('--workers'), defaultWorkers())
    .option('--strategy <name>', 'strategy to play', defaultStrategyName())
    .option('--json', 'print one JSON object instead of the report')
    .action(async (flags: BenchFlags) => {
      try {
        createStrategy(flags.strategy);
      } catch (err) {
        throw new CliError((err as Error).message);
      }
      const progress = createProgress(process.stderr, flags.games);
      const result = await runBench({
        spec: flags.board,
        rule: flags.rules,
        games: flags.games,
        seed: flags.seed,
        workers: flags.workers,
        strategy: flags.strategy,
        onProgress: (done, total, wins) => progress.update(done, `${wins} won`),
      });
      progress.end();
      process.stdout.write(flags.json ? JSON.stringify(result) + '\n' : formatBenchResult(result));
    });
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
