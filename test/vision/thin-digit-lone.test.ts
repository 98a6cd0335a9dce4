// A flat DOM game whose opened cells are its covered tile's own colour with a tiny light digit
// (EduardoZepeda/mine-sweeper: 50 px blue tiles 2 px apart on a dark page, every number and the 0
// written in white, a mine a small white dot): a number opened alone by a click changes the
// cell's whole cut too little to count, and no neighbour changed (no cascade's bleed to tell it
// by); it was left covered and clicked again until the run stopped. Drawn here, no artwork.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { COVERED, FLAG, MINE, OPENED } from '../../src/core/board.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import type { Grid } from '../../src/vision/geometry.js';
import type { Lesson } from '../../src/vision/learn/live/live-lesson.js';

const N = 10, P = 54;
const MINES: [number, number][] = [[1, 1], [5, 0], [8, 2], [2, 5], [6, 6], [9, 9], [0, 8], [4, 9]];
const TILE = [63, 120, 196] as const, PAGE = [9, 15, 21] as const, INK = [255, 255, 255] as const;

/** The board as such a game draws it; `lost`: every mine shown as a dot (`overFlags`: the flagged ones too, as EduardoZepeda's does). */
function draw(game: Game, lost = false, mines: readonly (readonly [number, number])[] = MINES, ink: readonly [number, number, number] = INK, overFlags = false): RgbaImage {
  const left = 40, top = 60;
  const image = createImage(left * 2 + N * P, top * 2 + N * P, [...PAGE]);
  const cells = game.board().cells;
  for (let i = 0; i < N * N; i++) {
    const x = left + (i % N) * P + 2, y = top + ((i / N) | 0) * P + 2;
    fillRect(image, x, y, x + P - 4, y + P - 4, [...TILE]);
    const cx = x + (P - 4) / 2, cy = y + (P - 4) / 2;
    const c = cells[i]!;
    const mine = lost && mines.some(([mx, my]) => mx === i % N && my === ((i / N) | 0));
    if (c === FLAG && !(mine && overFlags)) {
      // a flag: a triangle 7 px wide, 6 high
      for (let k = 0; k < 6; k++) fillRect(image, cx - (k >> 1) - 1, cy - 3 + k, cx + (k >> 1) + 1, cy - 2 + k, [...ink]);
      continue;
    }
    // (drawn as the game's font draws them, 7x9 at most, strokes 2 px wide)
    if (mine) {
      // a dot 6 px across, its corners cut
      fillRect(image, cx - 3, cy - 2, cx + 3, cy + 2, [...ink]);
      fillRect(image, cx - 2, cy - 3, cx + 2, cy + 3, [...ink]);
    } else if (c === 0) {
      // a 0: a ring 6x9
      fillRect(image, cx - 2, cy - 5, cx + 2, cy - 3, [...ink]);
      fillRect(image, cx - 2, cy + 2, cx + 2, cy + 4, [...ink]);
      fillRect(image, cx - 3, cy - 4, cx - 1, cy + 3, [...ink]);
      fillRect(image, cx + 1, cy - 4, cx + 3, cy + 3, [...ink]);
    } else if (c >= 1 && c <= 8) {
      // a number: a stem 2x9 on a foot 6x1, and a bar 4x2 on its left for each more
      fillRect(image, cx, cy - 5, cx + 2, cy + 4, [...ink]);
      fillRect(image, cx - 3, cy + 3, cx + 3, cy + 4, [...ink]);
      for (let k = 1; k < c; k++) fillRect(image, cx - 4, cy - 6 + 3 * k, cx, cy - 4 + 3 * k, [...ink]);
    }
  }
  return image;
}

/**
 * A guess on the mine at `at`, the loss drawn by `lost` read until the game ends (as the loop reads
 * a settled frame again, up to 4 times): read as lost, and its lesson kept (returned).
 */
function guessLost(learner: LiveLearner, game: Game, at: [number, number], lost: () => RgbaImage, grid: Grid): Lesson {
  learner.noteClick(at[0], at[1], 'left');
  game.open(at[0], at[1]);
  let face: string | null = 'playing';
  for (let k = 0; k < 4 && face !== 'lost' && face !== 'won'; k++) face = learner.read(lost(), { geometry: grid }).face;
  expect(face, 'the game ended lost').toBe('lost');
  const lesson = learner.lesson()!;
  expect(lesson.why).toBeNull();
  return lesson;
}

describe('a tiny light digit on a tile drawn like the covered one', () => {
  it('a number opened alone by a click reads opened, not covered; a loss after it is read as a loss, not a fresh board nor a win', () => {
    const game = Game.fromLayout(N, N, MINES);
    const learner = new LiveLearner({ name: 'tiny', mines: MINES.length });
    const grid = learner.read(draw(game)).grid;
    learner.noteClick(0, 0, 'left');
    game.open(0, 0);
    expect(game.board().cells[0]).toBe(1);
    let r = learner.read(draw(game), { geometry: grid });
    expect([1, OPENED], 'the 1 clicked').toContain(r.board.cells[0]);
    expect(r.board.cells.filter((c) => c === COVERED).length).toBe(N * N - 1);
    // a guess on a mine: every mine shown as a dot, the one hit among them
    learner.noteClick(1, 1, 'left');
    game.open(1, 1);
    r = learner.read(draw(game, true), { geometry: grid });
    expect(r.face, 'the game ended').toBe('lost');
  });
});

// (a loss to the game's last guess: 4 mines and one safe cell left closed, a 2 between two mines
// every side of it a number; the edge cell beside the mine guessed, a 1, opened alone just before.
// The mine hit, a small dot, changes its cell as a thin number would, and counts opened: every
// safe cell but one is open, and one more is the count of a win. The other mines shown, drawn dot
// for dot as the hit, tell it: EduardoZepeda's 4-mine copy read 3 such losses as wins)
describe('a loss whose mines are drawn as thin as its numbers', () => {
  const LAST: [number, number][] = [[3, 1], [5, 7], [7, 7], [7, 3]];
  it('the last guess on a mine beside the 1 opened alone, a 2 between two mines left closed: read as lost, never won', () => {
    const game = Game.fromLayout(N, N, LAST);
    const learner = new LiveLearner({ name: 'tiny', mines: LAST.length });
    const drawn = (lost = false): RgbaImage => draw(game, lost, LAST);
    const grid = learner.read(drawn()).grid;
    learner.noteClick(9, 9, 'left');
    game.open(9, 9);
    let r = learner.read(drawn(), { geometry: grid });
    expect([...r.board.cells].flatMap((c, i) => (c === COVERED ? [i] : [])), 'the mines, the 1 on the edge and the 2 between mines closed').toEqual([3, 13, 37, 75, 76, 77]);
    learner.noteClick(3, 0, 'left');
    game.open(3, 0);
    r = learner.read(drawn(), { geometry: grid });
    expect([1, OPENED], 'the 1 clicked').toContain(r.board.cells[3]);
    // its lesson labels right every cell it labels (the hit a mine: drawn as every other), and is learned: the skin of the fresh board,
    // which reads these thin digits as its covered tile, is not asked about digits it never
    // learned (it refused every lesson of that game)
    const lesson = guessLost(learner, game, [3, 1], () => drawn(true), grid);
    const truth = game.board().cells;
    const labelled = [...lesson.capture!.board.cells].flatMap((c, i) => (c === COVERED ? [] : [[i, c]]));
    expect(labelled.length).toBeGreaterThan(90);
    for (const [i, c] of labelled) expect(c, `cell ${i}`).toBe(LAST.some(([x, y]) => y * N + x === i) ? MINE : truth[i]);
    const learned = learner.learn(lesson)!;
    expect(learned.adopted, learned.report.captures.map((c) => c.wrong.join(' ')).join('; ')).toBe(true);
    expect(learned.report.states).toEqual(expect.arrayContaining(['covered', '0', '1', '2']));
  });
});

// (a cascade opened beside a flag the bot placed: its 0s, thin rings on the tile, are cut alike
// to the flag, a thin triangle, as every cell of such a game is alike; they were taken for flags
// the game marks by itself at a win, no part of the cascade, and the run stopped on them)
describe('a cascade beside a flag, both drawn thin on the covered tile', () => {
  // (a pale ink, as anti-aliased glyphs are: the whole cuts of a 0 and a flag 0.976 alike)
  const PALE = [200, 220, 250] as const;
  it('its 0s are opened by it, not marks the game made: nothing unsure, nothing left covered', () => {
    // a wall of mines down the middle: the first click opens the left half only
    const wall: [number, number][] = Array.from({ length: N }, (_, y) => [5, y]);
    const game = Game.fromLayout(N, N, wall);
    const learner = new LiveLearner({ name: 'tiny', mines: wall.length });
    const drawn = (): RgbaImage => draw(game, false, wall, PALE);
    const grid = learner.read(drawn()).grid;
    learner.noteClick(0, 0, 'left');
    game.open(0, 0);
    let r = learner.read(drawn(), { geometry: grid });
    expect(r.unsure).toEqual([]);
    learner.noteClick(5, 0, 'right');
    game.toggleFlag(5, 0);
    r = learner.read(drawn(), { geometry: grid });
    expect(r.unsure).toEqual([]);
    expect(r.board.cells[5]).toBe(FLAG);
    // the right half, a cascade from its far corner, beside the flag
    learner.noteClick(9, 0, 'left');
    game.open(9, 0);
    r = learner.read(drawn(), { geometry: grid });
    expect(r.unsure, 'unsure cells').toEqual([]);
    for (let i = 0; i < N * N; i++) {
      if (i % N < 6) continue;
      expect([game.board().cells[i], OPENED], `cell ${i}`).toContain(r.board.cells[i]);
    }
  });
});

// (a loss that draws every mine as the one hit, a dot, the bot's flags too: EduardoZepeda's. A
// dot and a triangle of a few pixels are alike in whole cuts and not drawnApart; the flags kept
// their flag label, alike to the hit labelled a mine, and the whole lesson was refused: 5 of 20
// games of the seventieth round)
describe('a loss that draws its mines over the flags, both thin', () => {
  it('the flags drawn over are left unlabelled, the lesson kept and learned, the flags taught by the frame in play', () => {
    const game = Game.fromLayout(N, N, MINES);
    const learner = new LiveLearner({ name: 'tiny', mines: MINES.length });
    const drawn = (lost = false): RgbaImage => draw(game, lost, MINES, INK, true);
    const grid = learner.read(drawn()).grid;
    learner.noteClick(9, 0, 'left');
    game.open(9, 0);
    let r = learner.read(drawn(), { geometry: grid });
    expect(r.unsure).toEqual([]);
    const flags: [number, number][] = [[8, 2], [5, 0]];
    for (const [x, y] of flags) learner.noteClick(x, y, 'right'), game.toggleFlag(x, y);
    // (standing a frame, as the loop reads again before its next move)
    for (let k = 0; k < 2; k++) r = learner.read(drawn(), { geometry: grid });
    for (const [x, y] of flags) expect(r.board.cells[y * N + x], `flag (${x},${y})`).toBe(FLAG);
    const lesson = guessLost(learner, game, [1, 1], () => drawn(true), grid);
    const cells = lesson.capture!.board.cells;
    for (const [x, y] of flags) expect(cells[y * N + x], `the flag drawn over at (${x},${y})`).toBe(OPENED);
    const truth = game.board().cells;
    for (let i = 0; i < N * N; i++) {
      if (cells[i] === OPENED || flags.some(([x, y]) => y * N + x === i)) continue;
      expect(cells[i], `cell ${i}`).toBe(MINES.some(([x, y]) => y * N + x === i) ? MINE : truth[i]);
    }
    expect(lesson.inPlay?.board.cells[2 * N + 8], 'the flag standing in the frame in play').toBe(FLAG);
    const learned = learner.learn(lesson)!;
    expect(learned.adopted, learned.report.captures.map((c) => c.wrong.join(' ')).join('; ')).toBe(true);
    expect(learned.report.states).toEqual(expect.arrayContaining(['mine', 'flag']));
  });
});
