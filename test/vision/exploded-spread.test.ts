// The mine that blew up, drawn as the other mines, on a board whose tiles are resampled at a
// fractional pitch (eriscot/react-minesweeper: 16 px tiles stretched to 16.8): each row and column
// samples the sprite at a phase of its own, so the mines shown are alike to one another at 0.96 to
// 0.99 only, and the mine hit is as unlike them. It is labelled a plain mine (explodedLikeMines),
// not an "exploded" state learned with the mines' own look. Where the mines are one drawing to the
// pixel, a mine hit 0.976 alike to them is still a look of its own.
import { describe, expect, it } from 'vitest';
import { EXPLODED, MINE, OPENED } from '../../src/core/board.js';
import { explodedLikeMines } from '../../src/vision/learn/lesson-checks.js';
import type { Vec } from '../../src/vision/learn/looks.js';

/** A unit look at angle `a` in a plane: two looks correlate at the cosine of their angles apart. */
function at(a: number): Vec {
  const v = new Float32Array(64);
  v[0] = Math.cos(a);
  v[1] = Math.sin(a);
  return { v, mean: 128 };
}

describe('the mine that blew up drawn as the others', () => {
  const codes = [OPENED, MINE, MINE, MINE, EXPLODED, OPENED];
  it('is a mine where the mines shown are alike only as far as it is (a fractional pitch)', () => {
    // mines 0.966 alike to their nearest; the one hit 0.976 alike to the nearest
    const looks = [at(2), at(0), at(0.26), at(0.52), at(-0.22), at(2)];
    expect(explodedLikeMines(codes, (i) => looks[i]!)).toBe(4);
  });
  it('stays a look of its own where the mines shown are one drawing', () => {
    const looks = [at(2), at(0), at(0), at(0), at(-0.22), at(2)];
    expect(explodedLikeMines(codes, (i) => looks[i]!)).toBe(-1);
  });
  it('stays a look of its own when less alike than the floor, however spread the mines', () => {
    const looks = [at(2), at(0), at(0.5), at(1), at(-0.5), at(2)];
    expect(explodedLikeMines(codes, (i) => looks[i]!)).toBe(-1);
  });
});
