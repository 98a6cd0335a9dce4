// Which cells of a fresh board share the covered look most of them have. Pure.

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { cutCell } from '../read/cells.js';
import { normalise } from '../read/classify.js';
import { dot, vecOf } from './looks.js';
import { CUT, SAME_DRAWING } from './live-looks.js';

/** Cells of a fresh board look alike: each at least this close to their mean. */
const FRESH_LIKENESS = 0.9;

/**
 * Which cells of a fresh board share the look most of them have (the covered look), and the
 * others. A cell shares it when its look correlates with theirs (a board shaded across), or when
 * its pixels are theirs (flat tiles at a fractional pitch: a cut that misses the thin lines
 * between them is one plain colour, a look that correlates with nothing).
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
  return { like, rest: like.flatMap((l, i) => (l ? [] : [i])) };
}

/** Mean difference (0..255, per channel) of a cut's pixels from the mean of `n` cuts (`sum`, their pixels summed). */
function pixelsApart(cut: RgbaImage, sum: Float64Array, n: number): number {
  let d = 0;
  for (let k = 0; k < cut.data.length; k += 4) d += Math.abs(cut.data[k]! - sum[k]! / n) + Math.abs(cut.data[k + 1]! - sum[k + 1]! / n) + Math.abs(cut.data[k + 2]! - sum[k + 2]! / n);
  return d / (3 * (cut.data.length / 4));
}
