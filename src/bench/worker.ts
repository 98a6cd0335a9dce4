// Worker thread: receives ranges of game indices (with their layouts when given), plays them,
// posts one list of records per game (one record per strategy).

import { parentPort, workerData } from 'node:worker_threads';
import type { Layout } from '../game/engine.js';
import { createStrategy } from '../solver/registry.js';
import { runGameSet, type BenchTask, type GameRecord } from './game-task.js';

const task = workerData as BenchTask;
const strategies = (task.compare ?? [task.strategy]).map((name) => createStrategy(name));

parentPort!.on('message', (msg: { from: number; to: number; layouts?: Layout[] } | 'stop') => {
  if (msg === 'stop') {
    process.exit(0);
  }
  const sets: GameRecord[][] = [];
  for (let i = msg.from; i < msg.to; i++) sets.push(runGameSet(task, strategies, i, msg.layouts?.[i - msg.from]));
  parentPort!.postMessage(sets);
});
