// `minebot play` on the simulated desktop, through the built CLI (npm test builds first), with the
// real winxp skin and vision.
import { mkdtempSync, readFileSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'minebot-play-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('minebot play (simulated desktop)', () => {
  it('plays games and ends with one JSON object; the move log agrees with it', () => {
    const log = path.join(dir, 'moves.jsonl');
    const r = runCli(['play', '--board', 'beginner', '--games', '3', '--json', '--log', log, '--seed', '4']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(Object.keys(out).sort()).toEqual(['clicks', 'games', 'lost', 'stopped', 'unknown', 'wallMs', 'won']);
    expect(out.games).toBe(3);
    expect((out.won as number) + (out.lost as number)).toBe(3);
    expect(out.stopped).toBeNull();
    expect(out.clicks as number).toBeGreaterThan(3);
    // Progress on stderr, one line per game.
    expect(r.stderr.match(/^game \d\/3: (won|lost)/gm)).toHaveLength(3);
    const lines = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; won?: boolean; source?: string });
    const games = lines.filter((l) => l.type === 'game');
    expect(games).toHaveLength(3);
    expect(games.filter((g) => g.won).length).toBe(out.won);
    expect(games.every((g) => g.source === 'sim:winxp')).toBe(true);
  });

  it('prints a summary with the time split by default', () => {
    const r = runCli(['play', '--board', 'beginner', '--games', '1', '--scale', '1.5']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^played 1 game: [01] won, [01] lost/m);
    expect(r.stdout).toMatch(/time: grab \d+ ms, check \d+ ms, read \d+ ms, solve \d+ ms, wait \d+ ms, click \d+ ms/);
  });

  it('--dry-run prints the board and the move, writes an overlay, and clicks nothing', () => {
    const overlay = path.join(dir, 'overlay.png');
    const r = runCli(['play', '--dry-run', '--board', 'beginner', '--overlay', overlay, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^9x9\/10$/m);
    expect(r.stderr).toMatch(/would open \(\d,\d\)/);
    expect(existsSync(overlay)).toBe(true);
    const out = JSON.parse(r.stdout.trim()) as { clicks: number; stopped: string };
    expect(out.clicks).toBe(0);
    expect(out.stopped).toMatch(/dry run/);
  });

  it('keeps to --max-clicks and says why it stopped (exit code 2)', () => {
    const r = runCli(['play', '--board', 'beginner', '--games', '5', '--max-clicks', '4', '--json']);
    expect(r.status).toBe(2);
    const out = JSON.parse(r.stdout.trim()) as { clicks: number; stopped: string };
    expect(out.clicks).toBe(4);
    expect(out.stopped).toMatch(/click budget of 4/);
    // (said on stderr too, for the person watching)
    expect(r.stderr).toMatch(/^stopped: click budget of 4/m);
  });

  it('stops cleanly on Ctrl-C, keeping the summary and the log written so far', async () => {
    const log = path.join(dir, 'interrupted.jsonl');
    const bin = new URL('../../bin/minebot.js', import.meta.url).pathname;
    const child = spawn(process.execPath, [bin, 'play', '--board', 'beginner', '--games', '500', '--json', '--log', log], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    const firstGame = new Promise<void>((resolve) => {
      child.stderr.on('data', (b: Buffer) => {
        stderr += b.toString();
        if (/game 1\/500/.test(stderr)) resolve();
      });
    });
    await firstGame;
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    const out = JSON.parse(stdout.trim()) as { games: number; stopped: string };
    expect(out.stopped).toBe('interrupted (Ctrl-C)');
    expect(out.games).toBeGreaterThanOrEqual(1);
    const games = readFileSync(log, 'utf8').trim().split('\n').filter((l) => l.includes('"type":"game"'));
    expect(games).toHaveLength(out.games);
  }, 60_000);

  it('rejects bad options with one line', () => {
    for (const args of [['--games', 'x'], ['--board', '2x2/9'], ['--new-game', 'a b'], ['--scale', '-1'], ['--new-game', 'click:0'], ['--new-game', 'click:x,-1'], ['--new-game', 'click:0,-41'], ['--dismiss', 'a b']]) {
      const r = runCli(['play', ...args]);
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^minebot: /);
    }
  });
});

// Keep the tmp dir listing for debugging when a test fails.
export const leftovers = () => (existsSync(dir) ? readdirSync(dir) : []);
