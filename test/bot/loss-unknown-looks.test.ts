// A loss whose frame shows things the reader never learned (Superbird11/Minesweeper-js marks, on
// a yellow ground, the moves its own AI saw: covered cells and a mine in looks no skin has), while
// the cell the bot clicked reads for sure as the mine that blew up: the game is counted lost, the
// next one started, and no unsure cell told as an outcome. Before, a reading with any unsure cell
// was refused, read again for 10 s, and the run stopped.
import { describe, expect, it } from 'vitest';
import type { Reading } from '../../src/bot/reading.js';
import { COVERED, EXPLODED, FLAG, MINE } from '../../src/core/board.js';
import { toyLossesTold } from '../support/toy-losses.js';
import { toyRead, toyRender } from './toy-vision.js';

/** toyRead, but at a loss every mine shown and the first three covered cells read unsure (their codes a reader's wild guess: a flag). */
function marked(img: Parameters<typeof toyRead>[0], o?: Parameters<typeof toyRead>[1]): Reading {
  const r = toyRead(img, o);
  if (!r.board.cells.includes(EXPLODED)) return r;
  const covered = [...r.board.cells.keys()].filter((i) => r.board.cells[i] === COVERED).slice(0, 3);
  const odd = [...r.board.cells.keys()].filter((i) => r.board.cells[i] === MINE).concat(covered);
  const cells = r.board.cells.slice();
  for (const i of odd) cells[i] = FLAG;
  return { ...r, board: { ...r.board, cells }, unsure: odd.map((i): [number, number] => [i % r.board.width, Math.floor(i / r.board.width)]), minConfidence: 0 };
}

describe('a loss that shows looks the reader never learned', () => {
  it('is counted lost by the mine hit read for sure at the cell clicked; the run goes on; no unsure cell told', async () => {
    const losses = await toyLossesTold([7, 8, 9, 10], toyRender, marked);
    expect(losses).toBeGreaterThan(0);
  });
});
