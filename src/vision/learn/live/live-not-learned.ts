// Why a frame a live learner judged is left with cells unsure that no frame to come will explain:
// some show a look the skin has not learned (its reading is no state it knows) where the bot's
// clicks did not open them, and nothing is waited for (no guess's cell held, no box over the
// board). The loop takes it as final only once the same cells stayed so a while (watch.ts). Reading that frame again, or looking for the board elsewhere, cannot help: the
// loop stops at once saying which cells and how the skin learns their look (`minebot learn
// --screen --name NAME`, which goes on from the skin, from ends it follows: a learning run stops
// here too, so the advice names --dismiss for an end under a layer), not after seconds of searching the screen
// as if the board were covered or gone. Pure.

import { UNSURE } from './live-watch.js';

export interface NotLearnedFacts {
  name: string;
  mines: number;
  cols: number;
  playing: boolean;
  /** Something the learner waits for left cells unsure (Watch.waiting), or a box is over the board. */
  waiting: boolean;
  /** The cells left unsure (indices). */
  doubt: readonly number[];
  /** What the skin read in each cell (UNSURE: no state it learned). */
  seen: Uint8Array;
}

/** Why the unsure cells are looks the skin has not learned, for the loop's stop; null when they may be explained later. */
export function notLearnedWhy(f: NotLearnedFacts): string | null {
  const unknown = f.doubt.filter((i) => f.seen[i] === UNSURE);
  if (!f.playing || f.waiting || !unknown.length) return null;
  const cells = unknown.slice(0, 5).map((i) => `(${i % f.cols},${Math.floor(i / f.cols)})`).join(' ');
  const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
  return `cell(s) ${cells}${more} changed to a look the skin ${f.name} has not learned, where the bot's clicks did not open them (a mine, a flag or a mark in a look not seen yet): such a look is learned from a game whose end the learner follows, by \`minebot learn --screen --name ${f.name} --mines ${f.mines}\` (it goes on from the skin; a learning run stops here too), and a game that ends under something over its board needs \`--dismiss\``;
}
