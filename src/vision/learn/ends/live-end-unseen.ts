// A watched game that ended where no frame showed how (live-learner.ts): won after clicks each
// proved safe, when its mines can be placed; else its result unknown, nothing learned, each with
// the line that says why. Each gives the codes the loop gets and ends the game being watched
// (live-watch.ts). Pure.

import { FLAG, OPENED, isClosed, isUnknown } from '../../../core/board.js';
import { withOwnFlags } from './live-end-behind.js';
import type { Watch } from '../live/live-watch.js';

/** The most closed cells whose mines wonUnseen tries every way of placing. */
const UNSEEN_CELLS = 10;

/**
 * A game that ended where no frame shows how, after clicks each proved safe (`clicks`): no click
 * of them can have lost it, so it was won, its last safe cells opened by the cascades of those
 * clicks. Where every mine is is not known: nothing is learned. To the loop: the board with its
 * mines placed in one way that fits every number (the solver's `consistent`, tried over every
 * placement of the mines left among at most UNSEEN_CELLS closed cells), flagged, every other
 * cell open. Null when it cannot be placed so.
 */
export function wonUnseen(w: Watch, prev: Uint8Array, clicks: number[]): Uint8Array | null {
  if (!w.consistent || !clicks.length || !clicks.every((i) => w.proven.has(i) && isClosed(prev[i]!))) return null;
  const base = withOwnFlags(w, prev).map((c, i) => (clicks.includes(i) ? OPENED : c));
  const closed = [...base.keys()].filter((i) => isUnknown(base[i]!));
  const need = w.mines - base.filter((c) => c === FLAG).length;
  if (need < 0 || need > closed.length || closed.length > UNSEEN_CELLS) return null;
  for (const pick of subsets(closed, need)) {
    const codes = base.map((c, i) => (isUnknown(c) ? (pick.has(i) ? FLAG : OPENED) : c));
    if (!w.consistent({ width: w.cols, height: w.rows, mines: w.mines, cells: codes })) continue;
    w.phase = 'won';
    w.pending = { result: 'won', capture: null, why: 'the game ended where no frame showed how, after clicks each proved safe: won, but where its last cells opened is not known, nothing learned from this game' };
    return codes;
  }
  return null;
}

/** Why a game that ended unseen taught nothing. */
export const ENDED_UNSEEN = 'its board went away for good after a guess that may have won as well as lost; nothing learned from this game';

/** Why a game that ended unseen behind a box taught nothing. */
export const ENDED_BEHIND_UNSEEN = 'it ended behind something drawn over the board after a guess that may have won as well as lost; nothing learned from this game';

/**
 * A game whose board went away after a lone guess and stayed away (or ended behind a box: `why`), where neither a win nor a
 * loss follows from what was seen (endBehind, wonUnseen: none): the guess may have been a mine,
 * or a 0 whose cascade opened every safe cell left. It ended, how no frame showed: nothing is
 * learned, the loop gets the board as it was before the guess (its result unknown). Null for
 * anything but a lone guess (a click not proved safe) on a closed cell.
 */
export function endUnseen(w: Watch, prev: Uint8Array, clicks: number[], why = ENDED_UNSEEN): Uint8Array | null {
  if (clicks.length !== 1 || w.proven.has(clicks[0]!) || !isClosed(prev[clicks[0]!]!)) return null;
  return endedUnseen(w, prev, why);
}

/** The game ended, how no frame showed (`why`): nothing learned; the loop gets `prev`, the board as it was before the clicks. */
function endedUnseen(w: Watch, prev: Uint8Array, why: string): Uint8Array {
  w.phase = 'unknown';
  w.pending = { result: 'unknown', capture: null, why };
  return prev.slice();
}

/** Why a game whose clicks changed nothing after a guess opened a cell alone taught nothing. */
export const SILENT_UNSEEN = 'clicks changed nothing after a guess opened a cell alone, not drawn as a mine hit: that guess or a later click may have ended it (a page that stopped drawing); nothing learned from this game';

/**
 * A game whose clicks changed nothing after a guess opened a cell alone, where no frame proves
 * that cell the mine hit (live-board-ends.ts mineShownAlone): it ended, how no frame showed;
 * nothing is learned, the loop gets `prev` (its result unknown).
 */
export function silentUnseen(w: Watch, prev: Uint8Array): Uint8Array {
  return endedUnseen(w, prev, SILENT_UNSEEN);
}

/** Why a game whose board went away for good after clicks each proved safe taught nothing. */
export const ENDED_SAFE_UNSEEN = 'its board went away for good after clicks each proved safe: won, most likely, but no frame showed where its last cells opened; nothing learned from this game';

/**
 * A game whose board went away for good after clicks each proved safe (`clicks`), where the mines
 * left cannot be placed (wonUnseen: none): no click of them can have lost it, but no frame showed
 * its end. It ended, how not told: nothing is learned, the loop gets the board as it was before
 * the clicks (its result unknown). Null for anything but closed cells each proved safe.
 */
export function safeClicksUnseen(w: Watch, prev: Uint8Array, clicks: number[]): Uint8Array | null {
  if (!clicks.length || !clicks.every((i) => w.proven.has(i) && isClosed(prev[i]!))) return null;
  return endedUnseen(w, prev, ENDED_SAFE_UNSEEN);
}

/** Every set of `k` of `items`. */
function* subsets(items: number[], k: number, from = 0, taken: number[] = []): Generator<Set<number>> {
  if (taken.length === k) return void (yield new Set(taken));
  for (let a = from; a <= items.length - (k - taken.length); a++) yield* subsets(items, k, a + 1, [...taken, items[a]!]);
}
