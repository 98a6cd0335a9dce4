// Settling a located lattice on the board's own ends (locate.ts). The lattice's lines come from
// edge peaks, and a tile with a bevel or a gap has several edges per cell (a gap's two sides, a
// bevel's light and dark steps): which of them the lattice follows is not known, so a board could
// come out a few pixels off (ace-minesweeper's 48 px tiles: 6 px low; KMines: 2 px), or a row
// short. What is known: the board is a run of equal cells, so a boundary between two cells
// repeats one pitch on, with the same colours on both sides of it, and the board ends where that
// stops. The first such boundary at the board's start and the last at its end, whatever edge of
// the tile they are, lie the same distance inside the board's true ends (a tile looks the same
// at either end of a column of tiles), so the middle of them is the board's middle: the cells
// are centred there, as many as fit. Where the frame goes on in the colour of the outer tiles'
// edge, the board's ends show no edge: there a run is taken to start where a whole cell, across
// as well as along, is the next one, at both ends alike (hiddenEnd).
//
// On a board whose outer rows do not repeat (opened cells on a frameless background), the ends
// found are inner rows: the lattice found keeps its extent and takes only the phase (where its
// lines fall within a cell).

import type { RgbaImage } from '../image.js';
import type { Grid } from '../geometry.js';
import { FLAT, WEAK, columnProfile, luma, step } from './locate-edges.js';
import { fitPitch } from './locate-lattice.js';

/** Share of the cross positions that must agree on where the board is. */
const SHARE = 0.3;
/** Share of the cross positions that is enough when the answers given all but agree. */
const FEW = 0.1;
/** Colours this close are the same. */
const SAME = 2 * FLAT;
/** Share of the answers given that must agree for an answer to count as all but unanimous. */
const AGREE = 0.9;
/**
 * Or, answers that all but agree but for a few scattered ones: at least this share of them, the
 * one taken given OUTVOTE times as often as any other (a lost KMines board whose end rows hold
 * mines and opened cells: each column whose end cell is not a covered tile names its own edge,
 * 74-89% agreed on the board and the lattice stayed 1.2-1.8 px off).
 */
const MOST = 0.7;
const OUTVOTE = 4;
/** Inner pixels beside a boundary compared with those one pitch on. */
const INNER = 2;

type At = (u: number, v: number) => number;

/** Pixels where a boundary x (fractional along the axis) may be: the one, or both around it. */
const around = (x: number): number[] => (Math.abs(x - Math.round(x)) < 0.05 ? [Math.round(x)] : [Math.floor(x), Math.ceil(x)]);

/**
 * Whether the boundary before pixel u (between u − 1 and u, along the axis) at cross position v
 * is where a run of cells starts (dir 1) or ends (dir −1): an edge whose inner side (the INNER
 * pixels after it, for a start) has the colours the inner side of
 * the next boundary in has, one pitch on, which is an edge too and repeats whole one pitch
 * further. The outer side is not compared: a board's first cell has a frame before it, the
 * others a cell. (One inner pixel is not enough: a frame whose light inner strip is the colour of
 * the tiles' highlight's last row was taken for one more tile's start, and a board of 24 px
 * bevelled tiles came out 1.5 px low.)
 */
function repeats(px: Uint32Array, at: At, len: number, u: number, v: number, p: number, dir: 1 | -1): boolean {
  if (u < 1 || u >= len) return false;
  if (step(px[at(u - 1, v)]!, px[at(u, v)]!) < WEAK) return false;
  // whether the inner pixels beside boundary u are those beside boundary w (those within the image)
  const innerAlike = (w: number): boolean => {
    for (let k = 0; k < INNER; k++) {
      const d = dir === 1 ? k : -1 - k;
      if (u + d < 0 || u + d >= len) continue;
      if (w + d < 0 || w + d >= len || step(px[at(u + d, v)]!, px[at(w + d, v)]!) > SAME) return false;
    }
    return true;
  };
  for (const w of around(u + dir * p)) {
    if (w < 1 || w >= len) continue;
    const a = px[at(w - 1, v)]!, b = px[at(w, v)]!;
    if (step(a, b) < WEAK || !innerAlike(w)) continue;
    for (const w2 of around(u + 2 * dir * p)) {
      if (w2 >= 1 && w2 < len && step(a, px[at(w2 - 1, v)]!) <= SAME && step(b, px[at(w2, v)]!) <= SAME) return true;
    }
  }
  return false;
}

/**
 * Whether a run of cells starts (dir 1) or ends (dir −1) at u where no edge shows: the frame
 * beside the board goes on in the colour of the first cell's outer pixels (KMines' classic look:
 * the frame's highlight runs into the top tiles' highlight, and its shadow into the bottom tiles'
 * shadow; the edge one pixel inside them shows along a few columns only). Taken where the next
 * boundary in repeats (`repeats`), and the whole cell up to it, across a pitch of cross positions
 * around v (`cross`: their number), is the cell after it pixel for pixel: a frame that is only
 * the colour of the cells' outer pixels shows none of the cross lines a cell has, and is no cell.
 */
function hiddenEnd(px: Uint32Array, at: At, len: number, cross: number, u: number, v: number, p: number, dir: 1 | -1): boolean {
  if (u < 1 || u >= len || step(px[at(u - 1, v)]!, px[at(u, v)]!) >= WEAK) return false;
  const next = around(u + dir * p).find((w) => repeats(px, at, len, w, v, p, dir));
  if (next === undefined) return false;
  // (the cell's pixels, u .. next − 1 going in, against those one pitch on, either pixel of a
  // fractional pitch)
  const c0 = Math.max(0, Math.round(v - p / 2)), c1 = Math.min(cross - 1, Math.round(v + p / 2));
  for (let i = u; i !== next; i += dir) {
    const k = dir === 1 ? i : i - 1;
    const ks = around(k + dir * p).filter((x) => x >= 0 && x < len);
    if (!ks.length) return false;
    for (let c = c0; c <= c1; c++) {
      if (!ks.some((x) => step(px[at(k, c)]!, px[at(x, c)]!) <= SAME)) return false;
    }
  }
  return true;
}

/** Widest line (px) whose middle is a boundary. */
const THIN = 3;

/** Whether colour b lies about half-way from a to c (a blur between them), a and c clearly apart. */
function halfway(a: number, b: number, c: number): boolean {
  const ac = step(a, c), ab = step(a, b), bc = step(b, c);
  return ac >= 2 * WEAK && ab + bc <= ac + FLAT && Math.abs(ab - bc) <= ac / 4;
}

/**
 * The middle of a blurred thin line at a boundary u (before pixel u) whose inner side is `inward`
 * (1: the cells lie after u): a core of one flat colour at most THIN px wide with a pixel on each
 * side half-way from it to the colour beyond, as a line looks on a board smoothed (a dithered one:
 * xbomb's 2 px lines come out as one dark pixel between two half-tones, whose colours differ where
 * the cells on the two sides do). u is either side of the near half-tone; the line is looked for
 * inward only, where the repeating cells that placed u begin. Null when there is none.
 */
function blurredLine(c: (k: number) => number, len: number, u: number, inward: 1 | -1): number | null {
  const d = inward, h = d === 1 ? u : u - 1;
  const inside = (k: number): boolean => k >= 0 && k < len;
  // the core's first pixel: u's inner pixel, a half-tone outside it; or the pixel past a half-tone
  let k0: number;
  if (inside(h - 2 * d) && inside(h + d) && step(c(h), c(h + d)) <= FLAT && halfway(c(h), c(h - d), c(h - 2 * d))) k0 = h;
  else if (inside(h - d) && inside(h + d) && halfway(c(h + d), c(h), c(h - d))) k0 = h + d;
  else return null;
  const core = c(k0);
  for (let w = 1; w <= THIN; w++) {
    const last = k0 + d * (w - 1), side = last + d, beyond = last + 2 * d;
    if (!inside(beyond) || step(c(last), core) > FLAT) return null;
    if (halfway(core, c(side), c(beyond))) return d === 1 ? k0 + w / 2 : k0 + 1 - w / 2;
  }
  return null;
}

/**
 * A boundary at u (before pixel u) moved to the middle of the thin line it is one side of: a run
 * at most THIN px wide, all darker or all lighter than the same colour on both sides of it, as a grid line
 * drawn between cells is (a bevel's dark side has the tile's face before it and another tile's
 * light side after it: not such a line), or a blurred line on its inner side (blurredLine). A
 * board drawn with such lines has its boundaries in their middles, and whether a run of cells is
 * first seen repeating at a line's near or far side depends on the line's colour there (xbomb
 * draws green lines around the cells the player opened, black ones elsewhere): the middle is the
 * same either way. `inward`: the side of u the run of cells is on.
 */
function middleOfLine(px: Uint32Array, at: At, len: number, u: number, v: number, inward: 1 | -1, smoothed: boolean): number {
  const c = (k: number): number => px[at(k, v)]!;
  const blurred = smoothed ? blurredLine(c, len, u, inward) : null;
  if (blurred !== null) return blurred;
  // u the near side (the line is u .. u + w − 1) or the far side (u − w .. u − 1)
  for (const dir of [1, -1]) {
    const l0 = dir === 1 ? u : u - 1;
    if (l0 < 1 || l0 >= len - 1) continue;
    const line = c(l0), before = c(l0 - dir);
    // (a line's pixels all darker than the colour beside it, or all lighter: one line may be drawn
    // in two colours, as xbomb's black and green; a bevel's dark and light sides are no line)
    const side = Math.sign(luma(line) - luma(before));
    for (let w = 1; w <= THIN; w++) {
      const last = l0 + dir * (w - 1);
      if (last < 1 || last >= len - 1 || step(c(last), before) < WEAK || Math.sign(luma(c(last)) - luma(before)) !== side) break;
      const after = c(last + dir);
      if (step(after, c(last)) < WEAK || step(before, after) > FLAT) continue;
      // (not a run between the blurred sides of two other lines, as a window's margin is between
      // its border and the board's outer line on a board looked at smoothed)
      const b2 = l0 - 2 * dir, a2 = last + 2 * dir;
      if (b2 >= 0 && b2 < len && a2 >= 0 && a2 < len && halfway(line, before, c(b2)) && halfway(line, after, c(a2))) continue;
      return dir === 1 ? u + w / 2 : u - w / 2;
    }
  }
  return u;
}

/**
 * The board's cells along one axis from its outermost repeating boundaries: where the first cell
 * starts and how many there are, or null. Each cross position says where the board's first and
 * last repeating boundaries are along it (edges that repeat at both ends, else ends hidden at
 * both: hiddenEnd); the answer most of them give is taken (cells of other kinds at the ends,
 * opened or flagged, give other answers). `len`, `cross`: the image's size along the axis and
 * across it. `start` and `count`: the lattice found. `agree`: the share of the answers given that
 * are that one (those half a pixel beside it not counted); `clear`: they all but agree, those
 * beside it counted (AGREE), or the others are few and scattered (MOST, OUTVOTE); `lo`, `hi`: the
 * range a lattice may stay in: around the answers taken, the first cell's start, half a pixel
 * (a tenth around those given by few positions).
 */
export function settleAxis(px: Uint32Array, at: At, len: number, cross: number, vs: number[], p: number, start: number, count: number, oneColumn = false, smoothed = false): { start: number; count: number; agree: number; clear: boolean; lo: number; hi: number } | null {
  if (!vs.length || count < 3) return null;
  const end = start + count * p;
  const votes = new Map<string, { start: number; count: number; n: number; half: number }>();
  // the first and last boundaries along v that `isEnd` takes for a run's start and end
  const ends = (v: number, isEnd: (u: number, v: number, dir: 1 | -1) => boolean): [number, number] | null => {
    let first = -1;
    for (let u = Math.max(1, Math.floor(start - 1.5 * p)); u <= start + 0.5 * p && first < 0; u++) if (isEnd(u, v, 1)) first = u;
    if (first < 0) return null;
    for (let u = Math.min(len - 1, Math.ceil(end + 1.5 * p)); u >= end - 0.5 * p; u--) if (isEnd(u, v, -1)) return u > first ? [first, u] : null;
    return null;
  };
  for (const v of vs) {
    // (edges that repeat at both ends, else ends hidden at both: a start and an end of different
    // kinds lie at different depths inside the board, and their middle is not its middle)
    const both = ends(v, (u, w, dir) => repeats(px, at, len, u, w, p, dir)) ?? ends(v, (u, w, dir) => hiddenEnd(px, at, len, cross, u, w, p, dir));
    if (!both) continue;
    let [first, last] = both;
    first = middleOfLine(px, at, len, first, v, 1, smoothed);
    last = middleOfLine(px, at, len, last, v, -1, smoothed);
    const n = Math.round((last - first) / p);
    if (n < 1) continue;
    const s = (first + last - n * p) / 2;
    const key = `${n}:${Math.round(s * 2)}`;
    const e = votes.get(key);
    // (an answer's start is the mean of the starts rounded to it: not the first of them)
    if (e) e.start += (s - e.start) / ++e.n;
    else votes.set(key, { start: s, count: n, n: 1, half: Math.round(s * 2) });
  }
  // the answer given most, with those half a pixel beside it (the same ends, rounded apart: a
  // drawn KMines board's votes fell 36 and 19 into two neighbouring halves of a pixel; a scaled
  // board's, blurred, spread over three), and a clear answer: most of the positions that gave
  // one (a board's bevelled corners give several)
  let top: { start: number; count: number; n: number; half: number } | null = null;
  for (const e of votes.values()) if (!top || e.n > top.n || (e.n === top.n && e.count > top.count)) top = e;
  let best: { start: number; count: number; n: number; lo: number; hi: number } | null = null;
  let total = 0, second = 0;
  if (top) {
    let n = 0, sum = 0, lo = Infinity, hi = -Infinity;
    for (const e of votes.values()) {
      total += e.n;
      if (e.count === top.count && Math.abs(e.half - top.half) <= 1) {
        n += e.n;
        sum += e.n * e.start;
        // (half a pixel around an answer given by a quarter as many positions as the top one or
        // more, a tenth around one given by fewer: a scaled sgt-mines board's lattice stood on an
        // answer 12 of 331 gave, a drawn KMines board's half a pixel beyond one 2 of 53 gave, the
        // rest a pixel away)
        const slack = 4 * e.n >= top.n ? 0.5 : 0.1;
        lo = Math.min(lo, e.start - slack);
        hi = Math.max(hi, e.start + slack);
      } else second = Math.max(second, e.n);
    }
    best = { start: sum / n, count: top.count, n, lo, hi };
  }
  // (or, when the answers all but agree, fewer positions: a board opened at one end repeats only
  // along the columns still covered there; with `oneColumn`, as few as one column of tiles: half a
  // cell's worth of positions, when that is fewer)
  const few = oneColumn ? Math.min(FEW * vs.length, p / 4) : FEW * vs.length;
  const share = best ? best.n / total : 0;
  const clear = best !== null && (share >= AGREE || (share >= MOST && best.n >= OUTVOTE * second));
  // (answers of another extent whose lines fall on the answer's lines, whole pitches from it,
  // back it as to where the lines are: a board opened above its covered rows answers along each
  // column with the rows covered there, 4 rows from one line, 5 from the line above)
  let aligned = 0;
  if (best) for (const e of votes.values()) if (e.count !== best.count && Math.abs(e.start - best.start - Math.round((e.start - best.start) / p) * p) <= 0.5) aligned += e.n;
  const enough = best !== null && best.n >= 3 && best.n + aligned > total / 2 && (best.n >= SHARE * vs.length || (best.n >= few && clear));
  return enough ? { start: best!.start, count: best!.count, agree: top!.n / total, clear, lo: best!.lo, hi: best!.hi } : null;
}

/** Every other pixel across a lattice's cells (a quarter cell in from its outer lines). */
function across(start: number, count: number, p: number, len: number): number[] {
  const out: number[] = [];
  for (let v = Math.max(0, Math.round(start + p / 4)); v <= Math.min(len - 1, Math.round(start + count * p - p / 4)); v += 2) out.push(v);
  return out;
}

/** The extent found along one axis, or only its phase when it is not the whole lattice found. */
function place(start: number, count: number, p: number, found: { start: number; count: number; clear: boolean; lo: number; hi: number } | null): { start: number; count: number } {
  if (!found) return { start, count };
  // within a pixel and a half of the lattice's own lines, fitted to the peaks of every line to a
  // fraction of a pixel: those stay (scaled, smoothed boards blur where colours repeat), unless
  // the cross positions all but agree on ends over half a pixel away (a board drawn sharp, whose
  // lattice's peaks mix a cell's several edges: ace-minesweeper's dots and tiles, KMines' lines
  // and bevels; within half a pixel of the answers taken, where the cells' pixels are the same,
  // placing them is left to the reader's alignment with the sprites, as it was: a scaled board's
  // answers spread over a pixel, and the lattice within it stays)
  const off = Math.abs(found.start - start);
  if (found.count === count && off < 1.5 && (!found.clear || (start >= found.lo && start <= found.hi))) return { start, count };
  if (found.count >= count && found.start <= start + p / 2 && found.start + found.count * p >= start + (count - 0.5) * p) return found;
  return { start, count };
}

/**
 * A located grid settled on its board's ends (settleOn), then, where its cells are each two
 * cells of the board across and down, the board's finer lattice: a walk at twice the pitch, with
 * the tolerance that pitch allows, can take a board's wide lines (ace-minesweeper's tiles beside
 * dots) for every other one of them. Halving it is taken only when a half pitch (half its own,
 * or one of halfRepeats) settles, all but unanimously, on the same board both ways with twice the
 * cells: a true board's cells do not repeat at half their size. `ev`: the image's edge map;
 * `minPitch`: the smallest cell the locator looks for.
 */
export function settle(g: Grid, image: RgbaImage, px: Uint32Array, ev: Uint8Array, minPitch: number, smoothed = false): Grid {
  const s = settleOn(g, image, px, smoothed);
  const W = image.width, H = image.height;
  if (s.cols < 2 || s.rows < 2) return s;
  // (at a half pitch other than half the lattice's, the lattice's lines fall anywhere in the
  // board's cells: the ends are also looked for half a cell further on, either way)
  const halved = (q: number, shifts: number[]): Grid | null => {
    if (q < minPitch) return null;
    for (const d of shifts) {
      const rows = settleAxis(px, (u, v) => u * W + v, H, W, across(s.left, s.cols, s.pitch, W), q, s.top + d * q, 2 * s.rows, false, smoothed);
      if (!rows || rows.agree < AGREE || rows.count !== 2 * s.rows) continue;
      for (const e of shifts) {
        const cols = settleAxis(px, (u, v) => v * W + u, W, H, across(rows.start, rows.count, q, H), q, s.left + e * q, 2 * s.cols, false, smoothed);
        if (cols && cols.agree >= AGREE && cols.count === 2 * s.cols) return { ...s, pitch: q, scale: q / 16, top: rows.start, rows: rows.count, left: cols.start, cols: cols.count };
      }
    }
    return null;
  };
  return halved(s.pitch / 2, [0]) ?? halfRepeats(s, image, ev).reduce<Grid | null>((found, q) => found ?? halved(q, [0, 0.5, -0.5]), null) ?? s;
}

/**
 * The spacings a grid's columns' edges repeat best at from 0.92 to 0.98 of half its pitch and
 * from 1.02 to 1.08: a walk at twice the pitch can take one side of a line, then the other side
 * of the next (ace-minesweeper's 48 px tiles, a gap's and a bevel's edges 4 px either side of
 * each line, were walked at 100.5 px, which halves to 50.25, and at 91.6).
 */
function halfRepeats(s: Grid, image: RgbaImage, ev: Uint8Array): number[] {
  const W = image.width, H = image.height, h = s.pitch / 2;
  const cp = columnProfile(ev, W, Math.max(0, Math.round(s.top)), Math.min(H - 1, Math.round(s.top + s.rows * s.pitch)), Math.max(0, Math.floor(s.left - h)), Math.min(W - 1, Math.ceil(s.left + s.cols * s.pitch + h)), true);
  return [0.95, 1.05].map((f) => fitPitch(cp, { pitch: f * h, first: s.left, count: 2 * s.cols + 1 })).sort((a, b) => b.top - a.top).map((f) => f.best);
}

/** A located grid settled on its board's ends, rows first, then columns over the rows found. */
function settleOn(g: Grid, image: RgbaImage, px: Uint32Array, smoothed: boolean): Grid {
  const W = image.width, H = image.height, p = g.pitch;
  const rows = place(g.top, g.rows, p, settleAxis(px, (u, v) => u * W + v, H, W, across(g.left, g.cols, p, W), p, g.top, g.rows, true, smoothed));
  const cols = place(g.left, g.cols, p, settleAxis(px, (u, v) => v * W + u, W, H, across(rows.start, rows.count, p, H), p, g.left, g.cols, true, smoothed));
  return { ...g, top: rows.start, rows: rows.count, left: cols.start, cols: cols.count };
}
