// A game whose numbers each open alone, on a ground of their own colour (a vanilla-JS browser
// game: its cascade opens its 0s only, each number is a green or yellow square with a white
// digit): a guess that opens such a number is no loss, though a game that shows only the mine hit
// (sgt-mines, Google's) draws that mine alone in a look of its own as well. Drawn here from those
// facts, never from the game's artwork.

import { describe, expect, it } from 'vitest';
import { COVERED, EXPLODED, OPENED } from '../../src/core/board.js';
import type { Grid } from '../../src/vision/geometry.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live-learner.js';
import type { Reading } from '../../src/vision/read/read.js';

const PITCH = 32, LEFT = 40, TOP = 30, COLS = 9, ROWS = 9;
const PAGE: Rgb = [12, 16, 22];
const GROUNDS: Rgb[] = [[60, 200, 40], [230, 200, 30], [220, 60, 40], [120, 60, 200]];

/**
 * The board as the game draws it: a dark page, red lines a pixel wide between grey covered cells;
 * an opened 0 the page's colour, a number a square of its own colour with white bars (as many as
 * it counts), the mine hit a red square with a black disc.
 */
function draw(truth: number[], shown: Set<number>, hit: number | null = null): RgbaImage {
  const img = createImage(LEFT * 2 + COLS * PITCH, TOP * 2 + ROWS * PITCH, PAGE);
  fillRect(img, LEFT - 1, TOP - 1, LEFT + COLS * PITCH, TOP + ROWS * PITCH, [230, 20, 20]);
  for (let i = 0; i < COLS * ROWS; i++) {
    const x0 = LEFT + (i % COLS) * PITCH, y0 = TOP + Math.floor(i / COLS) * PITCH;
    const inner = (c: Rgb): void => fillRect(img, x0, y0, x0 + PITCH - 2, y0 + PITCH - 2, c);
    if (i === hit) {
      inner([200, 30, 30]);
      fillRect(img, x0 + 10, y0 + 10, x0 + 20, y0 + 20, [0, 0, 0]);
    } else if (!shown.has(i)) inner([145, 152, 157]);
    else if (truth[i] === 0) inner(PAGE);
    else {
      inner(GROUNDS[Math.min(truth[i]!, 4) - 1]!);
      for (let b = 0; b < truth[i]!; b++) fillRect(img, x0 + 8 + b * 5, y0 + 9, x0 + 10 + b * 5, y0 + 21, [255, 255, 255]);
    }
  }
  return img;
}

/** Each cell's count of the mines around it (-1: a mine). */
function countsOf(mines: [number, number][]): number[] {
  const at = new Set(mines.map(([x, y]) => y * COLS + x));
  return Array.from({ length: COLS * ROWS }, (_, i) => {
    if (at.has(i)) return -1;
    const cx = i % COLS, cy = Math.floor(i / COLS);
    let n = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && at.has((cy + dy) * COLS + cx + dx) && cx + dx >= 0 && cx + dx < COLS) n++;
    return n;
  });
}

/** The 0s connected to cell `i` (a 0), and no number around them: the game's cascade. */
function zerosFrom(truth: number[], i: number): number[] {
  const seen = new Set([i]);
  const stack = [i];
  while (stack.length) {
    const c = stack.pop()!;
    const cx = c % COLS, cy = Math.floor(c / COLS);
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const x = cx + dx, y = cy + dy, j = y * COLS + x;
      if (x < 0 || y < 0 || x >= COLS || y >= ROWS || seen.has(j) || truth[j] !== 0) continue;
      seen.add(j);
      stack.push(j);
    }
  }
  return [...seen];
}

/** A learner on such a game: mines down the right; the first click opens the 0s at the left (columns 0-2), their numbers (column 3) still closed. */
function started(): { learner: LiveLearner; truth: number[]; shown: Set<number>; grid: Grid; click: (i: number, open: number[], hit?: number | null) => Reading } {
  const mines: [number, number][] = [[4, 0], [4, 2], [4, 4], [4, 6], [4, 8], [7, 1], [7, 3], [7, 5], [7, 7], [8, 8]];
  const truth = countsOf(mines);
  const learner = new LiveLearner({ name: 'alone', mines: mines.length });
  const shown = new Set<number>();
  const grid = learner.read(draw(truth, shown)).grid;
  expect([grid.cols, grid.rows]).toEqual([COLS, ROWS]);
  let hitCell: number | null = null;
  const click = (i: number, open: number[], hit: number | null = null): Reading => {
    learner.noteClick(i % COLS, Math.floor(i / COLS), 'left', false);
    for (const j of open) shown.add(j);
    if (hit !== null) hitCell = hit;
    let r = learner.read(draw(truth, shown, hitCell), { geometry: grid });
    // (read again while unsure, as the loop does: a cell opened alone is held a while)
    for (let k = 0; k < 4 && r.unsure.length && r.face === 'playing'; k++) r = learner.read(draw(truth, shown, hitCell), { geometry: grid });
    return r;
  };
  const r = click(0, zerosFrom(truth, 0));
  expect(r.unsure).toEqual([]);
  expect(r.face).toBe('playing');
  return { learner, truth, shown, grid, click };
}

describe('a game whose numbers open alone on grounds of their own', () => {
  it('a guess beside its 0s that opens a number alone is no loss: the cell is opened, its number not known, and nothing is learned as the mine hit', () => {
    const { learner, click } = started();
    // (3,1): a 2 (mines (4,0), (4,2)), on yellow, beside the 0s of column 2
    const cell = 1 * COLS + 3;
    const r = click(cell, [cell]);
    expect(r.face).toBe('playing');
    expect(r.unsure).toEqual([]);
    expect(r.board.cells[cell]).toBe(OPENED);
    expect(learner.lesson()).toBeNull();
  });

  it('a guess touching no opened cell that opens a number alone is no loss either: the game goes on', () => {
    const { learner, click } = started();
    // (6,4): a 2 (mines (7,3), (7,5)), far from the 0s
    const cell = 4 * COLS + 6;
    const r = click(cell, [cell]);
    expect(r.unsure).toEqual([]);
    expect(r.face).toBe('playing');
    expect(r.board.cells[cell]).toBe(OPENED);
    expect(learner.lesson()).toBeNull();
  });

  it('a guess touching no opened cell that hit a mine the game shows alone is a loss once the next clicks change nothing: the lesson labels that cell the mine hit', () => {
    const { learner, click } = started();
    const mine = 3 * COLS + 7;
    let r = click(mine, [], mine);
    expect(r.face).toBe('playing');
    expect(r.board.cells[mine]).not.toBe(COVERED);
    // the game over: two more guesses change nothing
    for (const next of [8 * COLS + 6, 0 * COLS + 8]) {
      if (r.face !== 'playing') break;
      r = click(next, []);
    }
    expect(r.face).toBe('lost');
    const lesson = learner.lesson();
    expect(lesson?.capture?.board.cells[mine]).toBe(EXPLODED);
  });
});
