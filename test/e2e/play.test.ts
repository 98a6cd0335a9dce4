// End to end: native X11 Minesweeper games on a private Xvfb display, played by
// `minebot play --screen` through the real nut.js adapter (the built CLI, as a user runs it).
//
// Skips with a message when there is no DISPLAY or a tool is missing; CI (.ci/run, or
// scripts/e2e-setup.sh) installs the packages, starts Xvfb and sets DISPLAY. The games run on a
// display of their own (MINEBOT_E2E_DISPLAY, default :91) so no other test's windows or mouse
// get in the way.

import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missing, startGame, startXvfb, tearDown, windowRect, xdemineurGrid, type PlaySummary, type RunningGame } from './x11-games.js';

const why = missing();
if (why) console.warn(`e2e: skipped: ${why}`);

/** Vision needs a skin per game; a game whose skin is not in templates/ yet is skipped, loudly. */
const skinMissing = (skin: string): boolean => {
  const gone = !existsSync(fileURLToPath(new URL(`../../templates/${skin}/skin.json`, import.meta.url)));
  if (gone && !why) console.warn(`e2e: ${skin} games skipped: templates/${skin}/skin.json does not exist yet`);
  return gone;
};
const noXdemineur = skinMissing('xdemineur');
const noSgtMines = skinMissing('sgt-mines');

const bin = fileURLToPath(new URL('../../bin/minebot.js', import.meta.url));
const display = process.env.MINEBOT_E2E_DISPLAY ?? ':91';

type Summary = PlaySummary;

interface LogLine {
  type: string;
  game: string;
  won?: boolean;
  mine?: boolean;
}

interface Click {
  type: 'click';
  pixel: { x: number; y: number };
  target: 'cell' | 'face';
  cell?: [number, number];
}

function play(args: string[], dir: string, on = display): { summary: Summary; log: LogLine[]; clicks: Click[]; stderr: string; status: number | null } {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const log = path.join(dir, `log-${stamp}.jsonl`);
  const trace = path.join(dir, `trace-${stamp}.jsonl`);
  const r = spawnSync(process.execPath, [bin, 'play', '--screen', '--json', '--log', log, '--trace', trace, '--save-dir', dir, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DISPLAY: on },
    timeout: 180_000,
  });
  let lines: LogLine[] = [];
  try {
    lines = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as LogLine);
  } catch {
    lines = [];
  }
  let clicks: Click[] = [];
  try {
    clicks = readFileSync(trace, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Click).filter((c) => c.type === 'click');
  } catch {
    clicks = [];
  }
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  let summary: Summary;
  try {
    summary = JSON.parse(last) as Summary;
  } catch {
    throw new Error(`play printed no JSON summary (status ${r.status}): ${r.stderr}`);
  }
  return { summary, log: lines, clicks, stderr: r.stderr, status: r.status };
}

/** Every game in the log ended the way its moves say: a loss iff its last opened cell was a mine. */
function checkLog(log: LogLine[], games: number): void {
  const summaries = log.filter((l) => l.type === 'game');
  expect(summaries).toHaveLength(games);
  for (const g of summaries) {
    const moves = log.filter((l) => l.type === 'move' && l.game === g.game);
    const mines = moves.filter((m) => m.mine);
    if (g.won) expect(mines).toHaveLength(0);
    else {
      expect(mines).toHaveLength(1);
      expect(moves.at(-1)!.mine).toBe(true);
    }
  }
}

// Real GUI programs under Xvfb have timing of their own (window mapping, repaint): a test that
// fails is run once more before it counts as failed. A failure of the bot itself repeats.
describe.skipIf(why !== null)('minebot play --screen on native X11 games', { retry: 1 }, () => {
  let xvfb: ChildProcess | null = null;
  let dir = '';
  const running: RunningGame[] = [];

  beforeAll(async () => {
    xvfb = await startXvfb(display);
    dir = mkdtempSync(path.join(tmpdir(), 'minebot-e2e-'));
  });
  afterAll(() => tearDown(running, xvfb, dir));

  const cases: [string, number, number, number, number][] = [
    ['intermediate', 16, 16, 40, 3],
    ['expert', 30, 16, 99, 2],
  ];
  for (const [name, cols, rows, mines, games] of cases) {
    it.skipIf(noXdemineur)(`plays ${games} xdemineur ${name} games (${cols}x${rows}/${mines}), each ending in a detected win or loss`, async () => {
      const game = await startGame(display, 'xdemineur', { cols, rows, mines, seed: '12345' });
      running.push(game);
      try {
        const { summary, log, clicks, stderr } = play(['--games', String(games), '--mines', String(mines), '--no-flags'], dir);
        expect(summary.stopped, stderr).toBeNull();
        // Every click landed on the cell it meant, by the game's own geometry (xwininfo), and the
        // new-game clicks on the window above the grid.
        const win = windowRect(display, game.window);
        const grid = xdemineurGrid(win, cols, rows);
        expect(clicks.length).toBe(summary.clicks);
        for (const c of clicks) {
          if (c.target === 'cell') {
            const cx = Math.floor((c.pixel.x - grid.left) / grid.pitch);
            const cy = Math.floor((c.pixel.y - grid.top) / grid.pitch);
            expect([cx, cy]).toEqual(c.cell);
          } else {
            expect(c.pixel.x).toBeGreaterThanOrEqual(win.x);
            expect(c.pixel.x).toBeLessThan(win.x + win.width);
            expect(c.pixel.y).toBeGreaterThanOrEqual(win.y);
            expect(c.pixel.y).toBeLessThan(grid.top);
          }
        }
        expect(clicks.filter((c) => c.target === 'face')).toHaveLength(games - 1);
        expect(summary.games).toBe(games);
        expect(summary.won + summary.lost).toBe(games);
        checkLog(log, games);
      } finally {
        game.stop();
      }
    }, 240_000);
  }

  // sgt-mines generates boards that need no guessing: the bot must win every one.
  for (const seed of ['1', '2', '3']) {
    it.skipIf(noSgtMines)(`wins the seeded sgt-mines board 16x16n40#${seed}`, async () => {
      const game = await startGame(display, 'sgt-mines', { cols: 16, rows: 16, mines: 40, seed });
      running.push(game);
      try {
        // The bot finds the fresh, all-covered board and makes the first click itself.
        const { summary, log, clicks, stderr } = play(['--games', '1', '--mines', '40', '--rules', 'zero', '--new-game', 'none', '--skin', 'sgt-mines'], dir);
        expect(summary.stopped, stderr).toBeNull();
        const win = windowRect(display, game.window);
        for (const c of clicks) {
          expect(c.pixel.x).toBeGreaterThanOrEqual(win.x);
          expect(c.pixel.x).toBeLessThan(win.x + win.width);
          expect(c.pixel.y).toBeGreaterThanOrEqual(win.y);
          expect(c.pixel.y).toBeLessThan(win.y + win.height);
        }
        expect(summary).toMatchObject({ games: 1, won: 1, lost: 0 });
        checkLog(log, 1);
        // No guess was needed after the first click.
        const moves = log.filter((l) => l.type === 'move') as (LogLine & { certain: boolean })[];
        expect(moves.length).toBeGreaterThan(1);
        expect(moves.slice(1).every((m) => m.certain)).toBe(true);
      } finally {
        game.stop();
      }
    }, 120_000);
  }

  it('stops before its next click when the user moves the mouse', async () => {
    const game = await startGame(display, 'xdemineur', { cols: 16, rows: 16, mines: 40, seed: '99' });
    running.push(game);
    try {
      const trace = path.join(dir, 'moved-trace.jsonl');
      const child = spawn(process.execPath, [bin, 'play', '--screen', '--games', '50', '--mines', '40', '--json', '--trace', trace], {
        env: { ...process.env, DISPLAY: display },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
      await new Promise<void>((resolve) =>
        child.stderr.on('data', (b: Buffer) => {
          stderr += b.toString();
          if (/game 1\/50/.test(stderr)) resolve();
        }),
      );
      // A user's hand moves the mouse more than once. One move alone can land between the bot's
      // look at the pointer and its own move (its move then puts the pointer back; under load that
      // window is wide enough to hit): the bot sees only a move that stays, as the next ones do.
      const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      let gone = false;
      void exited.then(() => (gone = true));
      for (let i = 0; i < 10 && !gone; i++) {
        execFileSync('xdotool', ['mousemove', '--sync', '3', '3'], { env: { ...process.env, DISPLAY: display } });
        await new Promise((r) => setTimeout(r, 300));
      }
      const code = await exited;
      expect(code, stderr).toBe(2);
      const summary = JSON.parse(stdout.trim()) as Summary;
      expect(summary.stopped, stderr).toMatch(/the mouse was moved .*found at 3,3/);
      expect(summary.games).toBeLessThan(50);
    } finally {
      game.stop();
    }
  }, 120_000);

  it('minebot doctor passes every check on a display showing xdemineur, and reads its board', async () => {
    const game = await startGame(display, 'xdemineur', { cols: 16, rows: 16, mines: 40, seed: '5' });
    running.push(game);
    try {
      execFileSync('xdotool', ['mousemove', '--sync', '1200', '900'], { env: { ...process.env, DISPLAY: display } });
      const r = spawnSync(process.execPath, [bin, 'doctor', '--json'], { encoding: 'utf8', env: { ...process.env, DISPLAY: display }, timeout: 60_000 });
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const report = JSON.parse(r.stdout) as { ok: boolean; checks: { name: string; status: string; message: string }[] };
      const c = Object.fromEntries(report.checks.map((x) => [x.name, x]));
      for (const name of ['display', 'nut.js', 'screen', 'grab', 'pointer', 'board']) expect(c[name]!.status, c[name]!.message).toBe('ok');
      expect(c.screen!.message).toBe('1280x1024 pixels, scale 1 = 1280x1024 points');
      expect(c.board!.message).toMatch(/^16x16\/40 xdemineur board/);
      const win = windowRect(display, game.window);
      const grid = xdemineurGrid(win, 16, 16);
      expect(c.board!.message).toContain(`at ${grid.left},${grid.top}, cell 21.0 px`);
      // the pointer is back where it was
      const where = execFileSync('xdotool', ['getmouselocation'], { env: { ...process.env, DISPLAY: display }, encoding: 'utf8' });
      expect(where).toMatch(/^x:1200 y:900 /);
    } finally {
      game.stop();
    }
  }, 120_000);

  it('stops with a clear message when no board is on the screen', () => {
    const { summary, status } = play(['--games', '1'], dir);
    expect(summary.games).toBe(0);
    expect(summary.stopped).toMatch(/no Minesweeper board found/);
    expect(status).toBe(2);
  });
});

// A 16-bit display: nut.js hands back 2 bytes per pixel (RGB565) there.
describe.skipIf(why !== null || noXdemineur)('minebot play --screen on a 16-bit display', { retry: 1 }, () => {
  const display16 = process.env.MINEBOT_E2E_DISPLAY16 ?? ':92';
  let xvfb: ChildProcess | null = null;
  let dir = '';
  beforeAll(async () => {
    xvfb = await startXvfb(display16, 16);
    dir = mkdtempSync(path.join(tmpdir(), 'minebot-e2e16-'));
  });
  afterAll(() => {
    xvfb?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  it('plays an xdemineur 16x16/40 game to a detected end', async () => {
    const game = await startGame(display16, 'xdemineur', { cols: 16, rows: 16, mines: 40, seed: '777' });
    try {
      const { summary, log, stderr } = play(['--games', '1', '--mines', '40', '--no-flags'], dir, display16);
      expect(summary.stopped, stderr).toBeNull();
      expect(summary.games).toBe(1);
      checkLog(log, 1);
    } finally {
      game.stop();
    }
  }, 120_000);
});

describe('minebot play --screen without a display', () => {
  it('fails with one clear line, not a crash', () => {
    const env = { ...process.env };
    delete env.DISPLAY;
    const r = spawnSync(process.execPath, [bin, 'play', '--screen'], { encoding: 'utf8', env, timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^minebot: no X display: DISPLAY is not set/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
