// A flat DOM game whose numbers are thin digits of a light colour on the covered tile's own white
// (RealGarny/react-minesweeper: 22 px cells in 1 px black borders, opened 0s grey, a 1 a light
// blue stroke two pixels wide): a 1 at a cascade's border changes its whole cut only slightly,
// beside the 0s that changed a lot, and was taken for their drawing reaching over, the 1 left
// covered; the bot then clicked it again and again ("three decisions in a row changed nothing").
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { COVERED, FLAG, OPENED } from '../../src/core/board.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { createImage, fillRect, type Rgb, type RgbaImage } from '../../src/vision/image.js';

const MINES: [number, number][] = [[5, 0], [5, 2], [6, 4], [3, 5], [0, 6], [8, 8], [9, 1], [7, 7], [2, 9], [9, 9]];
const N = 10;
const INK: Rgb[] = [[64, 143, 247], [90, 193, 31], [235, 5, 5], [12, 35, 206], [51, 28, 2], [83, 244, 220], [12, 10, 9], [255, 255, 255]];

function draw(game: Game, p: number): RgbaImage {
  const left = 30, top = 40;
  const image = createImage(left * 2 + N * p, top * 2 + N * p, [255, 255, 255]);
  const cells = game.board().cells;
  for (let i = 0; i < N * N; i++) {
    const x = left + (i % N) * p, y = top + ((i / N) | 0) * p;
    const c = cells[i]!;
    fillRect(image, x, y, x + p, y + p, [0, 0, 0]);
    fillRect(image, x + 1, y + 1, x + p - 1, y + p - 1, c === 0 ? [224, 224, 224] : [255, 255, 255]);
    if (c === COVERED || c === FLAG) continue;
    // a digit: c thin strokes, two pixels wide, half the cell tall, in the middle
    const h = Math.round(p / 2), w = 2, x0 = x + Math.round(p / 2) - c * 2, y0 = y + Math.round((p - h) / 2);
    if (c >= 1 && c <= 8) for (let k = 0; k < c; k++) fillRect(image, x0 + k * 4, y0, x0 + k * 4 + w, y0 + h, INK[c - 1]!);
  }
  return image;
}

describe('thin light digits on the covered ground', () => {
  for (const pitch of [22, 26]) {
    it(`at ${pitch} px, a cascade's border of 1s reads opened, the covered cells covered`, () => {
      const game = Game.fromLayout(N, N, MINES);
      const learner = new LiveLearner({ name: 'thin', mines: MINES.length });
      const grid = learner.read(draw(game, pitch)).grid;
      learner.noteClick(0, 0, 'left');
      game.open(0, 0);
      const r = learner.read(draw(game, pitch), { geometry: grid });
      const truth = game.board().cells;
      expect(truth.filter((c) => c === 1).length).toBeGreaterThan(3);
      for (let i = 0; i < N * N; i++) {
        if (truth[i] === COVERED) expect(r.board.cells[i], `cell ${i % N},${(i / N) | 0} is covered`).toBe(COVERED);
        else expect([truth[i], OPENED], `cell ${i % N},${(i / N) | 0} opened`).toContain(r.board.cells[i]);
      }
    });
  }
});
