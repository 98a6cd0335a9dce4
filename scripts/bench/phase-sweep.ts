// Measures how learned skins read digits whose learned cells lie at several sub-pixel phases
// (boards drawn at twice the size and halved, test/vision/mono-board.ts): per cell size, how many
// digits not learned read as a learned one (a confident misreading) and how many learned cells
// read unsure or wrong. Two ways of phase: 'frac', a board of pitch p + ½ (its cells alternate
// between two phases), and 'shift', two lessons at pitch p half a pixel apart, read at both.
// Three looks: plain (white digits on the open ground), coloured (each digit its own colour) and
// keys (a small white digit on a large key of one colour).
//
//   npx tsx scripts/bench/phase-sweep.ts [--from 14] [--to 40] [--step 1]   (each case on stderr, the table on stdout)
import { parseBoard, type Board } from '../../src/core/board.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { readScreen } from '../../src/vision/read/read.js';
import type { RgbaImage } from '../../src/vision/image.js';
import type { Grid } from '../../src/vision/geometry.js';
import { drawMono, halve } from '../../test/vision/mono-board.js';

const arg = (name: string, d: number): number => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : d;
};
const from = arg('--from', 14), to = arg('--to', 40), step = arg('--step', 1);

type Look = 'plain' | 'coloured' | 'keys';
const COLOURS: [number, number, number][] = [[0, 0, 0], [90, 170, 255], [120, 230, 120], [255, 110, 110], [190, 140, 255], [255, 190, 90], [90, 230, 230], [240, 240, 240], [200, 200, 120]];
const LEARNED = [[2], [3], [2, 5]];

function boardOf(digits: number[]): Board {
  const w = 9, rows: string[] = ['000000000'];
  for (const d of digits) rows.push(String(d).repeat(w), '.........');
  while (rows.length < 9) rows.push('.........');
  return parseBoard(`${w}x${rows.length}/10\n${rows.join('\n')}`);
}

/** A board drawn at `pitch2` px (twice the cells' size) `shift` px from the corner, and halved. */
function drawn(b: Board, pitch2: number, shift: number, look: Look): { image: RgbaImage; grid: Grid } {
  const margin = 12 + shift;
  const d = drawMono(b, pitch2, margin, look === 'keys');
  // (each digit its own colour: the white ink recoloured before halving)
  if (look === 'coloured') {
    for (let i = 0; i < b.cells.length; i++) {
      const n = b.cells[i]!;
      if (n < 1 || n > 8) continue;
      const x0 = margin + (i % b.width) * pitch2, y0 = margin + ((i / b.width) | 0) * pitch2;
      for (let y = y0; y < y0 + pitch2; y++) {
        for (let x = x0; x < x0 + pitch2; x++) {
          const k = (y * d.image.width + x) * 4;
          if (d.image.data[k] === 240 && d.image.data[k + 1] === 240) d.image.data.set(COLOURS[n]!, k);
        }
      }
    }
  }
  return { image: halve(d.image), grid: { ...d.grid, left: margin / 2, top: margin / 2, pitch: pitch2 / 2 } };
}

interface Row { cases: number; misread: number; misreadCases: number; learnedUnsure: number; learnedWrong: number; unsureCases: number }
const empty = (): Row => ({ cases: 0, misread: 0, misreadCases: 0, learnedUnsure: 0, learnedWrong: 0, unsureCases: 0 });

function measure(lessons: { image: RgbaImage; grid: Grid; b: Board }[], reads: { image: RgbaImage; grid: Grid; b: Board }[], digits: number[], row: Row, what: string): void {
  const { learned } = learnSkin('phase', lessons.map((l, k) => ({ name: `lesson${k}`, image: l.image, board: l.b, grid: l.grid })));
  let mis = 0, unsure = 0, wrong = 0;
  const seen: string[] = [];
  for (const r of reads) {
    const out = readScreen(r.image, { skins: [learned.skin], geometry: r.grid });
    const u = new Set(out.unsure.map(([x, y]) => y * r.b.width + x));
    for (let i = 0; i < r.b.cells.length; i++) {
      const want = r.b.cells[i]!, got = out.board.cells[i]!;
      if (want >= 1 && want <= 8 && !digits.includes(want)) {
        if (!u.has(i)) { mis++; seen.push(`${want}→${got}`); }
      } else if (u.has(i)) unsure++;
      else if (got !== want) wrong++;
    }
  }
  row.cases++;
  row.misread += mis;
  row.learnedUnsure += unsure;
  row.learnedWrong += wrong;
  if (mis) row.misreadCases++;
  if (unsure) row.unsureCases++;
  console.error(`${what}: ${mis} misread${mis ? ` (${[...new Set(seen)].join(' ')})` : ''}, ${wrong} learned wrong, ${unsure} learned unsure`);
}

const table = new Map<string, Row>();
const all = boardOf([1, 2, 3, 4, 5, 6, 7, 8]);
for (let p = from; p <= to; p += step) {
  for (const look of ['plain', 'coloured', 'keys'] as Look[]) {
    for (const digits of LEARNED) {
      const b = boardOf(digits);
      // a board of pitch p + ½: its cells alternate between two phases
      const frac = table.get(`frac ${look}`) ?? empty();
      table.set(`frac ${look}`, frac);
      measure([{ ...drawn(b, 2 * p + 1, 0, look), b }], [{ ...drawn(all, 2 * p + 1, 0, look), b: all }], digits, frac, `frac ${look} ${p + 0.5} px learned ${digits}`);
      // two lessons at pitch p half a pixel apart, read at either phase
      const shift = table.get(`shift ${look}`) ?? empty();
      table.set(`shift ${look}`, shift);
      const two = [0, 1].map((s) => ({ ...drawn(b, 2 * p, s, look), b }));
      measure(two, [0, 1].map((s) => ({ ...drawn(all, 2 * p, s, look), b: all })), digits, shift, `shift ${look} ${p} px learned ${digits}`);
    }
  }
}
console.log(`pitch ${from}-${to} step ${step}, learned ${LEARNED.map((d) => d.join('+')).join(', ')}; per row: cases, cases with a misread (cells), learned cells wrong, cases with learned cells unsure (cells)`);
for (const [k, r] of table) console.log(`${k.padEnd(16)} ${String(r.cases).padStart(4)}  misread ${r.misreadCases} (${r.misread})  learned wrong ${r.learnedWrong}  unsure ${r.unsureCases} (${r.learnedUnsure})`);
