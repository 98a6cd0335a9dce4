// A win made by a batch of certain clicks, drawn with the mines the bot did not flag shown as mines
// (Eriscot/react-minesweeper at 16.81 px: its last batch of certain opens won, and the board
// showed the mines left beside the bot's flags). A win that shows its mines was read only by
// groups of alike looks (winMinesByLook), and bitmap mines stretched to a fractional pitch, cut
// at other fractions of a pixel in each cell, may make no one group: the mines were held unsure
// and the run stopped (3 and 5 mines live). The cells the skin reads surely as mines are tried
// too when they make the mine total (live-end-readings.ts), the lesson held to every check.
import { describe, expect, it } from 'vitest';
import { COVERED, FLAG, MINE, type Board } from '../../src/core/board.js';
import { Game } from '../../src/game/engine.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { playGame } from '../support/drawn-game.js';
import { browserBoard } from './browser-draw.js';

const W = 10;
// (mines along the top and bottom rows, at columns of every sub-pixel phase; the bot flags those
// of the top row, the bottom row's stay covered to the end)
const TOP: [number, number][] = [[0, 0], [3, 0], [6, 0], [9, 0]];
const BOTTOM: [number, number][] = [[1, 9], [2, 9], [4, 9], [5, 9], [7, 9], [8, 9]];

/** A learner that knows the mine's look at scale s: games played on drawn frames until one was lost and learned. */
async function knowsMines(s: number): Promise<LiveLearner> {
  const teacher = new LiveLearner({ name: 'winmines', mines: 40 });
  for (let seed = 100; seed < 112 && !teacher.skin?.cells.some((c) => c.state === 'mine'); seed++) {
    await playGame(teacher, seed, 300, true, (g) => browserBoard(g.board(), 'winxp', s).image);
    const lesson = teacher.lesson();
    if (lesson) teacher.learn(lesson);
  }
  return teacher;
}

describe('a win by a batch of certain clicks that shows the mines left unflagged, at a fractional pitch', () => {
  for (const s of [1.13, 1.33]) {
    it(`at ${(16 * s).toFixed(2)} px: reads won, nothing unsure`, async () => {
      const teacher = await knowsMines(s);
      expect(teacher.skin!.cells.some((c) => c.state === 'mine')).toBe(true);
      const mines = [...TOP, ...BOTTOM];
      const game = Game.fromLayout(W, W, mines);
      const learner = new LiveLearner({ name: 'winmines', mines: mines.length, previous: teacher.skin! });
      const flagged = new Set<number>();
      // (the game's own board; won, the mines the bot did not flag drawn as mines)
      const look = (): Board => ({ ...game.board(), cells: game.board().cells.map((c, i) => (c === FLAG && !flagged.has(i) ? MINE : c)) });
      const draw = () => browserBoard(look(), 'winxp', s).image;
      const grid = learner.read(draw()).grid;
      const read = () => learner.read(draw(), { geometry: grid });
      learner.noteClick(4, 4, 'left');
      game.open(4, 4);
      expect(read().unsure).toEqual([]);
      for (const [x, y] of TOP) {
        learner.noteClick(x, y, 'right');
        game.toggleFlag(x, y);
        flagged.add(y * W + x);
        expect(read().unsure).toEqual([]);
      }
      const mine = new Set(mines.map(([x, y]) => y * W + x));
      const safe = [...game.board().cells.keys()].filter((i) => game.board().cells[i] === COVERED && !mine.has(i));
      expect(safe.length).toBeGreaterThanOrEqual(3);
      for (const i of safe.slice(0, -3)) {
        learner.noteClick(i % W, (i / W) | 0, 'left', true);
        game.open(i % W, (i / W) | 0);
        expect(read().unsure).toEqual([]);
      }
      // the last three together, a batch of certain clicks: the game won, six mines shown
      for (const i of safe.slice(-3)) {
        learner.noteClick(i % W, (i / W) | 0, 'left', true);
        game.open(i % W, (i / W) | 0);
      }
      expect(game.status).toBe('won');
      const r = read();
      expect(r.unsure).toEqual([]);
      expect(r.face).toBe('won');
      // (and its lesson labels no cell wrong: a number is the game's, a mine or flag is a mine)
      const capture = learner.lesson()?.capture;
      expect(capture).toBeTruthy();
      const truth = game.board().cells;
      const wrong = [...truth.keys()].filter((i) => {
        const label = capture!.board.cells[i]!;
        return (label <= 8 && label !== truth[i]) || ((label === MINE || label === FLAG) && !mine.has(i));
      });
      expect(wrong).toEqual([]);
    }, 240_000);
  }
});
