// Binomial coefficients for the solver: exact small ones for merged variables (at most 8 cells
// share one constraint set) and logarithms of large ones for the global mine-count weights.

/** C(n, k) for 0 <= k <= n <= 8, as a Pascal triangle. */
const PASCAL: number[][] = [];
for (let n = 0; n <= 8; n++) {
  const row: number[] = [];
  for (let k = 0; k <= n; k++) row.push(k === 0 || k === n ? 1 : PASCAL[n - 1]![k - 1]! + PASCAL[n - 1]![k]!);
  PASCAL.push(row);
}

/** C(n, k) for a merged variable of n <= 8 cells. */
export function smallChoose(n: number, k: number): number {
  return PASCAL[n]![k]!;
}

const logFact: number[] = [0];

/** ln(n!), from a lazily grown table of running sums (exact enough: relative error ~1e-14). */
export function logFactorial(n: number): number {
  for (let i = logFact.length; i <= n; i++) logFact.push(logFact[i - 1]! + Math.log(i));
  return logFact[n]!;
}

/** ln C(n, k); -Infinity when k is outside 0..n. */
export function logChoose(n: number, k: number): number {
  if (k < 0 || k > n || n < 0) return -Infinity;
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/** The convolution of two weight vectors indexed by mine count: out[m] = Σ a[i]·b[m−i]. */
export function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    if (ai === 0) continue;
    for (let j = 0; j < b.length; j++) out[i + j]! += ai * b[j]!;
  }
  return out;
}
