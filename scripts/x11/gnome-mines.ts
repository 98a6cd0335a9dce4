// GNOME Mines (Debian gnome-mines 40.1, GTK 3) under Xvfb, started the same way every time:
//  - its settings come from a private keyfile (GSETTINGS_BACKEND=keyfile, XDG_CONFIG_HOME in a
//    temporary folder): board size and mines, window size, theme, no question marks, no
//    animations; nothing is read from or written to the user's dconf, scores go to the same
//    temporary folder;
//  - it gets a session bus of its own (dbus-daemon --session), which it needs to start at all;
//  - the size chooser is skipped: a preset (8x8/10, 16x16/40, 30x16/99) is started with
//    --small/--medium/--big, any other size by activating the application's `start-custom`
//    action over that bus (it reads xsize/ysize/nmines from the settings);
//  - with a seed, an LD_PRELOAD shim (fixed-grand.c) answers the game's g_random_int_range()
//    calls, so the layout depends on the seed and the first click only.
// The grid is found on a grab of the fresh board: covered tiles are #BABDB6 rounded squares with
// gaps of the window background between them (see /work/notes/gnome-mines/README.md).
//
// Needs: gnome-mines, dbus (dbus-daemon), libglib2.0-bin (gdbus, for custom sizes), xdotool,
// x11-utils, and gcc for a seed.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RgbaImage } from '../../src/vision/image.js';
import { ensureXvfb, grabImage, sleep, windowRect, type GameGeometry, type StartOptions } from './x11.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const GNOME_MINES = '/usr/games/gnome-mines';

/** Fill colour of a covered tile in the default theme (bgcolors; gnome-mines.css `.tile`). */
export const COVERED_RGB: readonly [number, number, number] = [0xba, 0xbd, 0xb6];

/**
 * Every fill colour of a tile in the default theme: covered, covered under the pointer, opened,
 * the backgrounds of 1..8 (bgcolors/theme.css), a mine shown after a loss, a wrong flag.
 */
export const TILE_RGBS: readonly (readonly [number, number, number])[] = [
  0xbabdb6, 0xd3d7cf, 0xdededc, 0xddfac3, 0xecedbf, 0xeddab4, 0xedc38a, 0xf7a1a2, 0xfea785, 0xff7d60, 0xff323c, 0x888a85, 0xcc0000,
].map((v) => [v >> 16, (v >> 8) & 255, v & 255] as const);

/** x11.ts's start options that apply here (`seed` fixes the layout through fixed-grand.c), and more. */
export interface GnomeMinesOptions extends Pick<StartOptions, 'display' | 'depth' | 'cols' | 'rows' | 'mines' | 'seed' | 'at'> {
  /** The window's size setting (window-width, window-height); the tiles grow with it. */
  size?: [number, number];
  /** Tile theme: bgcolors (default), classic or default. */
  theme?: string;
  /** Resize the window until every tile has the same pitch (default true). */
  uniform?: boolean;
  /** GTK animations (use-animations; default false, as GNOME Mines ships). */
  animations?: boolean;
}

export interface GnomeMinesGame extends GameGeometry {
  /** Fill of a tile, without the gaps (pitch − fill = gap between two tiles). */
  tile: number;
  /** Screen x of each column's box and y of each row's box (even spacing when `uniform`). */
  xs: number[];
  ys: number[];
  uniform: boolean;
  /** The private session bus's daemon. */
  dbusPid: number;
  dbusAddress: string;
  /** The temporary folder holding settings and scores. */
  home: string;
  /** Milliseconds from spawning the game to a grabbed, located board. */
  startMs: number;
}

/** The command-line flag that starts a preset size, or null for a custom board. */
export function presetFlag(cols: number, rows: number, mines: number): string | null {
  if (cols === 8 && rows === 8 && mines === 10) return '--small';
  if (cols === 16 && rows === 16 && mines === 40) return '--medium';
  if (cols === 30 && rows === 16 && mines === 99) return '--big';
  return null;
}

/** The GSettings keyfile (org.gnome.Mines) for a game: size, mines, window, theme. */
export function settingsKeyfile(opts: Required<Pick<GnomeMinesOptions, 'cols' | 'rows' | 'mines' | 'size' | 'theme'>> & { animations?: boolean }): string {
  const { cols, rows, mines } = opts;
  if (!(cols >= 4 && cols <= 100 && rows >= 4 && rows <= 100)) throw new RangeError(`GNOME Mines boards are 4..100 cells a side, got ${cols}x${rows}`);
  // gnome-mines clamps a custom mine count to 1 .. cells − 10 (start_game in gnome-mines.vala).
  if (!(mines >= 1 && mines <= cols * rows - 10)) throw new RangeError(`GNOME Mines takes 1..${cols * rows - 10} mines on ${cols}x${rows}, got ${mines}`);
  const mode = ['--small', '--medium', '--big'].indexOf(presetFlag(cols, rows, mines) ?? '');
  return [
    '[org/gnome/Mines]',
    `mode=${mode < 0 ? 3 : mode}`,
    `xsize=${cols}`,
    `ysize=${rows}`,
    `nmines=${mines}`,
    `window-width=${opts.size[0]}`,
    `window-height=${opts.size[1]}`,
    'window-is-maximized=false',
    `theme='${opts.theme}'`,
    'use-question-marks=false',
    'use-autoflag=false',
    `use-animations=${opts.animations === true}`,
    '',
  ].join('\n');
}

/** Builds the LD_PRELOAD shim that seeds GNOME Mines' mine placement. */
export function grandShim(): string {
  const src = join(HERE, 'fixed-grand.c');
  const out = join(tmpdir(), 'minebot-fixed-grand.so');
  if (!existsSync(out) || statSync(out).mtimeMs < statSync(src).mtimeMs) {
    execFileSync('gcc', ['-shared', '-fPIC', '-O2', '-o', out, src, '-ldl']);
  }
  return out;
}

function near(d: Uint8Array, o: number, c: readonly number[], tol: number): boolean {
  return Math.abs(d[o]! - c[0]!) <= tol && Math.abs(d[o + 1]! - c[1]!) <= tol && Math.abs(d[o + 2]! - c[2]!) <= tol;
}

export interface Tiles {
  /** The corner of cell (0,0)'s box (half a gap before its fill), in image pixels. */
  left: number;
  top: number;
  /** Mean distance between neighbouring tiles. */
  pitch: number;
  /** Fill of the first tile, without the gaps. */
  tile: number;
  /** Where each column's and row's box starts (GTK gives the first few cells a pixel more when
   * the board's size is not a multiple of the tile count). */
  xs: number[];
  ys: number[];
  /** True when every tile has the same pitch across and down. */
  uniform: boolean;
}

/** Runs of consecutive indices, as [first, last]. */
function runsOf(idx: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const i of idx) {
    const last = out[out.length - 1];
    if (last && i === last[1] + 1) last[1] = i;
    else out.push([i, i]);
  }
  return out;
}

/**
 * Where the tiles are in an image: the columns and rows where the tile colours (by default the
 * covered one: a fresh board; TILE_RGBS for a board in any state) are common (other widgets may
 * use them here and there) are the tile fills, the holes between them the gaps. Null unless they
 * form cols × rows square tiles whose pitch varies by at most one pixel.
 */
export function findTiles(image: RgbaImage, cols: number, rows: number, colours: readonly (readonly number[])[] = [COVERED_RGB]): Tiles | null {
  const { width: W, height: H, data } = image;
  if (cols < 2 || rows < 2) return null;
  // count tile-coloured pixels per column and row, leaving out runs too wide to be one tile (a
  // header bar in a tile colour)
  const perCol = new Int32Array(W), perRow = new Int32Array(H);
  const widest = Math.floor(W / cols);
  for (let y = 0; y < H; y++) {
    let start = -1;
    for (let x = 0; x <= W; x++) {
      const on = x < W && colours.some((c) => near(data, (y * W + x) * 4, c, 3));
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        if (x - start <= widest) {
          for (let k = start; k < x; k++) perCol[k]!++;
          perRow[y]! += x - start;
        }
        start = -1;
      }
    }
  }
  const common = (counts: Int32Array): number[] => {
    let top = 0;
    for (const c of counts) top = Math.max(top, c);
    const out: number[] = [];
    counts.forEach((c, i) => {
      if (top > 0 && c >= 0.5 * top) out.push(i);
    });
    return out;
  };
  const rx = runsOf(common(perCol)), ry = runsOf(common(perRow));
  if (rx.length !== cols || ry.length !== rows) return null;
  const steps = (r: [number, number][]): number[] => r.slice(1).map((b, i) => b[0] - r[i]![0]);
  const sx = steps(rx), sy = steps(ry);
  const all = [...sx, ...sy];
  const lo = Math.min(...all), hi = Math.max(...all);
  const tile = rx[0]![1] - rx[0]![0] + 1;
  if (hi - lo > 1 || lo <= tile) return null;
  const pitch = (rx[cols - 1]![0] - rx[0]![0]) / (cols - 1);
  // the gap: the hole after the first fill (2 px of button border on either side in Adwaita)
  const gap = rx[1]![0] - rx[0]![1] - 1;
  return {
    left: rx[0]![0] - gap / 2,
    top: ry[0]![0] - gap / 2,
    pitch,
    tile,
    xs: rx.map((r) => r[0] - gap / 2),
    ys: ry.map((r) => r[0] - gap / 2),
    uniform: hi === lo,
  };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): string {
  return execFileSync(cmd, args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] });
}

function visible(display: string): number[] {
  try {
    return run('xdotool', ['search', '--onlyvisible', '--class', '^gnome-mines$'], { ...process.env, DISPLAY: display })
      .split('\n')
      .filter((s) => s.trim() !== '')
      .map(Number);
  } catch {
    return [];
  }
}

/** A private session bus: dbus-daemon forks and prints its address and pid. */
function startBus(): { address: string; pid: number } {
  const out = execFileSync('dbus-daemon', ['--session', '--fork', '--nopidfile', '--print-address=1', '--print-pid=1'], { encoding: 'utf8' });
  const lines = out.split('\n').map((l) => l.trim()).filter(Boolean);
  const address = lines.find((l) => l.includes(':') && l.includes('='));
  const pid = Number(lines.find((l) => /^\d+$/.test(l)));
  if (!address || !pid) throw new Error(`dbus-daemon printed no address and pid: ${out}`);
  return { address, pid };
}

function kill(pid: number | undefined, group = false): void {
  if (pid === undefined) return;
  try {
    process.kill(group ? -pid : pid);
  } catch {
    /* already gone */
  }
}

/**
 * Starts GNOME Mines on `display` (starting Xvfb there if nothing answers) at the given size,
 * places its window, waits for the board and returns its geometry. Stop it with stopGnomeMines.
 */
export async function startGnomeMines(opts: GnomeMinesOptions = {}): Promise<GnomeMinesGame> {
  const display = opts.display ?? ':99';
  const cols = opts.cols ?? 16, rows = opts.rows ?? 16, mines = opts.mines ?? 40;
  const size = opts.size ?? [700, 560];
  const [ax, ay] = opts.at ?? [10, 10];
  const keyfile = settingsKeyfile({ cols, rows, mines, size, theme: opts.theme ?? 'bgcolors', animations: opts.animations });
  const xvfbPid = await ensureXvfb(display, opts.depth ?? 24);
  const home = mkdtempSync(join(tmpdir(), 'minebot-gnome-mines-'));
  mkdirSync(join(home, 'config', 'glib-2.0', 'settings'), { recursive: true });
  writeFileSync(join(home, 'config', 'glib-2.0', 'settings', 'keyfile'), keyfile);
  const bus = startBus();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DISPLAY: display,
    DBUS_SESSION_BUS_ADDRESS: bus.address,
    GSETTINGS_BACKEND: 'keyfile',
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CACHE_HOME: join(home, 'cache'),
    GDK_BACKEND: 'x11',
    GTK_THEME: 'Adwaita',
    NO_AT_BRIDGE: '1',
    LC_ALL: 'C.UTF-8',
  };
  if (opts.seed !== undefined) {
    env.LD_PRELOAD = grandShim();
    env.MINEBOT_SEED = opts.seed;
  }
  // a window of an earlier game may still be closing; wait for it (X reuses window ids)
  for (let i = 0; i < 50 && visible(display).length > 0; i++) await sleep(100);
  const before = new Set(visible(display));
  const flag = presetFlag(cols, rows, mines);
  const t0 = Date.now();
  const child = spawn(GNOME_MINES, flag ? [flag] : [], { env, detached: true, stdio: 'ignore' });
  child.unref();
  const fail = (why: string): never => {
    kill(child.pid, true);
    kill(bus.pid);
    rmSync(home, { recursive: true, force: true });
    throw new Error(why);
  };
  let window: number | undefined;
  for (let i = 0; i < 150 && window === undefined; i++) {
    await sleep(100);
    window = visible(display).find((w) => !before.has(w));
  }
  if (window === undefined) return fail(`no GNOME Mines window appeared on ${display}`);
  const xenv = { ...process.env, DISPLAY: display };
  if (!flag) {
    // the size chooser is showing: start the custom game (size from the settings) over D-Bus
    let done = false;
    for (let i = 0; i < 50 && !done; i++) {
      try {
        run('gdbus', ['call', '--session', '--dest', 'org.gnome.Mines', '--object-path', '/org/gnome/Mines', '--method', 'org.gtk.Actions.Activate', 'start-custom', '[]', '{}'], env);
        done = true;
      } catch {
        await sleep(100);
      }
    }
    if (!done) return fail('GNOME Mines did not answer on its session bus (gdbus call start-custom)');
  }
  // no window manager under Xvfb: place the window ourselves, park the pointer off it (a covered
  // tile under the pointer is drawn lighter) and give it the keyboard focus (Ctrl+R, Escape)
  run('xdotool', ['windowmove', '--sync', String(window), String(ax), String(ay)], xenv);
  run('xdotool', ['mousemove', '--sync', '0', '0'], xenv);
  const look = async (): Promise<{ rect: ReturnType<typeof windowRect>; tiles: Tiles | null }> => {
    let rect = windowRect(display, window!);
    let tiles: Tiles | null = null;
    for (let i = 0; i < 40 && !tiles; i++) {
      await sleep(150);
      rect = windowRect(display, window!);
      tiles = findTiles(grabImage(display, rect), cols, rows);
    }
    return { rect, tiles };
  };
  let { rect, tiles } = await look();
  if (!tiles) return fail(`GNOME Mines showed no ${cols}x${rows} board of covered tiles`);
  // GTK spreads the pixels a board's size has beyond a multiple of the tile count over the first
  // tiles (one each), so the lattice is uneven: shrink the window by that many pixels, across,
  // or down when across changes nothing, until every tile has the same pitch.
  let down = false;
  for (let k = 0; k < 8 && opts.uniform !== false && !tiles.uniform; k++) {
    const extra = (starts: number[]): number => {
      const st = starts.slice(1).map((v, i) => v - starts[i]!);
      return st.filter((v) => v > Math.min(...st)).length;
    };
    const ex = extra(tiles.xs), ey = extra(tiles.ys);
    const shrink = Math.max(1, down ? ey || ex : ex || ey);
    const size = down ? [rect.width, rect.height - shrink] : [rect.width - shrink, rect.height];
    run('xdotool', ['windowsize', '--sync', String(window), String(size[0]), String(size[1])], xenv);
    const before = tiles;
    ({ rect, tiles } = await look());
    if (!tiles) return fail(`GNOME Mines lost its ${cols}x${rows} board after a resize to ${size[0]}x${size[1]}`);
    if (tiles.xs.join() === before.xs.join() && tiles.ys.join() === before.ys.join()) down = !down;
  }
  const startMs = Date.now() - t0;
  try {
    run('xdotool', ['windowfocus', '--sync', String(window)], xenv);
  } catch {
    /* focus follows the pointer then */
  }
  return {
    game: 'gnome-mines',
    display,
    window,
    pid: child.pid,
    xvfbPid,
    ...rect,
    cols,
    rows,
    grid: { left: rect.x + tiles.left, top: rect.y + tiles.top, pitch: tiles.pitch },
    tile: tiles.tile,
    xs: tiles.xs.map((v) => rect.x + v),
    ys: tiles.ys.map((v) => rect.y + v),
    uniform: tiles.uniform,
    dbusPid: bus.pid,
    dbusAddress: bus.address,
    home,
    startMs,
  };
}

/** Starts the next game of the same size (Ctrl+R, GNOME Mines' "repeat size"; after a win or loss). */
export function repeatGame(game: Pick<GameGeometry, 'display' | 'window'>): void {
  run('xdotool', ['key', '--window', String(game.window), 'ctrl+r'], { ...process.env, DISPLAY: game.display });
}

/** Stops a game startGnomeMines started: the game, its bus, its temporary folder. */
export async function stopGnomeMines(game: GnomeMinesGame): Promise<void> {
  kill(game.pid, true);
  kill(game.dbusPid);
  for (let i = 0; i < 50 && visible(game.display).includes(game.window); i++) await sleep(50);
  rmSync(game.home, { recursive: true, force: true });
}
