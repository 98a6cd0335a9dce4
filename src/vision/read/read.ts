// readScreen: image in, Reading out. Locates the grid (or takes a known one), classifies every
// cell against the skin's sprites, judges the reading as a whole (judge.ts: which cells are
// unsure, whether the skin fits this board at all), reads counters and face.
//
// A located board that no skin explains is an error ("no known skin matches"), never a guess.
//
// Mine total in the board header:
//  - with a mine counter: mines = counter + flags + wrong flags (the counter shows mines − flags
//    placed, in winmine and its clones, during play, after a win and after a loss);
//  - without one (sgt-mines, counter cut off or unreadable): the standard count when the size is
//    a standard difficulty (8x8 and 9x9 → 10, 16x16 → 40, 30x16 → 99), else 20.625% of the
//    cells (expert density) rounded; never fewer than the mines and (right) flags shown, never more
//    than the cells.

import { checkImage, type RgbaImage } from '../image.js';
import { bestCoarseFit, classifyCells, fitExtent, goesOnPast, meanConfidence, meanScore, refine, sameLattice, sampleCells, withScale, type CellPass } from './align.js';
import { loadSkin, skinDirs, usableSkins, warnSkinProblems, CODE_OF_STATE, type Skin } from '../skins/skin.js';
import { prepareSkin, type PreparedSkin } from './prepared.js';
import { iterateGrids } from '../locate/locate.js';
import { cutOff, cutOffText, WHOLE_BOARD_HINT } from '../locate/cut-off.js';
import { readCounter, readFace, type Face } from './hud.js';
import type { Grid } from '../geometry.js';
import { VisionError } from '../errors.js';
import { judge, type Judgement } from './judge.js';
import { EXPLODED, FLAG, MINE, WRONG_FLAG, type Board } from '../../core/board.js';
import { assumedMines } from '../../core/rules.js';

export { VisionError } from '../errors.js';
export type { Grid } from '../geometry.js';

/** Cells whose confidence is below this go into `unsure` (see judge.ts). */
export { UNSURE_BELOW } from './judge.js';

export interface ReadOptions {
  /** Skin name, or 'auto' (default): try every skin in templates/. */
  skin?: string;
  /** Known geometry: skip locating. */
  geometry?: Grid;
  /** Skins given as data (e.g. one being learned): used instead of `skin`. */
  skins?: Skin[];
  /** Only the cells: no counters, no face (a strip of cells cut out of a frame has none to find). */
  cellsOnly?: boolean;
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
  /**
   * Why the unsure cells will stay so (a live learner's word): looks the skin has not learned,
   * where no click opened them and nothing is waited for. The loop stops at once, saying so.
   */
  notLearned?: string;
  /** Per-cell confidence, row-major. */
  confidence: Float32Array;
  /** Set by a reader that follows a game (the live learner) when it ended where no frame showed how: why. */
  endUnseen?: string;
  /**
   * Set by such a reader at an end read from a frame before the one now shown, which is the next
   * game's fresh board (a dismiss whose click started it): that board is played, no new game started.
   */
  nextShown?: true;
  /**
   * Set by such a reader at an end it told without seeing what its last clicks opened (a loss
   * behind a box: the guess is the mine, but no frame showed it): those cells, as [x, y].
   */
  outcomeUnseen?: [number, number][];
  /**
   * Set by a reader that learned the game opens only a 0's four sides (a flood fill that goes on
   * sideways only): a 0 may then show beside a closed cell at a corner.
   */
  zeroOpens?: 'sides';
}

function skinsFor(option: string | undefined): PreparedSkin[] {
  const name = option ?? 'auto';
  if (name !== 'auto') return [prepareSkin(loadSkin(name))];
  // a skin that cannot be loaded is named once and left out; the others read as before
  const { skins, problems } = usableSkins();
  warnSkinProblems(problems);
  if (skins.length === 0) {
    const why = problems.length ? ` (left out: ${problems.map((p) => p.name ?? p.folder).join(', ')})` : '';
    throw new VisionError(`no skins to read with: none usable in ${skinDirs().join(' or ')}${why}; teach one with \`minebot learn\``);
  }
  return skins.map(prepareSkin);
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
  if (file.counters?.mines) parts.push(readCounter(image, grid, file.counters.mines, prepared, { sizes: false }).value !== null ? 1 : 0);
  if (file.counters?.timer) parts.push(readCounter(image, grid, file.counters.timer, prepared, { sizes: false }).value !== null ? 1 : 0);
  return parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : 0;
}


/** Reads a Minesweeper board from an image. Throws VisionError when there is none. */
export function readScreen(image: RgbaImage, options: ReadOptions = {}): Reading {
  checkImage(image);
  const skins = options.skins ? options.skins.map(prepareSkin) : skinsFor(options.skin);
  let best: { pass: CellPass; prepared: PreparedSkin; rank: number; verdict: Judgement } | null = null;
  /** Why each skin was refused for a lattice, with the lattice's size (the largest are named). */
  const refusals: { text: string; cells: number; grid: Grid }[] = [];
  /** The first board-like lattice found (4x4 cells or more), for the error when no skin fits it. */
  let lattice: Grid | null = null;
  /** The lattices located (without geometry). */
  const candidates: Grid[] = [];
  if (options.geometry) {
    const g = options.geometry;
    if (!(g.pitch > 0 && g.cols >= 1 && g.rows >= 1)) throw new VisionError('geometry needs a positive pitch, cols and rows');
    for (const prepared of skins) {
      const grid = withScale(g, prepared);
      const matches = classifyCells(image, grid, prepared);
      const pass = { grid, matches, meanScore: meanScore(matches) };
      if (!best || pass.meanScore > best.pass.meanScore) {
        best = { pass, prepared, rank: meanConfidence(matches) * matches.length, verdict: judge(matches, grid.cols, grid.rows, true) };
      }
    }
  } else {
    // Every candidate lattice gets a quick look (a sample of cells, every skin); the full read
    // goes to those that could beat the best so far. Rank = sum of cell confidences, so a whole
    // board beats a window's visible corner and a good reading beats a poor one.
    const looks: { prepared: PreparedSkin; grid: Grid; score: number; potential: number }[] = [];
    let tried = 0;
    for (const cand of iterateGrids(image)) {
      if (++tried > 8) break;
      candidates.push(cand);
      if (!lattice && cand.cols >= 4 && cand.rows >= 4) lattice = cand;
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
      const verdict = judge(pass.matches, pass.grid.cols, pass.grid.rows, false, q.prepared.skin.file.learned?.zeroOpens === 'sides');
      if (verdict.refusal) {
        refusals.push({ text: `${q.prepared.skin.name}: ${verdict.refusal}`, cells: pass.grid.cols * pass.grid.rows, grid: pass.grid });
        continue;
      }
      let sure = 0;
      for (const c of verdict.confidence) sure += c;
      const rank = sure * (1 + 0.1 * hudAgreement(image, pass.grid, q.prepared));
      if (!best || rank > best.rank) best = { pass, prepared: q.prepared, rank, verdict };
    }
  }
  // A board read inside a larger board of the same lattice that was refused is a part of a board
  // no skin explains (an opened area of blanks, say), not a board: refuse it too.
  if (best && !options.geometry) {
    const g = best.pass.grid;
    const prepared = best.prepared;
    const refused = (c: Grid): boolean => {
      const grid = refine(image, withScale(c, prepared), prepared);
      return !!judge(classifyCells(image, grid, prepared), grid.cols, grid.rows).refusal;
    };
    // (a larger lattice not read yet is read only until one is found refused)
    const whole =
      refusals.find((r) => r.cells > g.cols * g.rows && sameLattice(g, r.grid))?.grid ??
      candidates.find((c) => c.cols * c.rows >= 1.5 * g.cols * g.rows && sameLattice(g, c) && refused(c));
    if (whole) {
      refusals.push({ text: `a ${g.cols}x${g.rows} part of it reads, the rest does not`, cells: g.cols * g.rows, grid: g });
      lattice = whole;
      best = null;
    }
  }
  // A board whose cells go on past an edge, there partly hidden (a dialog over its upper rows),
  // is a part of a board: refused, not read as a smaller board.
  if (best && !options.geometry) {
    const side = goesOnPast(image, best.pass, best.prepared);
    if (side) {
      const g = best.pass.grid;
      refusals.push({ text: `the ${g.cols}x${g.rows} board read goes on past its ${side} edge, where its cells are partly hidden`, cells: g.cols * g.rows, grid: g });
      lattice = g;
      best = null;
    }
  }
  // A board whose next line of cells shows cut short past an edge (by its window's edge, a scroll
  // bar, the screen) is a part of a board: refused, not read as a smaller board.
  if (best && !options.geometry) {
    const cut = cutOff(image, best.pass.grid);
    if (cut) {
      const g = best.pass.grid;
      refusals.push({ text: `${cutOffText(g, cut.side)}: ${WHOLE_BOARD_HINT}`, cells: g.cols * g.rows, grid: g });
      lattice = g;
      best = null;
    }
  }
  if (!best) {
    if (refusals.length || lattice) {
      const named = options.skin && options.skin !== 'auto' && !options.skins;
      const where = lattice ? ` (a ${lattice.cols}x${lattice.rows} grid at ${Math.round(lattice.left)},${Math.round(lattice.top)})` : '';
      const texts = [...new Set(refusals.sort((a, b) => b.cells - a.cells).map((r) => r.text))];
      const why = texts.length ? `: ${texts.slice(0, 3).join('; ')}` : '';
      throw new VisionError(
        `${named ? `the board${where} does not look like skin ${options.skin}` : `no known skin matches this board${where}`}${why}; teach it with \`minebot learn\``,
      );
    }
    throw new VisionError(
      options.skin && options.skin !== 'auto' ? `no ${options.skin} board found in the image` : 'no Minesweeper board found in the image',
    );
  }
  const { pass, prepared, verdict } = best;
  const { grid, matches } = pass;
  const cells = new Uint8Array(grid.cols * grid.rows);
  const confidence = verdict.confidence;
  const unsure: [number, number][] = [];
  let minConfidence = 1;
  let shown = 0;
  let flags = 0;
  for (let i = 0; i < cells.length; i++) {
    const code = CODE_OF_STATE[matches[i]!.label];
    cells[i] = code;
    if (confidence[i]! < minConfidence) minConfidence = confidence[i]!;
    if (verdict.unsure[i]) {
      unsure.push([i % grid.cols, (i / grid.cols) | 0]);
      continue; // an unsure cell counts for nothing in the header
    }
    if (code === FLAG || code === WRONG_FLAG) flags++;
    if (code === FLAG || code === MINE || code === EXPLODED) shown++; // a wrong flag is no mine
  }
  const hud = !options.cellsOnly;
  const counter = hud ? readCounter(image, grid, prepared.skin.file.counters?.mines, prepared) : { value: null };
  const timer = hud ? readCounter(image, grid, prepared.skin.file.counters?.timer, prepared) : { value: null };
  const face = hud ? readFace(image, grid, prepared) : { face: null };
  const total = cells.length;
  let mines: number;
  if (counter.value !== null) mines = counter.value + flags;
  else mines = assumedMines(grid.cols, grid.rows);
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
