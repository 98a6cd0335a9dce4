// Boards drawn by renderBoard come back unchanged through readScreen: every cell state, the
// face and both counters, at several display scales, in 16-bit colour and inside a desktop.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import { FLAG, formatBoard, parseBoard, type Board } from '../../src/core/board.js';
import { renderBoard, counterText } from '../../src/vision/draw/render.js';
import { readScreen, VisionError } from '../../src/vision/read/read.js';
import { blit, createImage, fillRect, resize, toRgb565, type RgbaImage } from '../../src/vision/image.js';
import { diffBoards, scaleImage } from './helpers.js';

/** A mid-game board from a seeded game: some cells opened, some mines flagged. */
function midGame(width: number, height: number, mines: number, seed: number): Board {
  const rng = createRng(seed);
  const game = new Game({ width, height, mines }, 'safe', rng);
  game.open(Math.floor(width / 2), Math.floor(height / 2));
  for (let k = 0; k < width * height && game.status === 'playing'; k++) {
    const x = rng.int(width), y = rng.int(height);
    if (game.mineAt(x, y)) {
      if (game.cell(x, y) !== FLAG && rng.next() < 0.4) game.toggleFlag(x, y);
    } else if (rng.next() < 0.08) game.open(x, y);
  }
  return game.board();
}

/**
 * Every cell state of the text format, including the after-a-loss ones, in a position a game
 * can show (the reader refuses boards that contradict themselves): every number agrees with the
 * mines around it, and no blank touches a covered cell.
 */
const ALL_STATES = parseBoard(`9x9/22
**F*11?.*
*8*5.22*2
**F6*2.11
*7*.*32?1
2F*422*X1
12210122!
000000011
00000001*
00000001!
`);

function desktop(win: RgbaImage, x: number, y: number): RgbaImage {
  const img = createImage(Math.max(1024, win.width + x + 40), Math.max(768, win.height + y + 40), [58, 110, 165]);
  fillRect(img, 10, 10, 300, 200, [192, 192, 192]); // a grey dialog elsewhere
  for (let k = 20; k < 280; k += 16) fillRect(img, k, 30, k + 1, 180, [128, 128, 128]);
  blit(img, win, x, y);
  return img;
}

describe('render → read round trip (winxp)', () => {
  const boards: [string, Board, 'playing' | 'won' | 'lost'][] = [
    ['all states 9x9', ALL_STATES, 'lost'],
    ['beginner mid-game', midGame(9, 9, 10, 1), 'playing'],
    ['intermediate mid-game', midGame(16, 16, 40, 2), 'playing'],
    ['expert mid-game', midGame(30, 16, 99, 3), 'playing'],
    ['old beginner 8x8', midGame(8, 8, 10, 4), 'playing'],
    ['custom 24x20', midGame(24, 20, 90, 5), 'playing'],
  ];
  for (const [name, board, face] of boards) {
    for (const scale of [1, 1.25, 1.5, 2]) {
      it(`${name} at ${scale * 100}%`, async () => {
        const { image, grid } = renderBoard(board, 'winxp', { face, mineCounter: 7, timer: 123 });
        const scaled = await scaleImage(image, scale);
        const r = readScreen(scaled, { skin: 'auto' });
        expect(r.skin).toBe('winxp');
        expect(diffBoards(board, r.board)).toEqual([]);
        expect(r.face).toBe(face);
        expect(r.mineCounter).toBe(7);
        expect(r.timer).toBe(123);
        expect(r.unsure).toEqual([]);
        expect(r.grid.cols).toBe(board.width);
        expect(r.grid.rows).toBe(board.height);
        expect(r.grid.pitch).toBeCloseTo(16 * scale, 1);
        expect(Math.abs(r.grid.left - grid.left * scale)).toBeLessThanOrEqual(Math.max(1, scale));
        expect(Math.abs(r.grid.top - grid.top * scale)).toBeLessThanOrEqual(Math.max(1, scale));
      });
    }
  }

  it('other pitches: 90%, 110%, 133%, 175%, 250%, 300%', async () => {
    const board = midGame(30, 16, 99, 12);
    const { image } = renderBoard(board, 'winxp', { timer: 321, mineCounter: 12, face: 'playing' });
    for (const s of [0.9, 1.1, 1.33, 1.75, 2.5, 3]) {
      const r = readScreen(await scaleImage(image, s), { skin: 'auto' });
      expect(diffBoards(board, r.board), `at ${s}`).toEqual([]);
      expect([r.mineCounter, r.timer, r.face, r.unsure.length]).toEqual([12, 321, 'playing', 0]);
      expect(r.grid.pitch).toBeCloseTo(16 * s, 0);
    }
  });

  it('renderBoard scales itself: whole factors crisp, others bilinear, grid scaled to match', () => {
    const board = midGame(16, 16, 40, 6);
    for (const scale of [1, 2, 3, 1.75]) {
      const { image, grid } = renderBoard(board, 'winxp', { scale });
      expect(image.width).toBe(Math.round((16 * 16 + 20) * scale));
      expect(image.height).toBe(Math.round((16 * 16 + 63) * scale));
      expect(grid).toMatchObject({ left: 12 * scale, top: 55 * scale, pitch: 16 * scale, cols: 16, rows: 16, scale });
      const r = readScreen(image, { skin: 'winxp' });
      expect(formatBoard(r.board)).toBe(formatBoard(board));
    }
  });

  it('finds a board anywhere on a desktop, in 24-bit and 16-bit colour', () => {
    const board = midGame(30, 16, 99, 7);
    const { image } = renderBoard(board, 'winxp', { timer: 5 });
    for (const [x, y] of [[0, 0], [333, 217], [500, 400]] as const) {
      for (const depth16 of [false, true]) {
        let screen = desktop(image, x, y);
        if (depth16) screen = toRgb565(screen);
        const r = readScreen(screen, { skin: 'auto' });
        expect(diffBoards(board, r.board)).toEqual([]);
        expect(r.grid.left).toBeCloseTo(x + 12, 0);
        expect(r.grid.top).toBeCloseTo(y + 55, 0);
        expect(r.timer).toBe(5);
        expect(r.mineCounter).toBe(99 - board.cells.filter((c) => c === FLAG).length);
      }
    }
  });

  it('re-reads with known geometry without locating, and gives the same reading', () => {
    const board = midGame(30, 16, 99, 8);
    const { image, grid } = renderBoard(board, 'winxp', { scale: 1.5 });
    const a = readScreen(image, { skin: 'winxp', geometry: grid });
    expect(formatBoard(a.board)).toBe(formatBoard(board));
    expect(a.grid).toEqual(grid);
  });

  it('cells only (a strip of cells cut out of a frame): the same cells, no counter, timer or face looked for', () => {
    const board = midGame(30, 16, 99, 8);
    const { image, grid } = renderBoard(board, 'winxp', { face: 'playing', mineCounter: 42, timer: 7 });
    const full = readScreen(image, { skin: 'winxp', geometry: grid });
    expect([full.mineCounter, full.timer, full.face]).toEqual([42, 7, 'playing']);
    const cells = readScreen(image, { skin: 'winxp', geometry: grid, cellsOnly: true });
    expect(formatBoard(cells.board).split('\n').slice(1)).toEqual(formatBoard(board).split('\n').slice(1));
    expect([cells.mineCounter, cells.timer, cells.face]).toEqual([null, null, null]);
  });

  it('header mine total: counter + flags; standard size fallback without a counter', () => {
    const board = midGame(16, 16, 40, 9);
    const flags = board.cells.filter((c) => c === FLAG).length;
    const r = readScreen(renderBoard(board, 'winxp', { mineCounter: 40 - flags }).image, { skin: 'winxp' });
    expect(r.board.mines).toBe(40);
    // counter cut off (crop below the header): standard 16x16 → 40
    const { image, grid } = renderBoard(board, 'winxp');
    const cropTop = grid.top - 4;
    const cropped = { width: image.width, height: image.height - cropTop, data: image.data.slice(cropTop * image.width * 4) };
    const c = readScreen(cropped, { skin: 'winxp' });
    expect(c.mineCounter).toBeNull();
    expect(c.face).toBeNull();
    expect(c.board.mines).toBe(40);
    expect(formatBoard({ ...c.board, mines: 40 })).toBe(formatBoard(board));
  });

  it('a negative counter (more flags than mines) reads back', () => {
    const board = midGame(9, 9, 10, 10);
    const r = readScreen(renderBoard(board, 'winxp', { mineCounter: -5 }).image, { skin: 'winxp' });
    expect(r.mineCounter).toBe(-5);
    expect(counterText(-5, 3)).toBe('-05');
    expect(counterText(1234, 3)).toBe('999');
  });
});

describe('render → read round trip (the X11 games, as the simulated desktop draws them)', () => {
  for (const skin of ['xdemineur', 'sgt-mines']) {
    for (const scale of [1, 1.25, 1.5, 2]) {
      it(`${skin} at ${scale * 100}%: fresh and mid-game boards read back`, () => {
        for (const board of [midGame(16, 16, 40, 21), { ...midGame(16, 16, 40, 21), cells: new Uint8Array(256).fill(9) }]) {
          const { image, grid } = renderBoard(board, skin, { scale });
          const r = readScreen(image, { skin: 'auto' });
          expect(r.skin).toBe(skin);
          expect(diffBoards(board, r.board)).toEqual([]);
          expect(r.unsure).toEqual([]);
          expect(Math.abs(r.grid.top - grid.top)).toBeLessThanOrEqual(Math.max(1, scale));
        }
      });
    }
  }
});

describe('what is not a board', () => {
  it('an image with no board gives VisionError', () => {
    const blank = createImage(640, 480, [58, 110, 165]);
    expect(() => readScreen(blank, { skin: 'auto' })).toThrow(VisionError);
    const noise = createImage(400, 300);
    const rng = createRng(3);
    for (let i = 0; i < noise.data.length; i++) if (i % 4 !== 3) noise.data[i] = rng.int(256);
    expect(() => readScreen(noise, { skin: 'winxp' })).toThrow(/no winxp board found/);
    // a plain lattice of lines (a spreadsheet) is not a board either
    const sheet = createImage(600, 400, [255, 255, 255]);
    for (let x = 0; x < 600; x += 20) fillRect(sheet, x, 0, x + 1, 400, [160, 160, 160]);
    for (let y = 0; y < 400; y += 20) fillRect(sheet, 0, y, 600, y + 1, [160, 160, 160]);
    expect(() => readScreen(sheet, { skin: 'auto' })).toThrow(VisionError);
  });

  it('an unknown skin gives VisionError naming the known ones', () => {
    const { image } = renderBoard(midGame(9, 9, 10, 1), 'winxp');
    expect(() => readScreen(image, { skin: 'nosuchskin' })).toThrow(/unknown skin "nosuchskin" \(known: .*winxp/);
    expect(() => renderBoard(midGame(9, 9, 10, 1), '../etc')).toThrow(VisionError);
  });

  it('an unsure cell is reported, not silently guessed', () => {
    const board = midGame(16, 16, 40, 11);
    const { image, grid } = renderBoard(board, 'winxp');
    // smear a cell: half of it replaced by a flat colour
    const x = 5, y = 7;
    fillRect(image, grid.left + x * 16, grid.top + y * 16, grid.left + x * 16 + 16, grid.top + y * 16 + 9, [255, 0, 255]);
    const r = readScreen(image, { skin: 'winxp', geometry: grid });
    expect(r.unsure).toContainEqual([x, y]);
    expect(r.minConfidence).toBeLessThan(0.35);
    expect(r.confidence[y * 16 + x]).toBeLessThan(0.35);
  });

  it('a tiny nearest-neighbour image pipeline sanity check (resize keeps size and colours)', () => {
    const img = createImage(4, 4, [10, 20, 30]);
    const big = resize(img, 8, 8, 'nearest');
    expect([big.width, big.height, big.data[0], big.data[1], big.data[2]]).toEqual([8, 8, 10, 20, 30]);
  });
});
