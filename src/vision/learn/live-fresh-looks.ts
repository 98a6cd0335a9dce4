// Which cells of a fresh board share the covered look most of them have. Pure.

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { cutCell } from '../read/cells.js';
import { normalise } from '../read/classify.js';
import { dot, vecOf } from './looks.js';
import { CUT, SAME_DRAWING } from './live-looks.js';

/** Cells of a fresh board look alike: each at least this close to their mean. */
const FRESH_LIKENESS = 0.9;
/** ... or (withTwins) this close to one that is in its own row or column. */
const TWIN_LIKENESS = 0.95;

/**
 * Which cells of a fresh board share the look most of them have (the covered look), and the
 * others. A cell shares it when its look correlates with theirs (a board shaded across), or when
 * its pixels are theirs (flat tiles at a fractional pitch: a cut that misses the thin lines
 * between them is one plain colour, a look that correlates with nothing). A cell
 * also shares it by its own row or column (withTwins): at a fractional pitch a cell's cut lies at
 * its column's phase across and its row's phase down, and the few cells whose two phases are both
 * the farthest from the mean's look like nothing but each other and the cells of their row or
 * column (Eriscot/react-minesweeper's bevelled tiles at 16.81 px: two cells of 100, 0.98 like the
 * cells of their column, 0.997 like each other, were refused as a fresh board).
 */
export function freshLooks(image: RgbaImage, grid: Grid): { like: boolean[]; rest: number[] } {
  const cuts = Array.from({ length: grid.cols * grid.rows }, (_, i) => cutCell(image, grid, i % grid.cols, (i / grid.cols) | 0, CUT, true));
  const looks = cuts.map((c) => vecOf(c).v);
  let like = looks.map(() => true);
  for (let pass = 0; pass < 3; pass++) {
    const mean = new Float32Array(looks[0]!.length);
    const pixels = new Float64Array(cuts[0]!.data.length);
    let n = 0;
    looks.forEach((v, i) => {
      if (!like[i]) return;
      for (let k = 0; k < v.length; k++) mean[k]! += v[k]!;
      for (let k = 0; k < pixels.length; k++) pixels[k]! += cuts[i]!.data[k]!;
      n++;
    });
    normalise(mean);
    like = looks.map((v, i) => dot(v, mean) >= FRESH_LIKENESS || (n > 0 && pixelsApart(cuts[i]!, pixels, n) <= SAME_DRAWING));
  }
  like = withTwins(looks, like, grid.cols);
  return { like, rest: like.flatMap((l, i) => (l ? [] : [i])) };
}

/**
 * `like` with each cell that is not but is close to those that are in its own row or its own
 * column (cuts at one of its phases): TWIN_LIKENESS to one of them, or FRESH_LIKENESS to their
 * mean look. One step: what it adds is not built on.
 */
function withTwins(looks: readonly Float32Array[], like: readonly boolean[], cols: number): boolean[] {
  const rows = like.length / cols;
  const rowOf = (y: number): number[] => Array.from({ length: cols }, (_, x) => y * cols + x);
  const colOf = (x: number): number[] => Array.from({ length: rows }, (_, y) => y * cols + x);
  // (the normalised mean look of a line's like cells, null when it has none)
  const meanOf = (cells: number[]): Float32Array | null => {
    const ones = cells.filter((j) => like[j]);
    if (!ones.length) return null;
    const m = new Float32Array(looks[0]!.length);
    for (const j of ones) for (let k = 0; k < m.length; k++) m[k]! += looks[j]![k]!;
    normalise(m);
    return m;
  };
  const rowMeans = Array.from({ length: rows }, (_, y) => meanOf(rowOf(y)));
  const colMeans = Array.from({ length: cols }, (_, x) => meanOf(colOf(x)));
  return like.map((l, i) => {
    if (l) return true;
    const x = i % cols, y = (i / cols) | 0;
    const v = looks[i]!;
    if ([rowMeans[y], colMeans[x]].some((m) => m && dot(v, m) >= FRESH_LIKENESS)) return true;
    return [...rowOf(y), ...colOf(x)].some((j) => like[j] && dot(looks[j]!, v) >= TWIN_LIKENESS);
  });
}

/** Mean difference (0..255, per channel) of a cut's pixels from the mean of `n` cuts (`sum`, their pixels summed). */
function pixelsApart(cut: RgbaImage, sum: Float64Array, n: number): number {
  let d = 0;
  for (let k = 0; k < cut.data.length; k += 4) d += Math.abs(cut.data[k]! - sum[k]! / n) + Math.abs(cut.data[k + 1]! - sum[k + 1]! / n) + Math.abs(cut.data[k + 2]! - sum[k + 2]! / n);
  return d / (3 * (cut.data.length / 4));
}
