// The strategy asked for moves in a play session: a board it rejects read again (and the session
// stopped after too many in a row); a dry run's moves told without a click; the chord's button.

import { shiftGrid } from '../../core/grid.js';
import { createRng, mixSeed } from '../../core/rng.js';
import type { Decision } from '../../core/strategy.js';
import type { Button } from '../../desktop/ports.js';
import { BadReading } from '../screen/frames.js';
import { resultOf } from './judge.js';
import { planClicks } from './plan.js';
import type { Reading } from '../reading.js';
import type { SessionState } from '../session-state.js';

/**
 * Asks the strategy for moves. A board the solver finds impossible was misread: null asks the
 * caller to read again; after `retries` such boards in a row the session stops, saving the
 * capture and the reading.
 */
export async function decide(s: SessionState, reading: Reading, rng: ReturnType<typeof createRng>): Promise<Decision | null> {
  let failure: string;
  try {
    const decision = s.time.timeSync('solveMs', () => s.c.strategy.decide(reading.board, { rule: s.c.rule, rng, flags: s.c.flags !== false || s.c.chord === true }));
    s.solverRejections = 0;
    return decision;
  } catch (err) {
    failure = `the solver rejects the board as read: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (++s.solverRejections > (s.c.retries ?? 4)) {
    throw new BadReading(failure, s.observer.basis?.grab ?? (await s.frames.grab(s.place.full)), reading);
  }
  s.c.onEvent?.({ type: 'retry', why: failure });
  await s.time.sleep(40 * 2 ** (s.solverRejections - 1));
  return null;
}


export async function dryRun(s: SessionState, reading: Reading): Promise<void> {
  const decision = s.c.strategy.decide(reading.board, {
    rule: s.c.rule,
    rng: createRng(mixSeed(s.c.seed ?? 1, 0)),
    flags: s.c.flags !== false,
  });
  const plan = resultOf(reading) === 'playing' ? planClicks(decision.moves, reading.board, { flags: s.c.flags !== false, chord: false, chordButton: 'middle' }) : [];
  const capture = await s.frames.grab(s.place.full);
  const grid = shiftGrid(s.place.grid, capture.region.left, capture.region.top);
  s.c.onEvent?.({ type: 'dry-run', reading, moves: plan.flatMap((c) => c.moves), capture, grid });
}

export function chordButton(s: SessionState): Button {
  const b = s.c.chordButton;
  return typeof b === 'function' ? b(s.observer.skin ?? '') : (b ?? 'middle');
}
