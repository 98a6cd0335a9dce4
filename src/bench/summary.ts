// Summaries of bench runs: time percentiles (the Wilson interval lives in stats/winrate.ts).

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
