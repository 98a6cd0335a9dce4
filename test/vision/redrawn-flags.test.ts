// A game that draws its mines over the bot's flags at its end (VladislavDegtyarenko/
// react-minesweeper: it takes the win at the last flag, safe cells still closed, and draws every
// mine on a green ground) must not have those cells taught as flags: the flag label would give
// the flag state a mine's look. The learner keeps the look of the bot's flag as it stood while
// playing; a flag cell drawn otherwise at the end is labelled nothing. Drawn with the xdemineur
// skin, which the learner is not told about.
import { describe, expect, it } from 'vitest';
import { COVERED, FLAG, MINE } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live-learner.js';
import { analyze } from '../../src/solver/probability.js';
import { playGame, SPEC } from '../support/drawn-game.js';
import { readAgain } from '../support/read-again.js';

let taughtSkin: LiveLearner['skin'] = null;
/** A skin that knows the flag: learned from three drawn games the bot flagged in. */
async function taught(): Promise<NonNullable<LiveLearner['skin']>> {
  if (taughtSkin) return taughtSkin;
  const teacher = new LiveLearner({ name: 'taught', mines: 40 });
  for (let k = 0; k < 3; k++) {
    await playGame(teacher, 100 + k);
    teacher.learn(teacher.lesson()!);
  }
  return (taughtSkin = teacher.skin!);
}

/** A game that ignores clicks once every mine is flagged, and then draws (when `green`) every flagged cell as a mine on green. */
async function flagWin(seed: number, green: boolean) {
  const learner = new LiveLearner({ name: 'flagwin', mines: 40, previous: await taught() });
  const game = new Game(SPEC, 'zero', createRng(seed));
  let over = false;
  const draw = (): RgbaImage => {
    const b = game.board();
    const marked = over && green ? [...b.cells.keys()].filter((i) => b.cells[i] === FLAG) : [];
    for (const i of marked) b.cells[i] = MINE;
    const { image, grid } = renderBoard(b, 'xdemineur');
    for (const i of marked) {
      const x = grid.left + (i % 16) * grid.pitch, y = grid.top + ((i / 16) | 0) * grid.pitch, p = grid.pitch;
      for (const [x0, y0, x1, y1] of [[2, 2, p - 2, 5], [2, p - 5, p - 2, p - 2], [2, 2, 5, p - 2], [p - 5, 2, p - 2, p - 2]] as const) fillRect(image, x + x0, y + y0, x + x1, y + y1, [40, 200, 60]);
    }
    return image;
  };
  let r = learner.read(draw());
  const grid = r.grid;
  const click = (i: number, button: 'left' | 'right') => {
    const x = i % 16, y = (i / 16) | 0;
    learner.noteClick(x, y, button);
    if (!over && button === 'right') game.toggleFlag(x, y);
    else if (!over) game.open(x, y);
    over ||= game.board().cells.filter((c) => c === FLAG).length === 40;
  };
  click(8 * 16 + 8, 'left');
  r = readAgain(learner, draw(), { geometry: grid });
  let silent = 0;
  for (let step = 0; step < 300 && r.face === 'playing' && silent < 4; step++) {
    if (r.unsure.length) break;
    const a = analyze(r.board);
    const before = r.board.cells.slice();
    // (flags one at a time, each seen standing, as the bot's batches place them)
    if (a.mines.some((i) => r.board.cells[i] === COVERED)) click(a.mines.find((i) => r.board.cells[i] === COVERED)!, 'right');
    else if (a.safe.length) click(a.safe[0]!, 'left');
    else break;
    r = learner.read(draw(), { geometry: grid });
    silent = r.board.cells.every((c, i) => c === before[i]) ? silent + 1 : 0;
  }
  // (only games whose last flag came with safe cells still closed)
  const flagWon = over && game.board().cells.some((c) => c === COVERED);
  return { flagWon, r, lesson: learner.lesson(), flagged: [...game.board().cells.keys()].filter((i) => game.board().cells[i] === FLAG) };
}

describe('flags the game draws over at its end', () => {
  it('a win at the last flag that draws every flag as a mine on green teaches no flag there; one that keeps its flags teaches them', async () => {
    let redrawn = 0, kept = 0;
    for (let seed = 1; seed <= 16 && (redrawn < 2 || kept < 1); seed++) {
      const green = redrawn < 2;
      const { flagWon, r, lesson, flagged } = await flagWin(seed, green);
      if (!flagWon) continue;
      expect(r.face, `game ${seed}`).toBe('won');
      const labels = lesson?.capture ? flagged.map((i) => lesson.capture!.board.cells[i]) : [];
      if (green) {
        redrawn++;
        expect(labels.filter((c) => c === FLAG), `game ${seed}`).toEqual([]);
      } else if (lesson?.capture) {
        kept++;
        expect(labels.every((c) => c === FLAG), `game ${seed}`).toBe(true);
      }
    }
    expect([redrawn, kept]).toEqual([2, 1]);
  }, 120_000);
});
