// A page laid out on fractional pixels draws each cell's edges by its own fraction (the lines and
// gaps between cells a pixel wider here, narrower there) while what is inside a cell is drawn
// alike: ksugimori/react-minesweeper, 37.2 px cells, shows every cell at its end, its mines the
// same "M" everywhere. Cut whole, its mines were 0.86 to 1 alike (one as near a 2 as 0.92), and
// no group of alike looks made the mine total: the first loss stopped every run. Inside their
// edges they are alike, and unlike the numbers (live-ends.ts minesByLook). And the mine that blew
// up, drawn as the others, is as alike to them as they are to one another (lesson-checks.ts
// explodedLikeMines): it was learned as a state of its own, and a win's mine shown was then read
// as a mine that blew up.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COVERED, EXPLODED, MINE, OPENED } from '../../src/core/board.js';
import { createImage, type Rgb } from '../../src/vision/image.js';
import { interiorLookOf, lookOf } from '../../src/vision/learn/live/live-looks.js';
import { minesByLook } from '../../src/vision/learn/ends/live-ends.js';
import { explodedLikeMines } from '../../src/vision/learn/lesson-checks.js';
import { disc, rect } from './near-draw.js';
import { dotDigit } from './near-draw.js';

const GROUND: Rgb = [96, 220, 250];
const LINE: Rgb = [36, 40, 48];
const INK: Rgb = [10, 10, 10];

/**
 * A 9x9 board revealed at a loss, cells of `pitch` px: every cell on one ground, its edges lines
 * 0 to 3 px wide on each side by the cell (as a layout on fractional pixels leaves them), mines a
 * black disc, numbers black digits; `mines` the mine cells, the others numbered by them.
 */
function revealed(mines: Set<number>, pitch: number, seed: number) {
  const cols = 9, margin = 10;
  const image = createImage(cols * pitch + 2 * margin, cols * pitch + 2 * margin, [255, 255, 255]);
  const count = (i: number): number => {
    let n = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const x = (i % cols) + dx, y = ((i / cols) | 0) + dy;
      if ((dx || dy) && x >= 0 && y >= 0 && x < cols && y < cols && mines.has(y * cols + x)) n++;
    }
    return n;
  };
  for (let i = 0; i < cols * cols; i++) {
    const x0 = margin + (i % cols) * pitch, y0 = margin + ((i / cols) | 0) * pitch;
    rect(image, x0, y0, pitch, pitch, GROUND);
    const w = (k: number): number => (Math.imul(i + 1 + seed, 2654435761 + k * 97) >>> 13) % 4;
    rect(image, x0, y0, w(1), pitch, LINE);
    rect(image, x0, y0, pitch, w(2), LINE);
    rect(image, x0 + pitch - w(3), y0, w(3), pitch, LINE);
    rect(image, x0, y0 + pitch - w(4), pitch, w(4), LINE);
    if (mines.has(i)) disc(image, x0 + pitch / 2, y0 + pitch / 2, pitch * 0.16, INK);
    else if (count(i)) dotDigit(image, count(i), x0 + Math.round(pitch * 0.35), y0 + Math.round(pitch * 0.3), Math.round(pitch * 0.3), Math.round(pitch * 0.4), INK);
  }
  return { image, grid: { left: margin, top: margin, pitch, cols, rows: cols, scale: 1 } };
}

describe('mines drawn alike inside cells whose edges vary', () => {
  it('make the mine total as a group alike inside their edges: a loss that reveals every cell is read', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 80 }), { minLength: 6, maxLength: 14 }), fc.constantFrom(24, 30, 37), fc.integer({ min: 0, max: 1000 }), (list, pitch, seed) => {
        const mines = new Set(list);
        const { image, grid } = revealed(mines, pitch, seed);
        // before: the board as played, every mine and a fifth of the other cells still covered
        const prev = new Uint8Array(81).fill(OPENED);
        for (const i of mines) prev[i] = COVERED;
        for (let i = 0; i < 81; i++) if ((i * 7 + seed) % 5 === 0) prev[i] = COVERED;
        const clicked = list[0]!;
        const changed = new Set([...prev.keys()].filter((i) => prev[i] === COVERED));
        const looks = Array.from({ length: 81 }, (_, i) => lookOf(image, grid, i));
        const inner = () => Array.from({ length: 81 }, (_, i) => interiorLookOf(image, grid, i));
        const found = minesByLook(prev, 9, changed, looks, [clicked], 0, mines.size, false, inner);
        const want = [...mines].sort((a, b) => a - b).join();
        return found.some((c) => c.exploded === clicked && c.mines.join() === want);
      }),
      { numRuns: 40, seed: 57 },
    );
  });

  it('the mine that blew up, drawn as the others, is labelled a mine', () => {
    const mines = new Set([3, 12, 40, 41, 66, 70, 77]);
    for (const pitch of [24, 30, 37]) {
      for (let seed = 0; seed < 5; seed++) {
        const { image, grid } = revealed(mines, pitch, seed);
        const codes = new Uint8Array(81).fill(0);
        for (const i of mines) codes[i] = MINE;
        codes[40] = EXPLODED;
        expect(explodedLikeMines(codes, (i) => lookOf(image, grid, i), undefined, (i) => interiorLookOf(image, grid, i))).toBe(40);
      }
    }
  });
});
