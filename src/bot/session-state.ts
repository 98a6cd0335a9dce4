// What a play session holds while it runs (loop.ts): the desktop and the config it was given,
// the live parts (kit.ts), where the board is, and what the session has told and counted so far.
// The loop's steps (the modules it calls) take it as their first argument.

import type { Desktop } from '../desktop/ports.js';
import type { Kit } from './kit.js';
import type { Place } from './screen/place.js';
import type { GameRecord, PlayConfig } from './session.js';

export interface SessionState extends Kit {
  readonly d: Desktop;
  readonly c: PlayConfig;
  readonly records: GameRecord[];
  readonly saved: string[];
  /** Whether this session is the run started over after its first game took no click (game-run.ts HeldAtStart). */
  readonly startedOver: boolean;
  /** The game in which a click of a batch that may end it was not seen within CLICK_SHOWN_MS (play-batch.ts; no more waits there). */
  unshownIn: number;
  /** Where the board is: the clicks Safety allows follow it (session-place.ts setPlace). */
  place: Place;
  /** Boards in a row the solver rejected (decide.ts). */
  solverRejections: number;
}
