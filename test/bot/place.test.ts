// Where the board is on the screen and what is grabbed around it (src/bot/screen/place.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { framePatches, parkingSpot, placeOf } from '../../src/bot/screen/place.js';
import { createImage, crop, fillRect, type RgbaImage } from '../../src/vision/image.js';

const screen = { width: 1280, height: 1024 };
const within = (r: { left: number; top: number; width: number; height: number }): boolean =>
  r.left >= 0 && r.top >= 0 && r.left + r.width <= screen.width && r.top + r.height <= screen.height;

describe('the place of a board on the screen', () => {
  it('grabs and clicks only on the screen, wherever the board and the face the skin expects lie (a face placed above a board at the top of the screen is no face)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 700 }), fc.integer({ min: 12, max: 60 }), fc.integer({ min: 4, max: 9 }),
        fc.integer({ min: -150, max: 1300 }), fc.integer({ min: -150, max: 1100 }), fc.integer({ min: 10, max: 90 }),
        (left, top, pitch, n, fx, fy, fs) => {
          const grid = { left, top, pitch, cols: n, rows: n, scale: pitch / 16 };
          if (left + n * pitch > screen.width || top + n * pitch > screen.height) return;
          const face = { left: fx, top: fy, width: fs, height: fs };
          const place = placeOf(grid, screen, face);
          expect(within(place.cells)).toBe(true);
          expect(within(place.full)).toBe(true);
          if (within(face)) expect(place.face).toEqual(face);
          else expect(place.face).toBeNull();
        },
      ),
    );
  });

  it('a face on the screen is grabbed with the board', () => {
    const grid = { left: 445, top: 63, pitch: 55, cols: 9, rows: 9, scale: 55 / 16 };
    const place = placeOf(grid, screen, { left: 651, top: 2, width: 50, height: 50 });
    expect(place.full.top).toBe(0);
    expect(placeOf(grid, screen, { left: 651, top: -71, width: 83, height: 83 }).face).toBeNull();
  });

  it('the pointer waits 3 px outside the board, on the screen: inside a game window that leaves 6 px around its board (xbomb, ace-minesweeper), where with no window manager the keys go', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 700 }), fc.double({ min: 8, max: 60, noNaN: true }), fc.integer({ min: 4, max: 30 }), (left, top, pitch, n) => {
        const grid = { left, top, pitch, cols: n, rows: n, scale: pitch / 16 };
        if (left + n * pitch > screen.width || top + n * pitch > screen.height) return;
        const p = parkingSpot(grid, screen);
        expect(p.x >= 0 && p.y >= 0 && p.x < screen.width && p.y < screen.height).toBe(true);
        // its distance outside the board (0 or less: over a cell)
        const out = Math.max(left - p.x, p.x - (left + n * pitch - 1), top - p.y, p.y - (top + n * pitch - 1));
        if (left >= 3 || top >= 3 || left + n * pitch <= screen.width - 3 || top + n * pitch <= screen.height - 3) {
          expect(out).toBeGreaterThanOrEqual(1);
          expect(out).toBeLessThanOrEqual(4);
        }
      }),
    );
  });
});

describe('the frame patches just outside the board', () => {
  // Walorson/minesweeper-javascript's tiles draw their 4 px gap on their own right and bottom, a
  // colour that changes with the tile's state (#000 covered, #333 opened), and the lattice lies in
  // that gap's middle, 2 px before the tiles. Patches 1 px past the grid lay in the last tile's
  // gap: each time the corner cell opened, the frame seemed to move (14 re-reads and 107 new-game
  // presses over 10 games, a helper's count).
  it('hold whatever the corner cells show, where the tiles draw their gap on their far sides', () => {
    const pitch = 32, gap = 4, cols = 12, rows = 12, left = 406, top = 303;
    const draw = (opened: boolean): RgbaImage => {
      const img = createImage(1000, 900, [240, 240, 240]);
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const x0 = left + 2 + c * pitch, y0 = top + 2 + r * pitch, corner = (c === cols - 1 || c === 0) && (r === rows - 1 || r === 0);
          const open = opened && corner;
          fillRect(img, x0, y0, x0 + pitch, y0 + pitch, open ? [0x33, 0x33, 0x33] : [0, 0, 0]);
          fillRect(img, x0, y0, x0 + pitch - gap, y0 + pitch - gap, open ? [200, 200, 200] : [150, 150, 150]);
        }
      }
      return img;
    };
    const before = draw(false), after = draw(true);
    const patches = framePatches({ left, top, pitch, cols, rows, scale: 1 }, before);
    expect(patches).toHaveLength(4);
    for (const p of patches) expect(crop(after, p.left, p.top, p.width, p.height).data, `patch at ${p.left},${p.top}`).toEqual(crop(before, p.left, p.top, p.width, p.height).data);
  });
});
