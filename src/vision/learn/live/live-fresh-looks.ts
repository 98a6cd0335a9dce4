// Which cells of a fresh board share the covered look most of them have. Pure.

import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import { cutCell } from '../../read/cells.js';
import { normalise } from '../../read/classify.js';
import { dot, vecOf } from '../looks.js';
import { CUT, SAME_DRAWING } from './live-looks.js';
import { COVERED } from '../../../core/board.js';

/** Cells of a fresh board look alike: each at least this close to their mean. */
const FRESH_LIKENESS = 0.9;
/** The 0s inside an area opened at the start: each at most this far from their mean (0..255 per channel; SAME_DRAWING twice: cuts at several sub-pixel phases). */
const OPENED_APART = 2 * SAME_DRAWING;
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
    const members = looks.flatMap((_, i) => (like[i] ? [i] : []));
    const mean = meanLook(members.map((i) => looks[i]!), looks[0]!.length);
    const pixels = pixelSum(members.map((i) => cuts[i]!), cuts[0]!.data.length);
    const n = members.length;
    like = looks.map((v, i) => dot(v, mean) >= FRESH_LIKENESS || (n > 0 && pixelsApart(cuts[i]!, pixels, n) <= SAME_DRAWING));
  }
  like = withTwins(looks, like, grid.cols);
  return { like, rest: like.flatMap((l, i) => (l ? [] : [i])) };
}

/** A fresh board read with some cells unsure: at least this share of its cells read covered for sure. */
const SURE_COVERED = 0.5;

/**
 * Whether a board read with cells unsure (`unsure`; `cells` the codes read) is a fresh board all
 * the same: every other cell read covered, at least SURE_COVERED of them, and every cell sharing
 * the look most of them have (freshLooks). A skin learned from boards at a fractional pitch may
 * lack the covered look of a lattice phase (a grid line split over two pixels): those cells read
 * unsure, or nearest a state learned from one cell cut at that phase (prabhakar-regmi's flag, a
 * small box on the tile: 0.954 against covered cells of that phase, below the 0.976 it
 * accepts), and the new game after an end was never taken for one (4 learning runs of 4 stopped).
 */
export function freshAlike(image: RgbaImage, grid: Grid, cells: ArrayLike<number>, unsure: ReadonlySet<number>): boolean {
  let covered = 0;
  for (let i = 0; i < cells.length; i++) {
    if (unsure.has(i)) continue;
    if (cells[i] !== COVERED) return false;
    covered++;
  }
  return covered >= SURE_COVERED * cells.length && freshLooks(image, grid).rest.length === 0;
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
    return ones.length ? meanLook(ones.map((j) => looks[j]!), looks[0]!.length) : null;
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

/**
 * Whether the cells inside an area a fresh board shows opened (`area`; each of `table`'s
 * neighbours of such a cell in it too) look alike, as the 0s of a cascade the game opened by
 * itself do: each within OPENED_APART of their mean, or FRESH_LIKENESS like it. Cells are
 * compared with those of their own parity only (a checkerboard's 0s take two shades by turns).
 * A lost board whose 0s are most of it seemed a fresh board of flat tiles, its numbers, mines and
 * covered cells along two edges an area opened (Eriscot's, 9x9 of its 10x10): inside that area
 * lay a mine, a covered cell and a 3.
 */
export function zerosAlike(image: RgbaImage, grid: Grid, area: readonly number[], table: readonly Int32Array[]): boolean {
  const inArea = new Set(area);
  const inside = area.filter((i) => Array.from(table[i]!).every((j) => inArea.has(j)));
  return [0, 1].every((parity) => {
    const group = inside.filter((i) => ((i % grid.cols) + ((i / grid.cols) | 0)) % 2 === parity);
    if (group.length < 2) return true;
    const cuts = group.map((i) => cutCell(image, grid, i % grid.cols, (i / grid.cols) | 0, CUT, true));
    const sum = pixelSum(cuts, cuts[0]!.data.length);
    const looks = cuts.map((c) => vecOf(c).v);
    const mean = meanLook(looks, looks[0]!.length);
    return cuts.every((c, k) => pixelsApart(c, sum, cuts.length) <= OPENED_APART || dot(looks[k]!, mean) >= FRESH_LIKENESS);
  });
}

/** The normalised mean of `looks` (each `size` long; zeros when there are none). */
function meanLook(looks: readonly Float32Array[], size: number): Float32Array {
  const mean = new Float32Array(size);
  for (const v of looks) for (let k = 0; k < size; k++) mean[k]! += v[k]!;
  normalise(mean);
  return mean;
}

/** The pixels of `cuts` summed, channel by channel (each cut's data `size` long). */
function pixelSum(cuts: readonly RgbaImage[], size: number): Float64Array {
  const sum = new Float64Array(size);
  for (const c of cuts) for (let k = 0; k < size; k++) sum[k]! += c.data[k]!;
  return sum;
}

/** Mean difference (0..255, per channel) of a cut's pixels from the mean of `n` cuts (`sum`, their pixels summed). */
function pixelsApart(cut: RgbaImage, sum: Float64Array, n: number): number {
  let d = 0;
  for (let k = 0; k < cut.data.length; k += 4) d += Math.abs(cut.data[k]! - sum[k]! / n) + Math.abs(cut.data[k + 1]! - sum[k + 1]! / n) + Math.abs(cut.data[k + 2]! - sum[k + 2]! / n);
  return d / (3 * (cut.data.length / 4));
}
