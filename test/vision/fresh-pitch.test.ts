// A fresh board of bevelled tiles stretched to a fractional pitch (a classic-look browser game at
// a zoom), found from its own lines: the pitch fitted to lines that lie a pixel either way of
// where a fractional pitch puts them may be a few hundredths of a pixel off (16.83 for 16.96 px
// tiles, 15.42 for 15.48 px), a pixel or more across the board, where the far cells' cuts take in
// their neighbours' edges and look like no covered tile: the learner refused the fresh board
// ("not a fresh game"), learning never began. The pitch is now set by the cells' looks
// (live-lattice-phase.ts freshPitch): the middle of the run of pitches at which fewest cells look
// unlike the rest.
import { describe, expect, it } from 'vitest';
import { COVERED } from '../../src/core/board.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import { freshLattice } from '../../src/vision/learn/live/live-lattice-phase.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { browserBoard } from './browser-draw.js';
import { freshBoard } from './helpers.js';

describe('a fresh board of bevelled tiles at a fractional pitch, found from its own lines', () => {
  // (each refused before, its pitch located 0.01 to 0.13 px off or a row of the window taken in)
  const cases: [number, number, number][] = [
    [10, 15.11, 0], [10, 15.11, 0.4], [10, 16.96, 0],
    [16, 14.37, 0], [16, 14.74, 0], [16, 15.11, 0], [16, 15.48, 0], [16, 16.96, 0], [16, 16.96, 0.4],
  ];
  it('starts learning: the whole board found, every cell covered, none unsure', () => {
    const refused: string[] = [];
    for (const [w, px, nudge] of cases) {
      const { image } = browserBoard(freshBoard(w, w, 10), 'winxp', px / 16, { nudge });
      const learner = new LiveLearner({ name: 'zoom', mines: 10 });
      try {
        const r = learner.read(image);
        if (r.grid.cols !== w || r.grid.rows !== w || r.unsure.length || !r.board.cells.every((c) => c === COVERED)) refused.push(`${w}x${w} at ${px} px (nudge ${nudge}): read ${r.grid.cols}x${r.grid.rows}, ${r.unsure.length} unsure, ${r.board.cells.filter((c) => c !== COVERED).length} not covered`);
      } catch (e) {
        refused.push(`${w}x${w} at ${px} px (nudge ${nudge}): ${(e as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('its pitch by the looks puts the far side within half a pixel, where the lines put it further', () => {
    let further = 0;
    for (const [w, px, nudge] of cases) {
      const { image, grid } = browserBoard(freshBoard(w, w, 10), 'winxp', px / 16, { nudge });
      const located = locateGrids(image).find((g) => g.cols === w)!;
      if (Math.abs(located.pitch - grid.pitch) * w > 0.5) further++;
      const set = freshLattice(image, located);
      expect(Math.abs(set.pitch - grid.pitch) * w, `${w}x${w} at ${px} px`).toBeLessThanOrEqual(0.5);
    }
    expect(further).toBeGreaterThanOrEqual(3);
  });

  it('a board at a whole pitch keeps the pitch its lines give', () => {
    for (const s of [1, 1.5, 2]) {
      const { image, grid } = browserBoard(freshBoard(16, 16, 40), 'winxp', s);
      const located = locateGrids(image).find((g) => g.cols === 16)!;
      expect(located.pitch).toBeCloseTo(grid.pitch, 5);
      expect(freshLattice(image, located).pitch).toBeCloseTo(grid.pitch, 5);
    }
  });
});
