// A loss that draws every cell still covered as an opened blank (burntcustard/js1024-minesweeper
// disables every button at a loss, a covered one then drawn like an opened 0). Played with a skin
// that knows the 0, the frame read 0s beside the mines shown: an inconsistent reading, read again
// until the run stopped. Cells covered before that no click opened, read as 0s beside the mine hit
// read for sure, are now left covered: the game is counted lost and the next one started.
import { describe, expect, it } from 'vitest';
import { revealedBlanks } from '../../src/bot/game/judge.js';
import { COVERED, EXPLODED, parseBoard } from '../../src/core/board.js';
import { toyRead, toyRender } from './toy-vision.js';
import { toyLossesTold } from '../support/toy-losses.js';
import { textReading } from '../support/text-reading.js';

const blanksAtLoss: typeof toyRender = (board, skin, o) =>
  toyRender(board.cells.includes(EXPLODED) ? { ...board, cells: board.cells.map((c) => (c === COVERED ? 0 : c)) } : board, skin, o);

describe('a loss that draws the cells still covered as opened blanks', () => {
  it('is counted lost, the hit told a mine, the run going on', async () => {
    const losses = await toyLossesTold([3, 4, 5], blanksAtLoss, toyRead);
    expect(losses).toBeGreaterThan(0);
  });

  it('leaves covered only cells covered before that no click opened, and only beside a hit read for sure', () => {
    const prev = parseBoard('4x2/2\n1...\n....\n');
    // the click at (2,0) hit a mine; the rest drawn blank, the other mine shown
    const r = revealedBlanks(textReading('4x2/2\n10X0\n0*00\n'), prev, [2]);
    expect(r && Array.from(r.board.cells)).toEqual(Array.from(parseBoard('4x2/2\n1.X.\n.*..\n').cells));
    // no hit on a clicked cell: nothing told (a flood)
    expect(revealedBlanks(textReading('4x2/2\n1000\n0000\n'), prev, [2])).toBeNull();
    // the hit on a cell no click opened: nothing told
    expect(revealedBlanks(textReading('4x2/2\n10X0\n0*00\n'), prev, [3])).toBeNull();
  });
});
