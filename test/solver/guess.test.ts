import { describe, expect, it } from 'vitest';
import { isUnknown, neighbourTable, parseBoard, type Board } from '../../src/core/board.js';
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import type { StrategyContext } from '../../src/core/strategy.js';
import { findFiftyFifty } from '../../src/solver/fifty.js';
import { chooseGuess, isDeadCell, outcomesOf } from '../../src/solver/guess.js';
import { analyze, type Analysis } from '../../src/solver/probability.js';

const ctx: StrategyContext = { rule: 'safe', rng: createRng(1), flags: false };
const board = (...rows: string[]) => parseBoard(rows.join('\n'));

/**
 * The positions of seeded `safe` games walked from the corner (not played): after each, a random
 * safe cell of the layout is opened, or with `certainFirst` every certain safe cell when there is one.
 */
function* positionsOf(spec: { width: number; height: number; mines: number }, games: number, rngBase: number, certainFirst: boolean): Generator<{ b: Board; a: Analysis }> {
  for (let seed = 1; seed <= games; seed++) {
    const g = new Game(spec, 'safe', createRng(seed));
    g.open(0, 0);
    const rng = createRng(rngBase + seed);
    while (!g.finished) {
      const b = g.board();
      const a = analyze(b);
      yield { b, a };
      const mines = new Set(g.layout()!.mines.map(([x, y]) => y * spec.width + x));
      const sure = certainFirst ? a.safe.filter((i) => isUnknown(b.cells[i]!)) : [];
      const free = [...b.cells.keys()].filter((i) => isUnknown(b.cells[i]!) && !mines.has(i));
      for (const c of sure.length > 0 ? sure : [free[Math.floor(rng.next() * free.length)]!]) g.open(c % spec.width, Math.floor(c / spec.width));
    }
  }
}

describe('unavoidable 50/50', () => {
  it('finds two cells with one mine that nothing can tell apart', () => {
    const b = board('2x2/1', '..', '11');
    expect([0, 1]).toContain(findFiftyFifty(b, analyze(b)));
  });

  it('counts certain mines around the pair as telling nothing apart', () => {
    // One mine in the top-left pair; the only cells next to just one of them are flags.
    const b = board('3x2/3', '..F', '13F');
    const a = analyze(b);
    expect(a.probabilities[0]).toBeCloseTo(0.5, 12);
    expect(findFiftyFifty(b, a)).toBe(0);
  });

  it('is not a 50/50 when another cell can still tell them apart', () => {
    // Opening the right column would show which of the two is the mine.
    const b = board('4x2/1', '....', '11..');
    expect(findFiftyFifty(b, analyze(b))).toBe(-1);
    // A safe cell next to only one of them would show which.
    const c = board('3x2/2', '..F', '12.');
    expect(findFiftyFifty(c, analyze(c))).toBe(-1);
  });

  it('is taken at once by the look-ahead policy', () => {
    // A 50/50 in the corner beside a large unknown area (endgame search off).
    const b = board('6x2/4', '..F...', '13F...');
    const a = analyze(b);
    expect(findFiftyFifty(b, a)).toBe(0);
    const g = chooseGuess(b, a, ctx, { candidates: 8, fiftyFifty: true, endgame: false });
    expect(g?.cell).toBe(0);
    expect(g?.note).toMatch(/50\/50/);
  });
});

describe('dead cells', () => {
  // (0,0) is surrounded by numbers: if safe it can only show 0, so opening it teaches nothing.
  // It ties with (2,2) at risk 0.2; the plain rule takes it (likeliest to show 0).
  const b = board('4x3/3', '.1..', '12..', '....');
  const a = analyze(b);

  it('has one possible value', () => {
    expect(a.probabilities[0]).toBeCloseTo(0.2, 12);
    expect(a.probabilities[2 * 4 + 2]).toBeCloseTo(0.2, 12);
    expect(outcomesOf(b, a, 0).map((o) => o.value)).toEqual([0]);
    expect(outcomesOf(b, a, 2 * 4 + 2).length).toBeGreaterThan(1);
  });

  it('is skipped by the look-ahead unless every candidate is dead', () => {
    const plain = chooseGuess(b, a, ctx, { candidates: 0, endgame: false });
    expect(plain?.cell).toBe(0);
    for (const options of [{ endgame: false }, { candidates: 8, relTolerance: 0.1, tolerance: 0, skipDead: true, endgame: false }]) {
      const next = chooseGuess(b, a, ctx, options);
      expect(next?.cell).not.toBe(0);
      expect(a.probabilities[next!.cell]).toBeCloseTo(0.2, 12);
    }
    // With only the dead cell examined, it is taken.
    expect(chooseGuess(b, a, ctx, { breadth: 1, endgame: false })?.cell).toBe(0);
    expect(chooseGuess(b, a, ctx, { breadth: 0, candidates: 1, endgame: false })?.cell).toBe(0);
  });
});

describe('look-ahead breadth', () => {
  // Early expert game: corners opened at (0,0) and (29,0). (29,2) is risk 0.207 but every number
  // it can show leaves a safe cell next; the default six candidates (the three safest at 0.147 and
  // three likely openings) do not include it; the breadth option examines it.
  const rows = ['1..........................100', '...........................211', '...........................2..'];
  const b = board('30x16/99', ...rows, ...Array.from({ length: 13 }, () => '.'.repeat(30)));
  const a = analyze(b);
  const at = (x: number, y: number) => y * 30 + x;

  it('finds a candidate the six-cell list misses', () => {
    expect(a.probabilities[at(28, 3)]).toBeCloseTo(a.probabilities[at(26, 3)]!, 12);
    expect(a.probabilities[at(29, 2)]).toBeGreaterThan(a.probabilities[at(28, 3)]!);
    expect(outcomesOf(b, a, at(29, 2)).every((o) => o.progress)).toBe(true);
    const narrow = chooseGuess(b, a, ctx, { endgame: false, breadth: 0, maxProbes: 60 });
    expect(narrow?.cell).not.toBe(at(29, 2));
    const wide = chooseGuess(b, a, ctx, { endgame: false, breadth: 60, maxProbes: 1e6 });
    // (29,2) or its twin (26,2), which shares the same one-mine constraint and also always
    // leaves a safe cell; the narrow list examined neither.
    expect([at(29, 2), at(26, 2)]).toContain(wide?.cell);
    expect(outcomesOf(b, a, wide!.cell).every((o) => o.progress)).toBe(true);
    expect(narrow?.cell).not.toBe(at(26, 2));
  });

  it('stays within its probe budget by cutting the list, not by giving up the look-ahead', () => {
    // A budget for the first candidate only: the safest cell, as the plain rule would also take.
    const tight = chooseGuess(b, a, ctx, { endgame: false, breadth: 60, maxProbes: 9 });
    expect(a.probabilities[tight!.cell]).toBeCloseTo(a.probabilities[at(26, 3)]!, 12);
  });
});

describe('dead cell test', () => {
  it('calls a cell dead when its number is fixed and alive when it is not', () => {
    // (0,0): no uncertain neighbours but the numbers'; (2,2) sees open cells below it.
    const b = board('4x3/3', '.1..', '12..', '....');
    const a = analyze(b);
    const nb = neighbourTable(4, 3);
    expect(isDeadCell(b, a.probabilities, 0, nb)).toBe(true);
    expect(isDeadCell(b, a.probabilities, 2 * 4 + 2, nb)).toBe(false);
  });

  it('never calls a cell dead that could still show two numbers (random positions)', () => {
    let dead = 0;
    const nb = neighbourTable(8, 8);
    for (const { b, a } of positionsOf({ width: 8, height: 8, mines: 12 }, 60, 1000, false)) {
      for (let i = 0; i < 64; i++) {
        const q = a.probabilities[i]!;
        if (!isUnknown(b.cells[i]!) || q >= 1 || !isDeadCell(b, a.probabilities, i, nb)) continue;
        dead++;
        expect(outcomesOf(b, a, i).length).toBeLessThanOrEqual(1);
      }
    }
    expect(dead).toBeGreaterThan(20);
  });
});

describe('late progress weight', () => {
  it('replaces the progress weight exactly from lateOpen opened cells on', () => {
    // The guess positions of a few intermediate games.
    let changed = 0;
    let positions = 0;
    for (const { b, a } of positionsOf({ width: 16, height: 16, mines: 40 }, 16, 500, true)) {
      if (a.safe.length > 0) continue;
      positions++;
      const open = b.cells.filter((c) => c <= 8).length;
      const pick = (o: object) => chooseGuess(b, a, ctx, { endgame: false, progressWeight: 0.1, ...o })?.cell;
      const heavy = pick({ progressWeightLate: 0.1 });
      const light = pick({ progressWeight: 0.01, progressWeightLate: 0.01 });
      if (heavy !== light) changed++;
      expect(pick({ progressWeightLate: 0.01, lateOpen: open })).toBe(light);
      expect(pick({ progressWeightLate: 0.01, lateOpen: open + 1 })).toBe(heavy);
    }
    expect(positions).toBeGreaterThan(20);
    // The weight matters on some of them, so the two checks above could tell the weights apart.
    expect(changed).toBeGreaterThan(0);
  });
});
