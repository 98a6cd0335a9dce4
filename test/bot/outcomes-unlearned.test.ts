// A game that goes on past a mine it draws in a look not learned yet (irrisdev/minesweeper-js as
// shipped draws the mine hit like a number; Skyzonox's unpatched game): the reader shows that cell
// open (`+`), the count of open cells then reaches "every safe cell open" with safe cells still
// covered, and the calibration log told each such mine `mine: false`. A win by the count now needs
// every number to count exactly its closed neighbours, and a cell shown open in a look not learned
// is told only once a frame says what it was, or the game is seen to end.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COVERED, OPENED, neighbourTable, parseBoard, type Board } from '../../src/core/board.js';
import type { Move } from '../../src/core/strategy.js';
import { outcomeOf } from '../../src/bot/game/judge.js';
import { Outcomes, UNLEARNED_UNSEEN } from '../../src/bot/game/outcomes.js';
import { textReading } from '../support/text-reading.js';

const open = (x: number, y: number): Move => ({ action: 'open', x, y, p: 0, certain: true }) as Move;

type Line = { type: string; n: number; mine?: boolean; why?: string; move: Move };

function told(): { lines: Line[]; outcomes: Outcomes } {
  const lines: Line[] = [];
  return { lines, outcomes: new Outcomes(0, (e) => lines.push(e as unknown as Line)) };
}

describe('a win by the count', () => {
  it('is a win when every number counts its closed neighbours', () => {
    expect(outcomeOf(parseBoard('3x3/1\n011\n01.\n011\n'))).toBe('won');
    // a cell not learned yet among them changes nothing: it holds no mine of the numbers'
    expect(outcomeOf(parseBoard('3x3/1\n+11\n01.\n011\n'))).toBe('won');
  });

  it('is no win when a cell read open in a look not learned is a mine the numbers count', () => {
    // 4x1, 1 mine: the mine at (1,0) hit and drawn in a look not learned (`+`), the game going
    // on; (3,0) is safe and still covered, so the count of open cells says "won". The 1 at (2,0)
    // counts the mine hit, not the covered cell beside it as a mine.
    expect(outcomeOf(parseBoard('4x1/1\n1+1.\n'))).toBe('playing');
    expect(outcomeOf(parseBoard('3x3/2\n1+1\n222\n1..\n'))).toBe('playing');
  });

  it('on any won board (every safe cell open, numbers true), with any safe cells shown as not learned', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 2, max: 7 }), fc.array(fc.boolean(), { minLength: 49, maxLength: 49 }), fc.array(fc.boolean(), { minLength: 49, maxLength: 49 }), (w, h, mineAt, hide) => {
        const mines = Array.from({ length: w * h }, (_, i) => mineAt[i]! && i % 3 === 0);
        const count = mines.filter(Boolean).length;
        if (count === 0 || count === w * h) return;
        const table = neighbourTable(w, h);
        const cells = new Uint8Array(w * h).map((_, i) => (mines[i] ? COVERED : hide[i] ? OPENED : [...table[i]!].filter((j) => mines[j]).length));
        const board: Board = { width: w, height: h, mines: count, cells };
        expect(outcomeOf(board)).toBe('won');
        // one mine read as a cell opened in a look not learned, one safe cell left covered: no win
        // when a number counts the mine and does not touch the safe cell (one that touches both
        // sees as many closed cells as before)
        const mine = mines.indexOf(true);
        const safe = mines.findIndex((m, i) => !m && cells[i] !== OPENED);
        const numbered = safe >= 0 && [...table[mine]!].some((j) => cells[j]! <= 8 && j !== safe && !table[j]!.includes(safe));
        if (safe < 0 || !numbered) return;
        const hit = cells.slice();
        hit[mine] = OPENED;
        hit[safe] = COVERED;
        expect(outcomeOf({ ...board, cells: hit })).toBe('playing');
      }),
    );
  });
});

describe('what the log tells of a cell opened in a look not learned', () => {
  it('waits for a frame that shows it a number, then tells it safe', () => {
    const { lines, outcomes } = told();
    outcomes.afterClicks([open(0, 0)], textReading('2x1/1\n+.\n'), true);
    expect(lines).toEqual([]);
    outcomes.afterClicks([], textReading('2x1/1\n1.\n'), false);
    expect(lines).toMatchObject([{ type: 'opened', n: 1, mine: false }]);
  });

  it('tells it a mine when a later frame shows it one', () => {
    const { lines, outcomes } = told();
    outcomes.afterClicks([open(1, 0)], textReading('3x1/1\n.+.\n'), true);
    outcomes.afterClicks([], textReading('3x1/1\n.X.\n'), true);
    expect(lines).toMatchObject([{ type: 'opened', n: 1, mine: true }]);
  });

  it('tells it unseen when the game is not seen to end: a game that went on past a mine drawn so', () => {
    const { lines, outcomes } = told();
    outcomes.afterClicks([open(1, 0)], textReading('4x1/1\n.+..\n'), true);
    outcomes.afterClicks([open(0, 0)], textReading('4x1/1\n1+..\n'), true);
    outcomes.afterClicks([open(2, 0)], textReading('4x1/1\n1+1.\n'), true);
    outcomes.end('playing');
    expect(lines).toMatchObject([
      { type: 'opened', n: 2, mine: false },
      { type: 'opened', n: 3, mine: false },
      { type: 'unseen', n: 1, why: UNLEARNED_UNSEEN },
    ]);
    expect(lines.some((l) => l.type === 'opened' && l.n === 1)).toBe(false);
  });

  it('tells it safe at a win seen, and at a loss when the game went on past it', () => {
    const won = told();
    won.outcomes.afterClicks([open(0, 0)], textReading('3x1/1\n+..\n'), true);
    won.outcomes.afterClicks([open(1, 0)], textReading('3x1/1\n+1.\n'), true);
    won.outcomes.end('won');
    expect(won.lines).toMatchObject([{ type: 'opened', n: 2, mine: false }, { type: 'opened', n: 1, mine: false }]);

    const lost = told();
    lost.outcomes.afterClicks([open(0, 0)], textReading('4x1/1\n+...\n'), true);
    lost.outcomes.afterClicks([open(2, 0), open(3, 0)], textReading('4x1/2\n+*+X\n'), true);
    lost.outcomes.end('lost');
    // (3,0) the mine hit; (2,0), in a look not learned in the loss's own frame, may be another
    // mine drawn so: unseen; (0,0), opened before and the game went on, was safe
    expect(lost.lines).toMatchObject([
      { type: 'opened', n: 3, mine: true },
      { type: 'opened', n: 1, mine: false },
      { type: 'unseen', n: 2, why: UNLEARNED_UNSEEN },
    ]);
  });

  it('tells a cell behind an end not seen unseen at once', () => {
    const { lines, outcomes } = told();
    outcomes.afterClicks([open(0, 0)], textReading('2x1/1\n+.\n'), true);
    outcomes.afterClicks([], textReading('2x1/1\n+.\n', { endUnseen: 'gone' }), true);
    expect(lines).toMatchObject([{ type: 'unseen', n: 1 }]);
    outcomes.end('unknown');
    expect(lines).toHaveLength(1);
  });
});
