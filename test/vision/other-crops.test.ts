// Frames of one game grabbed at other crops: the loop reads the board in a crop around it, and
// when the board must be looked for again it reads a grab of the whole screen. The learner
// compares such frames cell by cell through each frame's own grid; where it compared pixels of
// two frames through one grid, a wider grab read as every cell's inside changed (so "this game
// opens its cells inside their edges", and the 0s of every later cascade were kept covered:
// VladislavDegtyarenko/react-minesweeper, found by helper h45). Drawn in a look of our own.
import { describe, expect, it } from 'vitest';
import { COVERED, EXPLODED, FLAG, MINE, OPENED, WRONG_FLAG, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import type { Grid } from '../../src/vision/geometry.js';
import { blit, createImage, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Reading } from '../../src/vision/read/read.js';
import { readAgain } from '../support/read-again.js';
import { playFlagWin, type FlagWinPhase } from '../support/flag-win.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { dotDigit, flagIcon, mineIcon, rect } from './near-draw.js';

const TILE: [number, number, number] = [205, 205, 215];
/**
 * A look whose covered tile and opened 0 are one colour inside their edges (a covered tile has
 * a light top and left and a shadow at its bottom and right, an opened cell a thin line): only
 * the edges tell them apart, as react-minesweeper's shadowed tiles.
 */
function flatLook(board: Board, pitch = 24, margin = 10): RgbaImage {
  const image = createImage(board.width * pitch + 2 * margin, board.height * pitch + 2 * margin, [120, 130, 140]);
  board.cells.forEach((c, i) => {
    const x = margin + (i % board.width) * pitch, y = margin + ((i / board.width) | 0) * pitch;
    rect(image, x, y, pitch, pitch, c === EXPLODED ? [220, 60, 60] : TILE);
    if (c === COVERED || c === FLAG || c === WRONG_FLAG) {
      rect(image, x, y, pitch, 2, [250, 250, 255]);
      rect(image, x, y, 2, pitch, [250, 250, 255]);
      rect(image, x, y + pitch - 3, pitch, 3, [110, 110, 125]);
      rect(image, x + pitch - 3, y, 3, pitch, [110, 110, 125]);
    } else {
      rect(image, x, y, pitch, 1, [160, 160, 170]);
      rect(image, x, y, 1, pitch, [160, 160, 170]);
    }
    if (c >= 1 && c <= 8) dotDigit(image, c, x + Math.round(pitch * 0.3), y + Math.round(pitch * 0.2), Math.round(pitch * 0.4), Math.round(pitch * 0.6), [20, 40, 160]);
    if (c === FLAG || c === WRONG_FLAG) flagIcon(image, x, y, pitch, [0, 0, 0], [220, 30, 30]);
    if (c === MINE || c === EXPLODED) mineIcon(image, x, y, pitch, [0, 0, 0]);
  });
  return image;
}

const PAD = 40;
/** The frame as a wider grab: the crop inside a screen PAD px larger each side. */
function wider(image: RgbaImage): RgbaImage {
  const out = createImage(image.width + 2 * PAD, image.height + 2 * PAD, [30, 60, 90]);
  blit(out, image, PAD, PAD);
  return out;
}

const xdemineur = (game: Game): RgbaImage => renderBoard(game.board(), 'xdemineur').image;

describe('frames grabbed at other crops', () => {
  it('the first cascade seen in a grab of the whole screen, the rest in the crop: every cell the game opened reads opened', () => {
    for (const seed of [1, 2, 3]) {
      const learner = new LiveLearner({ name: 'crops', mines: 40 });
      const game = new Game({ width: 16, height: 16, mines: 40 }, 'zero', createRng(seed));
      const draw = (): RgbaImage => flatLook(game.board());
      let r: Reading = learner.read(draw());
      const grid: Grid = r.grid;
      const widerGrid: Grid = { ...grid, left: grid.left + PAD, top: grid.top + PAD };
      const check = (what: string): void => {
        expect(r.unsure, what).toEqual([]);
        const shown = game.board().cells;
        const closedWrong = [...shown.keys()].filter((i) => shown[i]! <= 8 && r.board.cells[i] === COVERED);
        expect(closedWrong, what).toEqual([]);
      };
      learner.noteClick(8, 8, 'left');
      game.open(8, 8);
      r = learner.read(wider(draw()), { geometry: widerGrid });
      r = learner.read(wider(draw()), { geometry: widerGrid });
      check(`game ${seed}, the first click`);
      // then single clicks on safe cells, 0s first (cascades), each frame in the crop
      const mineNear = (i: number): number => [-17, -16, -15, -1, 1, 15, 16, 17].filter((d) => {
        const j = i + d;
        return j >= 0 && j < 256 && Math.abs((j % 16) - (i % 16)) <= 1 && game.mineAt(j % 16, (j / 16) | 0);
      }).length;
      let cascades = 0;
      for (let step = 0; step < 40 && game.status === 'playing'; step++) {
        const safe = [...Array(256).keys()].filter((i) => game.board().cells[i] === COVERED && !game.mineAt(i % 16, (i / 16) | 0));
        const best = safe.find((i) => mineNear(i) === 0) ?? safe[0]!;
        if (mineNear(best) === 0) cascades++;
        learner.noteClick(best % 16, (best / 16) | 0, 'left');
        game.open(best % 16, (best / 16) | 0);
        if (game.status !== 'playing') break;
        r = readAgain(learner, draw(), { geometry: grid });
        check(`game ${seed}, step ${step}`);
        expect(r.board.cells.some((c) => c === OPENED || c <= 8)).toBe(true);
      }
      expect(cascades, `game ${seed}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('a win the game takes at the last flag, its silent frames grabbed wider: the lesson pairs the frame it labels with that frame\'s own grid, and is learned', async () => {
    let won = 0;
    for (let seed = 1; seed <= 24 && won < 4; seed++) {
      // (grabbed wider from the `late`-th frame after the last flag on: the frame that ends the
      // silence may be the first of its crop)
      const late = seed % 4;
      const isWide = ({ over, afterOver }: FlagWinPhase): boolean => over && afterOver >= late;
      const { flagWon, r, lesson: ended, learner, game, grid } = await playFlagWin(seed, {
        look: (g, phase) => (isWide(phase) ? wider(xdemineur(g)) : xdemineur(g)),
        at: (g, phase) => (isWide(phase) ? { ...g, left: g.left + PAD, top: g.top + PAD } : g),
      });
      if (!flagWon) continue;
      expect(r.face, `game ${seed}`).toBe('won');
      won++;
      const lesson = ended!;
      expect(lesson.why, `game ${seed}`).toBeNull();
      // the frame labelled and its grid are one grab's
      const wide = lesson.capture!.image.width !== xdemineur(game).width;
      expect(lesson.capture!.grid, `game ${seed}`).toEqual(wide ? { ...grid, left: grid.left + PAD, top: grid.top + PAD } : grid);
      expect(learner.learn(lesson)!.adopted, `game ${seed}`).toBe(true);
    }
    expect(won).toBe(4);
  }, 120_000);
});
