// A board of rounded tiles with gaps between them under a large title, drawn from its facts (for
// test/vision/titled-board.test.ts), as some browser games draw theirs on a canvas: every covered
// cell a rounded square with a thick outline, a gap of the page between two, a heading in big
// bold letters just above the board (its descenders reach down to the board's top), the page
// perhaps cut by the window's edge just above the heading; at any zoom (every pixel the mean of
// 4x4 samples of the page drawn at zoom 1). Opened cells are a flat square of the page's colour
// with a number drawn as bars. Nothing of any game's artwork.

import type { Board } from '../../src/core/board.js';
import { COVERED, FLAG } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import type { Grid } from '../../src/vision/geometry.js';
import { createImage, type Rgb, type RgbaImage } from '../../src/vision/image.js';

export interface TitledLook {
  /** Cell size at zoom 1 (css px). */
  pitch: number;
  /** The board's first cell at zoom 1. */
  left: number;
  top: number;
  /** Page zoom: the picture is drawn at this scale (0.9: a browser at 90%). */
  zoom: number;
  dark?: boolean;
  /** Rows of the page (at zoom 1) above this are outside the window (black): the window's edge. */
  windowTop?: number;
  /** The page's size at zoom 1. */
  width: number;
  height: number;
}

type Paint = (x: number, y: number) => Rgb | null;

/** The title's letters: bold strokes, a few with a descender, at zoom 1; its baseline `gap` px above the board. */
function titleStrokes(look: TitledLook, cols: number): [number, number, number, number][] {
  const rng = createRng(7);
  const rects: [number, number, number, number][] = [];
  const h = 24, s = 5, gap = 7;
  const base = look.top - gap;
  const width = cols * look.pitch * 0.55;
  let x = look.left + (cols * look.pitch - width) / 2;
  const end = x + width;
  let k = 0;
  while (x < end - 12) {
    if (k === 5) x += 10; // a space between two words
    const w = 12 + Math.floor(rng.next() * 6);
    const small = k !== 0 && k !== 6 && rng.next() < 0.6;
    const y0 = base - (small ? 0.7 * h : h);
    const shape = Math.floor(rng.next() * 4);
    rects.push([x, y0, x + s, base]); // left stem
    if (shape !== 3) rects.push([x + w - s, y0, x + w, base]); // right stem
    if (shape === 0 || shape === 3) rects.push([x, y0, x + w, y0 + s]); // top bar
    if (shape === 1 || shape === 3) rects.push([x, base - s, x + w, base]); // bottom bar
    if (shape === 2) rects.push([x, (y0 + base) / 2 - s / 2, x + w, (y0 + base) / 2 + s / 2]); // middle bar
    if (k % 5 === 3) rects.push([x + w - s, base, x + w, base + gap - 2]); // a descender, down to 2 px above the board
    x += w + 4;
    k++;
  }
  return rects;
}

/** The page at zoom 1, a point at a time. */
function page(board: Board, look: TitledLook): Paint {
  const bg: Rgb = look.dark ? [27, 27, 27] : [255, 255, 255];
  const ink: Rgb = look.dark ? [250, 250, 250] : [20, 20, 20];
  const face: Rgb = look.dark ? [0, 0, 0] : [244, 244, 244];
  const title = titleStrokes(look, board.width);
  const p = look.pitch, inset = 1.5, line = 3, r = 5;
  return (x, y) => {
    if (look.windowTop !== undefined && y < look.windowTop) return [0, 0, 0];
    for (const [x0, y0, x1, y1] of title) if (x >= x0 && x < x1 && y >= y0 && y < y1) return ink;
    const cx = Math.floor((x - look.left) / p), cy = Math.floor((y - look.top) / p);
    if (cx < 0 || cy < 0 || cx >= board.width || cy >= board.height) return bg;
    const u = x - look.left - cx * p - inset, v = y - look.top - cy * p - inset, w = p - 2 * inset;
    if (u < 0 || v < 0 || u >= w || v >= w) return bg;
    // the rounded square: outside its corners the page; its outline `line` px thick
    const qx = Math.min(Math.max(u, r), w - r), qy = Math.min(Math.max(v, r), w - r);
    const d = Math.hypot(u - qx, v - qy);
    if (d > r) return bg;
    const code = board.cells[cy * board.width + cx]!;
    if (code === COVERED || code === FLAG) {
      if (d > r - line || u < line || v < line || u >= w - line || v >= w - line) return ink;
      if (code === FLAG && u > w * 0.35 && u < w * 0.65 && v > w * 0.25 && v < w * 0.7) return [220, 40, 40];
      return face;
    }
    // opened: the page's colour, its number as that many short bars
    const n = code <= 8 ? code : 0;
    for (let k = 0; k < n; k++) {
      const bx = w * 0.2 + (k % 4) * w * 0.17, by = w * (k < 4 ? 0.3 : 0.6);
      if (u >= bx && u < bx + w * 0.1 && v >= by && v < by + w * 0.2) return [30, 90, 230];
    }
    return bg;
  };
}

/** The board drawn on its page at the look's zoom, and where its cells are in the picture. */
export function drawTitled(board: Board, look: TitledLook): { image: RgbaImage; grid: Grid } {
  const z = look.zoom;
  const W = Math.round(look.width * z), H = Math.round(look.height * z);
  const image = createImage(W, H);
  const paint = page(board, look);
  const S = 4;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let r = 0, g = 0, b = 0;
      for (let j = 0; j < S; j++) {
        for (let i = 0; i < S; i++) {
          const c = paint((x + (i + 0.5) / S) / z, (y + (j + 0.5) / S) / z)!;
          r += c[0];
          g += c[1];
          b += c[2];
        }
      }
      const o = (y * W + x) * 4;
      image.data[o] = Math.round(r / (S * S));
      image.data[o + 1] = Math.round(g / (S * S));
      image.data[o + 2] = Math.round(b / (S * S));
      image.data[o + 3] = 255;
    }
  }
  const pitch = look.pitch * z;
  return { image, grid: { left: look.left * z, top: look.top * z, pitch, cols: board.width, rows: board.height, scale: pitch / 16 } };
}
