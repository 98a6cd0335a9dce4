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
