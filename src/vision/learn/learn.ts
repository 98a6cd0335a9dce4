// Learning a skin from captures whose true board is known. Pure: images and boards in, a skin
// (skin.json data plus sprite images) and a report out; skin-store.ts writes it to disk.
//
//  1. find each capture's grid without a skin (learn-grid.ts), unless it is known (a live game);
//  2. cut every cell, resampled to the skin's sprite size, and group the cuts of each state
//     into a few looks (looks.ts); weigh the pixels by how well they tell the states apart;
//  3. measure every capture's exact pitch with that skin, cut again and build the skin again;
//  4. read every capture with the final skin and compare with its true board.
// Learning more into an existing learned skin starts from its looks, with their weights.

import type { Grid } from '../geometry.js';
import { crop, type RgbaImage } from '../image.js';
import { gridForBoard } from './learn-grid.js';
import { cutLooks, groupAll, looksOfSkin, pixelWeights, skinOfLooks, type LabelledCapture, type LearnedSkin, type Looks } from './looks.js';
import { prepareSkin } from '../read/prepared.js';
import { refine } from '../read/align.js';
import { readScreen } from '../read/read.js';
import { buildSkin, CELL_STATES, type CellState, type Skin } from '../skins/skin.js';
import { classifyCells } from '../read/align.js';
import { fitsOf, levelFitsOf, mergeFits, mergeLevels, partsFitsOf, type Fits } from '../read/learned-fit.js';
import { cutCell, stateOfCode } from '../read/cells.js';
import { VisionError } from '../errors.js';
import { COVERED, FLAG, MINE, OPENED, charOf } from '../../core/board.js';
import { explodedLikeMines } from './lesson-checks.js';
import { EDGE_SHARE, inkApart, interiorLookOf, lookOf } from './live/live-looks.js';

export type { LabelledCapture, LearnedSkin } from './looks.js';

export interface CaptureReport {
  name: string;
  grid: Grid;
  /** Cells of each state in the capture. */
  cells: Partial<Record<CellState, number>>;
  /** Cells the new skin reads wrongly and confidently, as "x,y: want→got". */
  wrong: string[];
  /** Cells the new skin reads as unsure. */
  unsure: number;
  /** Why the new skin cannot read the capture at all, or null. */
  error: string | null;
  /**
   * The mine that blew up, labelled so, taken for a plain mine because it looks like the other
   * mines shown (a game that draws no look of its own for it: two states of one look cannot be
   * learned apart, and every mine would read unsure), as "x,y"; else absent.
   */
  explodedAsMine?: string;
  /**
   * Cells the skin learned on from reads confidently otherwise than the capture labels them, as
   * "x,y: want→got": the lesson says another thing of a look already learned (empty without one).
   */
  contradicts: string[];
}

/** Whether a capture's report holds nothing against the skin: read back right, and no label against the skin learned on. */
export function readsBackRight(c: CaptureReport): boolean {
  return !c.wrong.length && !c.error && !c.contradicts.length;
}

export interface LearnReport {
  captures: CaptureReport[];
  /** States the skin has sprites for, and those it has never seen. */
  states: CellState[];
  missing: CellState[];
  /** Sprite size (the skin's pitch). */
  pitch: number;
}

function cellsByState(capture: LabelledCapture): Partial<Record<CellState, number>> {
  const out: Partial<Record<CellState, number>> = {};
  for (const c of capture.board.cells) {
    if (c === OPENED) continue;
    const s = stateOfCode(c);
    out[s] = (out[s] ?? 0) + 1;
  }
  return out;
}

function buildFrom(name: string, size: number, captures: LabelledCapture[], grids: Grid[], previous: Skin | undefined, inset: number): LearnedSkin {
  const cuts: Looks = previous ? looksOfSkin(previous) : new Map();
  captures.forEach((c, i) => cutLooks(c, grids[i]!, size, cuts));
  const sources = [...(previous?.file.learned?.captures ?? []), ...captures.map((c) => c.name)];
  return skinOfLooks(name, size, groupAll(cuts), pixelWeights(cuts), { captures: sources, weights: {} }, inset);
}

/**
 * The capture with the mine that blew up labelled a plain mine when it looks like a mine shown
 * beside it (as the live learner labels such a game's lessons, live-lesson.ts), and that cell.
 */
function explodedAlikeMines(c: LabelledCapture, grid: Grid): { capture: LabelledCapture; cell: number | null } {
  const exploded = explodedLikeMines(c.board.cells, (i) => lookOf(c.image, grid, i), undefined, (i) => interiorLookOf(c.image, grid, i));
  if (exploded < 0) return { capture: c, cell: null };
  const relabelled = c.board.cells.slice();
  relabelled[exploded] = MINE;
  return { capture: { ...c, board: { ...c.board, cells: relabelled } }, cell: exploded };
}

/** Reads a capture with a skin and lists what differs from its true board. */
function verify(skin: Skin, capture: LabelledCapture, grid: Grid, knownOnly = false): CaptureReport {
  const report: CaptureReport = { name: capture.name, grid, cells: cellsByState(capture), wrong: [], unsure: 0, error: null, contradicts: [] };
  try {
    const r = readScreen(capture.image, { skins: [skin], ...(capture.grid ? { geometry: grid } : {}) });
    const { board } = capture;
    if (r.board.width !== board.width || r.board.height !== board.height) {
      report.error = `reads a ${r.board.width}x${r.board.height} board, not ${board.width}x${board.height}`;
      return report;
    }
    const unsure = new Set(r.unsure.map(([x, y]) => y * board.width + x));
    report.unsure = unsure.size;
    for (let i = 0; i < board.cells.length; i++) {
      if (unsure.has(i) || r.board.cells[i] === board.cells[i] || board.cells[i] === OPENED) continue;
      // (a skin asked whether a lesson goes against it is not asked of a flag when it learned
      // none: one that knows the covered tile only may read a flag drawn thin on that tile, 0.98
      // alike, as covered, and that says nothing against a lesson labelling it a flag, the bot's
      // own mark, labelled only where its right click drew a change; the new skin must still
      // read the lesson right, that flag a flag. Any other label it reads otherwise still counts)
      if (knownOnly && board.cells[i] === FLAG && !skin.cells.some((c) => c.state === stateOfCode(FLAG))) continue;
      // (nor of any label of a state it never learned, where it reads the covered tile and the
      // cell holds, inside its edges, strokes none of its covered looks has: a thin digit or mark
      // on a tile drawn like the covered one, a whole cut 0.97 alike; EduardoZepeda/mine-sweeper's
      // white digits on its blue tiles, read as covered by the skin of the fresh board, refused
      // every lesson. The new skin must still read the lesson right)
      if (knownOnly && r.board.cells[i] === COVERED && !skin.cells.some((c) => c.state === stateOfCode(board.cells[i]!)) && strokesOffCovered(skin, capture.image, grid, i % board.width, (i / board.width) | 0)) continue;
      report.wrong.push(`${i % board.width},${(i / board.width) | 0}: ${charOf(board.cells[i]!)}→${charOf(r.board.cells[i]!)}`);
    }
    report.grid = r.grid;
  } catch (err) {
    if (!(err instanceof VisionError)) throw err;
    report.error = err.message;
  }
  return report;
}

/**
 * The skin with its fits recorded: per state, how near its looks the farthest cell it was learned
 * from lies, and per number how well the worst part of such a cell agreed (learned-fit.ts), the
 * lower of this lesson's and the previous skin's; and per state how far from its look's level such
 * a cell lay, the higher of the two.
 */
function withFits(learned: LearnedSkin, captures: LabelledCapture[], grids: Grid[], previous: Skin | undefined): LearnedSkin {
  // measured without the novelty check (which needs the fits)
  const raw = { ...prepareSkin(learned.skin), accept: null, spread: null, spreadRescaled: null, parts: null, levelSlack: null };
  const fits: Fits = {};
  const parts: Fits = {};
  const levels: Fits = {};
  captures.forEach((c, i) => {
    const matches = classifyCells(c.image, grids[i]!, raw, undefined, 'full');
    fitsOf(c.board, matches, fits);
    partsFitsOf(c.image, grids[i]!, c.board, matches, raw.cells, parts);
    levelFitsOf(c.image, grids[i]!, c.board, matches, raw.cells, levels);
  });
  const old = previous?.file.learned;
  // (a skin learned before levels were recorded keeps none: its old cells' levels are not known)
  const merged = { fit: mergeFits(old?.fit, fits), parts: mergeFits(old?.parts, parts), pitches: learnedPitches(old?.pitches, grids), ...(old && !old.levels ? {} : { levels: mergeLevels(old?.levels, levels) }) };
  const file = { ...learned.file, learned: { ...learned.file.learned!, ...merged } };
  return { file, sprites: learned.sprites, skin: buildSkin(file, (f) => learned.sprites.get(f)!, learned.skin.name) };
}

/** The most learned pitches a skin keeps (the latest). */
const MAX_PITCHES = 8;

/** The pitches (to 0.01 px) cells were learned at: the previous skin's and the lessons' grids', each once, the latest MAX_PITCHES. */
function learnedPitches(old: number[] | undefined, grids: Grid[]): number[] {
  const all = [...(old ?? []), ...grids.map((g) => Math.round(g.pitch * 100) / 100)];
  return [...new Set(all.reverse())].slice(0, MAX_PITCHES).reverse();
}

/**
 * Learns a skin named `name` from captures with their true boards (adding to `previous`, a
 * learned skin of the same name, when given). `inset`: px of each cell's rim the skin leaves out
 * when matching (the previous skin's; gap-lattice.ts). Throws VisionError when a capture's grid
 * cannot be found.
 */
export function learnSkin(name: string, given: LabelledCapture[], previous?: Skin, inset = previous?.inset ?? 0): { learned: LearnedSkin; report: LearnReport } {
  if (given.length === 0) throw new VisionError('nothing to learn from: no captures');
  let grids = given.map((c) => {
    if (c.grid) return c.grid;
    try {
      return gridForBoard(c.image, c.board);
    } catch (err) {
      throw err instanceof VisionError ? new VisionError(`${c.name}: ${err.message}`) : err;
    }
  });
  const relabelled = given.map((c, i) => explodedAlikeMines(c, grids[i]!));
  const captures = relabelled.map((r) => r.capture);
  const size = previous?.pitch ?? Math.round(Math.min(...grids.map((g) => g.pitch)));
  let learned = buildFrom(name, size, captures, grids, previous, inset);
  // cut again at the exact pitch the reader finds with the first skin (the lattice's lines stay
  // where cells begin: aligning each capture to a skin mixed from all of them could drift)
  const prepared = prepareSkin(learned.skin);
  grids = captures.map((c, i) => {
    if (c.grid) return { ...c.grid, scale: c.grid.pitch / size };
    // the whole aligned lattice: a located one can sit half a pixel off whole pixels, and
    // sprites cut between pixels come out blurred and never match a frame exactly
    const r = refine(c.image, { ...grids[i]!, scale: grids[i]!.pitch / size }, prepared);
    return { ...grids[i]!, left: r.left, top: r.top, pitch: r.pitch, scale: r.pitch / size };
  });
  learned = withFits(buildFrom(name, size, captures, grids, previous, inset), captures, grids, previous);
  // (and with the skin learned on: a lesson that labels a look it reads surely as another state
  // says the opposite of an earlier one, and one of them is wrong; a vanilla-JS game's 0s were
  // labelled 1 beside a number taken for the mine, and its skin got a 1 that was its 0)
  const reports = captures.map((c, i) => {
    const cell = relabelled[i]!.cell;
    const asMine = cell === null ? {} : { explodedAsMine: `${cell % c.board.width},${(cell / c.board.width) | 0}` };
    return { ...verify(learned.skin, c, grids[i]!), contradicts: previous ? verify(previous, c, grids[i]!, true).wrong : [], ...asMine };
  });
  const states = CELL_STATES.filter((s) => learned.skin.cells.some((c) => c.state === s));
  return { learned, report: { captures: reports, states, missing: CELL_STATES.filter((s) => !states.includes(s)), pitch: size } };
}

/**
 * Whether cell (x, y) of `image` holds, inside its edges (EDGE_SHARE of the cell each side),
 * strokes off every covered look of `skin` (inkApart: more pixels a stroke's contrast off than a
 * digit drawn tiny holds at the least): a drawing on the tile, not the covered tile. False when the
 * skin knows no covered look.
 */
function strokesOffCovered(skin: Skin, image: RgbaImage, grid: Grid, x: number, y: number): boolean {
  const covered = skin.cells.filter((c) => c.state === 'covered').map((c) => c.image);
  if (!covered.length) return false;
  const size = covered[0]!.width;
  const edge = Math.max(1, Math.round(size * EDGE_SHARE));
  const inside = (cut: RgbaImage): RgbaImage => crop(cut, edge, edge, size - 2 * edge, size - 2 * edge);
  const cell = inside(cutCell(image, grid, x, y, size));
  return covered.every((s) => s.width === size && s.height === size && inkApart(cell, inside(s)));
}
