// Boards drawn with no lines between their cells (for test/vision/lineless.test.ts), as KMines'
// grass and graveyard themes draw them, from their facts, never from their artwork: every covered
// tile is one textured picture drawn edge to edge (grass filling the tile; or a tuft in the lower
// part of the tile over a shaded ground that does not repeat), on a textured background that does
// not repeat; or, as Google's Minesweeper draws them, flat squares light and dark by turns (a
// covered one with a dark edge on each side it shares with an opened one, if asked).
// Opened cells are a flat sign whose colour and bars say its number; a mine a dark disc.

import { COVERED, EXPLODED, FLAG, MINE, WRONG_FLAG, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import type { Grid } from '../../src/vision/geometry.js';
import { createImage, fillRect, setPixel, type Rgb, type RgbaImage } from '../../src/vision/image.js';

export interface LinelessLook {
  pitch: number;
  /** Where the board's first cell begins. */
  left: number;
  top: number;
  /**
   * 'grass': texture over the whole tile; 'tuft': texture in the tile's lower 60% only, over a
   * ground shaded down the board; 'checker': flat squares, light and dark by turns (Google's
   * Minesweeper's greens covered, its tans opened).
   */
  tile: 'grass' | 'tuft' | 'checker';
  /** A covered cell beside an opened one has a dark edge on that side, as Google's Minesweeper draws it. */
  edges?: boolean;
  /** Mines shown each as a square of its own colour (one of seven) with a darker disc, as Google's Minesweeper shows them at a loss. */
  mineColours?: boolean;
  /** Which of the seven colours each mine takes is shifted by this many (another game's mines in other colours). */
  mineShift?: number;
  /** Seed of the tile's texture and the background's. */
  seed?: number;
}

const clamp = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));

/** A smooth noise picture of w x h (blades, blotches): random values, each averaged over the `r` pixels around it. */
function noise(w: number, h: number, seed: number, r = 2): Float64Array {
  const rng = createRng(seed);
  const raw = Float64Array.from({ length: w * h }, () => rng.next());
  const out = new Float64Array(w * h);
  let lo = Infinity, hi = -Infinity;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0, n = 0;
      for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) {
        const u = x + dx, v = y + dy;
        if (u >= 0 && v >= 0 && u < w && v < h) (s += raw[v * w + u]!), n++;
      }
      out[y * w + x] = s / n;
      lo = Math.min(lo, s / n);
      hi = Math.max(hi, s / n);
    }
  }
  // (stretched to 0..1: a blur flattens it)
  return out.map((v) => (v - lo) / (hi - lo || 1));
}

const MINE_COLOURS: Rgb[] = [[219, 50, 54], [72, 230, 241], [244, 194, 13], [237, 68, 181], [0, 135, 68], [182, 72, 242], [244, 132, 13]];
const NUMBER_COLOURS: Rgb[] = [[0, 0, 0], [30, 60, 220], [20, 140, 40], [210, 30, 30], [20, 20, 120], [120, 20, 20], [20, 130, 130], [60, 60, 60], [140, 140, 140]];

/** The board drawn on a 2-tile margin of background (at least). */
export function drawLineless(board: Board, look: LinelessLook, size = { width: 0, height: 0 }): RgbaImage {
  const { pitch: p, left, top, tile } = look;
  const seed = look.seed ?? 7;
  const W = Math.max(size.width, left + board.width * p + 2 * p), H = Math.max(size.height, top + board.height * p + 2 * p);
  const img = createImage(W, H);
  // the background: noise over a slow wave (nothing in it repeats at a tile's pitch)
  const bg = noise(W, H, seed + 1, 1);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const v = 90 + 50 * Math.sin(x * 0.013 + y * 0.021) + 60 * bg[y * W + x]!;
      setPixel(img, x, y, [clamp(v * 0.6), clamp(v), clamp(v * 0.8)]);
    }
  }
  const tex = noise(p, p, seed);
  const coveredAt = (x0: number, y0: number, gy: number, light: boolean): void => {
    if (tile === 'checker') return fillRect(img, x0, y0, x0 + p, y0 + p, light ? [170, 215, 81] : [162, 209, 73]);
    for (let v = 0; v < p; v++) {
      for (let u = 0; u < p; u++) {
        const t = tex[v * p + u]!;
        if (tile === 'grass') setPixel(img, x0 + u, y0 + v, [clamp(90 + 80 * t), clamp(170 + 70 * t), clamp(60 + 40 * t)]);
        else if (v >= p * 0.4) setPixel(img, x0 + u, y0 + v, [clamp(110 + 90 * t), clamp(110 + 80 * t), clamp(30 + 40 * t)]);
        // (the ground under the tufts darkens down the board: it does not repeat from row to row)
        else setPixel(img, x0 + u, y0 + v, [40, clamp(80 - gy * 0.08), 50]);
      }
    }
  };
  const closed = (c: number): boolean => c === COVERED || c === FLAG || c === WRONG_FLAG;
  const edges = (b: Board, cx: number, cy: number, x0: number, y0: number): void => {
    const e = Math.max(2, Math.round(p / 10));
    const open = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < b.width && y < b.height && !closed(b.cells[y * b.width + x]!);
    const dark: Rgb = [58, 98, 33];
    if (open(cx - 1, cy)) fillRect(img, x0, y0, x0 + e, y0 + p, dark);
    if (open(cx + 1, cy)) fillRect(img, x0 + p - e, y0, x0 + p, y0 + p, dark);
    if (open(cx, cy - 1)) fillRect(img, x0, y0, x0 + p, y0 + e, dark);
    if (open(cx, cy + 1)) fillRect(img, x0, y0 + p - e, x0 + p, y0 + p, dark);
  };
  for (let cy = 0; cy < board.height; cy++) {
    for (let cx = 0; cx < board.width; cx++) {
      const c = board.cells[cy * board.width + cx]!;
      const x0 = left + cx * p, y0 = top + cy * p;
      const light = (cx + cy) % 2 === 0;
      if (c === COVERED || c === FLAG || c === WRONG_FLAG) {
        coveredAt(x0, y0, y0 - top, light);
        if (look.edges) edges(board, cx, cy, x0, y0);
        if (c !== COVERED) fillRect(img, x0 + p * 0.35, y0 + p * 0.2, x0 + p * 0.65, y0 + p * 0.5, c === FLAG ? [230, 20, 20] : [230, 20, 230]);
        continue;
      }
      // an opened cell: a flat sign, its number in colour and bars; a mine a dark disc on it
      const exploded = c === EXPLODED;
      const ground: Rgb = tile === 'checker' ? (light ? [229, 194, 159] : [215, 184, 153]) : [205, 190, 150];
      fillRect(img, x0, y0, x0 + p, y0 + p, exploded ? [230, 60, 40] : ground);
      if (c <= 8 && c > 0) {
        const col = NUMBER_COLOURS[c]!;
        // (bars centred in the cell, as digits are)
        const x1 = x0 + p * (0.5 - c * 0.045);
        for (let k = 0; k < c; k++) fillRect(img, x1 + k * p * 0.09, y0 + p * 0.25, x1 + k * p * 0.09 + Math.max(1, p * 0.06), y0 + p * 0.75, col);
      } else if (c === MINE || exploded) {
        // (or, as Google's shows its mines at a loss, each a square of its own colour with a darker disc)
        const own: Rgb | null = look.mineColours ? MINE_COLOURS[(cx * 7 + cy * 3 + (look.mineShift ?? 0)) % MINE_COLOURS.length]! : null;
        if (own) fillRect(img, x0, y0, x0 + p, y0 + p, own);
        const disc: Rgb = own ? [own[0] * 0.6, own[1] * 0.6, own[2] * 0.6] : [15, 15, 15];
        for (let v = 0; v < p; v++) for (let u = 0; u < p; u++) if ((u - p / 2) ** 2 + (v - p / 2) ** 2 < (p * 0.3) ** 2) setPixel(img, x0 + u, y0 + v, disc);
      }
    }
  }
  return img;
}

/** Whether a grid is the board drawn with `look`: its size, and its four edges each within a pixel. */
export function isDrawnBoard(g: Grid | null, look: LinelessLook, cols: number, rows: number): boolean {
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1 + 1e-6;
  return (
    g !== null &&
    g.cols === cols &&
    g.rows === rows &&
    near(g.left, look.left) &&
    near(g.top, look.top) &&
    near(g.left + cols * g.pitch, look.left + cols * look.pitch) &&
    near(g.top + rows * g.pitch, look.top + rows * look.pitch)
  );
}

/** The largest of the grids found (the one the live learner takes), or null. */
export function largest(found: Grid[]): Grid | null {
  return found.reduce<Grid | null>((a, b) => (!a || b.cols * b.rows > a.cols * a.rows ? b : a), null);
}

/**
 * A fresh checkerboard at a pitch of a fraction of a pixel, at a place of fractions of a pixel,
 * smoothed as a browser scales it (each pixel the mean of 4 x 4 points in it), on a flat page.
 */
export function drawCheckerScaled(cols: number, rows: number, pitch: number, left: number, top: number): RgbaImage {
  const page: Rgb = [74, 117, 44], light: Rgb = [170, 215, 81], dark: Rgb = [162, 209, 73];
  const W = Math.ceil(left + (cols + 2) * pitch), H = Math.ceil(top + (rows + 2) * pitch);
  const img = createImage(W, H, page);
  for (let y = Math.floor(top); y < Math.ceil(top + rows * pitch); y++) {
    for (let x = Math.floor(left); x < Math.ceil(left + cols * pitch); x++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const u = (x + (sx + 0.5) / 4 - left) / pitch, v = (y + (sy + 0.5) / 4 - top) / pitch;
          const c = u >= 0 && v >= 0 && u < cols && v < rows ? ((Math.floor(u) + Math.floor(v)) % 2 ? dark : light) : page;
          for (let k = 0; k < 3; k++) sum[k]! += c[k]!;
        }
      }
      setPixel(img, x, y, [Math.round(sum[0]! / 16), Math.round(sum[1]! / 16), Math.round(sum[2]! / 16)]);
    }
  }
  return img;
}

/**
 * A Google-style board in play (`seed` picks everything): 10x8/10, 18x14/40 or 24x20/99, squares
 * of 14-45 px, dark edges or none, on the noisy background or a flat page; a first click in the
 * middle opened (its cascade), then up to three more safe cells, and up to three mines flagged.
 */
export function checkerMidGame(seed: number): { image: RgbaImage; look: LinelessLook; cols: number; rows: number } {
  const rng = createRng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng.next() * xs.length)]!;
  const [cols, rows, count] = pick([[10, 8, 10], [18, 14, 40], [24, 20, 99]] as const);
  const pitch = 14 + Math.floor(rng.next() * 32);
  const first = Math.floor(cols / 2) + Math.floor(rows / 2) * cols;
  const mines = new Set<number>();
  while (mines.size < count) {
    const i = Math.floor(rng.next() * cols * rows);
    // (the first click and its neighbours kept free: it opens an area)
    if (Math.abs((i % cols) - (first % cols)) > 1 || Math.abs(Math.floor(i / cols) - Math.floor(first / cols)) > 1) mines.add(i);
  }
  const game = Game.fromLayout(cols, rows, [...mines].map((i) => [i % cols, Math.floor(i / cols)] as [number, number]));
  game.open(first % cols, Math.floor(first / cols));
  const safe = Array.from({ length: cols * rows }, (_, i) => i).filter((i) => !mines.has(i));
  for (let k = Math.floor(rng.next() * 4); k > 0; k--) {
    const i = pick(safe);
    game.open(i % cols, Math.floor(i / cols));
  }
  for (let k = Math.floor(rng.next() * 4); k > 0; k--) {
    const i = pick([...mines]);
    game.toggleFlag(i % cols, Math.floor(i / cols));
  }
  const look: LinelessLook = { pitch, left: 20 + Math.floor(rng.next() * 60), top: 20 + Math.floor(rng.next() * 60), tile: 'checker', edges: rng.next() < 0.5, seed };
  const board = game.board();
  return { image: rng.next() < 0.5 ? drawLineless(board, look) : checkerOnFlat(board, look), look, cols, rows };
}

/** A checkerboard drawn on a flat page of one colour (Google's dark green), nothing else around it. */
export function checkerOnFlat(board: Board, look: LinelessLook): RgbaImage {
  const img = createImage(look.left + (board.width + 2) * look.pitch, look.top + (board.height + 2) * look.pitch, [74, 117, 44]);
  const drawn = drawLineless(board, look);
  for (let y = look.top; y < look.top + board.height * look.pitch; y++) {
    for (let x = look.left; x < look.left + board.width * look.pitch; x++) {
      const k = (y * drawn.width + x) * 4;
      setPixel(img, x, y, [drawn.data[k]!, drawn.data[k + 1]!, drawn.data[k + 2]!]);
    }
  }
  return img;
}
