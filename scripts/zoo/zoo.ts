// The zoo: real Minesweeper games nobody in this project wrote, each started the same way every
// time under Xvfb, for the end-to-end tests (test/e2e/zoo*.test.ts) and for looking at them by
// hand. Their artwork never enters the repository: the games come from Debian packages (and the
// browser game from a checkout given at run time, see browser.ts); skins are learned at test time.
//
//   kmines           Debian kmines (KDE, Qt): default theme (or --theme classic|green|
//                    graveyard-mayhem), Easy 9x9/10; a session bus of its own and a private HOME
//                    whose kminesrc picks the level and theme; new game: Ctrl+N
//                    mid-game, Return after a game's end (its "Reset the Game?" dialog).
//   xbomb            Debian xbomb (Xaw): squares, level 1 = 8x8/10, 50 px tiles, dithered covers
//                    and thick black grid lines; new game: s.
//   ace-minesweeper  Debian ace-of-penguins: keys 1-4 pick 8x8/6 (48 px tiles), 11x11/20,
//                    16x16/45 (24 px), 32x32/200 (12 px); it opens at 32x32; no safe first click;
//                    new game: F2 (or the penguin).
//   98-minesweeper   the Minesweeper of 98.js (1j01/98, programs/minesweeper) in Debian's
//                    chromium, served from 127.0.0.1: Windows 98 look, 16x16/40, the face for a
//                    new game (--new-game click:0,-1.6), no safe first click. Needs MINEBOT_ZOO_98 =
//                    a checkout of 98.js (scripts/zoo/get-98.sh makes one from a git directory).
//
// CLI (prints the game's geometry as JSON; the game stays up; stop it with `stop`):
//   npx tsx scripts/zoo/zoo.ts start kmines|xbomb|ace-minesweeper|98-minesweeper [--display :99]
//                                    [--at X,Y] [--level 1-4] [--depth 24] [--theme NAME]
//   npx tsx scripts/zoo/zoo.ts stop 'JSON printed by start'
// Needs: Xvfb, xdotool, x11-utils, the games' Debian packages (kmines, xbomb, ace-of-penguins,
// chromium), dbus (kmines).

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureXvfb, option, sleep, windowRect } from '../x11/x11.js';
import { startBrowserGame, stopBrowser } from './browser.js';
import { GNOME_MINES, startGnomeMines } from '../x11/gnome-mines.js';

export const ZOO_GAMES = ['kmines', 'xbomb', 'ace-minesweeper', '98-minesweeper', 'gnome-mines'] as const;
export type ZooName = (typeof ZOO_GAMES)[number];

/** Where each game's program lives (what must be installed to run it). */
export const ZOO_PROGRAMS: Record<ZooName, string> = {
  kmines: '/usr/games/kmines',
  xbomb: '/usr/games/xbomb',
  'ace-minesweeper': '/usr/games/ace-minesweeper',
  '98-minesweeper': '/usr/bin/chromium',
  'gnome-mines': GNOME_MINES,
};

export interface ZooOptions {
  display?: string;
  depth?: number;
  /** Where to put the window's top-left corner on the screen (default 40,30). */
  at?: [number, number];
  /** ace-minesweeper: the level key 1-4 (default 1: 8x8/6 at 48 px); KMines: 1-3, Easy (the default), Medium, Hard. */
  level?: 1 | 2 | 3 | 4;
  /** 98-minesweeper: the folder of a checkout of 98.js (default $MINEBOT_ZOO_98). */
  root?: string;
  /**
   * KMines: the tile theme, by the name of its file in /usr/share/kmines/themes (classic, green,
   * graveyard-mayhem; default: the game's own default, Oxygen).
   */
  theme?: string;
}

/** A running zoo game: its window, the board it shows, how to start the next game, how to stop it. */
export interface ZooGame {
  game: ZooName;
  display: string;
  /** X window id (decimal). */
  window: number;
  /** The window's client area on the screen. */
  x: number;
  y: number;
  width: number;
  height: number;
  cols: number;
  rows: number;
  mines: number;
  /** How minebot starts the next game (`--new-game`): a key or chord, keys in turn, or click:DX,DY (the face). */
  newGame: string;
  /** Processes to stop (process groups where `group`). */
  pids: number[];
  /** Temporary folders to remove when stopped. */
  dirs: string[];
  /** The browser game's address. */
  url?: string;
  /** Milliseconds from start to the board on the screen. */
  startMs: number;
  /** Where the board is, when the starter measured it on the screen (GNOME Mines: its tiles found): scripts/zoo/truth.ts. */
  board?: { left: number; top: number; pitch: number };
}

/** KMines' levels (kminesrc [KgDifficulty] Level) and their boards. */
const KMINES_LEVELS: Record<number, [string, { cols: number; rows: number; mines: number }]> = {
  1: ['Easy', { cols: 9, rows: 9, mines: 10 }],
  2: ['Medium', { cols: 16, rows: 16, mines: 40 }],
  3: ['Hard', { cols: 30, rows: 16, mines: 99 }],
};

const ACE_LEVELS: Record<number, { cols: number; rows: number; mines: number }> = {
  1: { cols: 8, rows: 8, mines: 6 },
  2: { cols: 11, rows: 11, mines: 20 },
  3: { cols: 16, rows: 16, mines: 45 },
  4: { cols: 32, rows: 32, mines: 200 },
};

export function xdo(display: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  return execFileSync('xdotool', args, { encoding: 'utf8', env: { ...process.env, ...env, DISPLAY: display }, stdio: ['ignore', 'pipe', 'ignore'] });
}

/** Visible windows an xdotool search finds (none is not an error). */
export function visibleWindows(display: string, search: string[]): number[] {
  try {
    return xdo(display, ['search', '--onlyvisible', ...search]).split('\n').filter((s) => s.trim()).map(Number);
  } catch {
    return [];
  }
}

/** The xdotool search that finds each game's main window. */
export function zooSearch(game: ZooName): string[] {
  switch (game) {
    case 'kmines':
      return ['--class', '^kmines$'];
    case 'xbomb':
      return ['--class', '^XBomb$'];
    case 'ace-minesweeper':
      return ['--name', 'ace-minesweeper$'];
    case '98-minesweeper':
      return ['--class', '^chromium'];
    case 'gnome-mines':
      return ['--class', '^gnome-mines$'];
  }
}

/** Waits for a window the search finds that was not there before. */
export async function newWindow(display: string, search: string[], before: Set<number>, tries = 150): Promise<number | undefined> {
  for (let i = 0; i < tries; i++) {
    await sleep(100);
    const w = visibleWindows(display, search).find((id) => !before.has(id));
    if (w !== undefined) return w;
  }
  return undefined;
}

/** A session bus of our own (KMines, like GNOME Mines, will not start without one). */
function startBus(env: NodeJS.ProcessEnv): { address: string; pid: number } {
  const out = execFileSync('dbus-daemon', ['--session', '--fork', '--nopidfile', '--print-address=1', '--print-pid=1'], { encoding: 'utf8', env });
  const lines = out.split('\n').map((l) => l.trim()).filter(Boolean);
  const address = lines.find((l) => l.includes(':') && l.includes('='));
  const pid = Number(lines.find((l) => /^\d+$/.test(l)));
  if (!address || !pid) throw new Error(`dbus-daemon printed no address and pid: ${out}`);
  return { address, pid };
}

function kill(pid: number, group: boolean): void {
  try {
    process.kill(group ? -pid : pid);
  } catch {
    try {
      process.kill(pid);
    } catch {
      /* already gone */
    }
  }
}

/** What is missing to run a zoo game here, or null. */
export function zooMissing(game: ZooName, root = process.env.MINEBOT_ZOO_98): string | null {
  if (!existsSync(ZOO_PROGRAMS[game])) return `${ZOO_PROGRAMS[game]} is not installed (.ci/run installs the zoo's Debian packages)`;
  if ((game === 'kmines' || game === 'gnome-mines') && !existsSync('/usr/bin/dbus-daemon')) return 'dbus-daemon is not installed (Debian dbus)';
  if (game === '98-minesweeper') {
    if (!root) return 'MINEBOT_ZOO_98 is not set (a checkout of 98.js, or what scripts/zoo/get-98.sh extracts from a git directory of it: see docs/zoo.md)';
    if (!existsSync(join(root, 'programs', 'minesweeper', 'index.html'))) return `MINEBOT_ZOO_98=${root} has no programs/minesweeper/index.html`;
  }
  return null;
}

/** Stops a zoo game: its processes (and their groups), its temporary folders; waits for its window to go. */
export async function stopZooGame(game: ZooGame): Promise<void> {
  if (game.game === '98-minesweeper') await stopBrowser(game);
  for (const pid of game.pids) kill(pid, true);
  for (let i = 0; i < 50; i++) {
    try {
      execFileSync('xwininfo', ['-id', String(game.window)], { env: { ...process.env, DISPLAY: game.display }, stdio: 'ignore' });
    } catch {
      break; // the window is gone (X reuses ids: wait, so the next game's window looks new)
    }
    await sleep(50);
  }
  for (const d of game.dirs) rmSync(d, { recursive: true, force: true });
}

/** Starts the next game the way `newGame` says (keys to the window; a click is the bot's business). */
export function zooNewGame(game: ZooGame): void {
  if (game.newGame.startsWith('click:')) throw new Error(`${game.game}: a new game is started with a click (${game.newGame})`);
  // xdotool: modifiers and single letters in lower case (N would be Shift+n), keysyms as named (Return, F2)
  const xkey = (key: string): string => key.split('+').map((part, i, all) => (i < all.length - 1 || part.length === 1 ? part.toLowerCase() : part)).join('+');
  for (const key of game.newGame.split(',')) xdo(game.display, ['key', '--window', String(game.window), xkey(key)]);
}

/** A private HOME and XDG folders, so that no game reads or writes the user's settings or scores. */
function privateHome(name: string): { home: string; env: NodeJS.ProcessEnv } {
  const home = mkdtempSync(join(tmpdir(), `minebot-zoo-${name}-`));
  for (const d of ['config', 'data', 'cache', 'runtime']) mkdirSync(join(home, d), { recursive: true, mode: 0o700 });
  return {
    home,
    env: {
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_RUNTIME_DIR: join(home, 'runtime'),
      LC_ALL: 'C.UTF-8',
      LANG: 'C.UTF-8',
    },
  };
}

/** Starts a program in a process group of its own, with `env` on top of ours. */
function launch(cmd: string, args: string[], display: string, env: NodeJS.ProcessEnv): number {
  const child = spawn(cmd, args, { env: { ...process.env, ...env, DISPLAY: display }, detached: true, stdio: 'ignore' });
  child.unref();
  if (child.pid === undefined) throw new Error(`could not start ${cmd}`);
  return child.pid;
}

/** Starts a zoo game on `display` (starting Xvfb there if nothing answers) and waits for its board. */
export async function startZooGame(game: ZooName, opts: ZooOptions = {}): Promise<ZooGame> {
  const display = opts.display ?? ':99';
  const [ax, ay] = opts.at ?? [40, 30];
  const xvfbPid = await ensureXvfb(display, opts.depth ?? 24);
  if (xvfbPid !== undefined) process.stderr.write(`zoo: started Xvfb on ${display} (pid ${xvfbPid})\n`);
  if (game === '98-minesweeper') return startBrowserGame({ display, at: [ax, ay], root: opts.root });
  if (game === 'gnome-mines') return startGnome(display, [ax, ay]);
  const t0 = Date.now();
  const search = zooSearch(game);
  // a window of an earlier game may still be closing (X reuses window ids): let it go first
  for (let i = 0; i < 50 && visibleWindows(display, search).length > 0; i++) await sleep(100);
  const before = new Set(visibleWindows(display, search));
  const { home, env } = privateHome(game);
  const pids: number[] = [];
  const dirs = [home];
  const fail = (why: string): never => {
    for (const p of pids) kill(p, true);
    rmSync(home, { recursive: true, force: true });
    throw new Error(why);
  };
  let size: { cols: number; rows: number; mines: number };
  let newGame: string;
  let run: () => void;
  if (game === 'kmines') {
    // KgDifficulty keeps the level in the [KgDifficulty] group of kminesrc
    // (and KgThemeProvider the theme in [KgTheme], by its .desktop file under the game's data)
    const theme = opts.theme ? `[KgTheme]\nTheme=themes/${opts.theme}.desktop\n` : '';
    if (opts.theme && !existsSync(`/usr/share/kmines/themes/${opts.theme}.desktop`)) return fail(`kmines has no theme ${opts.theme} (/usr/share/kmines/themes)`);
    const [difficulty, kSize] = KMINES_LEVELS[opts.level ?? 1] ?? fail(`kmines has levels 1-3 (Easy, Medium, Hard), not ${opts.level}`);
    writeFileSync(join(home, 'config', 'kminesrc'), `[KgDifficulty]\nLevel=${difficulty}\n${theme}`);
    run = () => {
      const bus = startBus({ ...process.env, ...env });
      pids.push(bus.pid);
      pids.push(launch(ZOO_PROGRAMS.kmines, [], display, { ...env, DBUS_SESSION_BUS_ADDRESS: bus.address, QT_QPA_PLATFORM: 'xcb', QT_LOGGING_RULES: '*=false' }));
    };
    size = kSize;
    // a game's end brings a "Reset the Game?" dialog that holds the keyboard: Return is its "Yes"
    newGame = 'Return';
  } else if (game === 'xbomb') {
    run = () => pids.push(launch(ZOO_PROGRAMS.xbomb, ['-square', '-1'], display, env));
    size = { cols: 8, rows: 8, mines: 10 };
    newGame = 's';
  } else {
    run = () => pids.push(launch(ZOO_PROGRAMS['ace-minesweeper'], [], display, env));
    size = ACE_LEVELS[opts.level ?? 1]!;
    newGame = 'F2';
  }
  run();
  let window = await newWindow(display, search, before);
  if (window === undefined) {
    // (KMines, started on a busy machine, now and then shows no window at all: once in a CI
    // rehearsal's zoo step, once in a hunt of 30 games. Started again, it does)
    process.stderr.write(`zoo: no ${game} window appeared on ${display} in 15 s; starting it again\n`);
    for (const p of pids.splice(0)) kill(p, true);
    run();
    window = await newWindow(display, search, before);
  }
  if (window === undefined) return fail(`no ${game} window appeared on ${display}`);
  // no window manager under Xvfb: place the window ourselves, and park the pointer off it
  xdo(display, ['windowmove', '--sync', String(window), String(ax), String(ay)]);
  xdo(display, ['mousemove', '--sync', '0', '0']);
  if (game === 'ace-minesweeper' && (opts.level ?? 1) !== 4) {
    await sleep(300);
    xdo(display, ['key', '--window', String(window), String(opts.level ?? 1)]);
  }
  await sleep(game === 'kmines' ? 1500 : 500); // KMines draws its SVG theme after the window shows
  const rect = windowRect(display, window);
  return { game, display, window, ...rect, ...size, newGame, pids, dirs, startMs: Date.now() - t0 };
}

/**
 * GNOME Mines at 16x16/40 (its "medium" preset, default theme, a private session bus and
 * settings: scripts/x11/gnome-mines.ts), its window resized until every tile has the same pitch.
 * Ctrl+R starts the next game of that size.
 */
async function startGnome(display: string, at: [number, number]): Promise<ZooGame> {
  const g = await startGnomeMines({ display, at, cols: 16, rows: 16, mines: 40 });
  const { x, y, width, height, window, cols, rows, startMs } = g;
  return { game: 'gnome-mines', display, window, x, y, width, height, cols, rows, mines: 40, newGame: 'ctrl+r', pids: [g.pid!, g.dbusPid], dirs: [g.home], startMs, board: g.grid };
}

// ---- CLI ----------------------------------------------------------------------------------------

async function main(argv: string[]): Promise<void> {
  const args = argv.slice();
  const command = args.shift();
  if (command === 'start') {
    const display = option(args, '--display') ?? process.env.DISPLAY ?? ':99';
    const at = option(args, '--at');
    const level = option(args, '--level');
    const depth = option(args, '--depth');
    const theme = option(args, '--theme');
    const game = args.shift() as ZooName;
    if (!ZOO_GAMES.includes(game)) throw new Error(`game must be one of ${ZOO_GAMES.join(', ')}`);
    const g = await startZooGame(game, {
      display,
      at: at ? (at.split(',').map(Number) as [number, number]) : undefined,
      level: level ? (Number(level) as 1 | 2 | 3 | 4) : undefined,
      depth: depth ? Number(depth) : undefined,
      theme,
    });
    console.log(JSON.stringify(g));
    return;
  }
  if (command === 'stop' || command === 'new-game') {
    const g = JSON.parse(args[0] ?? '') as ZooGame;
    if (command === 'stop') await stopZooGame(g);
    else zooNewGame(g);
    return;
  }
  console.error('usage: zoo.ts start GAME [--display :99] [--at X,Y] [--level N] [--theme NAME] | stop JSON | new-game JSON');
  process.exit(2);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
