// The skinless grid locator on the kinds of boards the zoo's real games draw (test/e2e/zoo.test.ts
// checks the games themselves), drawn here from their facts, never from their artwork:
//  - dithered covers (a checkerboard of two greys) between thick black grid lines, tiles of 30 and
//    50 px, on a white window (xbomb); and lost, every cell shown between black lines but those
//    the player opened framed in green (a board opened at its top settled 1.5 px off before);
//  - bevelled tiles drawn apart on a dark background dotted as the game dots it (4 px dots 8 px
//    apart at 48 px) that is also the board's frame and the look of an opened cell, tiles of 12, 24
//    and 48 px (ace-minesweeper; at 12 px the dots are single pixels, two apart): fresh, and with opened cells, all open but the first two columns
//    (as on the real game's mid-game frames), and late in a game (mostly open: its lines there are
//    only the dots), and opened but for a few tiles at the top right (the dotted background
//    then repeats over the whole board, and that repeating board, a gap's width off, was taken
//    over the lattice of the lines: 2 px off), and covered but for the lowest rows (the row lines
//    past the covered tiles, only dots beside the bevels' edges, made no peaks: the covered rows
//    were found as the board) or the rightmost columns, and two real frames' layouts: lost with
//    its lower half open at the left (its peaks, a gap's and a bevel's edges 4 px apart, were
//    walked 0.4 px a cell off, and the board came out in halves), open at the top left, lost at
//    once (covered but for a few mines: walked at twice the pitch on the real game), open over
//    its top half (found as its covered rows on the real game);
//  - framed tiles over a textured, shaded background, opened cells told apart only by faint lines
//    11 levels above them (KMines): fresh, with the whole top row open, the top rows open but for
//    one column (its top end repeats along that column only), 16x16 mid-game (the
//    pitch fitted over covered tiles' and opened cells' lines must come out whole-board exact),
//    and with cells open at both ends, or lost with mines there (each column whose end cell is
//    not a covered tile names an edge of its own as the board's end: the few answers that agreed
//    were outvoted, or split between two halves of a pixel, and the lattice stayed 1.2-1.8 px off);
//  - KMines' classic look, whose frame's highlight and shadow run into the outer tiles' own (no
//    edge at the board's ends), in three real mid-games' layouts found 1.2-1.3 px off;
//  - a frame one cell wide drawn as the tiles are (KyriaElixia): found as a ring of cells before.
// The largest lattice found must be the whole board (its size) with its first cell's centre
// within 1 px of the drawn one, and the pitch within 0.1 px.

import { describe, expect, it } from 'vitest';
import type { Grid } from '../../src/vision/geometry.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { dithered, FIRST_ROW, FRESH, LAST_COLUMN, MID, MOSTLY_OPEN, TOP_ROWS, zooCases, type Drawn } from './zoo-draw.js';

const show = (g: Pick<Grid, 'cols' | 'rows' | 'left' | 'top' | 'pitch'>): string => `${g.cols}x${g.rows} at ${g.left.toFixed(1)},${g.top.toFixed(1)} pitch ${g.pitch.toFixed(2)}`;

/** Whether the largest lattice found is the drawn board: its size, its first cell's centre within 1 px, its pitch within 0.1 px. */
function located(c: Drawn): string | null {
  const found = locateGrids(c.image);
  const largest = found.reduce<Grid | null>((a, b) => (!a || b.cols * b.rows > a.cols * a.rows ? b : a), null);
  const g = c.grid;
  const px = 1 + 1e-6; // (a pixel, give or take the float)
  const exact =
    largest !== null &&
    largest.cols === g.cols &&
    largest.rows === g.rows &&
    Math.abs(largest.left + largest.pitch / 2 - (g.left + g.pitch / 2)) <= px &&
    Math.abs(largest.top + largest.pitch / 2 - (g.top + g.pitch / 2)) <= px &&
    Math.abs(largest.pitch - g.pitch) <= 0.1;
  return exact ? null : `${c.name}: want ${show(g)}, found ${found.map(show).join('; ') || 'nothing'}`;
}

describe('grid locator: the zoo’s kinds of boards, drawn', () => {
  it('dithered covers between thick lines, bevelled tiles apart on a dotted background, framed tiles on a textured one: the whole board, exactly', () => {
    const { known, open } = zooCases();
    expect(known.length).toBe(69);
    expect(known.map(located).filter((w) => w !== null)).toEqual([]);
    // not yet (docs/zoo.md): said, so that a change that fixes one is seen
    const still = open.map(located).filter((w) => w !== null);
    console.log(`locate-zoo: ${open.length - still.length} of ${open.length} boards not found exactly before are now; still not: ${still.join(' | ')}`);
  }, 60_000);
});

describe('grid locator: dithered boards, to a fraction of a pixel', () => {
  // A dithered board is looked at smoothed over 2x2 pixels; each boundary found there must come
  // back where it is in the image, the middle of its 2 px line, whether the board sits on a plain
  // page or a few white pixels inside a window's dark border (xbomb's window: a blurred white run
  // between the border and the board's outer line was taken for a thin line and the board came
  // out 1.7 px left), and whatever cells are open.
  it('each board is found with its first line\'s middle within half a pixel, in a window or not, fresh, mid-game, opened at an edge and lost', () => {
    const off: string[] = [];
    for (const p of [30, 50]) {
      for (const [open, what] of [[FRESH, 'fresh'], [MID, 'mid-game'], [LAST_COLUMN, 'last column open'], [FIRST_ROW, 'first row open'], [TOP_ROWS, 'top rows open'], [MOSTLY_OPEN, 'mostly open']] as const) {
        for (const margin of [undefined, 3, 4, 5]) {
          const c = dithered(p, 8, 8, open, `dithered ${p} px ${what}${margin === undefined ? '' : `, ${margin} px inside a window`}`, margin);
          // the middle of the first 2 px line (pixels 41-42, 67-68)
          const want = { left: c.grid.left + 0.5, top: c.grid.top + 0.5 };
          const g = locateGrids(c.image).find((f) => f.cols === 8 && f.rows === 8);
          if (!g || Math.abs(g.left - want.left) > 0.5 || Math.abs(g.top - want.top) > 0.5) off.push(`${c.name}: want 8x8 at ${want.left},${want.top}, found ${g ? `${g.left.toFixed(2)},${g.top.toFixed(2)}` : 'none'}`);
        }
      }
    }
    expect(off).toEqual([]);
  });
});
