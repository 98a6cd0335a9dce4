// A lesson is kept only when its labelled frame is a legal, complete end position that agrees
// with every count (lesson-checks.ts); adversarial frames of the kinds seen on real games are
// thrown away: a board located a third of a cell low whose covered bottom row was taken for an
// area the game opened, a number labelled as the mine that blew up after a click the game
// ignored.
import { describe, expect, it } from 'vitest';
import { COVERED, EXPLODED, FLAG, MINE, OPENED, neighbourTable, parseBoard, type Board } from '../../src/core/board.js';
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { lookOf } from '../../src/vision/learn/live/live-looks.js';
import { cascadeShaped } from '../../src/vision/learn/live/live-areas.js';
import { freshLooks } from '../../src/vision/learn/live/live-fresh-looks.js';
import { lessonOf } from '../../src/vision/learn/live/live-lesson.js';
import { lessonFault } from '../../src/vision/learn/lesson-checks.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Grid } from '../../src/vision/geometry.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import type { Vec } from '../../src/vision/learn/looks.js';
import { readAgain } from '../support/read-again.js';

/** Looks that differ per code (alike looks = same code), for frames given as text. */
function looksOf(board: Board): Vec[] {
  return Array.from(board.cells, (c) => {
    const v = new Float32Array(20);
    v[c] = 1;
    return { v, mean: 100 };
  });
}

function frame(text: string, result: 'won' | 'lost', clicked: number[], shown = true) {
  const truth = parseBoard(text);
  return { result, truth, looks: looksOf(truth), table: neighbourTable(truth.width, truth.height), clicked: new Set(clicked), shown };
}

describe('lessonFault', () => {
  it('keeps a legal won frame and a legal lost one', () => {
    expect(lessonFault(frame('4x4/2\n1F10\n1110\n1110\n1F10', 'won', [3]))).toBeNull();
    expect(lessonFault(frame('4x4/2\n1*10\n1110\n1110\n1X10', 'lost', [13]))).toBeNull();
  });

  it('refuses a won frame whose closed cells are not the mine total', () => {
    expect(lessonFault(frame('4x4/3\n1F10\n1110\n1110\n1F10', 'won', [3]))).toMatch(/2 closed cells after a win, not the 3 mines/);
  });

  it('a win taken at the last flag, safe cells still closed: kept when the flags are the mine total and nothing else counts as a mine; refused otherwise, and as a plain win', () => {
    // (the cells (2,0) and (0,2) left covered: safe, the flags the two mines)
    const text = '3x3/2\nF1.\n121\n.1F';
    expect(lessonFault({ ...frame(text, 'won', [4]), flagWin: true })).toBeNull();
    expect(lessonFault(frame(text, 'won', [4]))).toMatch(/4 closed cells after a win, not the 2 mines/);
    expect(lessonFault({ ...frame('3x3/3\nF1.\n121\n.1F', 'won', [4]), flagWin: true })).toMatch(/2 flags at a win taken at the last flag, not the 3 mines/);
    expect(lessonFault({ ...frame('3x3/2\nF1.\n121\n.1*', 'won', [4]), flagWin: true })).toMatch(/1 flags and 1 mines shown/);
  });

  it('a win that shows its mines (xbomb): kept when they are the mines, none of them clicked; refused otherwise', () => {
    expect(lessonFault(frame('4x4/2\n1*10\n1110\n1110\n1*10', 'won', [3]))).toBeNull();
    expect(lessonFault(frame('4x4/2\n1*10\n1110\n1110\n1F10', 'won', [3]))).toBeNull();
    expect(lessonFault(frame('4x4/2\n1*10\n1110\n1110\n1*10', 'won', [1, 3]))).toMatch(/a won game shows a mine on a cell the bot opened/);
    expect(lessonFault(frame('4x4/3\n1*10\n1110\n1110\n1*10', 'won', [3]))).toMatch(/0 closed cells and 2 mines shown after a win, not the 3 mines/);
    expect(lessonFault(frame('4x4/2\n1X10\n1110\n1110\n1*10', 'won', [1]))).toMatch(/a won game shows a mine that blew up/);
  });

  it('refuses a mine that blew up where the bot did not click, and two of them', () => {
    expect(lessonFault(frame('4x4/2\n1*10\n1110\n1110\n1X10', 'lost', [3]))).toMatch(/not a cell the bot opened/);
    expect(lessonFault(frame('4x4/2\n1X10\n1110\n1110\n1X10', 'lost', [1, 13]))).toMatch(/2 mines that blew up/);
  });

  it('refuses a loss whose mines shown do not add up to the total', () => {
    expect(lessonFault(frame('4x4/3\n1*10\n1110\n1110\n1X10', 'lost', [13]))).toMatch(/2 mines and flags shown, the game has 3/);
    // a game that shows only the mine that blew up: fewer is fine, more is not
    expect(lessonFault(frame('4x4/3\n1.10\n1110\n1110\n1X10', 'lost', [13], false))).toBeNull();
  });

  it('refuses a 0 beside a closed cell', () => {
    expect(lessonFault(frame('4x4/4\n0...\n0000\n0000\n000.', 'won', [0]))).toMatch(/cell \(0,0\) would be a 0 beside the closed cell \(1,0\)/);
  });

  it('refuses alike looks labelled differently', () => {
    const f = frame('4x4/2\n1F10\n1110\n1110\n1F10', 'won', [3]);
    f.looks[2] = f.looks[0]!; // the 1 at (2,0) looks like the 1 at (0,0): fine
    expect(lessonFault(f)).toBeNull();
    f.looks[3] = f.looks[0]!; // the 0 at (3,0) looks like a 1
    expect(lessonFault(f)).toMatch(/cells \(0,0\) and \(3,0\) look the same but would be labelled 1 and 0/);
  });
});

/** A won 9x9 game drawn with the xdemineur skin, with a mine in its bottom row. */
function wonGame(): { game: Game; board: Board } {
  for (let seed = 1; ; seed++) {
    const game = new Game({ width: 9, height: 9, mines: 10 }, 'zero', createRng(seed));
    game.open(4, 4);
    for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) if (!game.mineAt(x, y) && !game.finished) game.open(x, y);
    let bottom = 0;
    for (let x = 0; x < 9; x++) if (game.mineAt(x, 8)) bottom++;
    if (game.status === 'won' && bottom >= 2) return { game, board: game.board() };
  }
}

describe('a board located a third of a cell low', () => {
  const low = (g: Grid): Grid => ({ ...g, top: g.top + g.pitch / 3 });

  it('its covered bottom row is no start area a game opens by itself', () => {
    const fresh = new Game({ width: 9, height: 9, mines: 10 }, 'zero', createRng(1)).board();
    const { image, grid } = renderBoard(fresh, 'xdemineur');
    // the rest of the board looks alike, whatever the bottom row looks like (here: a third of it
    // is xdemineur's frame below)
    const { like } = freshLooks(image, low(grid));
    expect(like.slice(0, 72).every(Boolean)).toBe(true);
    // a row along an edge holds no cell whose every neighbour it holds: no cascade from a 0
    const row = Array.from({ length: 9 }, (_, x) => 72 + x);
    expect(cascadeShaped(row, neighbourTable(9, 9))).toBe(false);
    expect(cascadeShaped([...row, ...row.map((i) => i - 9)], neighbourTable(9, 9))).toBe(true);
    // a true start area does
    expect(cascadeShaped([30, 31, 32, 39, 40, 41, 48, 49, 50], neighbourTable(9, 9))).toBe(true);
    // (one cell alone is none: a 0 opens its neighbours; the smallest is a corner's 0 and its three)
    expect(cascadeShaped([40], neighbourTable(9, 9))).toBe(false);
    expect(cascadeShaped([0], neighbourTable(9, 9))).toBe(false);
    expect(cascadeShaped([0, 1, 9, 10], neighbourTable(9, 9))).toBe(true);
  });

  it('a won frame with that row taken for opened cells teaches nothing', () => {
    const { board } = wonGame();
    const { image, grid } = renderBoard(board, 'xdemineur');
    const g = low(grid);
    // what a learner that took the bottom row for a start area would hold at the "win"
    const codes = Uint8Array.from(board.cells, (c, i) => (i >= 72 ? OPENED : c === FLAG || c === COVERED ? COVERED : OPENED));
    const looks = Array.from({ length: 81 }, (_, i) => lookOf(image, g, i));
    const lesson = lessonOf({ result: 'won', codes, image, grid: g, looks, table: neighbourTable(9, 9), mines: 10, clicked: new Set([40]), name: 'low' });
    expect(lesson.capture).toBeNull();
    expect(lesson.why).toMatch(/closed cells after a win|look the same|beside the closed cell/);
  });
});

describe('a number labelled as the mine that blew up', () => {
  it('is refused when it looks like the numbers labelled from the mines shown', () => {
    // a loss that shows its mines, where the bot's last click opened a 1 the learner took for the mine
    const text = '5x5/2\n1*100\n11100\n00000\n00111\n001*1';
    const truth = parseBoard(text);
    const { image, grid } = renderBoard(truth, 'xdemineur');
    const codes = truth.cells.slice();
    const ones = [...codes.keys()].filter((i) => codes[i] === 1);
    for (const i of ones) codes[i] = OPENED;
    codes[ones[0]!] = EXPLODED; // the 1 at (0,0), "blew up"
    const looks = Array.from({ length: 25 }, (_, i) => lookOf(image, grid, i));
    const lesson = lessonOf({ result: 'lost', codes, image, grid, looks, table: neighbourTable(5, 5), mines: 2, clicked: new Set([0]), name: 'ignored' });
    expect(lesson.capture).toBeNull();
  });

  it('is not made by a click the game ignored: the game goes on', () => {
    const learner = new LiveLearner({ name: 'xd-ignore', mines: 40 });
    const game = new Game({ width: 16, height: 16, mines: 40 }, 'zero', createRng(5));
    const draw = () => renderBoard(game.board(), 'xdemineur').image;
    let r = learner.read(draw());
    const grid = r.grid;
    const step = (x: number, y: number, ignored = false) => {
      learner.noteClick(x, y, 'left');
      if (!ignored) game.open(x, y);
      r = readAgain(learner, draw(), { geometry: grid });
    };
    step(8, 8);
    // a lone open of a safe covered cell showing a number, away from the opened area
    const view = game.board().cells;
    const table = neighbourTable(16, 16);
    let target = -1;
    for (let i = 0; i < 256 && target < 0; i++) {
      const x = i % 16, y = (i / 16) | 0;
      if (view[i] !== COVERED || game.mineAt(x, y)) continue;
      const n = Array.from(table[i]!).filter((j) => game.mineAt(j % 16, (j / 16) | 0)).length;
      if (n > 0 && Array.from(table[i]!).every((j) => view[j] === COVERED)) target = i;
    }
    expect(target).toBeGreaterThanOrEqual(0);
    step(target % 16, (target / 16) | 0);
    expect(r.board.cells[target]).toBe(OPENED);
    // the next click is ignored by the game: nothing changes; the game is not over
    const other = [...view.keys()].find((i) => view[i] === COVERED && i !== target && !game.mineAt(i % 16, (i / 16) | 0) && !table[target]!.includes(i))!;
    step(other % 16, (other / 16) | 0, true);
    expect(r.face).toBe('playing');
    expect(r.board.cells[target]).toBe(OPENED);
    // clicked again, it works: still playing, nothing labelled a mine
    step(other % 16, (other / 16) | 0);
    expect(r.face).toBe('playing');
    expect(r.board.cells.some((c) => c === EXPLODED || c === MINE)).toBe(false);
    expect(learner.lesson()).toBeNull();
  });
});

describe('covered labels', () => {
  it('a cell the frame draws otherwise than the fresh frame did (a thin mark the learner\'s cuts did not see come) is labelled nothing, never covered', () => {
    // a loss the learner saw as the mine that blew up alone: the other two mines, shown as a thin
    // box on the tile (an emoji with no font), looked unchanged to its small cuts
    const seen = parseBoard('5x5/3\nX1000\n11000\n00000\n01121\n01.2.');
    const { image, grid } = renderBoard(seen, 'xdemineur');
    const box = (i: number): void => {
      const x0 = Math.round(grid.left + (i % 5) * grid.pitch), y0 = Math.round(grid.top + ((i / 5) | 0) * grid.pitch);
      for (const [x1, y1, x2, y2] of [[5, 4, 12, 5], [5, 11, 12, 12], [5, 4, 6, 12], [11, 4, 12, 12]]) fillRect(image, x0 + x1!, y0 + y1!, x0 + x2!, y0 + y2!, [20, 20, 20]);
    };
    box(22);
    box(24);
    const fresh = renderBoard(parseBoard('5x5/3\n' + '.....\n'.repeat(5)), 'xdemineur');
    const looks = Array.from({ length: 25 }, (_, i) => lookOf(image, grid, i));
    const ended = { result: 'lost' as const, codes: seen.cells.slice(), image, grid, looks, table: neighbourTable(5, 5), mines: 3, clicked: new Set([0, 10, 12]), name: 'marks' };
    const without = lessonOf(ended);
    expect(without.capture!.board.cells[22]).toBe(COVERED); // (what the frame alone says)
    const lesson = lessonOf({ ...ended, fresh });
    expect(lesson.capture).not.toBeNull();
    expect([lesson.capture!.board.cells[22], lesson.capture!.board.cells[24]]).toEqual([OPENED, OPENED]);
    expect(lesson.capture!.board.cells[0]).toBe(EXPLODED);
  });
});

describe('a number the game did not draw', () => {
  // AntonyHaro/js-minesweeper: at the winning click the game returns before it writes the number
  // of the last cell opened, which stays a blank. Labelled by the count around it, a blank look
  // was saved as a "2"; the lattice, a whole pixel per cell off its 28.75 px tiles, cut that cell
  // unlike the lesson's 0s, so "alike looks, one label" did not see it.
  it('a won frame whose opened cell shows nothing inside its edges that a 0 does not, labelled a number by the count around it, teaches nothing (the lattice off by a pixel over the board, or not)', () => {
    const { board } = wonGame();
    const numbers = [...board.cells.keys()].filter((i) => board.cells[i]! >= 1 && board.cells[i]! <= 8);
    expect(numbers.length).toBeGreaterThan(3);
    for (const drift of [0, 0.15]) {
      for (const blank of [numbers[0]!, numbers.at(-1)!]) {
        const drawn = { ...board, cells: board.cells.slice() };
        drawn.cells[blank] = 0;
        const { image, grid } = renderBoard(drawn, 'xdemineur');
        const g = { ...grid, pitch: grid.pitch + drift };
        const codes = Uint8Array.from(board.cells, (c) => (c === FLAG || c === COVERED ? COVERED : OPENED));
        const looks = Array.from({ length: 81 }, (_, i) => lookOf(image, g, i));
        const lesson = lessonOf({ result: 'won', codes, image, grid: g, looks, table: neighbourTable(9, 9), mines: 10, clicked: new Set([40]), name: 'blank' });
        expect(lesson.capture, `drift ${drift}, cell ${blank}`).toBeNull();
        expect(lesson.why).toMatch(/nothing inside its edges|look the same/);
      }
    }
    // the frame as the game should have drawn it teaches
    const { image, grid } = renderBoard(board, 'xdemineur');
    for (const drift of [0, 0.15]) {
      const g = { ...grid, pitch: grid.pitch + drift };
      const codes = Uint8Array.from(board.cells, (c) => (c === FLAG || c === COVERED ? COVERED : OPENED));
      const looks = Array.from({ length: 81 }, (_, i) => lookOf(image, g, i));
      const lesson = lessonOf({ result: 'won', codes, image, grid: g, looks, table: neighbourTable(9, 9), mines: 10, clicked: new Set([40]), name: 'drawn' });
      expect(lesson.why, `drift ${drift}`).toBeNull();
    }
  });
});

describe('a mine the game drew opened like a 0', () => {
  // httpsGabrielle/campo-minado-reactjs goes on after a mine is hit (an alert, then the game
  // again), and draws the mine opened as an icon fetched from the web: offline, an opened blank.
  // The learner took it for a cell opened safely; at the next mine hit, which showed only that
  // mine, every opened cell around the blank had no closed neighbour and was worked out a 0 —
  // the 1s the game drew around that mine too — and the lesson was saved with 1s labelled 0.
  it('is refused: cells labelled 0 that are drawn apart inside their edges (a 1 among blanks)', () => {
    // the game's view: the mine at (2,1) opened and drawn blank, the 1s around it; the mine at
    // (4,5) the one that blew up; the mine at (1,5) still covered
    const view = parseBoard('6x6/3\n011100\n010100\n011100\n000000\n111111\n....X.');
    const { image, grid } = renderBoard(view, 'xdemineur');
    const codes = Uint8Array.from(view.cells, (c) => (c === COVERED || c === EXPLODED ? c : OPENED));
    const looks = Array.from({ length: 36 }, (_, i) => lookOf(image, grid, i));
    const lesson = lessonOf({ result: 'lost', codes, image, grid, looks, table: neighbourTable(6, 6), mines: 3, clicked: new Set([8, 18, 34]), name: 'lives' });
    const ones = [...view.cells.keys()].filter((i) => view.cells[i] === 1);
    const labelledZero = ones.filter((i) => lesson.capture?.board.cells[i] === 0);
    expect(labelledZero, 'cells the game drew as 1 labelled 0').toEqual([]);
    expect(lesson.capture).toBeNull();
    expect(lesson.why).toMatch(/both be 0s but are drawn apart/);
  });

  it('keeps a loss whose 0s are all one drawing', () => {
    const view = parseBoard('6x6/2\n000000\n000000\n000000\n000000\n111111\n....X.');
    const { image, grid } = renderBoard(view, 'xdemineur');
    const codes = Uint8Array.from(view.cells, (c) => (c === COVERED || c === EXPLODED ? c : OPENED));
    const looks = Array.from({ length: 36 }, (_, i) => lookOf(image, grid, i));
    const lesson = lessonOf({ result: 'lost', codes, image, grid, looks, table: neighbourTable(6, 6), mines: 2, clicked: new Set([18, 34]), name: 'plain' });
    expect(lesson.why).toBeNull();
    expect(lesson.capture!.board.cells[0]).toBe(0);
  });
});

/**
 * A won 9x9 board as Navid079/minesweeper.js draws it: 70 px cells, white when opened, dark when
 * covered, 1-px grey lines, and each number a tiny black glyph (5x8 px, 1 px strokes) in the
 * middle (`blank`: that cell's number not written).
 */
function tinyDigits(board: Board, blank = -1): { image: RgbaImage; grid: Grid } {
  const P = 70, left = 8, top = 8;
  const image = createImage(left * 2 + 9 * P, top * 2 + 9 * P, [255, 255, 255]);
  // (each digit's strokes: rows of 5 bits, top to bottom)
  const GLYPHS: Record<number, number[]> = {
    1: [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
    2: [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b11111],
    3: [0b11110, 0b00001, 0b00001, 0b01110, 0b00001, 0b00001, 0b00001, 0b11110],
    4: [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010, 0b00010],
    5: [0b11111, 0b10000, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110],
  };
  board.cells.forEach((c, i) => {
    const x0 = left + (i % 9) * P, y0 = top + ((i / 9) | 0) * P;
    fillRect(image, x0, y0, x0 + P, y0 + P, [170, 170, 170]);
    fillRect(image, x0 + 1, y0 + 1, x0 + P, y0 + P, c === COVERED || c === FLAG ? [60, 60, 70] : [255, 255, 255]);
    const glyph = i === blank ? undefined : GLYPHS[c];
    glyph?.forEach((bits, r) => {
      for (let b = 0; b < 5; b++) if (bits & (1 << (4 - b))) fillRect(image, x0 + 33 + b, y0 + 31 + r, x0 + 34 + b, y0 + 32 + r, [0, 0, 0]);
    });
  });
  return { image, grid: { left, top, pitch: P, cols: 9, rows: 9, scale: 1 } };
}

describe('numbers drawn tiny in large cells (Navid079/minesweeper.js: 8 px digits in 70 px cells)', () => {
  // Before: a 1 of 14 ink pixels differs from a 0 in under 2% of its interior's pixels: every won
  // game's lesson was thrown away ("would be a 1 but holds nothing inside its edges that the 0
  // ... does not"), and the game's numbers were never learned.
  it('a won frame teaches; the same frame with one number unwritten still teaches nothing', () => {
    const { board } = wonGame();
    const lessonFor = (blank: number) => {
      const { image, grid } = tinyDigits(board, blank);
      const codes = Uint8Array.from(board.cells, (c) => (c === FLAG || c === COVERED ? COVERED : OPENED));
      const looks = Array.from({ length: 81 }, (_, i) => lookOf(image, grid, i));
      return lessonOf({ result: 'won', codes, image, grid, looks, table: neighbourTable(9, 9), mines: 10, clicked: new Set([40]), name: 'tiny' });
    };
    const drawn = lessonFor(-1);
    expect(drawn.why).toBeNull();
    expect(drawn.capture!.board.cells.filter((c) => c === 1).length).toBeGreaterThan(3);
    const ones = [...board.cells.keys()].filter((i) => board.cells[i] === 1);
    for (const blank of [ones[0]!, ones.at(-1)!]) {
      const lesson = lessonFor(blank);
      expect(lesson.capture, `cell ${blank}`).toBeNull();
      expect(lesson.why).toMatch(/nothing inside its edges|look the same/);
    }
  });
});

describe('numbers the end draws over', () => {
  // tretyakov-a/minesweeper-canvas draws smoke over the mine hit's neighbours at a loss: its
  // numbers there were learned as looks of "1" with the smoke in them (labels right, looks not).
  const end = parseBoard('5x5/2\nX1000\n11000\n00000\n01110\n01*10');
  const inPlay = parseBoard('5x5/2\n.1000\n11000\n00000\n01110\n01.10');
  const play = renderBoard(inPlay, 'xdemineur');
  const steady = new Set([...inPlay.cells.keys()].filter((i) => inPlay.cells[i] !== COVERED));
  function lesson(draw: (image: RgbaImage, grid: Grid) => void, playCodes = inPlay.cells.slice()) {
    const { image, grid } = renderBoard(end, 'xdemineur');
    draw(image, grid);
    const looks = Array.from({ length: 25 }, (_, i) => lookOf(image, grid, i));
    return lessonOf({ result: 'lost', codes: end.cells.slice(), image, grid, looks, table: neighbourTable(5, 5), mines: 2, clicked: new Set([0, 12]), name: 'smoke', play: { image: play.image, grid: play.grid, codes: playCodes, steady } });
  }
  /** A grey puff over the middle of cell (x, y). */
  const puff = (image: RgbaImage, grid: Grid, x: number, y: number): void => {
    const x0 = Math.round(grid.left + x * grid.pitch), y0 = Math.round(grid.top + y * grid.pitch);
    fillRect(image, x0 + 4, y0 + 5, x0 + 11, y0 + 10, [150, 150, 150]);
  };

  it('a number with something drawn over it at the end is labelled nothing in the end frame, and its look taught by the frame in play', () => {
    const smoked = lesson((image, grid) => (puff(image, grid, 1, 0), puff(image, grid, 1, 1)));
    expect(smoked.capture).not.toBeNull();
    const cells = smoked.capture!.board.cells;
    expect([cells[1], cells[6]]).toEqual([OPENED, OPENED]);
    // the other numbers, and the mine hit, labelled as before
    expect([cells[0], cells[5], cells[16], cells[17], cells[18], cells[21], cells[22], cells[23]]).toEqual([EXPLODED, 1, 1, 1, 1, 1, MINE, 1]);
    expect([smoked.inPlay!.board.cells[1], smoked.inPlay!.board.cells[6]]).toEqual([1, 1]);
    // the same from a first game, whose numbers were read in play only as opened (not known yet)
    const first = lesson((image, grid) => (puff(image, grid, 1, 0), puff(image, grid, 1, 1)), inPlay.cells.map((c) => (c === COVERED ? c : OPENED)));
    expect([first.capture!.board.cells[1], first.capture!.board.cells[6], first.capture!.board.cells[5]]).toEqual([OPENED, OPENED, 1]);
    // nothing drawn over: every number labelled
    const clean = lesson(() => undefined);
    expect([clean.capture!.board.cells[1], clean.capture!.board.cells[6]]).toEqual([1, 1]);
  });

  it('a game that redraws most of its numbers at the end (a page recoloured) keeps them labelled: that is its end look', () => {
    const tinted = lesson((image) => {
      for (let k = 0; k < image.data.length; k += 4) for (let c = 0; c < 3; c++) image.data[k + c] = Math.round(image.data[k + c]! * 0.8);
    });
    expect(tinted.capture).not.toBeNull();
    expect([tinted.capture!.board.cells[1], tinted.capture!.board.cells[6], tinted.capture!.board.cells[5]]).toEqual([1, 1, 1]);
  });
});

describe('a number written on a tile never opened', () => {
  // OrenShaya/javaScript-MineSweeper writes every cell's content into it at its end: a tile never
  // opened keeps its covered look with a thin number on it, a few pixels of a large cell (here a
  // one-pixel stroke: 12 pixels of a 64 px cell)
  const seen = parseBoard('5x5/2\nX1000\n11000\n00000\n00111\n001*.');
  const scale = 4;
  const { image, grid } = renderBoard(seen, 'xdemineur', { scale });
  const thinOne = (img: RgbaImage, g: Grid, i: number): void => {
    const x = Math.round(g.left + (i % 5) * g.pitch + g.pitch / 2), y = Math.round(g.top + ((i / 5) | 0) * g.pitch + g.pitch / 2);
    fillRect(img, x, y - 6, x + 1, y + 6, [20, 20, 20]);
  };
  thinOne(image, grid, 24);
  const looks = Array.from({ length: 25 }, (_, i) => lookOf(image, grid, i));
  const ended = { result: 'lost' as const, codes: seen.cells.slice(), image, grid, looks, table: neighbourTable(5, 5), mines: 2, clicked: new Set([0, 12]), name: 'written' };
  const inPlay = parseBoard('5x5/2\n.1000\n11000\n00000\n00111\n001..');

  it('is labelled nothing, never covered, when the fresh frame drew the tile plain', () => {
    expect(lessonOf(ended).capture!.board.cells[24]).toBe(COVERED); // (what the frame alone says)
    const fresh = renderBoard(parseBoard('5x5/2\n' + '.....\n'.repeat(5)), 'xdemineur', { scale });
    const lesson = lessonOf({ ...ended, fresh });
    expect(lesson.capture!.board.cells[24]).toBe(OPENED);
    expect(lesson.capture!.board.cells[23]).toBe(MINE);
  });

  it('is labelled nothing when the last frame in play read the tile covered and drew it plain', () => {
    const play = renderBoard(inPlay, 'xdemineur', { scale });
    const lesson = lessonOf({ ...ended, play: { ...play, codes: inPlay.cells.slice(), steady: new Set<number>() } });
    expect(lesson.capture!.board.cells[24]).toBe(OPENED);
  });
});
