// Where a board's lines lie when its tiles are drawn apart, a flat gap between each two and none
// round the board (a CSS grid's `gap` with no padding): in the middle of those gaps, at the pitch
// the gaps give; and how a fresh board of them is told and learned. Pure.
//
// Lines located on such a board may lie at either side of a gap, and its outer cells then hold up
// to a whole gap of the page beside the board where the others hold the gap: the fresh board's
// looks (freshLattice) stretched the pitch to squeeze the outer cells in (Skyzonox/demineur_js:
// 30 px tiles, 2 px gaps, learned at 31.94 px for 32), and the skin learned so read every later
// frame of the game a row and a column short; at 17-24 px tiles a fresh board was refused at
// once. Centred in the gaps, every cell holds half a gap each side, the outer ones half a gap of
// the page on their outer side: the fresh board is told on the frame with that half gap painted
// the gaps' colour (framedByGap), and the skin leaves that rim out when matching (gapInset).

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';

/** Least width (whole pixels) of a gap between tiles that gapsOf centres lines in. */
const GAP_PX = 2;
/** Most spread (levels, any channel) of a gap's pixel line along the board, and between the gaps' colours. */
const FLAT = 10;
/** How far (share of the pitch) from a located line its gap may begin. */
const REACH = 0.25;
/** How far (px) the gaps' middles may lie from the line fitted through them. */
const FIT_PX = 0.75;

interface Band {
  /** The gap's first and last pixel line. */
  from: number;
  to: number;
  colour: number[];
}

/** A board's gaps between tiles: the lattice centred in them, their colour and least width. */
export interface Gaps {
  grid: Grid;
  colour: number[];
  width: number;
  /** The outer edges of the board's outer tiles (pixel edges). */
  tiles: { left: number; top: number; right: number; bottom: number };
}

/**
 * The lattice with its lines in the middle of the flat gaps between a board's tiles, at the pitch
 * the gaps give, when every line between its cells, both ways, is such a gap (GAP_PX or wider,
 * one colour along the board, the same for every gap) and the board has no such gap round it on
 * some side (where one is, the lattice located already fits the tiles); else null.
 */
export function gapsOf(image: RgbaImage, grid: Grid): Gaps | null {
  const x = gapLines(image, grid, true), y = gapLines(image, grid, false);
  if (!x || !y || Math.abs(x.pitch - y.pitch) > 0.02 * grid.pitch || !alike(x.colour, y.colour)) return null;
  const pitch = (x.pitch + y.pitch) / 2, width = Math.min(x.width, y.width);
  // (a gap of an odd width has its middle in a pixel: the lines on the pixel's edge after it, so
  // that cells are cut whole pixels as a read cuts them; the skin's rim covers the half pixel)
  const snap = (v: number): number => (Math.abs(v - Math.round(v)) === 0.5 ? v + 0.5 : v);
  const centred: Grid = { ...grid, pitch, left: snap(x.first - pitch), top: snap(y.first - pitch), scale: (grid.scale * pitch) / grid.pitch };
  if (centred.left < 0 || centred.top < 0 || centred.left + centred.cols * pitch > image.width || centred.top + centred.rows * pitch > image.height) return null;
  const framed = (['left', 'right', 'top', 'bottom'] as const).every((side) => outerGap(image, centred, side, x.colour, width));
  const tiles = { left: x.first - pitch + width / 2, top: y.first - pitch + width / 2, right: x.first + (grid.cols - 1) * pitch - width / 2, bottom: y.first + (grid.rows - 1) * pitch - width / 2 };
  return framed ? null : { grid: centred, colour: x.colour, width, tiles };
}

/**
 * The rim (px) of each cell a skin learned on such a lattice leaves out when matching: half a
 * gap, the gap beside an inner cell, the page beside an outer one.
 */
export function gapInset(gaps: Gaps): number {
  return Math.ceil(gaps.width / 2);
}

/**
 * A copy of the image with the board framed by its own gap (each outer cell's half gap on the
 * board's outer side painted the gaps' colour): its outer cells then look as its inner ones, for
 * telling a fresh board's covered look (the page beside an outer tile is no part of its look).
 */
export function framedByGap(image: RgbaImage, gaps: Gaps): RgbaImage {
  const g = gaps.grid, t = gaps.tiles;
  const x0 = Math.max(0, Math.floor(g.left)), y0 = Math.max(0, Math.floor(g.top));
  const x1 = Math.min(image.width, Math.ceil(g.left + g.cols * g.pitch)), y1 = Math.min(image.height, Math.ceil(g.top + g.rows * g.pitch));
  const ix0 = Math.round(t.left), iy0 = Math.round(t.top), ix1 = Math.round(t.right), iy1 = Math.round(t.bottom);
  const data = new Uint8Array(image.data);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (x >= ix0 && x < ix1 && y >= iy0 && y < iy1) continue;
      const o = (y * image.width + x) * 4;
      for (let c = 0; c < 3; c++) data[o + c] = Math.round(gaps.colour[c]!);
    }
  }
  return { ...image, data };
}

/**
 * Along one axis (`across`: the lines between columns), the gaps at the lines between cells: the
 * middle of the first, the pitch fitted through their middles, their least width and mean colour;
 * null when a line has no gap or the gaps do not lie on one pitch.
 */
function gapLines(image: RgbaImage, grid: Grid, across: boolean): { first: number; pitch: number; width: number; colour: number[] } | null {
  const n = across ? grid.cols : grid.rows;
  if (n < 3) return null;
  const start = across ? grid.left : grid.top;
  const bands: Band[] = [];
  for (let k = 1; k < n; k++) {
    const band = gapNear(image, grid, across, start + k * grid.pitch);
    if (!band) return null;
    bands.push(band);
  }
  const colour = [0, 1, 2].map((c) => bands.reduce((s, b) => s + b.colour[c]!, 0) / bands.length);
  if (bands.some((b) => !alike(b.colour, colour))) return null;
  // (the middle of pixels from..to is the edge between them: from + (to - from + 1) / 2)
  const mids = bands.map((b) => (b.from + b.to + 1) / 2);
  const ks = mids.map((_, i) => i + 1);
  const mk = ks.reduce((a, b) => a + b, 0) / ks.length, mm = mids.reduce((a, b) => a + b, 0) / mids.length;
  let sxy = 0, sxx = 0;
  ks.forEach((k, i) => {
    sxy += (k - mk) * (mids[i]! - mm);
    sxx += (k - mk) * (k - mk);
  });
  const pitch = sxx ? sxy / sxx : grid.pitch;
  const at = (k: number): number => mm + (k - mk) * pitch;
  if (mids.some((m, i) => Math.abs(m - at(ks[i]!)) > FIT_PX)) return null;
  return { first: at(1), pitch, width: Math.min(...bands.map((b) => b.to - b.from + 1)), colour };
}

/**
 * The flat gap at a line between cells (`line`, its nominal place along the axis): the run of
 * whole pixel lines within REACH of a pitch of it, each one colour along the board's inner extent,
 * holding or nearest the line; null when none is GAP_PX wide.
 */
function gapNear(image: RgbaImage, grid: Grid, across: boolean, line: number): Band | null {
  const reach = Math.max(GAP_PX, Math.round(grid.pitch * REACH));
  const limit = across ? image.width : image.height;
  const c0 = Math.max(0, Math.round(line) - reach), c1 = Math.min(limit - 1, Math.round(line) + reach);
  const flat: (number[] | null)[] = [];
  for (let c = c0; c <= c1; c++) flat.push(flatLine(image, grid, across, c));
  let best: Band | null = null;
  for (let i = 0; i < flat.length; ) {
    if (!flat[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < flat.length && flat[j + 1] && alike(flat[j + 1]!, flat[i]!)) j++;
    const band: Band = { from: c0 + i, to: c0 + j, colour: flat[i]! };
    const off = (b: Band): number => Math.max(0, b.from - line, line - (b.to + 1));
    if (j - i + 1 >= GAP_PX && (!best || off(band) < off(best))) best = band;
    i = j + 1;
  }
  return best;
}

/** The colour of pixel line `c` (a column when `across`) along the board's cells, when it is one colour throughout (FLAT); else null. */
function flatLine(image: RgbaImage, grid: Grid, across: boolean, c: number): number[] | null {
  const other = across ? grid.top : grid.left, count = across ? grid.rows : grid.cols;
  const limit = across ? image.height : image.width;
  const u0 = Math.max(0, Math.ceil(other + grid.pitch / 2)), u1 = Math.min(limit, Math.floor(other + (count - 0.5) * grid.pitch));
  const lo = [255, 255, 255], hi = [0, 0, 0];
  for (let u = u0; u < u1; u++) {
    const o = across ? (u * image.width + c) * 4 : (c * image.width + u) * 4;
    for (let ch = 0; ch < 3; ch++) {
      const v = image.data[o + ch]!;
      if (v < lo[ch]!) lo[ch] = v;
      if (v > hi[ch]!) hi[ch] = v;
      if (hi[ch]! - lo[ch]! > FLAT) return null;
    }
  }
  return u1 > u0 ? lo.map((v, ch) => (v + hi[ch]!) / 2) : null;
}

/** Whether the board shows a gap of `colour`, `width` px or more, along its outer line at `side`. */
function outerGap(image: RgbaImage, grid: Grid, side: 'left' | 'right' | 'top' | 'bottom', colour: number[], width: number): boolean {
  const across = side === 'left' || side === 'right';
  const start = across ? grid.left : grid.top, n = across ? grid.cols : grid.rows;
  const line = side === 'left' || side === 'top' ? start : start + n * grid.pitch;
  const half = width / 2;
  const limit = across ? image.width : image.height;
  for (let c = Math.ceil(line - half); c < Math.floor(line + half); c++) {
    if (c < 0 || c >= limit) return false;
    const f = flatLine(image, grid, across, c);
    if (!f || !alike(f, colour)) return false;
  }
  return true;
}

function alike(a: readonly number[], b: readonly number[]): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= FLAT);
}
