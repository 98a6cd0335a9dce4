import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { register } from '../../src/commands/calibration.js';
import { CliError } from '../../src/commands/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'minebot-cal-'));

async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  try {
    // The program as src/cli.ts builds it.
    const program = new Command().name('minebot').exitOverride().configureOutput({ writeErr: (t) => process.stderr.write(t) });
    register(program);
    try {
      await program.parseAsync(['node', 'minebot', ...args]);
      return { code: 0, out, err };
    } catch (x) {
      if (x instanceof CommanderError) return { code: x.exitCode, out, err };
      process.stderr.write(`minebot: ${(x as Error).message}\n`);
      return { code: x instanceof CliError ? x.exitCode : 1, out, err };
    }
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

const mv = (game: string, n: number, p: number, mine: boolean, certain = false) => JSON.stringify({ type: 'move', game, n, x: n, y: 0, p, certain, mine });
const gm = (game: string, strategy: string, rules: string) => JSON.stringify({ type: 'game', game, rules, board: '9x9/10', strategy, source: 'sim', won: false, clicks: 3, ms: 1 });

// Game a (exact, safe): first click, a certain open, a 10% guess that was safe, a 30% guess that was a mine.
// Game b (seed001, zero): a 10% guess that was a mine. Then a torn line.
const logA = join(dir, 'a.jsonl');
writeFileSync(
  logA,
  [mv('a', 1, 0, false), mv('a', 2, 0, false, true), mv('a', 3, 0.1, false), mv('a', 4, 0.3, true), gm('a', 'exact', 'safe'), mv('b', 2, 0.1, true), gm('b', 'seed001', 'zero')].join('\n') +
    '\n{"type":"move","ga',
);

describe('minebot calibration', () => {
  it('prints the JSON shape for the filtered guesses, warning about the torn line', async () => {
    const r = await run('calibration', logA, '--guesses', '--strategy', 'exact', '--format', 'json', '--bins', '10');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as { count: number; brier: number; ece: number; bins: { from: number; to: number; count: number; mines: number; actual: number; ci: number[] }[] };
    expect(j.count).toBe(2);
    expect(j.brier).toBeCloseTo((0.01 + 0.49) / 2, 12);
    expect(j.ece).toBeCloseTo((0.1 + 0.7) / 2, 12);
    expect(j.bins.map((b) => [b.from, b.count, b.mines, b.actual])).toEqual([
      [0.1, 1, 0, 0],
      [0.3, 1, 1, 1],
    ]);
    expect(r.err).toMatch(/line 8 is torn/);
  });

  it('counts every opened cell without filters, and filters by rules', async () => {
    const all = JSON.parse((await run('calibration', logA, '--format', 'json')).out) as { count: number };
    expect(all.count).toBe(5);
    const zero = JSON.parse((await run('calibration', logA, '--rules', 'zero', '--format', 'json')).out) as { count: number; bins: { mines: number }[] };
    expect(zero.count).toBe(1);
    expect(zero.bins[0]!.mines).toBe(1);
  });

  it('leaves out, and says so, the opened cells whose outcome a stopped run never saw', async () => {
    const log = join(dir, 'unseen.jsonl');
    writeFileSync(log, [mv('c', 1, 0, false), mv('c', 2, 0.2, false), JSON.stringify({ type: 'unseen', game: 'c', n: 3, x: 5, y: 1, p: 0.5, certain: false })].join('\n') + '\n');
    const r = await run('calibration', log, '--format', 'json');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { count: number }).count).toBe(2);
    expect(r.err).toMatch(/1 opened cell left out: the run stopped before the game showed its outcome/);
  });

  it('writes the reliability diagram as SVG and PNG', async () => {
    const svg = join(dir, 'plot.svg');
    const png = join(dir, 'plot.png');
    expect((await run('calibration', logA, '--plot', svg)).code).toBe(0);
    expect(readFileSync(svg, 'utf8')).toContain('<svg');
    expect((await run('calibration', logA, '--plot', png, '--format', 'md')).code).toBe(0);
    expect([...readFileSync(png).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('fails in one line on bad input', async () => {
    let r = await run('calibration', join(dir, 'missing.jsonl'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^minebot: log file .*missing\.jsonl does not exist\n$/);
    r = await run('calibration', logA, '--format', 'xml');
    expect(r.err).toMatch(/--format must be one of table, md, csv, json/);
    r = await run('calibration', logA, '--plot', 'x.gif');
    expect(r.err).toMatch(/--plot needs a file ending in \.svg or \.png/);
    r = await run('calibration', logA, '--bins', '0');
    expect(r.err).toMatch(/--bins must be at least 1/);
  });

  it('a file with no valid line: one line saying how many were skipped, no table, exit 1', async () => {
    const junk = join(dir, 'junk.jsonl');
    writeFileSync(junk, Array.from({ length: 40 }, (_, i) => (i % 2 ? 'not json' : '{"type":"bogus","game":"g"}')).join('\n') + '\n');
    const r = await run('calibration', junk);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.err).toMatch(/^minebot: no usable line in .*junk\.jsonl: skipped 40 lines, none is a move-log line \(the first: .*line 1: unknown line type "bogus"; skipped it\)/);
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    const e = await run('calibration', empty, logA.replace('a.jsonl', 'empty.jsonl'));
    expect(e.code).toBe(1);
    expect(e.err).toMatch(/^minebot: 2 files hold no lines/);
  });

  it('some bad lines among good ones: one warning with the count, the table from the rest', async () => {
    const mixed = join(dir, 'mixed.jsonl');
    writeFileSync(mixed, ['garbage', mv('a', 3, 0.1, false), '{"x":1}', gm('a', 'exact', 'safe'), '[]'].join('\n') + '\n');
    const r = await run('calibration', mixed, '--format', 'json');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { count: number }).count).toBe(1);
    expect(r.err).toBe(`minebot: warning: skipped 3 lines that are not move-log lines (the first: ${mixed}: line 1 is not valid JSON; skipped it); used the other 2 lines\n`);
  });

  it('filters that keep no move: exit 1 in one line instead of an empty table', async () => {
    const r = await run('calibration', logA, '--strategy', 'nosuch');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/none of the 7 lines read is a move the filters keep: check --strategy, --rules and --source\n$/);
  });
});
