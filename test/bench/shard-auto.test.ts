// --shard auto: the shard index and count from each batch engine's variables, and the inputs of
// bench merge (files, folders, patterns).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeAutoShard, shardFromEnv, shardRange } from '../../src/bench/shard.js';
import { expandShardInputs } from '../../src/bench/shard-files.js';

describe('--shard auto: Kubernetes Indexed Job', () => {
  it('JOB_COMPLETION_INDEX is 0-based; the count from --shards or JOB_COMPLETIONS', () => {
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '0' }, 8)).toMatchObject({ k: 1, n: 8, engine: 'kubernetes', from: 'JOB_COMPLETION_INDEX=0, --shards 8' });
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '7', JOB_COMPLETIONS: '8' })).toMatchObject({ k: 8, n: 8, from: 'JOB_COMPLETION_INDEX=7, JOB_COMPLETIONS=8' });
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '3', JOB_COMPLETIONS: '8' }, 8)).toMatchObject({ k: 4, n: 8 });
  });
  it('refuses a missing count, a disagreement, an index past the count, a non-number', () => {
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: '0' })).toThrow(/give the shard count with --shards N/);
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: '0', JOB_COMPLETIONS: '8' }, 4)).toThrow(/--shards 4 but JOB_COMPLETIONS=8/);
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: '8' }, 8)).toThrow(/shard 9 of 8 does not exist/);
    expect(() => shardFromEnv({ JOB_COMPLETION_INDEX: 'x' }, 8)).toThrow(/JOB_COMPLETION_INDEX="x" is not a whole number/);
  });
});

describe('--shard auto: Slurm job array', () => {
  it('--array=0-7: task 0 is shard 1 of 8', () => {
    const env = { SLURM_ARRAY_TASK_ID: '0', SLURM_ARRAY_TASK_COUNT: '8', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_MAX: '7' };
    expect(shardFromEnv(env)).toMatchObject({ k: 1, n: 8, engine: 'slurm', from: 'SLURM_ARRAY_TASK_ID=0, SLURM_ARRAY_TASK_COUNT=8' });
    expect(shardFromEnv({ ...env, SLURM_ARRAY_TASK_ID: '7' })).toMatchObject({ k: 8, n: 8 });
  });
  it('--array=1-8 and --array=10-24:2 count from the first task', () => {
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_COUNT: '8', SLURM_ARRAY_TASK_MIN: '1' })).toMatchObject({ k: 1, n: 8 });
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '8', SLURM_ARRAY_TASK_COUNT: '8', SLURM_ARRAY_TASK_MIN: '1' })).toMatchObject({ k: 8, n: 8 });
    const stepped = { SLURM_ARRAY_TASK_COUNT: '8', SLURM_ARRAY_TASK_MIN: '10', SLURM_ARRAY_TASK_STEP: '2' };
    expect(shardFromEnv({ ...stepped, SLURM_ARRAY_TASK_ID: '16' })).toMatchObject({ k: 4, n: 8, from: 'SLURM_ARRAY_TASK_ID=16, SLURM_ARRAY_TASK_COUNT=8, SLURM_ARRAY_TASK_MIN=10, SLURM_ARRAY_TASK_STEP=2' });
  });
  it('refuses a task off the range, a count that disagrees with --shards, a missing count', () => {
    expect(() => shardFromEnv({ SLURM_ARRAY_TASK_ID: '15', SLURM_ARRAY_TASK_COUNT: '8', SLURM_ARRAY_TASK_MIN: '10', SLURM_ARRAY_TASK_STEP: '2' })).toThrow(/not on the range from 10 in steps of 2/);
    expect(() => shardFromEnv({ SLURM_ARRAY_TASK_ID: '9', SLURM_ARRAY_TASK_COUNT: '8', SLURM_ARRAY_TASK_MIN: '1' })).toThrow(/shard 9 of 8 does not exist/);
    expect(() => shardFromEnv({ SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_COUNT: '8' }, 4)).toThrow(/--shards 4 but SLURM_ARRAY_TASK_COUNT=8/);
    expect(() => shardFromEnv({ SLURM_ARRAY_TASK_ID: '1' })).toThrow(/SLURM_ARRAY_TASK_COUNT is not set; give --shards N/);
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '1' }, 4)).toMatchObject({ k: 2, n: 4 });
  });
});

describe('--shard auto: GNU Parallel', () => {
  it('PARALLEL_SEQ is 1-based, the count from --shards', () => {
    expect(shardFromEnv({ PARALLEL_SEQ: '1' }, 8)).toMatchObject({ k: 1, n: 8, engine: 'gnu-parallel', from: 'PARALLEL_SEQ=1, --shards 8' });
    expect(shardFromEnv({ PARALLEL_SEQ: '8' }, 8)).toMatchObject({ k: 8, n: 8 });
    expect(() => shardFromEnv({ PARALLEL_SEQ: '9' }, 8)).toThrow(/shard 9 of 8 does not exist/);
    expect(() => shardFromEnv({ PARALLEL_SEQ: '0' }, 8)).toThrow(/shard 0 of 8 does not exist/);
    expect(() => shardFromEnv({ PARALLEL_SEQ: '1' })).toThrow(/--shards N \(the number of jobs\)/);
  });
});

describe('--shard auto: which engine', () => {
  it('none, or two at once, is an error naming the variables', () => {
    expect(() => shardFromEnv({ PATH: '/bin' }, 4)).toThrow(/found no batch engine: none of JOB_COMPLETION_INDEX .*SLURM_ARRAY_TASK_ID .*PARALLEL_SEQ/);
    expect(() => shardFromEnv({ SLURM_ARRAY_TASK_ID: '0', PARALLEL_SEQ: '1', SLURM_ARRAY_TASK_COUNT: '2' }, 2)).toThrow(/Slurm job array and GNU Parallel at once/);
  });
  it('says which engine it used and which games the shard plays', () => {
    const s = shardFromEnv({ PARALLEL_SEQ: '3' }, 8);
    expect(describeAutoShard(s, shardRange(100, s))).toBe('--shard auto: GNU Parallel (PARALLEL_SEQ=3, --shards 8): shard 3/8, games 25..36');
    const t = shardFromEnv({ PARALLEL_SEQ: '3' }, 8);
    expect(describeAutoShard(t, shardRange(2, t))).toMatch(/no games \(more shards than games\)$/);
  });
});

describe('bench merge inputs', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'minebot-merge-in-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ['shard-1.json', 'shard-2.json', 'shard-10.json', 'shard-3.json.part', 'notes.txt', '.hidden.json']) writeFileSync(path.join(dir, f), '{}');
  mkdirSync(path.join(dir, 'merged'));
  writeFileSync(path.join(dir, 'merged', 'result.json'), '{}');
  const p = (...names: string[]) => names.map((n) => path.join(dir, n));

  it('a folder: its .json files, sorted, not the parts, the hidden ones or subfolders', () => {
    expect(expandShardInputs([dir])).toEqual(p('shard-1.json', 'shard-10.json', 'shard-2.json'));
  });
  it('a pattern, in the last component or a folder one', () => {
    expect(expandShardInputs([path.join(dir, 'shard-?.json')])).toEqual(p('shard-1.json', 'shard-2.json'));
    expect(expandShardInputs([path.join(dir, '*', '*.json')])).toEqual(p('merged/result.json'));
    expect(expandShardInputs([path.join(dir, 'shard-*.json'), path.join(dir, 'shard-1.json')])).toEqual(p('shard-1.json', 'shard-10.json', 'shard-2.json'));
    expect(expandShardInputs([path.join(dir, 'shard-{2,10}.json')])).toEqual(p('shard-10.json', 'shard-2.json'));
    expect(expandShardInputs([path.join(dir, '**', '*.json')])).toEqual(p('merged/result.json', 'shard-1.json', 'shard-10.json', 'shard-2.json'));
  });
  it('a relative pattern gives relative names', () => {
    const rel = path.relative(process.cwd(), dir);
    expect(expandShardInputs([path.join(rel, 'shard-1*.json')])).toEqual([path.join(rel, 'shard-1.json'), path.join(rel, 'shard-10.json')]);
  });
  it('plain files pass through (a missing one is reported when read); empty matches are errors', () => {
    expect(expandShardInputs(['no/such/file.json'])).toEqual(['no/such/file.json']);
    expect(() => expandShardInputs([path.join(dir, 'x-*.json')])).toThrow(/no shard files match .*x-\*\.json/);
    expect(() => expandShardInputs([path.join(dir, 'merged', '..', 'merged', 'nothing*')])).toThrow(/no shard files match/);
    const empty = mkdtempSync(path.join(tmpdir(), 'minebot-merge-empty-'));
    try {
      expect(() => expandShardInputs([empty])).toThrow(/no \.json shard files in folder/);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });
});
