// Finding the grid of a capture whose true board is known, without a skin. Pure.

import { OPENED, type Board } from '../../core/board.js';
import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { locateGrids } from '../locate/locate.js';
import { cutCell, stateOfCode } from '../read/cells.js';
import type { CellState } from '../skins/skin.js';
import { VisionError } from '../errors.js';

type Cut = Float64Array;

/** A cell's pixels as one vector of RGB values. */
function cutOf(image: RgbaImage, grid: Grid, x: number, y: number, size: number): Cut {
  const { data } = cutCell(image, grid, x, y, size, true);
  const v = new Float64Array(size * size * 3);
  for (let p = 0, k = 0; p < data.length; p += 4) for (let c = 0; c < 3; c++) v[k++] = data[p + c]!;
  return v;
}

/** The sum of squared distances of vectors to their mean. */
function scatter(vs: Cut[]): number {
  if (vs.length === 0) return 0;
  const sum = new Float64Array(vs[0]!.length);
  let squares = 0;
  for (const v of vs) for (let k = 0; k < v.length; k++) (sum[k]! += v[k]!), (squares += v[k]! * v[k]!);
  return squares - sum.reduce((a, x) => a + x * x, 0) / vs.length;
}

/**
 * The grid of a capture whose board is known, found without a skin: a located lattice of the
 * board's size (or one that contains it), shifted by whole cells to where the cells of each state
 * look most alike. How alike is measured on the cells' pixels, levels as well as patterns (the
 * tiles of a flat board are plain colours, alike in pattern to the page around them, and a grid
 * a cell off put a covered label on the page as readily as on a tile): the scatter of each
 * state's cells about their mean, against the scatter of every cell the shifts reach (a board of
 * one state, all covered, is then placed where its cells are one look and not half on the frame).
 * Its offset is where the lattice's lines are, which is the same in every capture of a game.
 */
export function gridForBoard(image: RgbaImage, board: Board, states: (CellState | null)[] = [...board.cells].map((c) => (c === OPENED ? null : stateOfCode(c)))): Grid {
  // (a cell opened whose number is not known, '+' in a lesson the live learner saved, is left out)
  const labelled = states.filter((s) => s !== null).length;
  const W = board.width, H = board.height;
  const size = 12; // a small cut is enough to compare alignments
  let best: { grid: Grid; score: number } | null = null;
  const inside = (g: Grid, cols: number, rows: number): boolean =>
    g.left >= -0.5 && g.top >= -0.5 && g.left + cols * g.pitch <= image.width + 0.5 && g.top + rows * g.pitch <= image.height + 0.5;
  for (const c of locateGrids(image)) {
    // a lattice far from the board's size is a different grid
    if (Math.abs(c.cols - W) > Math.max(2, W / 4) || Math.abs(c.rows - H) > Math.max(2, H / 4)) continue;
    // shifts by whole cells that keep the board inside the lattice found (give or take a line)
    const [x0, x1] = [Math.min(0, c.cols - W) - 1, Math.max(0, c.cols - W) + 1];
    const [y0, y1] = [Math.min(0, c.rows - H) - 1, Math.max(0, c.rows - H) + 1];
    const cuts = new Map<string, Cut>();
    for (let y = y0; y < y1 + H; y++) {
      for (let x = x0; x < x1 + W; x++) {
        const one: Grid = { ...c, left: c.left + x * c.pitch, top: c.top + y * c.pitch, cols: 1, rows: 1 };
        if (inside(one, 1, 1)) cuts.set(`${x},${y}`, cutOf(image, one, 0, 0, size));
      }
    }
    const reach = scatter([...cuts.values()]) / Math.max(1, cuts.size);
    if (reach <= 0) continue;
    for (let ox = x0; ox <= x1; ox++) {
      for (let oy = y0; oy <= y1; oy++) {
        const g: Grid = { ...c, left: c.left + ox * c.pitch, top: c.top + oy * c.pitch, cols: W, rows: H };
        if (!inside(g, W, H)) continue;
        const byState = new Map<CellState, Cut[]>();
        states.forEach((s, i) => {
          if (s === null) return;
          const list = byState.get(s) ?? [];
          list.push(cuts.get(`${ox + (i % W)},${oy + ((i / W) | 0)}`)!);
          byState.set(s, list);
        });
        let within = 0;
        for (const list of byState.values()) within += scatter(list);
        const score = 1 - within / (labelled * reach);
        if (!best || score > best.score) best = { grid: g, score };
      }
    }
  }
  if (!best) throw new VisionError(`no ${W}x${H} grid found in the image`);
  // the lattice's lines are where cells begin, the same in every capture of a game (the exact
  // pitch is left to the reader's alignment once there are sprites)
  return best.grid;
}
