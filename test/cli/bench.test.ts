import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('minebot bench', () => {
  it('prints one JSON object with the documented fields', () => {
    const r = runCli(['bench', '--board', 'beginner', '--rules', 'zero', '--games', '50', '--seed', '3', '--workers', '2', '--strategy', 'simple', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ board: 'beginner', width: 9, height: 9, mines: 10, rules: 'zero', strategy: 'simple', seed: 3, workers: 2, games: 50 });
    for (const key of ['wins', 'winRate', 'ci95', 'msPerGame', 'gamesPerSecond', 'wallMs']) expect(result).toHaveProperty(key);
    expect(Object.keys(result.msPerGame).sort()).toEqual(['max', 'mean', 'median', 'p99']);
  });

  it('gives the same wins for the same seed whatever the worker count', () => {
    const one = JSON.parse(runCli(['bench', '--board', '8x8/10', '--games', '80', '--workers', '1', '--strategy', 'simple', '--json']).stdout);
    const two = JSON.parse(runCli(['bench', '--board', '8x8/10', '--games', '80', '--workers', '2', '--strategy', 'simple', '--json']).stdout);
    expect(two.wins).toBe(one.wins);
    expect(two.board).toBe('beginner-classic');
  });

  it('prints a human report without a progress bar when not on a terminal', () => {
    const r = runCli(['bench', '--board', 'beginner', '--games', '20', '--workers', '0', '--strategy', 'simple']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^win rate +\d+\.\d\d% +\(95% CI/m);
    expect(r.stderr).not.toMatch(/█/);
  });

  it.each([
    [['--board', 'huge'], /unknown board "huge"/],
    [['--board', '3x3/9'], /at least one cell must be free/],
    [['--rules', 'vista'], /unknown rule "vista"/],
    [['--games', 'many'], /--games must be a whole number/],
    [['--strategy', 'nope'], /unknown strategy "nope"/],
  ])('rejects bad options %j with one clear line', (args, message) => {
    const r = runCli(['bench', ...args]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
