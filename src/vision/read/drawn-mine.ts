// A mine's drawing a cell lacks. A learned look of a mine, or of the mine that blew up, whose
// middle holds a drawing (a bomb on a tile) can score well as a whole against its bare tile, the
// drawing a small part of the cell: JasonLeisure/games' neon page, frozen by its win alert,
// showed the last cell clicked opened with its number not painted yet, and a skin that had
// learned its mine that blew up from one cell (a bomb on that grey) read the blank tile as it,
// sure: a win read as a loss. A cell matched to such a look whose middle holds nothing is a look
// not known: unsure. A mine drawn as a plain coloured tile (no drawing in its look) is not
// asked. Pure.

import { greyAt, type RgbaImage } from '../image.js';

/** The share of the cell left out at each side: a tile's frame, bevel and lines, and neighbours bleeding over its edges. */
const EDGE = 0.25;
/** A middle whose grey levels span at most this holds nothing... */
const BLANK_LEVELS = 24;
/** ... and a look's middle spanning at least this holds a drawing. */
const DRAWN_LEVELS = 64;

/** The span (max − min) of grey levels over the middle of the `w` x `h` area of `image` at (x, y). */
function middleSpan(image: RgbaImage, x: number, y: number, w: number, h: number): number {
  const x0 = Math.max(0, Math.ceil(x + w * EDGE)), x1 = Math.min(image.width, Math.floor(x + w * (1 - EDGE)));
  const y0 = Math.max(0, Math.ceil(y + h * EDGE)), y1 = Math.min(image.height, Math.floor(y + h * (1 - EDGE)));
  let lo = 255, hi = 0;
  for (let yy = y0; yy < y1; yy++) {
    for (let xx = x0; xx < x1; xx++) {
      const grey = greyAt(image.data, (yy * image.width + xx) * 4);
      lo = Math.min(lo, grey);
      hi = Math.max(hi, grey);
    }
  }
  return hi >= lo ? hi - lo : 0;
}

/** Whether a sprite's middle holds a drawing (DRAWN_LEVELS). */
export function holdsDrawing(sprite: RgbaImage): boolean {
  return middleSpan(sprite, 0, 0, sprite.width, sprite.height) >= DRAWN_LEVELS;
}

/** Whether the cell of `image` at (x, y), `side` pixels square, holds nothing in its middle (BLANK_LEVELS). */
export function blankMiddle(image: RgbaImage, at: { x: number; y: number; side: number }): boolean {
  return middleSpan(image, at.x, at.y, at.side, at.side) <= BLANK_LEVELS;
}
