import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBoard, parseBoard } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { DIFFICULTIES, type FirstClickRule } from '../../src/core/rules.js';
import { Game, bbbv } from '../../src/game/engine.js';

const layoutGame = (rows: string[]): Game => {
  const mines: [number, number][] = [];
  rows.forEach((row, y) => [...row].forEach((c, x) => c === '*' && mines.push([x, y])));
  return Game.fromLayout(rows[0]!.length, rows.length, mines);
};

const mineSet = (game: Game) => new Set(game.layout()!.mines.map(([x, y]) => `${x},${y}`));

describe('first-click rules', () => {
  it('xp: a first click on a mine moves that mine to the first free cell from the top-left', () => {
    let checked = 0;
    for (let seed = 1; checked < 25 && seed < 5000; seed++) {
      // Find seeds whose xp layout has a mine at (4,4) but not at (0,0).
      const probe = new Game({ width: 9, height: 9, mines: 10 }, 'xp', createRng(seed));
      if (probe.mineAt(4, 4) !== true) continue;
      const before = new Game({ width: 9, height: 9, mines: 10 }, 'xp', createRng(seed));
      const beforeMines = new Set<string>();
      for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) if (before.mineAt(x, y)) beforeMines.add(`${x},${y}`);
      let firstFree = 0;
      while (beforeMines.has(`${firstFree % 9},${Math.floor(firstFree / 9)}`)) firstFree++;
      const result = probe.open(4, 4);
      expect(result.exploded).toBe(false);
      const after = mineSet(probe);
      expect(after.has('4,4')).toBe(false);
      expect(after.has(`${firstFree % 9},${Math.floor(firstFree / 9)}`)).toBe(true);
      expect(after.size).toBe(10);
      // Every other mine stayed where it was.
      for (const m of beforeMines) if (m !== '4,4') expect(after.has(m)).toBe(true);
      checked++;
    }
    expect(checked).toBe(25);
  });

  it('xp: a first click on a free cell leaves the layout unchanged', () => {
    for (let seed = 1; seed < 200; seed++) {
      const game = new Game({ width: 9, height: 9, mines: 10 }, 'xp', createRng(seed));
      if (game.mineAt(0, 0)) continue;
      const before: boolean[] = [];
      for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) before.push(game.mineAt(x, y)!);
      game.open(0, 0);
      const after: boolean[] = [];
      for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) after.push(game.mineAt(x, y)!);
      expect(after).toEqual(before);
    }
  });

  it('zero: the 3x3 around the first click is mine-free in every seeded layout', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(29), fc.nat(15), (seed, x, y) => {
        const game = new Game(DIFFICULTIES.expert!, 'zero', createRng(seed));
        game.open(x, y);
        const mines = mineSet(game);
        expect(mines.size).toBe(99);
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) expect(mines.has(`${x + dx},${y + dy}`)).toBe(false);
        expect(game.cell(x, y)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('safe: the first-clicked cell is never a mine, its neighbours sometimes are', () => {
    let neighbourMine = 0;
    for (let seed = 0; seed < 400; seed++) {
      const game = new Game(DIFFICULTIES.expert!, 'safe', createRng(seed));
      const result = game.open(5, 5);
      expect(result.exploded).toBe(false);
      const mines = mineSet(game);
      expect(mines.has('5,5')).toBe(false);
      if (game.cell(5, 5) > 0) neighbourMine++;
    }
    // With 99 mines in 479 cells, the 8 neighbours hold a mine most of the time.
    expect(neighbourMine).toBeGreaterThan(200);
  });

  it('none: a first click can hit a mine', () => {
    let losses = 0;
    for (let seed = 0; seed < 200; seed++) {
      const game = new Game(DIFFICULTIES.expert!, 'none', createRng(seed));
      if (game.open(0, 0).exploded) losses++;
    }
    expect(losses).toBeGreaterThan(20);
    expect(losses).toBeLessThan(80);
  });

  it('the same seed gives the same layout for every rule', () => {
    for (const rule of ['xp', 'safe', 'zero', 'none'] as FirstClickRule[]) {
      const a = new Game(DIFFICULTIES.intermediate!, rule, createRng(42));
      const b = new Game(DIFFICULTIES.intermediate!, rule, createRng(42));
      a.open(3, 3);
      b.open(3, 3);
      expect(a.layout()).toEqual(b.layout());
    }
  });

  it('mines are placed uniformly: each cell of a 3x3/2 safe game is a mine about 2/8 of the time', () => {
    const counts = new Array(9).fill(0);
    const n = 8000;
    for (let seed = 0; seed < n; seed++) {
      const game = new Game({ width: 3, height: 3, mines: 2 }, 'safe', createRng(seed));
      game.open(1, 1);
      for (const [x, y] of game.layout()!.mines) counts[y * 3 + x]++;
    }
    expect(counts[4]).toBe(0);
    for (const i of [0, 1, 2, 3, 5, 6, 7, 8]) expect(Math.abs(counts[i] / n - 0.25)).toBeLessThan(0.02);
  });
});

describe('opening and flood fill', () => {
  it('opening a zero floods the whole opening and its border numbers', () => {
    const game = layoutGame(['.....', '.....', '...*.', '.....']);
    game.open(0, 0);
    expect(formatBoard(game.board())).toBe('5x4/1\n00000\n00111\n001..\n001..\n');
    expect(game.status).toBe('playing');
  });

  it('opening a number opens only that cell', () => {
    const game = layoutGame(['*..', '...', '...']);
    game.open(1, 1);
    expect(formatBoard(game.board())).toBe('3x3/1\n...\n.1.\n...\n');
  });

  it('opening a flag, an opened cell or after the end does nothing', () => {
    const game = layoutGame(['*..', '...', '...']);
    game.toggleFlag(1, 1);
    expect(game.open(1, 1)).toEqual({ opened: 0, exploded: false });
    game.toggleFlag(1, 1);
    game.open(2, 2);
    const clicks = game.clicks;
    expect(game.open(2, 2)).toEqual({ opened: 0, exploded: false });
    expect(game.clicks).toBe(clicks);
  });

  it('question marks count as covered', () => {
    const board = parseBoard('2x1/1\n?.\n');
    expect(board.cells[0]).toBe(11);
  });
});

describe('win and loss', () => {
  it('opening every safe cell wins and shows every mine flagged', () => {
    const game = layoutGame(['*..', '...', '..*']);
    for (const [x, y] of [[1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2]] as const) game.open(x, y);
    expect(game.status).toBe('won');
    expect(formatBoard(game.board())).toBe('3x3/2\nF10\n121\n01F\n');
    expect(game.mineCounter).toBe(0);
  });

  it('opening a mine loses and shows mines, the exploded one and wrong flags', () => {
    const game = layoutGame(['*..', '...', '..*']);
    game.toggleFlag(2, 2);
    game.toggleFlag(1, 0);
    game.open(0, 0);
    expect(game.status).toBe('lost');
    expect(formatBoard(game.board())).toBe('3x3/2\nX!.\n...\n..F\n');
    expect(game.open(1, 1).opened).toBe(0);
  });
});

describe('chord', () => {
  it('opens the other neighbours of a number whose flags match it', () => {
    const game = layoutGame(['*...', '....', '....']);
    game.open(1, 1);
    game.toggleFlag(0, 0);
    const result = game.chord(1, 1);
    expect(result.exploded).toBe(false);
    expect(game.status).toBe('won');
  });

  it('does nothing when the flags do not match the number', () => {
    const game = layoutGame(['*.*.', '....', '....']);
    game.open(1, 1);
    game.toggleFlag(0, 0);
    expect(game.chord(1, 1)).toEqual({ opened: 0, exploded: false });
    expect(game.cell(2, 2)).toBe(9);
  });

  it('a wrong flag makes the chord hit a mine', () => {
    const game = layoutGame(['*...', '....', '....']);
    game.open(1, 1);
    game.toggleFlag(2, 2);
    expect(game.chord(1, 1).exploded).toBe(true);
    expect(game.status).toBe('lost');
    expect(game.cell(2, 2)).toBe(14);
  });
});

describe('3BV', () => {
  it('counts openings plus isolated numbers', () => {
    // One opening covering the left part; the cells right of the mines are isolated numbers.
    const rows = ['..*.', '..*.', '..*.'];
    const isMine = new Uint8Array(12);
    rows.forEach((r, y) => [...r].forEach((c, x) => c === '*' && (isMine[y * 4 + x] = 1)));
    // Column 0 zeros + column 1 numbers form one opening; column 3 cells are three numbers.
    expect(bbbv(4, 3, isMine)).toBe(1 + 3);
  });

  it('equals the number of safe cells when there is no zero', () => {
    expect(bbbv(3, 1, Uint8Array.from([0, 1, 0]))).toBe(2);
  });

  it('is what a perfect clicker needs: clicking one cell per 3BV unit wins', () => {
    for (let seed = 0; seed < 30; seed++) {
      const game = new Game(DIFFICULTIES.intermediate!, 'none', createRng(seed));
      const isMine = new Uint8Array(256);
      for (let i = 0; i < 256; i++) isMine[i] = game.mineAt(i % 16, Math.floor(i / 16)) ? 1 : 0;
      // Click zeros first (each opens a region), then every still-covered safe cell.
      let clicks = 0;
      const nb = (i: number) => {
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
          const x = (i % 16) + dx, y = Math.floor(i / 16) + dy;
          if ((dx || dy) && x >= 0 && y >= 0 && x < 16 && y < 16) n += isMine[y * 16 + x]!;
        }
        return n;
      };
      for (const zerosFirst of [true, false]) {
        for (let i = 0; i < 256; i++) {
          if (isMine[i] || game.cell(i % 16, Math.floor(i / 16)) !== 9) continue;
          if (zerosFirst && nb(i) !== 0) continue;
          game.open(i % 16, Math.floor(i / 16));
          clicks++;
        }
      }
      expect(game.status).toBe('won');
      expect(clicks).toBe(bbbv(16, 16, isMine));
    }
  });
});
