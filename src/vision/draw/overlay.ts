// The risk overlay of seed 004 (Huang, "Automine") drawn on a screenshot: certain safe cells
// green, certain mines red, other covered cells a yellow square whose area grows with the mine
// probability; the best move outlined. Pure: returns a new image.

import type { Grid } from '../geometry.js';
import type { Rgb, RgbaImage } from '../image.js';

export const OVERLAY_COLOURS = {
  safe: [0, 200, 0] as Rgb,
  mine: [230, 0, 0] as Rgb,
  risk: [255, 220, 0] as Rgb,
  best: [0, 60, 255] as Rgb,
  unsure: [255, 0, 255] as Rgb,
};

export interface OverlayInput {
  grid: Grid;
  /** Mine probability per cell (row-major), null/NaN for cells that get no marker. */
  probabilities: ArrayLike<number | null>;
  best?: { x: number; y: number } | null;
  unsure?: [number, number][];
}

function blend(img: RgbaImage, x0: number, y0: number, x1: number, y1: number, c: Rgb, alpha: number): void {
  const xa = Math.max(0, Math.round(x0)), ya = Math.max(0, Math.round(y0));
  const xb = Math.min(img.width, Math.round(x1)), yb = Math.min(img.height, Math.round(y1));
  for (let y = ya; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      const o = (y * img.width + x) * 4;
      for (let k = 0; k < 3; k++) img.data[o + k] = Math.round(img.data[o + k]! * (1 - alpha) + c[k]! * alpha);
      img.data[o + 3] = 255;
    }
  }
}

function outline(img: RgbaImage, x0: number, y0: number, x1: number, y1: number, t: number, c: Rgb): void {
  blend(img, x0, y0, x1, y0 + t, c, 1);
  blend(img, x0, y1 - t, x1, y1, c, 1);
  blend(img, x0, y0, x0 + t, y1, c, 1);
  blend(img, x1 - t, y0, x1, y1, c, 1);
}

export function drawRiskOverlay(image: RgbaImage, input: OverlayInput): RgbaImage {
  const out: RgbaImage = { width: image.width, height: image.height, data: image.data.slice() };
  const { grid } = input;
  const p = grid.pitch;
  const inner = p * 0.84; // the largest yellow square, inside the cell's bevel
  for (let y = 0; y < grid.rows; y++) {
    for (let x = 0; x < grid.cols; x++) {
      const q = input.probabilities[y * grid.cols + x];
      if (q === null || q === undefined || Number.isNaN(q)) continue;
      const cx = grid.left + (x + 0.5) * p, cy = grid.top + (y + 0.5) * p;
      if (q <= 0) blend(out, cx - inner / 2, cy - inner / 2, cx + inner / 2, cy + inner / 2, OVERLAY_COLOURS.safe, 0.65);
      else if (q >= 1) blend(out, cx - inner / 2, cy - inner / 2, cx + inner / 2, cy + inner / 2, OVERLAY_COLOURS.mine, 0.65);
      else {
        const side = Math.max(2, inner * Math.sqrt(q)); // area ∝ risk
        blend(out, cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2, OVERLAY_COLOURS.risk, 0.85);
      }
    }
  }
  const t = Math.max(2, Math.round(grid.scale * 2));
  for (const [x, y] of input.unsure ?? []) {
    outline(out, grid.left + x * p, grid.top + y * p, grid.left + (x + 1) * p, grid.top + (y + 1) * p, Math.max(1, t - 1), OVERLAY_COLOURS.unsure);
  }
  if (input.best) {
    const { x, y } = input.best;
    outline(out, grid.left + x * p - t / 2, grid.top + y * p - t / 2, grid.left + (x + 1) * p + t / 2, grid.top + (y + 1) * p + t / 2, t, OVERLAY_COLOURS.best);
  }
  return out;
}
