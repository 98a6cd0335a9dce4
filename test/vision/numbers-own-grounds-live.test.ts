// A game that draws each number on a tile of its own colour (DaphneGoh89/Minesweeper-Game: 0s pale
// blue, 1s blue, 2s yellow, 3s pink), learned live. Its skin knew 0, 1 and 2 when a guess beside
// numbers only opened the run's first 3: a cell alone in a look not learned, on a ground no opened
// cell had. lostAlone took it for the mine that blew up in a look of its own, the game was ended as
// lost and its lesson kept: the skin was saved with the pink 3 as the mine that blew up. Now the
// cell is opened, its number not known, and the game goes on. Drawn here from those facts, never
// from the game's artwork.

import { describe, expect, it } from 'vitest';
import { EXPLODED, OPENED } from '../../src/core/board.js';
import type { Grid } from '../../src/vision/geometry.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Reading } from '../../src/vision/read/read.js';
import { readAgain } from '../support/read-again.js';
import { cascadeOf, mineCounts } from '../support/mine-counts.js';

const PITCH = 48, LEFT = 40, TOP = 30, COLS = 9, ROWS = 9;
const PAGE: Rgb = [240, 160, 175];
const COVERED: Rgb = [252, 252, 252];
const ZERO: Rgb = [195, 216, 234];
/** Each number's tile, and its digit's paler shade (bars, as many as it counts). */
const TILE: Record<number, Rgb> = { 1: [0, 193, 231], 2: [251, 214, 75], 3: [249, 111, 171] };
const INK: Record<number, Rgb> = { 1: [116, 214, 231], 2: [254, 254, 108], 3: [234, 177, 207] };

/** The board: tiles 2 px apart on the pink page; a loss (`all`) shows every cell, its mines red squares with a dark disc. */
function draw(truth: number[], shown: Set<number>, all = false): RgbaImage {
  const img = createImage(LEFT * 2 + COLS * PITCH, TOP * 2 + ROWS * PITCH, PAGE);
  for (let i = 0; i < COLS * ROWS; i++) {
    const x0 = LEFT + (i % COLS) * PITCH, y0 = TOP + Math.floor(i / COLS) * PITCH;
    const inner = (c: Rgb): void => fillRect(img, x0 + 1, y0 + 1, x0 + PITCH - 1, y0 + PITCH - 1, c);
    if (all && truth[i] === -1) {
      inner([220, 40, 40]);
      fillRect(img, x0 + 16, y0 + 16, x0 + 32, y0 + 32, [40, 10, 10]);
    } else if (!shown.has(i) && !all) inner(COVERED);
    else if (truth[i] === 0) inner(ZERO);
    else {
      inner(TILE[truth[i]!]!);
      for (let b = 0; b < truth[i]!; b++) fillRect(img, x0 + 16 + b * 6, y0 + 14, x0 + 19 + b * 6, y0 + 34, INK[truth[i]!]!);
    }
  }
  return img;
}

/** Each cell's count of the mines around it (-1: a mine). */
const countsOf = (mines: [number, number][]): number[] => mineCounts(COLS, ROWS, mines);

/** What a click on 0 cell `i` opens: its 0s and the numbers around them. */
const cascade = (truth: number[], i: number): number[] => cascadeOf(COLS, ROWS, truth, i);

// mines down column 4 (rows 0, 2, 4, 6, 8): column 3 all 1s and 2s; one more mine elsewhere
const DOWN: [number, number][] = [[4, 0], [4, 2], [4, 4], [4, 6], [4, 8]];
/** The first game's: no 3 anywhere. */
const TEACHER: [number, number][] = [...DOWN, [8, 0]];
/** The second game's: (5,3) makes (4,3) a 3, beside column 3's numbers only. */
const SECOND: [number, number][] = [...DOWN, [5, 3]];

function playOn(learner: LiveLearner, truth: number[]): { grid: Grid; click: (i: number, open: number[], all?: boolean) => Reading } {
  const shown = new Set<number>();
  const grid = learner.read(draw(truth, shown)).grid;
  expect([grid.cols, grid.rows]).toEqual([COLS, ROWS]);
  let all = false;
  const click = (i: number, open: number[], reveal = false): Reading => {
    learner.noteClick(i % COLS, Math.floor(i / COLS), 'left', false);
    for (const j of open) shown.add(j);
    all ||= reveal;
    // (read again while unsure, as the loop does: a cell opened alone is held a while)
    return readAgain(learner, draw(truth, shown, all), { geometry: grid }, 6);
  };
  return { grid, click };
}

describe('a game that draws each number on a tile of its own colour', () => {
  it('a guess beside numbers only that opens the first 3 is no loss: the cell is opened, its number not known, and nothing is learned as the mine hit', () => {
    // a first game teaches 0, 1 and 2 (a loss that shows every cell)
    const tTruth = countsOf(TEACHER);
    const teacher = new LiveLearner({ name: 'own-grounds', mines: TEACHER.length });
    const t = playOn(teacher, tTruth);
    expect(t.click(0, cascade(tTruth, 0)).face).toBe('playing');
    t.click(4 * COLS + 4, [], true);
    const first = teacher.learn(teacher.lesson()!)!;
    expect(first.adopted).toBe(true);
    // the second game: the 0s at the left and column 3's numbers opened, then a guess at (4,3)
    const truth = countsOf(SECOND);
    const cell = 3 * COLS + 4;
    expect(truth[cell]).toBe(3);
    const learner = new LiveLearner({ name: 'own-grounds', mines: SECOND.length, previous: first.learned.skin });
    const s = playOn(learner, truth);
    const opened = cascade(truth, 0);
    expect(opened.filter((j) => j % COLS === 3).every((j) => truth[j] === 1 || truth[j] === 2)).toBe(true);
    const r0 = s.click(0, opened);
    expect(r0.face).toBe('playing');
    expect(r0.unsure).toEqual([]);
    expect(r0.board.cells[1 * COLS + 3]).toBe(2);
    const r = s.click(cell, [cell]);
    expect(r.face).toBe('playing');
    expect(r.board.cells[cell]).not.toBe(EXPLODED);
    expect([OPENED, 3]).toContain(r.board.cells[cell]);
    expect(learner.lesson()).toBeNull();
  });
});
