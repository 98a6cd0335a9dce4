// How often a live learner starts on a fresh board of the classic look's bevelled tiles drawn as
// a browser stretches them to a fractional pitch (test/vision/browser-draw.ts), found from its own
// lines: 10x10 and 16x16 boards from 14 to 30 px in steps of 0.37 px, the page at two sub-pixel
// phases. Prints each board refused or found the wrong size or with its pitch off by more than
// 0.6 px across it, and the counts. `npx tsx scripts/fresh-lattice-sweep.ts`
import { COVERED } from '../src/core/board.js';
import { LiveLearner } from '../src/vision/learn/live/live-learner.js';
import { browserBoard } from '../test/vision/browser-draw.js';
import { freshBoard } from '../test/vision/helpers.js';

let n = 0, refused = 0, wrongSize = 0, pitchOff = 0;
for (const w of [10, 16]) {
  for (let px = 14; px <= 30; px += 0.37) {
    for (const nudge of [0, 0.4]) {
      n++;
      const { image, grid } = browserBoard(freshBoard(w, w, 10), 'winxp', px / 16, { nudge });
      const at = `${w}x${w} at ${px.toFixed(2)} px, page nudged ${nudge} px`;
      try {
        const r = new LiveLearner({ name: 'sweep', mines: 10 }).read(image);
        if (r.grid.cols !== w || r.grid.rows !== w || r.unsure.length || !r.board.cells.every((c) => c === COVERED)) {
          wrongSize++;
          console.log(`${at}: read ${r.grid.cols}x${r.grid.rows}, ${r.unsure.length} unsure`);
        } else if (Math.abs(r.grid.pitch - grid.pitch) * w > 0.6) {
          pitchOff++;
          console.log(`${at}: pitch ${r.grid.pitch.toFixed(3)} for ${grid.pitch.toFixed(3)}`);
        }
      } catch (e) {
        refused++;
        console.log(`${at}: ${(e as Error).message.slice(0, 100)}`);
      }
    }
  }
}
console.log(`${n} fresh boards: ${refused} refused, ${wrongSize} read at another size or not all covered, ${pitchOff} with the pitch off by more than 0.6 px across`);
