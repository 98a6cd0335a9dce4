// Whether the labelled frame of an ended game is one to learn from (live-lesson.ts): a legal,
// complete end position that agrees with every count. A frame that does not is thrown away,
// never guessed at. Pure.
//
// - The mines add up: after a win the closed cells (and the mines it shows, none of them a cell
//   the bot opened) are the mines, or the flags, for a game that takes the win at the last flag
//   with safe cells still closed; after a loss that shows its
//   mines, the mines shown and the right flags are the mine total (a game that shows only the mine
//   that blew up cannot show more than the total).
// - A loss has one mine that blew up, and it is a cell the bot opened; a win has none.
// - A 0 has no closed neighbour: a game opens every neighbour of a 0 with it (a game that opens
//   only a 0's four sides, as learned while playing it, none at a side).
// - 0s are one drawing: two cells labelled 0 whose insides are drawn apart mean one is no 0 (a
//   mine drawn opened like a 0, the numbers around it worked out 0s); one drawing for the cells
//   opened in play, one for those a loss shows on tiles closed till then.
// - Alike looks carry one label: two cells that look the same (cut 12x12, correlation 0.985 or
//   more, levels within 6 of 255; and inside their edges no strokes apart, down to a digit drawn
//   in a few pixels of a large cell) labelled differently
//   mean the frame was misjudged — a covered tile taken for an opened cell (a board located a
//   fraction of a cell off), a number taken for another.

import { EXPLODED, FLAG, MINE, OPENED, WRONG_FLAG, charOf, isClosed, type Board, isUnknown } from '../../core/board.js';
import { correlation, type Vec } from './looks.js';

/** Two cuts at least this alike (and SAME_LEVEL close) are one look. */
const SAME_LOOK = 0.985;
const SAME_LEVEL = 6;

export interface LessonFrame {
  result: 'won' | 'lost';
  /** The true board the lesson would teach ('+' where a number is not known). */
  truth: Board;
  /** The frame's cell looks. */
  looks: Vec[];
  table: Int32Array[];
  /** The cells a 0 opens, when not its eight neighbours (a game that opens only a 0's four sides). */
  zeroOpens?: Int32Array[];
  /** Cells the bot opened in this game. */
  clicked: ReadonlySet<number>;
  /** Whether the frame shows every mine (a loss that shows only the mine that blew up does not). */
  shown: boolean;
  /** Whether two cells are two drawings inside their edges (the strokes of two digits), however alike their whole cuts. */
  apart?: (i: number, j: number) => boolean;
  /** ... or two drawings down to a digit of a few pixels in a large cell (live-looks.ts inkApart): alike looks labelled apart may be those. */
  inked?: (i: number, j: number) => boolean;
  /** Whether cell i holds nothing inside its edges that cell j does not, down to a faint stroke (live-looks.ts faintlyApart). */
  nothingMore?: (i: number, j: number) => boolean;
  /** Cells under something drawn over the board (not labelled): the mine that blew up may be one. */
  hole?: ReadonlySet<number>;
  /** Of those, the ones closed (or a mine) as they were before it came: at a win, mines too. */
  holeClosed?: number;
  /** Mines that count as mines but teach no look (a flag drawn again like the mine that blew up). */
  unlabelled?: ReadonlySet<number>;
  /** A win the game took once every mine was flagged, safe cells still closed: the flags are the mines. */
  flagWin?: boolean;
  /**
   * At a loss, the cells it shows that were closed in the game's last frame in play and that no
   * click opened: a game may write each one's number on its covered tile (yuyuichiu/minesweeper,
   * OrenShaya/javaScript-MineSweeper), its 0s then one drawing and the 0s opened in play another.
   */
  shownAtEnd?: ReadonlySet<number>;
}

/** Two looks are one: their levels close, their patterns alike (two plain greys of one level, a board gone black, are one). */
export function alike(a: Vec, b: Vec, min = SAME_LOOK): boolean {
  return Math.abs(a.mean - b.mean) <= SAME_LEVEL && correlation(a, b) >= min;
}

/**
 * The mine that blew up, when it looks like a mine shown (a game that draws no look of its own
 * for it: two states of one look cannot be learned apart): its index, else -1. `look(i)` is cell
 * i's look; alike is as alike as the mines shown are to one another (minesSpread). Where they
 * vary among themselves, their edges drawn by each cell's fraction of a pixel, what is inside the
 * edges decides (`inner(i)`, when given): ksugimori/react-minesweeper's mines, one "M" at 37.2 px,
 * whole 0.86 to 1 alike; xbomb's mines, framed alike, tell the mine that blew up by its frame.
 * `teaches(i)` false for a mine whose look teaches nothing.
 */
export function explodedLikeMines(codes: ArrayLike<number>, look: (i: number) => Vec, teaches: (i: number) => boolean = () => true, inner?: (i: number) => Vec): number {
  const exploded = Array.prototype.indexOf.call(codes, EXPLODED);
  if (exploded < 0) return -1;
  const hit = look(exploded);
  const mines: number[] = [];
  for (let i = 0; i < codes.length; i++) if (codes[i] === MINE && teaches(i)) mines.push(i);
  const spread = minesSpread(mines.map(look));
  if (mines.some((i) => alike(look(i), hit, spread))) return exploded;
  if (!inner || spread >= SAME_LOOK) return -1;
  const hitInside = inner(exploded);
  return mines.some((i) => alike(inner(i), hitInside)) ? exploded : -1;
}

/**
 * How alike the mines shown are to one another: the least of each one's best likeness to another,
 * SAME_LOOK at most, SPREAD_FLOOR at least. One sprite drawn at a fractional pitch is resampled at
 * a phase of its own per row and column (a board of 16 px tiles stretched to 16.8: the mines
 * alike at 0.96 to 0.99 only), and the mine that blew up, drawn as the others, is as unlike them.
 */
function minesSpread(mines: readonly Vec[]): number {
  let least = SAME_LOOK;
  for (let a = 0; a < mines.length; a++) {
    let best = -1;
    for (let b = 0; b < mines.length; b++) if (a !== b && Math.abs(mines[a]!.mean - mines[b]!.mean) <= SAME_LEVEL) best = Math.max(best, correlation(mines[a]!, mines[b]!));
    if (best >= 0) least = Math.min(least, best);
  }
  return Math.max(least, SPREAD_FLOOR);
}

/** The least likeness the mines shown may set for the one that blew up (minesSpread): the mines' own grouping's when no group is as alike as one sprite's cuts (live-ends.ts NEAR_MINE). */
const SPREAD_FLOOR = 0.9;

const at = (i: number, cols: number): string => `(${i % cols},${(i / cols) | 0})`;

/** Why the frame is not a lesson to keep, or null when it passes every check. */
export function lessonFault(f: LessonFrame): string | null {
  const { truth, result } = f;
  const cells = truth.cells;
  const cols = truth.width;
  const count = (pred: (c: number) => boolean): number => cells.reduce((n, c) => n + (pred(c) ? 1 : 0), 0);
  if (result === 'won') {
    // (a game may show its mines at a win: they and the closed cells are the mines)
    const shownMines = count((c) => c === MINE);
    const closed = count(isClosed) + shownMines;
    if (count((c) => c === EXPLODED || c === WRONG_FLAG)) return 'a won game shows a mine that blew up or a wrong flag';
    if (cells.some((c, i) => c === MINE && f.clicked.has(i))) return 'a won game shows a mine on a cell the bot opened';
    if (f.flagWin) {
      const flags = count((c) => c === FLAG);
      if (shownMines || flags !== truth.mines) return `${flags} flags${shownMines ? ` and ${shownMines} mines shown` : ''} at a win taken at the last flag, not the ${truth.mines} mines`;
    } else if (closed + (f.holeClosed ?? 0) !== truth.mines) {
      const hidden = f.holeClosed ? ` and ${f.holeClosed} closed under what covers the board` : '';
      return `${closed - shownMines} closed cells${shownMines ? ` and ${shownMines} mines shown` : ''}${hidden} after a win, not the ${truth.mines} mines`;
    }
  } else {
    // (a game that draws the mine that blew up as any other has it labelled a mine)
    const exploded = cells.reduce<number[]>((acc, c, i) => (c === EXPLODED ? (acc.push(i), acc) : acc), []);
    if (exploded.length > 1) return `${exploded.length} mines that blew up, not one`;
    if (exploded.length && !f.clicked.has(exploded[0]!)) return `the mine that blew up at ${at(exploded[0]!, cols)} is not a cell the bot opened`;
    const hidden = [...(f.hole ?? [])].some((i) => f.clicked.has(i));
    if (!hidden && !cells.some((c, i) => (c === MINE || c === EXPLODED) && f.clicked.has(i))) return 'no mine shown is a cell the bot opened';
    const mines = count((c) => c === MINE || c === EXPLODED || c === FLAG);
    if (f.shown ? mines !== truth.mines : mines > truth.mines) return `${mines} mines and flags shown, the game has ${truth.mines}`;
  }
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] !== 0) continue;
    const j = Array.from((f.zeroOpens ?? f.table)[i]!).find((k) => isUnknown(cells[k]!));
    if (j !== undefined) return `cell ${at(i, cols)} would be a 0 beside the closed cell ${at(j, cols)}, which a game never shows`;
  }
  // a 0 is one drawing: 0s drawn apart inside their edges mean one of them is no 0 — a mine the
  // game drew opened like a 0 (a game that goes on after a mine is hit: httpsGabrielle/
  // campo-minado-reactjs's mine icon, fetched from the web, left blank offline) taken for a cell
  // opened safely, and the 1s around it, with no closed neighbour, worked out 0s
  // (one drawing for each way a cell is shown: opened in play, or shown by the loss on a tile
  // closed till then; a game may write its end's numbers on the covered tiles, 0s too)
  if (f.apart) {
    const zeros = cells.reduce<number[]>((acc, c, i) => (c === 0 && !f.unlabelled?.has(i) ? (acc.push(i), acc) : acc), []);
    const ways = f.shownAtEnd ? [zeros.filter((z) => !f.shownAtEnd!.has(z)), zeros.filter((z) => f.shownAtEnd!.has(z))] : [zeros];
    for (const way of ways) {
      const j = way.find((z) => f.apart!(way[0]!, z));
      if (j !== undefined) return `cells ${at(way[0]!, cols)} and ${at(j, cols)} would both be 0s but are drawn apart inside their edges`;
    }
  }
  // a number is drawn: one that shows nothing inside its edges that a 0 does not is a number the
  // game did not draw (AntonyHaro/js-minesweeper's last cell opened at a win, left blank)
  if (f.nothingMore) {
    const zeros = cells.reduce<number[]>((acc, c, i) => (c === 0 && !f.unlabelled?.has(i) ? (acc.push(i), acc) : acc), []);
    for (let i = 0; i < cells.length; i++) {
      if (cells[i]! < 1 || cells[i]! > 8 || f.unlabelled?.has(i)) continue;
      const j = zeros.find((z) => f.nothingMore!(i, z));
      if (j !== undefined) return `cell ${at(i, cols)} would be a ${cells[i]} but holds nothing inside its edges that the 0 at ${at(j, cols)} does not`;
    }
  }
  // alike looks, one label (opened cells whose number is not known teach nothing)
  const labelled = cells.reduce<number[]>((acc, c, i) => (c !== OPENED && !f.unlabelled?.has(i) ? (acc.push(i), acc) : acc), []);
  for (let a = 0; a < labelled.length; a++) {
    const i = labelled[a]!;
    for (let b = a + 1; b < labelled.length; b++) {
      const j = labelled[b]!;
      if (cells[i] !== cells[j] && alike(f.looks[i]!, f.looks[j]!) && !(f.inked ?? f.apart)?.(i, j)) {
        return `cells ${at(i, cols)} and ${at(j, cols)} look the same but would be labelled ${charOf(cells[i]!)} and ${charOf(cells[j]!)}`;
      }
    }
  }
  return null;
}
