// A learning run from nothing on a simulated desktop, as `learn --screen --games N --new-game F2`
// makes it (flags on, the skin stored nowhere): for tests of how the learner follows a game.
// `now`: the learner's clock (as `learn --screen` gives it: a box over the board is waited for a
// while); `more`: the run's other settings where a test sets them (a new-game click, a dismiss,
// how long the board is waited for).
import { learnLive, type LearnLiveConfig } from '../../src/bot/learn/learn-live.js';
import { liveLearner } from '../../src/bot/learn/vision-link.js';
import type { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import type { LearnedSkin } from '../../src/vision/learn/looks.js';

export async function learnFromNothing(
  d: SimulatedDesktop,
  o: { name: string; mines: number; seed: number; games: number; onEvent?: LearnLiveConfig<LearnedSkin>['onEvent']; now?: () => number; more?: Partial<Omit<LearnLiveConfig<LearnedSkin>, 'learner' | 'onEvent'>> },
) {
  return learnLive(d, {
    learner: await liveLearner(o.name, o.mines, undefined, undefined, o.now),
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
    ...o.more,
  });
}
