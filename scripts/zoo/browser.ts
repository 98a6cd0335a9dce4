// The browser game of the zoo: a static Minesweeper page served on 127.0.0.1 (serve.ts, in a
// process of its own) and opened in Debian's chromium as an app window (--app=URL: no tabs, no
// address bar) on the Xvfb display. Not headless: the page must be drawn on the display the bot
// grabs and clicks. Chromium gets a fresh profile folder and no network beyond the page's server.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep, windowRect } from '../x11/x11.js';
import { newWindow, visibleWindows, xdo, type ZooGame } from './zoo.js';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';

/** The flags chromium needs to draw on Xvfb, quietly, as root, with nothing from outside. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-translate',
  '--disable-features=Translate,MediaRouter,OptimizationHints',
  '--password-store=basic',
  '--force-device-scale-factor=1',
  '--test-type', // no infobar about --no-sandbox over the page
];

/** Starts serve.ts on `root` in a process group of its own; resolves with its pid and address. */
export async function startServer(root: string): Promise<{ pid: number; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'serve.ts'), resolve(root)], {
    cwd: join(HERE, '../..'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`serve.ts printed no address: ${err}`)), 20_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /^(http:\S+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]!);
      }
    });
    child.stderr!.on('data', (b: Buffer) => (err += b.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`serve.ts exited (${code}): ${err}`));
    });
  });
  child.stdout!.destroy();
  child.stderr!.destroy();
  child.unref();
  return { pid: child.pid!, url };
}

export interface BrowserOptions {
  display: string;
  at: [number, number];
  /** Folder of a checkout of 98.js (default $MINEBOT_ZOO_98). */
  root?: string;
  /** The page under root (default programs/minesweeper/index.html). */
  page?: string;
  /** The window's outer size (default 340x440: the 16x16 board with its frame, no scrolling). */
  size?: [number, number];
}

/** Opens the 98.js Minesweeper in chromium; resolves once the page has drawn its board. */
export async function startBrowserGame(opts: BrowserOptions): Promise<ZooGame> {
  const t0 = Date.now();
  const root = opts.root ?? process.env.MINEBOT_ZOO_98;
  if (!root) throw new Error('98-minesweeper: set MINEBOT_ZOO_98 to a checkout of 98.js (see docs/zoo.md)');
  const server = await startServer(root);
  const profile = mkdtempSync(join(tmpdir(), 'minebot-zoo-chromium-'));
  const search = ['--class', '^chromium'];
  const before = new Set(visibleWindows(opts.display, search));
  const [w, h] = opts.size ?? [340, 440];
  const url = new URL(opts.page ?? 'programs/minesweeper/index.html', server.url).href;
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, `--app=${url}`, `--window-position=${opts.at[0]},${opts.at[1]}`, `--window-size=${w},${h}`],
    { env: { ...process.env, DISPLAY: opts.display, HOME: profile, LC_ALL: 'C.UTF-8' }, detached: true, stdio: 'ignore' },
  );
  child.unref();
  const pids = [server.pid, child.pid!];
  const game: ZooGame = {
    game: '98-minesweeper',
    display: opts.display,
    window: 0,
    x: 0,
    y: 0,
    width: 0,
    height: 0,
    cols: 16,
    rows: 16,
    mines: 40,
    newGame: 'face',
    pids,
    dirs: [profile],
    url,
    startMs: 0,
  };
  const window = await newWindow(opts.display, search, before, 300);
  if (window === undefined) {
    await stopBrowser(game);
    for (const p of pids) killGroup(p);
    rmSync(profile, { recursive: true, force: true });
    throw new Error(`no chromium window appeared on ${opts.display}`);
  }
  xdo(opts.display, ['windowmove', '--sync', String(window), String(opts.at[0]), String(opts.at[1])]);
  xdo(opts.display, ['mousemove', '--sync', '0', '0']);
  await sleep(2500); // the page loads its scripts and draws the board
  return { ...game, window, ...windowRect(opts.display, window), startMs: Date.now() - t0 };
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid);
  } catch {
    /* gone */
  }
}

/** Closes chromium first (so it does not write a crash report), then the server. */
export async function stopBrowser(game: ZooGame): Promise<void> {
  const [serverPid, chromePid] = game.pids;
  if (chromePid !== undefined) {
    try {
      process.kill(-chromePid, 'SIGTERM');
    } catch {
      /* gone */
    }
    for (let i = 0; i < 40; i++) {
      try {
        process.kill(-chromePid, 0);
      } catch {
        break;
      }
      await sleep(50);
    }
  }
  if (serverPid !== undefined) killGroup(serverPid);
}
