// What a skin learned from one lesson makes of the others: the worst case of a skin that has
// seen one game. For each of the N lessons with the fewest different numbers, a skin is learned
// from that lesson alone and every other lesson is read with it (at the lesson's own grid).
// Counted over all pairs: numbers the skin never saw that read as something with confidence
// (misread: the dangerous case), learned states read unsure (the cost) and read wrongly; the
// numbers among them apart, and those read where the board lay exactly where the skin's lesson
// had it (same grid: the same page layout, the same sub-pixel phase). Lessons are the NAME-lesson-*.png + .board.txt pairs that
// `learn --screen` and `play --save` write ('+' cells are skipped; duplicates read once).
//
// With --numbers 1,3 each skin learns only those numbers (the lesson's other numbers are left
// unlabelled, as '+'): one digit of a shared key learned, the others never seen.
//
//   npx tsx scripts/learn-alone.ts DIR... [--learn N] [--numbers LIST]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { OPENED, parseBoard, type Board } from '../src/core/board.js';
import type { Grid } from '../src/vision/geometry.js';
import type { RgbaImage } from '../src/vision/image.js';
import { learnSkin } from '../src/vision/learn/learn.js';
import { readScreen, VisionError } from '../src/vision/read/read.js';
import { loadImage } from '../src/vision/skins/load.js';

interface Lesson { file: string; board: Board; image: RgbaImage; grid: Grid; numbers: Set<number> }

function lessonFiles(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    let st;
    try {
      st = statSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) lessonFiles(p, out);
    else if (/lesson.*\.board\.txt$/.test(f)) out.push(p);
  }
  return out;
}

async function loadLessons(dirs: string[]): Promise<Lesson[]> {
  const seen = new Set<string>();
  const out: Lesson[] = [];
  for (const file of dirs.flatMap((d) => lessonFiles(d))) {
    const text = readFileSync(file, 'utf8');
    const body = text.split('\n').filter((l) => !l.startsWith('#')).join('\n');
    const grid = /^# grid (\{.*\})$/m.exec(text);
    if (seen.has(body) || !grid) continue;
    seen.add(body);
    const board = parseBoard(text);
    const numbers = new Set(board.cells.filter((c) => c >= 1 && c <= 8));
    out.push({ file, board, image: await loadImage(file.replace(/\.board\.txt$/, '.png')), grid: JSON.parse(grid[1]!) as Grid, numbers });
  }
  return out.sort((a, b) => a.numbers.size - b.numbers.size);
}

/** The lesson with every number not in `keep` unlabelled. */
function onlyNumbers(lesson: Lesson, keep: Set<number>): Lesson {
  const cells = lesson.board.cells.map((c) => (c >= 1 && c <= 8 && !keep.has(c) ? OPENED : c));
  return { ...lesson, board: { ...lesson.board, cells }, numbers: new Set([...lesson.numbers].filter((d) => keep.has(d))) };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const at = args.indexOf(name);
    return at >= 0 ? args.splice(at, 2)[1] ?? '' : undefined;
  };
  const n = Number(option('--learn') ?? 12);
  const only = option('--numbers');
  const keep = only === undefined ? null : new Set(only.split(',').map(Number));
  if (!args.length || !(n >= 1) || (keep && [...keep].some((d) => !(d >= 1 && d <= 8)))) throw new Error('usage: learn-alone.ts DIR... [--learn N] [--numbers LIST of 1-8]');
  const lessons = await loadLessons(args);
  const t = { misreadOtherSize: 0, as: new Map<string, number>(), alone: new Set<string>(), sameNumbers: 0, sameRefused: 0, numbers: 0, numbersRefused: 0, learned: 0, pairs: 0, misread: 0, unseen: 0, refused: 0, known: 0, wrong: 0, unread: 0 };
  for (const lesson of lessons) {
    if (t.learned >= n) break;
    const from = keep ? onlyNumbers(lesson, keep) : lesson;
    if (keep && from.numbers.size === 0) continue;
    let skin;
    try {
      skin = learnSkin('alone', [{ name: from.file, image: from.image, board: from.board, grid: from.grid }]).learned.skin;
    } catch (err) {
      if (!(err instanceof VisionError)) throw err;
      t.alone.add(err.message); // a lesson no skin comes from alone (no covered cell left, say)
      continue;
      throw err;
    }
    t.learned++;
    for (const other of lessons) {
      if (other === lesson) continue;
      t.pairs++;
      let r;
      try {
        r = readScreen(other.image, { skins: [skin], geometry: { ...other.grid, scale: other.grid.pitch / skin.pitch } });
      } catch {
        t.unread++;
        continue;
      }
      const unsure = new Set(r.unsure.map(([x, y]) => y * other.board.width + x));
      other.board.cells.forEach((want, i) => {
        if (want === OPENED) return;
        if (want >= 1 && want <= 8 && !from.numbers.has(want)) {
          t.unseen++;
          if (!unsure.has(i)) {
            t.misread++;
            if (Math.abs(other.grid.pitch - from.grid.pitch) > 0.03 * from.grid.pitch) t.misreadOtherSize++;
            const k = `${want}→${r.board.cells[i]}`;
            t.as.set(k, (t.as.get(k) ?? 0) + 1);
          }
          return;
        }
        t.known++;
        const same = other.grid.left === from.grid.left && other.grid.top === from.grid.top && other.grid.pitch === from.grid.pitch;
        if (same && want >= 1 && want <= 8) t.sameNumbers++;
        if (same && want >= 1 && want <= 8 && unsure.has(i)) t.sameRefused++;
        if (want >= 1 && want <= 8) t.numbers++;
        if (unsure.has(i)) {
          t.refused++;
          if (want >= 1 && want <= 8) t.numbersRefused++;
        }
        else if (r.board.cells[i] !== want) t.wrong++;
      });
    }
  }
  console.log(`${lessons.length} lessons, ${t.learned} learned alone, ${t.pairs} pairs (${t.unread} not read)${t.alone.size ? `; not learnable alone: ${[...t.alone].join('; ')}` : ''}`);
  const as = [...t.as].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`);
  console.log(`numbers not learned: ${t.unseen} cells, ${t.misread} read with confidence${as.length ? ` (${as.slice(0, 8).join(', ')}; ${t.misreadOtherSize} of them at another cell size)` : ''}`);
  console.log(`learned states: ${t.known} cells, ${t.refused} unsure, ${t.wrong} wrong`);
  console.log(`  numbers among them: ${t.numbers} cells, ${t.numbersRefused} unsure; at the lesson's own grid (same layout): ${t.sameNumbers}, ${t.sameRefused} unsure`);
}

main().catch((err: Error) => {
  console.error(`learn-alone: ${err.message}`);
  process.exit(2);
});
