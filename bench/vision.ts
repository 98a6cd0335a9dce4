// Vision speed: an expert board in a 1280x1024 screenshot. Reports the time to locate and read
// from scratch, and to re-read with known geometry (median and p90 over repeated runs).
// Run: nice npx tsx bench/vision.ts [--runs N]
import { Game } from '../src/game/engine.js';
import { createRng } from '../src/core/rng.js';
import { renderBoard } from '../src/vision/render.js';
import { readScreen } from '../src/vision/read.js';
import { blit, createImage, fillRect, type RgbaImage } from '../src/vision/image.js';
import { formatBoard, FLAG, type Board } from '../src/core/board.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 30;

function midGameExpert(seed: number): Board {
  const rng = createRng(seed);
  const game = new Game({ width: 30, height: 16, mines: 99 }, 'safe', rng);
  game.open(15, 8);
  // open a handful of further safe cells and flag some mines, as a bot would mid-game
  for (let k = 0; k < 400 && game.status === 'playing'; k++) {
    const x = rng.int(30), y = rng.int(16);
    if (game.mineAt(x, y)) {
      if (game.cell(x, y) !== FLAG && rng.next() < 0.3) game.toggleFlag(x, y);
    } else if (rng.next() < 0.1) game.open(x, y);
  }
  return game.board();
}

function desktop(window: RgbaImage, at: [number, number]): RgbaImage {
  const img = createImage(1280, 1024, [58, 110, 165]);
  // some other windows and text-like clutter
  fillRect(img, 700, 80, 1200, 700, [236, 233, 216]);
  for (let y = 100; y < 680; y += 14) for (let x = 720; x < 1180; x += 9) if ((x * 7 + y * 3) % 5) fillRect(img, x, y, x + 6, y + 9, [20, 20, 20]);
  fillRect(img, 0, 990, 1280, 1024, [36, 94, 220]);
  blit(img, window, at[0], at[1]);
  return img;
}

/** Runs fn and returns [wall ms, CPU ms of this process] (CPU time is what counts on a busy machine). */
function timed(fn: () => void): [number, number] {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return [wall, (c.user + c.system) / 1000];
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return `median ${q(0.5).toFixed(2)} ms, p90 ${q(0.9).toFixed(2)} ms, min ${s[0]!.toFixed(2)} ms`;
}

const board = midGameExpert(7);
const { image: win } = renderBoard(board, 'winxp', { timer: 42 });
const screen = desktop(win, [120, 260]);

const first = readScreen(screen, { skin: 'winxp' });
console.log(`grid found: ${JSON.stringify(first.grid)}`);
if (formatBoard(first.board) !== formatBoard(board)) throw new Error('bench board misread');
const rows: [string, () => void, string][] = [
  ['locate + read, skin winxp', () => readScreen(screen, { skin: 'winxp' }), '(aim < 30 ms)'],
  ['locate + read, skin auto ', () => readScreen(screen, { skin: 'auto' }), ''],
  ['re-read, known geometry  ', () => readScreen(screen, { skin: 'winxp', geometry: first.grid }), '(aim < 3 ms)'],
];
/** A fixed reference workload (10M float multiply-adds): how fast this machine is right now. */
function reference(): number {
  const a = new Float32Array(1000).map((_, i) => i / 1000);
  const t = timed(() => {
    let s = 0;
    for (let k = 0; k < 10_000; k++) for (let i = 0; i < 1000; i++) s += a[i]! * a[(i + k) % 1000]!;
    if (s === 42) console.log(s);
  });
  return t[1];
}

console.log(`expert 30x16 in 1280x1024, ${RUNS} runs each; wall time and CPU time of this process`);
console.log(`machine reference (10M multiply-adds): ${reference().toFixed(1)} ms CPU`);
for (const [name, fn, aim] of rows) {
  for (let i = 0; i < 3; i++) fn(); // warm up
  const wall: number[] = [], cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [w, c] = timed(fn);
    wall.push(w);
    cpu.push(c);
  }
  console.log(`${name}: wall ${stats(wall)}; cpu median ${stats(cpu).split(',')[0]!.replace('median ', '')} ${aim}`);
}
console.log(`machine reference again: ${reference().toFixed(1)} ms CPU`);
