// A fresh board of plain tiles gives no clue to where its cells lie within a pixel: found half a
// pixel from where the skin's numbers were learned, every number of the first cascade read unsure,
// was taken for a number not learned ('+'), and the game was played as if no number showed
// (sophiasharif/minesweeper-vue: 50 px Google-like squares, play guessed four cells at the odds of a
// board with no numbers, the fourth a mine). The learner reads such a frame half a pixel over where
// that explains the cells (live-lattice-phase.ts halfPixelOver); a look it has not learned stays
// one, at every placement.
import { describe, expect, it } from 'vitest';
import { COVERED, OPENED, type Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import type { Grid } from '../../src/vision/geometry.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { halfPixelOver } from '../../src/vision/learn/live/live-lattice-phase.js';
import type { Reading } from '../../src/vision/read/read.js';
import { playGame, SPEC } from '../support/drawn-game.js';
import { drawGoogleLike } from './google-draw.js';

// 24 px cells from (99.5, 99.5): the fresh board is found at whole pixels
const P2 = 48, L2 = 199, T2 = 199;
const look = (two?: string) => (g: Game) => drawGoogleLike(g.board(), P2, L2, T2, two);

/** A skin taught by games played on the learner's own readings of this look. */
async function taught(): Promise<NonNullable<LiveLearner['skin']>> {
  const teacher = new LiveLearner({ name: 'half-over', mines: SPEC.mines });
  for (let k = 0; k < 3; k++) {
    await playGame(teacher, 100 + k, 400, true, look());
    teacher.learn(teacher.lesson()!);
  }
  return teacher.skin!;
}

/** The first cascade of a new game (seed), read by a learner playing on `skin`: the reading, and the true board. */
function firstCascade(skin: NonNullable<LiveLearner['skin']>, seed: number, two?: string): { reading: Reading; truth: Board; fresh: Grid } {
  const game = new Game(SPEC, 'zero', createRng(seed));
  const player = new LiveLearner({ name: 'half-over', mines: SPEC.mines, previous: skin });
  const fresh = player.read(look(two)(game)).grid;
  player.noteClick(8, 8, 'left');
  game.open(8, 8);
  return { reading: player.read(look(two)(game), { geometry: fresh }), truth: game.board(), fresh };
}

describe('a fresh board found half a pixel from where the skin was learned', () => {
  it('reads the first cascade\'s numbers half a pixel over, and a 2 drawn in a look not taught stays a number not learned', async () => {
    const skin = await taught();
    for (const seed of [500, 501]) {
      const { reading, truth, fresh } = firstCascade(skin, seed);
      // (the case: the fresh board found on whole pixels, half a pixel from the cells' edges)
      expect(Number.isInteger(fresh.left) && Number.isInteger(fresh.top)).toBe(true);
      const numbers = [...truth.cells.keys()].filter((i) => truth.cells[i]! >= 1 && truth.cells[i]! <= 8);
      expect(numbers.length).toBeGreaterThan(5);
      expect(reading.unsure).toEqual([]);
      expect(numbers.filter((i) => reading.board.cells[i] !== truth.cells[i]).map((i) => `${i}: ${reading.board.cells[i]} for ${truth.cells[i]}`)).toEqual([]);
    }
    // a 2 drawn otherwise (segments of a 3, of an H, of a 5: in the 2's colour): never read as a look the skin knows
    for (const two of ['abgcd', 'fgebc', 'afgcd']) {
      const { reading, truth } = firstCascade(skin, 500, two);
      const unsure = new Set(reading.unsure.map(([x, y]) => y * truth.width + x));
      const twos = [...truth.cells.keys()].filter((i) => truth.cells[i] === 2);
      expect(twos.length).toBeGreaterThan(0);
      expect(twos.filter((i) => reading.board.cells[i] !== OPENED && !unsure.has(i)).map((i) => `${two} at ${i}: ${reading.board.cells[i]}`)).toEqual([]);
      const others = [...truth.cells.keys()].filter((i) => truth.cells[i]! >= 1 && truth.cells[i]! <= 8 && truth.cells[i] !== 2);
      expect(others.filter((i) => reading.board.cells[i] !== truth.cells[i] && !unsure.has(i))).toEqual([]);
    }
  }, 120_000);
});

describe('halfPixelOver', () => {
  const base: Grid = { left: 10, top: 10, pitch: 20, cols: 2, rows: 1, scale: 1 };
  const reading = (cells: number[], unsure: number[], confidence: number[], grid: Grid = base): Reading => ({
    skin: 's', board: { width: 2, height: 1, mines: 1, cells: Uint8Array.from(cells) }, face: 'playing', mineCounter: null, timer: null, grid,
    minConfidence: Math.min(...confidence), unsure: unsure.map((i): [number, number] => [i, 0]), confidence: Float32Array.from(confidence),
  });
  const key = (g: Grid) => `${g.left - base.left},${g.top - base.top}`;
  const at = reading([COVERED, 3], [1], [0.9, 0.1]);

  it('takes the one placement that explains the cell unsure, every sure cell as it was', () => {
    const got = halfPixelOver(base, base, at, (g) => (key(g) === '0.5,0' ? reading([COVERED, 2], [], [0.9, 0.8], g) : reading([COVERED, 3], [1], [0.9, 0.1], g)));
    expect(got && key(got.grid)).toBe('0.5,0');
    expect(got?.reading.board.cells[1]).toBe(2);
  });

  it('stays where two placements explain the cell as different numbers (no clear winner)', () => {
    const read = (g: Grid) => (key(g) === '0.5,0' ? reading([COVERED, 2], [], [0.9, 0.8], g) : key(g) === '-0.5,0' ? reading([COVERED, 4], [], [0.9, 0.8], g) : reading([COVERED, 3], [1], [0.9, 0.1], g));
    expect(halfPixelOver(base, base, at, read)).toBeNull();
  });

  it('stays where the placement reads a sure cell otherwise, or less surely', () => {
    expect(halfPixelOver(base, base, at, (g) => (key(g) === '0.5,0' ? reading([OPENED, 2], [], [0.9, 0.8], g) : null))).toBeNull();
    expect(halfPixelOver(base, base, at, (g) => (key(g) === '0.5,0' ? reading([COVERED, 2], [], [0.85, 0.8], g) : null))).toBeNull();
  });

  it('tries only placements within half a pixel of the lattice located', () => {
    const tried: string[] = [];
    halfPixelOver(base, base, at, (g) => (tried.push(key(g)), null));
    expect(tried.sort()).toEqual(['-0.5,-0.5', '-0.5,0', '-0.5,0.5', '0,-0.5', '0,0.5', '0.5,-0.5', '0.5,0', '0.5,0.5']);
  });
});
