// The first step of judging a frame (live-judge.ts): each cell compared with the last frame
// explained. A cell that did not change keeps what it was; one that changed reads as the skin so
// far explains it. Changes that are no change of the cell are told apart here: a neighbour's
// drawing reaching over, edges redrawn, something drawn over the board's edge, the tile lit under
// the pointer. Learns on the way whether the game opens its cells inside their edges. Pure but
// for the watch it updates (live-watch.ts).

import { COVERED, FLAG, OPENED, isClosed } from '../../../core/board.js';
import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import { changeOf, drawnApart, interiorDetail, levelOnly, type Look } from './live-looks.js';
import { contrastChanged, fineChangeOf, interiorSame, neighbourBleed, overBoardEdge } from './live-cell-change.js';
import { UNSURE, type Watch } from './live-watch.js';
import type { Frame } from '../ends/live-board-ends.js';

/** Each cell compared with the last frame explained: what did not change keeps its code, what changed reads as the skin explains it. */
export function compare(w: Watch, seen: Uint8Array, looks: Look[], image: RgbaImage, grid: Grid, prev: Uint8Array): Frame {
  const n = seen.length;
  const out = new Uint8Array(n);
  const changed = new Set<number>();
  // (a closed cell whose quick look stayed, or changed slightly, may have changed more in a line
  // a pixel wide, between its samples: a tile's ring, all that tells an opened 0 from a covered
  // tile in some games; a slight change beside a cascade is taken for its neighbours' bleed)
  const change = looks.map((l, i) => {
    const c = changeOf(l, w.looks[i]!);
    if (c === 'changed' || !isClosed(prev[i]!) || !w.image || !w.imageGrid) return c;
    const fine = fineChangeOf(w.image, w.imageGrid, image, grid, i);
    const seen = fine === 'changed' || c === 'same' ? fine : c;
    // (a cell the bot flagged, or took a flag from, since: a small flag drawn thin on a tile
    // that stays, its whole cut 0.98 alike, is that flag when its interior now holds strokes it
    // did not, or lost them; jmlkl/msweeper-jscanvas's flags, left read as covered tiles, were
    // labelled '.' beside flags labelled F and 8 of 10 lessons were refused)
    // (and any closed cell whose interior now holds strokes it did not: a thin digit of a light
    // colour on a tile drawn like the covered one, its whole cut 0.97 alike, opened by a cascade
    // or a click; EduardoZepeda/mine-sweeper's white 1s on its blue tiles, left read as covered,
    // were clicked again until the run stopped)
    return seen !== 'changed' && strokesWithin(w, prev, image, grid, i) ? 'changed' : seen;
  });
  noteInteriors(w, prev, change, image, grid);
  for (let i = 0; i < n; i++) {
    // a slight change beside a cell that changed a lot is that cell's drawing reaching over
    // (a mine that blew up, drawn a pixel wide), not a change of this one
    // (but not a cell the bot flagged or took a flag from since: its slight change is that flag,
    // a small mark on a small tile, placed in the batch that opened a neighbour)
    // (a closed cell whose interior, away from its edges, now holds strokes it did not is no
    // bleed: it is 'changed' above already — a thin digit of a light colour on a ground like the
    // covered tile's, a cascade's border of 1s beside the 0s that opened them; RealGarny's 1s)
    const bleed = change[i] === 'slight' && !w.toggled.has(i) && w.table[i]!.some((j) => change[j] === 'changed');
    // an open cell whose interior stayed is that cell with its edges redrawn (below)
    // and so is a closed cell not clicked, in a game whose cells open inside their edges
    const edgesOnly = (prev[i]! <= 8 || prev[i] === OPENED || (w.interiorOpens === true && isClosed(prev[i]!) && !w.batch.includes(i))) && change[i] !== 'same';
    // (a flag of the bot's, standing since, whose interior moved by a pixel: a tile whose border,
    // drawn inside it on the sides facing opened cells, grew as a neighbour opened, the flag
    // centred in what is left; DumDumGeniuss/minesweeper-2022)
    const redrawn = edgesOnly && w.image !== null && w.imageGrid !== null && (interiorSame(w.image, w.imageGrid, image, grid, i) || (prev[i] === FLAG && w.flagged.has(i) && !w.toggled.has(i) && interiorSame(w.image, w.imageGrid, image, grid, i, 1)));
    // a cell on the board's edge changed only along it, the frame well beyond it too: something
    // drawn over the edge from outside (a panel beside the board at an end), not the cell
    const overEdge = change[i] !== 'same' && !redrawn && w.image !== null && w.imageGrid !== null && overBoardEdge(w.image, w.imageGrid, image, grid, i);
    // a closed cell not clicked whose change lies only along the sides facing neighbours that
    // changed: their drawing reaching over a shared pixel (tiles at a fractional pitch), not an
    // opening (which, taken for one, counted covered cells as open and a game as won)
    const reached = change[i] !== 'same' && !bleed && !redrawn && !overEdge && isClosed(prev[i]!) && !w.batch.includes(i) && w.image !== null && w.imageGrid !== null && neighbourBleed(w.image, w.imageGrid, image, grid, i, sidesChanged(i, grid.cols, seen.length, change), () => contrastChanged(w.image!, w.imageGrid!, image, grid, i));
    if (change[i] === 'same' || bleed || redrawn || overEdge || reached) out[i] = prev[i]!;
    else {
      changed.add(i);
      // a cell that changed is not what it was (a skin that knows few states may still take
      // an opened blank for the covered look it learned first); but a number read again as
      // that number is the same cell drawn again (Wine's winemine draws the lines between
      // cells by their states: a 0 opened beside a number redraws that number's edge), and so
      // is a covered tile read again as covered by a skin that knows the opened blank's look
      // (a tile whose bevel a game draws by its neighbours: Justice-Berteig/react-minesweeper's
      // tile beside three that opened was taken for a cell opened, and the game for won)
      out[i] = seen[i] === prev[i] && !(prev[i]! <= 8) && !(prev[i] === COVERED && knowsBlank(w)) ? UNSURE : seen[i]!;
    }
  }
  return { seen, looks, image, grid, prev, out, changed };
}

/** Whether the skin being learned knows an opened blank's look (a 0): it can tell one from a covered tile. */
function knowsBlank(w: Watch): boolean {
  return w.skin?.cells.some((c) => c.state === '0') ?? false;
}

/** Whether closed cell `i` of the last frame explained has strokes drawn in its interior now (drawnApart): its own drawing, not a neighbour's reaching over its edge. */
function strokesWithin(w: Watch, prev: Uint8Array, image: RgbaImage, grid: Grid, i: number): boolean {
  if (!isClosed(prev[i]!) || !w.image || !w.imageGrid) return false;
  return drawnApart(interiorDetail(w.image, w.imageGrid, i), interiorDetail(image, grid, i));
}

/**
 * A lone open click whose cell alone changed, and in level only (its drawing the same, lighter or
 * darker by a highlight's few levels), did not open it: that is the tile lit under the pointer,
 * shown by a page that stopped drawing at that click (Debbl/react-minesweeper's loss: an
 * `alert()` over the page froze it with the mine hit still covered and lit; taken for a cell
 * opened, its number not known, the bot worked out the other diagonal of a 50:50 from it and
 * made a certain click on a mine). The cell is as it was: a click that changed nothing.
 */
export function highlightOnly(w: Watch, f: Frame): void {
  if (w.batch.length !== 1 || f.changed.size !== 1) return;
  const i = w.batch[0]!;
  if (!f.changed.has(i) || !isClosed(f.prev[i]!) || !w.opens.includes(i) || !levelOnly(w.looks[i]!, f.looks[i]!)) return;
  // (but a tile whose interior now holds strokes it did not is a number drawn, not a light: a
  // game whose opened cells are its covered tile a shade darker, numbers thin on them, changes
  // a whole cut in level alone when a guess opens a 1 — onicat/react-minesweeper's 1s, taken for
  // lit tiles, were clicked again and again until the run stopped)
  if (strokesWithin(w, f.prev, f.image, f.grid, i)) return;
  f.changed.delete(i);
  f.out[i] = f.prev[i]!;
}

/** Whether each side's neighbour of cell `i` (left, top, right, bottom) changed; none beyond the board. */
function sidesChanged(i: number, cols: number, n: number, change: readonly ('same' | 'slight' | 'changed')[]): boolean[] {
  const x = i % cols;
  const at = (j: number, inside: boolean): boolean => inside && change[j] === 'changed';
  return [at(i - 1, x > 0), at(i - cols, i - cols >= 0), at(i + 1, x < cols - 1), at(i + cols, i + cols < n)];
}

/**
 * Learns whether opening changes a cell inside its edges, from the first lone click that opened
 * a 0: the clicked cell and every neighbour of it changed (a number's neighbours do not all
 * change; a game may redraw the edges of some, as Wine's winemine and Google's do), and some
 * closed cell did not (a loss that reveals every cell changes them all). A clicked cell whose
 * interior changed only at its rim (the same a pixel further in) tells nothing: a lattice a
 * pixel off a bevelled tile at a fractional pitch takes the bevel's smoothed edge into the
 * interior, and a game that opens its 0s flat (the classic look at 19.92 px) was taken for one
 * that opens cells inside their edges: every 0 a cascade opened then kept the covered code, surely.
 */
function noteInteriors(w: Watch, prev: Uint8Array, change: ('same' | 'slight' | 'changed')[], image: RgbaImage, grid: Grid): void {
  if (w.interiorOpens !== null || w.batch.length !== 1 || !w.image) return;
  // (only between two frames of one place: interiors are compared pixel for pixel, and a frame
  // grabbed wider, the board looked for again, has them elsewhere)
  if (!w.imageGrid || w.imageGrid.left !== grid.left || w.imageGrid.top !== grid.top || w.image.width !== image.width || w.image.height !== image.height) return;
  const c = w.batch[0]!;
  if (change[c] !== 'changed' || !Array.from(w.table[c]!).every((j) => change[j] !== 'same')) return;
  if (!change.some((k, i) => k === 'same' && isClosed(prev[i]!))) return;
  if (interiorSame(w.image, w.imageGrid, image, grid, c)) w.interiorOpens = false;
  else if (interiorSame(w.image, w.imageGrid, image, grid, c, 0, 1)) return;
  // (and its neighbours opened too, inside: not a number whose neighbours' edges alone changed)
  else if (Array.from(w.table[c]!).some((j) => !interiorSame(w.image!, w.imageGrid!, image, grid, j, 0, 1))) w.interiorOpens = true;
}
