// Golden playouts of `think`: weighted playout values and race reports on expert positions,
// recorded once so that a faster playout can be checked to decide exactly as before (same
// moves on the same layouts, same random streams). Regenerate (only when the playout policy is
// meant to change) with:  npx tsx test/solver/think-golden.ts --write
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Board } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import type { StrategyContext } from '../../src/core/strategy.js';
import { Game } from '../../src/game/engine.js';
import { analyze } from '../../src/solver/probability.js';
import { layoutSampler } from '../../src/solver/sample.js';
import { createExactStrategy } from '../../src/solver/strategy.js';
import { playOut, race, thinkCandidates } from '../../src/solver/think.js';

export const GOLDEN_FILE = fileURLToPath(new URL('./think-golden.json', import.meta.url));

export interface Golden {
  /** Per position: the candidates and, per drawn layout, each candidate's playout value. */
  playouts: { game: number; candidates: number[]; values: number[][] }[];
  /** Per position: the race's estimates, rounds, playouts and chosen cell at a small budget. */
  races: { game: number; estimates: number[]; rounds: number; playouts: number; chosen: number }[];
}

/** Positions where `exact` guesses among 2+ of think's candidates: the first such guess of each seeded expert game. */
export function goldenPositions(games: number[]): { game: number; board: Board; candidates: number[] }[] {
  const spec = { width: 30, height: 16, mines: 99 };
  const ctx: StrategyContext = { rule: 'safe', rng: createRng(0) };
  const out: { game: number; board: Board; candidates: number[] }[] = [];
  for (const g of games) {
    const exact = createExactStrategy({ memo: 0 });
    const game = new Game(spec, 'safe', createRng(1000 + g));
    game.open(0, 0);
    // Skip the first guesses: a later one, with more of the board open, is more typical of a race.
    let guesses = 0;
    while (!game.finished) {
      const board = game.board();
      const d = exact.decide(board, ctx);
      const guess = d.moves.find((m) => !m.certain);
      if (guess && guesses++ >= 1) {
        const analysis = analyze(board);
        const candidates = thinkCandidates(board, analysis, guess.y * board.width + guess.x, {});
        if (candidates.length >= 2) {
          out.push({ game: g, board, candidates });
          break;
        }
      }
      for (const m of d.moves) if (!game.finished && m.action === 'open') game.open(m.x, m.y);
    }
  }
  return out;
}

export function computeGolden(): Golden {
  const ctx: StrategyContext = { rule: 'safe', rng: createRng(0), flags: false };
  const positions = goldenPositions(Array.from({ length: 30 }, (_, g) => g)).slice(0, 8);
  const playouts: Golden['playouts'] = [];
  const races: Golden['races'] = [];
  for (const { game, board, candidates } of positions) {
    const policy = createExactStrategy({ candidates: 0 });
    const sampler = layoutSampler(board)!;
    const rng = createRng(game);
    const values: number[][] = [];
    for (let k = 0; k < 10; k++) {
      const layout = sampler.draw(rng);
      const seed = rng.int(2 ** 31);
      values.push(candidates.map((c) => playOut(board, layout, c, policy, ctx, createRng(seed))));
    }
    playouts.push({ game, candidates, values });
    if (races.length < 3) {
      const r = race(board, analyze(board), candidates, createExactStrategy({ candidates: 0 }), ctx, { playouts: 60, minRounds: 4, keepExact: false })!;
      races.push({ game, estimates: r.estimates, rounds: r.rounds, playouts: r.playouts, chosen: r.chosen });
    }
  }
  return { playouts, races };
}

if (process.argv.includes('--write')) {
  writeFileSync(GOLDEN_FILE, JSON.stringify(computeGolden()) + '\n');
  console.log(`wrote ${GOLDEN_FILE}`);
}
