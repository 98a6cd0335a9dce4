// A learning run from nothing on a simulated desktop, as `learn --screen --games N --new-game F2`
// makes it (flags on, the skin stored nowhere): for tests of how the learner follows a game.
import { learnLive, type LearnLiveConfig } from '../../src/bot/learn-live.js';
import { liveLearner } from '../../src/bot/vision-link.js';
import type { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import type { LearnedSkin } from '../../src/vision/learn/looks.js';

export async function learnFromNothing(d: SimulatedDesktop, o: { name: string; mines: number; seed: number; games: number; onEvent?: LearnLiveConfig<LearnedSkin>['onEvent'] }) {
  return learnLive(d, {
    learner: await liveLearner(o.name, o.mines),
    store: () => 'nowhere',
    strategy: createStrategy('exact'),
    skin: o.name,
    rule: 'safe',
    seed: o.seed,
    games: o.games,
    mines: o.mines,
    flags: true,
    newGame: { key: 'F2' },
    boardWaitMs: 2000,
    ...(o.onEvent ? { onEvent: o.onEvent } : {}),
  });
}
