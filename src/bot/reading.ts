// What the bot needs from vision, as the vision issue's contract states it. The loop and the
// simulated desktop take these functions as parameters, so they run with the real vision module
// (src/vision) or with any other reader and renderer of the same shape.

import type { Board } from '../core/board.js';
import type { RgbaImage } from '../desktop/ports.js';

import type { Grid } from '../vision/geometry.js';

/** Where the cells are in an image (vision's type): left/top is the top-left pixel of cell (0,0). */
export type { Grid };

export type Face = 'playing' | 'won' | 'lost' | null;

export interface Reading {
  skin: string;
  board: Board;
  face: Face;
  mineCounter: number | null;
  timer: number | null;
  grid: Grid;
  /** The lowest confidence of any cell (0..1). */
  minConfidence: number;
  /** Cells the reader could not classify with confidence, as [x, y]. */
  unsure: [number, number][];
}

export interface ReadOptions {
  skin?: string;
  geometry?: Grid;
}

export type ReadScreen = (image: RgbaImage, options?: ReadOptions) => Reading;

export interface RenderOptions {
  scale?: number;
  face?: 'playing' | 'won' | 'lost';
  mineCounter?: number;
  timer?: number;
}

export type RenderBoard = (board: Board, skin: string, options?: RenderOptions) => { image: RgbaImage; grid: Grid };

/** The pixel rectangle the grid covers, in the same frame as the grid. */
export function gridRect(grid: Grid): { left: number; top: number; width: number; height: number } {
  return { left: grid.left, top: grid.top, width: grid.cols * grid.pitch, height: grid.rows * grid.pitch };
}

/** The pixel centre of cell (x, y) in the grid's frame. */
export function cellCentre(grid: Grid, x: number, y: number): { x: number; y: number } {
  return { x: grid.left + x * grid.pitch + (grid.pitch - 1) / 2, y: grid.top + y * grid.pitch + (grid.pitch - 1) / 2 };
}

/** The cell under a pixel of the grid's frame, or null when the pixel is outside the grid. */
export function cellAt(grid: Grid, px: number, py: number): [number, number] | null {
  const x = Math.floor((px - grid.left) / grid.pitch);
  const y = Math.floor((py - grid.top) / grid.pitch);
  if (x < 0 || y < 0 || x >= grid.cols || y >= grid.rows) return null;
  return [x, y];
}

/** The same grid seen from an image that starts at (dx, dy) of the grid's frame. */
export function shiftGrid(grid: Grid, dx: number, dy: number): Grid {
  return { ...grid, left: grid.left - dx, top: grid.top - dy };
}
