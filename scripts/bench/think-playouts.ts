// CPU per weighted playout of `think` on expert race positions (the first raced guess after the
// first of seeded games, as test/solver/think-golden.ts finds them): every candidate of each
// position played on the same drawn layouts, in this thread. Prints ms per playout and a checksum
// of the values (equal checksums: the playouts decided alike).
//   npx tsx scripts/bench/think-playouts.ts [positions=12] [layouts=20]

import { createRng } from '../../src/core/rng.js';
import type { StrategyContext } from '../../src/core/strategy.js';
import { layoutSampler } from '../../src/solver/sample.js';
import { createExactStrategy } from '../../src/solver/strategy.js';
import { playOut, rememberingAll } from '../../src/solver/playout.js';
import { goldenPositions } from '../../test/solver/think-golden.js';

const [positionsArg = '12', layoutsArg = '20'] = process.argv.slice(2);
const positions = goldenPositions(Array.from({ length: 60 }, (_, g) => g)).slice(0, Number(positionsArg));
const ctx: StrategyContext = { rule: 'safe', rng: createRng(0), flags: false };
let playouts = 0;
let checksum = 0;
const c0 = process.cpuUsage();
for (const { game, board, candidates } of positions) {
  // As a race plays them: the policy remembers every position within the race.
  const base = createExactStrategy(process.env.SLOW ? { quick: false } : { candidates: 0, quick: false });
  const policy = process.env.NOMEMO ? base : rememberingAll(base);
  const sampler = layoutSampler(board)!;
  const rng = createRng(game);
  for (let k = 0; k < Number(layoutsArg); k++) {
    const layout = sampler.draw(rng);
    const seed = rng.int(2 ** 31);
    for (const c of candidates) {
      const v = playOut(board, layout, c, policy, ctx, createRng(seed));
      checksum += v;
      if (process.env.DUMP) console.log(game, k, c, v);
      playouts++;
    }
  }
}
const c1 = process.cpuUsage(c0);
const ms = (c1.user + c1.system) / 1000;
console.log(`${positions.length} positions, ${playouts} playouts: ${(ms / playouts).toFixed(2)} ms cpu per playout; checksum ${checksum.toFixed(9)}`);
