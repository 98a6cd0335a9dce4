// A first click that opens a 0 whose cascade opens exactly as many cells as the game has mines
// (ovanderzee/mine-sweeper, 6x6/4: a corner 0 and its 2, 1 and 3, small dark digits on the same
// light tile, alike to the learner's eye). The closed cells that changed made the mine total, their
// look was one, and the frame was taken for a loss that shows every mine: the 0 was saved as the
// mine that blew up and the three numbers as mines. A click whose every closed neighbour changed
// with it, all of one piece, is what a 0 at the click opens: no loss is told by the count there.
import { describe, expect, it } from 'vitest';
import { COVERED, EXPLODED, MINE, parseBoard, type Board } from '../../src/core/board.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect, type RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { readAgain } from '../support/read-again.js';

/** The board drawn in xdemineur's look, every opened number drawn as one small dark mark on a light tile. */
function draw(board: Board): RgbaImage {
  const { image, grid } = renderBoard(board, 'xdemineur');
  const p = grid.pitch;
  board.cells.forEach((c, i) => {
    if (c < 1 || c > 8) return;
    const x = grid.left + (i % board.width) * p, y = grid.top + Math.floor(i / board.width) * p;
    fillRect(image, Math.round(x + 1), Math.round(y + 1), Math.round(x + p - 1), Math.round(y + p - 1), [214, 210, 200]);
    fillRect(image, Math.round(x + p * 0.4), Math.round(y + p * 0.3), Math.round(x + p * 0.6), Math.round(y + p * 0.7), [40, 40, 40]);
  });
  return image;
}

describe('a first click whose 0 opens as many cells as there are mines', () => {
  // mines at (2,0), (2,1), (1,2), (5,5): the corner 0 opens its 2, 1 and 3, four cells of a 4-mine game
  const fresh = parseBoard(['6x6/4', '......', '......', '......', '......', '......', '......'].join('\n'));
  const opened = parseBoard(['6x6/4', '02....', '13....', '......', '......', '......', '......'].join('\n'));

  it('is a game going on, never a loss labelled from that frame', () => {
    const learner = new LiveLearner({ name: 'zero-count', mines: 4 });
    const first = learner.read(draw(fresh));
    expect(first.board.cells.every((c) => c === COVERED)).toBe(true);
    learner.noteClick(0, 0, 'left', false);
    const r = readAgain(learner, draw(opened), { geometry: first.grid });
    expect(r.face).not.toBe('lost');
    expect(Array.from(r.board.cells).filter((c) => c === EXPLODED || c === MINE)).toEqual([]);
    // the cells opened are open (numbers not learned yet), the rest still closed
    for (const i of [0, 1, 6, 7]) expect(r.board.cells[i], `cell ${i}`).not.toBe(COVERED);
    expect(learner.lesson()?.capture ?? null).toBeNull();
  });

  it('a loss that shows its mines scattered, as many as the changed cells, is still read as the loss', () => {
    const learner = new LiveLearner({ name: 'zero-count', mines: 4 });
    const first = learner.read(draw(fresh));
    learner.noteClick(0, 0, 'left', false);
    const lost = parseBoard(['6x6/4', 'X.....', '...*..', '......', '.*....', '......', '.....*'].join('\n'));
    const r = readAgain(learner, draw(lost), { geometry: first.grid });
    expect(r.face).toBe('lost');
    expect(r.board.cells[0]).toBe(EXPLODED);
  });
});
