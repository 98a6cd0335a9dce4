import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COVERED, neighbourTable, parseBoard, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { isContradiction } from '../../src/solver/constraints.js';
import { analyze, tryAnalyze } from '../../src/solver/probability.js';
import { createExactStrategy } from '../../src/solver/strategy.js';
import { endgameMove } from '../../src/solver/endgame.js';
import { findFiftyFifty } from '../../src/solver/fifty.js';
import { UNKNOWN_CLICK, tryAnalyzeXp } from '../../src/solver/xp.js';
import { naiveBest } from './naive-endgame.js';

// The XP rule as the game engine applies it: a mine under the first click moves to the first
// free cell in reading order.
function moveFirstMine(mines: Uint8Array, click: number): Uint8Array {
  const out = mines.slice();
  if (out[click]) {
    let free = 0;
    while (out[free]) free++;
    out[click] = 0;
    out[free] = 1;
  }
  return out;
}

function numbersOf(mines: Uint8Array, width: number, height: number): number[] {
  const nb = neighbourTable(width, height);
  return Array.from(mines, (_, i) => nb[i]!.reduce((s, j) => s + mines[j]!, 0));
}

/**
 * Every original layout (equally likely), moved by the XP rule, kept when it shows this board: the
 * final layouts, one entry per original (so a final layout two originals lead to is listed twice).
 */
function finalLayoutsXp(board: Board, click: number): Uint8Array[] {
  const n = board.cells.length;
  const nb = neighbourTable(board.width, board.height);
  const out: Uint8Array[] = [];
  const layout = new Uint8Array(n);
  const place = (from: number, left: number): void => {
    if (left === 0) {
      const final = moveFirstMine(layout, click);
      for (let i = 0; i < n; i++) {
        const c = board.cells[i]!;
        if (c > 8) continue;
        if (final[i]) return;
        let count = 0;
        for (const j of nb[i]!) count += final[j]!;
        if (count !== c) return;
      }
      out.push(final);
      return;
    }
    for (let i = from; i <= n - left; i++) {
      layout[i] = 1;
      place(i + 1, left - 1);
      layout[i] = 0;
    }
  };
  place(0, board.mines);
  return out;
}

/** finalLayoutsXp as sets of mine cells, the form the naive endgame reference takes. */
function originalsAsSets(board: Board, click: number): Set<number>[] {
  return finalLayoutsXp(board, click).map((l) => new Set([...l.keys()].filter((i) => l[i])));
}

/** 4x2 with 2 mines, first clicked at (0,0), which shows 1 (its odds are counted by hand below). */
function handCountedBoard(): Board {
  const cells = new Uint8Array(8).fill(COVERED);
  cells[0] = 1;
  return { width: 4, height: 2, mines: 2, cells };
}

function bruteForceXp(board: Board, click: number): { total: number; mines: number[] } {
  const layouts = finalLayoutsXp(board, click);
  const mines = new Array<number>(board.cells.length).fill(0);
  for (const l of layouts) for (let i = 0; i < l.length; i++) mines[i]! += l[i]!;
  return { total: layouts.length, mines };
}

/** A game under the XP rule after the first click and a few more safe cells opened (no cascade). */
function randomXpBoard(seed: number): { board: Board; click: number } {
  const rng = createRng(seed);
  const width = 4 + rng.int(2);
  const height = 4;
  const n = width * height;
  const mineCount = 3 + rng.int(4);
  const click = rng.int(3) === 0 ? rng.int(n) : 0;
  const original = new Uint8Array(n);
  let placed = 0;
  while (placed < mineCount) {
    const i = rng.int(n);
    if (!original[i]) (original[i] = 1), placed++;
  }
  const final = moveFirstMine(original, click);
  const numbers = numbersOf(final, width, height);
  const cells = new Uint8Array(n).fill(COVERED);
  cells[click] = numbers[click]!;
  const extra = rng.int(5);
  for (let k = 0; k < extra; k++) {
    const i = rng.int(n);
    if (!final[i]) cells[i] = numbers[i]!;
  }
  return { board: { width, height, mines: mineCount, cells }, click };
}

describe('XP first-click rule', () => {
  it('gives the probabilities of brute force over the original layouts, moved mine included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { board, click } = randomXpBoard(seed);
        const truth = bruteForceXp(board, click);
        const a = tryAnalyzeXp(board, click);
        if (isContradiction(a)) throw new Error('a board made from a real layout cannot be impossible');
        for (let i = 0; i < board.cells.length; i++) {
          if (board.cells[i] !== COVERED) continue;
          expect(a.probabilities[i]).toBeCloseTo(truth.mines[i]! / truth.total, 9);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('weighs the cell the moved mine lands on: a 1 in the corner makes its right neighbour likelier', () => {
    // 4x4 with 2 mines, first click top-left showing 1. Uniformly the three neighbours would
    // share the mine equally; under XP the cell right of the click also takes moved mines.
    const cells = new Uint8Array(16).fill(COVERED);
    cells[0] = 1;
    const board: Board = { width: 4, height: 4, mines: 2, cells };
    const plain = tryAnalyze(board);
    const xp = tryAnalyzeXp(board, 0);
    if (isContradiction(plain) || isContradiction(xp)) throw new Error('consistent board');
    expect(plain.probabilities[1]).toBeCloseTo(plain.probabilities[4]!, 12);
    expect(xp.probabilities[1]!).toBeGreaterThan(xp.probabilities[4]! + 0.05);
    const truth = bruteForceXp(board, 0);
    expect(xp.probabilities[1]).toBeCloseTo(truth.mines[1]! / truth.total, 9);
  });

  it('is what exact guesses by under the XP rule (and only then)', () => {
    // 4x2 with 2 mines, the first click at (0,0) shows 1. Counting by hand: with the mine right
    // of the click a layout has weight 2 (3 when (2,0) holds the other mine), otherwise 1; so
    // (1,0) 9/17, (2,0) 5/17 and the other covered cells 4/17, against 1/3 and 1/4 uniformly.
    const board = handCountedBoard();
    const xp = tryAnalyzeXp(board, 0);
    if (isContradiction(xp)) throw new Error('consistent board');
    expect(Array.from(xp.probabilities).slice(1)).toEqual(
      [9, 5, 4, 4, 4, 4, 4].map((k) => expect.closeTo(k / 17, 12)),
    );
    const rng = createRng(1);
    // The strategy clicks first at the bottom-right under xp; this game began at (0,0).
    const guess = (rule: 'xp' | 'safe', xpPrior?: boolean) => {
      const options = { firstClick: { xp: [0, 0] as [number, number] }, ...(xpPrior === undefined ? {} : { xpPrior }) };
      const d = createExactStrategy(options).decide(board, { rule, rng, flags: false });
      expect(d.moves).toHaveLength(1);
      return d.moves[0]!.p;
    };
    expect(guess('xp')).toBeCloseTo(4 / 17, 12); // the weighted endgame search avoids (2,0) at 5/17
    expect(guess('safe')).toBeCloseTo(1 / 4, 12);
    expect(guess('xp', false)).toBeCloseTo(1 / 4, 12);
    // Begun at (0,0) with the strategy's own first cell (bottom-right) still covered: the click is
    // unknown and taken as not the first open cell, (0,0) here, so the run ends there: uniform.
    const d = createExactStrategy().decide(board, { rule: 'xp', rng, flags: false });
    expect(d.moves[0]!.p).toBeCloseTo(1 / 4, 12);
  });

  it('equals the plain analysis once the first cells in reading order are open', () => {
    const cells = new Uint8Array(16).fill(COVERED);
    // Row 0 open (no mines there), the click at (0,0).
    cells[0] = 0;
    cells[1] = 1;
    cells[2] = 1;
    cells[3] = 1;
    const board: Board = { width: 4, height: 4, mines: 3, cells };
    const plain = tryAnalyze(board);
    const xp = tryAnalyzeXp(board, 0);
    if (isContradiction(plain) || isContradiction(xp)) throw new Error('consistent board');
    expect(Array.from(xp.probabilities)).toEqual(Array.from(plain.probabilities));
  });

  it('weighs exactly without knowing the first click, when it was not the first open cell in reading order', () => {
    let checked = 0;
    for (let seed = 1; seed < 5000 && checked < 100; seed++) {
      const { board, click } = randomXpBoard(seed);
      const firstOpen = board.cells.findIndex((c) => c <= 8);
      if (firstOpen === click) continue;
      const truth = bruteForceXp(board, click);
      const a = tryAnalyzeXp(board, UNKNOWN_CLICK);
      if (isContradiction(a)) throw new Error('a board made from a real layout cannot be impossible');
      for (let i = 0; i < board.cells.length; i++) {
        if (board.cells[i] === COVERED) expect(a.probabilities[i]).toBeCloseTo(truth.mines[i]! / truth.total, 9);
      }
      checked++;
    }
    expect(checked).toBe(100);
  });

  it('lets exact weigh a game begun elsewhere than its own first click', () => {
    let checked = 0;
    for (let seed = 1; seed < 20000 && checked < 10; seed++) {
      const { board, click } = randomXpBoard(seed);
      const corner = board.cells.length - 1; // where exact clicks first under xp
      if (board.cells[corner] !== COVERED || board.cells.findIndex((c) => c <= 8) === click) continue;
      const plain = tryAnalyze(board);
      if (isContradiction(plain) || plain.safe.length > 0) continue;
      const truth = bruteForceXp(board, click);
      const d = createExactStrategy().decide(board, { rule: 'xp', rng: createRng(seed), flags: false });
      const m = d.moves.find((mv) => mv.action === 'open')!;
      const cell = m.y * board.width + m.x;
      if (Math.abs(plain.probabilities[cell]! - truth.mines[cell]! / truth.total) < 0.01) continue;
      expect(m.p).toBeCloseTo(truth.mines[cell]! / truth.total, 9);
      checked++;
    }
    expect(checked).toBe(10);
  });

  it('searches the endgame with the XP weights: best play equals a naive search over the original layouts', () => {
    let checked = 0;
    let weighted = 0;
    for (let seed = 1; seed < 3000 && checked < 40; seed++) {
      const { board, click } = randomXpBoard(seed);
      const a = tryAnalyzeXp(board, click);
      if (isContradiction(a)) throw new Error('a board made from a real layout cannot be impossible');
      const move = endgameMove(board, a, { maxLayouts: 40 });
      if (!move) continue;
      const originals = originalsAsSets(board, click);
      const ref = naiveBest(board, originals);
      expect(move.win).toBeCloseTo(ref.best, 12);
      expect(ref.guessValue(move.cell)).toBeCloseTo(move.win, 12);
      checked++;
      if (a.xpClick !== undefined) weighted++;
    }
    expect(checked).toBeGreaterThanOrEqual(30);
    expect(weighted).toBeGreaterThanOrEqual(15);
  });

  it('plays the 4x2 board by the weighted odds: the endgame search avoids the cell a moved mine lands on', () => {
    // As above: (1,0) 9/17, (2,0) 5/17, the rest 4/17. Uniformly (2,0) is as safe as any cell
    // off the 1 (1/4) and the search took it; weighted it is the second riskiest.
    const board = handCountedBoard();
    const xp = tryAnalyzeXp(board, 0);
    if (isContradiction(xp)) throw new Error('consistent board');
    const move = endgameMove(board, xp)!;
    expect(xp.probabilities[move.cell]).toBeCloseTo(4 / 17, 12);
    const originals = originalsAsSets(board, 0);
    expect(move.win).toBeCloseTo(naiveBest(board, originals).best, 12);
  });

  it('takes the less likely cell of an unavoidable 50/50 when the XP weights tell them apart', () => {
    // 3x3, 3 mines, first click at (0,2), which shows 0. The 1 at (0,1) sees one mine in the
    // top-left pair, the 3 and the 1s make (2,0) and (2,1) mines: a 50/50 nothing can resolve.
    // But (0,0) starts the reading order, so a mine moved from the click lands there: 2/3 to 1/3.
    const board = parseBoard(['3x3/3', '...', '13.', '011'].join('\n'));
    const plain = analyze(board);
    expect(plain.probabilities[0]).toBeCloseTo(0.5, 12);
    expect(findFiftyFifty(board, plain)).toBe(0);
    const xp = tryAnalyzeXp(board, 6);
    if (isContradiction(xp)) throw new Error('consistent board');
    const truth = bruteForceXp(board, 6);
    expect(xp.probabilities[0]).toBeCloseTo(truth.mines[0]! / truth.total, 12);
    expect(xp.probabilities[0]).toBeCloseTo(2 / 3, 12);
    expect(findFiftyFifty(board, xp)).toBe(1);
  });
});
