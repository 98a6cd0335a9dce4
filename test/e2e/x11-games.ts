// Starts native X11 Minesweeper games on a private Xvfb display for the end-to-end tests, with
// nothing but Xvfb, xdotool and the games (no window manager, no imagemagick).

import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { displayAlive, seedShim as buildSeedShim, sleep } from '../../scripts/x11/x11.js';
import type { SessionResult } from '../../src/bot/session.js';

export { displayAlive, sleep };

export function have(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** What is missing to run the end-to-end tests, or null. */
export function missing(): string | null {
  if (!process.env.DISPLAY) return 'no DISPLAY (CI starts Xvfb and sets it; see scripts/e2e-setup.sh)';
  for (const cmd of ['Xvfb', 'xdotool', 'xdpyinfo', '/usr/games/xdemineur', '/usr/games/sgt-mines']) {
    if (!(cmd.startsWith('/') ? existsSync(cmd) : have(cmd))) return `${cmd} is not installed (scripts/e2e-setup.sh installs it)`;
  }
  return null;
}

/** A private Xvfb, so the bot's mouse never meets another test's windows. */
export async function startXvfb(display: string, depth = 24): Promise<ChildProcess | null> {
  if (displayAlive(display)) throw new Error(`display ${display} is already in use; set MINEBOT_E2E_DISPLAY to a free one`);
  const child = spawn('Xvfb', [display, '-screen', '0', `1280x1024x${depth}`, '-nolisten', 'tcp'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    await sleep(100);
    if (displayAlive(display)) return child;
  }
  child.kill();
  throw new Error(`Xvfb did not come up on ${display}`);
}

/** Visible windows matching an xdotool search (none is not an error). */
export function windows(display: string, args: string[]): number[] {
  const r = spawnSync('xdotool', ['search', '--onlyvisible', ...args], { env: { ...process.env, DISPLAY: display }, encoding: 'utf8' });
  return (r.stdout ?? '').split('\n').filter((s) => s.trim()).map(Number);
}

/** xdemineur has no seed option: an LD_PRELOAD shim fixes srand()'s seed, when gcc can build it. */
function seedShim(): string | null {
  return have('gcc') ? buildSeedShim() : null;
}

export interface RunningGame {
  process: ChildProcess;
  window: number;
  stop(): void;
}

/** Starts xdemineur (cols x rows / mines) or sgt-mines (a `16x16n40#seed` id) and waits for its window. */
export async function startGame(
  display: string,
  game: 'xdemineur' | 'sgt-mines',
  opts: { cols: number; rows: number; mines: number; seed?: string; at?: [number, number] },
): Promise<RunningGame> {
  const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: display };
  const [ax, ay] = opts.at ?? [60, 40];
  let cmd: string;
  let args: string[];
  const search = game === 'xdemineur' ? ['--classname', 'xdemineur'] : ['--name', '^Mines$'];
  // A game stopped just before may still have its window up. X reuses a dead client's window ids,
  // so a new window could get the id of one in `before` and never look new: let those close first.
  for (let i = 0; i < 50 && windows(display, search).length > 0; i++) await sleep(100);
  const before = new Set(windows(display, search));
  if (game === 'xdemineur') {
    cmd = '/usr/games/xdemineur';
    args = ['-geometry', `${opts.cols}x${opts.rows}+${ax}+${ay}`, '-m', String(opts.mines)];
    const shim = opts.seed !== undefined ? seedShim() : null;
    if (shim) {
      env.LD_PRELOAD = shim;
      env.MINEBOT_SEED = opts.seed;
    }
  } else {
    cmd = '/usr/games/sgt-mines';
    args = [`${opts.cols}x${opts.rows}n${opts.mines}${opts.seed !== undefined ? `#${opts.seed}` : ''}`];
  }
  const child = spawn(cmd, args, { env, stdio: 'ignore' });
  let window: number | undefined;
  for (let i = 0; i < 100 && window === undefined; i++) {
    await sleep(100);
    const now = windows(display, search);
    window = now.find((w) => !before.has(w));
  }
  if (window === undefined) {
    child.kill();
    throw new Error(`no ${game} window appeared on ${display}`);
  }
  if (game === 'sgt-mines') {
    // No window manager under Xvfb: place the window ourselves.
    execFileSync('xdotool', ['windowmove', '--sync', String(window), String(ax), String(ay)], { env });
  }
  await sleep(400);
  return {
    process: child,
    window,
    stop: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}

/** A window's client area on the screen (inside its X border), from xwininfo. */
export { windowRect } from '../../scripts/x11/x11.js';

/** xdemineur's fixed layout: 20 px cells with a 1 px black line (pitch 21), cell (0,0) at (16, 81) of the client area. */
export function xdemineurGrid(rect: { x: number; y: number }, cols: number, rows: number) {
  return { left: rect.x + 16, top: rect.y + 81, pitch: 21, cols, rows };
}

/** Clicks a screen pixel with xdotool, then parks the pointer in the bottom-right corner. */
export function clickAt(display: string, x: number, y: number): void {
  execFileSync('xdotool', ['mousemove', '--sync', String(x), String(y), 'click', '1', 'mousemove', '--sync', '1270', '1010'], {
    env: { ...process.env, DISPLAY: display },
  });
}

/**
 * A private Xvfb on the first free display (Xvfb picks it with -displayfd): the fault tests need
 * a screen of their own, and no display number to agree on with other test files or machines.
 */
export async function startFreeXvfb(depth = 24): Promise<{ display: string; process: ChildProcess }> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', `1280x1024x${depth}`, '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
  const fd = child.stdio[3] as NodeJS.ReadableStream;
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Xvfb -displayfd did not name a display')), 10_000);
    fd.on('data', (b: Buffer) => {
      text += b.toString();
      const m = /^(\d+)\n/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(`:${m[1]}`);
      }
    });
    child.once('exit', () => reject(new Error('Xvfb exited before naming a display')));
  });
  for (let i = 0; i < 100 && !displayAlive(display); i++) await sleep(50);
  return { display, process: child };
}

/** Runs xdotool on a display. */
export function xdotool(display: string, args: string[]): string {
  return execFileSync('xdotool', args, { env: { ...process.env, DISPLAY: display }, encoding: 'utf8' });
}

/** Opens an xmessage window (a dialog stand-in) at a place; resolves once it is on the screen. */
export async function startXmessage(display: string, geometry: string, text: string): Promise<RunningGame> {
  const before = new Set(windows(display, ['--classname', 'xmessage']));
  const child = spawn('xmessage', ['-geometry', geometry, text], { env: { ...process.env, DISPLAY: display }, stdio: 'ignore' });
  let window: number | undefined;
  for (let i = 0; i < 100 && window === undefined; i++) {
    await sleep(50);
    window = windows(display, ['--classname', 'xmessage']).find((w) => !before.has(w));
  }
  if (window === undefined) {
    child.kill();
    throw new Error(`no xmessage window appeared on ${display}`);
  }
  return {
    process: child,
    window,
    stop: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}

/**
 * After a suite: stops its games and its Xvfb, and removes its working directory (kept, and named,
 * with MINEBOT_E2E_KEEP=1 to look at the captures, logs and traces after a failure).
 */
export function tearDown(running: { stop(): void }[], xvfb: ChildProcess | null, dir: string): void {
  for (const g of running) g.stop();
  xvfb?.kill();
  if (dir && !process.env.MINEBOT_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  else if (dir) console.warn(`e2e: kept ${dir}`);
}

/** The one JSON line `minebot play --json` ends with: the session result's totals. */
export type PlaySummary = Pick<SessionResult, 'games' | 'won' | 'lost' | 'unknown' | 'stopped' | 'clicks' | 'wallMs'>;
