// Win rates with intervals, and paired differences between strategies played on the same layouts.

/** The 95% (z = 1.96) Wilson score interval of k successes in n trials; [0, 1] when n = 0. */
export function wilson(k: number, n: number, z = 1.959963984540054): [number, number] {
  if (n <= 0) return [0, 1];
  if (k < 0 || k > n) throw new RangeError(`${k} successes out of ${n} trials`);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // Clamp away float noise at the ends (k = 0 gives exactly 0, k = n exactly 1).
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}

export interface PairedDifference {
  /** Games played by both. */
  n: number;
  /** Games won by B but lost by A, and the reverse. */
  bOnly: number;
  aOnly: number;
  /** Win rate of B minus win rate of A. */
  diff: number;
  /** 95% interval of the difference (normal approximation for paired proportions). */
  ci: [number, number];
}

/**
 * Paired difference of win rates (B − A) over the same games: only the discordant games matter.
 * Variance of the mean difference d_i ∈ {−1, 0, 1}: (b + c − n·d²) / (n·(n − 1)).
 */
export function pairedDifference(a: readonly boolean[], b: readonly boolean[], z = 1.959963984540054): PairedDifference {
  if (a.length !== b.length) throw new RangeError(`paired results need the same games: ${a.length} against ${b.length}`);
  const n = a.length;
  let aOnly = 0;
  let bOnly = 0;
  for (let i = 0; i < n; i++) {
    if (a[i] && !b[i]) aOnly++;
    else if (!a[i] && b[i]) bOnly++;
  }
  return pairedFromCounts(n, aOnly, bOnly, z);
}

export function pairedFromCounts(n: number, aOnly: number, bOnly: number, z = 1.959963984540054): PairedDifference {
  if (n === 0) return { n, aOnly, bOnly, diff: 0, ci: [-1, 1] };
  const diff = (bOnly - aOnly) / n;
  const variance = n > 1 ? (aOnly + bOnly - n * diff * diff) / (n * (n - 1)) : 0;
  const half = z * Math.sqrt(Math.max(0, variance));
  return { n, aOnly, bOnly, diff, ci: [Math.max(-1, diff - half), Math.min(1, diff + half)] };
}

/** "41.23% ± 0.97" style text for a rate and its interval (the half-width of the wider side). */
export function formatRate(k: number, n: number, digits = 2): string {
  const [lo, hi] = wilson(k, n);
  const p = n ? k / n : 0;
  const half = Math.max(p - lo, hi - p);
  return `${(100 * p).toFixed(digits)}% ± ${(100 * half).toFixed(digits)}`;
}
