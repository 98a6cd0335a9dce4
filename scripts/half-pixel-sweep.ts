// How the live learner reads a first cascade when the fresh board was found half a pixel from where
// its skin learned the numbers, and whether a 2 drawn in a look not taught is ever read as a look
// the skin knows (docs/zoo.md, forty-sixth round). Google-like boards (test/vision/google-draw.ts)
// at 17-30 px, numbers in colours or all in one grey; a skin taught by three games played on the
// learner's own readings; then, for 8 looks of the 2 x 3 games x the fresh board's lattice as found
// and half a pixel off it, the first cascade read. Prints one line per board.
//
//   npx tsx scripts/half-pixel-sweep.ts
import { COVERED, OPENED } from '../src/core/board.js';
import { createRng } from '../src/core/rng.js';
import { Game } from '../src/game/engine.js';
import { analyze } from '../src/solver/probability.js';
import { LiveLearner } from '../src/vision/learn/live/live-learner.js';
import { drawGoogleLike } from '../test/vision/google-draw.js';

const SPEC = { width: 16, height: 16, mines: 40 };
/** Looks of the 2 not taught (segments; abgcd is the 3's, which in one grey is the 3 itself). */
const TWOS = ['fgebc', 'abgd', 'afgd', 'bcg', 'abcg', 'abgcd', 'afgcd', 'abcdef'];

/** One game played on the learner's readings (open a certain cell, else the least likely mine), to its end or an unsure reading. */
function teach(learner: LiveLearner, seed: number, look: (g: Game) => ReturnType<typeof drawGoogleLike>): void {
  const game = new Game(SPEC, 'zero', createRng(seed));
  let r = learner.read(look(game));
  const grid = r.grid;
  const click = (i: number) => {
    learner.noteClick(i % SPEC.width, (i / SPEC.width) | 0, 'left');
    game.open(i % SPEC.width, (i / SPEC.width) | 0);
    r = learner.read(look(game), { geometry: grid });
    if (r.unsure.length && r.face === 'playing') r = learner.read(look(game), { geometry: grid });
  };
  click(8 * SPEC.width + 8);
  for (let step = 0; step < 400 && r.face === 'playing' && !r.unsure.length; step++) {
    const p = analyze(r.board).probabilities;
    let best = -1;
    for (let i = 0; i < p.length; i++) if (r.board.cells[i] === COVERED && (best < 0 || p[i]! < p[best]!)) best = i;
    click(best);
  }
}

for (const mono of [false, true]) {
  for (const [P2, L2, T2] of [[48, 199, 199], [60, 201, 287], [34, 201, 201], [40, 200, 201]] as const) {
    const teacher = new LiveLearner({ name: 'sweep', mines: SPEC.mines });
    for (let k = 0; k < 3; k++) {
      teach(teacher, 100 + k, (g) => drawGoogleLike(g.board(), P2, L2, T2, undefined, mono));
      const lesson = teacher.lesson();
      if (lesson) teacher.learn(lesson);
    }
    const skin = teacher.skin!;
    let twos = 0, asLearned = 0, numbers = 0, plus = 0, plusTaught = 0, misread = 0;
    const how: Record<string, number> = {};
    for (const two of TWOS) {
      for (const seed of [500, 501, 502]) {
        for (const off of [false, true]) {
          const game = new Game(SPEC, 'zero', createRng(seed));
          const player = new LiveLearner({ name: 'sweep', mines: SPEC.mines, previous: skin });
          const look = (g: Game) => drawGoogleLike(g.board(), P2, L2, T2, two, mono);
          let fresh = player.read(look(game)).grid;
          if (off) fresh = { ...fresh, left: fresh.left + 0.5, top: fresh.top - 0.5 };
          player.noteClick(8, 8, 'left');
          game.open(8, 8);
          const r = player.read(look(game), { geometry: fresh });
          const unsure = new Set(r.unsure.map(([x, y]) => y * SPEC.width + x));
          game.board().cells.forEach((c, i) => {
            const got = r.board.cells[i]!;
            if (c === 2) {
              twos++;
              if (got !== OPENED && !unsure.has(i)) (asLearned++, (how[`${two}->${got}`] = (how[`${two}->${got}`] ?? 0) + 1));
            } else if (c >= 1 && c <= 8) {
              numbers++;
              if (got === OPENED) (plus++, skin.cells.some((k) => k.state === String(c)) && plusTaught++);
              else if (got !== c && !unsure.has(i)) misread++;
            }
          });
        }
      }
    }
    const taught = skin.cells.map((c) => c.state).filter((st) => /^[1-8]$/.test(st));
    console.log(`${mono ? 'one grey' : 'colours '} ${P2 / 2} px from ${L2 / 2},${T2 / 2}, numbers taught ${[...new Set(taught)].join('')}: 2s in a look not taught ${twos}, read as a look the skin knows ${asLearned} ${JSON.stringify(how)}; other numbers ${numbers}: read '+' ${plus} (${plusTaught} of them taught), misread ${misread}`);
  }
}
