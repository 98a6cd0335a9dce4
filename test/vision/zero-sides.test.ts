// A game whose flood fill opens only a 0's four sides (a shortcut common in hobby games): its 0s
// may show beside a closed cell at a corner, which a game that opens all eight never shows. The
// learner learns that from such 0s seen again after a click of its own, keeps it in the skin,
// and then takes those 0s as 0s and their lessons as lessons. Drawn here from those facts.

import { describe, expect, it } from 'vitest';
import { COVERED, MINE, EXPLODED, OPENED, sideTable, neighbourTable } from '../../src/core/board.js';
import type { Grid } from '../../src/vision/geometry.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { NotFreshBoard } from '../../src/vision/learn/live/live-start.js';
import type { Reading } from '../../src/vision/read/read.js';
import { contradiction } from '../../src/bot/game/judge.js';

const PITCH = 32, LEFT = 30, TOP = 40, COLS = 9, ROWS = 9;
const PAGE: Rgb = [236, 236, 236];
/** How much a browser's alert dims the page under it (here: what the frame around the box shows matters, not how dark). */
const DIM = 0.6;
const COVER: Rgb = [150, 150, 150];
const GROUND: Rgb = [214, 214, 214];
const INK: Rgb[] = [[0, 0, 220], [0, 130, 0], [220, 0, 0], [0, 0, 120], [120, 0, 0], [0, 120, 120], [0, 0, 0], [90, 90, 90]];

// mines in two clumps: a 0 region at the top left, another at the bottom right
const MINES: [number, number][] = [[4, 0], [4, 1], [3, 3], [4, 4], [5, 5], [0, 6], [8, 3], [2, 7], [6, 7], [8, 8]];

function countsOf(): number[] {
  const at = new Set(MINES.map(([x, y]) => y * COLS + x));
  const nb = neighbourTable(COLS, ROWS);
  return Array.from({ length: COLS * ROWS }, (_, i) => (at.has(i) ? -1 : [...nb[i]!].filter((j) => at.has(j)).length));
}

/** The board: covered cells a raised grey, opened ones flat, a number's ink strokes (as many as it counts, its colour), a mine a black disc. */
function draw(truth: number[], shown: ReadonlySet<number>, mines: ReadonlySet<number> = new Set(), hit: number | null = null): RgbaImage {
  const img = createImage(LEFT * 2 + COLS * PITCH, TOP + 20 + ROWS * PITCH, PAGE);
  for (let i = 0; i < COLS * ROWS; i++) {
    const x0 = LEFT + (i % COLS) * PITCH, y0 = TOP + Math.floor(i / COLS) * PITCH;
    fillRect(img, x0, y0, x0 + PITCH - 1, y0 + PITCH - 1, [110, 110, 110]);
    if (mines.has(i)) {
      fillRect(img, x0, y0, x0 + PITCH - 2, y0 + PITCH - 2, i === hit ? [230, 40, 40] : GROUND);
      fillRect(img, x0 + 9, y0 + 9, x0 + 21, y0 + 21, [10, 10, 10]);
    } else if (!shown.has(i)) {
      fillRect(img, x0, y0, x0 + PITCH - 2, y0 + PITCH - 2, [250, 250, 250]);
      fillRect(img, x0 + 2, y0 + 2, x0 + PITCH - 2, y0 + PITCH - 2, COVER);
    } else {
      fillRect(img, x0, y0, x0 + PITCH - 2, y0 + PITCH - 2, GROUND);
      const n = truth[i]!;
      for (let b = 0; b < n; b++) fillRect(img, x0 + 5 + b * 5, y0 + 6, x0 + 7 + b * 5, y0 + 24, INK[n - 1]!);
    }
  }
  return img;
}

/** What a click on cell i opens in a game whose flood fill goes on from a 0 to the cells of `table` (its sides, or all eight). */
function flood(table: Int32Array[], truth: number[], i: number, into: Set<number>): void {
  const stack = [i];
  into.add(i);
  while (stack.length) {
    const c = stack.pop()!;
    if (truth[c] !== 0) continue;
    for (const j of table[c]!) if (!into.has(j) && truth[j] !== -1) (into.add(j), stack.push(j));
  }
}
const openSides = (truth: number[], i: number, into: Set<number>): void => flood(sideTable(COLS, ROWS), truth, i, into);
const openEight = (truth: number[], i: number, into: Set<number>): void => flood(neighbourTable(COLS, ROWS), truth, i, into);

interface Game {
  learner: LiveLearner;
  truth: number[];
  shown: Set<number>;
  grid: Grid;
  click: (i: number, certain?: boolean) => Reading;
  lose: (i: number) => Reading;
}

function game(learner: LiveLearner, opens: typeof openSides = openSides): Game {
  const truth = countsOf();
  const shown = new Set<number>();
  const grid = learner.read(draw(truth, shown)).grid;
  expect([grid.cols, grid.rows]).toEqual([COLS, ROWS]);
  const settle = (img: () => RgbaImage): Reading => {
    let r = learner.read(img(), { geometry: grid });
    for (let k = 0; k < 4 && r.unsure.length && r.face === 'playing'; k++) r = learner.read(img(), { geometry: grid });
    return r;
  };
  return {
    learner, truth, shown, grid,
    click: (i, certain = false) => {
      learner.noteClick(i % COLS, (i / COLS) | 0, 'left', certain);
      opens(truth, i, shown);
      return settle(() => draw(truth, shown));
    },
    lose: (i) => {
      learner.noteClick(i % COLS, (i / COLS) | 0, 'left');
      const mines = new Set(MINES.map(([x, y]) => y * COLS + x));
      return settle(() => draw(truth, shown, mines, i));
    },
  };
}

const at = (x: number, y: number): number => y * COLS + x;

/** A first game, every safe cell opened in turn, from nothing (by default a game that opens a 0's eight neighbours): its last reading, and its lesson learned. */
function firstGame(name: string, opens: typeof openSides = openEight): { end: Reading | null; taught: ReturnType<LiveLearner['learn']> } {
  const truth = countsOf();
  const first = game(new LiveLearner({ name, mines: MINES.length }), opens);
  let end: Reading | null = null;
  for (let i = 0; i < COLS * ROWS; i++) if (truth[i] !== -1 && !first.shown.has(i)) end = first.click(i);
  return { end, taught: first.learner.learn(first.learner.lesson()!) };
}

describe('a game that opens only a 0\'s four sides', () => {
  it('is learned from a 0 seen beside a closed corner again after a click: its 0s then read as 0s, the reading says so, and the lesson of a loss that leaves such corners closed is kept', () => {
    const truth = countsOf();
    // the cell (1,1) is a 0 whose corner (2,2)... every cell of the top-left region checked below
    const zeroWithCorner = [...Array(COLS * ROWS).keys()].filter((i) => {
      const shown = new Set<number>();
      openSides(truth, at(0, 0), shown);
      return truth[i] === 0 && shown.has(i) && [...neighbourTable(COLS, ROWS)[i]!].some((j) => !shown.has(j));
    });
    expect(zeroWithCorner.length).toBeGreaterThan(0);

    // a first game teaches the looks: won, every safe cell opened (the same look, in a game that
    // opens a 0's eight neighbours)
    const { end, taught } = firstGame('sides');
    expect(end?.face).toBe('won');
    expect(taught?.adopted).toBe(true);
    expect(taught!.learned.file.learned?.zeroOpens).toBeUndefined();

    // a second game: the cascade leaves 0s beside closed corners
    const g = game(new LiveLearner({ name: 'sides', mines: MINES.length, previous: taught!.learned.skin }));
    let r = g.click(at(0, 0));
    expect(r.unsure).toEqual([]);
    expect(r.zeroOpens).toBeUndefined();
    // (not learned from one frame: a ripple opens sides before corners)
    for (const i of zeroWithCorner) expect(r.board.cells[i], `${i}`).toBe(OPENED);
    // another click (a number far away): the 0s stay as they were, the game is one that opens sides only
    const number = [...Array(COLS * ROWS).keys()].find((i) => truth[i]! > 0 && !g.shown.has(i))!;
    r = g.click(number);
    expect(r.zeroOpens).toBe('sides');
    // a judge of readings takes the corner as the game's way, not a frame caught drawing
    expect(contradiction(null, r, MINES.length)).toBeNull();
    // the next cascade's 0s read as 0s, their corners closed
    const before = new Set(g.shown);
    const zero = [...Array(COLS * ROWS).keys()].find((i) => truth[i] === 0 && !g.shown.has(i))!;
    r = g.click(zero);
    const second = [...Array(COLS * ROWS).keys()].filter((i) => truth[i] === 0 && g.shown.has(i) && !before.has(i) && [...neighbourTable(COLS, ROWS)[i]!].some((j) => r.board.cells[j] === COVERED));
    expect(second.length).toBeGreaterThan(0);
    for (const i of second) expect(r.board.cells[i], `${i}`).toBe(0);
    // a loss that shows only the mines: its lesson is kept, and the skin says how 0s open
    expect(g.lose(at(3, 3)).face).toBe('lost');
    const lesson = g.learner.lesson();
    expect(lesson?.why ?? null).toBeNull();
    expect([MINE, EXPLODED]).toContain(lesson!.capture!.board.cells[at(3, 3)]);
    const kept = g.learner.learn(lesson!);
    expect(kept?.adopted).toBe(true);
    expect(kept!.learned.file.learned?.zeroOpens).toBe('sides');
    // a learner that starts from that skin knows it from the start
    const again = game(new LiveLearner({ name: 'sides', mines: MINES.length, previous: kept!.learned.skin }));
    expect(again.click(zero).zeroOpens).toBe('sides');
  });

  it('is learned from nothing, before any 0 is learned: a lone click whose cascade opened it and its sides is a 0; the first loss is then a lesson', () => {
    const truth = countsOf();
    const g = game(new LiveLearner({ name: 'fresh', mines: MINES.length }));
    expect(g.click(at(0, 0)).zeroOpens).toBeUndefined();
    const number = [...Array(COLS * ROWS).keys()].find((i) => truth[i]! > 0 && !g.shown.has(i))!;
    expect(g.click(number).zeroOpens).toBe('sides');
    expect(g.lose(at(3, 3)).face).toBe('lost');
    const lesson = g.learner.lesson();
    expect(lesson?.why ?? null).toBeNull();
    const cells = lesson!.capture!.board.cells;
    for (const i of g.shown) if (truth[i] === 0 && cells[i] !== OPENED) expect(cells[i], `${i}`).toBe(0);
    expect([...g.shown].filter((i) => cells[i] === 0).length).toBeGreaterThan(3);
    const kept = g.learner.learn(lesson!);
    expect(kept?.adopted).toBe(true);
    expect(kept!.learned.skin.cells.some((c) => c.state === '0')).toBe(true);
    expect(kept!.learned.file.learned?.zeroOpens).toBe('sides');
  });

  it('is not learned from a frame caught drawing: sides opened before corners, the corners drawn before the next click', () => {
    const truth = countsOf();
    const taught = firstGame('eight').taught!;
    const g = game(new LiveLearner({ name: 'eight', mines: MINES.length, previous: taught.learned.skin }));
    // the click's frame: sides only (a ripple under way); the next frame before any click: all eight
    g.click(at(0, 0));
    const nb = neighbourTable(COLS, ROWS);
    for (const i of [...g.shown]) if (truth[i] === 0) for (const j of nb[i]!) g.shown.add(j);
    const r = g.learner.read(draw(truth, g.shown), { geometry: g.grid });
    expect(r.zeroOpens).toBeUndefined();
    expect(g.click([...Array(COLS * ROWS).keys()].find((i) => truth[i]! > 0 && !g.shown.has(i))!).zeroOpens).toBeUndefined();
  });
});

describe('a learner starting from a skin on a board that skin does not explain', () => {
  it('takes it for no game to begin on, found where its lattice is (the loop starts a new game there), not for no board at all', () => {
    const truth = countsOf();
    const taught = firstGame('start', openSides).taught!;
    // a lost game left on the screen, every cell drawn as a mine (a look the skin has not learned)
    const every = new Set([...Array(COLS * ROWS).keys()]);
    const learner = new LiveLearner({ name: 'start', mines: MINES.length, previous: taught.learned.skin });
    let thrown: unknown = null;
    try {
      learner.read(draw(truth, every, every));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(NotFreshBoard);
    expect((thrown as NotFreshBoard).message).toMatch(/no game to begin on/);
    const g = (thrown as NotFreshBoard).grid;
    expect([g.cols, g.rows, Math.round(g.left), Math.round(g.top), Math.round(g.pitch)]).toEqual([COLS, ROWS, LEFT, TOP, PITCH]);
  });
});

describe('a browser\'s alert over a won board, the page dimmed under it', () => {
  it('a trial read behind it that is no win leaves the game watched as it was: the board seen once the alert is closed is the win', () => {
    const truth = countsOf();
    const taught = firstGame('dim').taught!;
    const g = game(new LiveLearner({ name: 'dim', mines: MINES.length, previous: taught.learned.skin }), openEight);
    // everything opened but the 0s around (0,0) and the numbers at their edge, one at a time
    const region = new Set<number>();
    openEight(truth, at(0, 0), region);
    for (let i = 0; i < COLS * ROWS; i++) if (truth[i] !== -1 && !region.has(i) && !g.shown.has(i)) g.click(i, true);
    // a last batch: two mines flagged, and (0,0) proved safe, whose cascade opens the rest: the
    // game wins, an alert comes at once
    for (const [x, y] of [MINES[0]!, MINES[1]!]) g.learner.noteClick(x, y, 'right');
    g.learner.noteClick(0, 0, 'left', true);
    for (const i of region) g.shown.add(i);
    const last = [at(0, 0)];
    const won = draw(truth, g.shown);
    // (what the frame around the box seems to show may be anything: here every mine, as at a loss)
    const seemsLost = draw(truth, g.shown, new Set(MINES.map(([x, y]) => at(x, y))), last[0]!);
    const dimmed = { ...seemsLost, data: seemsLost.data.map((v, k) => (k % 4 === 3 ? v : Math.round(v * DIM))) };
    fillRect(dimmed, 0, 0, dimmed.width - 1, TOP + 2 * PITCH, [250, 250, 250]);
    expect(g.learner.covered(g.grid, dimmed)?.face ?? null).not.toBe('lost');
    const r = g.learner.read(won, { geometry: g.grid });
    expect(r.face).toBe('won');
    expect(g.learner.lesson()?.result).toBe('won');
  });
});

