// Makes the X11 fixtures in fixtures/xdemineur and fixtures/sgt-mines: plays scripted games of
// xdemineur and sgt-mines under Xvfb, captures them, and writes <name>.png, <name>.board.txt and
// <name>.json. The expected board is read back by matching the skin's own sprites (±16 per channel)
// (templates/<game>/), then checked against the known mine layout (every number equals its count
// of adjacent mines, flags/mines/exploded/wrong flags sit where the layout says) before anything
// is written; the images were then looked at by eye (see fixtures/README.md).
//
//   npx tsx scripts/x11/make-fixtures.ts [--only NAME[,NAME...]] [--out fixtures] [--bank DIR]
//
// Layouts: xdemineur has no seed option, so it runs with an LD_PRELOAD shim that fixes srand()
// (scripts/x11/fixed-srand.c); the layout is learnt by a probe game with the same seed that is
// played until it loses (a loss shows every mine). sgt-mines takes its layout in the game id
// (`WxHnM:x,y,u<hex bitmap>`), so the layouts here are chosen by this script.

import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  capture,
  clickAt,
  clickCells,
  grabRgb,
  sleep,
  startGame,
  stopGame,
  type GameGeometry,
  type GameName,
} from './x11.js';
import { cutCell, loadRgb, loadSprites, readCells, type Grid, type Rgb } from './cells.js';
import { findInconsistencies, parseBoard } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';

type XY = [number, number];

interface Ctx {
  geo: GameGeometry;
  /** Mine layout, index y*cols+x. */
  mines: Uint8Array;
  cols: number;
  rows: number;
  /** Reads the board from the screen (exact sprite match); '#' where nothing matches. */
  read(): Promise<string[]>;
  open(cells: XY[]): Promise<void>;
  flag(cells: XY[]): Promise<void>;
  question(cells: XY[]): Promise<void>;
  chord(cells: XY[]): Promise<void>;
  /** sgt-mines: Game > Solve (after a death it shows every mine and wrong flag). */
  solve(): Promise<void>;
}

export interface Scenario {
  name: string;
  game: GameName;
  cols: number;
  rows: number;
  mines: number;
  /** xdemineur: srand seed. */
  seed?: string;
  /** sgt-mines: mine layout (generated with this rng seed and constraints) and the first opened cell. */
  layoutSeed?: number;
  first?: XY;
  display?: string;
  depth?: 16 | 24;
  at?: XY;
  tilesize?: number;
  /** What to capture: the game window (default), or the whole screen. */
  crop?: 'window' | 'screen';
  face?: 'playing' | 'won' | 'lost';
  /** Lost, but the game has not revealed the layout (sgt-mines before Solve): wrong flags stay flags. */
  unrevealed?: boolean;
  /** Playing with flags on safe cells, some numbers with more flags than their value (sgt-mines draws those on pink). */
  overflagged?: boolean;
  play(ctx: Ctx): Promise<void>;
  note: string;
}

// ---- layouts ------------------------------------------------------------------------------------

function idx(cols: number, [x, y]: XY): number {
  return y * cols + x;
}

function neighbours(cols: number, rows: number, [x, y]: XY): XY[] {
  const out: XY[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (!dx && !dy) continue;
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < cols && ny < rows) out.push([nx, ny]);
    }
  return out;
}

function countAround(mines: Uint8Array, cols: number, rows: number, c: XY): number {
  return neighbours(cols, rows, c).reduce((n, p) => n + mines[idx(cols, p)]!, 0);
}

/**
 * A layout for sgt-mines that shows every number 1-8 somewhere: a cluster around (cx,cy) with 8
 * mines, one with 7, ... placed at fixed spots, the rest random, and an empty 3x3 around `first`
 * so the first click opens an area.
 */
function designedLayout(cols: number, rows: number, total: number, seed: number, first: XY, clusters: { at: XY; n: number }[]): Uint8Array {
  const mines = new Uint8Array(cols * rows);
  const keepFree = new Set<number>([idx(cols, first), ...neighbours(cols, rows, first).map((p) => idx(cols, p))]);
  for (const { at, n } of clusters) {
    keepFree.add(idx(cols, at));
    const around = neighbours(cols, rows, at);
    for (let k = 0; k < n; k++) mines[idx(cols, around[k]!)] = 1;
  }
  const rng = createRng(seed);
  let placed = mines.reduce((a, b) => a + b, 0);
  while (placed < total) {
    const i = rng.int(cols * rows);
    if (mines[i] || keepFree.has(i)) continue;
    // keep the clusters' numbers as designed: no extra mine next to a cluster centre
    const c: XY = [i % cols, Math.floor(i / cols)];
    if (clusters.some(({ at }) => Math.abs(at[0] - c[0]) <= 1 && Math.abs(at[1] - c[1]) <= 1)) continue;
    mines[i] = 1;
    placed++;
  }
  return mines;
}

function sgtId(cols: number, mines: Uint8Array, first: XY): string {
  let hex = '';
  for (let i = 0; i < mines.length; i += 4) {
    let v = 0;
    for (let b = 0; b < 4; b++) v = (v << 1) | (mines[i + b] ?? 0);
    hex += v.toString(16);
  }
  return `${first[0]},${first[1]},u${hex}`;
}

// ---- reading and checking -----------------------------------------------------------------------

/** Board rows → checked against the layout; returns a list of problems (empty when all is well). */
function checkAgainstLayout(rows: string[], mines: Uint8Array, cols: number, nrows: number, face: string, revealed = true): string[] {
  const problems: string[] = [];
  for (let y = 0; y < nrows; y++)
    for (let x = 0; x < cols; x++) {
      const ch = rows[y]![x]!;
      const mine = mines[y * cols + x] === 1;
      const where = `(${x},${y}) '${ch}'`;
      if (ch >= '0' && ch <= '8') {
        if (mine) problems.push(`${where}: opened cell on a mine`);
        const n = countAround(mines, cols, nrows, [x, y]);
        if (n !== Number(ch)) problems.push(`${where}: layout says ${n} mines around`);
      } else if (ch === 'F' && !mine && face !== 'lost') problems.push(`${where}: flag on a safe cell (expected a wrong flag only after a loss)`);
      else if (ch === 'F' && !mine && revealed) problems.push(`${where}: the game should show this flag as wrong after the loss`);
      else if ((ch === '*' || ch === 'X') && !mine) problems.push(`${where}: shown mine where the layout has none`);
      else if (ch === '!' && mine) problems.push(`${where}: wrong flag on a real mine`);
      else if (ch === '#') problems.push(`${where}: no sprite matches`);
    }
  return problems;
}

// ---- HUD (xdemineur) ----------------------------------------------------------------------------

/** xdemineur LED and face positions relative to the grid origin (see fixtures/README.md). */
export function xdemineurHud(cols: number): { counter: XY; timer: XY; face: XY; digit: XY; step: number; faceSize: number } {
  const gridRight = cols * 21;
  const gridCenter = Math.floor(gridRight / 2);
  return { counter: [14, -56], timer: [gridRight - 95, -56], face: [gridCenter - 21, -61], digit: [20, 30], step: 20, faceSize: 40 };
}

/** Equal within ±16 per channel (16-bit displays keep 5/6/5 bits). */
function same(a: Buffer, b: Buffer): boolean {
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 16) return false;
  return true;
}

async function readLed(img: Rgb, x0: number, y0: number, bank: Map<string, Buffer>): Promise<number | null> {
  let s = '';
  for (let k = 0; k < 4; k++) {
    const g: Grid = { left: x0 + 20 * k, top: y0, pitch: 0, cols: 1, rows: 1, inset: 0 };
    const cell = cutRect(img, g.left, g.top, 20, 30);
    const hit = [...bank].find(([, b]) => same(b, cell));
    if (!hit) return null;
    s += hit[0];
  }
  return Number(s);
}

function cutRect(img: Rgb, x0: number, y0: number, w: number, h: number): Buffer {
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) img.data.copy(out, y * w * 3, ((y0 + y) * img.width + x0) * 3, ((y0 + y) * img.width + x0 + w) * 3);
  return out;
}

// ---- scenarios ----------------------------------------------------------------------------------

function frontier(rows: string[], mines: Uint8Array, cols: number, nrows: number): { mines: XY[]; safe: XY[] } {
  const m: XY[] = [];
  const s: XY[] = [];
  for (let y = 0; y < nrows; y++)
    for (let x = 0; x < cols; x++) {
      if (rows[y]![x] !== '.') continue;
      const touches = neighbours(cols, nrows, [x, y]).some(([a, b]) => /[0-8]/.test(rows[b]![a]!));
      if (!touches) continue;
      (mines[y * cols + x] ? m : s).push([x, y]);
    }
  return { mines: m, safe: s };
}

function safeCovered(rows: string[], mines: Uint8Array, cols: number, nrows: number): XY[] {
  const out: XY[] = [];
  for (let y = 0; y < nrows; y++) for (let x = 0; x < cols; x++) if (rows[y]![x] === '.' && !mines[y * cols + x]) out.push([x, y]);
  return out;
}

function pick<T>(list: T[], n: number, seed: number): T[] {
  const rng = createRng(seed);
  const copy = list.slice();
  const out: T[] = [];
  while (out.length < n && copy.length) out.push(copy.splice(rng.int(copy.length), 1)[0]!);
  return out;
}

/** Mid-game: flag some frontier mines, a question mark (xdemineur), open some frontier safe cells. */
async function midGame(ctx: Ctx, seed: number, flags: number, opens: number, questions: number): Promise<void> {
  let rows = await ctx.read();
  let f = frontier(rows, ctx.mines, ctx.cols, ctx.rows);
  await ctx.open(pick(f.safe, opens, seed));
  rows = await ctx.read();
  f = frontier(rows, ctx.mines, ctx.cols, ctx.rows);
  await ctx.flag(pick(f.mines, flags, seed + 1));
  if (questions) {
    rows = await ctx.read();
    await ctx.question(pick(frontier(rows, ctx.mines, ctx.cols, ctx.rows).safe, questions, seed + 2));
  }
}

/** Loses: some right flags, some wrong flags, a question mark, then opens a mine. */
async function loseGame(ctx: Ctx, seed: number, wrongFlags: number, questions: number): Promise<void> {
  await midGame(ctx, seed, 5, 6, questions);
  const rows = await ctx.read();
  const safe = safeCovered(rows, ctx.mines, ctx.cols, ctx.rows);
  await ctx.flag(pick(safe, wrongFlags, seed + 3));
  const after = await ctx.read();
  const f = frontier(after, ctx.mines, ctx.cols, ctx.rows);
  await ctx.open(pick(f.mines, 1, seed + 4));
}

/** Wins by opening every safe cell (the layout is known), flagging a few mines first. */
async function winGame(ctx: Ctx, flagsFirst: number): Promise<void> {
  let rows = await ctx.read();
  const f = frontier(rows, ctx.mines, ctx.cols, ctx.rows);
  await ctx.flag(f.mines.slice(0, flagsFirst));
  for (let pass = 0; pass < 5; pass++) {
    rows = await ctx.read();
    const todo = safeCovered(rows, ctx.mines, ctx.cols, ctx.rows);
    if (!todo.length) break;
    // open one cell per 3x3 block first (floods make most of the rest unnecessary)
    await ctx.open(pass === 0 ? todo.filter(([x, y]) => x % 3 === 1 && y % 3 === 1).concat(todo.slice(0, 1)) : todo);
  }
}

const SGT_FIRST: XY = [7, 7];

export const SCENARIOS: Scenario[] = [
  // ---- xdemineur 16x16/40 (seed 42) ----
  { name: 'xd-16x16-fresh', game: 'xdemineur', cols: 16, rows: 16, mines: 40, seed: '42', face: 'playing', note: 'just started (xdemineur opens a start area itself)', play: async () => {} },
  { name: 'xd-16x16-mid', game: 'xdemineur', cols: 16, rows: 16, mines: 40, seed: '42', face: 'playing', note: 'mid-game: flags, a question mark, more cells opened', play: (c) => midGame(c, 1, 6, 8, 1) },
  { name: 'xd-16x16-cleared', game: 'xdemineur', cols: 16, rows: 16, mines: 40, seed: '42', face: 'playing', note: 'every safe cell opened but not every mine flagged: xdemineur does not count that as a win (timer runs, face smiles)', play: (c) => winGame(c, 3) },
  { name: 'xd-16x16-won', game: 'xdemineur', cols: 16, rows: 16, mines: 40, seed: '42', face: 'won', note: 'won: every safe cell opened and every mine flagged (xdemineur needs both)', play: async (c) => { await winGame(c, 3); await flagAllMines(c); } },
  { name: 'xd-16x16-lost', game: 'xdemineur', cols: 16, rows: 16, mines: 40, seed: '42', face: 'lost', note: 'lost: mines shown, the exploded mine, wrong flags, right flags, a question mark', play: (c) => loseGame(c, 2, 3, 1) },
  // dense board: numbers up to 8
  { name: 'xd-16x16-dense-won', game: 'xdemineur', cols: 16, rows: 16, mines: 100, seed: '7', face: 'won', note: '100 mines, won: high numbers', play: async (c) => { await winGame(c, 0); await flagAllMines(c); } },
  { name: 'xd-16x16-packed-lost', game: 'xdemineur', cols: 16, rows: 16, mines: 150, seed: '1', face: 'lost', note: '150 mines (seed 1 has 8s), lost after opening most safe cells: numbers 1-8, flags, wrong flags, a question mark', play: packedLoss },
  // ---- xdemineur 30x16/99 (seed 5), one full screen ----
  { name: 'xd-30x16-mid', game: 'xdemineur', cols: 30, rows: 16, mines: 99, seed: '5', face: 'playing', note: 'expert size, mid-game', play: (c) => midGame(c, 3, 10, 20, 2) },
  { name: 'xd-30x16-lost-screen', game: 'xdemineur', cols: 30, rows: 16, mines: 99, seed: '5', face: 'lost', at: [301, 257], crop: 'screen', note: 'expert size, lost, full 1280x1024 screen', play: (c) => loseGame(c, 4, 4, 2) },
  // ---- xdemineur 16-bit display ----
  { name: 'xd-16x16-mid-16bit', game: 'xdemineur', cols: 16, rows: 16, mines: 40, seed: '42', face: 'playing', display: ':97', depth: 16, note: '16-bit X server (RGB565)', play: (c) => midGame(c, 1, 6, 8, 1) },
  { name: 'xd-16x16-lost-16bit-screen', game: 'xdemineur', cols: 16, rows: 16, mines: 40, seed: '42', face: 'lost', display: ':97', depth: 16, at: [700, 400], crop: 'screen', note: '16-bit X server, full screen, lost', play: (c) => loseGame(c, 2, 3, 1) },
  // ---- sgt-mines 16x16/40 (designed layout) ----
  { name: 'sgt-16x16-fresh', game: 'sgt-mines', cols: 16, rows: 16, mines: 40, layoutSeed: 1, face: 'playing', note: 'new game, nothing opened', play: async () => {} },
  { name: 'sgt-16x16-mid', game: 'sgt-mines', cols: 16, rows: 16, mines: 40, layoutSeed: 1, first: SGT_FIRST, face: 'playing', note: 'mid-game with flags', play: (c) => midGame(c, 1, 6, 10, 0) },
  { name: 'sgt-16x16-won', game: 'sgt-mines', cols: 16, rows: 16, mines: 40, layoutSeed: 1, first: SGT_FIRST, face: 'won', note: 'won (sgt-mines flags every mine on a win)', play: (c) => winGame(c, 2) },
  { name: 'sgt-16x16-dead', game: 'sgt-mines', cols: 16, rows: 16, mines: 40, layoutSeed: 1, first: SGT_FIRST, face: 'lost', unrevealed: true, note: 'just died: sgt-mines shows only the exploded mine (undo possible)', play: (c) => loseGame(c, 2, 3, 0) },
  { name: 'sgt-16x16-lost', game: 'sgt-mines', cols: 16, rows: 16, mines: 40, layoutSeed: 1, first: SGT_FIRST, face: 'lost', note: 'died, then Game > Solve: every mine, the exploded mine, wrong flags', play: async (c) => { await loseGame(c, 2, 3, 0); await c.solve(); } },
  { name: 'sgt-16x16-numbers', game: 'sgt-mines', cols: 16, rows: 16, mines: 40, layoutSeed: 1, first: SGT_FIRST, face: 'playing', note: 'numbers 1-8: the designed clusters opened', play: async (c) => { await c.open(CLUSTERS.map((k) => k.at)); await midGame(c, 3, 4, 6, 0); } },
  { name: 'sgt-16x16-overflagged', game: 'sgt-mines', cols: 16, rows: 16, mines: 40, layoutSeed: 1, first: SGT_FIRST, face: 'playing', overflagged: true, note: 'playing, with flags on safe cells: numbers with more flags around than their value are drawn on pink', play: overflag },
  // ---- sgt-mines 30x16/99 ----
  { name: 'sgt-30x16-mid-screen', game: 'sgt-mines', cols: 30, rows: 16, mines: 99, layoutSeed: 2, first: [14, 8], face: 'playing', at: [200, 300], crop: 'screen', note: 'expert size, mid-game, full 1280x1024 screen', play: (c) => midGame(c, 2, 10, 20, 0) },
  { name: 'sgt-30x16-lost', game: 'sgt-mines', cols: 30, rows: 16, mines: 99, layoutSeed: 2, first: [14, 8], face: 'lost', note: 'expert size, died then Solve', play: async (c) => { await loseGame(c, 6, 4, 0); await c.solve(); } },
  // ---- sgt-mines 16-bit and another tile size ----
  { name: 'sgt-16x16-mid-16bit', game: 'sgt-mines', cols: 16, rows: 16, mines: 40, layoutSeed: 1, first: SGT_FIRST, face: 'playing', display: ':97', depth: 16, note: '16-bit X server (RGB565)', play: (c) => midGame(c, 1, 6, 10, 0) },
  { name: 'sgt-16x16-tile32', game: 'sgt-mines', cols: 16, rows: 16, mines: 40, layoutSeed: 1, first: SGT_FIRST, face: 'playing', tilesize: 32, note: 'MINES_TILESIZE=32: the game itself drawn at pitch 32 (not a rescale)', play: (c) => midGame(c, 1, 6, 10, 0) },
];

const CLUSTERS: { at: XY; n: number }[] = [
  { at: [1, 1], n: 8 },
  { at: [13, 1], n: 7 },
  { at: [1, 13], n: 6 },
  { at: [13, 13], n: 5 },
  { at: [5, 13], n: 4 },
];

async function flagAllMines(ctx: Ctx): Promise<void> {
  const rows = await ctx.read();
  const todo: XY[] = [];
  rows.forEach((r, y) => [...r].forEach((ch, x) => ch === '.' && ctx.mines[y * ctx.cols + x] && todo.push([x, y])));
  await ctx.flag(todo);
}

/** Flags every covered neighbour of a few 1s and 2s that have more covered neighbours than their value. */
async function overflag(ctx: Ctx): Promise<void> {
  await midGame(ctx, 1, 4, 6, 0);
  const rows = await ctx.read();
  const chosen: XY[] = [];
  let numbers = 0;
  for (let y = 0; y < ctx.rows && numbers < 3; y++)
    for (let x = 0; x < ctx.cols && numbers < 3; x++) {
      const ch = rows[y]![x]!;
      if (ch !== '1' && ch !== '2') continue;
      const around = neighbours(ctx.cols, ctx.rows, [x, y]).filter(([a, b]) => rows[b]![a] === '.' || rows[b]![a] === 'F');
      if (around.length <= Number(ch) || around.some(([a, b]) => chosen.some(([c, d]) => Math.abs(a - c) <= 2 && Math.abs(b - d) <= 2))) continue;
      chosen.push(...around.filter(([a, b]) => rows[b]![a] === '.'));
      numbers++;
    }
  await ctx.flag(chosen);
}

async function packedLoss(ctx: Ctx): Promise<void> {
  await winGameBut(ctx, 4);
  let rows = await ctx.read();
  const safe = safeCovered(rows, ctx.mines, ctx.cols, ctx.rows);
  await ctx.flag(safe.slice(0, 2));
  await ctx.question(safe.slice(2, 3));
  rows = await ctx.read();
  const f = frontier(rows, ctx.mines, ctx.cols, ctx.rows);
  await ctx.flag(pick(f.mines, 6, 9));
  rows = await ctx.read();
  await ctx.open(pick(frontier(rows, ctx.mines, ctx.cols, ctx.rows).mines, 1, 10));
}

/** Opens all safe cells but `leave` of them (dense boards: the numbers show before the loss). */
async function winGameBut(ctx: Ctx, leave: number): Promise<void> {
  const rows = await ctx.read();
  const todo = safeCovered(rows, ctx.mines, ctx.cols, ctx.rows);
  await ctx.open(todo.slice(0, Math.max(0, todo.length - leave)));
}

// ---- runner -------------------------------------------------------------------------------------

interface Options {
  out: string;
  bank: string;
  only?: Set<string>;
}

const started: number[] = [];

async function newCtx(s: Scenario, geo: GameGeometry, mines: Uint8Array, bank: string): Promise<Ctx> {
  const sprites = await loadSprites(bank, geo.grid.pitch);
  const grid: Grid = { left: geo.grid.left, top: geo.grid.top, pitch: geo.grid.pitch, cols: s.cols, rows: s.rows, inset: 0 };
  const ctx: Ctx = {
    geo,
    mines,
    cols: s.cols,
    rows: s.rows,
    async read() {
      await sleep(150);
      const img: Rgb = { width: 1280, height: 1024, data: grabRgb(geo.display, 0, 0, 1280, 1024) };
      return readCells(img, grid, sprites).rows;
    },
    async open(cells) {
      const rows = await ctx.read();
      for (const c of cells) {
        if (rows[c[1]]![c[0]] !== '.' && rows[c[1]]![c[0]] !== '?') continue;
        clickCells(geo, [c], 1);
        if (s.game === 'sgt-mines') await sleep(30);
      }
    },
    async flag(cells) {
      clickCells(geo, cells, 3);
    },
    async question(cells) {
      for (const c of cells) {
        clickCells(geo, [c], 3);
        clickCells(geo, [c], 3);
      }
    },
    async chord(cells) {
      clickCells(geo, cells, 2);
    },
    async solve() {
      clickAt(geo.display, geo.x + 27, geo.y + 12, 1);
      await sleep(400);
      clickAt(geo.display, geo.x + 49, geo.y + 358, 1);
      await sleep(300);
      clickAt(geo.display, geo.x + geo.width + 5, geo.y + geo.height + 5, 1);
    },
  };
  return ctx;
}

function kill(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid);
  } catch {
    try {
      process.kill(pid);
    } catch {
      /* gone */
    }
  }
}

export async function learnXdemineurLayout(s: Scenario, bank: string): Promise<Uint8Array> {
  const geo = await startGame('xdemineur', { display: s.display ?? ':99', depth: s.depth, cols: s.cols, rows: s.rows, mines: s.mines, seed: s.seed, at: s.at ?? [10, 10] });
  started.push(geo.pid!);
  const ctx = await newCtx(s, geo, new Uint8Array(s.cols * s.rows), bank);
  try {
    for (let i = 0; i < 1000; i++) {
      const rows = await ctx.read();
      if (rows.join('').includes('X')) {
        const mines = new Uint8Array(s.cols * s.rows);
        rows.forEach((r, y) => [...r].forEach((ch, x) => (mines[y * s.cols + x] = ch === '*' || ch === 'X' ? 1 : 0)));
        if (mines.reduce((a, b) => a + b, 0) !== s.mines) throw new Error(`probe of ${s.name}: ${mines.reduce((a, b) => a + b, 0)} mines seen, expected ${s.mines}`);
        return mines;
      }
      if (rows.join('').includes('#')) throw new Error(`probe of ${s.name}: unknown cell sprite\n${rows.join('\n')}`);
      const covered: XY[] = [];
      rows.forEach((r, y) => [...r].forEach((ch, x) => ch === '.' && covered.push([x, y])));
      clickCells(geo, [covered[(i * 7919) % covered.length]!], 1);
    }
    throw new Error(`probe of ${s.name} never lost`);
  } finally {
    await stopGame(geo);
  }
}

async function runScenario(s: Scenario, o: Options): Promise<void> {
  const display = s.display ?? ':99';
  let mines: Uint8Array;
  let id: string | undefined;
  if (s.game === 'xdemineur') mines = await learnXdemineurLayout(s, o.bank);
  else {
    mines = designedLayout(s.cols, s.rows, s.mines, s.layoutSeed ?? 1, s.first ?? SGT_FIRST, s.cols === 16 ? CLUSTERS : CLUSTERS.map((k) => ({ at: [k.at[0] + 8, k.at[1]] as XY, n: k.n })));
    id = sgtId(s.cols, mines, s.first ?? SGT_FIRST);
    if (!s.first) id = undefined; // fresh: a plain seeded game, nothing opened
  }
  const geo = await startGame(s.game, {
    display,
    depth: s.depth,
    cols: s.cols,
    rows: s.rows,
    mines: s.mines,
    seed: s.game === 'xdemineur' ? s.seed : id ? undefined : String(s.layoutSeed ?? 1),
    id,
    at: s.at ?? [10, 10],
    tilesize: s.tilesize,
  });
  started.push(geo.pid!);
  try {
    // At another tile size the game draws differently (font hinting, polygon edges): the generator
    // reads those captures with sprites cut at that size, kept in scripts/x11/bank/.
    const bank = s.tilesize ? join('scripts', 'x11', 'bank', `${s.game}-tile${s.tilesize}`) : o.bank;
    mkdirSync(bank, { recursive: true });
    const ctx = await newCtx(s, geo, mines, bank);
    await s.play(ctx);
    await sleep(s.game === 'sgt-mines' ? 1500 : 300); // sgt-mines flashes after a win or death
    mkdirSync(o.out, { recursive: true });
    const png = join(o.out, `${s.name}.png`);
    const crop = s.crop === 'screen' ? undefined : { x: geo.x, y: geo.y, width: geo.width, height: geo.height };
    await capture(display, png, crop);
    const img = await loadRgb(png);
    const ox = crop ? geo.x : 0;
    const oy = crop ? geo.y : 0;
    const grid: Grid = { left: geo.grid.left - ox, top: geo.grid.top - oy, pitch: geo.grid.pitch, cols: s.cols, rows: s.rows, inset: 0 };
    const sprites = await loadSprites(bank, geo.grid.pitch);
    if (!sprites.size) {
      // bootstrap a bank: cut every cell for naming by eye
      const dump = join('/tmp', 'unknown-cells', s.name);
      mkdirSync(dump, { recursive: true });
      for (let y = 0; y < s.rows; y++)
        for (let x = 0; x < s.cols; x++)
          await sharp(cutCell(img, grid, x, y), { raw: { width: grid.pitch, height: grid.pitch, channels: 3 } }).png().toFile(join(dump, `${x}_${y}.png`));
      throw new Error(`${s.name}: no sprites in ${bank}; cells dumped to ${dump}`);
    }
    const { rows, misses } = readCells(img, grid, sprites);
    if (misses.length) {
      // dump the unknown cells for naming by eye
      const dump = join('/tmp', 'unknown-cells', s.name);
      mkdirSync(dump, { recursive: true });
      for (let y = 0; y < s.rows; y++)
        for (let x = 0; x < s.cols; x++)
          if (rows[y]![x] === '#') {
            const cell = cutCell(img, grid, x, y);
            await sharp(cell, { raw: { width: grid.pitch, height: grid.pitch, channels: 3 } }).png().toFile(join(dump, `${x}_${y}.png`));
          }
      throw new Error(`${s.name}: ${misses.length} cells match no sprite (dumped to ${dump}):\n${rows.join('\n')}\n${misses.slice(0, 10).join('\n')}`);
    }
    const face = s.face ?? 'playing';
    const problems = checkAgainstLayout(rows, mines, s.cols, s.rows, s.overflagged ? 'lost' : face, !s.unrevealed && !s.overflagged);
    const text = `${s.cols}x${s.rows}/${s.mines}\n${rows.join('\n')}\n`;
    const board = parseBoard(text);
    const all = rows.join('');
    problems.push(
      ...findInconsistencies(board)
        .filter((p) => !(s.overflagged && /flagged or shown mines around/.test(p.reason)))
        .map((p) => `(${p.x},${p.y}) ${p.reason}`),
    );
    if (face === 'lost' && !all.includes('X')) problems.push('lost but no exploded mine');
    if (face !== 'lost' && /[X*!]/.test(all)) problems.push('mines shown but not lost');
    if (face === 'won' && rows.some((r, y) => [...r].some((ch, x) => (ch === '.' || ch === 'F') && !mines[y * s.cols + x])))
      problems.push('won but a safe cell is still covered');
    if (problems.length) throw new Error(`${s.name}: the reading disagrees with the layout:\n${rows.join('\n')}\n${problems.join('\n')}`);
    const flags = [...all].filter((c) => c === 'F' || c === '!').length;
    let mineCounter: number | null = null;
    let timer: number | null = null;
    let faceOut: string | null = null;
    let timerRunning: boolean | null = null;
    if (s.game === 'xdemineur') {
      const hud = xdemineurHud(s.cols);
      const leds = await loadLedBank(o.bank);
      mineCounter = await readLed(img, grid.left + hud.counter[0], grid.top + hud.counter[1], leds);
      timer = await readLed(img, grid.left + hud.timer[0], grid.top + hud.timer[1], leds);
      // xdemineur's counter: mines minus flags placed
      if (mineCounter !== s.mines - flags) throw new Error(`${s.name}: mine counter reads ${mineCounter}, expected ${s.mines - flags}`);
      if (timer === null) throw new Error(`${s.name}: timer digits match no LED sprite`);
      // xdemineur's won face (sunglasses) needs every mine flagged as well as every safe cell open.
      faceOut = face;
      await sleep(1200);
      const later: Rgb = { width: 1280, height: 1024, data: grabRgb(display, 0, 0, 1280, 1024) };
      const t2 = await readLed(later, geo.grid.left + hud.timer[0], geo.grid.top + hud.timer[1], leds);
      timerRunning = t2 !== timer;
    }
    writeFileSync(join(o.out, `${s.name}.board.txt`), `# ${s.note}\n${text}`);
    const json = {
      skin: s.game,
      face: faceOut,
      mineCounter,
      timer,
      grid: { left: grid.left, top: grid.top, pitch: grid.pitch },
      state: face,
      ...(s.overflagged ? { overflagged: true } : {}),
      timerRunning,
      depth: s.depth ?? 24,
      source:
        s.game === 'xdemineur'
          ? { game: 'xdemineur', args: `-geometry ${s.cols}x${s.rows} -m ${s.mines}`, srandSeed: Number(s.seed) }
          : { game: 'sgt-mines', id: id ? `${s.cols}x${s.rows}n${s.mines}:${id}` : `${s.cols}x${s.rows}n${s.mines}#${s.layoutSeed ?? 1}`, tilesize: s.tilesize ?? 20 },
      note: s.note,
    };
    writeFileSync(join(o.out, `${s.name}.json`), JSON.stringify(json, null, 2) + '\n');
    console.log(`${s.name}: ok (${s.cols}x${s.rows}, ${flags} flags, counter ${mineCounter}, timer ${timer})\n${rows.join('\n')}`);
  } finally {
    await stopGame(geo);
  }
}

let ledBank: Map<string, Buffer> | undefined;
async function loadLedBank(bank: string): Promise<Map<string, Buffer>> {
  if (ledBank) return ledBank;
  ledBank = new Map();
  for (let d = 0; d <= 9; d++) {
    const f = join(bank, `led${d}.png`);
    if (existsSync(f)) ledBank.set(String(d), (await loadRgb(f)).data);
  }
  return ledBank;
}

async function main(argv: string[]): Promise<void> {
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const only = get('--only');
  const out = get('--out') ?? 'fixtures';
  for (const s of SCENARIOS) {
    if (only && !only.split(',').includes(s.name)) continue;
    const bank = get('--bank') ?? join('templates', s.game);
    await runScenario(s, { out: join(out, s.game), bank, only: undefined });
  }
}

if (process.argv[1] && import.meta.url.endsWith('make-fixtures.ts') && process.argv[1].endsWith('make-fixtures.ts')) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    for (const p of started) kill(p);
    process.exit(1);
  });
}
