// readScreen: image in, Reading out. Locates the grid (or takes a known one), classifies every
// cell against the skin's sprites, reads counters and face.
//
// Mine total in the board header:
//  - with a mine counter: mines = counter + flags + wrong flags (the counter shows mines − flags
//    placed, in winmine and its clones, during play, after a win and after a loss);
//  - without one (sgt-mines, counter cut off or unreadable): the standard count when the size is
//    a standard difficulty (8x8 and 9x9 → 10, 16x16 → 40, 30x16 → 99), else 20.625% of the
//    cells (expert density) rounded; never fewer than the mines and (right) flags shown, never more
//    than the cells.

import { checkImage, type RgbaImage } from './image.js';
import { matchRegion, scratchFor, type Match, type MatchMode } from './classify.js';
import { listSkins, loadSkin, CODE_OF_STATE, type CellState } from './skin.js';
import { prepareSkin, type PreparedSkin } from './prepared.js';
import { iterateGrids } from './locate.js';
import { readCounter, readFace, type Face } from './hud.js';
import type { Grid } from './geometry.js';
import { VisionError } from './errors.js';
import { EXPLODED, FLAG, MINE, WRONG_FLAG, type Board } from '../core/board.js';

export { VisionError } from './errors.js';
export type { Grid } from './geometry.js';

/** Cells whose confidence is below this go into `unsure`. */
export const UNSURE_BELOW = 0.35;

export interface ReadOptions {
  /** Skin name, or 'auto' (default): try every skin in templates/. */
  skin?: string;
  /** Known geometry: skip locating. */
  geometry?: Grid;
}

export interface Reading {
  skin: string;
  board: Board;
  face: Face | null;
  mineCounter: number | null;
  timer: number | null;
  grid: Grid;
  /** Lowest cell confidence (0..1). */
  minConfidence: number;
  /** Cells below UNSURE_BELOW, as [x, y]. Their code in `board` is the best guess. */
  unsure: [number, number][];
  /** Per-cell confidence, row-major. */
  confidence: Float32Array;
}

interface CellPass {
  grid: Grid;
  matches: Match<CellState>[];
  meanScore: number;
}

const NOT_A_CELL: Match<CellState> = { label: 'covered', score: 0, runnerUp: 0, runnerUpLabel: null, confidence: 0 };

function classifyCells(image: RgbaImage, grid: Grid, prepared: PreparedSkin, only?: number[], mode: MatchMode = 'auto'): Match<CellState>[] {
  const set = prepared.cells;
  const scratch = scratchFor(set);
  const out: Match<CellState>[] = [];
  const n = only ? only.length : grid.cols * grid.rows;
  for (let k = 0; k < n; k++) {
    const i = only ? only[k]! : k;
    const x = i % grid.cols, y = (i / grid.cols) | 0;
    out.push(matchRegion(image, grid.left + x * grid.pitch, grid.top + y * grid.pitch, grid.pitch, grid.pitch, set, scratch, mode) ?? NOT_A_CELL);
  }
  return out;
}

function meanConfidence(ms: Match[]): number {
  let s = 0;
  for (const m of ms) s += m.confidence;
  return ms.length ? s / ms.length : 0;
}

function meanScore(ms: Match[]): number {
  let s = 0;
  for (const m of ms) s += m.score;
  return ms.length ? s / ms.length : 0;
}

/** A spread of up to n cell indices for quick trials. */
function sampleCells(grid: Grid, n: number): number[] {
  const total = grid.cols * grid.rows;
  if (total <= n) return Array.from({ length: total }, (_, i) => i);
  const out: number[] = [];
  const step = total / n;
  for (let k = 0; k < n; k++) out.push(Math.floor(k * step + step / 2) % total);
  return out;
}

/** Common display scales: a measured pitch this close to one of them is snapped to it. */
const NICE_SCALES = [1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 3, 4];

/**
 * Alignment: a joint search over shifts of up to two sprite pixels in both directions (at half
 * resolution, cheap), then finer shifts of left, then top, at full resolution; whole-pixel
 * positions are tried for whole-pixel pitches.
 */
function alignOffsets(image: RgbaImage, grid: Grid, score: (g: Grid, mode?: MatchMode) => number, joint = true): { grid: Grid; score: number } {
  const step = Math.max(0.5, grid.scale);
  let g = grid;
  let coarseBest = score(g, 'coarse');
  for (let dy = -2; dy <= 2 && joint; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      if (dx === 0 && dy === 0) continue;
      const t = { ...grid, left: grid.left + dx * step, top: grid.top + dy * step };
      const s = score(t, 'coarse');
      if (s > coarseBest + 0.003) {
        coarseBest = s;
        g = t;
      }
    }
  }
  let best = score(g);
  if (Number.isInteger(grid.pitch) && (!Number.isInteger(g.left) || !Number.isInteger(g.top))) {
    const r = { ...g, left: Math.round(g.left), top: Math.round(g.top) };
    const s = score(r);
    if (s >= best - 0.01) {
      g = r;
      best = s;
    }
  }
  for (const axis of ['left', 'top'] as const) {
    for (const fine of [0.5, 0.25]) {
      const base = g;
      for (const d of [-fine, fine]) {
        const t = { ...base, [axis]: base[axis] + d * step };
        const s = score(t);
        if (s > best + 0.003) {
          best = s;
          g = t;
        }
      }
    }
  }
  return { grid: g, score: best };
}

/** Best mean score over shifts of up to two sprite pixels, at half resolution, on a sample. */
function bestCoarseFit(image: RgbaImage, grid: Grid, prepared: PreparedSkin): number {
  const sample = sampleCells(grid, 16);
  const step = Math.max(0.5, grid.scale);
  let best = -1;
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      const t = { ...grid, left: grid.left + dx * step, top: grid.top + dy * step };
      best = Math.max(best, meanScore(classifyCells(image, t, prepared, sample, 'coarse')));
    }
  }
  return best;
}

/**
 * The exact lattice near a located one. Pitches tried: as measured (then nudged by up to
 * ±0.8%), the nearest whole pixel (a game at 100% has one) and a common display scale of the
 * skin's pitch within 1.5%; each with its own offsets aligned; a whole/common pitch wins ties.
 */
function refine(image: RgbaImage, grid0: Grid, prepared: PreparedSkin): Grid {
  const base = prepared.skin.pitch;
  const sample = sampleCells(grid0, 24);
  const score = (g: Grid, mode: MatchMode = 'full'): number => meanScore(classifyCells(image, g, prepared, sample, mode));
  // keep the grid's centre where it is when changing the pitch
  const withPitch = (g: Grid, p: number): Grid => {
    const cx = g.left + (g.cols * g.pitch) / 2, cy = g.top + (g.rows * g.pitch) / 2;
    return { ...g, pitch: p, scale: p / base, left: cx - (g.cols * p) / 2, top: cy - (g.rows * p) / 2 };
  };
  // a whole-pixel lattice that fits almost perfectly needs no search (a crisp capture at a
  // whole scale, e.g. every re-locate of the same window)
  for (const s of NICE_SCALES) {
    const p = s * base;
    if (Number.isInteger(p) && Math.abs(grid0.pitch - p) <= 0.01 * p) {
      const r = withPitch(grid0, p);
      for (const left of new Set([Math.round(grid0.left), Math.round(r.left)])) {
        for (const top of new Set([Math.round(grid0.top), Math.round(r.top)])) {
          const t = { ...r, left, top };
          if (score(t, 'coarse') >= 0.985 && score(t) >= 0.985) return t;
        }
      }
    }
  }
  const measured = alignOffsets(image, grid0, score);
  const tries = new Set<number>();
  for (const s of NICE_SCALES) if (Math.abs(grid0.pitch - s * base) <= 0.015 * s * base) tries.add(s * base);
  if (Math.abs(grid0.pitch - Math.round(grid0.pitch)) <= 0.01 * grid0.pitch) tries.add(Math.round(grid0.pitch));
  let best: { grid: Grid; score: number } | null = null;
  for (const p of tries) {
    const t = alignOffsets(image, withPitch(measured.grid, p), score, false);
    if (!best || t.score > best.score) best = t;
  }
  if (best && best.score >= measured.score - 0.01) return best.grid;
  let g = measured;
  for (const f of [0.996, 1.004, 0.992, 1.008]) {
    const t = alignOffsets(image, withPitch(measured.grid, measured.grid.pitch * f), score, false);
    if (t.score > g.score + 0.002) g = t;
  }
  return g.grid;
}

function columnMean(ms: Match[], grid: Grid, x: number): number {
  let s = 0;
  for (let y = 0; y < grid.rows; y++) s += ms[y * grid.cols + x]!.confidence;
  return s / grid.rows;
}

function rowMean(ms: Match[], grid: Grid, y: number): number {
  let s = 0;
  for (let x = 0; x < grid.cols; x++) s += ms[y * grid.cols + x]!.confidence;
  return s / grid.cols;
}

/** Re-indexes matches of `from` into the grid `to` (same lattice), classifying only new cells. */
function remap(image: RgbaImage, from: Grid, ms: Match<CellState>[], to: Grid, prepared: PreparedSkin, mode: MatchMode = 'auto'): Match<CellState>[] {
  const dx = Math.round((to.left - from.left) / from.pitch);
  const dy = Math.round((to.top - from.top) / from.pitch);
  const out: Match<CellState>[] = new Array(to.cols * to.rows);
  const missing: number[] = [];
  for (let y = 0; y < to.rows; y++) {
    for (let x = 0; x < to.cols; x++) {
      const fx = x + dx, fy = y + dy;
      if (fx >= 0 && fy >= 0 && fx < from.cols && fy < from.rows) out[y * to.cols + x] = ms[fy * from.cols + fx]!;
      else missing.push(y * to.cols + x);
    }
  }
  if (missing.length) {
    const got = classifyCells(image, to, prepared, missing, mode);
    missing.forEach((i, k) => (out[i] = got[k]!));
  }
  return out;
}

/** Drops edge rows/columns that are not cells, adds neighbouring ones that are. */
function fitExtent(image: RgbaImage, pass: CellPass, prepared: PreparedSkin): CellPass {
  let { grid, matches } = pass;
  const GOOD = 0.6, BAD = 0.3;
  const tried = new Set<string>();
  for (let guard = 0; guard < 400; guard++) {
    let next: Grid | null = null;
    if (grid.cols > 1 && columnMean(matches, grid, 0) < BAD) next = { ...grid, left: grid.left + grid.pitch, cols: grid.cols - 1 };
    else if (grid.cols > 1 && columnMean(matches, grid, grid.cols - 1) < BAD) next = { ...grid, cols: grid.cols - 1 };
    else if (grid.rows > 1 && rowMean(matches, grid, 0) < BAD) next = { ...grid, top: grid.top + grid.pitch, rows: grid.rows - 1 };
    else if (grid.rows > 1 && rowMean(matches, grid, grid.rows - 1) < BAD) next = { ...grid, rows: grid.rows - 1 };
    if (next) {
      matches = remap(image, grid, matches, next, prepared);
      grid = next;
      tried.add(`${Math.round(grid.left)},${Math.round(grid.top)},${grid.cols},${grid.rows}`);
      continue;
    }
    // try one more column/row on each side (never one that was just dropped)
    const trials: Grid[] = [
      { ...grid, left: grid.left - grid.pitch, cols: grid.cols + 1 },
      { ...grid, cols: grid.cols + 1 },
      { ...grid, top: grid.top - grid.pitch, rows: grid.rows + 1 },
      { ...grid, rows: grid.rows + 1 },
    ];
    let grown = false;
    for (const [k, t] of trials.entries()) {
      const key = `${Math.round(t.left)},${Math.round(t.top)},${t.cols},${t.rows}`;
      if (tried.has(key)) continue;
      tried.add(key);
      // judged at half resolution (cheap: cells beyond a board are rarely clear-cut), then the
      // new cells of an accepted line are matched properly
      const ms = remap(image, grid, matches, t, prepared, 'coarse');
      const edge = k === 0 ? columnMean(ms, t, 0) : k === 1 ? columnMean(ms, t, t.cols - 1) : k === 2 ? rowMean(ms, t, 0) : rowMean(ms, t, t.rows - 1);
      if (edge >= GOOD) {
        matches = remap(image, grid, matches, t, prepared);
        grid = t;
        grown = true;
        break;
      }
    }
    if (!grown) break;
  }
  return { grid, matches, meanScore: meanScore(matches) };
}

/** Whether grid a lies on grid b's lattice, inside its extent (give or take a cell). */
function sameLattice(a: Grid, b: Grid): boolean {
  if (Math.abs(a.pitch - b.pitch) > 0.03 * b.pitch) return false;
  const inside = (v: number, lo: number, n: number): boolean => v >= lo - b.pitch && v <= lo + (n + 1) * b.pitch;
  return (
    inside(a.left, b.left, b.cols) && inside(a.left + a.cols * a.pitch, b.left, b.cols) &&
    inside(a.top, b.top, b.rows) && inside(a.top + a.rows * a.pitch, b.top, b.rows)
  );
}

function withScale(grid: Grid, prepared: PreparedSkin): Grid {
  return { ...grid, scale: grid.pitch / prepared.skin.pitch };
}

function skinsFor(option: string | undefined): PreparedSkin[] {
  const name = option ?? 'auto';
  if (name !== 'auto') return [prepareSkin(loadSkin(name))];
  const names = listSkins();
  if (names.length === 0) throw new VisionError('no skins found in templates/');
  return names.map((n) => prepareSkin(loadSkin(n)));
}

/**
 * 0..1: the share of the skin's face and counters found where the skin puts them (0 for a skin
 * without any). Two boards of the same size on one screen: the one whose surroundings also
 * match its skin wins.
 */
function hudAgreement(image: RgbaImage, grid: Grid, prepared: PreparedSkin): number {
  const file = prepared.skin.file;
  const parts: number[] = [];
  if (file.face) parts.push(readFace(image, grid, prepared).face ? 1 : 0);
  if (file.counters?.mines) parts.push(readCounter(image, grid, file.counters.mines, prepared).value !== null ? 1 : 0);
  if (file.counters?.timer) parts.push(readCounter(image, grid, file.counters.timer, prepared).value !== null ? 1 : 0);
  return parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : 0;
}

const STANDARD: Record<string, number> = { '8x8': 10, '9x9': 10, '16x16': 40, '30x16': 99 };

/** Reads a Minesweeper board from an image. Throws VisionError when there is none. */
export function readScreen(image: RgbaImage, options: ReadOptions = {}): Reading {
  checkImage(image);
  const skins = skinsFor(options.skin);
  let best: { pass: CellPass; prepared: PreparedSkin; rank: number } | null = null;
  if (options.geometry) {
    const g = options.geometry;
    if (!(g.pitch > 0 && g.cols >= 1 && g.rows >= 1)) throw new VisionError('geometry needs a positive pitch, cols and rows');
    for (const prepared of skins) {
      const grid = withScale(g, prepared);
      const matches = classifyCells(image, grid, prepared);
      const pass = { grid, matches, meanScore: meanScore(matches) };
      if (!best || pass.meanScore > best.pass.meanScore) best = { pass, prepared, rank: meanConfidence(matches) * matches.length };
    }
  } else {
    // Every candidate lattice gets a quick look (a sample of cells, every skin); the full read
    // goes to those that could beat the best so far. Rank = sum of cell confidences, so a whole
    // board beats a window's visible corner and a good reading beats a poor one.
    const looks: { prepared: PreparedSkin; grid: Grid; score: number; potential: number }[] = [];
    let tried = 0;
    for (const cand of iterateGrids(image)) {
      if (++tried > 8) break;
      for (const prepared of skins) {
        const grid = withScale(cand, prepared);
        const ms = classifyCells(image, grid, prepared, sampleCells(grid, 24));
        const score = meanScore(ms);
        if (score >= 0.3) looks.push({ prepared, grid, score, potential: meanConfidence(ms) * cand.cols * cand.rows });
      }
    }
    // most promising first; a look that could not beat half the best so far is skipped. (Every
    // skin that fits at all gets its own alignment: an unaligned look can favour a wrong skin
    // whose cell origin happens to sit where the lattice was found.)
    looks.sort((a, b) => b.potential - a.potential || b.score - a.score);
    for (const q of looks) {
      if (best && q.potential < 0.5 * best.rank && q.score < best.pass.meanScore - 0.2) continue;
      // a part of a board already read with this skin (another band of its lines) gives nothing new
      if (best && sameLattice(q.grid, best.pass.grid)) {
        if (best.prepared === q.prepared) continue;
        // the same board with another skin: worth a full read only if, aligned at half
        // resolution, this skin fits about as well as the one already read
        if (bestCoarseFit(image, q.grid, q.prepared) < best.pass.meanScore - 0.05) continue;
      }
      const grid = refine(image, q.grid, q.prepared);
      const matches = classifyCells(image, grid, q.prepared);
      const pass = fitExtent(image, { grid, matches, meanScore: meanScore(matches) }, q.prepared);
      const rank: number = meanConfidence(pass.matches) * pass.matches.length * (1 + 0.1 * hudAgreement(image, pass.grid, q.prepared));
      if (pass.meanScore >= 0.55 && (!best || rank > best.rank)) best = { pass, prepared: q.prepared, rank };
    }
  }
  if (!best || best.pass.meanScore < 0.55) {
    throw new VisionError(
      options.skin && options.skin !== 'auto'
        ? `no ${options.skin} board found in the image`
        : 'no Minesweeper board found in the image',
    );
  }
  const { pass, prepared } = best;
  const { grid, matches } = pass;
  const cells = new Uint8Array(grid.cols * grid.rows);
  const confidence = new Float32Array(cells.length);
  const unsure: [number, number][] = [];
  let minConfidence = 1;
  let shown = 0;
  let flags = 0;
  for (let i = 0; i < cells.length; i++) {
    const m = matches[i]!;
    const code = CODE_OF_STATE[m.label];
    cells[i] = code;
    confidence[i] = m.confidence;
    if (m.confidence < minConfidence) minConfidence = m.confidence;
    if (m.confidence < UNSURE_BELOW) {
      unsure.push([i % grid.cols, (i / grid.cols) | 0]);
      continue; // an unsure cell counts for nothing in the header
    }
    if (code === FLAG || code === WRONG_FLAG) flags++;
    if (code === FLAG || code === MINE || code === EXPLODED) shown++; // a wrong flag is no mine
  }
  const counter = readCounter(image, grid, prepared.skin.file.counters?.mines, prepared);
  const timer = readCounter(image, grid, prepared.skin.file.counters?.timer, prepared);
  const face = readFace(image, grid, prepared);
  const total = cells.length;
  let mines: number;
  if (counter.value !== null) mines = counter.value + flags;
  else mines = STANDARD[`${grid.cols}x${grid.rows}`] ?? Math.round(total * 0.20625);
  mines = Math.min(total, Math.max(shown, mines, 0));
  return {
    skin: prepared.skin.name,
    board: { width: grid.cols, height: grid.rows, mines, cells },
    face: face.face,
    mineCounter: counter.value,
    timer: timer.value,
    grid,
    minConfidence,
    unsure,
    confidence,
  };
}
