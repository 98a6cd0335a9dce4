// A Google-like board drawn at a fraction of a pixel (test/vision/half-pixel-over.test.ts,
// scripts/half-pixel-sweep.ts): Google's look in spirit (a checkerboard of greens, beiges, numbers
// in their colours), drawn here from rectangles, nothing of anyone's artwork.
import { COVERED, type Board } from '../../src/core/board.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';

const MONO: Rgb = [40, 40, 40];
const INK: Rgb[] = [[25, 118, 210], [56, 142, 60], [211, 47, 47], [123, 31, 162], [255, 143, 0], [0, 151, 167], [66, 66, 66], [158, 158, 158]];
export const SEGMENTS: Record<number, string> = { 1: 'bc', 2: 'abged', 3: 'abgcd', 4: 'fgbc', 5: 'afgcd', 6: 'afgedc', 7: 'abc', 8: 'abcdefg' };
/** Where each segment of a digit lies in a cell 20 units wide: [x0, y0, x1, y1]. */
const AT: Record<string, [number, number, number, number]> = { a: [6, 4, 14, 6], g: [6, 9, 14, 11], d: [6, 14, 14, 16], f: [6, 4, 8, 11], e: [6, 9, 8, 16], b: [12, 4, 14, 11], c: [12, 9, 14, 16] };

/**
 * A Google-like board (a checkerboard of two greens covered, of two beiges opened, numbers of
 * segments in their colours) drawn at twice the size from (L2, T2), then halved: at an odd L2 or
 * T2 every cell's edge falls half way between two pixels. `two`: the segments a 2 is drawn with
 * (a look the skin was not taught); `mono`: every number in one dark grey.
 */
export function drawGoogleLike(board: Board, P2: number, L2: number, T2: number, two = SEGMENTS[2]!, mono = false): RgbaImage {
  const W = 2 * L2 + board.width * P2, H = 2 * T2 + board.height * P2;
  const big = createImage(W, H, [74, 117, 44]);
  for (let i = 0; i < board.cells.length; i++) {
    const cx = i % board.width, cy = (i / board.width) | 0;
    const x = L2 + cx * P2, y = T2 + cy * P2, c = board.cells[i]!, odd = (cx + cy) % 2 === 1;
    if (c === COVERED) fillRect(big, x, y, x + P2, y + P2, odd ? [162, 209, 73] : [170, 215, 81]);
    else if (c <= 8) {
      fillRect(big, x, y, x + P2, y + P2, odd ? [215, 184, 153] : [229, 194, 159]);
      const s = P2 / 20;
      for (const k of c === 2 ? two : (SEGMENTS[c] ?? '')) {
        const [x0, y0, x1, y1] = AT[k]!;
        fillRect(big, Math.round(x + x0 * s), Math.round(y + y0 * s), Math.round(x + x1 * s), Math.round(y + y1 * s), mono ? MONO : INK[c - 1]!);
      }
    } else fillRect(big, x, y, x + P2, y + P2, [200, 0, 0]);
  }
  const out = createImage(W >> 1, H >> 1);
  const at = (x: number, y: number, ch: number) => big.data[(y * W + x) * 4 + ch]!;
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      for (let ch = 0; ch < 4; ch++) out.data[(y * out.width + x) * 4 + ch] = Math.round((at(2 * x, 2 * y, ch) + at(2 * x + 1, 2 * y, ch) + at(2 * x, 2 * y + 1, ch) + at(2 * x + 1, 2 * y + 1, ch)) / 4);
    }
  }
  return out;
}
