import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { binomialMeanAbsDeviation, calibrate, calibrationJson, CalibrationAccumulator, formatCalibration, LogCalibration } from '../../src/stats/calibration.js';
import { wilson, pairedDifference, pairedFromCounts, formatRate } from '../../src/stats/winrate.js';

// Hand-made: ten cells predicted 10% of which one was a mine; four predicted 55% of which three were.
const obs = [
  ...Array.from({ length: 10 }, (_, i) => ({ p: 0.1, mine: i === 0 })),
  ...Array.from({ length: 4 }, (_, i) => ({ p: 0.55, mine: i < 3 })),
];

describe('calibration metrics', () => {
  const c = calibrate(obs, 10);

  it('bins predictions and counts mines per bin', () => {
    expect(c.count).toBe(14);
    expect(c.mines).toBe(4);
    expect(c.bins.map((b) => [b.from, b.to, b.count, b.mines])).toEqual([
      [0.1, 0.2, 10, 1],
      [0.5, 0.6, 4, 3],
    ]);
    expect(c.bins[0]!.actual).toBeCloseTo(0.1, 12);
    expect(c.bins[1]!.actual).toBeCloseTo(0.75, 12);
    expect(c.bins[1]!.predicted).toBeCloseTo(0.55, 12);
  });

  it('computes Brier, ECE and log loss by hand', () => {
    // Brier: (0.81 + 9·0.01 + 3·0.2025 + 0.3025) / 14
    expect(c.brier).toBeCloseTo(1.81 / 14, 12);
    // ECE: (10·|0.1−0.1| + 4·|0.55−0.75|) / 14
    expect(c.ece).toBeCloseTo(0.8 / 14, 12);
    const ll = -(Math.log(0.1) + 9 * Math.log(0.9) + 3 * Math.log(0.55) + Math.log(0.45)) / 14;
    expect(c.logLoss).toBeCloseTo(ll, 12);
    expect(c.logLoss).toBeCloseTo(0.417346, 5);
  });

  it('gives each bin its 95% Wilson interval', () => {
    expect(c.bins[0]!.ci[0]).toBeCloseTo(0.01787, 4);
    expect(c.bins[0]!.ci[1]).toBeCloseTo(0.40415, 4);
    expect(c.bins[1]!.ci).toEqual(wilson(3, 4));
  });

  it('puts 0 in the first bin and 1 in the last', () => {
    const e = calibrate([{ p: 0, mine: false }, { p: 1, mine: true }, { p: 0.999, mine: true }], 4);
    expect(e.bins.map((b) => [b.from, b.to, b.count])).toEqual([
      [0, 0.25, 1],
      [0.75, 1, 2],
    ]);
    expect(e.brier).toBeCloseTo((0.001 * 0.001) / 3, 12);
  });

  it('is perfectly calibrated when each bin hits its prediction', () => {
    const perfect = [
      ...Array.from({ length: 4 }, (_, i) => ({ p: 0.25, mine: i === 0 })),
      ...Array.from({ length: 2 }, (_, i) => ({ p: 0.5, mine: i === 0 })),
    ];
    expect(calibrate(perfect, 20).ece).toBeCloseTo(0, 12);
  });

  it('prints the JSON shape with fractions', () => {
    const j = JSON.parse(formatCalibration(c, 'json')) as Record<string, unknown>;
    expect(Object.keys(j)).toEqual(['count', 'brier', 'ece', 'logLoss', 'eceChance', 'bins']);
    expect(j).toEqual(JSON.parse(JSON.stringify(calibrationJson(c))));
    const bins = j.bins as { from: number; to: number; count: number; mines: number; actual: number; ci: number[] }[];
    expect(bins[1]).toMatchObject({ from: 0.5, to: 0.6, count: 4, mines: 3, actual: 0.75 });
    expect(bins[1]!.ci).toHaveLength(2);
  });

  it('prints the seed-001 style table, markdown and csv', () => {
    const table = formatCalibration(c, 'table');
    expect(table).toMatch(/predicted %\s+opened\s+mines/);
    expect(table).toMatch(/10-20\s+10\s+1\s+10\.00\s+10\.00/);
    expect(table).toMatch(/50-60\s+4\s+3\s+55\.00\s+75\.00/);
    expect(table).toContain('expected calibration error: 5.714 pp');
    const md = formatCalibration(c, 'md');
    expect(md.split('\n')[0]).toBe('| predicted % | opened | mines | mean predicted % | actual % | 95% interval % |');
    expect(md).toContain('| 50-60 | 4 | 3 | 55.00 | 75.00 |');
    const csv = formatCalibration(c, 'csv').trim().split('\n');
    expect(csv[0]).toBe('from,to,count,mines,predicted,actual,ci_low,ci_high');
    expect(csv[2]!.startsWith('0.5,0.6,4,3,0.55')).toBe(true);
  });

  it('knows the chance level of the ECE (binomial mean absolute deviation)', () => {
    // X ~ Bin(2, 1/2): |X − 1| is 1, 0, 1 with probabilities 1/4, 1/2, 1/4.
    expect(binomialMeanAbsDeviation(2, 0.5)).toBeCloseTo(0.5, 10);
    // X ~ Bin(3, 0.2): E|X − 0.6| = 0.512·0.6 + 0.384·0.4 + 0.096·1.4 + 0.008·2.4
    expect(binomialMeanAbsDeviation(3, 0.2)).toBeCloseTo(0.512 * 0.6 + 0.384 * 0.4 + 0.096 * 1.4 + 0.008 * 2.4, 10);
    // Large n: close to the normal value sqrt(2/π)·sqrt(n p (1 − p)).
    expect(binomialMeanAbsDeviation(1e6, 0.2)).toBeCloseTo(Math.sqrt(2 / Math.PI) * Math.sqrt(1e6 * 0.16), 0);
    // For the hand-made log: (E|Bin(10,0.1) − 1| + E|Bin(4,0.55) − 2.2|) / 14
    expect(c.eceChance).toBeCloseTo((binomialMeanAbsDeviation(10, 0.1) + binomialMeanAbsDeviation(4, 0.55)) / 14, 12);
  });

  it('rejects predictions outside 0..1 and silly bin counts', () => {
    expect(() => new CalibrationAccumulator(0)).toThrow(/bins/);
    expect(() => new CalibrationAccumulator(10).add(1.2, true)).toThrow(/not a probability/);
  });

  it('ECE is at most the worst bin gap and Brier within [0,1] (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ p: fc.double({ min: 0, max: 1, noNaN: true }), mine: fc.boolean() }), { minLength: 1, maxLength: 200 }), fc.integer({ min: 1, max: 50 }), (xs, bins) => {
        const r = calibrate(xs, bins);
        const worst = Math.max(...r.bins.map((b) => Math.abs(b.predicted - b.actual)));
        expect(r.ece).toBeLessThanOrEqual(worst + 1e-12);
        expect(r.brier).toBeGreaterThanOrEqual(0);
        expect(r.brier).toBeLessThanOrEqual(1);
        expect(r.bins.reduce((s, b) => s + b.count, 0)).toBe(xs.length);
      }),
    );
  });
});

describe('joining moves to game summaries', () => {
  const game = (id: string, strategy: string, rules = 'safe') => ({ type: 'game' as const, game: id, strategy, rules, source: 'sim' });
  const move = (id: string, p: number, mine: boolean, certain = false, n = 2) => ({ type: 'move' as const, game: id, n, p, mine, certain });

  it('filters by strategy and guesses through the summary line', () => {
    const lines = [move('1', 0, false, true), move('1', 0.3, true), game('1', 'a'), move('2', 0.2, false), move('2', 0.6, true), game('2', 'b', 'zero')];
    const all = new LogCalibration({}, 10);
    for (const l of lines) all.add(l);
    expect(all.finish().count).toBe(4);
    const onlyB = new LogCalibration({ strategy: ['b'] }, 10);
    for (const l of lines) onlyB.add(l);
    expect(onlyB.finish().count).toBe(2);
    const guessesA = new LogCalibration({ strategy: ['a'], guesses: true }, 10);
    for (const l of lines) guessesA.add(l);
    const r = guessesA.finish();
    expect(r.count).toBe(1);
    expect(r.mines).toBe(1);
    const zero = new LogCalibration({ rules: ['zero'] }, 10);
    for (const l of lines) zero.add(l);
    expect(zero.finish().count).toBe(2);
  });

  it('leaves each game\'s first click out of the guesses', () => {
    const c = new LogCalibration({ guesses: true }, 10);
    c.add(move('1', 0, false, false, 1));
    c.add(move('1', 0.4, true, false, 2));
    c.add(game('1', 'a'));
    expect(c.finish().count).toBe(1);
  });

  it('keeps moves of an unfinished game only when no game filter is set', () => {
    const lines = [move('1', 0.5, true), game('1', 'a'), move('2', 0.5, false)];
    const plain = new LogCalibration({}, 2);
    for (const l of lines) plain.add(l);
    expect(plain.orphanMoves).toBe(1);
    expect(plain.finish().count).toBe(2);
    const filtered = new LogCalibration({ strategy: ['a'] }, 2);
    for (const l of lines) filtered.add(l);
    expect(filtered.finish().count).toBe(1);
  });

  it('leaves cells whose outcome was never seen out of the table, and counts them (guesses only, with --guesses)', () => {
    const c = new LogCalibration({}, 2);
    c.add(move('1', 0.5, true, false, 1));
    c.add({ type: 'unseen', game: '1', certain: false, n: 2 });
    c.add({ type: 'unseen', game: '1', certain: true, n: 3 });
    expect(c.unseen).toBe(2);
    expect(c.finish().count).toBe(1);
    const g = new LogCalibration({ guesses: true }, 2);
    g.add({ type: 'unseen', game: '1', certain: false, n: 1 });
    g.add({ type: 'unseen', game: '1', certain: true, n: 2 });
    g.add({ type: 'unseen', game: '1', certain: false, n: 3 });
    expect(g.unseen).toBe(1);
  });

  it('an unseen line with the game and n of a move told before takes that move back (a reading doubted), in its own file only', () => {
    const c = new LogCalibration({}, 2);
    c.add(move('1', 0.25, false, false, 1), 'f0');
    c.add(move('1', 0.25, false, false, 2), 'f0');
    c.add(move('1', 0.25, false, false, 2), 'f1');
    c.add({ type: 'unseen', game: '1', certain: false, n: 2 }, 'f0');
    expect(c.unseen).toBe(1);
    expect(c.takenBack).toBe(1);
    // f0's move 1 and f1's move 2 stay; f0's move 2 is gone
    expect(c.finish().count).toBe(2);
    const other = new LogCalibration({}, 2);
    other.add(move('1', 0.25, false, false, 1));
    other.add({ type: 'unseen', game: '2', certain: false, n: 1 });
    expect(other.takenBack).toBe(0);
    expect(other.finish().count).toBe(1);
  });

  it('keeps equal game ids of different files apart', () => {
    const c = new LogCalibration({ strategy: ['a'] }, 2);
    c.add(move('1', 0.5, true), 'f0');
    c.add(move('1', 0.5, false), 'f1');
    c.add(game('1', 'a'), 'f0');
    c.add(game('1', 'b'), 'f1');
    expect(c.finish().count).toBe(1);
  });
});

describe('win rates', () => {
  it('Wilson matches known values', () => {
    const [lo, hi] = wilson(415, 1000);
    expect(lo).toBeCloseTo(0.38484, 4);
    expect(hi).toBeCloseTo(0.44581, 4);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('paired difference counts only discordant games', () => {
    const a = [true, true, false, false, true];
    const b = [true, false, true, true, true];
    const d = pairedDifference(a, b);
    expect(d).toMatchObject({ n: 5, aOnly: 1, bOnly: 2 });
    expect(d.diff).toBeCloseTo(0.2, 12);
    // d_i = 0, −1, 1, 1, 0: sample variance 0.7, of the mean 0.14.
    expect(d.ci[1] - d.diff).toBeCloseTo(1.959963984540054 * Math.sqrt(0.7 / 5), 10);
    expect(pairedFromCounts(10, 0, 0).ci).toEqual([0, 0]);
    expect(() => pairedDifference([true], [])).toThrow(/same games/);
  });

  it('formats a rate with its interval', () => {
    // half-width 1.96·sqrt(0.25/100 + 1.96²/40000) / (1 + 1.96²/100) = 0.0962
    expect(formatRate(50, 100)).toBe('50.00% ± 9.62');
  });
});
