// A page between two loads, where the board will be, in the covered tiles' own colour
// (irrisdev/minesweeper-js: covered cells the page's grey, 1 px lines between them; a new game
// reloads the page). Read with a learned skin at the board's place, its cells read covered for sure
// (a tile's cut misses its lines), and the frame was taken for a new game's fresh board and
// clicked: the click went to a page still loading. A board is drawn with its lattice: an area of
// one flat colour is no board, its cells unsure until the board is drawn.
import { describe, expect, it } from 'vitest';
import { COVERED, EXPLODED, MINE, FLAG, type Board } from '../../src/core/board.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live-learner.js';
import { SPEC, playGame } from '../support/drawn-game.js';

const PITCH = 33;
const PAGE: Rgb = [244, 244, 245];
const LINE: Rgb = [212, 212, 216];
const OPEN: Rgb = [228, 228, 231];
const INK: Rgb[] = [[37, 99, 235], [22, 163, 74], [220, 38, 38], [30, 64, 175], [153, 27, 27], [13, 148, 136], [0, 0, 0], [100, 100, 100]];
const LEFT = 40, TOP = 60;

/** The page with `board` drawn on it (null: the page before its board is drawn). */
function draw(board: Board | null): RgbaImage {
  const img = createImage(LEFT * 2 + SPEC.width * PITCH, TOP + 40 + SPEC.height * PITCH, PAGE);
  fillRect(img, 10, 10, 200, 30, [60, 60, 60]);
  if (!board) return img;
  fillRect(img, LEFT - 1, TOP - 1, LEFT + board.width * PITCH, TOP + board.height * PITCH, LINE);
  for (let i = 0; i < board.cells.length; i++) {
    const x0 = LEFT + (i % board.width) * PITCH, y0 = TOP + Math.floor(i / board.width) * PITCH;
    const c = board.cells[i]!;
    fillRect(img, x0, y0, x0 + PITCH - 1, y0 + PITCH - 1, c === COVERED || c === FLAG ? PAGE : OPEN);
    if (c >= 1 && c <= 8) {
      fillRect(img, x0 + 15, y0 + 8, x0 + 18, y0 + 24, INK[c - 1]!);
      for (let k = 1; k < c; k++) fillRect(img, x0 + 9, y0 + 6 + 3 * k, x0 + 23, y0 + 8 + 3 * k, INK[c - 1]!);
    }
    if (c === MINE || c === EXPLODED) fillRect(img, x0 + 10, y0 + 10, x0 + 22, y0 + 22, c === EXPLODED ? [220, 38, 38] : [40, 40, 40]);
    if (c === FLAG) fillRect(img, x0 + 12, y0 + 8, x0 + 20, y0 + 16, [220, 38, 38]);
  }
  return img;
}

describe('a page not drawn yet where the board will be, in the covered tiles own colour', () => {
  it('is no fresh board after a game ended: the ended game is kept until the board is drawn, then that is the new game', async () => {
    const learner = new LiveLearner({ name: 'blank-page', mines: SPEC.mines });
    const { game } = await playGame(learner, 11, 400, true, (g) => draw(g.board()));
    expect(['won', 'lost']).toContain(game.status);
    learner.learn(learner.lesson()!);
    const grid = learner.read(draw(game.board())).grid;
    const blank = learner.read(draw(null), { geometry: grid });
    // (the ended game kept as it ended: no new game begun on the page)
    expect(blank.face).toBe(game.status);
    expect(blank.board.cells.some((c) => c !== COVERED)).toBe(true);
    const fresh = learner.read(draw({ ...game.board(), cells: new Uint8Array(SPEC.width * SPEC.height).fill(COVERED) }), { geometry: grid });
    expect(fresh.unsure).toEqual([]);
    expect(fresh.board.cells.every((c) => c === COVERED)).toBe(true);
    expect(fresh.face).toBe('playing');
  });
});
