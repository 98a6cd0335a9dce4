// The near-look generator (near-looks.ts, near-positions.ts) keeps its promises: its true boards
// are legal Minesweeper positions played on the layout it returns, its images are measurably
// another look than the shipped skin they are near (or, for looks that change only the
// surroundings, the very same cells on new surroundings), and a seed gives the same cases every
// time. What the reader does with these images is asserted elsewhere (issue 12).
import { describe, expect, it } from 'vitest';
import { COVERED, EXPLODED, FLAG, MINE, WRONG_FLAG, findInconsistencies, formatBoard, neighbourTable } from '../../src/core/board.js';
import { crop } from '../../src/vision/image.js';
import { LOOK_STATES, MID_NUMBERS, SIZES, positionsFor, type Position } from './near-positions.js';
import { DIFFERENT_CELL, LOOKS, differenceFromShipped, nearLookCases, shippedRendering, type NearLookCase } from './near-looks.js';

/** Everything wrong with a position against its layout, as readable strings (empty when legal). */
function problems(pos: Position): string[] {
  const { board, layout, state } = pos;
  const out: string[] = [];
  const table = neighbourTable(board.width, board.height);
  let exploded = 0;
  board.cells.forEach((c, i) => {
    const at = `${state} (${i % board.width},${Math.floor(i / board.width)})`;
    const around = [...table[i]!];
    if (c <= 8) {
      if (layout[i]) out.push(`${at}: opened on a mine`);
      const mines = around.filter((j) => layout[j]).length;
      if (c !== mines) out.push(`${at}: shows ${c}, ${mines} mines around`);
      if (c === 0 && around.some((j) => board.cells[j]! > 8)) out.push(`${at}: a blank next to an unopened cell`);
    } else if (c === FLAG || c === MINE || c === EXPLODED) {
      if (!layout[i]) out.push(`${at}: ${c === FLAG ? 'flag' : 'mine'} on a safe cell`);
    } else if (c === WRONG_FLAG) {
      if (layout[i]) out.push(`${at}: wrong flag on a mine`);
    } else if (c !== COVERED) out.push(`${at}: unexpected code ${c}`);
    if (c === EXPLODED) exploded++;
  });
  for (const p of findInconsistencies(board)) out.push(`${state} (${p.x},${p.y}): ${p.reason}`);
  if (state === 'fresh' && board.cells.some((c) => c !== COVERED)) out.push('fresh: not all covered');
  if (state !== 'fresh' && board.mines !== layout.reduce((a, b) => a + b, 0)) out.push(`${state}: header says ${board.mines} mines, layout has another count`);
  if (state === 'mid') {
    if (board.cells.some((c) => c === MINE || c === EXPLODED || c === WRONG_FLAG)) out.push('mid: shows the end of a game');
    const shown = new Set(board.cells.filter((c) => c >= 1 && c <= 8));
    for (const n of MID_NUMBERS) if (!shown.has(n)) out.push(`mid: no ${n} shown`);
    if (!board.cells.includes(FLAG)) out.push('mid: no flag');
  }
  if (state === 'lost') {
    if (exploded !== 1) out.push(`lost: ${exploded} exploded mines`);
    // after a loss every mine shows: as a mine, the exploded one, or a flag left on it
    layout.forEach((m, i) => {
      if (m && board.cells[i] === COVERED) out.push(`lost: mine at ${i} still covered`);
    });
    if (!board.cells.includes(WRONG_FLAG)) out.push('lost: no wrong flag');
  }
  return out;
}

describe('near-look positions', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    for (const size of SIZES) {
      it(`seed ${seed}, ${size.cols}x${size.rows}: fresh, mid-game (1..6 shown) and lost are legal positions on their layout`, () => {
        const all = positionsFor(size, seed);
        for (const state of LOOK_STATES) {
          const pos = all[state];
          expect([pos.board.width, pos.board.height]).toEqual([size.cols, size.rows]);
          expect(problems(pos), formatBoard(pos.board)).toEqual([]);
        }
        // the loss continues the mid-game: every cell opened then is still open and the same
        const { mid, lost } = all;
        mid.board.cells.forEach((c, i) => {
          if (c <= 8) expect(lost.board.cells[i]).toBe(c);
        });
      });
    }
  }

  it('a broken position is caught (the checker can fail)', () => {
    const pos = positionsFor(SIZES[0]!, 1).mid;
    const i = pos.board.cells.findIndex((c) => c >= 1 && c <= 8);
    const cells = pos.board.cells.slice();
    cells[i] = cells[i]! === 8 ? 7 : cells[i]! + 1;
    expect(problems({ ...pos, board: { ...pos.board, cells } }).length).toBeGreaterThan(0);
  });
});

describe('near-look images', () => {
  const cases = nearLookCases(1);

  it('covers every look at several sizes and states', () => {
    expect(new Set(cases.map((c) => c.look))).toEqual(new Set(LOOKS.map((l) => l.name)));
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    for (const look of LOOKS) {
      const mine = cases.filter((c) => c.look === look.name);
      expect(new Set(mine.map((c) => `${c.board.width}x${c.board.height}`)).size, look.name).toBeGreaterThanOrEqual(2);
      expect(new Set(mine.map((c) => c.state)), look.name).toEqual(new Set(look.states));
    }
    const states = new Set(cases.map((c) => c.state));
    expect(states).toEqual(new Set(LOOK_STATES));
  });

  it("each case's board is the position for its size and state, and its grid lies inside its image", () => {
    for (const c of cases) {
      const si = SIZES.findIndex((s) => s.cols === c.board.width && s.rows === c.board.height);
      expect(si, c.name).toBeGreaterThanOrEqual(0);
      const { grid, image } = c;
      expect([grid.cols, grid.rows], c.name).toEqual([c.board.width, c.board.height]);
      expect(grid.left, c.name).toBeGreaterThanOrEqual(0);
      expect(grid.top, c.name).toBeGreaterThanOrEqual(0);
      expect(grid.left + grid.cols * grid.pitch, c.name).toBeLessThanOrEqual(image.width);
      expect(grid.top + grid.rows * grid.pitch, c.name).toBeLessThanOrEqual(image.height);
      expect(image.data.length).toBe(image.width * image.height * 4);
    }
  });

  it('looks that change the cells are measurably another look than the skin they are near', () => {
    for (const look of LOOKS.filter((l) => l.cells === 'changed')) {
      const mine = cases.filter((c) => c.look === look.name);
      const diffs = mine.map((c) => ({ c, d: differenceFromShipped(c) }));
      for (const { c, d } of diffs) {
        // every case: at least a tenth of its cells differ by DIFFERENT_CELL levels or more
        expect(d.changedShare, `${c.name}: ${(100 * d.changedShare).toFixed(0)}% of cells changed`).toBeGreaterThanOrEqual(0.1);
        expect(d.mean, c.name).toBeGreaterThan(1);
      }
      // and over the look, on average a fifth of the cells (a look that redraws only the numbers
      // changes a quarter or so of a mid-game board)
      const share = diffs.reduce((a, x) => a + x.d.changedShare, 0) / diffs.length;
      expect(share, look.name).toBeGreaterThanOrEqual(0.2);
    }
  });

  it('looks that change only the surroundings keep every cell pixel-equal to the skin, on surroundings of new colours', () => {
    const unchanged = cases.filter((c) => c.cells === 'unchanged');
    expect(unchanged.length).toBeGreaterThan(0);
    for (const c of unchanged) {
      expect(differenceFromShipped(c).mean, c.name).toBe(0);
      // the pixels around the board: mostly colours the skin's own window never shows
      const shipped = shippedRendering(c);
      const known = new Set<number>();
      for (let i = 0; i < shipped.data.length; i += 4) known.add((shipped.data[i]! << 16) | (shipped.data[i + 1]! << 8) | shipped.data[i + 2]!);
      let around = 0, novel = 0;
      const { grid, image } = c;
      for (let y = 0; y < image.height; y++) {
        for (let x = 0; x < image.width; x++) {
          if (x >= grid.left && x < grid.left + grid.cols * grid.pitch && y >= grid.top && y < grid.top + grid.rows * grid.pitch) continue;
          around++;
          const o = (y * image.width + x) * 4;
          if (!known.has((image.data[o]! << 16) | (image.data[o + 1]! << 8) | image.data[o + 2]!)) novel++;
        }
      }
      expect(novel / around, c.name).toBeGreaterThanOrEqual(0.2);
    }
  });

  it('the difference measure sees no difference between the skin and itself', () => {
    const c = cases.find((x) => x.look === 'winxp-wallpaper' && x.state === 'mid')!;
    const self: NearLookCase = { ...c, image: shippedRendering(c), grid: { ...c.grid, left: 12, top: 55 } };
    expect(differenceFromShipped(self)).toEqual({ mean: 0, changedShare: 0 });
    // and a board drawn one cell off is seen
    const off: NearLookCase = { ...self, image: crop(self.image, 16, 0, self.image.width, self.image.height) };
    expect(differenceFromShipped(off).changedShare).toBeGreaterThan(0.1);
    expect(DIFFERENT_CELL).toBeGreaterThan(0);
  });
});

describe('near-look determinism', () => {
  const looks = ['winxp-recoloured', 'sgt-noisy-cover', 'rounded-gaps', 'blue-grey', 'winxp-wallpaper'];

  it('the same seed draws the same cases, byte for byte', () => {
    const a = nearLookCases(7, { looks });
    const b = nearLookCases(7, { looks });
    expect(a.map((c) => c.name)).toEqual(b.map((c) => c.name));
    a.forEach((c, i) => {
      expect(Buffer.compare(Buffer.from(c.image.data), Buffer.from(b[i]!.image.data)), c.name).toBe(0);
      expect(formatBoard(c.board)).toBe(formatBoard(b[i]!.board));
      expect(c.grid).toEqual(b[i]!.grid);
    });
  });

  it('another seed draws other positions', () => {
    const a = nearLookCases(7, { looks: ['rounded-gaps'] });
    const b = nearLookCases(8, { looks: ['rounded-gaps'] });
    const mid = (cs: NearLookCase[]) => cs.filter((c) => c.state !== 'fresh').map((c) => formatBoard(c.board));
    expect(mid(a)).not.toEqual(mid(b));
    expect(mid(a).every((t, i) => t !== mid(b)[i])).toBe(true);
  });
});
