import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BoardParseError,
  COVERED,
  FLAG,
  createBoard,
  findInconsistencies,
  formatBoard,
  indexOf,
  neighbourTable,
  parseBoard,
  solvedByFlags,
  xyOf,
} from '../../src/core/board.js';

function parseError(text: string): BoardParseError {
  try {
    parseBoard(text);
  } catch (err) {
    expect(err).toBeInstanceOf(BoardParseError);
    return err as BoardParseError;
  }
  throw new Error('expected a parse error');
}

describe('board text format', () => {
  it('parses every cell character into its code and prints it back', () => {
    const text = '4x4/4\n.F?0\n1234\n5678\n*X!+\n';
    const board = parseBoard(text);
    expect(board).toMatchObject({ width: 4, height: 4, mines: 4 });
    expect(Array.from(board.cells)).toEqual([9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15]);
    expect(formatBoard(board)).toBe(text);
  });

  it('skips comment lines, CRLF endings and trailing blank lines', () => {
    const board = parseBoard('# a comment\r\n3x2/1\r\n# between rows\r\n..1\r\n.F1\r\n\r\n\r\n');
    expect(formatBoard(board)).toBe('3x2/1\n..1\n.F1\n');
  });

  it('round-trips any board of any characters', () => {
    const chars = '.F?012345678*X!+';
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.nat(), fc.array(fc.nat(15), { minLength: 144, maxLength: 144 }), (w, h, m, codes) => {
        const mines = m % (w * h + 1);
        const rows = Array.from({ length: h }, (_, y) => Array.from({ length: w }, (_, x) => chars[codes[y * w + x]!]).join(''));
        const text = `${w}x${h}/${mines}\n${rows.join('\n')}\n`;
        expect(formatBoard(parseBoard(text))).toBe(text);
      }),
    );
  });

  it('names line and column of an unknown character', () => {
    const e = parseError('3x2/1\n...\n.a.\n');
    expect([e.line, e.column]).toEqual([3, 2]);
    expect(e.message).toMatch(/line 3, column 2: unknown character "a"/);
  });

  it('names the row that is too wide or too narrow', () => {
    expect([parseError('3x2/1\n....\n...\n').line, parseError('3x2/1\n....\n...\n').column]).toEqual([2, 4]);
    const narrow = parseError('# c\n3x2/1\n...\n..\n');
    expect([narrow.line, narrow.column]).toEqual([4, 3]);
    expect(narrow.message).toMatch(/2 characters wide, the header says 3/);
  });

  it('rejects a missing or malformed header', () => {
    expect(parseError('').message).toMatch(/empty input/);
    expect(parseError('# only a comment\n').message).toMatch(/empty input/);
    const bad = parseError('\n30x16\n');
    expect([bad.line, bad.column]).toEqual([2, 1]);
    expect(bad.message).toMatch(/expected a header like 30x16\/99/);
    expect(parseError('0x3/0\n').message).toMatch(/at least 1x1/);
    expect(parseError('2x2/5\n..\n..\n').message).toMatch(/5 mines do not fit in 2x2/);
  });

  it('rejects too few rows, too many rows and a blank line inside the board', () => {
    expect(parseError('3x3/1\n...\n...\n').message).toMatch(/expected 3 rows, got 2/);
    const extra = parseError('3x1/1\n...\n...\n');
    expect([extra.line, extra.column]).toEqual([3, 1]);
    expect(extra.message).toMatch(/more rows than the header's height 1/);
    const blank = parseError('3x2/1\n...\n\n...\n');
    expect(blank.line).toBe(3);
    expect(blank.message).toMatch(/blank line inside the board/);
  });
});

describe('geometry', () => {
  it('gives 3, 5 or 8 neighbours by position and they are symmetric', () => {
    const table = neighbourTable(4, 3);
    expect(table[indexOf({ width: 4, height: 3 }, 0, 0)]!.length).toBe(3);
    expect(table[indexOf({ width: 4, height: 3 }, 1, 0)]!.length).toBe(5);
    expect(table[indexOf({ width: 4, height: 3 }, 1, 1)]!.length).toBe(8);
    for (let i = 0; i < 12; i++) for (const j of table[i]!) expect(Array.from(table[j]!)).toContain(i);
  });

  it('converts between index and x,y and rejects cells off the board', () => {
    const b = createBoard(5, 4, 3);
    expect(xyOf(b, indexOf(b, 3, 2))).toEqual([3, 2]);
    expect(() => indexOf(b, 5, 0)).toThrow(/outside the 5x4 board/);
    expect(() => indexOf(b, 0, -1)).toThrow(RangeError);
  });
});

describe('local consistency', () => {
  it('accepts a consistent board', () => {
    expect(findInconsistencies(parseBoard('3x3/1\n1F1\n111\n000\n'))).toEqual([]);
  });

  it('finds a number with too many flags and one with too few candidates', () => {
    const over = findInconsistencies(parseBoard('3x2/3\nFF.\n1..\n'));
    expect(over).toEqual([{ x: 0, y: 1, reason: expect.stringMatching(/shows 1 but has 2 flagged/) }]);
    const under = findInconsistencies(parseBoard('3x2/3\n000\n030\n'));
    expect(under[0]).toMatchObject({ x: 1, y: 1 });
    expect(under[0]!.reason).toMatch(/only 0 neighbouring cells/);
  });

  it('does not count wrong flags of a lost board as mines', () => {
    // 2 mines: the exploded one and the shown one; the two wrong flags are free cells.
    expect(findInconsistencies(parseBoard('4x1/2\nX!!*\n'))).toEqual([]);
    expect(findInconsistencies(parseBoard('4x1/2\nXF!*\n'))[0]!.reason).toMatch(/3 flags or mines shown but the board has only 2/);
  });

  it('finds more flags than mines', () => {
    const board = createBoard(3, 1, 1);
    board.cells[0] = FLAG;
    board.cells[1] = FLAG;
    board.cells[2] = COVERED;
    expect(findInconsistencies(board).some((p) => /2 flags or mines shown but the board has only 1/.test(p.reason))).toBe(true);
  });
});

describe('a board the flags alone finish', () => {
  const finished = (text: string): boolean => {
    const b = parseBoard(text);
    return solvedByFlags(b.cells, b.mines, neighbourTable(b.width, b.height));
  };

  it('is one whose flags make the mine total and whose every number counts exactly its flags, with cells still covered', () => {
    expect(finished('3x3/2\nF2F\n...\n...\n')).toBe(true);
    expect(finished('3x3/1\n1F1\n111\n...\n')).toBe(true);
    expect(finished('3x2/2\nF2.\n.F.\n')).toBe(true);
  });

  it('is not one a flag short, with a number still short of its flags, with nothing covered, or with too many flags', () => {
    expect(finished('3x3/3\nF2F\n...\n...\n')).toBe(false);
    expect(finished('3x2/2\nF3.\n.F.\n')).toBe(false);
    expect(finished('3x1/1\n1F1\n')).toBe(false);
    expect(finished('3x3/1\nF2F\n...\n...\n')).toBe(false);
  });

  it('leaves every covered cell safe: on any layout with every mine flagged, it holds exactly when a cell is still covered', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 2 ** 30 }), fc.double({ min: 0, max: 1, noNaN: true }), (w, h, seed, share) => {
        const n = w * h;
        const table = neighbourTable(w, h);
        const mines = Array.from({ length: n }, (_, i) => ((seed >> (i % 30)) & 1) === 1 && i % 3 !== 2);
        // every mine flagged, every safe cell opened (its count) or left covered by `share`
        const cells = mines.map((m, i) => (m ? FLAG : ((i * 7919) % 100) / 100 < share ? COVERED : Array.from(table[i]!).filter((j) => mines[j]).length));
        const total = mines.filter(Boolean).length;
        expect(solvedByFlags(cells, total, table)).toBe(cells.includes(COVERED));
        // one mine fewer flagged (left covered): never finished
        const first = mines.indexOf(true);
        if (first >= 0) expect(solvedByFlags(cells.map((c, i) => (i === first ? COVERED : c)), total, table)).toBe(false);
      }),
    );
  });
});
