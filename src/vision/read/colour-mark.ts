// A mark in a colour the matched look does not have. NCC compares shape and colour over the whole
// cell, so a small mark on a flat look scores high against that look: a game's flag drawn as a
// thin red outline on a grey tile (hex-coding/minesweeper without an emoji font) read as a covered
// cell, sure, with the classic look. A cell matched to a look whose sprite has no strong colour,
// whose middle holds a patch of strongly coloured pixels, is a look not known: unsure, never the
// flat look it was nearest to. Pure.

import type { RgbaImage } from '../image.js';

/** How much more colourful (max − min of R, G, B) than its sprite's most colourful pixel a pixel must be to count as a mark. */
const CHROMA_MARGIN = 80;
/** The share of the cell's middle such pixels must cover (and MARK_PIXELS): smoothing at a cell's edge, or a pixel of noise, is no mark. */
const MARK_SHARE = 0.03;
const MARK_PIXELS = 4;
/** The share of the cell left out at each side: neighbours bleed over the edges when a capture is scaled. */
const EDGE = 0.2;

/** How colourful the pixel at byte offset `o` of RGBA data is: max − min of its R, G, B. */
function chromaAt(data: Uint8Array, o: number): number {
  return Math.max(data[o]!, data[o + 1]!, data[o + 2]!) - Math.min(data[o]!, data[o + 1]!, data[o + 2]!);
}

/** The most colourful pixel of a sprite's middle (chromaAt). */
export function spriteChroma(image: RgbaImage): number {
  let most = 0;
  const { width: w, height: h, data } = image;
  const ex = Math.floor(w * EDGE), ey = Math.floor(h * EDGE);
  for (let y = ey; y < h - ey; y++) {
    for (let x = ex; x < w - ex; x++) {
      most = Math.max(most, chromaAt(data, (y * w + x) * 4));
    }
  }
  return most;
}

/**
 * Whether the cell of `image` at (x, y), `side` pixels square, holds a mark more colourful than a
 * sprite whose most colourful pixel is `chroma` (spriteChroma) can show.
 */
export function hasColourMark(image: RgbaImage, at: { x: number; y: number; side: number }, chroma: number): boolean {
  const bar = chroma + CHROMA_MARGIN;
  if (bar > 255) return false;
  const { width: w, height: h, data } = image;
  const x0 = Math.max(0, Math.ceil(at.x + at.side * EDGE)), x1 = Math.min(w, Math.floor(at.x + at.side * (1 - EDGE)));
  const y0 = Math.max(0, Math.ceil(at.y + at.side * EDGE)), y1 = Math.min(h, Math.floor(at.y + at.side * (1 - EDGE)));
  if (x1 <= x0 || y1 <= y0) return false;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (chromaAt(data, (y * w + x) * 4) > bar) n++;
    }
  }
  return n >= MARK_PIXELS && n >= MARK_SHARE * (x1 - x0) * (y1 - y0);
}
