// A loss whose mine hit the game draws as an opened cell holding nothing, the other mines shown
// (mrglaster/js-minesweeper-game redraws the cell hit as its opened tile once its alert closes).
// Played with a skin that knows the 0, the frame read a 0 beside covered cells where the bot
// clicked and mines elsewhere: an inconsistent reading, read again until the run stopped. The game
// is now counted lost, its hit told a mine, and the next game started. A flood drawn in steps (a 0
// clicked, its neighbours still covered a frame, no mine shown) is no loss.
import { describe, expect, it } from 'vitest';
import { blankHit } from '../../src/bot/game/judge.js';
import { EXPLODED, parseBoard } from '../../src/core/board.js';
import { toyRead, toyRender } from './toy-vision.js';
import { toyLossesTold } from '../support/toy-losses.js';
import { textReading } from '../support/text-reading.js';

const blankAtHit: typeof toyRender = (board, skin, o) => toyRender({ ...board, cells: board.cells.map((c) => (c === EXPLODED ? 0 : c)) }, skin, o);

describe('a mine hit drawn as an opened cell holding nothing, in play', () => {
  it('is counted lost, the hit told a mine, the run going on', async () => {
    const losses = await toyLossesTold([3, 4, 5], blankAtHit, toyRead);
    expect(losses).toBeGreaterThan(0);
  });

  it('is no loss without mines shown, nor where the mines shown leave no room for the hit', () => {
    const prev = parseBoard('4x2/2\n1...\n....\n');
    // the lone click at (2,0), a 0 beside covered cells, a mine shown at (1,1): lost there
    const lost = blankHit(textReading('4x2/2\n1.0.\n.*..\n'), prev, [2]);
    expect(lost?.board.cells[2]).toBe(EXPLODED);
    // a flood drawn in steps: no mine shown
    expect(blankHit(textReading('4x2/2\n1.0.\n....\n'), prev, [2])).toBeNull();
    // both mines shown (a win that shows them): the hit would be a third
    expect(blankHit(textReading('4x2/2\n1.0*\n.*..\n'), prev, [2])).toBeNull();
    // a 0 drawn whole (no covered neighbour), or a batch of clicks
    expect(blankHit(textReading('4x2/2\n1000\n.*00\n'), prev, [2])).toBeNull();
    expect(blankHit(textReading('4x2/2\n1.0.\n.*..\n'), prev, [2, 3])).toBeNull();
  });

  it('is no loss where the click may have been the last safe cell: a win whose last cell is painted late', () => {
    // mines at (0,1) and (3,1), both flagged; (1,1) the last safe cell, clicked
    const prev = parseBoard('4x2/2\n1111\nF.1F\n');
    // caught with the cell blank, one mine drawn and the other flag read covered: the mine total
    // leaves room for a hit, yet the click may have won (JasonLeisure/games' neon page)
    expect(blankHit(textReading('4x2/2\n1111\n.01*\n'), prev, [5])).toBeNull();
    // one closed cell more: the blank hit is told as before
    const before = parseBoard('4x2/2\n1111\nF..F\n');
    expect(blankHit(textReading('4x2/2\n1111\n.0.*\n'), before, [5])?.board.cells[5]).toBe(EXPLODED);
  });
});
