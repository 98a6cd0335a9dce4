// Where a region of the game window lies as a `--new-game click:DX,DY` point: DX cells right of
// the middle of the board's top edge, DY cells down from it, to a tenth of a cell (as a user tells
// the bot where a face or a button is).
import type { Grid } from '../../src/vision/geometry.js';
import type { BoardPoint } from '../../src/bot/flow/new-game.js';

export function boardPointOf(r: { left: number; top: number; width: number; height: number }, grid: Grid): BoardPoint {
  return {
    dx: Math.round(((r.left + r.width / 2 - (grid.left + (grid.cols * grid.pitch) / 2)) / grid.pitch) * 10) / 10,
    dy: Math.round(((r.top + r.height / 2 - grid.top) / grid.pitch) * 10) / 10,
  };
}
