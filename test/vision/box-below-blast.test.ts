// A loss box drawn across the whole board right below the mine that blew up (golgothXIII's
// my-react-minesweeper-app: a translucent dark band over three rows, the mine hit just above it,
// no other mine shown). The band's pieces over closed cells beyond the text are alike, and were
// taken for mines strewn beside the box: a covered cell cut by the band's edge was labelled a mine.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import { COVERED, EXPLODED, MINE, type Board } from '../../src/core/board.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { analyze } from '../../src/solver/probability.js';
import type { Grid } from '../../src/vision/geometry.js';
import { readAgain } from '../support/read-again.js';
import { leastLikelyMine } from '../support/drawn-game.js';

const SPEC = { width: 10, height: 10, mines: 10 };

/** Darkens a rectangle to 30% of its levels (a translucent black layer). */
function dim(image: RgbaImage, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x++) {
      const o = (y * image.width + x) * 4;
      for (let k = 0; k < 3; k++) image.data[o + k] = Math.round(image.data[o + k]! * 0.3);
    }
}

/** The game drawn; at a loss only the mine hit shown, and a dark band over the three rows below it, wider than the board, a line of text in its middle. */
function draw(game: Game): RgbaImage {
  const b: Board = game.board();
  const lost = game.status === 'lost';
  const cells = lost ? b.cells.map((c) => (c === MINE ? COVERED : c)) : b.cells;
  const { image, grid } = renderBoard({ ...b, cells: Uint8Array.from(cells) }, 'xdemineur');
  if (lost) {
    const hit = b.cells.indexOf(EXPLODED), y = ((hit / SPEC.width) | 0) + 1, p = grid.pitch;
    const top = Math.round(grid.top + (y + 0.35) * p), bottom = Math.round(grid.top + (y + 2.6) * p);
    dim(image, 0, top, image.width, bottom);
    fillRect(image, Math.round(grid.left + 3.2 * p), top + p, Math.round(grid.left + 6.8 * p), top + p + 4, [240, 240, 240]);
  }
  return image;
}

describe('a loss box across the board right below the mine that blew up', () => {
  it('labels none of the closed cells its edge cuts a mine', () => {
    let wrong = 0, losses = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const learner = new LiveLearner({ name: 'band', mines: SPEC.mines });
      const game = new Game(SPEC, 'zero', createRng(seed));
      let r = learner.read(draw(game));
      const grid: Grid = r.grid;
      const click = (i: number): void => {
        learner.noteClick(i % SPEC.width, (i / SPEC.width) | 0, 'left');
        game.open(i % SPEC.width, (i / SPEC.width) | 0);
        r = readAgain(learner, draw(game), { geometry: grid });
      };
      click(55);
      for (let step = 0; step < 100 && r.face === 'playing' && !r.unsure.length; step++) click(leastLikelyMine(r.board.cells, analyze(r.board).probabilities));
      if (game.status !== 'lost') continue;
      const hitRow = (game.board().cells.indexOf(EXPLODED) / SPEC.width) | 0;
      if (hitRow + 3 >= SPEC.height) continue;
      losses++;
      const capture = learner.lesson()?.capture;
      if (!capture) continue;
      const truth = game.board().cells;
      capture.board.cells.forEach((c, i) => {
        if ((c === MINE || c === EXPLODED) && truth[i] !== MINE && truth[i] !== EXPLODED) wrong++;
      });
    }
    expect(losses).toBeGreaterThan(3);
    expect(wrong).toBe(0);
  });
});
