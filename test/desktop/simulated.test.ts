import { describe, expect, it } from 'vitest';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { cellCentre } from '../../src/core/grid.js';
import { VirtualClock } from '../../src/desktop/clock.js';
import { toPoint } from '../../src/desktop/region.js';
import type { RgbaImage } from '../../src/core/image.js';
import { COVERED, FLAG } from '../../src/core/board.js';
import { toyRead, toyRender } from '../bot/toy-vision.js';

const make = (over = {}) =>
  new SimulatedDesktop({ spec: { width: 9, height: 9, mines: 10 }, rule: 'zero', seed: 3, render: toyRender, skin: 'toy', offset: { x: 50, y: 20 }, ...over });

/** Whether two images hold exactly the same pixels. */
function sameImage(a: RgbaImage, b: RgbaImage): boolean {
  return a.width === b.width && a.height === b.height && Buffer.from(a.data).equals(Buffer.from(b.data));
}

describe('SimulatedDesktop', () => {
  it('draws the game at its offset and reads back as the game board', async () => {
    const d = make();
    const g = await d.screen.grab();
    const reading = toyRead(g.image);
    expect(reading.grid.left).toBe(d.grid.left);
    expect(reading.grid.top).toBe(d.grid.top);
    expect(Array.from(reading.board.cells)).toEqual(Array.from(d.game.board().cells));
  });

  it('turns left, right and middle clicks at cell centres into open, flag and chord', async () => {
    const d = make();
    const at = (x: number, y: number) => {
      const c = cellCentre(d.grid, x, y);
      return toPoint(c.x, c.y, { scaleX: 1, scaleY: 1 });
    };
    await d.pointer.click(at(4, 4), 'left');
    expect(d.game.cell(4, 4)).toBe(0); // rule zero: an opening
    const covered = [...Array(81).keys()].find((i) => d.game.board().cells[i] === COVERED)!;
    await d.pointer.click(at(covered % 9, Math.floor(covered / 9)), 'right');
    expect(d.game.board().cells[covered]).toBe(FLAG);
    expect(d.clicks.map((c) => c.button)).toEqual(['left', 'right']);
    expect(await d.pointer.position()).toEqual(at(covered % 9, Math.floor(covered / 9)));
    // A click off the board is recorded as such and changes nothing.
    const before = d.game.board().cells.slice();
    await d.pointer.click({ x: 1, y: 1 }, 'left');
    expect(d.clicks.at(-1)!.cell).toBeNull();
    expect(d.game.board().cells).toEqual(before);
  });

  it('maps logical points to physical pixels on a scaled display', async () => {
    const d = make({ density: { scaleX: 1.5, scaleY: 1.5 }, scale: 2 });
    const c = cellCentre(d.grid, 2, 3);
    await d.pointer.click(toPoint(c.x, c.y, { scaleX: 1.5, scaleY: 1.5 }), 'right');
    expect(d.clicks[0]!.cell).toEqual([2, 3]);
    expect(d.game.cell(2, 3)).toBe(FLAG);
  });

  it('shows the old frame for `lag` grabs after an action', async () => {
    const d = make({ lag: 2 });
    const before = (await d.screen.grab()).image;
    const c = cellCentre(d.grid, 4, 4);
    await d.pointer.click(c, 'left');
    expect(sameImage((await d.screen.grab()).image, before)).toBe(true);
    expect(sameImage((await d.screen.grab()).image, before)).toBe(true);
    expect(sameImage((await d.screen.grab()).image, before)).toBe(false);
  });

  it('starts a new game on its key, and grabs regions of the screen', async () => {
    const d = make({ clock: new VirtualClock() });
    await d.pointer.click(cellCentre(d.grid, 0, 0), 'left');
    await d.keyboard.press('F2');
    expect(d.games).toHaveLength(2);
    expect(d.game.status).toBe('ready');
    await d.keyboard.press('x');
    expect(d.games).toHaveLength(2);
    const r = await d.screen.grab({ left: 40, top: 10, width: 30, height: 20 });
    expect(r.region).toEqual({ left: 40, top: 10, width: 30, height: 20 });
    expect(r.image.data.length).toBe(30 * 20 * 4);
  });

  it('lets a test move the mouse like a user would', async () => {
    const d = make();
    d.userMove({ x: 7, y: 9 });
    expect(await d.pointer.position()).toEqual({ x: 7, y: 9 });
  });
});
