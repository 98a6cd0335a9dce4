// A flag that is a small mark on a small tile changes its cell only slightly. Placed in the same
// batch as a click that opens a neighbour, that slight change was taken for the neighbour's
// drawing reaching over (live-compare.ts compare, "bleed"), the cell kept as covered under the
// bot's flag, and every lesson after it refused ("look the same but would be labelled . and F":
// ashtotakoe/minesweeper at 19 px). The bot's own right-click explains its cell's change.
import { expect, it } from 'vitest';
import { COVERED, FLAG } from '../../src/core/board.js';
import { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect, type RgbaImage } from '../../src/vision/image.js';
import { changeOf, lookOf } from '../../src/vision/learn/live/live-looks.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Reading } from '../../src/vision/read/read.js';
import { analyze } from '../../src/solver/probability.js';
import { playGame } from '../support/drawn-game.js';

/** xdemineur's look with every flag drawn as a small red square on the covered tile (`mark` px a side). */
const withMarks = (mark: number) => (game: Game): RgbaImage => {
  const b = game.board();
  const flags = [...b.cells.keys()].filter((i) => b.cells[i] === FLAG);
  const { image, grid } = renderBoard({ ...b, cells: b.cells.map((c) => (c === FLAG ? COVERED : c)) }, 'xdemineur');
  for (const i of flags) {
    const x = Math.round(grid.left + ((i % b.width) + 0.5) * grid.pitch - mark / 2), y = Math.round(grid.top + (((i / b.width) | 0) + 0.5) * grid.pitch - mark / 2);
    fillRect(image, x, y, x + mark, y + mark, [200, 0, 0]);
  }
  return image;
};

it.each([3, 4])('a flag drawn as a %i px mark, placed in the batch that opens its neighbour, reads as the flag', async (mark) => {
  const draw = withMarks(mark);
  const learner = new LiveLearner({ name: 'marks', mines: 40 });
  for (let g = 0; g < 3; g++) {
    await playGame(learner, 10 + g, 400, true, draw);
    learner.learn(learner.lesson()!);
  }
  const mines: [number, number][] = [[6, 7]];
  for (let i = 0; i < 96 && mines.length < 40; i += 2) mines.push([10 + (i % 6), (i / 6) | 0]);
  const game = Game.fromLayout(16, 16, mines);
  let r: Reading = learner.read(draw(game));
  const grid = r.grid;
  const click = (i: number, button: 'left' | 'right'): void => {
    learner.noteClick(i % 16, (i / 16) | 0, button);
    if (button === 'left') game.open(i % 16, (i / 16) | 0);
    else game.toggleFlag(i % 16, (i / 16) | 0);
  };
  const read = (): Reading => {
    const image = draw(game);
    r = learner.read(image, { geometry: grid });
    expect(r.unsure).toEqual([]);
    return r;
  };
  click(15 * 16, 'left');
  read();
  // open proven safe cells one by one until a proven mine has a proven safe covered neighbour
  const near = (i: number): number[] => [-17, -16, -15, -1, 1, 15, 16, 17].map((d) => i + d).filter((j) => j >= 0 && j < 256 && Math.abs((j % 16) - (i % 16)) <= 1);
  let pair: [number, number] | null = null;
  for (let step = 0; step < 60 && !pair; step++) {
    const a = analyze(r.board);
    for (const m of a.mines) {
      const s = r.board.cells[m] === COVERED ? near(m).find((j) => r.board.cells[j] === COVERED && a.probabilities[j] === 0) : undefined;
      if (s !== undefined) pair = [m, s];
    }
    if (!pair) {
      click([...r.board.cells.keys()].find((i) => r.board.cells[i] === COVERED && a.probabilities[i] === 0)!, 'left');
      read();
    }
  }
  expect(pair).not.toBeNull();
  const [m, s] = pair!;
  const before = lookOf(draw(game), grid, m);
  // one batch: the flag, then its neighbour opened; one frame after both
  click(m, 'right');
  click(s, 'left');
  const after = draw(game);
  expect(changeOf(lookOf(after, grid, m), before)).toBe('slight');
  expect(read().board.cells[m]).toBe(FLAG);
  // and it stays the flag in the frames after
  const next = near(s).concat(s).flatMap(near).find((j) => r.board.cells[j] === COVERED && analyze(r.board).probabilities[j] === 0);
  if (next !== undefined) {
    click(next, 'left');
    expect(read().board.cells[m]).toBe(FLAG);
  }
}, 60_000);
