// Clocks behind the Clock port: the real one, and a virtual one that moves only when slept on.

import type { Clock } from './ports.js';

/** Wall-clock time in ms since the epoch, to a fraction of a ms: the stamp of a traced click. */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/** A clock on the real time of this process. */
export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** A clock that only moves when slept on: deterministic tests of timeouts and budgets. */
export class VirtualClock implements Clock {
  private t = 0;
  now(): number {
    return this.t;
  }
  async sleep(ms: number): Promise<void> {
    this.t += Math.max(0, ms);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
