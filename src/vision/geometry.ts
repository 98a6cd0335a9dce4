// Where things are: the grid of cells and the skin's positions relative to it.

import type { Skin, XPos, YPos } from './skin.js';

/** Where the board is in an image. left/top = top-left corner of cell (0,0) (continuous pixel
 * coordinates: for a crisp image, the column/row of its first pixel), pitch = px from one cell
 * to the next, scale = pitch / the skin's pitch at 100%. */
export interface Grid {
  left: number;
  top: number;
  pitch: number;
  cols: number;
  rows: number;
  scale: number;
}

export interface ClientSize {
  width: number;
  height: number;
}

/** Resolves an x reference of skin.json to unscaled pixels, the grid at (mLeft, mTop). */
export function resolveX(pos: XPos, grid: Grid, client?: ClientSize): number {
  const [ref, off] = pos;
  const s = grid.scale;
  const right = grid.left + grid.cols * grid.pitch;
  switch (ref) {
    case 'gridLeft': return grid.left + off * s;
    case 'gridRight': return right + off * s;
    case 'gridCenter': return (grid.left + right) / 2 + off * s;
    case 'clientLeft': return off * s;
    case 'clientRight': return (client?.width ?? right) + off * s;
  }
}

export function resolveY(pos: YPos, grid: Grid, client?: ClientSize): number {
  const [ref, off] = pos;
  const s = grid.scale;
  const bottom = grid.top + grid.rows * grid.pitch;
  switch (ref) {
    case 'gridTop': return grid.top + off * s;
    case 'gridBottom': return bottom + off * s;
    case 'clientTop': return off * s;
    case 'clientBottom': return (client?.height ?? bottom) + off * s;
  }
}

/** Client-area size at scale 1 for a board of cols × rows, or null if the skin has no window. */
export function clientSize(skin: Skin, cols: number, rows: number): ClientSize | null {
  const w = skin.file.window;
  if (!w) return null;
  return {
    width: w.margins.left + cols * skin.pitch + w.margins.right,
    height: w.margins.top + rows * skin.pitch + w.margins.bottom,
  };
}

/** Pixel centre of cell (x, y): where to click. */
export function cellCentre(grid: Grid, x: number, y: number): [number, number] {
  return [grid.left + (x + 0.5) * grid.pitch, grid.top + (y + 0.5) * grid.pitch];
}
