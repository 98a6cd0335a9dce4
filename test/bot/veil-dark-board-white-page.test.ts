// A see-through layer over a dark board on a white page (veil.ts): the board's own levels are all
// dark, so a line fitted to them alone is pinned over a narrow span, and at a loss that shows every
// cell anew (each covered cell drawn opened, the mines shown) most of the board's pixels changed
// otherwise too. Extrapolated to the white page around the board, such a line missed the page's
// dimmed white by a little more than rounding, the frame was judged not under the layer, and the
// loss was never read (WillianColombo/campo_minado-DOM's dark theme: 0.489·255 + 0.14 = 124.9
// where the page showed 127). Drawn here: bevelled dark tiles, 40 px, on a white page.

import { describe, expect, it } from 'vitest';
import type { Grid } from '../../src/core/grid.js';
import type { Grab } from '../../src/desktop/ports.js';
import { unveiled, veilOf } from '../../src/bot/screen/veil.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';

const PITCH = 40, COLS = 12, ROWS = 10, LEFT = 20, TOP = 60;
const grid: Grid = { left: LEFT, top: TOP, pitch: PITCH, cols: COLS, rows: ROWS, scale: 1 };

function grab(image: RgbaImage): Grab {
  return { image, region: { left: 0, top: 0, width: image.width, height: image.height }, pixelDensity: { scaleX: 1, scaleY: 1 } };
}

/** A dark board of bevelled tiles on a white page: `opened` cells flat (some with a white bar), `mines` black dots. */
function screen(opened: (i: number) => boolean, mines: Set<number> = new Set()): Grab {
  const img = createImage(LEFT * 2 + COLS * PITCH, TOP + ROWS * PITCH + 40, [255, 255, 255]);
  for (let i = 0; i < COLS * ROWS; i++) {
    const x0 = LEFT + (i % COLS) * PITCH, y0 = TOP + Math.floor(i / COLS) * PITCH;
    if (opened(i) || mines.has(i)) {
      fillRect(img, x0, y0, x0 + PITCH - 1, y0 + PITCH - 1, [36, 32, 35]);
      fillRect(img, x0 + 1, y0 + 1, x0 + PITCH - 2, y0 + PITCH - 2, [57, 52, 56]);
      if (mines.has(i)) fillRect(img, x0 + 12, y0 + 12, x0 + 27, y0 + 27, [2, 2, 2]);
      else if (i % 3 === 1) fillRect(img, x0 + 17, y0 + 9, x0 + 22, y0 + 30, [236, 236, 236]);
    } else {
      fillRect(img, x0, y0, x0 + PITCH - 1, y0 + PITCH - 1, [27, 22, 25]);
      fillRect(img, x0, y0, x0 + PITCH - 5, y0 + PITCH - 5, [88, 82, 86]);
      fillRect(img, x0 + 4, y0 + 4, x0 + PITCH - 5, y0 + PITCH - 5, [57, 52, 56]);
    }
  }
  return grab(img);
}

/** `g` under 50% black over all of it, as a browser composites it (the half rounded down). */
function dimmed(g: Grab): Grab {
  return grab({ ...g.image, data: g.image.data.map((v, i) => (i % 4 === 3 ? v : v >> 1)) });
}

const OPEN = (i: number): boolean => i % COLS < 7;
const MINES = new Set([7, 20, 33, 46, 59, 70, 83, 95, 107, 118]);

describe('a see-through layer over a dark board on a white page', () => {
  it('a loss that shows every cell anew under a page dimmed to half: found, the page and the cells under one line', () => {
    const before = screen(OPEN);
    const now = dimmed(screen(() => true, MINES));
    const v = veilOf(before, now, grid);
    expect(v).not.toBeNull();
    for (const s of v!.slope) expect(s).toBeCloseTo(0.5, 1);
    // taken off, the page around the board is white again within rounding
    const off = unveiled(before, now, v!);
    const i = ((TOP - 10) * off.image.width + 10) * 4;
    for (let c = 0; c < 3; c++) expect(Math.abs(off.image.data[i + c]! - 255)).toBeLessThanOrEqual(2);
  });

  it('the same loss with no layer is none, and a cascade over most of the board is none', () => {
    expect(veilOf(screen(OPEN), screen(() => true, MINES), grid)).toBeNull();
    expect(veilOf(screen(OPEN), screen((i) => i % COLS < 11), grid)).toBeNull();
  });
});
