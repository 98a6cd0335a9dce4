// Worker thread: receives ranges of game indices, plays them, posts one record per game.

import { parentPort, workerData } from 'node:worker_threads';
import { createStrategy } from '../solver/registry.js';
import { runGame, type BenchTask } from './game-task.js';

const task = workerData as BenchTask;
const strategy = createStrategy(task.strategy);

parentPort!.on('message', (msg: { from: number; to: number } | 'stop') => {
  if (msg === 'stop') {
    process.exit(0);
  }
  const records = [];
  for (let i = msg.from; i < msg.to; i++) records.push(runGame(task, strategy, i));
  parentPort!.postMessage(records);
});
