// Real Windows Minesweeper captures (../shared/fixtures/real/winxp, third-party test data used
// from there only): every cell, the face and the counters, as captured and rescaled.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { readScreen, UNSURE_BELOW } from '../../src/vision/read/read.js';
import { loadImage } from '../../src/vision/skins/load.js';
import { FLAG, formatBoard, neighbourTable, findInconsistencies, type Board } from '../../src/core/board.js';
import { diffBoards, expectedIn, hasReal, loadScaled, realDir } from './helpers.js';

if (!hasReal) {
  console.warn(`vision real-capture tests skipped: ${realDir} is absent`);
}

const SCALES = [1, 1.25, 1.5, 2];
const cases = hasReal ? expectedIn(realDir) : [];

/** On a won board every number equals its count of neighbouring flags. */
function numbersMatchFlags(board: Board): string[] {
  const bad: string[] = [];
  const table = neighbourTable(board.width, board.height);
  board.cells.forEach((c, i) => {
    if (c > 8) return;
    let flags = 0;
    for (const j of table[i]!) if (board.cells[j] === FLAG) flags++;
    if (flags !== c) bad.push(`${i % board.width},${Math.floor(i / board.width)}`);
  });
  return bad;
}

describe.skipIf(!hasReal)('real winmine captures with expected readings', () => {
  it('has the expected fixtures', () => {
    expect(cases.map((c) => c.name)).toContain('expert-won-fullscreen-16bit');
    expect(cases.length).toBeGreaterThanOrEqual(4);
  });
  for (const c of cases) {
    for (const s of SCALES) {
      it(`${c.name} at ${s * 100}%`, async () => {
        const img = await loadScaled(c.image, s);
        const r = readScreen(img, { skin: 'auto' });
        expect(r.skin).toBe('winxp');
        expect(diffBoards(c.board, r.board)).toEqual([]);
        expect(formatBoard(r.board)).toBe(c.boardText);
        expect(r.face).toBe(c.face);
        expect(r.mineCounter).toBe(c.mineCounter);
        expect(r.timer).toBe(c.timer);
        expect(r.unsure).toEqual([]);
        expect(r.grid.pitch).toBeCloseTo(16 * s, 1);
        expect(Math.abs(r.grid.left - c.left! * s)).toBeLessThanOrEqual(Math.max(1, s));
        expect(Math.abs(r.grid.top - c.top! * s)).toBeLessThanOrEqual(Math.max(1, s));
      });
    }
  }
});

describe.skipIf(!hasReal)('real winmine captures without expected readings', () => {
  it('reads the 125% DPI capture (20 px pitch, blurred) as a consistent won intermediate board', async () => {
    for (const s of SCALES) {
      const img = await loadScaled(path.join(realDir, 'intermediate-won-125dpi.png'), s);
      const r = readScreen(img, { skin: 'winxp' });
      expect(r.board.width).toBe(16);
      expect(r.board.height).toBe(16);
      expect(r.grid.pitch).toBeCloseTo(20 * s, 0);
      expect(r.face).toBe('won');
      expect(r.mineCounter).toBe(0);
      expect(r.timer).toBe(17); // LED "017", checked by eye
      expect(r.unsure).toEqual([]);
      // won: all 40 mines flagged, no covered cell, every number matches its flags
      expect(r.board.mines).toBe(40);
      expect(r.board.cells.filter((c) => c === FLAG).length).toBe(40);
      expect(r.board.cells.filter((c) => c > 8 && c !== FLAG).length).toBe(0);
      expect(numbersMatchFlags(r.board)).toEqual([]);
    }
  });

  it('the won real boards are self-consistent too (numbers = neighbouring flags)', () => {
    for (const c of cases) expect(numbersMatchFlags(c.board)).toEqual([]);
  });

  it('reads every frame of the 62-frame GIF: a whole expert game, consistent frame to frame', async () => {
    const file = path.join(realDir, 'expert-game-62-frames.gif');
    const first = await loadImage(file);
    expect(first.frames).toBe(62);
    let prev: Board | null = null;
    let grid = null;
    for (let f = 0; f < first.frames; f++) {
      const img = await loadImage(file, { frame: f });
      const r = readScreen(img, { skin: 'auto' });
      expect(r.skin).toBe('winxp');
      expect([r.board.width, r.board.height]).toEqual([30, 16]);
      // the window does not move: the grid is found at the same place in every frame
      if (grid) expect(Math.abs(r.grid.left - grid.left) + Math.abs(r.grid.top - grid.top)).toBeLessThan(1.5);
      grid = r.grid;
      // the only doubtful cells are under the "MakeAGIF.com" watermark, bottom right, and in
      // frame 59, which caught cell (0,4) mid-repaint: a blank there while its neighbours were
      // still covered, which no finished frame shows (so the blank and the covered cells next
      // to it are doubtful)
      const midRepaint = (x: number, y: number): boolean => f === 59 && x <= 1 && Math.abs(y - 4) <= 1;
      for (const [x, y] of r.unsure) expect((x >= 24 && y >= 14) || midRepaint(x, y), `unsure (${x},${y}) in frame ${f}`).toBe(true);
      const sure = (i: number): boolean => r.confidence[i]! >= UNSURE_BELOW;
      if (f === 0) {
        expect(r.board.cells.every((c, i) => c === 9 || !sure(i))).toBe(true);
        expect(r.face).toBe('playing');
        expect(r.mineCounter).toBe(99);
      }
      // a number never changes again (a blank may: frame 59 caught cell (0,4) mid-repaint,
      // blank there and a 2 from frame 60 on)
      if (prev) {
        for (let i = 0; i < prev.cells.length; i++) {
          if (prev.cells[i]! >= 1 && prev.cells[i]! <= 8 && sure(i)) expect(`${i}:${r.board.cells[i]}`).toBe(`${i}:${prev.cells[i]}`);
        }
      }
      // numbers are locally consistent with the flags and covered cells around them
      // (unsure cells count as covered: unknown)
      const known = { ...r.board, cells: r.board.cells.map((c, i) => (sure(i) ? c : 9)) };
      const problems = findInconsistencies(known).filter((p) => sure(p.y * 30 + p.x) && p.reason.includes('shows'));
      expect(problems).toEqual([]);
      if (f === first.frames - 1) expect(r.face).toBe('won');
      prev = r.board;
    }
  }, 120_000);
});
