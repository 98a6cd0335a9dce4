// Shards: `--shard K/N` plays the K-th of N contiguous slices of the game indices. Game i gets
// the same seeds whichever shard plays it, so the shards together play exactly the games of the
// unsharded run, and `bench merge` rebuilds its result.

export interface Shard {
  /** 1-based shard number. */
  k: number;
  n: number;
}

export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new Error(`--shard must look like K/N (e.g. 2/8), got "${text}"`);
  const k = Number(m[1]);
  const n = Number(m[2]);
  if (n < 1 || k < 1 || k > n) throw new Error(`--shard ${text}: K must be from 1 to N`);
  return { k, n };
}

/** The game indices [from, to) of shard k of n over `games` games. */
export function shardRange(games: number, shard: Shard): [number, number] {
  const from = Math.floor(((shard.k - 1) * games) / shard.n);
  const to = Math.floor((shard.k * games) / shard.n);
  return [from, to];
}

// ---- --shard auto: the shard from the batch engine's environment ------------------------------
//
// Kubernetes Indexed Job: JOB_COMPLETION_INDEX (0-based). Kubernetes puts no count in a pod's
//   environment: it comes from --shards N, else from JOB_COMPLETIONS, which the manifest under
//   deploy/kubernetes/ sets to the Job's spec.completions.
// Slurm job array: SLURM_ARRAY_TASK_ID, from SLURM_ARRAY_TASK_MIN in steps of
//   SLURM_ARRAY_TASK_STEP (so --array=0-7 and --array=1-8 both work), SLURM_ARRAY_TASK_COUNT tasks.
// GNU Parallel: PARALLEL_SEQ (1-based job number), the count from --shards N.
// Variables of two engines at once are refused: which one the user meant is a guess.

export type ShardEngine = 'kubernetes' | 'slurm' | 'gnu-parallel';

export interface AutoShard extends Shard {
  engine: ShardEngine;
  /** The variables it was taken from, as NAME=value, for the message that says so. */
  from: string;
}

const ENGINE_NAMES: Record<ShardEngine, string> = { kubernetes: 'Kubernetes Indexed Job', slurm: 'Slurm job array', 'gnu-parallel': 'GNU Parallel' };

/** A whole number from an environment variable, or an error naming it. */
function envInt(env: Record<string, string | undefined>, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text.trim() === '') return undefined;
  if (!/^\s*\d+\s*$/.test(text)) throw new Error(`--shard auto: ${name}="${text}" is not a whole number`);
  return Number(text);
}

/** The shard this process plays, from the batch engine's environment (throws with what to do). */
export function shardFromEnv(env: Record<string, string | undefined>, shards?: number): AutoShard {
  const present: ShardEngine[] = [];
  if (env.JOB_COMPLETION_INDEX !== undefined) present.push('kubernetes');
  if (env.SLURM_ARRAY_TASK_ID !== undefined) present.push('slurm');
  if (env.PARALLEL_SEQ !== undefined) present.push('gnu-parallel');
  if (present.length === 0) {
    throw new Error('--shard auto found no batch engine: none of JOB_COMPLETION_INDEX (Kubernetes Indexed Job), SLURM_ARRAY_TASK_ID (Slurm job array) or PARALLEL_SEQ (GNU Parallel) is set; give --shard K/N');
  }
  if (present.length > 1) {
    throw new Error(`--shard auto found the variables of ${present.map((e) => ENGINE_NAMES[e]).join(' and ')} at once; give --shard K/N`);
  }
  const engine = present[0]!;
  const check = (index0: number, n: number, from: string): AutoShard => {
    if (n < 1) throw new Error(`--shard auto (${ENGINE_NAMES[engine]}): the shard count must be at least 1 (${from})`);
    if (index0 < 0 || index0 >= n) throw new Error(`--shard auto (${ENGINE_NAMES[engine]}): shard ${index0 + 1} of ${n} does not exist (${from})`);
    return { k: index0 + 1, n, engine, from };
  };
  if (engine === 'kubernetes') {
    const index = envInt(env, 'JOB_COMPLETION_INDEX')!;
    const completions = envInt(env, 'JOB_COMPLETIONS');
    if (shards !== undefined && completions !== undefined && shards !== completions) {
      throw new Error(`--shard auto: --shards ${shards} but JOB_COMPLETIONS=${completions}`);
    }
    const n = shards ?? completions;
    if (n === undefined) throw new Error('--shard auto (Kubernetes Indexed Job): give the shard count with --shards N (the Job\'s completions), or set JOB_COMPLETIONS');
    return check(index, n, `JOB_COMPLETION_INDEX=${index}, ${shards !== undefined ? `--shards ${n}` : `JOB_COMPLETIONS=${n}`}`);
  }
  if (engine === 'slurm') {
    const id = envInt(env, 'SLURM_ARRAY_TASK_ID')!;
    const count = envInt(env, 'SLURM_ARRAY_TASK_COUNT');
    const min = envInt(env, 'SLURM_ARRAY_TASK_MIN') ?? 0;
    const step = envInt(env, 'SLURM_ARRAY_TASK_STEP') ?? 1;
    if (count === undefined && shards === undefined) throw new Error('--shard auto (Slurm job array): SLURM_ARRAY_TASK_COUNT is not set; give --shards N');
    if (count !== undefined && shards !== undefined && count !== shards) throw new Error(`--shard auto: --shards ${shards} but SLURM_ARRAY_TASK_COUNT=${count}`);
    const n = count ?? shards!;
    if (step < 1 || (id - min) % step !== 0) {
      throw new Error(`--shard auto (Slurm job array): task ${id} is not on the range from ${min} in steps of ${step}; use an evenly spaced --array such as 0-${n - 1}`);
    }
    const from = [`SLURM_ARRAY_TASK_ID=${id}`, `SLURM_ARRAY_TASK_COUNT=${count ?? '(unset)'}`, ...(min ? [`SLURM_ARRAY_TASK_MIN=${min}`] : []), ...(step !== 1 ? [`SLURM_ARRAY_TASK_STEP=${step}`] : [])].join(', ');
    return check((id - min) / step, n, from);
  }
  const seq = envInt(env, 'PARALLEL_SEQ')!;
  if (shards === undefined) throw new Error('--shard auto (GNU Parallel): give the shard count with --shards N (the number of jobs)');
  return check(seq - 1, shards, `PARALLEL_SEQ=${seq}, --shards ${shards}`);
}

/** The line that says which engine --shard auto used. */
export function describeAutoShard(s: AutoShard, range: [number, number]): string {
  const games = range[1] > range[0] ? `games ${range[0]}..${range[1] - 1}` : 'no games (more shards than games)';
  return `--shard auto: ${ENGINE_NAMES[s.engine]} (${s.from}): shard ${s.k}/${s.n}, ${games}`;
}
