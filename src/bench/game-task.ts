// One bench game, as run inside a worker or in-process: plays it and times it.

import { performance } from 'node:perf_hooks';
import type { BoardSpec, FirstClickRule } from '../core/rules.js';
import type { Strategy } from '../core/strategy.js';
import { playGame } from '../sim/play.js';

export interface BenchTask {
  spec: BoardSpec;
  rule: FirstClickRule;
  seed: number;
  strategy: string;
}

export interface GameRecord {
  index: number;
  won: boolean;
  ms: number;
  clicks: number;
  decisions: number;
  bbbv: number;
  stalled?: string;
}

export function runGame(task: BenchTask, strategy: Strategy, index: number): GameRecord {
  const start = performance.now();
  const outcome = playGame(strategy, { spec: task.spec, rule: task.rule, seed: task.seed, index });
  const ms = performance.now() - start;
  return {
    index,
    won: outcome.won,
    ms,
    clicks: outcome.clicks,
    decisions: outcome.decisions,
    bbbv: outcome.bbbv,
    ...(outcome.stalled ? { stalled: outcome.stalled } : {}),
  };
}
