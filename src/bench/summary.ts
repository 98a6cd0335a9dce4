// Summaries of bench runs: win rate with a Wilson interval, time percentiles.

/** 95% Wilson score interval for k successes in n trials, as fractions. */
export function wilson(k: number, n: number, z = 1.959963984540054): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At k = 0 or k = n the bound is exactly 0 or 1; rounding would give 1e-17 off.
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}

export interface TimeSummary {
  mean: number;
  median: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of sorted values (q in 0..1). */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export function summariseTimes(ms: ArrayLike<number>): TimeSummary {
  const sorted = Float64Array.from(ms).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    mean: sorted.length ? sum / sorted.length : 0,
    median: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1]! : 0,
  };
}
