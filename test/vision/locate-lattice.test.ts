// One pitch for both axes of a lattice (src/vision/locate/locate-lattice.ts fitPitch, sharedPitch).
import { describe, expect, it } from 'vitest';
import { couldGiveWay, fitPitch, sharedPitch } from '../../src/vision/locate/locate-lattice.js';

const LOSS = { held: 0.001, clear: 0.005, given: 0.015 };
const FIRST = 20, LINES = 10;

/** A profile of LINES lines `pitch` apart from FIRST, each `width` pixels wide (1 on the line). */
function lines(pitch: number, width: number): Float64Array {
  const prof = new Float64Array(Math.ceil(FIRST + LINES * pitch + 40));
  for (let k = 0; k < LINES; k++) {
    const c = FIRST + k * pitch;
    for (let x = Math.floor(c - width / 2); x <= Math.ceil(c + width / 2); x++) prof[x] = Math.max(prof[x]!, Math.max(0, 1 - Math.abs(x - c) / (width / 2 + 0.5)));
  }
  return prof;
}

/** Two kinds of line in one profile (a tile's edges at one spacing, opened cells' lines at another). */
const both = (a: Float64Array, b: Float64Array): Float64Array => a.map((v, i) => Math.max(v, b[i] ?? 0));

/** An axis of a lattice at pitch 29.1 (as fitted) over such a profile, its pitch fitted. */
const axis = (profile: Float64Array, pitch = 29.1) => fitPitch(profile, { pitch, first: FIRST, count: LINES });

describe('a pitch both axes share', () => {
  it('is the clear one of an axis whose lines are sharp, where the other axis, its lines of two spacings, matches about as well at either (KMines\' columns)', () => {
    const q = sharedPitch(axis(both(lines(29.25, 8), lines(29.0, 8))), axis(lines(29.0, 1)), LOSS);
    expect(q).not.toBeNull();
    expect(Math.abs(q! - 29.0)).toBeLessThanOrEqual(0.02);
  });

  it('is the clear one of the rows where the columns match as well there as at their own best (both keep it: the clear one holds; a KMines frame found 0.21 px a cell off)', () => {
    // (columns whose match hardly changes, a hair higher at 29.0 than at the best their search
    // found, 29.14; rows with a clear peak at 29.0)
    const columns = { pitch: 29.2, best: 29.14, top: 1, score: (q: number) => 1 + (29.14 - q) * 0.008 };
    const rows = { pitch: 29.2, best: 29.0, top: 1, score: (q: number) => 1 - Math.abs(q - 29.0) * 0.16 };
    for (const [a, b] of [[columns, rows], [rows, columns]] as const) {
      const q = sharedPitch(a, b, LOSS);
      expect(q).not.toBeNull();
      expect(Math.abs(q! - 29.0)).toBeLessThanOrEqual(0.01);
    }
  });

  it('is none when both axes are sharp at different pitches (neither would give way)', () => {
    expect(sharedPitch(axis(lines(29.3, 1)), axis(lines(29.0, 1)), LOSS)).toBeNull();
  });

  it('is none when neither axis has a clear best', () => {
    expect(sharedPitch(axis(lines(29.2, 12)), axis(lines(29.0, 12)), LOSS)).toBeNull();
  });

  it('an axis with lines of two spacings could give way to a pitch 0.1 px off; one with sharp lines could not', () => {
    expect(couldGiveWay(axis(both(lines(29.25, 8), lines(29.0, 8)), 29.2), LOSS.given, 0.1)).toBe(true);
    expect(couldGiveWay(axis(lines(29.0, 1), 29.0), LOSS.given, 0.1)).toBe(false);
  });
});
