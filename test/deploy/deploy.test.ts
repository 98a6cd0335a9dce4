// deploy/: the Kubernetes manifests are valid YAML with what Kubernetes needs, and the commands
// they and the Slurm script run, run here with small studies, give exactly the unsharded result
// once merged; so do 8 shards under GNU Parallel. Timing fields aside, every number must agree.

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = path.join(root, 'bin/minebot.js');
const work = mkdtempSync(path.join(tmpdir(), 'minebot-deploy-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A `minebot` on PATH that runs this checkout's build, as the container's would. */
const shimDir = path.join(work, 'bin');
execFileSync('mkdir', ['-p', shimDir]);
writeFileSync(path.join(shimDir, 'minebot'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
chmodSync(path.join(shimDir, 'minebot'), 0o755);
const PATH = `${shimDir}${path.delimiter}${process.env.PATH}`;

type Json = Record<string, unknown>;
/** A bench result without the fields that measure time. */
function untimed(result: Json): Json {
  const { wallMs: _w, gamesPerSecond: _g, msPerGame: _m, ...rest } = result;
  if (Array.isArray(rest.strategies)) rest.strategies = (rest.strategies as Json[]).map(({ msPerGame: _ms, ...s }) => s);
  return rest;
}

function minebot(args: string[], env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, cwd: work, timeout: 120_000 });
  if (r.status !== 0) throw new Error(`minebot ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

function jobDocs(file: string): Json[] {
  const docs = parseAllDocuments(readFileSync(path.join(root, file), 'utf8'));
  for (const d of docs) expect(d.errors, file).toEqual([]);
  return docs.map((d) => d.toJS() as Json);
}

interface Container {
  name: string;
  image: string;
  command: string[];
  env: { name: string; value: unknown }[];
  volumeMounts: { name: string; mountPath: string }[];
}

/** The fields Kubernetes needs in a Job, checked; returns its pod's container. */
function checkJob(job: Json, claims: string[]): Container {
  expect(job.apiVersion).toBe('batch/v1');
  expect(job.kind).toBe('Job');
  expect((job.metadata as Json).name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
  const spec = job.spec as Json;
  const pod = (spec.template as Json).spec as Json;
  expect(['Never', 'OnFailure']).toContain(pod.restartPolicy);
  const containers = pod.containers as Container[];
  expect(containers.length).toBeGreaterThan(0);
  const volumes = (pod.volumes as { name: string; persistentVolumeClaim?: { claimName: string } }[]) ?? [];
  for (const c of containers) {
    expect(c.name).toMatch(/^[a-z0-9-]+$/);
    expect(typeof c.image).toBe('string');
    // env values must be strings in Kubernetes (a bare 16 is rejected)
    for (const e of c.env ?? []) expect(typeof e.value, e.name).toBe('string');
    for (const m of c.volumeMounts ?? []) expect(volumes.map((v) => v.name)).toContain(m.name);
  }
  for (const v of volumes) if (v.persistentVolumeClaim) expect(claims).toContain(v.persistentVolumeClaim.claimName);
  return containers[0]!;
}

const envOf = (c: Container) => Object.fromEntries(c.env.map((e) => [e.name, String(e.value)]));

describe('deploy/kubernetes', () => {
  const docs = jobDocs('deploy/kubernetes/bench-job.yaml');
  const pvc = docs.find((d) => d.kind === 'PersistentVolumeClaim')!;
  const job = docs.find((d) => d.kind === 'Job')!;
  const claims = [(pvc.metadata as Json).name as string];

  it('bench-job.yaml: a volume claim and an Indexed Job whose JOB_COMPLETIONS is its completions', () => {
    expect(pvc.apiVersion).toBe('v1');
    expect((pvc.spec as Json).accessModes).toEqual(['ReadWriteMany']);
    expect((((pvc.spec as Json).resources as Json).requests as Json).storage).toMatch(/^\d+[GM]i$/);
    const spec = job.spec as Json;
    expect(spec.completionMode).toBe('Indexed');
    expect(Number.isInteger(spec.completions) && (spec.completions as number) >= 1).toBe(true);
    expect(spec.parallelism as number).toBeLessThanOrEqual(spec.completions as number);
    const c = checkJob(job, claims);
    expect(envOf(c).JOB_COMPLETIONS).toBe(String(spec.completions));
    expect(c.command.slice(0, 2)).toEqual(['sh', '-c']);
    expect(c.command[2]).toMatch(/--shard auto --json/);
    expect(c.volumeMounts.map((m) => m.mountPath)).toContain(envOf(c).RESULTS);
  });

  it('merge-job.yaml: a Job on the same volume claim', () => {
    const [merge] = jobDocs('deploy/kubernetes/merge-job.yaml');
    const c = checkJob(merge!, claims);
    expect(c.command[2]).toMatch(/minebot bench merge "\$RESULTS"/);
  });

  it("the pods' command, run for every index, then the merge job's, gives exactly the unsharded result", () => {
    const c = checkJob(job, claims);
    const results = mkdtempSync(path.join(work, 'k8s-'));
    // the manifest's study, made small; JOB_COMPLETIONS as a smaller Job would set it
    const env: Record<string, string> = { ...envOf(c), BOARD: 'beginner', GAMES: '60', WORKERS: '0', JOB_COMPLETIONS: '4', RESULTS: results, PATH };
    for (let i = 0; i < 4; i++) {
      const r = spawnSync(c.command[0]!, c.command.slice(1), { encoding: 'utf8', env: { ...process.env, ...env, JOB_COMPLETION_INDEX: String(i) }, timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain(`--shard auto: Kubernetes Indexed Job (JOB_COMPLETION_INDEX=${i}, JOB_COMPLETIONS=4): shard ${i + 1}/4`);
    }
    expect(readdirSync(results).sort()).toEqual(['shard-0.json', 'shard-1.json', 'shard-2.json', 'shard-3.json']);
    const [merge] = jobDocs('deploy/kubernetes/merge-job.yaml');
    const m = checkJob(merge!, claims);
    const r = spawnSync(m.command[0]!, m.command.slice(1), { encoding: 'utf8', env: { ...process.env, ...envOf(m), RESULTS: results, PATH }, timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^board {6}beginner/);
    const merged = JSON.parse(readFileSync(path.join(results, 'merged', 'result.json'), 'utf8')) as Json;
    const whole = JSON.parse(minebot(['bench', '--board', 'beginner', '--rules', env.RULES, '--games', '60', '--seed', env.SEED, '--strategy', env.STRATEGY, '--workers', '0', '--json'])) as Json;
    expect(untimed(merged)).toEqual(untimed(whole));
    expect(merged.games).toBe(60);
  }, 180_000);
});

describe('deploy/slurm/bench-array.sh', () => {
  const script = path.join(root, 'deploy/slurm/bench-array.sh');

  it('asks for an array, and run as tasks 1..4 of --array=1-4, merges into exactly the unsharded result', () => {
    expect(readFileSync(script, 'utf8')).toMatch(/^#SBATCH --array=0-\d+$/m);
    const results = path.join(work, 'slurm-results');
    for (let id = 1; id <= 4; id++) {
      const r = spawnSync('bash', [script], {
        encoding: 'utf8',
        cwd: work,
        env: {
          ...process.env, PATH, BOARD: 'intermediate', RULES: 'zero', GAMES: '40', SEED: '3', WORKERS: '0', RESULTS: results,
          SLURM_ARRAY_TASK_ID: String(id), SLURM_ARRAY_TASK_COUNT: '4', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '4',
        },
        timeout: 120_000,
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain(`Slurm job array (SLURM_ARRAY_TASK_ID=${id}, SLURM_ARRAY_TASK_COUNT=4, SLURM_ARRAY_TASK_MIN=1): shard ${id}/4`);
    }
    expect(readdirSync(results).sort()).toEqual(['shard-1.json', 'shard-2.json', 'shard-3.json', 'shard-4.json']);
    const merged = JSON.parse(minebot(['bench', 'merge', results, '--json'])) as Json;
    const whole = JSON.parse(minebot(['bench', '--board', 'intermediate', '--rules', 'zero', '--games', '40', '--seed', '3', '--workers', '0', '--json'])) as Json;
    expect(untimed(merged)).toEqual(untimed(whole));
  }, 180_000);
});

const haveParallel = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
if (!haveParallel) console.warn('deploy: GNU Parallel test skipped: `parallel` is not installed (Debian package parallel; .ci/run installs it)');

describe.skipIf(!haveParallel)('GNU Parallel', () => {
  it('8 shards with --shard auto merge into exactly the unsharded result (a paired comparison)', () => {
    const results = path.join(work, 'parallel-results');
    execFileSync('mkdir', ['-p', results]);
    const study = ['--board', 'beginner', '--rules', 'safe', '--games', '96', '--seed', '5', '--workers', '0', '--compare', 'exact,seed002'];
    const r = spawnSync(
      'parallel',
      ['--will-cite', '--jobs', '2', `minebot bench ${study.join(' ')} --shard auto --shards 8 --json > ${results}/shard-{}.json`, ':::', ...['1', '2', '3', '4', '5', '6', '7', '8']],
      { encoding: 'utf8', env: { ...process.env, PATH }, timeout: 300_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    for (let k = 1; k <= 8; k++) expect(r.stderr).toContain(`GNU Parallel (PARALLEL_SEQ=${k}, --shards 8): shard ${k}/8`);
    const merged = JSON.parse(minebot(['bench', 'merge', `${results}/shard-*.json`, '--json'])) as Json;
    const whole = JSON.parse(minebot(['bench', ...study, '--json'])) as Json;
    expect(untimed(merged)).toEqual(untimed(whole));
    expect((merged.strategies as Json[]).map((s) => s.games)).toEqual([96, 96]);
  }, 300_000);
});

describe('deploy/Dockerfile', () => {
  it('copies only what exists, builds with npm pack and runs minebot', () => {
    const text = readFileSync(path.join(root, 'deploy/Dockerfile'), 'utf8');
    for (const m of text.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const src of m[1]!.split(/\s+/)) expect(readdirSync(root), src).toContain(src);
    }
    expect(text).toMatch(/^RUN .*npm pack --pack-destination/m);
    expect(text).toMatch(/npm install --global --omit=dev/);
    expect(text).toMatch(/^ENTRYPOINT \["minebot"\]$/m);
  });
});
