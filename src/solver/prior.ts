// What `think` believes about a candidate before and after its playouts: how much better than
// `exact`'s own cell it is, in chance of winning.
//
// Before any playout: a normal prior on the candidate's lead over `exact`'s cell, by the gap
// between their look-ahead scores (the candidate's minus exact's). Fitted offline from paired
// playouts at thousands of positions (scripts/fit/think-prior.ts, think-prior-data.ts): a
// candidate the look-ahead ranks 0.05 below exact's cell is worse by about 2 points on average,
// one it ranks level is as likely better as worse, with a spread of 1-2 points either way.
// After n paired rounds with mean lead x and per-round variance s^2: the normal posterior,
// precision-weighted between the prior and x (whose variance is s^2 / n). The race switches to
// the candidate whose posterior mean lead is highest if it is above 0 (the Bayes choice), and
// stops racing a candidate once it is very unlikely to be better.

import { PRIOR_BINS } from './think-prior-data.js';

/** A normal belief about a lead, in chance of winning (0.01 = one point). */
export interface Belief {
  mean: number;
  sd: number;
}

/** The prior on a candidate's lead over exact's cell, given its look-ahead score minus exact's. */
export function priorOf(gap: number): Belief {
  for (const bin of PRIOR_BINS) if (gap <= bin.upTo) return { mean: bin.mean, sd: bin.sd };
  const last = PRIOR_BINS[PRIOR_BINS.length - 1]!;
  return { mean: last.mean, sd: last.sd };
}

/** The posterior after n paired rounds with mean lead `mean` and per-round variance `variance`. */
export function posterior(prior: Belief, mean: number, variance: number, n: number): Belief {
  if (n <= 0) return prior;
  const p0 = 1 / (prior.sd * prior.sd);
  const p1 = n / Math.max(variance, 1e-12);
  const precision = p0 + p1;
  return { mean: (p0 * prior.mean + p1 * mean) / precision, sd: Math.sqrt(1 / precision) };
}

/**
 * What racing a candidate is worth before the race, in chance of winning: the expected gain of
 * the Bayes choice between it and exact's cell after `rounds` paired rounds of per-round spread
 * `spread` (the expected positive part of the posterior mean, which is normal with the prior's
 * mean and a spread of sd^2 / sqrt(sd^2 + spread^2 / rounds)).
 */
export function raceValue(prior: Belief, spread: number, rounds: number): number {
  if (rounds <= 0) return Math.max(0, prior.mean);
  const v = prior.sd * prior.sd;
  const s = v / Math.sqrt(v + (spread * spread) / rounds);
  if (!(s > 0)) return Math.max(0, prior.mean);
  const z = prior.mean / s;
  return s * normalPdf(z) + prior.mean * normalCdf(z);
}

/** The standard normal density. */
export function normalPdf(x: number): number {
  return Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
}

/** The chance that the lead is above 0 under a belief. */
export function chanceAbove0(b: Belief): number {
  return normalCdf(b.mean / b.sd);
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26 through erf; error < 2e-7). */
export function normalCdf(x: number): number {
  // The approximation's erf(0) is 1e-9, not 0: exact at 0 keeps the function symmetric.
  if (x === 0) return 0.5;
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}
