// A flag drawn thin on a tile that stays (jmlkl/msweeper-jscanvas: a one-pixel pole and a small
// pennant on its raised 16 px tile) changes its cell's whole cut so little (0.98 alike) that it
// read as no change at all: the cell was kept covered under the bot's flag, only flags whose
// change came out 'slight' were flags, and 8 of 10 lessons were refused ("look the same but
// would be labelled . and F"). A cell the bot flagged whose interior now holds strokes it did
// not is that flag.
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

/** xdemineur's look with every flag drawn thin on the covered tile: a 1 px pole 4 px long, a 1 px pennant. */
const thinFlags = (game: Game): RgbaImage => {
  const b = game.board();
  const flags = [...b.cells.keys()].filter((i) => b.cells[i] === FLAG);
  const { image, grid } = renderBoard({ ...b, cells: b.cells.map((c) => (c === FLAG ? COVERED : c)) }, 'xdemineur');
  for (const i of flags) {
    const x = Math.round(grid.left + ((i % b.width) + 0.5) * grid.pitch), y = Math.round(grid.top + (((i / b.width) | 0) + 0.5) * grid.pitch);
    fillRect(image, x, y - 2, x + 1, y + 2, [200, 0, 0]);
    fillRect(image, x - 1, y - 2, x, y - 1, [200, 0, 0]);
  }
  return image;
};

it('a flag drawn thin on its tile, its cut as good as unchanged, reads as the flag, and stays one', async () => {
  const learner = new LiveLearner({ name: 'thin', mines: 40 });
  // games without flags first: the skin knows the covered tile, no flag
  for (let g = 0; g < 2; g++) {
    await playGame(learner, 20 + g, 400, false, thinFlags);
    learner.learn(learner.lesson()!);
  }
  const mines: [number, number][] = [];
  for (let i = 0; i < 80 && mines.length < 40; i += 2) mines.push([10 + (i % 6), (i / 6) | 0]);
  const game = Game.fromLayout(16, 16, mines);
  let r: Reading = learner.read(thinFlags(game));
  const grid = r.grid;
  let last = '';
  const click = (i: number, button: 'left' | 'right', certain = false): void => {
    last = `${button} ${i % 16},${(i / 16) | 0} ${certain}`;
    learner.noteClick(i % 16, (i / 16) | 0, button, certain);
    if (button === 'left') game.open(i % 16, (i / 16) | 0);
    else game.toggleFlag(i % 16, (i / 16) | 0);
  };
  const read = (): Reading => {
    r = learner.read(thinFlags(game), { geometry: grid });
    expect({ unsure: r.unsure, last }).toEqual({ unsure: [], last });
    return r;
  };
  click(15 * 16, 'left');
  read();
  let flagged = 0;
  const flags: number[] = [];
  for (let step = 0; step < 200 && game.status === 'playing'; step++) {
    const a = analyze(r.board);
    const mine = a.mines.find((m) => r.board.cells[m] === COVERED);
    if (mine !== undefined) {
      const before = lookOf(thinFlags(game), grid, mine);
      click(mine, 'right');
      // (the situation: the flag's cell as good as unchanged by its whole cut)
      if (flagged++ === 0) expect(changeOf(lookOf(thinFlags(game), grid, mine), before)).toBe('same');
      expect(read().board.cells[mine]).toBe(FLAG);
      flags.push(mine);
      continue;
    }
    const safe = [...r.board.cells.keys()].find((i) => r.board.cells[i] === COVERED && a.probabilities[i] === 0);
    if (safe === undefined) break;
    click(safe, 'left', true);
    read();
  }
  expect(flagged).toBeGreaterThan(3);
  // (the flags stood as flags to the end)
  for (const m of flags) expect(r.board.cells[m]).toBe(FLAG);
}, 60_000);
