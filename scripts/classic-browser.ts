// Measures the reader on classic-look boards as a browser shows them (test/vision/browser-draw.ts:
// cells from a sprite sheet with the mines drawn as measured on classic games, sampled with
// smoothing, the page at fractional pixel offsets), lost with many mines and wrong flags, and won,
// at 125-200%: how many read exactly, with unsure cells only, are refused, or misread.
//
//   npx tsx scripts/classic-browser.ts [--boards N]      (N lost and N/3 won per scale; default 15)
import { formatBoard, FLAG, WRONG_FLAG } from '../src/core/board.js';
import { readScreen } from '../src/vision/read/read.js';
import { browserBoard, classicSheet } from '../test/vision/browser-draw.js';
import { endPosition } from '../test/vision/end-positions.js';

const at = process.argv.indexOf('--boards');
const n = at > 0 ? Number(process.argv[at + 1]) : 15;
const cells = classicSheet();
const total = { exact: 0, unsure: 0, refused: 0, misread: 0, counters: 0, boards: 0 };
for (const s of [1.25, 1.5, 1.75, 2]) {
  const row = { exact: 0, unsure: 0, refused: 0, misread: 0, counters: 0, boards: 0 };
  const ends = [...Array.from({ length: n }, (_, k) => ['lost', k] as const), ...Array.from({ length: Math.ceil(n / 3) }, (_, k) => ['won', k] as const)];
  for (const [end, k] of ends) {
    const board = endPosition(1000 + k * 17 + (end === 'won' ? 500 : 0), end);
    const { image } = browserBoard(board, 'winxp', s, { cells, nudge: (k % 4) / 4 });
    row.boards++;
    try {
      const r = readScreen(image, { skin: 'auto' });
      const unsure = new Set(r.unsure.map(([x, y]) => y * board.width + x));
      const wrong = Array.from(board.cells, (c, i) => (r.board.cells[i] !== c ? i : -1)).filter((i) => i >= 0);
      if (formatBoard(r.board) === formatBoard(board) && unsure.size === 0) row.exact++;
      else if (r.board.width === board.width && wrong.every((i) => unsure.has(i))) row.unsure++;
      else row.misread++;
      const flags = board.cells.filter((c) => c === FLAG || c === WRONG_FLAG).length;
      if (r.mineCounter === board.mines - flags && r.timer === 0) row.counters++;
    } catch {
      row.refused++;
    }
  }
  console.log(`${s * 100}%: ${row.boards} boards: ${row.exact} exact, ${row.unsure} unsure only, ${row.refused} refused, ${row.misread} misread; counters right on ${row.counters}`);
  for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += row[k];
}
console.log(`all: ${total.boards} boards: ${total.exact} exact, ${total.unsure} unsure only, ${total.refused} refused, ${total.misread} misread; counters right on ${total.counters}`);
