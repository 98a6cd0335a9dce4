// Writes the near looks of test/vision/near-looks.ts (boards drawn in looks near the shipped
// skins) as PNG + .board.txt into a folder, and reports what the reader (readScreen, skin auto)
// does with each: refused, read exactly, read with unsure cells, or read with wrong cells it does
// not list as unsure (the dangerous case).
//
//   npx tsx scripts/near-looks.ts OUT_DIR [--seed N] [--looks a,b,...] [--no-read]
//
// OUT_DIR/report.md gets the table; one line per case also goes to stdout.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { formatBoard, type Board } from '../src/core/board.js';
import { encodePng } from '../src/vision/skins/load.js';
import { readScreen } from '../src/vision/read/read.js';
import { differenceFromShipped, lookNames, nearLookCases, type NearLookCase } from '../test/vision/near-looks.js';

interface Outcome {
  /** refused: an error; exact; unsure: the whole board, every wrong cell listed unsure; partial:
   * only part of the board, every wrong cell unsure; misread: wrong cells not listed unsure. */
  kind: 'refused' | 'exact' | 'unsure' | 'partial' | 'misread';
  text: string;
}

/** What readScreen made of a case, against its true board. */
export function judgeReading(c: NearLookCase): Outcome & { ms: number } {
  const t0 = performance.now();
  try {
    const r = readScreen(c.image, { skin: 'auto' });
    const ms = performance.now() - t0;
    const b: Board = r.board;
    // the read grid on the true one: same pitch, offset by whole cells
    const p = c.grid.pitch;
    const ox = (r.grid.left - c.grid.left) / p, oy = (r.grid.top - c.grid.top) / p;
    const aligned = Math.abs(r.grid.pitch - p) <= 0.1 * p && Math.abs(ox - Math.round(ox)) <= 0.25 && Math.abs(oy - Math.round(oy)) <= 0.25;
    const whole = b.width === c.board.width && b.height === c.board.height && aligned && Math.round(ox) === 0 && Math.round(oy) === 0;
    const where = whole ? '' : ` ${b.width}x${b.height}${aligned ? ` at cell (${Math.round(ox)},${Math.round(oy)})` : ` off the lattice (pitch ${r.grid.pitch.toFixed(1)})`} of ${c.board.width}x${c.board.height}`;
    const unsure = new Set(r.unsure.map(([x, y]) => y * b.width + x));
    let wrong = 0, wrongSure = 0;
    for (let i = 0; i < b.cells.length; i++) {
      const tx = (i % b.width) + Math.round(ox), ty = Math.floor(i / b.width) + Math.round(oy);
      const inside = aligned && tx >= 0 && ty >= 0 && tx < c.board.width && ty < c.board.height;
      if (inside && b.cells[i] === c.board.cells[ty * c.board.width + tx]) continue;
      wrong++;
      if (!unsure.has(i)) wrongSure++;
    }
    if (wrongSure > 0) return { kind: 'misread', text: `read${where} as ${r.skin}: ${wrongSure} wrong cells not unsure, ${wrong} wrong, ${unsure.size} unsure`, ms };
    if (!whole) return { kind: 'partial', text: `read only${where} as ${r.skin}: ${unsure.size} unsure, ${wrong} wrong (all unsure)`, ms };
    if (unsure.size > 0) return { kind: 'unsure', text: `read as ${r.skin}: ${unsure.size} unsure, ${wrong} wrong (all unsure)`, ms };
    return { kind: 'exact', text: `read as ${r.skin}: exact`, ms };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { kind: 'refused', text: `error: ${msg.length > 110 ? msg.slice(0, 107) + '...' : msg}`, ms: performance.now() - t0 };
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function main(argv: string[]): void {
  const out = argv.find((a, i) => !a.startsWith('--') && !(i > 0 && ['--seed', '--looks'].includes(argv[i - 1]!)));
  if (!out) {
    console.error(`usage: npx tsx scripts/near-looks.ts OUT_DIR [--seed N] [--looks a,b] [--no-read]\nlooks: ${lookNames().join(', ')}`);
    process.exit(2);
  }
  const seed = Number(option(argv, '--seed') ?? 1);
  if (!Number.isInteger(seed)) {
    console.error('--seed must be a whole number');
    process.exit(2);
  }
  const looks = option(argv, '--looks')?.split(',');
  const unknown = looks?.filter((l) => !lookNames().includes(l)) ?? [];
  if (unknown.length) {
    console.error(`unknown look ${unknown.join(', ')} (known: ${lookNames().join(', ')})`);
    process.exit(2);
  }
  const read = !argv.includes('--no-read');
  mkdirSync(out, { recursive: true });
  const rows: string[] = [
    `# Near looks, seed ${seed}: what readScreen (skin auto) does`,
    '',
    '| case | cells | differs from shipped (mean, cells) | reader | ms |',
    '|---|---|---|---|---|',
  ];
  const tally = new Map<string, Record<Outcome['kind'], number>>();
  for (const c of nearLookCases(seed, { looks })) {
    const file = path.join(out, c.name.replace('/', '--'));
    writeFileSync(`${file}.png`, encodePng(c.image));
    writeFileSync(`${file}.board.txt`, `# ${c.name}: ${c.changes} (near ${c.near}); grid left ${c.grid.left} top ${c.grid.top} pitch ${c.grid.pitch}\n${formatBoard(c.board)}`);
    const d = differenceFromShipped(c);
    const diff = `${d.mean.toFixed(1)}, ${(100 * d.changedShare).toFixed(0)}%`;
    if (!read) {
      rows.push(`| ${c.name} | ${c.cells} | ${diff} | | |`);
      continue;
    }
    const o = judgeReading(c);
    const t = tally.get(c.look) ?? { refused: 0, exact: 0, unsure: 0, partial: 0, misread: 0 };
    t[o.kind]++;
    tally.set(c.look, t);
    rows.push(`| ${c.name} | ${c.cells} | ${diff} | ${o.kind === 'misread' ? '**MISREAD** ' : o.kind === 'partial' ? '**PART** ' : ''}${o.text.replace(/\|/g, '/')} | ${o.ms.toFixed(0)} |`);
    console.log(`${c.name}\t${o.kind}\t${o.text}`);
  }
  if (read) {
    rows.push('', '| look | refused | exact | unsure only | part of the board | misread |', '|---|---|---|---|---|---|');
    for (const [look, t] of tally) rows.push(`| ${look} | ${t.refused} | ${t.exact} | ${t.unsure} | ${t.partial} | ${t.misread} |`);
  }
  writeFileSync(path.join(out, 'report.md'), rows.join('\n') + '\n');
  console.log(`wrote ${out} (report.md)`);
}

main(process.argv.slice(2));
