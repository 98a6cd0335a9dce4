// A game that draws its mines over the bot's flags at its end (VladislavDegtyarenko/
// react-minesweeper: it takes the win at the last flag, safe cells still closed, and draws every
// mine on a green ground) must not have those cells taught as flags: the flag label would give
// the flag state a mine's look. The learner keeps the look of the bot's flag as it stood while
// playing; a flag cell drawn otherwise at the end is labelled nothing. Drawn with the xdemineur
// skin, which the learner is not told about.
import { describe, expect, it } from 'vitest';
import { FLAG, MINE } from '../../src/core/board.js';
import type { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect, type RgbaImage } from '../../src/vision/image.js';
import { playFlagWin, type FlagWinPhase } from '../support/flag-win.js';

/** xdemineur's look; once every mine is flagged, when `green`, every flagged cell a mine on a green ground. */
const look = (green: boolean) => (game: Game, { over }: FlagWinPhase): RgbaImage => {
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

describe('flags the game draws over at its end', () => {
  it('a win at the last flag that draws every flag as a mine on green teaches no flag there; one that keeps its flags teaches them', async () => {
    let redrawn = 0, kept = 0;
    for (let seed = 1; seed <= 16 && (redrawn < 2 || kept < 1); seed++) {
      const green = redrawn < 2;
      const { flagWon, r, lesson, game } = await playFlagWin(seed, { look: look(green) });
      if (!flagWon) continue;
      const flagged = [...game.board().cells.keys()].filter((i) => game.board().cells[i] === FLAG);
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
