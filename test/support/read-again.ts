// A frame read by the live learner as the play loop reads it: a reading with cells unsure, the
// game still going, is read again (the loop waits for the board to settle), so that a cell the
// learner holds while the game may still be drawing it (a guess's own cell in a look not learned
// yet) is decided by the frames after it.
import type { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Grid } from '../../src/vision/geometry.js';
import type { RgbaImage } from '../../src/vision/image.js';
import type { Reading } from '../../src/vision/read/read.js';

/** The learner's reading of `image`, read up to `times` more times while cells are unsure and the game goes on. */
export function readAgain(learner: LiveLearner, image: RgbaImage, options: { geometry?: Grid } = {}, times = 2): Reading {
  let r = learner.read(image, options);
  for (let k = 0; k < times && r.unsure.length && r.face === 'playing'; k++) r = learner.read(image, options);
  return r;
}
