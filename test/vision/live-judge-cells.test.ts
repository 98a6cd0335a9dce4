// What the live learner takes for a cell that opened, on a flat canvas game of our own (white
// covered cells, grey 0s, numbers as black bars, 1 px black lines): a tile lit under the pointer on
// a page that stopped drawing at that click is no cell opened, and neither is a covered tile whose
// edge shows an opened neighbour's drawing reaching over a shared pixel (tiles at a fractional
// pitch). Taken for opened, such a cell is counted safe: the solver then makes certain moves from
// a board that is not the game's, and a game can be counted won by its closed cells.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { COVERED, EXPLODED, FLAG, OPENED } from '../../src/core/board.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';

const MINES: [number, number][] = [[5, 0], [5, 2], [6, 4], [3, 5], [0, 6], [8, 8], [9, 1], [7, 7], [2, 9], [9, 9]];
const N = 10;
const GREY: Rgb = [192, 192, 192];

interface Drawing {
  pitch: number;
  /** A cell drawn covered but lit by this many levels (the tile under the pointer). */
  lit?: { cell: number; by: number };
  /** Each covered cell's side strips (this many px) facing an opened neighbour drawn as that neighbour's ground. */
  reach?: number;
  /** The flat look instead (flatDraw). */
  flat?: boolean;
}

/**
 * A flat look at `pitch` px (onicat/react-minesweeper's): dark gaps 2 px wide between cells,
 * covered tiles one blue with a darker strip 3 px high at their foot, opened cells all that
 * darker blue, numbers thin dark bars 1 px wide. A cell opening to a 1 moves its whole cut in level
 * about as a lit tile does, its drawing nearly the same.
 */
function flatDraw(game: Game, p: number): RgbaImage {
  const left = 30, top = 40;
  const image = createImage(left * 2 + N * p, top * 2 + N * p, [34, 34, 38]);
  const cells = game.board().cells;
  const light: Rgb = [33, 150, 243], dark: Rgb = [25, 118, 210];
  for (let i = 0; i < N * N; i++) {
    const x = left + (i % N) * p + 1, y = top + ((i / N) | 0) * p + 1, q = p - 2;
    const c = cells[i]!;
    if (c === COVERED || c === FLAG) {
      fillRect(image, x, y, x + q, y + q, light);
      fillRect(image, x, y + q - 3, x + q, y + q, dark);
      if (c === FLAG) fillRect(image, x + 6, y + 6, x + q - 6, y + q - 6, [255, 0, 0]);
    } else {
      fillRect(image, x, y, x + q, y + q, c === EXPLODED ? [255, 0, 0] : dark);
      const mid = x + (q >> 1);
      if (c >= 1 && c <= 8) for (let k = 0; k < c; k++) fillRect(image, mid - 2 * (c - 1) + 4 * k, y + 8, mid - 2 * (c - 1) + 4 * k + 1, y + q - 8, [48, 49, 48]);
      if (c === EXPLODED) fillRect(image, x + 5, y + 5, x + q - 5, y + q - 5, [0, 0, 0]);
    }
  }
  return image;
}

/**
 * The classic look at `pitch` px: covered tiles grey with a light and a dark bevel, opened cells
 * the same grey inside a 1 px line (a covered tile and an opened 0 alike inside their edges),
 * numbers as black bars.
 */
function draw(game: Game, d: Drawing): RgbaImage {
  if (d.flat) return flatDraw(game, d.pitch);
  const p = d.pitch, left = 30, top = 40, e = Math.max(2, Math.round(p / 8));
  const image = createImage(left * 2 + N * p, top * 2 + N * p, [0, 0, 0]);
  const cells = game.board().cells;
  const closed = (c: number): boolean => c === COVERED || c === FLAG;
  const shade = (c: Rgb, by: number): Rgb => c.map((v) => Math.min(255, v + by)) as Rgb;
  for (let i = 0; i < N * N; i++) {
    const x = left + (i % N) * p, y = top + ((i / N) | 0) * p;
    const c = cells[i]!;
    if (closed(c)) {
      const by = d.lit?.cell === i ? d.lit.by : 0;
      fillRect(image, x, y, x + p, y + p, shade(GREY, by));
      fillRect(image, x, y, x + p, y + e, shade([255, 255, 255], by));
      fillRect(image, x, y, x + e, y + p, shade([255, 255, 255], by));
      fillRect(image, x, y + p - e, x + p, y + p, shade([128, 128, 128], by));
      fillRect(image, x + p - e, y, x + p, y + p, shade([128, 128, 128], by));
    } else {
      fillRect(image, x, y, x + p, y + p, [128, 128, 128]);
      fillRect(image, x + 1, y + 1, x + p, y + p, c === EXPLODED ? [255, 0, 0] : GREY);
      if (c >= 1 && c <= 8) for (let k = 0; k < c; k++) fillRect(image, x + 4 + k * 4, y + 4, x + 7 + k * 4, y + p - 4, [0, 0, 0]);
      if (c === EXPLODED) fillRect(image, x + 5, y + 5, x + p - 5, y + p - 5, [0, 0, 0]);
    }
  }
  if (d.reach) {
    const r = d.reach;
    for (let i = 0; i < N * N; i++) {
      if (!closed(cells[i]!)) continue;
      const cx = i % N, cy = (i / N) | 0, x = left + cx * p, y = top + cy * p;
      const open = (nx: number, ny: number): boolean => nx >= 0 && ny >= 0 && nx < N && ny < N && !closed(cells[ny * N + nx]!);
      if (open(cx - 1, cy)) fillRect(image, x, y, x + r, y + p, GREY);
      if (open(cx, cy - 1)) fillRect(image, x, y, x + p, y + r, GREY);
      if (open(cx + 1, cy)) fillRect(image, x + p - r, y, x + p, y + p, GREY);
      if (open(cx, cy + 1)) fillRect(image, x, y + p - r, x + p, y + p, GREY);
    }
  }
  return image;
}

const isMine = (i: number): boolean => MINES.some(([x, y]) => y * N + x === i);

describe('a cell the live learner does not take for opened', () => {
  for (const by of [8, 16]) {
    it(`a lone guess whose tile alone changed, lit by ${by} levels (a page frozen at that click, the pointer over it), is no cell opened; the loss drawn after it is read`, () => {
      const game = Game.fromLayout(N, N, MINES);
      const learner = new LiveLearner({ name: 'lit', mines: MINES.length });
      const grid = learner.read(draw(game, { pitch: 24 })).grid;
      learner.noteClick(0, 0, 'left');
      game.open(0, 0);
      expect(learner.read(draw(game, { pitch: 24 }), { geometry: grid }).unsure).toEqual([]);
      // a covered mine beside the cells opened: the guess
      const cells = game.board().cells;
      const cell = [...Array(N * N).keys()].find((i) => isMine(i) && cells[i] === COVERED)!;
      learner.noteClick(cell % N, (cell / N) | 0, 'left');
      const r = learner.read(draw(game, { pitch: 24, lit: { cell, by } }), { geometry: grid });
      // (taken as opened, number unknown, the solver would count the mine safe)
      expect(r.board.cells[cell]).toBe(COVERED);
      game.open(cell % N, (cell / N) | 0);
      const lost = learner.read(draw(game, { pitch: 24 }), { geometry: grid });
      expect(lost.face).toBe('lost');
    });
  }

  it('a lone guess that opens a number is read opened, not taken for a lit tile', () => {
    const game = Game.fromLayout(N, N, MINES);
    const learner = new LiveLearner({ name: 'lit', mines: MINES.length });
    const grid = learner.read(draw(game, { pitch: 24 })).grid;
    learner.noteClick(0, 0, 'left');
    game.open(0, 0);
    learner.read(draw(game, { pitch: 24 }), { geometry: grid });
    // a covered 2 (two bars: no blank face a number may show first)
    const around = (i: number): number => [...Array(N * N).keys()].filter((j) => isMine(j) && Math.abs((j % N) - (i % N)) <= 1 && Math.abs(((j / N) | 0) - ((i / N) | 0)) <= 1).length;
    const cell = [...Array(N * N).keys()].find((i) => game.board().cells[i] === COVERED && !isMine(i) && around(i) === 2)!;
    expect(cell).toBeDefined();
    learner.noteClick(cell % N, (cell / N) | 0, 'left');
    game.open(cell % N, (cell / N) | 0);
    // (held unsure while it may be a number drawn face first, two frames, then opened, number unknown)
    let r = learner.read(draw(game, { pitch: 24 }), { geometry: grid });
    for (let k = 0; k < 2 && r.board.cells[cell] === COVERED; k++) r = learner.read(draw(game, { pitch: 24 }), { geometry: grid });
    expect(r.board.cells[cell]).toBe(OPENED);
  });

  it('a lone guess that opens a 1 drawn thin on a ground a shade darker than the covered tile is read opened, not taken for a lit tile', () => {
    const d = { pitch: 32, flat: true };
    const game = Game.fromLayout(N, N, MINES);
    const learner = new LiveLearner({ name: 'flat', mines: MINES.length });
    const grid = learner.read(draw(game, d)).grid;
    learner.noteClick(0, 0, 'left');
    game.open(0, 0);
    learner.read(draw(game, d), { geometry: grid });
    // a covered 1 beside the cells opened, not a 0
    const around = (i: number): number => [...Array(N * N).keys()].filter((j) => isMine(j) && Math.abs((j % N) - (i % N)) <= 1 && Math.abs(((j / N) | 0) - ((i / N) | 0)) <= 1).length;
    const cells = game.board().cells;
    const cell = [...Array(N * N).keys()].find((i) => cells[i] === COVERED && !isMine(i) && around(i) === 1)!;
    expect(cell).toBeDefined();
    learner.noteClick(cell % N, (cell / N) | 0, 'left');
    game.open(cell % N, (cell / N) | 0);
    let r = learner.read(draw(game, d), { geometry: grid });
    for (let k = 0; k < 2 && r.board.cells[cell] !== OPENED; k++) r = learner.read(draw(game, d), { geometry: grid });
    // (taken for a lit tile, it stays covered: the bot clicks it again and again, and stops)
    expect(r.board.cells[cell]).toBe(OPENED);
  });

  for (const [pitch, reach] of [[16, 2], [20, 2], [24, 3]] as const) {
    it(`covered tiles of ${pitch} px whose sides facing opened cells show ${reach} px of their drawing (a fractional pitch) stay covered through a cascade; every cell opened reads opened`, () => {
      const game = Game.fromLayout(N, N, MINES);
      const learner = new LiveLearner({ name: 'reach', mines: MINES.length });
      const grid = learner.read(draw(game, { pitch, reach })).grid;
      learner.noteClick(0, 0, 'left');
      game.open(0, 0);
      const r = learner.read(draw(game, { pitch, reach }), { geometry: grid });
      const truth = game.board().cells;
      for (let i = 0; i < N * N; i++) {
        if (truth[i] === COVERED) expect(r.board.cells[i], `cell ${i % N},${(i / N) | 0} is covered`).toBe(COVERED);
        else expect([truth[i], OPENED], `cell ${i % N},${(i / N) | 0} opened`).toContain(r.board.cells[i]);
      }
    });
  }
});
