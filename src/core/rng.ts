// Seeded pseudo-random numbers: small, fast and reproducible across machines and worker counts.

/** A random source: next() returns a float in [0, 1). */
export interface Rng {
  next(): number;
  /** A whole number in [0, n). */
  int(n: number): number;
}

/** Mixes numbers into one 32-bit seed (order matters), so game i of seed s has its own stream. */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9 ^ parts.length;
  for (const part of parts) {
    // Fold in both halves of values beyond 32 bits.
    const lo = part >>> 0;
    const hi = Math.floor(part / 4294967296) >>> 0;
    h = Math.imul(h ^ lo, 0x85ebca6b);
    h = (h << 13) | (h >>> 19);
    h = Math.imul(h ^ hi, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}

/** sfc32 seeded through splitmix32: good statistical quality, fast in 32-bit integer maths. */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const split = (): number => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next32();
  return {
    next: () => next32() / 4294967296,
    int: (n: number) => {
      if (!(n > 0)) throw new RangeError(`rng.int needs a positive bound, got ${n}`);
      return Math.floor((next32() / 4294967296) * n);
    },
  };
}

/** Fisher–Yates: picks k distinct items of `pool` uniformly (pool is shuffled in place). */
export function sampleInPlace(pool: number[] | Int32Array, k: number, rng: Rng): number[] {
  if (k > pool.length) throw new RangeError(`cannot pick ${k} of ${pool.length}`);
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(pool.length - i);
    const t = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = t;
    out.push(pool[i]!);
  }
  return out;
}
