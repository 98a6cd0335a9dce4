import { describe, expect, it } from 'vitest';
import { runBench, runGames } from '../../src/bench/run.js';
import { percentile, summariseTimes } from '../../src/bench/summary.js';
import { wilson } from '../../src/stats/winrate.js';
import { DIFFICULTIES } from '../../src/core/rules.js';

describe('Wilson interval', () => {
  it('matches known values', () => {
    const [lo, hi] = wilson(415, 1000);
    // 415/1000: centre 0.41533, half-width 0.03048 (z = 1.96).
    expect(lo).toBeCloseTo(0.38484, 4);
    expect(hi).toBeCloseTo(0.44581, 4);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBe(1);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
  it('narrows as n grows and always contains the observed rate', () => {
    const a = wilson(40, 100);
    const b = wilson(4000, 10000);
    expect(b[1] - b[0]).toBeLessThan(a[1] - a[0]);
    expect(a[0]).toBeLessThan(0.4);
    expect(a[1]).toBeGreaterThan(0.4);
  });
});

describe('time summary', () => {
  it('gives mean, median, p99 and max by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(summariseTimes(values)).toEqual({ mean: 50.5, median: 50, p99: 99, max: 100 });
    expect(percentile([5], 0.99)).toBe(5);
  });
});

describe('bench runner', () => {
  const base = { spec: DIFFICULTIES.beginner!, rule: 'safe' as const, seed: 7, strategy: 'simple' };

  it('plays the same games whatever the worker count', async () => {
    const inProcess = await runGames({ ...base, games: 60, workers: 0 });
    const threaded = await runGames({ ...base, games: 60, workers: 2, chunk: 7 });
    const strip = (rs: typeof inProcess) => rs.map(({ ms: _ms, ...rest }) => rest);
    expect(strip(threaded)).toEqual(strip(inProcess));
    expect(inProcess.map((r) => r.index)).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it('a different seed plays different games', async () => {
    const a = await runGames({ ...base, games: 30, workers: 0 });
    const b = await runGames({ ...base, seed: 8, games: 30, workers: 0 });
    expect(a.map((r) => r.bbbv)).not.toEqual(b.map((r) => r.bbbv));
  });

  it('summarises wins, interval and counts', async () => {
    const result = await runBench({ ...base, games: 200, workers: 0 });
    expect(result.games).toBe(200);
    expect(result.winRate).toBeCloseTo(result.wins / 200, 12);
    expect(result.ci95[0]).toBeLessThanOrEqual(result.winRate);
    expect(result.ci95[1]).toBeGreaterThanOrEqual(result.winRate);
    expect(result.stalled).toBe(0);
    // The single-number baseline wins some beginner games and loses some.
    expect(result.wins).toBeGreaterThan(40);
    expect(result.wins).toBeLessThan(190);
  });
});
