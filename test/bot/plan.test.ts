import { describe, expect, it } from 'vitest';
import { parseBoard, type Board } from '../../src/core/board.js';
import type { Move } from '../../src/core/strategy.js';
import { Game } from '../../src/game/engine.js';
import { mayEndGame, planClicks } from '../../src/bot/game/plan.js';
import { createStrategy } from '../../src/solver/registry.js';
import { createRng, mixSeed } from '../../src/core/rng.js';

const open = (x: number, y: number, certain = true): Move => ({ x, y, action: 'open', p: 0, certain });
const flag = (x: number, y: number): Move => ({ x, y, action: 'flag', p: 1, certain: true });
const opts = { flags: true, chord: false, chordButton: 'middle' as const };

describe('planClicks', () => {
  it('clicks a cell that must be a 0 once, and not the neighbours it opens', () => {
    // Row 0 is open, row 1 certain safe: every cell of row 1 touches only open or safe cells, so
    // each is a 0, and one click opens the row.
    const board = parseBoard('4x2/0\n0000\n....\n');
    const moves = [open(0, 1), open(1, 1), open(2, 1), open(3, 1)];
    const plan = planClicks(moves, board, opts);
    expect(plan).toHaveLength(1);
    expect(plan[0]!.moves.map((m) => [m.x, m.y]).sort()).toEqual([[0, 1], [1, 1], [2, 1], [3, 1]]);
    // With a covered cell of unknown state below, no cell of row 1 is known to be a 0.
    const deeper = parseBoard('4x3/1\n0000\n....\n....\n');
    expect(planClicks(moves, deeper, opts)).toHaveLength(4);
  });

  it('clicks every safe cell that no predicted opening covers', () => {
    const board = parseBoard('3x3/2\n1..\n...\n...\n');
    const moves = [open(1, 0), open(2, 2)];
    const plan = planClicks(moves, board, opts);
    expect(plan.map((c) => [c.x, c.y])).toEqual([[1, 0], [2, 2]]);
  });

  it('plays a guess alone, and drops flags when flags are off', () => {
    const board = parseBoard('3x3/2\n1..\n...\n...\n');
    expect(planClicks([{ ...open(2, 2, false), p: 0.3 }, { ...open(1, 1, false), p: 0.3 }], board, opts)).toHaveLength(1);
    expect(planClicks([flag(1, 0), open(2, 2)], board, { ...opts, flags: false }).map((c) => c.action)).toEqual(['open']);
  });

  it('chords a number whose mines are flagged (or flagged in the batch) when that saves clicks, flags first', () => {
    // (2,2) is a 1 whose only mine is (1,1); its other neighbours are safe, and none of them is
    // known to be a 0 (each touches a covered cell of unknown state).
    const board = parseBoard('5x5/2\n.....\n.....\n..1..\n.....\n.....\n');
    const safe = [open(2, 1), open(3, 1), open(1, 2), open(3, 2), open(1, 3), open(2, 3), open(3, 3)];
    const plain = planClicks([...safe, flag(1, 1)], board, opts);
    const chord = planClicks([...safe, flag(1, 1)], board, { ...opts, chord: true });
    expect(plain.map((c) => c.action)).toEqual(['flag', ...safe.map(() => 'open')]);
    expect(chord.map((c) => c.action)).toEqual(['flag', 'chord']);
    expect(chord[1]).toMatchObject({ x: 2, y: 2, button: 'middle' });
    expect(chord[1]!.moves).toHaveLength(7);
    // Without a known mine no chord: the game would not open anything.
    expect(planClicks(safe, board, { ...opts, flags: false, chord: true }).every((c) => c.action === 'open')).toBe(true);
    // Flags off: the mine is flagged only because the chord it allows saves clicks (2 instead of 7)...
    expect(planClicks([...safe, flag(1, 1)], board, { ...opts, flags: false, chord: true }).map((c) => c.action)).toEqual(['flag', 'chord']);
    // ...and not where flag and chord would cost as much as opening the cells one by one.
    const two = [open(2, 1), open(3, 1)];
    const narrow = parseBoard('5x5/2\n.....\n.....\n..1F.\n.FFF.\n.....\n');
    expect(planClicks([...two, flag(1, 1), flag(1, 2)], narrow, { ...opts, flags: false, chord: true }).map((c) => c.action)).toEqual(['open', 'open']);
  });

  it('on simulated games opens exactly the cells of every decision, with fewer clicks', () => {
    // Plays whole games click by click through the plan; after each batch every certain safe cell
    // of the decision is open (floods and chords did their part) and no mine was hit by a certain move.
    const strategy = createStrategy('exact');
    let direct = 0;
    let planned = 0;
    for (const [flags, chord] of [[true, false], [true, true], [false, true]] as const) {
      for (let seed = 0; seed < 8; seed++) {
        const game = new Game({ width: 30, height: 16, mines: 99 }, 'zero', createRng(mixSeed(5, seed)));
        const rng = createRng(seed);
        while (!game.finished) {
          const board: Board = game.board();
          const decision = strategy.decide(board, { rule: 'zero', rng, flags: true });
          const plan = planClicks(decision.moves, board, { flags, chord, chordButton: 'middle' });
          const certain = plan.every((c) => c.moves.every((m) => m.certain));
          for (const c of plan) {
            if (c.action === 'open') game.open(c.x, c.y);
            else if (c.action === 'flag') game.toggleFlag(c.x, c.y);
            else game.chord(c.x, c.y);
          }
          if (certain) {
            expect(game.status).not.toBe('lost');
            const after = game.board();
            for (const c of plan) for (const m of c.moves) if (m.action === 'open') expect(after.cells[m.y * after.width + m.x]).toBeLessThanOrEqual(8);
            direct += decision.moves.filter((m) => m.action === 'open' && m.certain).length;
            planned += plan.filter((c) => c.action !== 'flag').length;
          }
        }
      }
    }
    expect(planned).toBeLessThan(direct);
  });

  it('on simulated games, every batch that ends its game before its last click is one mayEndGame foresaw', () => {
    // A game that takes a click after its end as a new game's needs such a batch's clicks each seen
    // before the next (the loop). Boards small and sparse enough that cascades end many games.
    const strategy = createStrategy('exact');
    let endedEarly = 0, foreseen = 0, batches = 0, notWaited = 0;
    for (const [w, h, m, chord] of [[9, 9, 10, false], [16, 16, 10, false], [15, 15, 25, true], [16, 16, 40, false]] as const) {
      for (let seed = 0; seed < 100; seed++) {
        const game = new Game({ width: w, height: h, mines: m }, 'safe', createRng(mixSeed(11, seed, w * h + m)));
        const rng = createRng(seed);
        while (!game.finished) {
          const board: Board = game.board();
          const decision = strategy.decide(board, { rule: 'safe', rng, flags: true });
          const plan = planClicks(decision.moves, board, { flags: true, chord, chordButton: 'middle' });
          const may = mayEndGame(plan, board);
          if (plan.length > 1) {
            batches++;
            if (!may) notWaited++;
          }
          let made = 0;
          for (const c of plan) {
            if (game.finished) break;
            if (c.action === 'open') game.open(c.x, c.y);
            else if (c.action === 'flag') game.toggleFlag(c.x, c.y);
            else game.chord(c.x, c.y);
            made++;
          }
          if (made < plan.length) {
            endedEarly++;
            if (may) foreseen++;
          }
        }
      }
    }
    expect(endedEarly).toBeGreaterThanOrEqual(10);
    expect(foreseen).toBe(endedEarly);
    // (not every batch: most batches of a game going on are played without a wait)
    expect(notWaited).toBeGreaterThan(batches / 4);
  });
});
