// Where the board is on the screen and what is grabbed around it (src/bot/place.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parkingSpot, placeOf } from '../../src/bot/place.js';

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
