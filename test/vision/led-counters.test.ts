// Classic LED counters as a browser shows them: at 100-200% with smoothing and fractional pixel
// offsets, the digits at the cells' scale or drawn larger or smaller, a few pixels off the skin's
// place. Every value reads right or not at all (null: play then asks for --mines), never as a
// wrong number ("006" was read as 8 by a browser game's counter drawn at another size).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseBoard } from '../../src/core/board.js';
import { readCounter } from '../../src/vision/read/hud.js';
import { prepareSkin } from '../../src/vision/read/prepared.js';
import { loadSkin } from '../../src/vision/skins/skin.js';
import { browserBoard, drawCounter } from './browser-draw.js';

const board = parseBoard('9x9/10\n' + '.........\n'.repeat(9));
const skin = loadSkin('winxp');
const prepared = prepareSkin(skin);
const counter = skin.file.counters!.mines!;

/** A window drawn once per scale and offset; counters are redrawn over it. */
const windows = new Map<string, ReturnType<typeof browserBoard>>();
function windowAt(s: number, nudge: number) {
  const key = `${s}/${nudge}`;
  let w = windows.get(key);
  if (!w) windows.set(key, (w = browserBoard(board, 'winxp', s, { nudge })));
  return w;
}

function readValue(value: number, s: number, nudge: number, digitScale = 1, counterShift: [number, number] = [0, 0]): number | null {
  const drawn = windowAt(s, nudge);
  const g1 = { ...drawn.grid, left: (drawn.grid.left - nudge) / s, top: (drawn.grid.top - nudge) / s, pitch: skin.pitch, scale: 1 };
  drawCounter(drawn.image, 'winxp', counter, value, g1, s, { nudge, digitScale, counterShift });
  return readCounter(drawn.image, drawn.grid, counter, prepared).value;
}

describe('LED counters drawn as a browser does', () => {
  it('reads every value from -99 to 999 at 175% with smoothing, and the values that tell digits apart at 100-200%', () => {
    for (let v = -99; v <= 999; v++) expect(readValue(v, 1.75, 0.5), `value ${v}`).toBe(v);
    // each digit beside each other digit, in every place (6/8, 0/8, 5/6, 9/8 ... differ by one segment)
    const values = [6, 8, 10, 60, 68, 86, 600, 606, 808, 889, 998, 123, 457, 590, -9, -88, 0, 999];
    for (const s of [1, 1.25, 1.5, 2, 1.33]) for (const v of values) expect(readValue(v, s, 0.25), `value ${v} at ${s * 100}%`).toBe(v);
  }, 120_000);

  it('digits drawn at another size than the cells, or a few pixels off the skin place, read right', () => {
    for (const [k, shift] of [[0.8, [0, 0]], [0.9, [1, 1]], [1.15, [0, -1]], [1, [-3, -2]]] as const) {
      for (const v of [6, 10, 99, 406, 888]) expect(readValue(v, 1.75, 0, k, [...shift]), `value ${v}, digits x${k} moved ${shift}`).toBe(v);
    }
  }, 120_000);

  it('a counter the old reader misread (digits x0.9 at 133%: 278 as 276, 538 as 536) reads right', () => {
    for (const v of [278, 538]) for (const nudge of [0, 0.5]) expect(readValue(v, 1.33, nudge, 0.9, [1, 1]), `value ${v}, nudge ${nudge}`).toBe(v);
  });

  it('property: any value, scale, offset, digit size and place reads right or not at all, never as another number', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -99, max: 999 }),
        fc.constantFrom(1, 1.1, 1.25, 1.33, 1.5, 1.6, 1.75, 2),
        fc.constantFrom(0, 0.25, 0.5, 0.75),
        fc.constantFrom(0.7, 0.8, 0.9, 1, 1, 1, 1.15, 1.3, 1.6),
        fc.tuple(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -5, max: 5 })),
        (v, s, nudge, k, shift) => {
          const got = readValue(v, s, nudge, k, shift);
          return got === null || got === v;
        },
      ),
      { numRuns: 150, seed: 19 },
    );
  }, 300_000);
});
