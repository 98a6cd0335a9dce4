// How often a fresh board with no lines between its cells (test/vision/lineless-draw.ts: grass
// filling each tile, or a tuft low in each tile over a shaded ground) is found whole and exactly,
// over random pitches (12-48 px), sizes (4-16 cells a side), places and textures:
//  - by the repeating alone (src/vision/locate/locate-repeat.ts);
//  - as the largest lattice of the locator (src/vision/locate/locate.ts): there the edge
//    locator's lattices, fitted to the tiles' texture, may stand in the way;
//  - by the live learner's first read (the board it would play): exact, another board read with
//    no cell unsure (it would play that), or refused (an error, or cells unsure: the loop stops).
// Exactly: the size, and all four edges within a pixel. Prints the two counts and the misses.
//   npx tsx scripts/lineless-locate.ts [--boards 300] [--seed 99]

import { COVERED } from '../src/core/board.js';
import { createRng } from '../src/core/rng.js';
import type { Grid } from '../src/vision/geometry.js';
import { locateGrids } from '../src/vision/locate/locate.js';
import { repeatingBoard } from '../src/vision/locate/locate-repeat.js';
import { LiveLearner } from '../src/vision/learn/live/live-learner.js';
import { drawLineless, isDrawnBoard, largest, type LinelessLook } from '../test/vision/lineless-draw.js';

function main(argv: string[]): void {
  const opt = (name: string, fallback: number): number => {
    const i = argv.indexOf(name);
    const v = i >= 0 ? Number(argv[i + 1]) : fallback;
    if (!Number.isInteger(v) || v < 1) throw new Error(`${name} takes a whole number of 1 or more`);
    return v;
  };
  const boards = opt('--boards', 300);
  const rng = createRng(opt('--seed', 99));
  const int = (a: number, b: number): number => a + Math.floor(rng.next() * (b - a + 1));
  const show = (g: Grid): string => `${g.cols}x${g.rows} at ${g.left.toFixed(1)},${g.top.toFixed(1)} p${g.pitch.toFixed(2)}`;
  let alone = 0, largestExact = 0;
  const learner = { exact: 0, other: 0, refused: 0 };
  const misses: string[] = [];
  for (let n = 0; n < boards; n++) {
    const pitch = int(12, 48), cols = int(4, 16), rows = int(4, 16);
    const look: LinelessLook = { pitch, left: 2 * pitch + int(0, 60), top: 2 * pitch + int(0, 60), tile: rng.next() < 0.5 ? 'grass' : 'tuft', seed: int(1, 1000) };
    const image = drawLineless({ width: cols, height: rows, mines: 0, cells: new Uint8Array(cols * rows).fill(COVERED) }, look);
    const exact = (g: Grid | null): boolean => isDrawnBoard(g, look, cols, rows);
    if (exact(repeatingBoard(image))) alone++;
    const found = locateGrids(image);
    if (exact(largest(found))) largestExact++;
    else misses.push(`${look.tile} ${cols}x${rows} at ${look.left},${look.top} p${pitch} (texture ${look.seed}): found ${found.map(show).join('; ') || 'nothing'}`);
    try {
      const r = new LiveLearner({ name: 'lineless', mines: Math.ceil(cols * rows / 6) }).read(image);
      if (r.unsure.length) learner.refused++;
      else if (exact(r.grid)) learner.exact++;
      else (learner.other++, misses.push(`  the learner would play ${show(r.grid)}`));
    } catch {
      learner.refused++;
    }
  }
  console.log(`found by the repeating alone: ${alone} of ${boards}`);
  console.log(`the locator's largest lattice: ${largestExact} of ${boards}`);
  console.log(`the learner's first read: ${learner.exact} exact, ${learner.other} another board read in full, ${learner.refused} refused`);
  for (const m of misses) console.log(`  ${m}`);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  console.error(`lineless-locate: ${(err as Error).message}`);
  process.exit(2);
}
