// Measures the LED counter reader (src/vision/read/hud.ts) on classic counters as a browser shows
// them (test/vision/browser-draw.ts): scales 100-200%, digits drawn at the cells' scale or at
// another size, moved off the skin's place, at fractional pixel offsets, with smoothing; every
// value from -99 to 999 (--step N: every Nth). Counts values read right, not read (null), and
// read WRONG (the case that must not happen).
//
//   npx tsx scripts/led-counters.ts [--step N]
import { parseBoard } from '../src/core/board.js';
import { readCounter } from '../src/vision/read/hud.js';
import { prepareSkin } from '../src/vision/read/prepared.js';
import { loadSkin } from '../src/vision/skins/skin.js';
import { browserBoard, drawCounter } from '../test/vision/browser-draw.js';

const at = process.argv.indexOf('--step');
const step = at > 0 ? Number(process.argv[at + 1]) : 1;
const board = parseBoard('9x9/10\n' + '.........\n'.repeat(9));
const skin = loadSkin('winxp');
const prepared = prepareSkin(skin);
const counter = skin.file.counters!.mines!;
const CASES: { name: string; digitScale: number; counterShift: [number, number] }[] = [
  { name: 'in place', digitScale: 1, counterShift: [0, 0] },
  { name: 'moved 2,1 px', digitScale: 1, counterShift: [2, 1] },
  { name: 'moved -3,-2 px', digitScale: 1, counterShift: [-3, -2] },
  { name: 'digits x0.8', digitScale: 0.8, counterShift: [0, 0] },
  { name: 'digits x0.9', digitScale: 0.9, counterShift: [1, 1] },
  { name: 'digits x1.15', digitScale: 1.15, counterShift: [0, -1] },
  { name: 'digits x1.3', digitScale: 1.3, counterShift: [-1, -3] },
];
const total = { right: 0, unread: 0, wrong: 0 };
for (const c of CASES) {
  const row = { right: 0, unread: 0, wrong: 0 };
  const wrongs: string[] = [];
  for (const s of [1, 1.25, 1.5, 1.75, 2, 1.1, 1.33, 1.6]) {
    for (const nudge of [0, 0.5]) {
      const drawn = browserBoard(board, 'winxp', s, { nudge });
      const g1 = { ...drawn.grid, left: (drawn.grid.left - nudge) / s, top: (drawn.grid.top - nudge) / s, pitch: skin.pitch, scale: 1 };
      for (let v = -99; v <= 999; v += step) {
        drawCounter(drawn.image, 'winxp', counter, v, g1, s, { nudge, digitScale: c.digitScale, counterShift: c.counterShift });
        const r = readCounter(drawn.image, drawn.grid, counter, prepared);
        if (r.value === v) row.right++;
        else if (r.value === null) row.unread++;
        else {
          row.wrong++;
          if (wrongs.length < 5) wrongs.push(`${v}→${r.value} at ${s * 100}%`);
        }
      }
    }
  }
  console.log(`${c.name}: ${row.right} right, ${row.unread} not read, ${row.wrong} WRONG${wrongs.length ? ` (${wrongs.join(', ')})` : ''}`);
  for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += row[k];
}
console.log(`all: ${total.right} right, ${total.unread} not read, ${total.wrong} WRONG`);
