// A learning run's record (MINEBOT_RECORD=DIR): every frame the live learner is given, with the
// flags it was read with, every click, and every call that changes how it reads the next frame
// (a dismiss to come, a dismiss given, a start over), in order, so that scripts/replay-learn.ts
// can feed the same to a new learner. A look that only asks what covers the board (`probe`) is
// marked as one: a replay reads it as such, not as a frame of the game.

import type { RgbaImage } from '../../vision/image.js';
import type { Grid, ReadOptions } from '../reading.js';
import type { Learner } from './learn-live.js';

/** The read flags a frame is recorded with (its geometry apart). */
export type RecordedFlags = Pick<ReadOptions, 'veiled' | 'searching' | 'probe' | 'cellsOnly'>;

export type RecordedEvent =
  | ({ type: 'frame'; file: string; geometry?: Grid; covered?: boolean } & RecordedFlags)
  | { type: 'click'; x: number; y: number; button: 'left' | 'right' | 'middle'; certain?: boolean }
  | { type: 'dismissToCome'; on: boolean }
  | { type: 'dismissGiven'; given: boolean }
  | { type: 'startOver' };

/** Where a record goes: a frame's image kept under a name it returns, and each event in order. */
export interface RecordSink {
  image(image: RgbaImage): string;
  event(e: RecordedEvent): void;
}

const FLAGS = ['veiled', 'searching', 'probe', 'cellsOnly'] as const;

/** The flags of a read worth recording: those set. */
function setFlags(options: ReadOptions | undefined): RecordedFlags {
  const out: RecordedFlags = {};
  for (const f of FLAGS) if (options?.[f]) out[f] = true;
  return out;
}

/** The learner, its every input written to `sink` before the learner is given it. */
export function recording<S>(learner: Learner<S>, sink: RecordSink): Learner<S> {
  const frame = (image: RgbaImage, geometry: Grid | undefined, extra: Omit<Extract<RecordedEvent, { type: 'frame' }>, 'type' | 'file' | 'geometry'>): void =>
    sink.event({ type: 'frame', file: sink.image(image), ...(geometry ? { geometry } : {}), ...extra });
  return {
    ...learner,
    read: (image, options) => (frame(image, options?.geometry, setFlags(options)), learner.read(image, options)),
    noteClick: (x, y, button, certain) => (sink.event({ type: 'click', x, y, button, ...(certain !== undefined ? { certain } : {}) }), learner.noteClick(x, y, button, certain)),
    // (a covered frame the learner reads around is recorded as a frame read at that place)
    ...(learner.covered ? { covered: (geometry: Grid, image?: RgbaImage) => (image && frame(image, geometry, { covered: true }), learner.covered!(geometry, image)) } : {}),
    ...(learner.dismissToCome ? { dismissToCome: (on: boolean) => (sink.event({ type: 'dismissToCome', on }), learner.dismissToCome!(on)) } : {}),
    ...(learner.dismissGiven ? { dismissGiven: (given: boolean) => (sink.event({ type: 'dismissGiven', given }), learner.dismissGiven!(given)) } : {}),
    ...(learner.startOver ? { startOver: () => (sink.event({ type: 'startOver' }), learner.startOver!()) } : {}),
  };
}
