// Where a session's time goes: every grab, check, read, solve, wait and click is timed into the
// session's totals and the current game's.

import type { Clock } from '../desktop/ports.js';

export interface Timing {
  /** Grabbing frames to read (and waiting for them to settle, minus the pauses). */
  grabMs: number;
  /** Grabs that check a cell still looks as read before clicking it. */
  checkMs: number;
  readMs: number;
  solveMs: number;
  /** Pauses between grabs and back-off after a bad frame. */
  waitMs: number;
  /** Clicks, pointer moves and keys. */
  actMs: number;
}

export const zeroTiming = (): Timing => ({ grabMs: 0, checkMs: 0, readMs: 0, solveMs: 0, waitMs: 0, actMs: 0 });

export class Stopwatch {
  readonly session = zeroTiming();
  game = zeroTiming();
  /** How many times each kind of work was done in the current game (grabs, checks, reads...). */
  gameCounts = zeroTiming();

  constructor(readonly clock: Clock) {}

  add(key: keyof Timing, ms: number): void {
    this.session[key] += ms;
    this.game[key] += ms;
    this.gameCounts[key]++;
  }

  /** Runs f and books its time under key. */
  async time<T>(key: keyof Timing, f: () => Promise<T>): Promise<T> {
    const t = this.clock.now();
    try {
      return await f();
    } finally {
      this.add(key, this.clock.now() - t);
    }
  }

  /** The same for a synchronous f. */
  timeSync<T>(key: keyof Timing, f: () => T): T {
    const t = this.clock.now();
    try {
      return f();
    } finally {
      this.add(key, this.clock.now() - t);
    }
  }

  /** Sleeps, booked as waiting. */
  async sleep(ms: number): Promise<void> {
    await this.time('waitMs', () => this.clock.sleep(ms));
  }

  /** Starts a new game's split; returns the finished one. */
  nextGame(): void {
    this.game = zeroTiming();
    this.gameCounts = zeroTiming();
  }
}
