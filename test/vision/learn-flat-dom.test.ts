// Learning from screenshots of a flat DOM game (Piyushh-977's, drawn here from its facts: plain
// grey tiles 30 px wide on 1 px lines of the padding's grey, a 2 px frame, a page of another
// plain grey; numbers thin strokes of a colour each, a mine an outlined box, the mine that blew
// up the same box: the emoji the game uses has no font here; numbers, each its own colour and shape, of 2 px strokes as its font's).
// - Each capture's grid is found from its true board alone. One of six real captures was put a
//   cell to the left: its cells are plain colours, as alike in pattern to the page as to each
//   other, and only their levels tell a tile from the page.
// - The mine that blew up, labelled so, looks like every other mine: it is learned as a mine (two
//   states of one look cannot be learned apart; every mine read unsure).

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COVERED, EXPLODED, MINE, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { gridForBoard } from '../../src/vision/learn/learn-grid.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { readScreen } from '../../src/vision/read/read.js';

const PITCH = 31;
const PAGE: Rgb = [191, 183, 182];
const DIGIT: Rgb[] = [[0, 0, 255], [0, 128, 0], [255, 0, 0], [0, 0, 128], [128, 0, 0], [0, 128, 128], [0, 0, 0], [128, 128, 128]];

/** The screenshot of `board` with its first cell at (left, top), a line of red text above it. */
function draw(board: Board, left: number, top: number): RgbaImage {
  const img = createImage(left + board.width * PITCH + 60, top + board.height * PITCH + 80, PAGE);
  // (fillRect's ends are exclusive: a tile is 30 px, the line after it 1 px)
  const right = left + board.width * PITCH - 1, bottom = top + board.height * PITCH - 1;
  fillRect(img, left - 7, top - 7, right + 7, bottom + 7, [136, 136, 136]);
  fillRect(img, left - 5, top - 5, right + 5, bottom + 5, [187, 187, 187]);
  // (letters of a line of text: widths and gaps as in words, not a row of tiles)
  for (let k = 0, x = left + 4; k < 16; x += 6 + ((k * 7) % 11) + (k % 4 === 3 ? 9 : 3), k++) fillRect(img, x, top - 30, x + 6 + ((k * 7) % 11), top - 14, [238, 110, 110]);
  for (let i = 0; i < board.cells.length; i++) {
    const x0 = left + (i % board.width) * PITCH, y0 = top + Math.floor(i / board.width) * PITCH;
    const c = board.cells[i]!;
    fillRect(img, x0, y0, x0 + 30, y0 + 30, c === COVERED ? [204, 204, 204] : [238, 238, 238]);
    if (c >= 1 && c <= 8) {
      fillRect(img, x0 + 14, y0 + 8, x0 + 16, y0 + 21, DIGIT[c - 1]!);
      for (let k = 1; k < c; k++) fillRect(img, x0 + 9, y0 + 6 + 3 * k, x0 + 20, y0 + 8 + 3 * k, DIGIT[c - 1]!);
    }
    if (c === MINE || c === EXPLODED) {
      fillRect(img, x0 + 11, y0 + 9, x0 + 18, y0 + 20, [60, 60, 60]);
      fillRect(img, x0 + 12, y0 + 10, x0 + 17, y0 + 19, [238, 238, 238]);
    }
  }
  return img;
}

/** A 9x9 game with 10 mines, clicked at random cells until lost or `clicks` clicks are made. */
function played(seed: number, clicks: number): Board {
  const rng = createRng(seed);
  const game = new Game({ width: 9, height: 9, mines: 10 }, 'safe', rng);
  for (let k = 0; k < clicks && !game.finished; k++) game.open(rng.int(9), rng.int(9));
  return game.board();
}

describe('the grid of a screenshot found from its true board', () => {
  it('a flat DOM board, fresh, mid-game or lost, is found where its cells are, not a cell off on the page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 40, max: 80 }), fc.integer({ min: 60, max: 160 }), (seed, clicks, left, top) => {
        const board = played(seed, clicks);
        const g = gridForBoard(draw(board, left, top), board);
        expect([g.cols, g.rows]).toEqual([9, 9]);
        // (to the cell: the exact offset is the reader's alignment's, once there are sprites)
        expect(Math.abs(g.left - left), `left ${g.left} for ${left}`).toBeLessThan(PITCH / 4);
        expect(Math.abs(g.top - top), `top ${g.top} for ${top}`).toBeLessThan(PITCH / 4);
      }),
      { numRuns: 25 },
    );
  });

  it('a board of one state, all covered, is placed on its tiles, not half on its frame', () => {
    const board = played(7, 0);
    expect(board.cells.every((c) => c === COVERED)).toBe(true);
    const g = gridForBoard(draw(board, 63, 156), board);
    expect(Math.abs(g.left - 63)).toBeLessThan(PITCH / 4);
    expect(Math.abs(g.top - 156)).toBeLessThan(PITCH / 4);
  });
});

describe('a skin learned from screenshots of a flat DOM game', () => {
  it('whose mine that blew up looks like its other mines learns it as a mine, and reads every mine of a loss surely', () => {
    const boards = [played(11, 40), played(12, 3), played(13, 40)];
    const lost = boards.findIndex((b) => b.cells.includes(EXPLODED));
    expect(lost).toBeGreaterThanOrEqual(0);
    const captures = boards.map((b, i) => ({ name: `shot${i}.png`, image: draw(b, 50 + i * 3, 90), board: b }));
    const { learned, report } = learnSkin('flat-dom', captures);
    const hit = boards[lost]!.cells.indexOf(EXPLODED);
    expect(report.captures[lost]!.explodedAsMine).toBe(`${hit % 9},${Math.floor(hit / 9)}`);
    expect(report.captures.map((c) => [c.wrong, c.error])).toEqual(boards.map(() => [[], null]));
    expect(report.states).toContain('mine');
    expect(report.states).not.toContain('exploded');
    // the loss learned from, and another, read with the skin: their mines are mines, none unsure
    // (before, every one was unsure: the mine and the mine that blew up were one look of two states)
    const other = played(21, 40);
    expect(other.cells.includes(EXPLODED)).toBe(true);
    for (const [board, image] of [[boards[lost]!, captures[lost]!.image], [other, draw(other, 70, 100)]] as const) {
      const r = readScreen(image, { skins: [learned.skin] });
      const mines = [...board.cells.keys()].filter((i) => board.cells[i] === MINE || board.cells[i] === EXPLODED);
      expect(r.unsure.map(([x, y]) => y * 9 + x).filter((i) => mines.includes(i))).toEqual([]);
      expect(mines.map((i) => r.board.cells[i])).toEqual(mines.map(() => MINE));
    }
  });
});

