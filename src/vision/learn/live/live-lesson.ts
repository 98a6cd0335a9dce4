// The lesson of a game that ended while being learned (live-learner.ts): its last frame and the
// true board the game revealed. Pure.

import { COVERED, EXPLODED, FLAG, MINE, OPENED, isClosed, type Board } from '../../../core/board.js';
import type { RgbaImage } from '../../image.js';
import type { Grid } from '../../geometry.js';
import type { LabelledCapture } from '../looks.js';
import { cutOnce, drawnApart, faintlyApart, inkApart, interiorDetail, interiorLookOf, interiorPixels, type Look } from './live-looks.js';
import { deduceDigits, type Consistent } from '../deduce-digits.js';
import { explodedLikeMines, lessonFault } from '../lesson-checks.js';
import { offLattice } from '../lattice-fit.js';
import { blankOnOpened, drawnAsCovered, noInk } from './live-ground-ink.js';

/** Covered cells at most that the mine that blew up is compared with (drawnAsCovered). */
const COVERED_COMPARED = 16;
/** The mines shown a flag drawn over is compared with (minesOverFlags): a few are enough, as they are drawn alike. */
const MINES_COMPARED = 16;

/** What a finished game taught: the capture to learn from, or why it teaches nothing. */
export interface Lesson {
  /** (`unknown`: the game ended where no frame showed how; it teaches nothing) */
  result: 'won' | 'lost' | 'unknown';
  capture: LabelledCapture | null;
  /**
   * The game's last frame in play, its numbers and flags labelled from the end's true board
   * (inPlay): a game may draw its end otherwise than its play (a line of text above the board
   * that moves it by part of a pixel), and the look to learn is the one play shows.
   */
  inPlay?: LabelledCapture;
  why: string | null;
  /**
   * Cells opened whose outcome no frame showed (a loss told behind a box from a lone guess: the
   * guess is the mine that blew up, but no frame showed that mine): row-major indices.
   */
  unseen?: number[];
}

/**
 * A game's last frame in play explained in full: the cells as the learner read them, and those
 * that read and looked the same in the frame explained before it (not caught while drawn).
 */
export interface PlayFrame {
  image: RgbaImage;
  grid: Grid;
  codes: Uint8Array;
  steady: ReadonlySet<number>;
}

export interface EndedGame {
  result: 'won' | 'lost';
  /** The last frame's cells as the learner read them (255: not decided). */
  codes: Uint8Array;
  image: RgbaImage;
  grid: Grid;
  looks: Look[];
  table: Int32Array[];
  /** The cells a 0 opens, when not its eight neighbours (a game that opens only a 0's four sides). */
  zeroOpens?: Int32Array[];
  mines: number;
  /** Cells the bot opened in this game. */
  clicked: ReadonlySet<number>;
  /** Cells under something drawn over the board: they teach nothing, and may hide mines. */
  hole?: ReadonlySet<number>;
  /** Mines (coded as such) whose look teaches nothing: a flag a loss drew like the mine that blew up. */
  unlabelled?: ReadonlySet<number>;
  /** A win the game took once every mine was flagged, safe cells still closed: the flags are the mines. */
  flagWin?: boolean;
  /** The capture's name. */
  name: string;
  consistent?: Consistent;
  /** The game's fresh frame (every cell covered) and where its cells were: what a covered cell looks like, cell by cell. */
  fresh?: { image: RgbaImage; grid: Grid };
  /** The inside of a flag of the bot's as it stood while playing (interiorDetail), at this board's size. */
  flagLook?: RgbaImage;
  /** The same flag's inside at its own pixels (interiorPixels). */
  flagInk?: RgbaImage;
  /** The game's last frame in play, when it is not the frame learned from. */
  play?: PlayFrame;
  /** The cells the bot flagged, standing. */
  flagged?: ReadonlySet<number>;
}

/**
 * The codes with the mine that blew up labelled a plain mine when it looks like the other mines
 * shown (a game that draws no look of its own for it).
 */
function minesAlike(g: EndedGame): Uint8Array {
  const codes = g.codes.slice();
  const exploded = explodedLikeMines(codes, (i) => g.looks[i]!, (i) => !g.unlabelled?.has(i), (i) => interiorLookOf(g.image, g.grid, i));
  if (exploded >= 0) codes[exploded] = MINE;
  return codes;
}

/**
 * How two cells of the ended game's frame compare inside their edges (each interior cut once):
 * two drawings (live-looks.ts drawnApart; inkApart, down to a digit drawn tiny), or one holding
 * nothing the other does not, down to a faint stroke (faintlyApart).
 */
function inside(g: EndedGame): { apart: (i: number, j: number) => boolean; inked: (i: number, j: number) => boolean; nothingMore: (i: number, j: number) => boolean } {
  const of = cutOnce(g.image, g.grid, interiorDetail);
  const own = cutOnce(g.image, g.grid, interiorPixels);
  return { apart: (i, j) => drawnApart(of(i), of(j)), inked: (i, j) => drawnApart(of(i), of(j)) || inkApart(own(i), own(j)), nothingMore: (i, j) => !faintlyApart(of(i), of(j)) };
}

/**
 * The true board of an ended game's last frame: every opened cell's number counted from the
 * mines the game showed (a loss) or from the closed cells (a win). Where a game shows only the
 * mine that blew up (sgt-mines), the numbers are worked out by logic where they can be.
 */
export function lessonOf(g: EndedGame): Lesson {
  const { result, table, grid } = g;
  const codes = minesAlike(g);
  const n = codes.length;
  const cols = grid.cols;
  const opened = (c: number): boolean => c <= 8 || c === OPENED;
  const isMine = (c: number): boolean => (result === 'lost' ? c === MINE || c === EXPLODED || c === FLAG : g.flagWin ? c === FLAG : !opened(c));
  const shown = result === 'won' || codes.filter(isMine).length === g.mines;
  const truth = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = codes[i]!;
    if (!opened(c) || !shown) {
      truth[i] = c === 255 ? COVERED : c;
      continue;
    }
    let count = 0;
    for (const j of table[i]!) if (isMine(codes[j]!)) count++;
    // (a blank the game revealed at a loss, its number not drawn, is no 0 misread: below)
    if (c <= 8 && c !== count && !(c === 0 && result === 'lost' && revealed(g, i))) {
      return { result, capture: null, why: `cell (${i % cols},${(i / cols) | 0}) reads ${c} but the mines shown give ${count}: nothing learned from this game` };
    }
    truth[i] = count;
  }
  const board: Board = { width: cols, height: grid.rows, mines: g.mines, cells: truth };
  if (!shown) {
    const consistent = g.consistent ?? (() => true);
    if (!consistent(board)) return { result, capture: null, why: 'the numbers read fit no mine layout: nothing learned from this game' };
    for (const [i, d] of deduceDigits(board, g.looks, table, consistent)) truth[i] = d;
  }
  // cells under something drawn over the board are labelled '+' (nothing learned from them);
  // those closed before it came count at a win (every closed cell is a mine then)
  const holeClosed = [...(g.hole ?? [])].filter((i) => isClosed(truth[i]!) || truth[i] === MINE).length;
  for (const i of g.hole ?? []) truth[i] = OPENED;
  // the mine that blew up drawn as an opened cell holding nothing (a 0's look, blankOnOpened:
  // mrglaster/js-minesweeper-game's once its alert closes) is not labelled, or every 0 after would
  // read as that mine; the checks still count it the mine the bot hit
  // (nor is one drawn as the covered tiles beside it: not drawn yet, drawnAsCovered)
  const unlabelled = new Set(g.unlabelled ?? []);
  if (result === 'lost') {
    const numbers = [...truth.keys()].filter((i) => truth[i]! <= 8 && !g.hole?.has(i));
    const covered = [...truth.keys()].filter((i) => truth[i] === COVERED && !g.hole?.has(i) && !g.flagged?.has(i)).slice(0, COVERED_COMPARED);
    for (let i = 0; i < n; i++) if (truth[i] === EXPLODED && (blankOnOpened(g.image, grid, i, numbers) || drawnAsCovered(g.image, grid, i, covered))) unlabelled.add(i);
    for (const i of minesOverFlags(g, truth, unlabelled)) unlabelled.add(i);
    // a cell the loss shows opened, read as a 0 or with no number, that was closed in the game's
    // last frame in play and that no click of the bot's opened, holding no ink where its count is
    // a number, is one the game revealed at its end without drawing its number: labelled nothing
    // (the numbers opened in play teach). burntcustard/js1024-minesweeper disables every button
    // at a loss, each covered cell then drawn as an opened blank; labelled by its count, each was
    // a number drawn like a 0 and every loss's lesson was refused
    for (const i of revealedBlank(g, codes, truth)) unlabelled.add(i);
  }
  const shownAtEnd = result === 'lost' ? closedInPlay(g) : null;
  const fault = lessonFault({ result, truth: board, looks: g.looks, ...inside(g), table, ...(shownAtEnd?.size ? { shownAtEnd } : {}), ...(g.zeroOpens ? { zeroOpens: g.zeroOpens } : {}), clicked: g.clicked, shown, ...(g.hole ? { hole: g.hole, holeClosed } : {}), ...(unlabelled.size ? { unlabelled } : {}), ...(g.flagWin ? { flagWin: true } : {}) });
  if (fault) return { result, capture: null, why: `${fault}: nothing learned from this game` };
  // (a board that moved after its lattice was found is cut with every look across two cells:
  // labels right, looks wrong)
  const off = offLattice(g.image, grid);
  if (off) return { result, capture: null, why: `${off}: nothing learned from this game` };
  for (const i of unlabelled) truth[i] = OPENED;
  // mines a game shows at a win are not labelled: one win does not tell a game that draws them
  // as at a loss (xbomb) from one that draws flags on them
  if (result === 'won') for (let i = 0; i < n; i++) if (truth[i] === MINE) truth[i] = OPENED;
  // the bot's own flags still standing that this frame reads covered: a flag the game draws too
  // faintly to be told from the tile (a glyph of a font not installed, 62 levels on a dark tile)
  // was never seen standing, and a covered label would teach it as the covered look
  for (const i of g.flagged ?? []) if (truth[i] === COVERED) truth[i] = OPENED;
  for (const i of drawnOverCovered(g, truth)) truth[i] = OPENED;
  for (const i of redrawnFlags(g, truth)) truth[i] = OPENED;
  // (a cell labelled a number whose inside holds no ink is not drawn as that number: the tile lit
  // under the pointer on a page an alert() froze before it painted the last click, taken for that
  // cell opened; JasonLeisure/games' MineSweep taught a lit covered tile as a 2, a helper's find)
  for (const i of inklessNumbers(g, truth)) truth[i] = OPENED;
  const overdrawn = numbersOverdrawn(g, truth);
  const inPlay = g.play && !offLattice(g.play.image, g.play.grid) ? inPlayCapture(g.play, truth, g) : null;
  // (after the frame in play is labelled: it teaches those numbers)
  for (const i of overdrawn) truth[i] = OPENED;
  return { result, capture: { name: g.name, image: g.image, board, grid }, why: null, ...(inPlay ? { inPlay } : {}) };
}

/**
 * The game's last frame in play labelled from its end's true board (`truth`, as the lesson
 * labels it): each number read or opened there, steady since the frame before, the number the
 * end gives it; each flag of the bot's standing there, a flag; every other cell nothing. Null
 * when it labels no number, or when it read a number the end does not give that cell (one of the
 * two frames misread: neither is learned from twice).
 */
function inPlayCapture(p: PlayFrame, truth: Uint8Array, g: EndedGame): LabelledCapture | null {
  if (p.grid.cols !== g.grid.cols || p.grid.rows !== g.grid.rows) return null;
  const cells = new Uint8Array(truth.length).fill(OPENED);
  let numbers = 0;
  for (const i of p.steady) {
    const c = p.codes[i]!, t = truth[i]!;
    if (c <= 8 && t <= 8 && c !== t) return null;
    // (a number that frame draws no ink for is not shown there: a page frozen by an alert() in
    // the click's own handler, the tile pressed or lit, not opened; Renata5207418/campo_minado)
    if (t >= 1 && t <= 8 && noInk(p.image, p.grid, i)) continue;
    if ((c <= 8 || c === OPENED) && t <= 8) (cells[i] = t), numbers++;
    else if (c === FLAG && g.flagged?.has(i)) cells[i] = FLAG;
  }
  if (!numbers) return null;
  return { name: `${g.name}, in play`, image: p.image, board: { width: g.grid.cols, height: g.grid.rows, mines: g.mines, cells }, grid: p.grid };
}

/**
 * Cells labelled a flag that the frame draws otherwise than the bot's flag stood while the game
 * went on (`flagLook`), stroke by stroke inside their edges: a game may draw its mines over the
 * flags at its end (VladislavDegtyarenko/react-minesweeper: a mine on green at a win), and a flag
 * label there would teach that mine as the flag. They are labelled nothing. None while no flag
 * was seen standing.
 */
function redrawnFlags(g: EndedGame, truth: Uint8Array): number[] {
  const look = g.flagLook;
  if (!look) return [];
  return [...truth.keys()].filter((i) => truth[i] === FLAG && drawnApart(interiorDetail(g.image, g.grid, i), look));
}

/**
 * Cells labelled a flag at a loss that the frame draws as a mine it shows, and otherwise than the
 * bot's flag stood while the game went on, down to a glyph drawn tiny at its own pixels
 * (inkApart): a game that draws every mine, flagged or not, as the one that blew up
 * (EduardoZepeda/mine-sweeper: a white dot over each white triangle, whole cuts 0.97 alike and
 * not drawnApart). A flag label there would teach the mine as the flag, and the lesson is refused
 * ("look the same but would be labelled * and F"); they are labelled nothing, and still count as
 * the mines they are. None while no flag was seen standing.
 */
function minesOverFlags(g: EndedGame, truth: Uint8Array, unlabelled: ReadonlySet<number>): number[] {
  const look = g.flagInk;
  if (!look) return [];
  const own = cutOnce(g.image, g.grid, interiorPixels);
  const mines = [...truth.keys()].filter((i) => (truth[i] === MINE || truth[i] === EXPLODED) && !unlabelled.has(i)).slice(0, MINES_COMPARED);
  return [...truth.keys()].filter((i) => truth[i] === FLAG && inkApart(own(i), look) && mines.some((m) => !inkApart(own(i), own(m))));
}

/**
 * Cells labelled covered that the frame draws otherwise than the game's fresh frame drew them, or
 * than its last frame in play drew them when it read them covered, stroke by stroke inside their
 * edges, down to a digit drawn tiny (inkApart). They are labelled nothing: a covered label there
 * would teach the mark as the covered look.
 * - a mark the learner's small cuts did not see come (a thin box, a flag or a mine with no emoji
 *   font, on a tile with a gradient: 0.986 alike at 12x12);
 * - a number a game writes into every tile never opened at its end, on the covered tile
 *   (OrenShaya/javaScript-MineSweeper: a thin wheat "1" in a 52 px slate tile, 8 pixels of its
 *   32x32 cut; learned as a look of covered, it read a tile showing "1" as covered).
 */
function drawnOverCovered(g: EndedGame, truth: Uint8Array): number[] {
  const over = new Set<number>();
  const against = (frame: { image: RgbaImage; grid: Grid }, cells: (i: number) => boolean): void => {
    if (frame.grid.cols !== g.grid.cols || frame.grid.rows !== g.grid.rows) return;
    for (const i of truth.keys()) {
      if (truth[i] !== COVERED || !cells(i) || over.has(i)) continue;
      const apart = drawnApart(interiorDetail(g.image, g.grid, i), interiorDetail(frame.image, frame.grid, i)) || inkApart(interiorPixels(g.image, g.grid, i), interiorPixels(frame.image, frame.grid, i));
      if (apart) over.add(i);
    }
  };
  if (g.fresh) against(g.fresh, () => true);
  if (g.play) against(g.play, (i) => g.play!.codes[i] === COVERED);
  return [...over];
}

/**
 * Cells labelled a number that the game's last frame in play showed steady as that number (or
 * opened, its number not known yet) and the end's frame draws otherwise inside their edges, down to a faint stroke (faintlyApart):
 * something the end drew over them (tretyakov-a/minesweeper-canvas's explosion smoke over the
 * mine hit's neighbours, learned as two looks of "1"). They are labelled nothing here (the frame
 * in play, learned from too, teaches their look), when they are fewer than half the numbers
 * compared and another cell of the same number kept its look: a game that redraws its numbers at
 * its end (a page recoloured, every 0 drawn anew) teaches that look.
 * On 243 lessons of recorded runs, only the smoke's 2 cells of 15,376 numbers compared.
 */
function numbersOverdrawn(g: EndedGame, truth: Uint8Array): number[] {
  const p = g.play;
  if (!p || p.grid.cols !== g.grid.cols || p.grid.rows !== g.grid.rows) return [];
  // (read in play as that number, or as opened when its number was not known yet)
  const compared = [...p.steady].filter((i) => truth[i]! <= 8 && (p.codes[i] === truth[i] || p.codes[i] === OPENED));
  const over = new Set(compared.filter((i) => faintlyApart(interiorDetail(g.image, g.grid, i), interiorDetail(p.image, p.grid, i))));
  if (over.size * 2 >= compared.length) return [];
  // (a number every one of whose cells the end draws anew is that number's look at the end, not
  // something over it: emoji-minesweeper's 0s at a loss)
  const kept = new Set(compared.filter((i) => !over.has(i)).map((i) => truth[i]!));
  return [...over].filter((i) => kept.has(truth[i]!));
}

/** The cells closed in the game's last frame in play that no click of the bot's opened (none without such a frame). */
function closedInPlay(g: EndedGame): Set<number> {
  const play = g.play;
  if (!play || play.grid.cols !== g.grid.cols || play.grid.rows !== g.grid.rows) return new Set();
  return new Set([...play.codes.keys()].filter((i) => isClosed(play.codes[i]!) && !g.clicked.has(i)));
}

/** Cells a loss shows opened, read as a 0 or with no number, whose count is a number, and that the game revealed (revealed). */
function revealedBlank(g: EndedGame, codes: Uint8Array, truth: Uint8Array): number[] {
  return [...truth.keys()].filter((i) => truth[i]! >= 1 && truth[i]! <= 8 && (codes[i] === OPENED || codes[i] === 0) && revealed(g, i));
}

/** Whether cell i was closed in the game's last frame in play, opened by no click of the bot's, and holds no ink in the ended frame. */
function revealed(g: EndedGame, i: number): boolean {
  const play = g.play;
  if (!play || play.grid.cols !== g.grid.cols || play.grid.rows !== g.grid.rows) return false;
  return isClosed(play.codes[i]!) && !g.clicked.has(i) && noInk(g.image, g.grid, i);
}

/**
 * Cells labelled a number (1-8) whose inside holds no ink (live-ground-ink.ts noInk): a number is
 * always drawn; a blank there is a cell the frame does not show opened.
 */
function inklessNumbers(g: EndedGame, truth: Uint8Array): number[] {
  return [...truth.keys()].filter((i) => truth[i]! >= 1 && truth[i]! <= 8 && noInk(g.image, g.grid, i));
}
