import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCompare, mergedResult, mergeShards, summariseCompare, type ShardFile } from '../../src/bench/compare.js';
import { seededLayout, type GameRecord } from '../../src/bench/game-task.js';
import { formatLayout, parseLayout, parseLayouts } from '../../src/bench/layouts.js';
import { runGameSets, summarise } from '../../src/bench/run.js';
import { parseShard, shardRange } from '../../src/bench/shard.js';
import { Command, CommanderError } from 'commander';
import { register as registerBench } from '../../src/commands/bench.js';
import { CliError } from '../../src/commands/errors.js';
import { DIFFICULTIES } from '../../src/core/rules.js';
import { LogCalibration } from '../../src/stats/calibration.js';
import { parseLog } from '../../src/stats/log.js';

const dir = mkdtempSync(join(tmpdir(), 'minebot-bench-'));
const spec = DIFFICULTIES.beginner!;
const base = { spec, rule: 'zero' as const, seed: 11, strategy: 'seed001', workers: 0 };
const noTime = (o: unknown) => JSON.parse(JSON.stringify(o, (k, v) => (['ms', 'msPerGame', 'wallMs', 'gamesPerSecond', 'workers'].includes(k) ? undefined : v)));

function shardFile(records: GameRecord[][], k: number, n: number, games: number, strategies: string[], compare: boolean): ShardFile {
  const [from, to] = shardRange(games, { k, n });
  return { kind: 'minebot-bench-shard', version: 1, board: spec, rules: 'zero', seed: 11, games, strategies, compare, shard: { k, n, from, to }, workers: 0, wallMs: 5, records };
}

describe('shards', () => {
  it('parses K/N and slices the games into contiguous ranges that cover them once', () => {
    expect(parseShard('2/3')).toEqual({ k: 2, n: 3 });
    expect(() => parseShard('4/3')).toThrow(/K must be from 1 to N/);
    expect(() => parseShard('x')).toThrow(/K\/N/);
    const ranges = [1, 2, 3].map((k) => shardRange(10, { k, n: 3 }));
    expect(ranges).toEqual([
      [0, 3],
      [3, 6],
      [6, 10],
    ]);
  });

  it('merge into exactly the result of the unsharded run (compare mode)', async () => {
    const strategies = ['seed001', 'seed002', 'seed004'];
    const games = 24;
    const whole = await runGameSets({ ...base, games, compare: strategies });
    const shards: ShardFile[] = [];
    for (const k of [3, 1, 2]) {
      const [from, to] = shardRange(games, { k, n: 3 });
      const part = await runGameSets({ ...base, games, compare: strategies, from, to, workers: k === 2 ? 2 : 0 });
      shards.push(shardFile(part, k, 3, games, strategies, true));
    }
    // Through JSON, as the files travel.
    const merged = mergeShards(shards.map((d, i) => ({ name: `s${i}`, data: JSON.parse(JSON.stringify(d)) })));
    expect(noTime(merged.records)).toEqual(noTime(whole));
    const config = { spec, rule: 'zero' as const, seed: 11, strategies, workers: 0 };
    expect(noTime(mergedResult(merged.first, merged.records, 1))).toEqual(noTime(summariseCompare(config, whole, 1)));
  });

  it('merge into exactly the result of the unsharded run (one strategy)', async () => {
    const games = 30;
    const whole = await runGameSets({ ...base, games });
    const shards = [1, 2].map((k) => {
      const [from, to] = shardRange(games, { k, n: 2 });
      return runGameSets({ ...base, games, from, to }).then((r) => shardFile(r, k, 2, games, ['seed001'], false));
    });
    const merged = mergeShards((await Promise.all(shards)).map((d) => ({ name: 'x', data: d })));
    expect(noTime(mergedResult(merged.first, merged.records, 1))).toEqual(noTime(summarise({ ...base }, whole[0]!, 1)));
  });

  it('refuse missing, repeated or foreign shards', async () => {
    const r = await runGameSets({ ...base, games: 4, from: 0, to: 2 });
    const s1 = shardFile(r, 1, 2, 4, ['seed001'], false);
    expect(() => mergeShards([{ name: 'a', data: s1 }])).toThrow(/missing shard 2\/2/);
    expect(() => mergeShards([{ name: 'a', data: s1 }, { name: 'b', data: s1 }])).toThrow(/given twice/);
    expect(() => mergeShards([{ name: 'a', data: s1 }, { name: 'b', data: { ...s1, seed: 12, shard: { ...s1.shard, k: 2 } } }])).toThrow(/different run/);
    expect(() => mergeShards([{ name: 'a', data: { hello: 1 } }])).toThrow(/not a shard result/);
  });

  it('merge a prefix of the shards into the result of the first games (--partial)', async () => {
    const games = 12;
    const parts = await Promise.all([1, 2].map((k) => {
      const [from, to] = shardRange(games, { k, n: 4 });
      return runGameSets({ ...base, games, from, to }).then((r) => shardFile(r, k, 4, games, ['seed001'], false));
    }));
    const merged = mergeShards(parts.map((d) => ({ name: 'x', data: d })), { partial: true });
    expect(merged.shards).toBe(2);
    const firstSix = await runGameSets({ ...base, games: 6 });
    expect(noTime(mergedResult(merged.first, merged.records, 1))).toEqual(noTime(summarise({ ...base }, firstSix[0]!, 1)));
    expect(() => mergeShards([{ name: 'b', data: parts[1] }], { partial: true })).toThrow(/needs shard 1\/4/);
  });
});

describe('paired comparison', () => {
  it('plays every strategy on the same layout and first click', async () => {
    const first: [number, number] = [4, 4];
    const sets = await runGameSets({ ...base, games: 6, compare: ['seed001', 'seed004'], first, keepLayout: true, onGameSet: (set) => {
      // The first strategy's layout is the seeded game opened at `first`.
      expect(set[0]!.layout).toEqual(seededLayout({ ...base }, set[0]!.index, first));
      expect(set[0]!.layout!.first).toEqual(first);
    } });
    expect(sets).toHaveLength(2);
    expect(sets[1]!.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a strategy against itself differs by exactly zero', async () => {
    const sets = await runGameSets({ ...base, games: 20, compare: ['seed001', 'seed001'], first: [4, 4] });
    const r = summariseCompare({ spec, rule: 'zero', seed: 11, strategies: ['seed001', 'seed001b'], workers: 0 }, sets, 1);
    expect(r.strategies[1]!.diff).toBe(0);
    expect(r.strategies[1]!.diffCi95).toEqual([0, 0]);
    expect(r.strategies[1]!.wins).toBe(r.strategies[0]!.wins);
    expect(r.strategies[1]!.ece).toBe(r.strategies[0]!.ece);
  });

  it('computes the paired difference and guess calibration from the records', () => {
    const rec = (index: number, won: boolean, guesses: number[] = []): GameRecord => ({ index, won, ms: 1, clicks: 1, decisions: 1, bbbv: 1, guesses });
    const a = [rec(0, true, [0.5, 1]), rec(1, true), rec(2, false, [0.5, 0]), rec(3, false)];
    const b = [rec(0, true), rec(1, false, [0.2, 0]), rec(2, true), rec(3, true, [0.25, 1])];
    const r = summariseCompare({ spec, rule: 'zero', seed: 1, strategies: ['a', 'b'], workers: 0 }, [a, b], 1);
    expect(r.strategies[0]).toMatchObject({ wins: 2, guesses: 2, guessMines: 1, guessPredicted: 0.5, guessActual: 0.5, ece: 0 });
    expect(r.strategies[1]).toMatchObject({ wins: 3, winsOnly: 2, lossesOnly: 1, guesses: 2, guessMines: 1 });
    expect(r.strategies[1]!.diff).toBeCloseTo(0.25, 12);
    // bins of 5%: 0.2 (no mine) and 0.25 (mine) fall in bins 4 and 5: |0.2−0| and |0.25−1| → ECE 0.475
    expect(r.strategies[1]!.ece).toBeCloseTo((0.2 + 0.75) / 2, 12);
    const table = formatCompare(r);
    expect(table).toMatch(/^a\s+4\s+2\s+50\.00 \(15\.00–85\.00\)\s+—/m);
    expect(table).toMatch(/^b\s+4\s+3\s+75\.00/m);
    expect(table).toContain('+25.00 (');
    expect(formatCompare(r, true)).toContain('| b | 4 | 3 | 75.00');
  });
});

describe('layout files', () => {
  it('round-trip and replay the same games', async () => {
    const saved: string[] = [];
    const first = await runGameSets({ ...base, games: 8, first: [0, 0], keepLayout: true, onGameSet: (set) => saved.push(formatLayout(set[0]!.layout!)) });
    const layouts = parseLayouts(saved.join('\n') + '\n');
    expect(layouts).toHaveLength(8);
    expect(JSON.parse(saved[0]!)).toEqual({ width: 9, height: 9, mines: layouts[0]!.mines, first: [0, 0] });
    const again = await runGameSets({ ...base, games: 8, layouts });
    expect(noTime(again)).toEqual(noTime(first));
  });

  it('name the line and the problem of a bad layout', () => {
    expect(() => parseLayout('{"width":3,"height":3,"mines":[[0,0],[0,0]],"first":[1,1]}')).toThrow(/listed twice/);
    expect(() => parseLayout('{"width":3,"height":3,"mines":[[3,0]],"first":[1,1]}')).toThrow(/not a cell/);
    expect(() => parseLayout('{"width":3,"height":3,"mines":[]}')).toThrow(/"first"/);
    expect(() => parseLayouts('{"width":3,"height":3,"mines":[],"first":[0,0]}\nnope\n', 'f.jsonl')).toThrow(/f\.jsonl, line 2: not valid JSON/);
    expect(() => parseLayouts('{"width":3,"height":3,"mines":[],"first":[0,0]}\n{"width":4,"height":3,"mines":[],"first":[0,0]}\n')).toThrow(/one board size per file/);
  });
});

describe('bench command', () => {
  let out = '';
  let err = '';
  const run = async (...args: string[]) => {
    out = '';
    err = '';
    const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
    try {
      // The program as src/cli.ts builds it (its lazy command loading does not run under vitest).
      const program = new Command().name('minebot').exitOverride().configureOutput({ writeErr: (t) => process.stderr.write(t) });
      registerBench(program);
      try {
        await program.parseAsync(['node', 'minebot', ...args]);
        return 0;
      } catch (e) {
        if (e instanceof CommanderError) return e.exitCode;
        process.stderr.write(`minebot: ${(e as Error).message}\n`);
        return e instanceof CliError ? e.exitCode : 1;
      }
    } finally {
      o.mockRestore();
      e.mockRestore();
    }
  };
  afterEach(() => vi.restoreAllMocks());

  it('writes a move log whose guesses are the ones the compare table counts', async () => {
    const log = join(dir, 'moves.jsonl');
    const code = await run('bench', '--board', 'beginner', '--rules', 'zero', '--games', '15', '--workers', '0', '--seed', '3', '--compare', 'seed001,seed004', '--first', '4,4', '--log', log, '--json');
    expect(code).toBe(0);
    const result = JSON.parse(out) as { strategies: { strategy: string; guesses: number; wins: number }[] };
    const parsed = parseLog(readFileSync(log, 'utf8'));
    expect(parsed.warnings).toEqual([]);
    expect(parsed.games).toHaveLength(30);
    expect(parsed.games[0]).toMatchObject({ type: 'game', rules: 'zero', board: '9x9/10', source: 'sim' });
    for (const s of result.strategies) {
      const c = new LogCalibration({ strategy: [s.strategy], guesses: true }, 20);
      const text = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      for (const l of text) c.add(l);
      expect(c.finish().count).toBe(s.guesses);
      expect(parsed.games.filter((g) => g.strategy === s.strategy && g.won).length).toBe(s.wins);
    }
  });

  it('merges shard files given on the command line', async () => {
    const files: string[] = [];
    for (const k of [1, 2]) {
      expect(await run('bench', '--board', 'beginner', '--games', '10', '--workers', '0', '--strategy', 'seed004', '--shard', `${k}/2`, '--json')).toBe(0);
      const f = join(dir, `shard${k}.json`);
      writeFileSync(f, out);
      files.push(f);
    }
    expect(await run('bench', '--board', 'beginner', '--games', '10', '--workers', '0', '--strategy', 'seed004', '--json')).toBe(0);
    const whole = JSON.parse(out);
    expect(await run('bench', 'merge', ...files, '--json')).toBe(0);
    expect(noTime(JSON.parse(out))).toEqual(noTime(whole));
    expect(await run('bench', 'merge', files[0]!)).toBe(1);
    expect(err).toBe('minebot: missing shard 2/2\n');
  });

  it('rejects bad options in one line', async () => {
    expect(await run('bench', '--compare', 'seed001,nope', '--games', '1')).toBe(1);
    expect(err).toMatch(/^minebot: unknown strategy "nope"/);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(await run('bench', '--layouts', join(dir, 'none.jsonl'))).toBe(1);
    expect(err).toMatch(/layouts file .* does not exist/);
    expect(await run('bench', '--shard', '3/2')).toBe(1);
    expect(err).toMatch(/K must be from 1 to N/);
    expect(await run('bench', '--first', '40,2', '--board', 'beginner')).toBe(1);
    expect(err).toMatch(/outside the 9x9 board/);
  });
});
