import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOLDEN_FILE, computeGolden, type Golden } from './think-golden.js';

describe('think: playouts decide as recorded', () => {
  it('gives the recorded playout values and race reports on expert positions (same moves, same random streams)', () => {
    const recorded = JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as Golden;
    expect(recorded.playouts.length).toBeGreaterThanOrEqual(6);
    expect(recorded.races.length).toBe(3);
    // Not all zero: the recording holds games won and lost.
    expect(recorded.playouts.some((p) => p.values.some((v) => v.some((x) => x > 0 && x < 1)))).toBe(true);
    expect(computeGolden()).toEqual(recorded);
  }, 60_000);
});
