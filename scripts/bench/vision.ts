// Vision speed: an expert board in a 1280x1024 screenshot. Reports the time to locate and read
// from scratch, and to re-read with known geometry (median and p90 over repeated runs). Then
// learned skins against the hand-built ones: the time `minebot learn` takes, and reads of expert
// boards with a skin learned from three xdemineur fixtures and (when ../shared has them) one
// learned from the real Windows 7 captures.
// Run: nice npx tsx scripts/bench/vision.ts [--runs N]
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { readScreen } from '../../src/vision/read/read.js';
import { blit, createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { formatBoard, parseBoard, FLAG, type Board } from '../../src/core/board.js';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadImage } from '../../src/vision/skins/load.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { buildSkin, listSkins, templatesDir, type Skin, type SkinFile } from '../../src/vision/skins/skin.js';
import { decodePng } from '../../src/vision/skins/load.js';
import { locateGrids } from '../../src/vision/locate/locate.js';

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
  ['locate only (every candidate)', () => locateGrids(screen), ''],
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

async function capture(file: string) {
  return { name: path.basename(file), image: await loadImage(file), board: parseBoard(readFileSync(file.replace(/\.png$/, '.board.txt'), 'utf8')) };
}

/** Learns a skin (timed), and adds read rows for an expert capture with it and with a hand-built skin. */
async function learnedRows(label: string, files: string[], target: string, handBuilt: string | null): Promise<void> {
  const caps = await Promise.all(files.map(capture));
  let skin: Skin | null = null;
  const [, cpu] = timed(() => (skin = learnSkin(label, caps).learned.skin));
  const count = skin!.cells.length + skin!.outside.length;
  console.log(`learn ${label} from ${files.length} captures: ${cpu.toFixed(0)} ms CPU, ${count} sprites`);
  const img = await loadImage(target);
  const found = readScreen(img, { skins: [skin!] });
  const name = path.basename(target);
  rows.push([`locate + read ${name}, learned ${label}`, () => readScreen(img, { skins: [skin!] }), '']);
  rows.push([`re-read ${name}, learned ${label}, known geometry`, () => readScreen(img, { skins: [skin!], geometry: found.grid }), '(aim < 30 ms)']);
  if (handBuilt) {
    const hb = readScreen(img, { skin: handBuilt });
    rows.push([`re-read ${name}, hand-built ${handBuilt}, known geometry`, () => readScreen(img, { skin: handBuilt, geometry: hb.grid }), '']);
  }
}

const fx = (f: string): string => path.resolve('fixtures/xdemineur', f);
await learnedRows('xdemineur', ['xd-16x16-lost.png', 'xd-16x16-dense-won.png', 'xd-16x16-mid.png'].map(fx), fx('xd-30x16-mid.png'), 'xdemineur');
const win7 = path.resolve('../shared/fixtures/real/win7');
if (existsSync(win7)) {
  const files = readdirSync(win7).filter((f) => f.endsWith('.png')).map((f) => path.join(win7, f));
  await learnedRows('win7', files, files.find((f) => f.includes('mine01')) ?? files[0]!, null);
}

// Sprite loading: the bundled skins' sprite PNGs decoded, and each bundled skin built from its
// files without loadSkin's cache (what loading a skin costs once per process).
const bundled = listSkins(templatesDir()).map((name) => {
  const folder = path.join(templatesDir(), name);
  const file = JSON.parse(readFileSync(path.join(folder, 'skin.json'), 'utf8')) as SkinFile;
  return { name, folder, file, sprites: readdirSync(folder).filter((f) => f.endsWith('.png')).map((f) => readFileSync(path.join(folder, f))) };
});
const spriteCount = bundled.reduce((n, b) => n + b.sprites.length, 0);
rows.push([`decode the ${spriteCount} sprite PNGs of the ${bundled.length} bundled skins`, () => bundled.forEach((b) => b.sprites.forEach((bytes) => decodePng(bytes))), '']);
rows.push([`load the ${bundled.length} bundled skins from their files (read, decode, build; uncached)`, () => bundled.forEach((b) => buildSkin(b.file, (f) => decodePng(readFileSync(path.join(b.folder, f))), b.name)), '']);

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
