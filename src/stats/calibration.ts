// Predicted against actual: the table of seed 001 (predicted % bin, how many opened, how many were
// mines, actual %), with a 95% Wilson interval per bin, the Brier score, the expected calibration
// error and the log loss. Pure: observations in, numbers out.

import { wilson } from './winrate.js';

export interface Observation {
  /** Predicted mine probability (0..1). */
  p: number;
  /** Whether the cell held a mine. */
  mine: boolean;
}

export interface CalibrationBin {
  /** The bin covers predictions in [from, to) (the last bin also holds `to` = 1). */
  from: number;
  to: number;
  count: number;
  mines: number;
  /** Fraction of the bin's cells that were mines. */
  actual: number;
  /** Mean predicted probability of the bin's cells. */
  predicted: number;
  /** 95% Wilson interval of `actual`. */
  ci: [number, number];
}

export interface Calibration {
  count: number;
  mines: number;
  /** Mean squared error of the predictions (0 is perfect). */
  brier: number;
  /** Expected calibration error: the count-weighted mean of |predicted − actual| over bins. */
  ece: number;
  /** Mean negative log-likelihood in nats, with predictions clamped to [1e-12, 1 − 1e-12]. */
  logLoss: number;
  /**
   * The ECE a perfectly calibrated predictor would show on average with these bin counts and
   * predictions (sampling noise alone): Σ n_b/N · E|X/n_b − p_b| for X ~ Binomial(n_b, p_b).
   */
  eceChance: number;
  /** The non-empty bins, lowest first. */
  bins: CalibrationBin[];
}

const EPS = 1e-12;

/** Accumulates observations one at a time (so huge logs need not be held in memory). */
export class CalibrationAccumulator {
  private readonly counts: Float64Array;
  private readonly mineCounts: Float64Array;
  private readonly pSums: Float64Array;
  private n = 0;
  private m = 0;
  private brierSum = 0;
  private logSum = 0;

  constructor(readonly binCount = 100) {
    if (!Number.isInteger(binCount) || binCount < 1 || binCount > 10000) {
      throw new RangeError(`bins must be a whole number from 1 to 10000, got ${binCount}`);
    }
    this.counts = new Float64Array(binCount);
    this.mineCounts = new Float64Array(binCount);
    this.pSums = new Float64Array(binCount);
  }

  /** The bin of a probability: floor(p·N), with p = 1 in the last bin. */
  binOf(p: number): number {
    return Math.min(this.binCount - 1, Math.floor(p * this.binCount));
  }

  add(p: number, mine: boolean): void {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`prediction ${p} is not a probability`);
    const b = this.binOf(p);
    const y = mine ? 1 : 0;
    this.counts[b]!++;
    this.mineCounts[b]! += y;
    this.pSums[b]! += p;
    this.n++;
    this.m += y;
    this.brierSum += (p - y) * (p - y);
    const q = Math.min(1 - EPS, Math.max(EPS, p));
    this.logSum -= mine ? Math.log(q) : Math.log(1 - q);
  }

  result(): Calibration {
    const bins: CalibrationBin[] = [];
    let eceSum = 0;
    let chanceSum = 0;
    for (let b = 0; b < this.binCount; b++) {
      const count = this.counts[b]!;
      if (count === 0) continue;
      const mines = this.mineCounts[b]!;
      const actual = mines / count;
      const predicted = this.pSums[b]! / count;
      eceSum += count * Math.abs(predicted - actual);
      chanceSum += binomialMeanAbsDeviation(count, predicted);
      bins.push({ from: b / this.binCount, to: (b + 1) / this.binCount, count, mines, actual, predicted, ci: wilson(mines, count) });
    }
    const n = this.n;
    return {
      count: n,
      mines: this.m,
      brier: n ? this.brierSum / n : 0,
      ece: n ? eceSum / n : 0,
      logLoss: n ? this.logSum / n : 0,
      eceChance: n ? chanceSum / n : 0,
      bins,
    };
  }
}

/** E|X − n·p| for X ~ Binomial(n, p), exactly (de Moivre's formula, in logs for large n). */
export function binomialMeanAbsDeviation(n: number, p: number): number {
  if (n <= 0 || p <= 0 || p >= 1) return 0;
  const k = Math.floor(n * p) + 1;
  if (k > n) return 0;
  // 2 · k · C(n, k) · p^k · (1 − p)^(n − k + 1)
  const logC = lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1);
  return 2 * k * Math.exp(logC + k * Math.log(p) + (n - k + 1) * Math.log1p(-p));
}

/** log Γ(x) for x ≥ 1 (Lanczos, g = 7); exact enough for binomial coefficients. */
function lgamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

export function calibrate(observations: Iterable<Observation>, binCount = 100): Calibration {
  const acc = new CalibrationAccumulator(binCount);
  for (const o of observations) acc.add(o.p, o.mine);
  return acc.result();
}

// ---- output ---------------------------------------------------------------------------------------

export type TableFormat = 'table' | 'md' | 'csv' | 'json';

const pct = (v: number, digits = 1) => `${(100 * v).toFixed(digits)}`;

/** The JSON shape of `minebot calibration --format json` (probabilities as fractions 0..1). */
export function calibrationJson(c: Calibration): object {
  return {
    count: c.count,
    brier: c.brier,
    ece: c.ece,
    logLoss: c.logLoss,
    eceChance: c.eceChance,
    bins: c.bins.map((b) => ({ from: b.from, to: b.to, count: b.count, mines: b.mines, actual: b.actual, predicted: b.predicted, ci: b.ci })),
  };
}

function rows(c: Calibration): string[][] {
  const digits = c.bins.length && c.bins[0]!.to - c.bins[0]!.from < 0.01 ? 2 : c.bins.length && c.bins[0]!.to - c.bins[0]!.from < 0.1 ? 1 : 0;
  return c.bins.map((b) => [
    `${pct(b.from, digits)}-${pct(b.to, digits)}`,
    String(b.count),
    String(b.mines),
    pct(b.predicted, 2),
    pct(b.actual, 2),
    `${pct(b.ci[0], 2)}-${pct(b.ci[1], 2)}`,
  ]);
}

const HEADERS = ['predicted %', 'opened', 'mines', 'mean predicted %', 'actual %', '95% interval %'];

function summaryLines(c: Calibration): string[] {
  return [
    `cells: ${c.count}, mines: ${c.mines}`,
    `Brier score: ${c.brier.toFixed(5)}`,
    `expected calibration error: ${pct(c.ece, 3)} pp (a perfectly calibrated predictor would show ${pct(c.eceChance, 3)} pp by chance with these counts)`,
    `log loss: ${c.logLoss.toFixed(5)} nats`,
  ];
}

export function formatCalibration(c: Calibration, format: TableFormat): string {
  if (format === 'json') return JSON.stringify(calibrationJson(c)) + '\n';
  const body = rows(c);
  if (format === 'csv') {
    const head = 'from,to,count,mines,predicted,actual,ci_low,ci_high';
    const lines = c.bins.map((b) => [b.from, b.to, b.count, b.mines, b.predicted, b.actual, b.ci[0], b.ci[1]].join(','));
    return [head, ...lines].join('\n') + '\n';
  }
  if (format === 'md') {
    const out = [`| ${HEADERS.join(' | ')} |`, `|${HEADERS.map(() => '---:').join('|')}|`];
    for (const r of body) out.push(`| ${r.join(' | ')} |`);
    out.push('');
    for (const s of summaryLines(c)) out.push(`- ${s}`);
    return out.join('\n') + '\n';
  }
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((s, i) => s.padStart(widths[i]!)).join('  ');
  const out = [line(HEADERS), ...body.map(line), '', ...summaryLines(c)];
  return out.join('\n') + '\n';
}

// ---- from logs ------------------------------------------------------------------------------------

export interface LogFilter {
  /** Keep only games of these strategies / rules / sources (empty or absent: all). */
  strategy?: readonly string[];
  rules?: readonly string[];
  source?: readonly string[];
  /**
   * Keep only guesses: decisions that were not certain, leaving out each game's first click
   * (which the first-click rule, not the solver, makes safe or not).
   */
  guesses?: boolean;
}

interface PendingMove {
  n?: number;
  p: number;
  mine: boolean;
  certain: boolean;
}

function hasMetaFilter(f: LogFilter): boolean {
  return Boolean(f.strategy?.length || f.rules?.length || f.source?.length);
}

/**
 * Joins move lines to their game's summary line (moves come first, the summary when the game
 * ends) and feeds the kept moves to a calibration accumulator. Moves of a game that never got its
 * summary (an interrupted run) count only when no strategy/rules/source filter is set.
 */
export class LogCalibration {
  readonly acc: CalibrationAccumulator;
  private pending = new Map<string, PendingMove[]>();
  games = 0;
  gamesKept = 0;

  constructor(
    readonly filter: LogFilter,
    bins = 100,
  ) {
    this.acc = new CalibrationAccumulator(bins);
  }

  private keepGame(g: { strategy: string; rules: string; source: string }): boolean {
    const f = this.filter;
    if (f.strategy?.length && !f.strategy.includes(g.strategy)) return false;
    if (f.rules?.length && !f.rules.includes(g.rules)) return false;
    if (f.source?.length && !f.source.includes(g.source)) return false;
    return true;
  }

  /** Cells opened whose outcome no frame showed (unseen lines): not calibrated, counted. */
  unseen = 0;
  /** Of those, moves told before and taken back by an unseen line of the same game and n. */
  takenBack = 0;

  /** Feeds one line; `scope` separates game ids of different files. */
  add(line: { type: 'move'; game: string; n?: number; p: number; mine: boolean; certain: boolean } | { type: 'game'; game: string; strategy: string; rules: string; source: string } | { type: 'unseen'; game: string; certain: boolean; n?: number }, scope = ''): void {
    const key = `${scope}\u0000${line.game}`;
    if (line.type === 'unseen') {
      if (this.filter.guesses && (line.certain || line.n === 1)) return;
      this.unseen++;
      const list = this.pending.get(key);
      const at = line.n === undefined || !list ? -1 : list.findIndex((m) => m.n === line.n);
      if (at >= 0) {
        list!.splice(at, 1);
        this.takenBack++;
      }
      return;
    }
    if (line.type === 'move') {
      if (this.filter.guesses && (line.certain || line.n === 1)) return;
      let list = this.pending.get(key);
      if (!list) this.pending.set(key, (list = []));
      list.push({ ...(line.n !== undefined ? { n: line.n } : {}), p: line.p, mine: line.mine, certain: line.certain });
      return;
    }
    this.games++;
    const moves = this.pending.get(key);
    this.pending.delete(key);
    if (!this.keepGame(line)) return;
    this.gamesKept++;
    if (moves) for (const m of moves) this.acc.add(m.p, m.mine);
  }

  /** Ends the input: moves still waiting for a summary count unless a game filter is set. */
  finish(): Calibration {
    if (!hasMetaFilter(this.filter)) for (const list of this.pending.values()) for (const m of list) this.acc.add(m.p, m.mine);
    this.pending.clear();
    return this.acc.result();
  }

  /** Moves that never met their game's summary (kept only without a game filter). */
  get orphanMoves(): number {
    let n = 0;
    for (const list of this.pending.values()) n += list.length;
    return n;
  }
}
