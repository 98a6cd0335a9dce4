// A fresh board of bevelled tiles that abut, their bevels mitred at the corners (torwanat/webapps
// saper: 25 px tiles, 3 px white, grey face, 3 px dark grey). Every whole-pixel shift of such a board
// looks alike, and the lattice was kept a pixel right and down of the tiles: each cut held a strip of
// its neighbours, so a mine hit learned beside one neighbour read unsure beside another (a stop). The
// step from one tile's dark edge to the next one's white is sharp: the lattice moves onto it from 1 px.
import { describe, expect, it } from 'vitest';
import { createImage, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';

/** A fresh n x n board of tiles of `pitch` px with `bevel` px mitred bevels, its first tile at (x0, y0), on a light grey page. */
function bevelled(x0: number, y0: number, pitch: number, bevel: number, n: number): RgbaImage {
  const img = createImage(x0 + n * pitch + 200, y0 + n * pitch + 100, [211, 211, 211]);
  const level = (u: number, v: number): number => {
    const light = Math.min(u, v) < bevel;
    if (light || Math.max(u, v) >= pitch - bevel) return !light ? 128 : u + v < pitch - 1 ? 255 : u + v === pitch - 1 ? 191 : 128;
    return u === bevel || v === bevel ? 199 : u === pitch - bevel - 1 || v === pitch - bevel - 1 ? 195 : 198;
  };
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      for (let v = 0; v < pitch; v++)
        for (let u = 0; u < pitch; u++) {
          const o = ((y0 + r * pitch + v) * img.width + x0 + c * pitch + u) * 4;
          img.data[o] = img.data[o + 1] = img.data[o + 2] = level(u, v);
        }
  return img;
}

describe('a fresh board of abutting bevelled tiles', () => {
  it.each([
    [25, 3, 393, 492],
    [24, 3, 100, 491],
    [30, 3, 57, 60],
    [32, 4, 211, 130],
    [20, 2, 57, 492],
  ])('at %i px, bevel %i px: the lattice on the tiles, not a pixel off', (pitch, bevel, x0, y0) => {
    const r = new LiveLearner({ name: 'bevels', mines: 40 }).read(bevelled(x0, y0, pitch, bevel, 16));
    expect([r.grid.cols, r.grid.rows, r.grid.pitch]).toEqual([16, 16, pitch]);
    expect([r.grid.left - x0, r.grid.top - y0]).toEqual([0, 0]);
    expect(r.unsure).toEqual([]);
  });
});
