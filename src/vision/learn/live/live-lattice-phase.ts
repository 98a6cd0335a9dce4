// Where a located lattice is set to the pixel by the cells' looks: on a fresh board where most
// cells look alike (freshPhase), between frames where more cells look as they did (steadyGrid),
// half a pixel over where the skin explains cells read unsure (halfPixelOver). Pure.

import { lumaAt, type RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import { changeOf, lookOf, type Look } from './live-looks.js';
import { freshLooks } from './live-fresh-looks.js';
import type { Reading } from '../../read/read.js';

/**
 * A located lattice moved by whole pixels (up to an eighth of a cell each way, each axis) to where
 * most cells of a fresh board look alike: on a fresh board every cell is covered, and the cuts of
 * a lattice a pixel off take in their neighbour's edge, which the cells along the board's edge do
 * not have (KMines' classic tiles: a white highlight and a dark shadow, the frame white beside the
 * first and dark beside the last: a pixel off, the first row and column looked unlike the rest and
 * the board was taken for 8x8). Cells are counted alike with the row-and-column rule (freshLooks'
 * twins): a bevelled board in a sunken frame looks alike at every shift (the frame's dark edge is
 * drawn as a neighbour's shadow), and the bare count swung with the sub-pixel rounding of bitmap
 * tiles stretched to a fractional pitch (21.28 px: moved 2 px into the tiles, the first cascade's
 * 0s then read as covered).
 */
export function freshPhase(image: RgbaImage, grid: Grid): Grid {
  const reach = Math.max(1, Math.round(grid.pitch / 8));
  const best = (at: (d: number) => Grid): Grid => {
    const shifts = Array.from({ length: 2 * reach + 1 }, (_, k) => k - reach);
    const counts = shifts.map((d) => (inside(image, at(d)) ? freshLooks(image, at(d)).like.filter(Boolean).length : -1));
    // the middle of the run of shifts that do best: a lattice a pixel off inside a tile's flat
    // face looks as alike as the right one
    return at(middleOf(bestRun(shifts, counts)));
  };
  const x = best((d) => ({ ...grid, left: grid.left + d }));
  return best((d) => ({ ...x, top: x.top + d }));
}

/** How many pitches freshPitch tries each side of the one located. */
const PITCH_STEPS = 10;
/** How far (pixels) the board's longer side grows or shrinks from one pitch tried to the next. */
const PITCH_STEP_PX = 0.25;

/**
 * A located lattice's pitch set by the cells' looks on a fresh board: the lines between cells
 * of tiles stretched to a fractional pitch (a browser's zoom) lie a pixel either way of where the
 * pitch puts them, and the pitch fitted to them may be a few hundredths of a pixel off (16.83 for
 * 16.96 px tiles, 15.42 for 15.48 px): across a board that is a pixel or more at its far side,
 * where the cuts then take in their neighbours' edges, look like no covered tile, and a fresh
 * board was refused (11 of 40 drawn boards from 14 to 17 px), or its first cascade read a pixel
 * off. Pitches are tried in steps that grow the board's longer side by a quarter of a pixel,
 * about its middle: the pitches at which the fewest cells look unlike the rest run together,
 * and the middle of that run is the board's pitch (of the runs, the one holding the located
 * pitch, else the longest; a run that reaches the last pitch tried each way is no bound, and
 * the located pitch is kept).
 */
export function freshPitch(image: RgbaImage, grid: Grid): Grid {
  const span = Math.max(grid.cols, grid.rows);
  const cx = grid.left + (grid.cols * grid.pitch) / 2, cy = grid.top + (grid.rows * grid.pitch) / 2;
  const at = (k: number): Grid => {
    const pitch = grid.pitch + (k * PITCH_STEP_PX) / span;
    return { ...grid, pitch, left: cx - (grid.cols * pitch) / 2, top: cy - (grid.rows * pitch) / 2 };
  };
  const steps = Array.from({ length: 2 * PITCH_STEPS + 1 }, (_, i) => i - PITCH_STEPS);
  // (scored by how many look alike: fewest unlike most alike)
  const run = bestRun(steps, steps.map((k) => (inside(image, at(k)) ? -freshLooks(image, at(k)).rest.length : -Infinity)));
  if (run[0] === -PITCH_STEPS && run.at(-1) === PITCH_STEPS) return grid;
  const k = middleOf(run);
  return k ? at(k) : grid;
}

/**
 * Of `steps` (whole numbers from -n to n, in order), the run of consecutive ones whose `scores`
 * are the highest: the run holding 0 (no step), else the longest.
 */
function bestRun(steps: readonly number[], scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const runs: number[][] = [];
  steps.forEach((d, k) => {
    if (scores[k] !== top) return;
    if (runs.length && runs[runs.length - 1]!.at(-1) === d - 1) runs[runs.length - 1]!.push(d);
    else runs.push([d]);
  });
  return runs.find((r) => r.includes(0)) ?? runs.reduce((a, b) => (b.length > a.length ? b : a));
}

/** The middle step of a run (of two middles, the nearer to 0). */
function middleOf(run: readonly number[]): number {
  const mid = run.length >> 1;
  return run.length % 2 || Math.abs(run[mid]!) < Math.abs(run[mid - 1]!) ? run[mid]! : run[mid - 1]!;
}

/** How many more times freshLattice sets the pitch and phase again while fewer cells look unlike. */
const LATTICE_ROUNDS = 2;

/**
 * A fresh board's lattice set by its cells' looks: to the pixel (freshPhase); when that leaves
 * cells unlike the rest, its pitch too (freshPitch) and to the pixel again, then pitch and pixel
 * again while that leaves fewer (a pitch tried at a phase a pixel off counts cells unlike that
 * are not: the run of fewest lay a step off, and one cell of a fresh board stayed unlike). A
 * lattice whose cells all look alike keeps its pitch (aligned on the first skin after, to a
 * fraction of a pixel: live-start.ts).
 */
export function freshLattice(image: RgbaImage, located: Grid): Grid {
  const unlike = (g: Grid): number => freshLooks(image, g).rest.length;
  const phased = freshPhase(image, located);
  const was = unlike(phased);
  if (!was) return phased;
  let grid = freshPhase(image, freshPitch(image, phased));
  let n = unlike(grid);
  if (n > was) return phased;
  for (let round = 0; round < LATTICE_ROUNDS && n > 0; round++) {
    const next = freshPhase(image, freshPitch(image, grid));
    const m = unlike(next);
    if (m >= n) break;
    grid = next;
    n = m;
  }
  return grid;
}

/** How far (px) a fresh board's lattice may lie from its cells' strongest edges before edgeAligned moves it onto them. */
const EDGE_OFF_PX = 1.25;
/** ... or this far (px) when that edge is one sharp step: its phase's bin outweighs each bin beside it by EDGE_CLEAR (a bevel's dark-to-light step between two tiles, not a 1 px gap's two edges). */
const SHARP_EDGE_OFF_PX = 1;
/** The strongest edge's weight (folded over the board) over that of any other phase at least 2 px from it, for edgeAligned to trust it. */
const EDGE_CLEAR = 1.5;
/** ... and the share of it that the steps within a pixel of the lattice's lines weigh (lines located on a step of the tiles). */
const EDGE_AT_LINE = 0.25;

/**
 * A fresh board's lattice moved, each axis, onto the strongest edges between its cells when it lies
 * EDGE_OFF_PX or more from them: the lines of bevelled tiles stretched to a fractional pitch are
 * located at any of the bevel's steps (a highlight's inner edge, 1.9 px into the tiles at 22.4 px),
 * and the cells' looks, all cut alike, do not tell (every shift looks alike on a bevelled board).
 * Cut so, a covered tile takes in whole columns of its neighbour's highlight, and a mine left
 * covered inside a cascade changed with its neighbours: taken for a change away from the cascade,
 * the first cascade was held unsure. The edges are the steps in level across the middle half of
 * each cell, folded over the board at the pitch; moved only where one phase clearly holds the
 * strongest (EDGE_CLEAR: a tile's own bevel steps weigh half its border's) and the lines located
 * lie on a step too (EDGE_AT_LINE: tiles drawn apart have their lines in the flat gap between
 * them, and their strongest edges at a tile's border, which is no line between cells), and kept
 * only when no more cells look unlike the rest there.
 */
export function edgeAligned(image: RgbaImage, grid: Grid): Grid {
  const far = (e: { d: number; sharp: boolean }): number => (Math.abs(e.d) < (e.sharp ? SHARP_EDGE_OFF_PX : EDGE_OFF_PX) ? 0 : e.d);
  const kept = (d: number, across: boolean): number => (d && leavesBoard(image, grid, d, across) ? 0 : d);
  const dx = kept(far(edgeOffset(image, grid, true)), true), dy = kept(far(edgeOffset(image, grid, false)), false);
  if (!dx && !dy) return grid;
  const moved = { ...grid, left: grid.left + dx, top: grid.top + dy };
  if (!inside(image, moved)) return grid;
  return freshLooks(image, moved).rest.length <= freshLooks(image, grid).rest.length ? moved : grid;
}

/**
 * Where (px, in (-pitch/2, pitch/2]) the strongest edges between a board's cells lie from its
 * lattice's lines along one axis (`across`: the columns' lines), or 0 when no phase holds them clearly.
 */
function edgeOffset(image: RgbaImage, grid: Grid, across: boolean): { d: number; sharp: boolean } {
  const p = grid.pitch, W = image.width, d = image.data;
  const bins = Math.max(4, Math.round(p));
  const weight = new Float64Array(bins), phaseSum = new Float64Array(bins);
  const start = across ? grid.left : grid.top, other = across ? grid.top : grid.left;
  const count = across ? grid.cols : grid.rows, lines = across ? grid.rows : grid.cols;
  const v0 = Math.max(1, Math.ceil(start) + 1), v1 = Math.min(across ? W : image.height, Math.floor(start + count * p));
  for (let c = 0; c < lines; c++) {
    const u0 = Math.max(0, Math.ceil(other + c * p + p / 4)), u1 = Math.min(across ? image.height : W, Math.floor(other + c * p + (3 * p) / 4));
    for (let u = u0; u < u1; u++) {
      for (let v = v0; v < v1; v++) {
        const o = across ? (u * W + v) * 4 : (v * W + u) * 4;
        const step = Math.abs(lumaAt(d, o) - lumaAt(d, across ? o - 4 : o - 4 * W));
        if (!step) continue;
        // (the step between pixels v-1 and v lies at v)
        const phase = (((v - start) % p) + p) % p;
        const b = Math.min(bins - 1, Math.floor((phase * bins) / p));
        weight[b]! += step;
        phaseSum[b]! += step * phase;
      }
    }
  }
  let best = 0;
  for (let b = 1; b < bins; b++) if (weight[b]! > weight[best]!) best = b;
  if (!weight[best]) return { d: 0, sharp: false };
  let rival = 0;
  for (let b = 0; b < bins; b++) {
    const apart = Math.min(Math.abs(b - best), bins - Math.abs(b - best));
    if (apart >= 2) rival = Math.max(rival, weight[b]!);
  }
  if (weight[best]! < EDGE_CLEAR * rival) return { d: 0, sharp: false };
  // (the lines located lie on a step of the tiles themselves, a bevel's: tiles drawn apart, their
  // lines in a flat gap between them, have their strongest edges at a tile's border, no line)
  if (Math.max(weight[0]!, weight[1]!, weight[bins - 1]!) < EDGE_AT_LINE * weight[best]!) return { d: 0, sharp: false };
  const phase = phaseSum[best]! / weight[best]!;
  const beside = Math.max(weight[(best + 1) % bins]!, weight[(best + bins - 1) % bins]!);
  return { d: phase > p / 2 ? phase - p : phase, sharp: weight[best]! >= EDGE_CLEAR * beside };
}

/** How far (levels, any channel) a line's mean colour in the strip a move leaves out may lie from the same strip a pitch further in and still repeat it. */
const REPEAT_LEVELS = 8;

/**
 * Whether moving a lattice by `d` px along one axis (`across`: the columns) leaves a strip of the
 * board's tiles out of it: the strip the move drops at one end (its near end for a move forward,
 * its far end for one back) is tiles when it repeats the same strip a pitch further in, in most
 * lines across the board (each line's mean colour, within REPEAT_LEVELS). Bevelled tiles whose
 * highlight is nearly the page's colour have their strongest step at the highlight's inner edge,
 * a border's width into each tile: a lattice located on the board's ends is not moved there
 * (nanoborg/minesweeper: 5 px of 40, its first column's highlight left out, the pointer then parked
 * on it). A lattice located on a step inside the tiles, moved back onto their border, drops the
 * page or the frame past the last tile, which does not repeat the tiles.
 */
function leavesBoard(image: RgbaImage, grid: Grid, d: number, across: boolean): boolean {
  const w = Math.max(1, Math.round(Math.abs(d))), p = Math.round(grid.pitch);
  const start = across ? grid.left : grid.top, len = (across ? grid.cols : grid.rows) * grid.pitch;
  const other = across ? grid.top : grid.left, span = (across ? grid.rows : grid.cols) * grid.pitch;
  const limit = across ? image.width : image.height, crossLimit = across ? image.height : image.width;
  // the strip left out, and the same strip a pitch further in
  const s0 = d > 0 ? Math.round(start) : Math.round(start + len) - w;
  const i0 = d > 0 ? s0 + p : s0 - p;
  if (s0 < 0 || i0 < 0 || s0 + w > limit || i0 + w > limit) return false;
  const data = image.data, W = image.width;
  const mean = (v0: number, u: number): [number, number, number] => {
    let r = 0, g = 0, b = 0;
    for (let v = v0; v < v0 + w; v++) {
      const o = across ? (u * W + v) * 4 : (v * W + u) * 4;
      r += data[o]!; g += data[o + 1]!; b += data[o + 2]!;
    }
    return [r / w, g / w, b / w];
  };
  let lines = 0, alike = 0;
  for (let u = Math.max(0, Math.ceil(other)); u < Math.min(crossLimit, Math.floor(other + span)); u++) {
    const a = mean(s0, u), b = mean(i0, u);
    lines++;
    if (Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2])) <= REPEAT_LEVELS) alike++;
  }
  return lines > 0 && alike * 2 > lines;
}

/** Whether every cell of a grid lies within the image. */
function inside(image: RgbaImage, g: Grid): boolean {
  return g.left >= 0 && g.top >= 0 && g.left + g.cols * g.pitch <= image.width && g.top + g.rows * g.pitch <= image.height;
}

/**
 * The grid to read a frame at, when the board is found a little off where the last frame
 * explained was read (`before`): a lattice aligned on a skin still being learned may settle a
 * pixel either side of a tile's gap or border from one frame to the next. A board that really
 * moved shows its cells' looks where it is now; one found a pixel off shows them where it was.
 * So, for a shift under a quarter of a cell (same size and pitch), the grid under which more
 * cells look as they did (`looks`, the last frame explained) is kept: else every cell seems to
 * change at once, and cells never clicked are taken for opened.
 */
export function steadyGrid(image: RgbaImage, found: Grid, before: Grid | null, looks: readonly Look[] | null): Grid {
  if (!before || !looks || found === before || looks.length !== found.cols * found.rows) return found;
  if (found.cols !== before.cols || found.rows !== before.rows || Math.abs(found.pitch - before.pitch) > 0.02 * before.pitch) return found;
  const dx = Math.abs(found.left - before.left), dy = Math.abs(found.top - before.top);
  if ((dx === 0 && dy === 0) || dx >= found.pitch / 4 || dy >= found.pitch / 4) return found;
  const same = (g: Grid): number => looks.reduce((n, l, i) => (changeOf(lookOf(image, g, i), l) === 'same' ? n + 1 : n), 0);
  return same(before) > same(found) ? before : found;
}

/** How far a lattice may be set over from the one located (`base`), each axis, by halfPixelOver. */
const HALF = 0.5;
/** How much less sure, on the mean, the cells read surely may be read half a pixel over. */
const SLACK = 0.005;

/**
 * The lattice half a pixel over from where a frame was read (`at`), when that one reads some cells
 * unsure and another explains them: a fresh board of plain tiles gives no clue to where its cells
 * lie within a pixel, so it may be found half a pixel from where the skin's numbers were learned,
 * and then every number of the first cascade read unsure (taken for numbers not learned, the
 * game played on as if no number showed: sophiasharif/minesweeper-vue). The placements tried lie
 * within half a pixel of the lattice located (`base`), each axis. One is taken only when it reads
 * fewer cells unsure, each cell it explains a number, every cell read surely at `at` the same and
 * about as surely (a lattice set off the cells fits every look worse), and every other placement
 * that reads as few unsure agrees with it on every cell both read surely: a clear winner. A look
 * the skin has not learned stays unsure at every placement (each reading is held to the same
 * bars), so it is no reason to move. Null: stay at `at`.
 */
export function halfPixelOver(base: Grid, at: Grid, reading: Reading, read: (g: Grid) => Reading | null): { grid: Grid; reading: Reading } | null {
  const index = (r: Reading, g: Grid): Set<number> => new Set(r.unsure.map(([x, y]) => y * g.cols + x));
  const doubt = index(reading, at);
  if (!doubt.size) return null;
  const sureAt = [...reading.board.cells.keys()].filter((i) => !doubt.has(i));
  const sum = (r: Reading): number => sureAt.reduce((s, i) => s + r.confidence[i]!, 0);
  const was = sum(reading);
  const tries: { grid: Grid; reading: Reading; doubt: Set<number>; confidence: number }[] = [];
  for (const dy of [-HALF, 0, HALF]) {
    for (const dx of [-HALF, 0, HALF]) {
      const grid = { ...base, left: base.left + dx, top: base.top + dy };
      if (grid.left === at.left && grid.top === at.top) continue;
      const r = read(grid);
      if (!r || r.board.cells.length !== reading.board.cells.length) continue;
      const d = index(r, grid);
      if (d.size >= doubt.size || sureAt.some((i) => d.has(i) || r.board.cells[i] !== reading.board.cells[i])) continue;
      // (what it explains are numbers: a cell cut with its neighbour's edge that reads covered
      // half a pixel over is the learner's to follow, cell by cell: live-cell-change.ts)
      if ([...doubt].some((i) => !d.has(i) && !(r.board.cells[i]! >= 1 && r.board.cells[i]! <= 8))) continue;
      // (as surely: a cell's confidence is mostly 1 either way; a tile's edge cut half a pixel
      // over may cost a little, never much of it)
      const confidence = sum(r);
      if (confidence < was - SLACK * sureAt.length) continue;
      tries.push({ grid, reading: r, doubt: d, confidence });
    }
  }
  if (!tries.length) return null;
  const fewest = Math.min(...tries.map((t) => t.doubt.size));
  const top = tries.filter((t) => t.doubt.size === fewest);
  const agree = (a: (typeof top)[number], b: (typeof top)[number]): boolean => a.reading.board.cells.every((c, i) => a.doubt.has(i) || b.doubt.has(i) || b.reading.board.cells[i] === c);
  if (top.some((a) => top.some((b) => !agree(a, b)))) return null;
  const best = top.reduce((a, b) => (b.confidence > a.confidence ? b : a));
  return { grid: best.grid, reading: best.reading };
}
