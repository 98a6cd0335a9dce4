// Finding the grid of a capture whose true board is known, without a skin. Pure.

import type { Board } from '../../core/board.js';
import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { locateGrids } from '../locate/locate.js';
import { cutCell, stateOfCode } from '../read/cells.js';
import { normalise } from '../read/classify.js';
import type { CellState } from '../skins/skin.js';
import { VisionError } from '../errors.js';
import { dot, vecOf } from './looks.js';

/** Mean NCC of every cell to the mean of the cells of its state (how well a grid fits a board). */
function consistency(image: RgbaImage, grid: Grid, states: CellState[], size: number): number {
  const sums = new Map<CellState, Float64Array>();
  const cuts: Float32Array[] = [];
  for (let i = 0; i < states.length; i++) {
    const c = cutCell(image, grid, i % grid.cols, (i / grid.cols) | 0, size, true);
    const { v } = vecOf(c);
    cuts.push(v);
    let s = sums.get(states[i]!);
    if (!s) sums.set(states[i]!, (s = new Float64Array(v.length)));
    for (let j = 0; j < v.length; j++) s[j]! += v[j]!;
  }
  const means = new Map<CellState, Float32Array>();
  for (const [k, s] of sums) {
    const m = Float32Array.from(s);
    normalise(m);
    means.set(k, m);
  }
  let total = 0;
  for (let i = 0; i < cuts.length; i++) total += dot(cuts[i]!, means.get(states[i]!)!);
  return total / cuts.length;
}

/**
 * The grid of a capture whose board is known, found without a skin: a located lattice of the
 * board's size (or one that contains it, shifted by whole cells to where cells of one state look
 * most alike). Its offset is where the lattice's lines are, which is the same in every capture
 * of a game (aligning by how alike cells look could settle anywhere on a board of one state).
 */
export function gridForBoard(image: RgbaImage, board: Board, states: CellState[] = [...board.cells].map(stateOfCode)): Grid {
  const cands = locateGrids(image);
  const W = board.width, H = board.height;
  const size = 12; // a small cut is enough to compare alignments
  let best: { grid: Grid; score: number } | null = null;
  for (const c of cands) {
    // shifts by whole cells that keep the board inside the lattice found (give or take a line)
    for (let ox = Math.min(0, c.cols - W) - 1; ox <= Math.max(0, c.cols - W) + 1; ox++) {
      for (let oy = Math.min(0, c.rows - H) - 1; oy <= Math.max(0, c.rows - H) + 1; oy++) {
        const g: Grid = { ...c, left: c.left + ox * c.pitch, top: c.top + oy * c.pitch, cols: W, rows: H };
        if (g.left < -0.5 || g.top < -0.5 || g.left + W * g.pitch > image.width + 0.5 || g.top + H * g.pitch > image.height + 0.5) continue;
        // a lattice far from the board's size is a different grid
        if (Math.abs(c.cols - W) > Math.max(2, W / 4) || Math.abs(c.rows - H) > Math.max(2, H / 4)) continue;
        const score = consistency(image, g, states, size);
        if (!best || score > best.score) best = { grid: g, score };
      }
    }
  }
  if (!best) throw new VisionError(`no ${W}x${H} grid found in the image`);
  // the lattice's lines are where cells begin, the same in every capture of a game (the exact
  // pitch is left to the reader's alignment once there are sprites)
  return best.grid;
}

