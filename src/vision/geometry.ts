// Where things are: the grid of cells and the skin's positions relative to it.

import type { Grid } from '../core/grid.js';
import type { Skin, XPos, YPos } from './skins/skin.js';

/** Where the board is in an image (core/grid.ts, shared with the desktop and the bot). */
export type { Grid };

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
