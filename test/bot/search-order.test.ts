// Where a board that left its place is looked for, in turn (search-order.ts): around its place,
// then the game's window, the whole search region last; each inside that region, none held by
// one searched before it.
import { describe, expect, it } from 'vitest';
import { nearReach, searchOrder } from '../../src/bot/screen/search-order.js';
import { readRect } from '../../src/bot/screen/place.js';

const grid = { left: 272, top: 218, pitch: 32, cols: 8, rows: 8, scale: 1 };
const screen = { left: 0, top: 0, width: 1280, height: 1024 };

describe('the order a moved board is searched in', () => {
  it('around its place first (its full read and the board widened by half its side, 2 cells at least), then its window, then the screen', () => {
    expect(nearReach(grid)).toBe(128);
    const order = searchOrder(grid, readRect(grid), { left: 0, top: 0, width: 800, height: 700 }, screen);
    expect(order.map((o) => o.where)).toEqual(['near', 'window', 'all']);
    const near = order[0]!.region;
    // (the board moved by 1.6 cells down or up lies inside it)
    expect(near.top).toBeLessThanOrEqual(218 - 52);
    expect(near.top + near.height).toBeGreaterThanOrEqual(218 + 256 + 52);
    expect(near.width * near.height).toBeLessThan((800 * 700) / 2);
  });

  it('a region held by one before it is not searched again; every region lies inside the search region (a named window)', () => {
    const win = { left: 200, top: 0, width: 700, height: 900 };
    const order = searchOrder(grid, readRect(grid), win, win);
    // (the named window is the search region: searched once, as the window)
    expect(order.map((o) => o.where)).toEqual(['near', 'window']);
    for (const o of order) {
      expect(o.region.left).toBeGreaterThanOrEqual(win.left);
      expect(o.region.top).toBeGreaterThanOrEqual(win.top);
      expect(o.region.left + o.region.width).toBeLessThanOrEqual(win.left + win.width);
      expect(o.region.top + o.region.height).toBeLessThanOrEqual(win.top + win.height);
    }
    // (a window no larger than the place's surroundings: searched once)
    expect(searchOrder(grid, readRect(grid), { left: 200, top: 100, width: 400, height: 500 }, { left: 200, top: 100, width: 400, height: 500 }).map((o) => o.where)).toEqual(['near']);
    // no window known: around the place, then the screen
    expect(searchOrder(grid, readRect(grid), null, screen).map((o) => o.where)).toEqual(['near', 'all']);
  });
});
