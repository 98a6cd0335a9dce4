// Fitting a skin's lattice to an image: classifying cells, aligning the grid to the sprites
// (sub-pixel offsets and the exact pitch), and trimming or growing it by whole rows/columns.

import type { RgbaImage } from '../image.js';
import { matchRegion, meanLevel, scratchFor, templateLevel, type Match, type MatchMode } from './classify.js';
import type { CellState } from '../skins/skin.js';
import type { PreparedSkin } from './prepared.js';
import type { Grid } from '../geometry.js';
import { cellSquare } from '../../core/grid.js';
import { contradictions, explained } from './judge.js';
import { CODE_OF_STATE } from '../skins/skin.js';
import { levelBeyondSpread, needsParts, partsBar, withNovelty } from './learned-fit.js';
import { worstBlockAround } from './stroke-fit.js';
import { blankMiddle } from './drawn-mine.js';
import { hasColourMark } from './colour-mark.js';

export interface CellPass {
  grid: Grid;
  matches: Match<CellState>[];
  meanScore: number;
}

/** Cells within this share of the sprites' size, or of a pitch the skin learned at, are at the size the skin was learned at. */
const SAME_SIZE = 0.03;

/** The states that are mines (drawn-mine.ts). */
const MINES: ReadonlySet<CellState> = new Set(['mine', 'exploded']);

const NOT_A_CELL: Match<CellState> = { label: 'covered', score: 0, runnerUp: 0, runnerUpLabel: null, confidence: 0 };

export function classifyCells(image: RgbaImage, grid: Grid, prepared: PreparedSkin, only?: number[], mode: MatchMode = 'auto'): Match<CellState>[] {
  const set = prepared.cells;
  const scratch = scratchFor(set);
  const out: Match<CellState>[] = [];
  const n = only ? only.length : grid.cols * grid.rows;
  // a learned skin judges each look at full resolution against what its states learned (a
  // look not learned yet may pass at half resolution, where shapes blur together)
  const { accept } = prepared;
  const how: MatchMode = accept && mode === 'auto' ? 'full' : mode;
  // a number beyond its learned spread has its parts compared too (stroke-fit.ts: a digit not
  // learned on the same key as a learned one), more loosely where cells are not as large as the
  // sprites they were learned at (rescaled, thin strokes blur and shift by fractions of a pixel);
  // within it too, at the sprites' size, where its learned cells' parts set a bar
  const parts = how === 'full';
  const sameSize = prepared.pitches.some((p) => Math.abs(grid.pitch / p - 1) < SAME_SIZE);
  const spread = sameSize ? prepared.spread : prepared.spreadRescaled;
  const { parts: partsWithin } = prepared;
  const spare = new Float32Array(set.full.vectors[0]!.length);
  for (let k = 0; k < n; k++) {
    const i = only ? only[k]! : k;
    const at = cellSquare(grid, i);
    const found = matchRegion(image, at.x, at.y, at.side, at.side, set, scratch, how);
    // the patch's samples are still in the scratch: how its worst part agrees with the look it matched
    const m = found && parts && needsParts(found, accept, spread, sameSize, partsWithin)
      ? { ...found, local: worstBlockAround(image, at, set, found.template!, scratch.full, spare, partsBar(found, spread, sameSize, partsWithin)) }
      : found ?? NOT_A_CELL;
    const novel = how === 'full' ? withNovelty(m, accept, spread, sameSize, partsWithin) : m;
    // (the patch's mean colour is still in the scratch too: a look at another level than its look's)
    const judged = novel.confidence > 0 && how === 'full' && novel.template !== undefined && levelBeyondSpread(novel, spread, prepared.levelSlack, meanLevel(scratch.means), templateLevel(set, novel.template)) ? { ...novel, confidence: 0 } : novel;
    // (a mark in a colour the matched look does not have: a look not known, never that look; nor,
    // to a learned skin, a mine whose look is drawn on its tile matched by a cell with nothing
    // drawn there: drawn-mine.ts)
    const unknown = judged.confidence > 0 && judged.template !== undefined && (hasColourMark(image, at, prepared.chroma[judged.template]!) || (accept !== null && MINES.has(judged.label) && prepared.drawn[judged.template]! && blankMiddle(image, at)));
    out.push(unknown ? { ...judged, confidence: 0 } : judged);
  }
  return out;
}

export function meanConfidence(ms: Match[]): number {
  let s = 0;
  for (const m of ms) s += m.confidence;
  return ms.length ? s / ms.length : 0;
}

export function meanScore(ms: Match[]): number {
  let s = 0;
  for (const m of ms) s += m.score;
  return ms.length ? s / ms.length : 0;
}

/**
 * How well a lattice fits, for choosing between lattices: the mean score with a cell no sprite
 * explains (a negative score, or none of the skin's levels) counted as 0. Such a cell (a bar or
 * frame the located grid took in) says nothing of where the sprites sit; counted as it scores,
 * a shift that blurs it into its neighbours gains more than the cells it misaligns lose.
 */
export function fitScore(ms: Match[]): number {
  let s = 0;
  for (const m of ms) s += Math.max(0, m.score);
  return ms.length ? s / ms.length : 0;
}

/** A spread of up to n cell indices for quick trials. */
export function sampleCells(grid: Grid, n: number): number[] {
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
  // half resolution aliases with thin lines at odd pitches: a shift it prefers is kept only
  // when full resolution agrees
  if (g !== grid) {
    const stay = score(grid);
    if (stay >= best) {
      g = grid;
      best = stay;
    }
  }
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

/**
 * A lattice found from edges can sit a fraction of a cell off the sprites' origin (a frame line
 * just above the board, a thick grid line): when it fits poorly, every phase in eighths of a cell
 * is tried at half resolution and the best taken as the start of the alignment.
 */
function phaseScan(grid: Grid, score: (g: Grid, mode?: MatchMode) => number): Grid {
  let best = grid;
  let bestScore = score(grid, 'coarse');
  if (bestScore >= 0.85) return grid;
  const step = grid.pitch / 8;
  for (let dy = -4; dy < 4; dy++) {
    for (let dx = -4; dx < 4; dx++) {
      if (!dx && !dy) continue;
      const t = { ...grid, left: grid.left + dx * step, top: grid.top + dy * step };
      const s = score(t, 'coarse');
      if (s > bestScore + 0.01) {
        bestScore = s;
        best = t;
      }
    }
  }
  // half resolution aliases with thin lines (2 px lines on flat tiles): a phase it prefers is
  // taken only when full resolution agrees (as in alignOffsets)
  if (best !== grid && score(best) <= score(grid)) return grid;
  return best;
}

/** Best mean score over shifts of up to two sprite pixels, at half resolution, on a sample. */
export function bestCoarseFit(image: RgbaImage, grid: Grid, prepared: PreparedSkin): number {
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
 * How much worse a whole or common pitch may fit than the measured one and still be taken: 0.01
 * while its lattice stays within TIE_DRIFT_PX of the measured one's across the board (a game at
 * 100% has a whole pitch, which a measure a little off misses); none when it drifts further. Flat
 * tiles fit almost as well a pixel or two off, and a board at a fractional pitch (a browser's
 * 28.75 px cells; a board scaled to 37.5 px) was cut 2 to 5 px off by its far rows.
 */
function tieAllowance(pitch: number, measured: Grid): number {
  return Math.abs(pitch - measured.pitch) * Math.max(measured.cols, measured.rows) <= TIE_DRIFT_PX ? 0.01 : 0;
}
const TIE_DRIFT_PX = 1.5;

/**
 * The exact lattice near a located one. Pitches tried: as measured (then nudged by up to
 * ±0.8%), the nearest whole pixel (a game at 100% has one) and a common display scale of the
 * skin's pitch within 1.5%; each with its own offsets aligned; a whole/common pitch wins ties
 * while its lattice stays near the measured one (tieAllowance).
 */
export function refine(image: RgbaImage, grid0: Grid, prepared: PreparedSkin): Grid {
  const base = prepared.skin.pitch;
  const sample = sampleCells(grid0, 24);
  const score = (g: Grid, mode: MatchMode = 'full'): number => fitScore(classifyCells(image, g, prepared, sample, mode));
  // (a learned skin's whole-pixel phases are tried on fewer cells first: wholePixelPhase)
  const few = sampleCells(grid0, PHASE_SAMPLE);
  const quick = prepared.accept ? (g: Grid): number => fitScore(classifyCells(image, g, prepared, few, 'full')) : null;
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
  const measured = alignOffsets(image, phaseScan(grid0, score), score);
  const tries = new Set<number>();
  for (const s of NICE_SCALES) if (Math.abs(grid0.pitch - s * base) <= 0.015 * s * base) tries.add(s * base);
  if (Math.abs(grid0.pitch - Math.round(grid0.pitch)) <= 0.01 * grid0.pitch) tries.add(Math.round(grid0.pitch));
  let best: { grid: Grid; score: number } | null = null;
  for (const p of tries) {
    const t = alignOffsets(image, withPitch(measured.grid, p), score, false);
    if (!best || t.score > best.score) best = t;
  }
  if (best && best.score >= measured.score - tieAllowance(best.grid.pitch, measured.grid)) return wholePixelPhase(best, grid0, score, quick).grid;
  let g = measured;
  for (const f of [0.996, 1.004, 0.992, 1.008]) {
    const t = alignOffsets(image, withPitch(measured.grid, measured.grid.pitch * f), score, false);
    if (t.score > g.score + 0.002) g = t;
  }
  return wholePixelPhase(g, grid0, score, quick).grid;
}

/** A whole-pitch lattice fitting worse than this after the searches above has its whole-pixel phases tried (wholePixelPhase). */
const PHASE_SEARCH_BELOW = 0.999;
/** How far (a share of the pitch, at least 2 px) the whole-pixel phases tried reach either way. */
const PHASE_REACH = 0.125;
/** How much better the best whole-pixel phase must fit (on the whole sample) to be taken. */
const PHASE_GAIN = 0.003;
/** How many cells each phase is first scored on; the best is then scored on the whole sample. */
const PHASE_SAMPLE = 8;

/**
 * Flat tiles told apart by thin lines (a 2 px bevel on a 40 px tile) fit well only within about
 * half a pixel of their origin: a pixel off on both axes they fit little better than 3 px off, so
 * a lattice located 1.5 px off both ways (teplokotov/minesweeper's fresh board, at 0.74 where its
 * origin fits 1.000) is not climbed out of by shifts at half resolution or along one axis at a
 * time, and a lattice 2-3 px off read its covered tiles as the flat opened look, sure. For a
 * learned skin (its looks cut from the game's frames at whole pixels), at a whole pitch that still
 * fits poorly, every whole-pixel origin within an eighth of a cell is tried, both axes together, at
 * full resolution on a few cells (`quick`), around where the searches settled and where the
 * lattice was located, the best then on the whole sample; it is taken when it fits clearly better.
 * Not for a hand-built skin (null `quick`): its sprites are the game's own drawings, aligned by
 * the searches above, and a board read with every skin tried each of them on lattices they do
 * not fit (30 captures read 5% slower).
 */
function wholePixelPhase(found: { grid: Grid; score: number }, located: Grid, score: (g: Grid) => number, quick: ((g: Grid) => number) | null): { grid: Grid; score: number } {
  // (a pitch measured whole but for the float's last digits is whole)
  const pitch = Math.round(found.grid.pitch);
  if (!quick || found.score >= PHASE_SEARCH_BELOW || Math.abs(found.grid.pitch - pitch) > 1e-6) return found;
  const g = { ...found.grid, pitch };
  const reach = Math.max(2, Math.ceil(pitch * PHASE_REACH));
  // around where the searches settled and where the lattice was located (they may have climbed
  // from near the tiles onto a false peak farther off)
  // (nearest first; a phase that fits as the skin's own cells did ends the search)
  const steps: [number, number][] = [];
  for (let dy = -reach; dy <= reach; dy++) for (let dx = -reach; dx <= reach; dx++) steps.push([dx, dy]);
  steps.sort((a, b) => Math.max(Math.abs(a[0]), Math.abs(a[1])) - Math.max(Math.abs(b[0]), Math.abs(b[1])));
  const tried = new Set<string>();
  let pick: Grid | null = null;
  let pickScore = quick(g);
  search: for (const c of [g, located]) {
    const left0 = Math.round(c.left), top0 = Math.round(c.top);
    for (const [dx, dy] of steps) {
      const key = `${left0 + dx},${top0 + dy}`;
      if (tried.has(key)) continue;
      tried.add(key);
      const t = { ...g, left: left0 + dx, top: top0 + dy };
      const s = quick(t);
      if (s > pickScore) (pick = t), (pickScore = s);
      if (pickScore >= PHASE_SEARCH_BELOW) break search;
    }
  }
  if (!pick) return found;
  const s = score(pick);
  return s > found.score + PHASE_GAIN ? { grid: pick, score: s } : found;
}

/** Re-indexes matches of `from` into the grid `to` (same lattice), classifying only new cells. */
export function remap(image: RgbaImage, from: Grid, ms: Match<CellState>[], to: Grid, prepared: PreparedSkin, mode: MatchMode = 'auto'): Match<CellState>[] {
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

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  return v.length ? v[v.length >> 1]! : 0;
}

/** The matches of one edge line of a grid: 0 left column, 1 right, 2 top row, 3 bottom. */
function edgeLine(ms: Match[], grid: Grid, side: number): Match[] {
  const out: Match[] = [];
  if (side < 2) {
    const x = side === 0 ? 0 : grid.cols - 1;
    for (let y = 0; y < grid.rows; y++) out.push(ms[y * grid.cols + x]!);
  } else {
    const y = side === 2 ? 0 : grid.rows - 1;
    for (let x = 0; x < grid.cols; x++) out.push(ms[y * grid.cols + x]!);
  }
  return out;
}

const share = (ms: Match[], f: (m: Match, j: number) => boolean): number => ms.filter(f).length / Math.max(1, ms.length);

/**
 * Whether the j-th cell of an edge line looks at least as much like what surrounds the board
 * (a learned skin's 'outside' looks) as like the cell it was read as: then it is the frame.
 */
function looksOutside(image: RgbaImage, grid: Grid, side: number, j: number, m: Match, prepared: PreparedSkin): boolean {
  if (!prepared.outside) return false;
  const x = side === 0 ? 0 : side === 1 ? grid.cols - 1 : j;
  const y = side === 2 ? 0 : side === 3 ? grid.rows - 1 : j;
  const o = matchRegion(image, grid.left + x * grid.pitch, grid.top + y * grid.pitch, grid.pitch, grid.pitch, prepared.outside, undefined, 'full');
  return !!o && o.score >= m.score - 0.02;
}

/**
 * Whether a new edge line reads as part of the position: few of its cells contradicted, judged
 * with one more line of unknown cells beyond it (the board may go on past a trial line).
 */
function legalLine(ms: Match<CellState>[], grid: Grid, side: number): boolean {
  const W = grid.cols + (side < 2 ? 1 : 0), H = grid.rows + (side < 2 ? 0 : 1);
  const ox = side === 0 ? 1 : 0, oy = side === 2 ? 1 : 0;
  const codes = new Uint8Array(W * H);
  const sure: boolean[] = new Array(W * H).fill(false);
  for (let y = 0; y < grid.rows; y++) {
    for (let x = 0; x < grid.cols; x++) {
      const m = ms[y * grid.cols + x]!;
      codes[(y + oy) * W + x + ox] = CODE_OF_STATE[m.label];
      sure[(y + oy) * W + x + ox] = explained(m);
    }
  }
  let inLine = 0;
  for (const i of contradictions(codes, sure, W, H)) {
    const x = (i % W) - ox, y = ((i / W) | 0) - oy;
    if ((side === 0 && x === 0) || (side === 1 && x === grid.cols - 1) || (side === 2 && y === 0) || (side === 3 && y === grid.rows - 1)) inLine++;
  }
  return inLine < Math.max(2, 0.1 * (side < 2 ? grid.rows : grid.cols));
}

/**
 * Drops edge rows/columns that are not cells, adds neighbouring ones that are. A line stays
 * when at least half its cells are explained by the skin; a new line joins only when nearly all
 * its cells are explained, none looks more like the frame around the board than like a cell
 * (learned skins know the frame), they fit about as well as the board's own cells, and the
 * position stays legal (the frame around a board can resemble a flat or plain cell).
 */
export function fitExtent(image: RgbaImage, pass: CellPass, prepared: PreparedSkin): CellPass {
  let { grid, matches } = pass;
  const GOOD = 0.6, BAD = 0.3;
  const tried = new Set<string>();
  const poor = (line: Match[]): boolean => meanConfidence(line) < BAD || share(line, explained) < 0.5;
  for (let guard = 0; guard < 400; guard++) {
    let next: Grid | null = null;
    if (grid.cols > 1 && poor(edgeLine(matches, grid, 0))) next = { ...grid, left: grid.left + grid.pitch, cols: grid.cols - 1 };
    else if (grid.cols > 1 && poor(edgeLine(matches, grid, 1))) next = { ...grid, cols: grid.cols - 1 };
    else if (grid.rows > 1 && poor(edgeLine(matches, grid, 2))) next = { ...grid, top: grid.top + grid.pitch, rows: grid.rows - 1 };
    else if (grid.rows > 1 && poor(edgeLine(matches, grid, 3))) next = { ...grid, rows: grid.rows - 1 };
    if (next) {
      matches = remap(image, grid, matches, next, prepared);
      grid = next;
      tried.add(`${Math.round(grid.left)},${Math.round(grid.top)},${grid.cols},${grid.rows}`);
      continue;
    }
    const boardFit = median(matches.map((m) => m.score));
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
      // judged at half resolution first (cheap: cells beyond a board are rarely clear-cut),
      // then the new cells of a promising line are matched properly
      if (meanConfidence(edgeLine(remap(image, grid, matches, t, prepared, 'coarse'), t, k)) < GOOD) continue;
      const ms = remap(image, grid, matches, t, prepared);
      const line = edgeLine(ms, t, k);
      const cell = (m: Match, j: number): boolean => explained(m) && !looksOutside(image, t, k, j, m, prepared);
      if (share(line, cell) >= 0.9 && median(line.map((m) => m.score)) >= boardFit - 0.1 && legalLine(ms, t, k)) {
        matches = ms;
        grid = t;
        grown = true;
        break;
      }
    }
    if (!grown) break;
  }
  return { grid, matches, meanScore: meanScore(matches) };
}

/** Share of a line beyond a board's edge whose cells its skin explains, from which the board goes on there. */
const GOES_ON = 0.3;
/** ...and the median fit of that line's cells (partly hidden cells fit 0.6-0.85; a frame, 0.2 or less). */
const GOES_ON_FIT = 0.5;
/** Share of the line beyond an edge that fits like the board's cells (GOES_ON_FIT) and not like the frame a learned skin knows. */
const CELL_LIKE = 0.8;
/** A cell beyond an edge that fits a look of the skin this well is a cell, explained or not (a frame fits 0.2 or less). */
const SURE_CELL = 0.9;

/**
 * The side past which a board read goes on partly hidden, or null: the line of cells just beyond
 * an edge (inside the image) did not join the board (fitExtent), yet a share GOES_ON of its cells
 * are explained and most fit about like cells. Then something covers a part of the board (a dialog over
 * its upper rows, say) and what was read is a part of it, not a board. A frame, a panel or the
 * desktop beyond a board explains few cells, if any.
 */
export function goesOnPast(image: RgbaImage, pass: CellPass, prepared: PreparedSkin): 'left' | 'right' | 'top' | 'bottom' | null {
  const g = pass.grid, p = g.pitch;
  const beyond: ['left' | 'right' | 'top' | 'bottom', Grid][] = [
    ['left', { ...g, left: g.left - p, cols: 1 }],
    ['right', { ...g, left: g.left + g.cols * p, cols: 1 }],
    ['top', { ...g, top: g.top - p, rows: 1 }],
    ['bottom', { ...g, top: g.top + g.rows * p, rows: 1 }],
  ];
  for (const [side, line] of beyond) {
    if (line.left < 0 || line.top < 0 || line.left + line.cols * p > image.width || line.top + line.rows * p > image.height) continue;
    const ms = classifyCells(image, line, prepared);
    // (a learned skin knows the frame: a cell beyond that looks like it is no cell, however well
    // it fits one — sgt-mines' surround reads as a covered cell to some learned skins)
    const k = side === 'left' || side === 'right' ? 0 : 2;
    const inside = (m: Match, j: number): boolean => !looksOutside(image, line, k, j, m, prepared);
    if (share(ms, (m, j) => explained(m) && inside(m, j)) >= GOES_ON && median(ms.map((m) => m.score)) >= GOES_ON_FIT) return side;
    // (a learned skin, whose confidence in a partly hidden look is low: nearly every cell beyond
    // fitting like a cell and not like the frame is the board going on)
    if (prepared.outside && share(ms, (m, j) => m.score >= GOES_ON_FIT && inside(m, j)) >= CELL_LIKE) return side;
    // (cells that fit a look of the skin nearly exactly, beside others a dialog hides: KMines'
    // classic look, its dialog's face as light as the frame around the board, the mines a loss
    // shows beside it not yet learned well enough to be explained)
    if (share(ms, (m, j) => m.score >= SURE_CELL && inside(m, j)) >= GOES_ON) return side;
  }
  return null;
}

/** Whether grid a lies on grid b's lattice, inside its extent (give or take a cell). */
export function sameLattice(a: Grid, b: Grid): boolean {
  if (Math.abs(a.pitch - b.pitch) > 0.03 * b.pitch) return false;
  const inside = (v: number, lo: number, n: number): boolean => v >= lo - b.pitch && v <= lo + (n + 1) * b.pitch;
  return (
    inside(a.left, b.left, b.cols) && inside(a.left + a.cols * a.pitch, b.left, b.cols) &&
    inside(a.top, b.top, b.rows) && inside(a.top + a.rows * a.pitch, b.top, b.rows)
  );
}

export function withScale(grid: Grid, prepared: PreparedSkin): Grid {
  return { ...grid, scale: grid.pitch / prepared.skin.pitch };
}
