// A board found where the picture repeats (locate-repeat.ts) weighed against the lattices the
// lines gave (locate.ts): whether one of them is that board already, which of them its tiles
// contradict, and whether a lattice is one of lines at all.

import { lumaAt, type RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { EDGE, step, words } from './locate-edges.js';

/**
 * Adds a board of textured tiles with no lines between them (a fresh one, found where the image
 * repeats: `r`) of 4x4 cells or more to the lattices the lines gave, last, unless its own lines are crossed as edges
 * or it lies inside a larger lattice of its pitch (a patch of closed tiles of a board with lines,
 * mid-game or beside a dialog), or one of them is its board already:
 * - a lattice over it with a part of its pitch, in phase with it, whose neighbouring tiles are
 *   alike (tiles that are not whole pixels repeat only every two or three of them);
 * - a lattice of its pitch, in phase with it (within 2 px), and at least its size.
 * Either way, lattices its tiles contradict are dropped: one of its pitch, out of phase,
 * over it, no larger, and whose lines most rows do not cross (lines the tiles' texture draws, not
 * the boundaries the repeating ends at: tiles drawn apart leave it a gap's width to be off by);
 * one of another pitch lying inside it (the image repeats all over it at its own, and a lattice
 * of a part of it whose tiles are not alike cuts its tiles in parts).
 */
export function withRepeating(image: RgbaImage, found: Grid[], r: Grid): void {
  // (tiles with lines between them are the edge locator's to find: what repeats there is a patch
  // of closed tiles beside a dialog or opened cells; so is a part of a larger lattice of its
  // pitch, at any phase: nothing is added or dropped)
  if (r.cols < 4 || r.rows < 4 || hasLines(image, r) || found.some((g) => multiple(r.pitch, g.pitch) === 1 && g.cols * g.rows > r.cols * r.rows && insideShare(r, g) >= 0.9)) return;
  const off = (a: number, b: number, p: number): number => Math.abs(((a - b) % p + 1.5 * p) % p - p / 2);
  // (in phase within a gap's width: where the repeating starts, at tiles drawn apart, is one edge
  // of the gap between them, and the lines' lattice its middle: ace-minesweeper's 4 px gaps at
  // 48 px, a 2 px phase difference, had the lattice dropped and the repeating board taken, 2 px off)
  const inPhase = (g: Grid): boolean => Math.max(off(g.left, r.left, g.pitch), off(g.top, r.top, g.pitch)) <= Math.max(2, g.pitch / 12);
  // (a lattice of a part of its pitch whose neighbouring tiles are as alike as tiles k apart,
  // the same picture: its tiles are the board's, not parts of them)
  const finerTiles = (g: Grid, k: number): boolean => g.cols > k && g.rows > k && tileDifference(image, g, 1) <= 2 * tileDifference(image, g, k) + 4;
  const owns = (g: Grid): boolean => {
    const k = multiple(r.pitch, g.pitch);
    if (k === 0 || insideShare(g, r) === 0 || !inPhase(g)) return false;
    return k > 1 ? insideShare(r, g) >= 0.8 && finerTiles(g, k) : g.cols >= r.cols && g.rows >= r.rows;
  };
  const owner = found.find(owns);
  const contradicted = (g: Grid): boolean => {
    if (g === owner) return false;
    const k = multiple(r.pitch, g.pitch);
    if (k === 0) return insideShare(g, r) >= 0.8;
    if (k > 1) return insideShare(g, r) >= 0.8 && !finerTiles(g, k);
    return k === 1 && !inPhase(g) && g.cols <= r.cols && g.rows <= r.rows && insideShare(g, r) >= 0.5 && !hasLines(image, g);
  };
  for (let k = found.length - 1; k >= 0; k--) if (contradicted(found[k]!)) found.splice(k, 1);
  if (!owner) found.push(r);
}

/** A lattice whose lines this share of its rows and columns cross is one of lines. */
const LINE_SHARE = 0.6;

/** Whether most rows and columns cross a lattice's lines as an edge: a board with lines. */
export function hasLines(image: RgbaImage, g: Grid): boolean {
  return lineShare(image, g) >= LINE_SHARE;
}

/**
 * The share of places on a lattice's inner lines where the pixels cross it as an edge (a step
 * of EDGE or more within an eighth of a tile of the line), for its columns' lines and for its
 * rows'; the smaller of the two.
 */
function lineShare(image: RgbaImage, g: Grid): number {
  const { width: W, height: H } = image;
  const px = words(image);
  const at = (x: number, y: number): number => px[Math.min(H - 1, Math.max(0, y)) * W + Math.min(W - 1, Math.max(0, x))]!;
  // (within a gap's width either side: tiles drawn apart have the line midway in a flat gap)
  const reach = Math.max(2, Math.round(g.pitch / 8));
  const crossed = (a: (k: number) => number, b: (k: number) => number): boolean => {
    for (let k = -reach; k < reach; k++) if (step(a(k), b(k)) >= EDGE) return true;
    return false;
  };
  // (up to 24 lines each way, each looked at in up to 48 places: a share, not a census)
  const spread = (n: number, most: number): number[] => Array.from({ length: Math.min(n, most) }, (_, k) => Math.floor(((k + 0.5) * n) / Math.min(n, most)));
  let vn = 0, vt = 0, hn = 0, ht = 0;
  for (const i of spread(g.cols - 1, 24)) {
    const x = Math.round(g.left + (i + 1) * g.pitch);
    for (const j of spread(Math.floor(g.rows * g.pitch), 48)) {
      const y = Math.round(g.top + j);
      vt++;
      if (crossed((k) => at(x + k, y), (k) => at(x + k + 1, y))) vn++;
    }
  }
  for (const i of spread(g.rows - 1, 24)) {
    const y = Math.round(g.top + (i + 1) * g.pitch);
    for (const j of spread(Math.floor(g.cols * g.pitch), 48)) {
      const x = Math.round(g.left + j);
      ht++;
      if (crossed((k) => at(x, y + k), (k) => at(x, y + k + 1))) hn++;
    }
  }
  return Math.min(vt ? vn / vt : 1, ht ? hn / ht : 1);
}

/** The mean luma difference (levels) between each tile of a lattice and the one `k` to its right and below, pixel by pixel. */
function tileDifference(image: RgbaImage, g: Grid, k: number): number {
  const { width: W, height: H, data } = image;
  const L = (x: number, y: number): number => {
    return lumaAt(data, (Math.min(H - 1, Math.max(0, Math.round(y))) * W + Math.min(W - 1, Math.max(0, Math.round(x)))) * 4);
  };
  const d = k * g.pitch;
  let sum = 0, n = 0;
  for (let y = g.top; y < g.top + (g.rows - k) * g.pitch; y += 2) {
    for (let x = g.left; x < g.left + (g.cols - k) * g.pitch; x += 2) {
      sum += Math.abs(L(x, y) - L(x + d, y)) + Math.abs(L(x, y) - L(x, y + d));
      n += 2;
    }
  }
  return n ? sum / n : 0;
}

/** The share of grid g's area that lies inside grid r's. */
function insideShare(g: Grid, r: Grid): number {
  const w = Math.min(g.left + g.cols * g.pitch, r.left + r.cols * r.pitch) - Math.max(g.left, r.left);
  const h = Math.min(g.top + g.rows * g.pitch, r.top + r.rows * r.pitch) - Math.max(g.top, r.top);
  return w > 0 && h > 0 ? (w * h) / (g.cols * g.rows * g.pitch * g.pitch) : 0;
}

/** k where pitch p is k times pitch q, 1 to 4 (within a pixel for one tile, half a pixel over more); else 0. */
function multiple(p: number, q: number): number {
  for (let k = 1; k <= 4; k++) if (Math.abs(p - k * q) <= (k === 1 ? 1 : 0.5)) return k;
  return 0;
}
