// One turn of a game in a play session: decide, plan, click, read what the clicks did (and tell
// which opened cells were mines).

import { COVERED } from '../../core/board.js';
import { finishedByFlags, sameCells, showsEffects } from './judge.js';
import { chordButton, decide } from './decide.js';
import { EndedAtStart, HeldAtStart, withOwnFlags, type GameRun } from './game-run.js';
import { canStartAnother } from '../flow/next-game.js';
import { dismissKeyOf } from '../flow/dismiss.js';
import type { ReadMode } from '../screen/observe.js';
import { planClicks } from './plan.js';
import { play } from './play-batch.js';
import type { Reading } from '../reading.js';
import { StopSignal } from '../hand/safety.js';
import { dismissLayer } from '../flow/session-dismiss.js';
import { look } from '../flow/session-place.js';
import type { SessionState } from '../session-state.js';

/** The stop when a game took none of the clicks of three decisions in a row. */
export const TOOK_NONE = 'three decisions in a row changed nothing on the screen';
/** Why a game ended unseen when it stopped taking clicks before its cells showed an end. */
export const TOOK_NO_CLICKS = 'the game took no more clicks (three decisions in a row changed nothing) before its cells showed an end';
/**
 * How long the clicks on a board the flags alone finish are waited for to show, ms (at most): long
 * enough for a game that opens the cells, short of the change timeout a loaded machine's first
 * draws get; a game that took the win at its last flag shows nothing.
 */
const FINISHED_CHANGE_WAIT_MS = 1000;

/** One turn: decide, plan, click, read what the clicks did (and tell which opened cells were mines). */
export async function turn(s: SessionState, game: GameRun, reading: Reading): Promise<Reading> {
  await s.c.yieldEvents?.();
  s.safety.checkpoint();
  const known = withOwnFlags(reading.board, game.flagged);
  const decision = await decide(s, { ...reading, board: known }, game.rng);
  // The solver found the board impossible: read it again from scratch.
  if (!decision) return look(s, null, null, 'full');
  game.decisions++;
  // (the probe: one click on a cell the solver proved safe, nothing else; none proved, the game is taken as ended)
  const proved = decision.moves.find((m) => m.action === 'open' && m.certain && known.cells[m.y * known.width + m.x] === COVERED);
  if (game.probe && !proved) throw new EndedAtStart();
  const plan = game.probe ? planClicks([proved!], known, { flags: false, chord: false, chordButton: chordButton(s) }).slice(0, 1) : planClicks(decision.moves, known, { flags: s.c.flags !== false, chord: s.c.chord === true, chordButton: chordButton(s) });
  if (!plan.length) throw new StopSignal(`the strategy has no move to play on this board (decision ${game.decisions})`);
  const before = reading.board;
  const basis = s.observer.basis!.grab;
  const made = await play(s, plan, game.index, before, game.decisions);
  for (const c of made) if (c.action === 'flag') game.flagged.add(c.y * before.width + c.x);
  game.moves += made.length;
  const carried = made.flatMap((c) => c.moves);
  const mode: ReadMode = s.c.incremental === false ? 'full' : made.some((c) => c.action !== 'open') ? 'cells-no-counter' : 'cells';
  // The frame that first shows the clicks is read and decided on at once; the check before
  // the next batch confirms it (a grab identical to it) before anything is clicked. With a quiet
  // time (a game seen drawing in steps, or a skin being learned) it is a settled frame instead.
  const confirmed = s.c.checkClicks !== false && made.length > 0 && s.frames.quietMs === 0;
  // (on a board the flags alone finish, those of this batch too, a game that took the win at its
  // last flag ignores the clicks: a change that does not come is not waited for as long)
  // The probe's click is waited for as any click (a classic game's opening shows after the usual wait).
  const wait = !game.probe && finishedByFlags(withOwnFlags(before, game.flagged)) ? FINISHED_CHANGE_WAIT_MS : null;
  // (what covers the board now came with this game's clicks: this batch's, or the last one's when
  // the board changed under this batch before anything was clicked — KMines drew its win's last
  // cell, then its high-score dialog; the dismiss key may close it)
  const afterClicks = s.safety.clicks > game.clicksBefore;
  s.observer.opened = carried.filter((m) => m.action === 'open').map((m) => m.y * before.width + m.x);
  // (a stop before a frame shows what these clicks opened tells them unseen at the game's end:
  // said, not guessed; a stop right after a guess is often a loss not followed)
  const after = await s.frames.briefly(wait, () => look(s, before, made.length ? basis : null, mode, made.length ? (b) => showsEffects(b, carried) : undefined, !confirmed, afterClicks ? 'failed' : null)).catch((err: unknown) => {
    game.outcomes.clicked(carried, before.width);
    throw err;
  });
  const changed = !sameCells(before, after.board);
  // (the probe's click showed nothing: the game has ended, that click is told nowhere: no frame
  // will show what it was, and it was no move of a game going on)
  if (game.probe && made.length && !changed) throw new EndedAtStart();
  if (changed) game.probe = false;
  game.outcomes.afterClicks(carried, after, changed);
  if (changed) {
    game.idle = 0;
    game.tookClicks = true;
  }
  else if (await dismissLayer(s, game)) return look(s, before, basis, 'full', undefined, true, 'failed');
  else if (++game.idle >= 3) {
    // (a batch cut short because a click it made never showed is no board changed under it)
    if (made.length < plan.length && s.unshownIn !== game.index) throw new StopSignal('three decisions in a row found the board changed under the clicks');
    game.outcomes.doubtLastChange('the game took no click after these opened: an end not seen may have come with them');
    // (a game that stopped taking clicks has ended where its cells do not show it: a face only,
    // or a win it counted wrong. With a way to start the next game, this one ended unseen and
    // the run goes on; the new game's fresh board is checked as always, so a page that takes no
    // clicks at all still stops the run there)
    // (a game that never took one of this game's clicks, a picture of one, stops the run)
    if (game.tookClicks && canStartAnother(s)) return { ...after, endUnseen: TOOK_NO_CLICKS };
    // (the run's first game, none of its clicks taken: something over the game may hold them)
    if (!game.tookClicks && mayStartOver(s, game)) throw new HeldAtStart();
    throw new StopSignal(TOOK_NONE);
  }
  return after;
}

/**
 * Whether a run whose first game took none of its clicks may start over after the dismiss key
 * (HeldAtStart): a key given (a click dismiss is placed from the board, which may be only the
 * part of it in view), no game played yet, and not started over once already.
 */
function mayStartOver(s: SessionState, game: GameRun): boolean {
  const key = s.c.dismissKey;
  return game.index === 0 && !!key && dismissKeyOf(key) !== null && !s.c.dryRun && !s.startedOver;
}
