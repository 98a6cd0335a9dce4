// A learned skin knows what it has not seen (learned-fit.ts): boards drawn in a single-colour look
// of our own (white digits on dark green, mono-board.ts), where only a digit's shape tells it from
// another. A skin learned from some digits reads those exactly and refuses the others (unsure),
// never taking a 2, 3 or 4 for the 1 it learned.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COVERED, EXPLODED, parseBoard, type Board } from '../../src/core/board.js';
import { mineIcon, rect } from './near-draw.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { readScreen } from '../../src/vision/read/read.js';
import { drawMono } from './mono-board.js';
import { needsParts, partsBarOf, spreadOf, withNovelty } from '../../src/vision/read/learned-fit.js';
import { resize } from '../../src/vision/image.js';
import type { Skin } from '../../src/vision/skins/skin.js';

/** A board showing covered cells, blanks and the given digits (a row each, and covered rows between). */
function boardOf(digits: number[]): Board {
  const w = 9, rows: string[] = [];
  rows.push('000000000');
  for (const d of digits) rows.push(String(d).repeat(w), '.........');
  while (rows.length < 9) rows.push('.........');
  return parseBoard(`${w}x${rows.length}/10\n${rows.join('\n')}`);
}

/** A skin learned from a board of the given digits drawn at `pitch` (with `keycap`, on one shared key). */
function learnedFrom(digits: number[], pitch: number, keycap = false) {
  const b = boardOf(digits);
  const { image, grid } = drawMono(b, pitch, 12, keycap);
  return learnSkin(keycap ? 'keys' : 'mono', [{ name: 'lesson', image, board: b, grid }]);
}

/** Reads a board of all eight digits with the skin: per digit, what its cells read and how many are unsure. */
function readAll(skin: ReturnType<typeof learnedFrom>['learned']['skin'], pitch: number, keycap = false) {
  const b = boardOf([1, 2, 3, 4, 5, 6, 7, 8]);
  const { image, grid } = drawMono(b, pitch, 12, keycap);
  const r = readScreen(image, { skins: [skin], geometry: grid });
  const unsure = new Set(r.unsure.map(([x, y]) => y * b.width + x));
  return { b, r, unsure };
}

/**
 * Every number not in `digits` is unsure; with `exact`, every other cell reads right and sure
 * (at another size than learned only the first is asked).
 */
function expectOnly(digits: number[], { b, r, unsure }: ReturnType<typeof readAll>, exact = true): void {
  for (let i = 0; i < b.cells.length; i++) {
    const want = b.cells[i]!;
    if (want >= 1 && want <= 8 && !digits.includes(want)) expect(unsure.has(i), `a ${want} with ${digits} learned (read ${r.board.cells[i]})`).toBe(true);
    else if (exact) {
      expect(unsure.has(i), `a ${want}`).toBe(false);
      expect(r.board.cells[i]).toBe(want);
    }
  }
}

describe('a learned skin refuses looks it has not learned', () => {
  it('learned 1 only: 2..8 in the same white are unsure, never 1', () => {
    const { learned, report } = learnedFrom([1], 18);
    expect(report.captures[0]!.wrong).toEqual([]);
    expect(learned.file.learned?.fit?.['1']).toBeGreaterThan(0.98);
    const { b, r, unsure } = readAll(learned.skin, 18);
    for (let i = 0; i < b.cells.length; i++) {
      const want = b.cells[i]!;
      if (want === 1 || want === 0 || want === COVERED) {
        expect(unsure.has(i), `cell ${i}`).toBe(false);
        expect(r.board.cells[i]).toBe(want);
      } else expect(unsure.has(i), `cell ${i} (a ${want})`).toBe(true);
    }
  });

  it('whatever digits were learned, at any pitch: those read exactly, the others are unsure', () => {
    fc.assert(
      fc.property(fc.subarray([1, 2, 3, 4, 5, 6, 7, 8], { minLength: 1, maxLength: 7 }), fc.constantFrom(12, 16, 18, 24), (digits, pitch) => {
        expectOnly(digits, readAll(learnedFrom(digits, pitch).learned.skin, pitch));
      }),
      { numRuns: 20, seed: 19 },
    );
  }, 120_000);

  it('a skin saved before fits were recorded still refuses a look far from its states', () => {
    const { learned } = learnedFrom([1], 18);
    const { fit: _, ...rest } = learned.file.learned!;
    const legacy = { ...learned.skin, file: { ...learned.file, learned: rest } };
    const { b, unsure } = readAll(legacy, 18);
    for (let i = 0; i < b.cells.length; i++) if (b.cells[i]! >= 2 && b.cells[i]! <= 8) expect(unsure.has(i)).toBe(true);
  });
});

// Numbers that share one large look and differ only in a small digit on it (emoji keycaps: one
// blue key, a white digit): a whole-cell score of one digit against another is 0.9 and up, inside
// the least slack a state gets (0.05). A 5 the skin had not learned read as its 3 (0.967 against
// it, where its 2 and 3 are 0.975 alike) in a live learning run, and the run stopped on the
// contradiction. A look no nearer a state than halfway to that state's nearest other look is not
// taken as it (learned-fit.ts).
describe('numbers on one shared key, differing in a small digit', () => {
  for (const pitch of [33, 40]) {
    for (const digits of [[1, 2, 3, 4], [2, 3], [3, 5], [1, 2, 3, 4, 5], [2, 3, 4, 5, 6]]) {
      it(`learned ${digits.join(',')} at ${pitch} px: those read exactly, the others are unsure`, () => {
        const { learned, report } = learnedFrom(digits, pitch, true);
        expect(report.captures[0]!.wrong).toEqual([]);
        expectOnly(digits, readAll(learned.skin, pitch, true));
      });
    }
  }
});

// One number learned on a shared key: no other learned number bounds its slack (the nearest
// other state, a covered tile or the open ground, lies far off), and every other keycap scores
// 0.95-0.99 against it as a whole. Only the part of the cell where the digits differ tells them
// apart (stroke-fit.ts), asked of a look beyond the learned cells' own spread.
describe('one number learned on a shared key', () => {
  for (const pitch of [16, 24, 33, 40]) {
    for (const digit of [1, 3, 7, 8]) {
      it(`learned ${digit} alone at ${pitch} px: it reads exactly, every other number is unsure`, () => {
        expectOnly([digit], readAll(learnedFrom([digit], pitch, true).learned.skin, pitch, true));
      });
    }
  }
});

// Read at another size than learned (a page zoomed after learning), the parts are compared more
// loosely (resampling blurs the right digit's strokes too); a number not learned is still not
// taken for the one learned.
describe('one number learned on a shared key, read at another size', () => {
  for (const [learnAt, readAt] of [[24, 30], [33, 29], [40, 33]] as const) {
    it(`learned at ${learnAt} px, read at ${readAt} px: no number not learned reads with confidence`, () => {
      for (const digit of [1, 3, 8]) expectOnly([digit], readAll(learnedFrom([digit], learnAt, true).learned.skin, readAt, true), false);
    });
  }
});

// A number whose learned cells lay far apart (small serif digits on a large plain tile, in cells
// 35 and 36 px by turns: PaulusWhite/minesweeper-release, its 3s down to 0.984) accepts a look
// from 0.96. A look between the two, farther out than any learned cell, has its parts compared:
// a 4 not learned scored 0.9601 against the 3 and was read as 3, its parts agreeing at 0.01.
describe('a look beyond every learned cell of its number', () => {
  it('has its parts compared, not only one beyond the slack', () => {
    const skin = { file: { learned: { fit: { '3': 0.984 } } } } as unknown as Skin;
    const spread = spreadOf(skin)!;
    const match = { label: '3' as const, score: 0.9601, runnerUp: 0.952, runnerUpLabel: '2' as const, confidence: 0.51, template: 0 };
    expect(needsParts(match, { '3': 0.9598 }, spread)).toBe(true);
    expect(withNovelty({ ...match, local: 0.01 }, { '3': 0.9598 }, spread).confidence).toBe(0);
    // (a learned cell's own score needs no parts)
    expect(needsParts({ ...match, score: 0.985 }, { '3': 0.9598 }, spread)).toBe(false);
  });
});

// A number whose learned cells agree in every part is held to about that agreement (0.7 at most),
// not only to the 0.6 asked of any number beyond its spread, and within its spread too. Drawn keys
// lit otherwise cell by cell: a 3 not learned scores 0.987-0.990 against a learned 2, beyond its
// spread, parts 0.57-0.65 against the learned cells' 0.9996 (read as 2 before). On
// PaulusWhite/minesweeper-release (small serif digits on a large plain tile) a 3 scored 0.9864,
// within a learned 2's spread (0.9828), parts 0.16 against the learned cells' 0.93.
describe('a number learned from keys lit otherwise cell by cell', () => {
  /** A board of the digits drawn at twice `pitch` and halved (antialiased strokes), its keys lit by up to `shade` levels. */
  function lit(digits: number[], pitch: number, shade: number) {
    const b = boardOf(digits);
    const d = drawMono(b, pitch * 2, 12, true, shade);
    return { b, image: resize(d.image, d.image.width / 2, d.image.height / 2), grid: { ...d.grid, left: 6, top: 6, pitch } };
  }
  for (const pitch of [24, 36]) {
    for (const shade of [6, 12]) {
      for (const digits of [[2], [3], [5]]) {
        it(`learned ${digits.join(',')} at ${pitch} px, keys lit by up to ${shade}: those read exactly, the others are unsure`, () => {
          const { b, image, grid } = lit(digits, pitch, shade);
          const { learned, report } = learnSkin('lit', [{ name: 'lesson', image, board: b, grid }]);
          expect(report.captures[0]!.wrong).toEqual([]);
          const all = lit([1, 2, 3, 4, 5, 6, 7, 8], pitch, shade);
          const r = readScreen(all.image, { skins: [learned.skin], geometry: all.grid });
          expectOnly(digits, { b: all.b, r, unsure: new Set(r.unsure.map(([x, y]) => y * all.b.width + x)) });
        });
      }
    }
  }
});

describe('the bar for a number\'s parts', () => {
  const skin = (parts: Record<string, number>) => ({ file: { learned: { fit: { '2': 0.9828 }, parts } } }) as unknown as Skin;
  const match = { label: '2' as const, score: 0.9864, runnerUp: 0.95, runnerUpLabel: '1' as const, confidence: 1, template: 0 };
  it('is set by how far the learned cells\' parts went, within the spread too, and asked only at the skin\'s own size', () => {
    const bar = partsBarOf(skin({ '2': 0.929 }))!;
    const spread = spreadOf(skin({}))!;
    expect(bar['2']).toBeCloseTo(0.7, 5);
    expect(needsParts(match, { '2': 0.957 }, spread, true, bar)).toBe(true);
    expect(withNovelty({ ...match, local: 0.16 }, { '2': 0.957 }, spread, true, bar).confidence).toBe(0);
    expect(withNovelty({ ...match, local: 0.93 }, { '2': 0.957 }, spread, true, bar).confidence).toBe(1);
    expect(needsParts(match, { '2': 0.957 }, spreadOf(skin({}), false), false, bar)).toBe(false);
  });
  it('is none for a number whose learned cells\' parts varied widely, or a skin learned before parts were recorded', () => {
    expect(partsBarOf(skin({ '2': 0.3 }))).toEqual({});
    expect(partsBarOf(skin({}))).toEqual({});
    expect(needsParts(match, { '2': 0.957 }, spreadOf(skin({}))!, true, {})).toBe(false);
  });
  it('grows with how closely the learned cells\' parts agreed, up to 0.7', () => {
    fc.assert(fc.property(fc.double({ min: 0.61, max: 1, noNaN: true }), fc.double({ min: 0.61, max: 1, noNaN: true }), (p, q) => {
      const a = partsBarOf(skin({ '2': p }))!['2']!, b = partsBarOf(skin({ '2': q }))!['2']!;
      return a <= 0.7 && (p <= q ? a <= b : a >= b);
    }));
  });
});

// A mine that blew up learned from one cell, a small mine on a tile: that tile with the drawing
// missing scores near it as a whole. JasonLeisure/games' neon page, frozen by its win alert,
// showed the last cell clicked opened with its number not painted; a skin that had learned its
// mine that blew up from one cell (a bomb on that grey) read the blank tile as it, sure, and the
// win as a loss. A mine whose look holds a drawing is no cell with nothing drawn (drawn-mine.ts).
describe('a mine whose drawing is missing', () => {
  const LOST = '9x9/10\n111111111\n.........\n*X*******\n.........\n.........\n.........\n.........\n.........\n.........';
  const pitch = 32;
  const SIZE = 0.35;
  /** The board drawn, its mine that blew up a small mine on red (`drawn` false: the red tile alone). */
  const draw = (drawn: boolean) => {
    const b = parseBoard(LOST);
    const { image, grid } = drawMono(b, pitch);
    const x0 = grid.left + pitch, y0 = grid.top + 2 * pitch;
    rect(image, x0 + 1, y0 + 1, pitch - 1, pitch - 1, [200, 30, 30]);
    if (drawn) mineIcon(image, x0 + pitch * (1 - SIZE) / 2, y0 + pitch * (1 - SIZE) / 2, pitch * SIZE, [0, 0, 0]);
    // (every cell framed in a bright line, as the neon page draws them: a look all cells share)
    for (let i = 0; i < b.cells.length; i++) {
      const cx = grid.left + (i % 9) * pitch, cy = grid.top + Math.floor(i / 9) * pitch;
      for (const [x, y, w, h] of [[cx, cy, pitch, 2], [cx, cy + pitch - 2, pitch, 2], [cx, cy, 2, pitch], [cx + pitch - 2, cy, 2, pitch]] as const) rect(image, x, y, w, h, [0, 255, 204]);
    }
    return { b, image, grid };
  };

  it('reads unsure where the mine that blew up is drawn without its mine; drawn, sure', () => {
    const lesson = draw(true);
    const { learned, report } = learnSkin('mines', [{ name: 'lesson', image: lesson.image, board: lesson.b, grid: lesson.grid }]);
    expect(report.captures[0]!.wrong).toEqual([]);
    const whole = readScreen(lesson.image, { skins: [learned.skin], geometry: lesson.grid });
    expect(whole.unsure).toEqual([]);
    expect(whole.board.cells[2 * 9 + 1]).toBe(EXPLODED);
    const blank = draw(false);
    expect(readScreen(blank.image, { skins: [learned.skin], geometry: blank.grid }).unsure).toContainEqual([1, 2]);
  });
});
