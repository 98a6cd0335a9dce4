// Helpers to run the native X11 Minesweeper games (xdemineur, sgt-mines, and GNOME Mines through
// gnome-mines.ts) under Xvfb, find their window and grid, click cells and capture the screen. Used
// to make fixtures and templates, and reusable by e2e tests and CI. Needs: Xvfb, xdotool,
// x11-utils (xdpyinfo, xwininfo), imagemagick (import) for `capture` and the sgt-mines geometry
// (grabImage needs none: it grabs through nut.js), and gcc for the seed shims. See
// fixtures/README.md.
//
// CLI (run with `npx tsx scripts/x11/x11.ts ...`):
//   start  xdemineur|sgt-mines|gnome-mines [--display :99] [--depth 24] [--size 16x16] [--mines 40]
//          [--seed N] [--id GAMEID] [--at X,Y] [--tilesize N] [--window-size WxH]
//                                                                  prints the geometry as JSON
//   geometry xdemineur|sgt-mines|gnome-mines [--display :99] [--window ID] [--size 16x16]
//                                                                  prints the geometry as JSON
//   click  xdemineur|sgt-mines|gnome-mines X,Y [X,Y...] [--button 1|2|3] [--display :99]
//   capture OUT.png [--display :99] [--window ID | --crop WxH+X+Y]
//   stop   PID...   (kills processes this tool started; it prints their pids in `start`)
//
// Window ids of a killed client are reused by the next client, so stop a game with stopGame()
// (it waits for the window to go) before starting the next one on the same display.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { decodePng } from '../../src/vision/skins/load.js';
import type { RgbaImage } from '../../src/vision/image.js';

export type GameName = 'xdemineur' | 'sgt-mines' | 'gnome-mines';

export interface GameGeometry {
  game: GameName;
  display: string;
  /** X window id (decimal). */
  window: number;
  /** Pid of the game process (when this tool started it). */
  pid?: number;
  /** Pid of the Xvfb process (when this tool started it). */
  xvfbPid?: number;
  /** Window's top-left on the screen and its size. */
  x: number;
  y: number;
  width: number;
  height: number;
  cols: number;
  rows: number;
  /** Screen pixel of the top-left of cell (0,0) (the cell origin as in src/vision/skins/skin.ts), and the cell pitch. */
  grid: { left: number; top: number; pitch: number };
}

const HERE = dirname(fileURLToPath(import.meta.url));

function run(cmd: string, args: string[], display?: string): string {
  return execFileSync(cmd, args, {
    encoding: 'utf8',
    env: display ? { ...process.env, DISPLAY: display } : process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export function displayAlive(display: string): boolean {
  try {
    run('xdpyinfo', ['-display', display]);
    return true;
  } catch {
    return false;
  }
}

/** Starts Xvfb on `display` unless a server already answers there. Returns the new pid, if any. */
export async function ensureXvfb(display = ':99', depth = 24, size = '1280x1024'): Promise<number | undefined> {
  if (displayAlive(display)) return undefined;
  const child = spawn('Xvfb', [display, '-screen', '0', `${size}x${depth}`, '-nolisten', 'tcp'], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    if (displayAlive(display)) return child.pid;
  }
  throw new Error(`Xvfb did not come up on ${display}`);
}

/** Builds the LD_PRELOAD shim that fixes srand()'s seed (xdemineur has no seed option). */
export function seedShim(): string {
  const src = join(HERE, 'fixed-srand.c');
  const out = join(tmpdir(), 'minebot-fixed-srand.so');
  if (!existsSync(out) || statSync(out).mtimeMs < statSync(src).mtimeMs) {
    mkdirSync(dirname(out), { recursive: true });
    execFileSync('gcc', ['-shared', '-fPIC', '-O2', '-o', out, src, '-ldl']);
  }
  return out;
}

function visibleWindows(display: string, args: string[]): number[] {
  try {
    return run('xdotool', ['search', '--onlyvisible', ...args], display)
      .split('\n')
      .filter((s) => s.trim() !== '')
      .map(Number);
  } catch {
    return []; // xdotool exits 1 when nothing matches
  }
}

export function findGameWindows(game: GameName, display: string): number[] {
  if (game === 'gnome-mines') return visibleWindows(display, ['--class', '^gnome-mines$']);
  return game === 'xdemineur'
    ? visibleWindows(display, ['--classname', 'xdemineur'])
    : visibleWindows(display, ['--name', '^Mines$']);
}

export interface StartOptions {
  display?: string;
  depth?: number;
  cols?: number;
  rows?: number;
  mines?: number;
  /** xdemineur: fixed srand seed (through the shim); sgt-mines: the random seed after `#`. */
  seed?: string;
  /** sgt-mines only: a full game description after `:` (e.g. `7,7,u<hex bitmap>`), instead of a seed. */
  id?: string;
  /** Where to put the window's top-left corner on the screen. */
  at?: [number, number];
  /** sgt-mines only: tile size in pixels (MINES_TILESIZE, default 20). */
  tilesize?: number;
  /** gnome-mines only: the window's size setting, which sets the tile size (see gnome-mines.ts). */
  windowSize?: [number, number];
}

/** Starts Xvfb (if needed) and a game; waits for its window, places it, and returns its geometry. */
export async function startGame(game: GameName, opts: StartOptions = {}): Promise<GameGeometry> {
  const display = opts.display ?? ':99';
  if (game === 'gnome-mines') {
    const { startGnomeMines } = await import('./gnome-mines.js');
    return startGnomeMines({ ...opts, display, size: opts.windowSize });
  }
  const xvfbPid = await ensureXvfb(display, opts.depth ?? 24);
  const cols = opts.cols ?? 16;
  const rows = opts.rows ?? 16;
  const mines = opts.mines ?? 40;
  const [ax, ay] = opts.at ?? [10, 10];
  const before = new Set(findGameWindows(game, display));
  const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: display };
  let cmd: string;
  let args: string[];
  if (game === 'xdemineur') {
    if (cols < 12) throw new Error('xdemineur needs at least 12 columns');
    cmd = '/usr/games/xdemineur';
    args = ['-geometry', `${cols}x${rows}+${ax}+${ay}`, '-m', String(mines)];
    if (opts.seed !== undefined) {
      env.LD_PRELOAD = seedShim();
      env.MINEBOT_SEED = opts.seed;
    }
  } else {
    cmd = '/usr/games/sgt-mines';
    const params = `${cols}x${rows}n${mines}`;
    args = [opts.id !== undefined ? `${params}:${opts.id}` : opts.seed !== undefined ? `${params}#${opts.seed}` : params];
    if (opts.tilesize) env.MINES_TILESIZE = String(opts.tilesize);
  }
  const child = spawn(cmd, args, { env, detached: true, stdio: 'ignore' });
  child.unref();
  let window: number | undefined;
  for (let i = 0; i < 100 && window === undefined; i++) {
    await sleep(100);
    window = findGameWindows(game, display).find((w) => !before.has(w));
  }
  if (window === undefined) throw new Error(`no ${game} window appeared on ${display}`);
  if (game === 'sgt-mines') {
    // No window manager under Xvfb: place the window ourselves.
    run('xdotool', ['windowmove', '--sync', String(window), String(ax), String(ay)], display);
  }
  await sleep(300);
  const geo = await gameGeometry(game, display, window, cols, rows);
  return { ...geo, pid: child.pid, xvfbPid };
}

export function windowRect(display: string, window: number): { x: number; y: number; width: number; height: number } {
  const out = run('xwininfo', ['-id', String(window)], display);
  const num = (label: string): number => {
    const m = new RegExp(`${label}:\\s+(-?\\d+)`).exec(out);
    if (!m) throw new Error(`xwininfo: no "${label}"`);
    return Number(m[1]);
  };
  // xwininfo's absolute corner is the outside of the X border (xdemineur has a 1 px black border);
  // return the client area (what `import -window ID` captures).
  const bw = num('Border width');
  return { x: num('Absolute upper-left X') + bw, y: num('Absolute upper-left Y') + bw, width: num('Width'), height: num('Height') };
}

/** Raw RGB of a screen region (imagemagick `import`). */
export function grabRgb(display: string, x: number, y: number, width: number, height: number): Buffer {
  return execFileSync('import', ['-display', display, '-window', 'root', '-crop', `${width}x${height}+${x}+${y}`, '-depth', '8', 'rgb:-'], {
    maxBuffer: 64 << 20,
  });
}

/**
 * The screen of `display` (or a region of it) as RGBA, grabbed through nut.js in a child process
 * (scripts/x11/grab.ts): needs no imagemagick, and works from a process whose own DISPLAY is
 * another one (nut.js binds to the first display it sees).
 */
export function grabImage(display: string, region?: { x: number; y: number; width: number; height: number }): RgbaImage {
  const args = ['--import', 'tsx', join(HERE, 'grab.ts')];
  if (region) args.push(`${region.width}x${region.height}+${region.x}+${region.y}`);
  const png = execFileSync(process.execPath, args, {
    cwd: join(HERE, '../..'),
    env: { ...process.env, DISPLAY: display },
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return decodePng(png);
}

/**
 * Geometry of a game window. xdemineur: fixed layout (cells 20 px + 1 px black line, pitch 21;
 * window = 30 + 21*cols + 1 wide). sgt-mines: tile = (width - ...) from the window size, and the
 * grid's top found by scanning for the recessed frame (the menu bar height depends on the theme).
 */
export async function gameGeometry(
  game: GameName,
  display: string,
  window: number,
  cols?: number,
  rows?: number,
): Promise<GameGeometry> {
  const r = windowRect(display, window);
  if (game === 'gnome-mines') {
    const { findTiles, TILE_RGBS } = await import('./gnome-mines.js');
    if (cols === undefined || rows === undefined) throw new Error('gnome-mines: give the board size (--size COLSxROWS)');
    const t = findTiles(grabImage(display, r), cols, rows, TILE_RGBS);
    if (!t) throw new Error(`gnome-mines: no ${cols}x${rows} board of tiles in window ${window}`);
    return { game, display, window, ...r, cols, rows, grid: { left: r.x + t.left, top: r.y + t.top, pitch: t.pitch } };
  }
  if (game === 'xdemineur') {
    const c = Math.round((r.width - 31) / 21);
    const rw = Math.round((r.height - 96) / 21);
    // Cell (0,0) starts inside the outer black line; each cell box (21x21) includes the black
    // line on its right and bottom, as in the skin's sprites (src/vision/skins/skin.ts).
    return { game, display, window, ...r, cols: cols ?? c, rows: rows ?? rw, grid: { left: r.x + 16, top: r.y + 81, pitch: 21 } };
  }
  // sgt-mines: width = 2*BORDER + tile*cols with BORDER = tile*3/2 (integer division).
  let tile = 20;
  let c = cols;
  if (c !== undefined) {
    for (let t = 4; t < 200; t++) if (2 * Math.floor((t * 3) / 2) + t * c === r.width) tile = t;
  } else {
    c = Math.round((r.width - 3 * tile) / tile);
  }
  const border = Math.floor((tile * 3) / 2);
  // Scan down a column inside the first tile for the recessed frame around the grid (COL_LOWLIGHT
  // = 2/3 of the background, below the menu bar); the grid starts OUTER_HIGHLIGHT_WIDTH =
  // max(1, BORDER/10) rows below the frame's first row (mines.c).
  const outer = Math.max(1, Math.floor(border / 10));
  const col = grabRgb(display, r.x + border + Math.floor(tile / 2), r.y, 1, r.height);
  const bg = [col[3 * (r.height - 2)]!, col[3 * (r.height - 2) + 1]!, col[3 * (r.height - 2) + 2]!];
  const isLow = (yy: number): boolean => [0, 1, 2].every((i) => Math.abs(col[3 * yy + i]! - Math.floor((bg[i]! * 2) / 3)) <= 8);
  let top = -1;
  for (let yy = 10; yy + outer < r.height; yy++) {
    let run = true;
    for (let k = 0; k < outer; k++) run &&= isLow(yy + k);
    if (run) {
      top = yy + outer;
      break;
    }
  }
  if (top < 0) throw new Error('sgt-mines: could not find the grid frame');
  const rowsFound = rows ?? Math.round((r.height - top - 40) / tile);
  return { game, display, window, ...r, cols: c, rows: rowsFound, grid: { left: r.x + border, top: r.y + top, pitch: tile } };
}

/** Stops a game this module started (its process group) and waits until its window is gone. */
export async function stopGame(geo: GameGeometry): Promise<void> {
  if (geo.pid !== undefined) {
    try {
      process.kill(-geo.pid);
    } catch {
      try {
        process.kill(geo.pid);
      } catch {
        /* already gone */
      }
    }
  }
  for (let i = 0; i < 50; i++) {
    try {
      run('xwininfo', ['-id', String(geo.window)], geo.display);
    } catch {
      return; // window destroyed
    }
    await sleep(50);
  }
}

/** Screen pixel at the centre of cell (cx, cy). */
export function cellCentre(geo: GameGeometry, cx: number, cy: number): [number, number] {
  const size = geo.game === 'xdemineur' ? geo.grid.pitch - 1 : geo.grid.pitch; // xdemineur: minus its black line
  return [geo.grid.left + cx * geo.grid.pitch + Math.floor(size / 2), geo.grid.top + cy * geo.grid.pitch + Math.floor(size / 2)];
}

/** Clicks cells (button 1 open, 3 flag, 2 chord) and parks the pointer outside the window. */
export function clickCells(geo: GameGeometry, cells: [number, number][], button: 1 | 2 | 3 = 1): void {
  for (const [cx, cy] of cells) {
    const [px, py] = cellCentre(geo, cx, cy);
    run('xdotool', ['mousemove', '--sync', String(px), String(py), 'click', String(button)], geo.display);
  }
  run('xdotool', ['mousemove', '--sync', String(geo.x + geo.width + 5), String(geo.y + geo.height + 5)], geo.display);
}

/** Clicks a screen pixel. */
export function clickAt(display: string, x: number, y: number, button: 1 | 2 | 3 = 1): void {
  run('xdotool', ['mousemove', '--sync', String(x), String(y), 'click', String(button)], display);
}

export function sendKey(display: string, window: number, key: string): void {
  run('xdotool', ['key', '--window', String(window), key], display);
}

/** Captures a region (or the whole screen) to a PNG, once two grabs 60 ms apart agree. */
export async function capture(display: string, out: string, crop?: { x: number; y: number; width: number; height: number }): Promise<void> {
  let prev: Buffer | undefined;
  for (let i = 0; i < 40; i++) {
    const args = ['-display', display, '-window', 'root'];
    if (crop) args.push('-crop', `${crop.width}x${crop.height}+${crop.x}+${crop.y}`, '+repage');
    const buf = execFileSync('import', [...args, 'rgb:-'], { maxBuffer: 64 << 20 });
    if (prev && prev.equals(buf)) break;
    prev = buf;
    await sleep(60);
  }
  const args = ['-display', display, '-window', 'root'];
  if (crop) args.push('-crop', `${crop.width}x${crop.height}+${crop.x}+${crop.y}`, '+repage');
  execFileSync('import', [...args, '-strip', '-define', 'png:exclude-chunks=date,time', out]);
}

// ---- CLI ----------------------------------------------------------------------------------------

/** Takes `name VALUE` out of a command line's arguments and gives VALUE (undefined when absent). */
export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}

async function main(argv: string[]): Promise<void> {
  const args = argv.slice();
  const command = args.shift();
  const display = option(args, '--display') ?? process.env.DISPLAY ?? ':99';
  if (command === 'start' || command === 'geometry' || command === 'click') {
    const game = args.shift() as GameName;
    if (game !== 'xdemineur' && game !== 'sgt-mines' && game !== 'gnome-mines') throw new Error('game must be xdemineur, sgt-mines or gnome-mines');
    const size = option(args, '--size') ?? '16x16';
    const [cols, rows] = size.split('x').map(Number) as [number, number];
    if (command === 'start') {
      const at = option(args, '--at');
      const tile = option(args, '--tilesize');
      const winSize = option(args, '--window-size');
      const geo = await startGame(game, {
        display,
        depth: Number(option(args, '--depth') ?? 24),
        cols,
        rows,
        mines: Number(option(args, '--mines') ?? 40),
        seed: option(args, '--seed'),
        id: option(args, '--id'),
        at: at ? (at.split(',').map(Number) as [number, number]) : undefined,
        tilesize: tile ? Number(tile) : undefined,
        windowSize: winSize ? (winSize.split('x').map(Number) as [number, number]) : undefined,
      });
      console.log(JSON.stringify(geo));
      return;
    }
    const win = option(args, '--window');
    const window = win ? Number(win) : findGameWindows(game, display).at(-1);
    if (window === undefined) throw new Error(`no ${game} window on ${display}`);
    const geo = await gameGeometry(game, display, window, game === 'gnome-mines' ? cols : undefined, game === 'gnome-mines' ? rows : undefined);
    if (command === 'geometry') {
      console.log(JSON.stringify(geo));
      return;
    }
    const button = Number(option(args, '--button') ?? 1) as 1 | 2 | 3;
    clickCells(geo, args.map((s) => s.split(',').map(Number) as [number, number]), button);
    return;
  }
  if (command === 'capture') {
    const win = option(args, '--window');
    const crop = option(args, '--crop');
    const out = args.shift();
    if (!out) throw new Error('capture needs an output file');
    let rect: { x: number; y: number; width: number; height: number } | undefined;
    if (win) rect = windowRect(display, Number(win));
    else if (crop) {
      const m = /^(\d+)x(\d+)\+(\d+)\+(\d+)$/.exec(crop);
      if (!m) throw new Error('--crop WxH+X+Y');
      rect = { width: Number(m[1]), height: Number(m[2]), x: Number(m[3]), y: Number(m[4]) };
    }
    await capture(display, out, rect);
    return;
  }
  if (command === 'stop') {
    for (const p of args) process.kill(Number(p));
    return;
  }
  console.error('usage: x11.ts start|geometry|click|capture|stop ... (see the header of scripts/x11/x11.ts)');
  process.exit(2);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
