// Looks: the cut cells of each state grouped into a few mean images, the pixel weights that
// tell states apart, and the skin (skin.json data + sprites) made of them. Pure.

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { cutCell, stateOfCode } from '../read/cells.js';
import { normalise, type PixelMask } from '../read/classify.js';
import { buildSkin, CELL_STATES, type CellLabel, type Skin, type SkinFile } from '../skins/skin.js';
import { OPENED, type Board } from '../../core/board.js';

export interface LabelledCapture {
  name: string;
  image: RgbaImage;
  board: Board;
  /** Where the board's cells are in the image, when known (a live game): not searched for then. */
  grid?: Grid;
}

/** One look of a state: its mean image and how many cells it stands for. */
export interface Look {
  image: RgbaImage;
  weight: number;
}

export type Looks = Map<CellLabel, Look[]>;

/**
 * The most looks kept per state. Games shade one state in many ways (Windows 7: a gradient
 * across the board, shadows from covered neighbours, palettes of different captures); a look
 * that is folded into an unlike one reads its cells poorly, so numbers keep up to 24.
 */
export const MAX_LOOKS: Partial<Record<CellLabel, number>> & { default: number } = { covered: 16, '0': 16, outside: 12, default: 24 };

/** Two cuts belong to one look when their NCC is at least this and their mean levels are close. */
const SAME_LOOK = 0.97;
const SAME_LEVEL = 8;

export interface Vec {
  v: Float32Array;
  mean: number;
}

export function vecOf(img: RgbaImage): Vec {
  const v = new Float32Array(img.width * img.height * 3);
  let k = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    v[k++] = img.data[i]!;
    v[k++] = img.data[i + 1]!;
    v[k++] = img.data[i + 2]!;
  }
  let sum = 0;
  for (const x of v) sum += x;
  const mean = sum / v.length;
  normalise(v);
  return { v, mean };
}

const flatness = new WeakMap<Float32Array, boolean>();
/** Whether a look (vecOf's normalised vector) is one plain colour: no pattern, all zero, it correlates with nothing. */
export function flat(v: Float32Array): boolean {
  let f = flatness.get(v);
  if (f === undefined) flatness.set(v, (f = v.every((x) => x === 0)));
  return f;
}

const plainness = new WeakMap<Float32Array, boolean>();
/**
 * Whether a look (vecOf's normalised vector, RGB by pixel) is one plain colour, grey or not: every
 * pixel the same red, green and blue. A plain grey is flat (all zero); a plain colour is not,
 * its channels apart in every pixel alike (a page's dark blue where a board was: flat() missed
 * EduardoZepeda/mine-sweeper's board gone at a win, and the last guess was taken for the mine hit).
 */
export function plain(v: Float32Array): boolean {
  let f = plainness.get(v);
  if (f === undefined) {
    f = true;
    for (let i = 3; i < v.length && f; i++) if (Math.abs(v[i]! - v[i % 3]!) > 1e-6) f = false;
    plainness.set(v, f);
  }
  return f;
}

/**
 * How alike two looks' patterns are (their normalised vectors' dot product), where two plain
 * greys (flat: zero vectors, which correlate with nothing) count as one pattern: whether they are
 * one look is then their levels' to say. A cut of a flat tile at a fractional pitch that misses
 * its thin lines is such a grey; compared with itself a frame later it read as changed.
 */
export function correlation(a: Vec, b: Vec): number {
  return flat(a.v) && flat(b.v) ? 1 : dot(a.v, b.v);
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Groups cuts of one state into looks: greedy, a cut joins the most alike look or starts one. */
function groupLooks(cuts: Look[], max: number): Look[] {
  interface Group { sum: Float64Array; weight: number; vec: Vec; w: number; h: number }
  const groups: Group[] = [];
  const meanImage = (g: Group): RgbaImage => {
    const data = new Uint8Array(g.w * g.h * 4);
    for (let i = 0, k = 0; i < data.length; i += 4) {
      data[i] = Math.round(g.sum[k++]! / g.weight);
      data[i + 1] = Math.round(g.sum[k++]! / g.weight);
      data[i + 2] = Math.round(g.sum[k++]! / g.weight);
      data[i + 3] = 255;
    }
    return { width: g.w, height: g.h, data };
  };
  const add = (g: Group, img: RgbaImage, w: number): void => {
    for (let i = 0, k = 0; i < img.data.length; i += 4) {
      g.sum[k++]! += img.data[i]! * w;
      g.sum[k++]! += img.data[i + 1]! * w;
      g.sum[k++]! += img.data[i + 2]! * w;
    }
    g.weight += w;
    g.vec = vecOf(meanImage(g));
  };
  for (const c of cuts) {
    const cv = vecOf(c.image);
    let bestG: Group | null = null, bestS = -2;
    for (const g of groups) {
      if (Math.abs(g.vec.mean - cv.mean) > SAME_LEVEL) continue;
      const s = dot(g.vec.v, cv.v);
      if (s > bestS) { bestS = s; bestG = g; }
    }
    if (bestG && bestS >= SAME_LOOK) add(bestG, c.image, c.weight);
    else {
      const g: Group = { sum: new Float64Array(c.image.width * c.image.height * 3), weight: 0, vec: cv, w: c.image.width, h: c.image.height };
      add(g, c.image, c.weight);
      groups.push(g);
    }
  }
  // too many looks: fold the lightest into the one most like it
  while (groups.length > max) {
    groups.sort((a, b) => b.weight - a.weight);
    const light = groups.pop()!;
    let into = groups[0]!, bestS = -2;
    for (const g of groups) {
      const s = dot(g.vec.v, light.vec.v) - Math.abs(g.vec.mean - light.vec.mean) / 255;
      if (s > bestS) { bestS = s; into = g; }
    }
    const img = meanImage(light);
    add(into, img, light.weight);
  }
  groups.sort((a, b) => b.weight - a.weight);
  return groups.map((g) => ({ image: meanImage(g), weight: g.weight }));
}

/**
 * Cuts every cell of a capture at the grid, by state, and the ring of cell-sized squares just
 * outside the board (where they lie inside the image) as 'outside'.
 */
export function cutLooks(capture: LabelledCapture, grid: Grid, size: number, into: Looks = new Map()): Looks {
  const { board, image } = capture;
  const add = (label: CellLabel, x: number, y: number): void => {
    let list = into.get(label);
    if (!list) into.set(label, (list = []));
    list.push({ image: cutCell(image, grid, x, y, size), weight: 1 });
  };
  for (let i = 0; i < board.cells.length; i++) {
    // an opened cell whose number is not known ('+') teaches nothing
    if (board.cells[i] !== OPENED) add(stateOfCode(board.cells[i]!), i % board.width, (i / board.width) | 0);
  }
  const inImage = (x: number, y: number): boolean =>
    grid.left + x * grid.pitch >= 0 && grid.top + y * grid.pitch >= 0 &&
    grid.left + (x + 1) * grid.pitch <= image.width && grid.top + (y + 1) * grid.pitch <= image.height;
  for (let x = -1; x <= board.width; x++) {
    for (let y = -1; y <= board.height; y++) {
      const ring = x === -1 || y === -1 || x === board.width || y === board.height;
      if (ring && inImage(x, y)) add('outside', x, y);
    }
  }
  return into;
}

/** Each state's cuts grouped into at most MAX_LOOKS looks. */
export function groupAll(cuts: Looks): Looks {
  const out: Looks = new Map();
  for (const label of [...CELL_STATES, 'outside' as const]) {
    const list = cuts.get(label);
    if (list?.length) out.set(label, groupLooks(list, MAX_LOOKS[label] ?? MAX_LOOKS.default));
  }
  return out;
}

/**
 * How much each pixel tells the states apart (0.5..1 per pixel): the spread of the states' mean
 * looks at that pixel against the spread of cells of one state (shadows of neighbours, a
 * gradient, an animation), on brightness-normalised cuts as the matcher sees them. A pixel
 * where only the surroundings vary (a cell's rim) counts half, one where digits differ counts
 * fully (not less than half: a rim still tells a raised tile from a flat one, and from the
 * frame around the board). Null when fewer than two states were seen (nothing to tell apart).
 */
export function pixelWeights(cuts: Looks): PixelMask | null {
  const states = [...cuts.keys()].filter((s) => cuts.get(s)!.length > 0);
  if (states.length < 2) return null;
  const first = cuts.get(states[0]!)![0]!.image;
  const { width, height } = first;
  const n = width * height * 3;
  const means: Float64Array[] = [];
  const within = new Float64Array(width * height);
  let withinClasses = 0;
  for (const st of states) {
    const list = cuts.get(st)!;
    const vs = list.map((l) => vecOf(l.image).v);
    const mu = new Float64Array(n);
    let wsum = 0;
    vs.forEach((v, k) => {
      const w = list[k]!.weight;
      wsum += w;
      for (let i = 0; i < n; i++) mu[i]! += v[i]! * w;
    });
    for (let i = 0; i < n; i++) mu[i]! /= wsum;
    means.push(mu);
    if (vs.length >= 2) {
      withinClasses++;
      const acc = new Float64Array(width * height);
      vs.forEach((v, k) => {
        const w = list[k]!.weight;
        for (let i = 0; i < n; i++) acc[(i / 3) | 0]! += w * (v[i]! - mu[i]!) ** 2;
      });
      for (let p = 0; p < acc.length; p++) within[p]! += acc[p]! / wsum;
    }
  }
  const between = new Float64Array(width * height);
  for (let i = 0; i < n; i++) {
    let m = 0;
    for (const mu of means) m += mu[i]!;
    m /= means.length;
    for (const mu of means) between[(i / 3) | 0]! += (mu[i]! - m) ** 2 / means.length;
  }
  let meanWithin = 0;
  for (let p = 0; p < within.length; p++) meanWithin += within[p]! / Math.max(1, withinClasses) / within.length;
  const eps = 0.25 * meanWithin + 1e-12;
  const ratio = new Float64Array(width * height);
  let max = 0;
  for (let p = 0; p < ratio.length; p++) {
    ratio[p] = between[p]! / (within[p]! / Math.max(1, withinClasses) + eps);
    max = Math.max(max, ratio[p]!);
  }
  const values = new Float32Array(width * height);
  for (let p = 0; p < values.length; p++) values[p] = max > 0 ? Math.max(0.5, Math.sqrt(ratio[p]! / max)) : 1;
  return { width, height, values };
}

/** A pixel mask as a grey image (for weights.png) and back. */
export function maskImage(mask: PixelMask): RgbaImage {
  const data = new Uint8Array(mask.width * mask.height * 4);
  for (let p = 0; p < mask.values.length; p++) {
    const v = Math.round(mask.values[p]! * 255);
    data.set([v, v, v, 255], p * 4);
  }
  return { width: mask.width, height: mask.height, data };
}

/** File name of a state's k-th sprite. */
export function spriteName(state: CellLabel, k: number): string {
  const base = /^[0-8]$/.test(state) ? `open${state}` : state.toLowerCase();
  return `${base}-${k}.png`;
}

export interface LearnedSkin {
  file: SkinFile;
  sprites: Map<string, RgbaImage>;
  skin: Skin;
}

/** skin.json data and sprites for a set of looks. */
export function skinOfLooks(name: string, size: number, looks: Looks, mask: PixelMask | null, learned: NonNullable<SkinFile['learned']>, inset = 0): LearnedSkin {
  const sprites = new Map<string, RgbaImage>();
  const file: SkinFile = {
    version: 1,
    name,
    description: `learned by minebot learn from ${learned.captures.length} capture(s)`,
    cell: { pitch: size, ...(inset ? { inset } : {}), ...(mask ? { weights: 'weights.png' } : {}) },
    sprites: {},
    extraSprites: {},
    palette: {},
    learned,
  };
  for (const [label, list] of looks) {
    list.forEach((look, k) => {
      const f = spriteName(label, k);
      sprites.set(f, look.image);
      if (label === 'outside') (file.outside ??= []).push(f);
      else if (k === 0) file.sprites[label] = f;
      else (file.extraSprites![label] ??= []).push(f);
    });
    file.learned!.weights[label] = list.map((l) => l.weight);
  }
  if (mask) sprites.set('weights.png', maskImage(mask));
  const skin = buildSkin(file, (f) => sprites.get(f)!, name);
  return { file, sprites, skin };
}

/** The looks a learned skin holds (its sprites with the weights it recorded), to learn more. */
export function looksOfSkin(skin: Skin): Looks {
  const looks: Looks = new Map();
  const seen = new Map<CellLabel, number>();
  const add = (label: CellLabel, image: RgbaImage): void => {
    const k = seen.get(label) ?? 0;
    seen.set(label, k + 1);
    const weight = skin.file.learned?.weights[label]?.[k] ?? 1;
    let list = looks.get(label);
    if (!list) looks.set(label, (list = []));
    list.push({ image, weight });
  };
  for (const c of skin.cells) add(c.state, c.image);
  for (const image of skin.outside) add('outside', image);
  return looks;
}
