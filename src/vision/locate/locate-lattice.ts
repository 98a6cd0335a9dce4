// Lattices for the grid locator (locate.ts): the peaks of an edge profile, and the longest run of
// evenly spaced peaks among them (the lines between cells).

export interface Lattice {
  pitch: number;
  first: number; // position of the first line
  count: number; // number of lines (cells + 1)
}

/** Peak centres of a profile: maximal runs of values ≥ threshold, weighted centre. */
export function peaks(profile: Float64Array, threshold: number): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < profile.length) {
    if (profile[i]! >= threshold) {
      let j = i, wsum = 0, xsum = 0;
      while (j < profile.length && profile[j]! >= threshold) {
        wsum += profile[j]!;
        xsum += profile[j]! * j;
        j++;
      }
      out.push(xsum / wsum);
      i = j;
    } else i++;
  }
  return out;
}

/**
 * Peaks of a profile, and of a second one (the same edges marked wider, or counted from a
 * lower threshold) where the first has none: edges that the first sees apart stay apart, and
 * lines only the second sees (the edges of rounded tiles, shortened by their corners; lines
 * broken by low-contrast cells) are there too.
 */
export function peaksWithFallback(first: Float64Array, threshold: number, second: Float64Array, fallback: number): number[] {
  const out = peaks(first, threshold);
  let added = false;
  let i = 0;
  while (i < second.length) {
    if (second[i]! < fallback) {
      i++;
      continue;
    }
    let j = i, wsum = 0, xsum = 0, seen = false;
    while (j < second.length && second[j]! >= fallback) {
      wsum += second[j]!;
      xsum += second[j]! * j;
      if (first[j]! >= threshold) seen = true;
      j++;
    }
    if (!seen) {
      out.push(xsum / wsum);
      added = true;
    }
    i = j;
  }
  return added ? out.sort((a, b) => a - b) : out;
}

/** Index of the peak nearest to `want` within `tol`, or -1 (peaks sorted ascending). */
function nearest(pk: number[], want: number, tol: number): number {
  let lo = 0, hi = pk.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pk[mid]! < want) lo = mid + 1;
    else hi = mid;
  }
  let best = -1, bd = tol;
  for (const i of [lo - 1, lo]) {
    if (i >= 0 && i < pk.length && Math.abs(pk[i]! - want) <= bd) { bd = Math.abs(pk[i]! - want); best = i; }
  }
  return best;
}

/** How far a peak may lie from where a lattice of this pitch puts a line. */
const tolerance = (pitch: number): number => Math.max(1.5, pitch * 0.08);

/**
 * The lattice through positions (k, x) by least squares (pitch given, or fitted too). With five
 * lines or more, the first and the last are left out of the fit: the board's outer lines are
 * drawn unlike the lines between cells (a frame beside them, or only one side of a gap), so
 * their peaks sit off the lattice by a pixel or two.
 */
function fitRun(run: { k: number; x: number }[], fixedPitch?: number): Lattice {
  let kmin = Infinity, kmax = -Infinity;
  for (const r of run) {
    kmin = Math.min(kmin, r.k);
    kmax = Math.max(kmax, r.k);
  }
  const inner = kmax - kmin >= 4;
  let sk = 0, sx = 0, skk = 0, skx = 0, n = 0;
  for (const r of run) {
    if (inner && (r.k === kmin || r.k === kmax)) continue;
    sk += r.k; sx += r.x; skk += r.k * r.k; skx += r.k * r.x;
    n++;
  }
  const p = fixedPitch ?? (n * skx - sk * sx) / (n * skk - sk * sk);
  const a = (sx - p * sk) / n;
  return { pitch: p, first: a + kmin * p, count: kmax - kmin + 1 };
}

/**
 * The longest run of evenly spaced peaks through one of the seed lines. Pitches to try come
 * from the gaps between neighbouring seeds (or are given); the lattice is walked both ways
 * from each seed and the pitch refined by least squares over the run.
 */
export function fitLattice(pk: number[], seeds: number[], minPitch: number, maxPitch: number, fixedPitch?: number, gaps = true): Lattice | null {
  if (pk.length < 2) return null;
  const pitches = new Set<number>();
  if (fixedPitch) pitches.add(fixedPitch);
  else {
    // gaps between seeds (which may span two or three cells: lines missing in between) and
    // between peaks (seeds may be few: long unbroken lines are rare on a board of mixed cells;
    // a line may show as up to three peaks: a bevel's edges, a gap's two sides)
    const add = (xs: number[], divisors: number[]): void => {
      for (let i = 1; i < xs.length; i++) {
        for (let j = i - 1; j >= 0 && j >= i - 3; j--) {
          const d = xs[i]! - xs[j]!;
          for (const m of divisors) if (d / m >= minPitch && d / m <= maxPitch) pitches.add(Math.round((d / m) * 4) / 4);
        }
      }
    };
    add(seeds, [1, 2, 3]);
    add(pk, [1]);
  }
  let best: Lattice | null = null;
  let bestScore = -Infinity;
  const tried = new Set<string>();
  for (const p0 of pitches) {
    const tol = tolerance(p0);
    for (const seed of seeds) {
      const s = nearest(pk, seed, Math.max(tol, p0 / 4));
      if (s < 0) continue;
      const key = `${p0}:${s}`;
      if (tried.has(key)) continue;
      tried.add(key);
      const run: { k: number; x: number }[] = [{ k: 0, x: pk[s]! }];
      for (const dir of [1, -1]) {
        // predict from the seed with the pitch measured so far, so that wide lines (two edge
        // peaks a few px apart) do not make the walk drift
        let k = 0, pEst = p0;
        const x0 = pk[s]!;
        for (;;) {
          const hit = nearest(pk, x0 + (k + dir) * pEst, tol);
          if (hit < 0) break;
          k += dir;
          run.push({ k, x: pk[hit]! });
          if (!fixedPitch && Math.abs(k) >= 2) pEst = (pk[hit]! - x0) / k;
        }
      }
      if (run.length < 3) continue;
      const lat = fitRun(run, fixedPitch);
      const score = run.length - 0.001 * Math.abs(lat.pitch - p0);
      if (score > bestScore) {
        bestScore = score;
        best = lat;
      }
    }
  }
  return best && gaps ? splitGaps(pk, best, minPitch, maxPitch, fixedPitch) : best;
}

/**
 * Tiles drawn apart (GNOME Mines, Microsoft Minesweeper: a few px of background between
 * rounded tiles) show each boundary between cells as two edges, the end of one tile and the
 * start of the next, or as one wide edge where the two merge (scaled images, narrow gaps). A
 * lattice fitted to the peaks then follows one of the two edges (the tops of the tiles, say) and
 * has one line too few: the board's first boundary has only the start of a tile, its last only
 * an end. When many neighbouring peaks are one small distance apart, the boundaries are midway
 * between such pairs, and a lone peak is either a merged pair or one end of the board (half that
 * distance beyond it): the lattice is fitted again on those positions and returned when it spans
 * as many lines at least and its ends look like a board's (else the lattice given).
 */
function splitGaps(pk: number[], lat: Lattice, minPitch: number, maxPitch: number, fixedPitch?: number): Lattice {
  const p = lat.pitch;
  const spacings: number[] = [];
  for (let i = 1; i < pk.length; i++) {
    const s = pk[i]! - pk[i - 1]!;
    if (s >= 2 && s <= p / 4) spacings.push(s);
  }
  const need = Math.max(2, (lat.count - 1) / 3);
  if (spacings.length < need) return lat;
  spacings.sort((a, b) => a - b);
  // the most common spacing
  const w = Math.max(1, 0.04 * p);
  let bestFrom = 0, bestTo = -1;
  for (let i = 0, j = 0; i < spacings.length; i++) {
    while (spacings[i]! - spacings[j]! > 2 * w) j++;
    if (i - j > bestTo - bestFrom) { bestFrom = j; bestTo = i; }
  }
  if (bestTo - bestFrom + 1 < need) return lat;
  const gap = spacings[(bestFrom + bestTo) >> 1]!;
  // (pairs are matched closely: a pair formed by mistake, with an edge inside a tile, would hide
  // the edge it took)
  const close = Math.max(0.75, 0.03 * p);
  const cands: number[] = [], mids: number[] = [];
  for (let i = 0; i < pk.length; i++) {
    const x = pk[i]!;
    if (i + 1 < pk.length && Math.abs(pk[i + 1]! - x - gap) <= close) {
      mids.push((x + pk[i + 1]!) / 2);
      cands.push((x + pk[i + 1]!) / 2);
      i++;
    } else cands.push(x - gap / 2, x, x + gap / 2);
  }
  cands.sort((a, b) => a - b);
  // (the lattice given may have been a multiple of the pitch: lines whose two edges straddle
  // the boundary by more than the tolerance break the walk at the true pitch)
  const again = fitLattice(cands, mids, minPitch, maxPitch, fixedPitch, false);
  // the same pitch, or the lattice given was a multiple of it
  if (!again || ![1, 2, 3].some((m) => Math.abs(again.pitch * m - p) <= 0.03 * p)) return lat;
  // what tells gaps from other pairs of edges (the two sides of a grid line, a bevel): the
  // first line has only the start of a tile after it, the last only the end of one before it
  // (the walk may have taken one line too many at an end, from an edge beside the board)
  const near = Math.max(0.75, gap / 3);
  const has = (x: number): boolean => nearest(pk, x, near) >= 0;
  const q = again.pitch;
  for (const [a, b] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
    const count = again.count - a - b;
    const top = again.first + a * q, bottom = again.first + (again.count - 1 - b) * q;
    if (count >= lat.count && has(top + gap / 2) && !has(top - gap / 2) && has(bottom - gap / 2) && !has(bottom + gap / 2)) return { pitch: q, first: top, count };
  }
  return lat;
}

/**
 * One line more at either end of a lattice where the profile is strong at the very place the
 * lattice puts it (±1 px), though no peak is centred there: the board's outer line merged with
 * a frame or panel edge beside it into one wide peak whose centre is off the line. With `all`,
 * as many lines more as go on so: a lattice walked on peaks stops where a row of mixed cells
 * makes its line weaker than a peak (ace-minesweeper's covered rows above the open ones, whose
 * dotted lines are no peaks beside the bevels' edges), though the line is there at its place.
 */
export function extendEnds(lat: Lattice, profile: Float64Array, threshold: number, all = false): Lattice {
  const strong = (x: number): boolean => {
    const i = Math.round(x);
    if (i < 2 || i > profile.length - 3) return false; // not a line at the image's border
    for (let k = i - 1; k <= i + 1; k++) if (k >= 0 && k < profile.length && profile[k]! >= threshold) return true;
    return false;
  };
  let { first, count } = lat;
  do {
    if (!strong(first - lat.pitch)) break;
    first -= lat.pitch;
    count++;
  } while (all);
  do {
    if (!strong(first + count * lat.pitch)) break;
    count++;
  } while (all);
  return count === lat.count ? lat : { ...lat, first, count };
}

/** A profile's value at a fractional position (linear between pixels, 0 outside). */
function valueAt(profile: Float64Array, x: number): number {
  const i = Math.floor(x), f = x - i;
  if (i < 0 || i + 1 >= profile.length) return 0;
  return profile[i]! * (1 - f) + profile[i + 1]! * f;
}

/**
 * A lattice's pitch refined over the whole board: every edge of a cell (a tile's bevel, a gap's
 * two sides, a dotted line, the faint line of an opened cell) repeats exactly one pitch on, two
 * pitches on and so on, whichever edge it is, while the peaks a lattice is walked on mix several
 * of them (a line's peak is the dots' centre here, the tile's edge there) and their fitted pitch
 * can be off by a few hundredths, pixels over a board. So the pitch taken is the spacing at which
 * the profile over the lattice's extent best matches itself shifted by 1, 2, … cells
 * (autocorrelation summed over every multiple, within 3% of the pitch given, to 0.01 px): `best`,
 * with `score` (how well any pitch matches) and `top` (the score at `best`) for comparing axes.
 * The lattice needs at least 4 lines.
 */
export interface PitchFit {
  pitch: number;
  best: number;
  top: number;
  score: (q: number) => number;
}

export function fitPitch(profile: Float64Array, lat: Lattice): PitchFit {
  const score = pitchScore(profile, lat);
  const best = bestPitch(lat.pitch, score);
  return { pitch: lat.pitch, best, top: score(best), score };
}

/**
 * One pitch for two axes whose own refined pitches differ (fitPitch on each): the spacing both
 * profiles match themselves best at together, each axis's match taken as a share of its own best
 * (an axis whose match hardly changes over the range, as columns whose tiles' edges repeat at
 * several spacings, gives way to one with a clear peak). Taken only when there one axis keeps its
 * own best (loses at most `loss.held` of it), a clear best (it would lose at least `loss.clear`
 * at the other's own pitch), and the other loses at most `loss.given`; else null (both would give
 * way, or neither best is clear, as on real boards with digits of many colours).
 */
export function sharedPitch(a: PitchFit, b: PitchFit, loss: { held: number; clear: number; given: number }): number | null {
  if (!(a.top > 0) || !(b.top > 0)) return null;
  const q = bestPitch(a.pitch, (x) => a.score(x) / a.top + b.score(x) / b.top);
  // (the share of its own best each axis loses there: one keeps its best, the other gives way)
  const la = 1 - a.score(q) / a.top, lb = 1 - b.score(q) / b.top;
  // (and the axis that keeps its best has a clear one: it would lose at least `loss.clear` at
  // the other's own pitch. Either axis may be the one: where both keep their best there, the one
  // whose best is clear holds, as rows with a clear peak beside columns whose match hardly changes)
  const holds = (keeps: number, clear: number, gives: number): boolean => keeps <= loss.held && clear >= loss.clear && gives <= loss.given;
  return holds(la, 1 - a.score(b.best) / a.top, lb) || holds(lb, 1 - b.score(a.best) / b.top, la) ? q : null;
}

/**
 * Whether an axis could give way to another's pitch (sharedPitch): some pitch at least `away` from
 * the lattice's, within the range searched, matches within `given` of the axis's own best.
 */
export function couldGiveWay(fit: PitchFit, given: number, away: number): boolean {
  const p = fit.pitch;
  for (let q = 0.97 * p; q <= 1.03 * p + 1e-9; q += 0.02) if (Math.abs(q - p) >= away && fit.score(q) >= (1 - given) * fit.top) return true;
  return false;
}

/**
 * How well a profile over a lattice's extent matches itself shifted by 1, 2, … cells of pitch q
 * (the autocorrelation summed over at most 8 multiples spread from 1 to the longest).
 */
function pitchScore(profile: Float64Array, lat: Lattice): (q: number) => number {
  const { pitch: p, first, count } = lat;
  // (inside the outer lines: a frame or a panel beside the board repeats nothing; every lag
  // weighs the same, the longest measuring the pitch closest)
  const lo = Math.max(0, Math.ceil(first + p / 4)), hi = Math.min(profile.length - 1, Math.floor(first + (count - 1) * p - p / 4));
  // (the profile's marked pixels only)
  const marked: number[] = [];
  for (let x = lo; x <= hi; x++) if (profile[x]! > 0) marked.push(x);
  const longest = count - 3;
  const lags = longest <= 8 ? Array.from({ length: longest }, (_, i) => i + 1) : Array.from({ length: 8 }, (_, i) => 1 + Math.round((i * (longest - 1)) / 7));
  return (q: number): number => {
    let s = 0;
    for (const m of lags) {
      const shift = m * q, n = hi - shift - lo + 1;
      if (n <= 0) continue;
      let t = 0;
      for (const x of marked) {
        if (x + shift > hi) break;
        t += profile[x]! * valueAt(profile, x + shift);
      }
      s += t / n;
    }
    return s;
  };
}

/** The pitch within 3% of p that scores best (coarse, then to 0.01 px around the best); p on a tie. */
function bestPitch(p: number, score: (q: number) => number): number {
  let best = p, bestScore = score(p);
  const search = (from: number, to: number, step: number): void => {
    for (let q = from; q <= to + 1e-9; q += step) {
      const s = score(q);
      if (s > bestScore + 1e-9) {
        bestScore = s;
        best = q;
      }
    }
  };
  search(0.97 * p, 1.03 * p, 0.04);
  const coarse = best;
  search(coarse - 0.04, coarse + 0.04, 0.01);
  return best;
}
