// How the end of a game shows in a frame being learned (live-learner.ts), beyond the plain cases
// the learner handles itself. Pure.
//
// - Mines by their look: every mine a game shows is drawn alike (the one that blew up may be drawn
//   otherwise). When a loss also reveals numbers (a game that shows every cell at its end), or
//   happens inside a batch of clicks, the mines are a group of alike looks among the cells that
//   changed, which with one clicked cell (the one that blew up) and the flags left standing make
//   the mine total. Each such reading is a candidate; the lesson checks decide between them.
// - Something drawn over the board: cells already open never change while a game goes on. Open
//   cells that change after a click are a dialog (or a window) drawn over the
//   board: the sign of a game's end that a game like KMines gives right after the last click.

import { COVERED, FLAG, MINE, OPENED, QUESTION, isClosed, isUnknown } from '../../../core/board.js';
import { changeOf, type Look } from '../live/live-looks.js';
import { areasOf } from '../live/live-areas.js';
import { alike } from '../lesson-checks.js';

/** Mine looks are this alike (cuts of one sprite, maybe a pixel apart). */
const SAME_MINE = 0.97;
/**
 * ... or this, tried only where no reading stands at SAME_MINE: a browser's grid of fractional
 * tracks (`1fr`) lays its cells out a pixel larger in some rows or columns, and the mine sprite,
 * scaled to its cell, is drawn otherwise there (PaulusWhite/minesweeper-release: 35 and 36 px
 * cells, the one mine in a 36 px row alike to the others at 0.93 only). The lesson checks decide.
 */
const NEAR_MINE = 0.9;

/**
 * The readings `find` gives with mine looks SAME_MINE alike; when there are none, with their
 * interiors (`inner`: each cell's look inside its edges) SAME_MINE alike; else NEAR_MINE alike. A
 * page laid out on fractional pixels may draw each cell's edges by its own fraction while the mine
 * inside is drawn alike (ksugimori/react-minesweeper, 37.2 px cells: its M mines, whole, 0.86 to
 * 1 alike, and one as near a 2 as 0.92; inside their edges 0.96 to 1, and 0.82 at most to a number).
 */
function strictThenNear<T>(find: (min: number, looks?: Look[]) => T[], inner?: () => Look[], smooth?: () => Look[]): T[] {
  // (cuts that average each sample's footprint, not one point of it: a sprite of thin strokes in
  // a large cell, drawn a pixel apart in some rows (fractional 1fr tracks), point-sampled 0.70
  // alike, averaged 0.98; try-again-later/Mines' exploded mines at 71 px. Their readings join the
  // point-sampled ones: the lesson checks decide between them)
  const strict = smooth ? [...find(SAME_MINE), ...find(SAME_MINE, smooth())] : find(SAME_MINE);
  if (strict.length) return strict;
  const inside = inner ? find(SAME_MINE, inner()) : [];
  return inside.length ? inside : find(NEAR_MINE);
}

export interface MinesCandidate {
  /** The cells shown as mines, the one that blew up among them. */
  mines: number[];
  exploded: number;
}

/**
 * Readings of a frame's changed cells as a loss: a group of alike looks among the changed closed
 * cells (`prev`: the codes before) that, with one of the clicked cells, makes `mines` with the
 * flags left standing (`rightFlags`). A group that fills a block is no mines (a dialog's plain
 * face is alike cells too); the mine clicked beside such a group makes no block of it (98.js: three
 * mines in a row and the one clicked below them).
 */
export function minesByLook(prev: Uint8Array, cols: number, changed: Set<number>, looks: Look[], clicks: number[], rightFlags: number, mines: number, checkered = false, inner?: () => Look[], smooth?: () => Look[]): MinesCandidate[] {
  const all = strictThenNear((min, by = looks) => minesByLookAt(prev, cols, changed, by, clicks, rightFlags, mines, min, checkered), inner, smooth);
  // (one reading found twice, from the clicked cell's own group and from none, or on both kinds of cuts, is one reading)
  return all.filter((c, k) => all.findIndex((d) => d.exploded === c.exploded && d.mines.join() === c.mines.join()) === k);
}

function minesByLookAt(prev: Uint8Array, cols: number, changed: Set<number>, looks: Look[], clicks: number[], rightFlags: number, mines: number, min: number, checkered: boolean): MinesCandidate[] {
  const { groups, flags, flagsBeside } = mineLookGroups(prev, changed, looks, min);
  const out: MinesCandidate[] = [];
  // (no group: every other mine was flagged)
  for (const g of [...groups, ...(checkered ? checkerPairs(groups, cols) : []), []]) {
    for (const b of clicks) {
      // flags the game drew again join the mines they look like: the group's, or the one that
      // blew up (xbomb draws the cells the player touched, flags and the mine clicked, alike);
      // or all of them, in a look of the loss's own (GNOME Mines' classic theme darkens every
      // closed tile, flagged or not): the bot flags only mines it proved
      const like = new Set([...flagsBeside(g[0]), ...flagsBeside(b)]);
      for (const set of [new Set([...g, b, ...flags.filter((i) => like.has(i))]), new Set([...g, b, ...flags])]) {
        if (set.size + rightFlags === mines && !oneBlock(g, cols)) out.push({ mines: [...set].sort((x, y) => x - y), exploded: b });
      }
    }
  }
  return out;
}

/**
 * On a checkerboard, pairs of groups of alike looks, one whose cells all lie on the light squares
 * and one on the dark, joined: the same mine sprite drawn on the two grounds of a checkerboard
 * revealed (DumDumGeniuss/minesweeper-2022 shows every cell at a loss, its mines on light blue by
 * turns: two groups, neither the mine total alone). Numbers come in pairs so too; a pair is only
 * a candidate, each reading's lesson is checked. Each joined group is as `groups` gives it.
 */
function checkerPairs(groups: number[][], cols: number): number[][] {
  const parity = (g: number[]): number | null => {
    const p = g.map((i) => ((i % cols) + ((i / cols) | 0)) % 2);
    return p.every((q) => q === p[0]) ? p[0]! : null;
  };
  const even = groups.filter((g) => parity(g) === 0 && !oneBlock(g, cols));
  const odd = groups.filter((g) => parity(g) === 1 && !oneBlock(g, cols));
  return even.flatMap((a) => odd.map((b) => [...a, ...b]));
}

/**
 * The closed cells (`prev`: the codes before) that changed beside the mines of a loss reading,
 * when they all look alike, as cuts of one sprite: maybe closed tiles the loss drew again in a
 * look of its own (GNOME Mines' classic theme darkens them), maybe cells revealed (a lone one, or
 * several with one number; many revealed show numbers and blanks, unlike one another). Empty
 * otherwise. The lesson checks weigh both readings; where both pass nothing is learned.
 */
export function redrawnClosed(prev: Uint8Array, changed: ReadonlySet<number>, mines: readonly number[], looks: Look[]): Set<number> {
  const shown = new Set(mines);
  const cells = [...changed].filter((i) => isUnknown(prev[i]!) && !shown.has(i));
  return cells.length >= 1 && cells.every((i) => alikeAny(i, [cells[0]!], looks)) ? new Set(cells) : new Set();
}

/**
 * Readings of a frame's changed cells as a win that shows its mines (xbomb reveals the board at
 * a win, its mines drawn as at a loss): a group of alike looks among the changed closed cells,
 * none of them clicked, that with the flags (changed or left standing) makes `mines`. Tried only
 * where no other reading explains the frame.
 */
export function winMinesByLook(prev: Uint8Array, cols: number, changed: Set<number>, looks: Look[], clicks: number[], rightFlags: number, mines: number, inner?: () => Look[], smooth?: () => Look[]): number[][] {
  const all = strictThenNear((min, by = looks) => winMinesByLookAt(prev, cols, changed, by, clicks, rightFlags, mines, min), inner, smooth);
  return all.filter((m, k) => all.findIndex((n) => n.join() === m.join()) === k);
}

function winMinesByLookAt(prev: Uint8Array, cols: number, changed: Set<number>, looks: Look[], clicks: number[], rightFlags: number, mines: number, min: number): number[][] {
  // (every flag is on a mine at a win: a flagged safe cell is not open; a game may draw the
  // flags it redraws unlike its other mines, as xbomb does the cells the player touched)
  const { groups, flags } = mineLookGroups(prev, changed, looks, min);
  return groups
    .filter((g) => !oneBlock(g, cols))
    .concat([[]])
    .map((g) => [...g, ...flags])
    .filter((g) => g.length + rightFlags === mines && !g.some((i) => clicks.includes(i)));
}

/**
 * Mines a game marks by itself at a win (Windows' Minesweeper and Wine's flag every mine left):
 * changed closed cells (`prev`: the codes before), none of them clicked, read as a flag, or drawn
 * like a flag the bot placed that stands unchanged (`standing`): the skin may not know the flag
 * yet. Such a mark beside the last click is no part of its cascade.
 * (Drawn like it inside the edges too, where `apart(i, j)` tells two drawings by their strokes:
 * a game that writes its 0s and its flags thin on its covered tile has every such cut alike;
 * EduardoZepeda/mine-sweeper's 0s of a cascade, taken for marks beside the bot's flags, were no
 * part of it, and the run stopped on them)
 */
export function flagMarks(prev: Uint8Array, changed: Set<number>, seen: Uint8Array, looks: Look[], clicked: readonly number[], standing: readonly number[], apart: (i: number, j: number) => boolean = () => false): Set<number> {
  const marks = new Set<number>();
  for (const i of changed) {
    if ((prev[i] !== COVERED && prev[i] !== QUESTION) || clicked.includes(i)) continue;
    if (seen[i] === FLAG || standing.some((j) => alike(looks[j]!, looks[i]!, SAME_MINE) && !apart(i, j))) marks.add(i);
  }
  return marks;
}

/**
 * What a right flag a loss drew again teaches (xbomb draws every mine at a loss, flagged or
 * not): a mine where it is read as one or drawn like a plain mine shown (`shown`: the mines
 * revealed, not the one that blew up); a flag where it is read as a flag; else nothing (null): a
 * flag drawn like the mine that blew up (xbomb draws the cells the player touched alike), or like
 * nothing known, is a look one loss cannot name.
 */
export function redrawnFlagLabel(i: number, seen: Uint8Array, looks: Look[], shown: readonly number[]): typeof MINE | typeof FLAG | null {
  if (seen[i] === MINE || alikeAny(i, shown, looks)) return MINE;
  return seen[i] === FLAG ? FLAG : null;
}

/** Whether cell `i` is drawn like one of `cells` (as alike as cuts of one sprite: a mine shown, a flag placed). */
export function alikeAny(i: number, cells: readonly number[], looks: Look[]): boolean {
  return cells.some((j) => alike(looks[j]!, looks[i]!, SAME_MINE));
}

/**
 * The changed closed cells (`prev`: the codes before) in groups of alike looks, as alike as cuts
 * of one mine sprite, and the flags that changed (a game that draws every mine at its end,
 * flagged or not: xbomb): they make no group of their own, and join the mines they look like
 * (`flagsBeside`: the flags in a cell's group, flags and closed cells grouped together: at a
 * browser's zoom the few mines left closed may be alike only through the many flags drawn as
 * mines beside them).
 */
function mineLookGroups(prev: Uint8Array, changed: Set<number>, looks: Look[], min = SAME_MINE): { groups: number[][]; flags: number[]; flagsBeside: (i: number | undefined) => number[] } {
  const flags = [...changed].filter((i) => prev[i] === FLAG);
  const closed = (i: number): boolean => prev[i] === COVERED || prev[i] === QUESTION;
  const all = alikeGroups([...changed].filter((i) => closed(i) || prev[i] === FLAG), looks, min);
  const of = new Map<number, number[]>();
  for (const g of all) for (const i of g) of.set(i, g);
  return {
    groups: all.map((g) => g.filter(closed)).filter((g) => g.length),
    flags,
    flagsBeside: (i) => (i === undefined ? [] : (of.get(i) ?? []).filter((j) => prev[j] === FLAG)),
  };
}

/**
 * Cells in groups of alike looks, as cuts of one sprite: a cell joins every group it is alike to
 * one member of, and those groups become one. A sprite drawn at a browser's zoom (90%: cells 33
 * and 34 px by turns) falls on other fractions of a pixel in each cell, and its cuts vary by
 * degrees: two far apart in that range may be less alike than the bar while each is alike to one
 * between them (a real loss at 90%: the 44 mines shown made one group so, and five groups of 1 to
 * 18 when each cut was compared with a group's first only).
 */
export function alikeGroups(cells: readonly number[], looks: Look[], min = SAME_MINE): number[][] {
  const root = cells.map((_, k) => k);
  const find = (k: number): number => (root[k] === k ? k : (root[k] = find(root[k]!)));
  for (let a = 0; a < cells.length; a++) {
    for (let b = a + 1; b < cells.length; b++) {
      if (find(a) !== find(b) && alike(looks[cells[a]!]!, looks[cells[b]!]!, min)) root[find(a)] = find(b);
    }
  }
  const groups = new Map<number, number[]>();
  cells.forEach((i, k) => {
    const r = find(k);
    const g = groups.get(r);
    if (g) g.push(i);
    else groups.set(r, [i]);
  });
  return [...groups.values()];
}

/** Whether four or more cells fill most (60%+) of their bounding box: a patch drawn over the board, not mines strewn over it. */
function oneBlock(cells: number[], cols: number): boolean {
  if (cells.length < 4) return false;
  const xs = cells.map((i) => i % cols), ys = cells.map((i) => (i / cols) | 0);
  const area = (Math.max(...xs) - Math.min(...xs) + 1) * (Math.max(...ys) - Math.min(...ys) + 1);
  return cells.length >= 0.6 * area;
}

/** At least this many open cells changed: something over the board (one may be a game redrawing a cell). */
export const OVER_CELLS = 3;

/**
 * Open cells whose look changed (to one that is not their number, when it is known): something
 * over the board. Only cells that `changed` holds count: not a number whose edges alone a game
 * drew again (its interior the same: xbomb redraws the lines between cells at its end). Cells
 * the last clicks opened are left out (a game may draw a cell pressed in, then with its number),
 * and so is any cell opened with its number not known ('+') that the skin now reads as a number:
 * that number drawn in full, not something over it (a game that fades its tiles in, Heisey's
 * Mars Sweeper, had a batch's cells caught half drawn; after the next lone click, which leaves
 * out no cell, they showed their numbers, were taken for a box, and the learner compared every
 * later frame with the half-drawn one: unsure for good, and the run stopped). Nor is a cell
 * `redrawn` tells drawn anew with its drawing kept: WoyteqB/saper-js draws its numbers black at a
 * loss, 3s the skin knew only in red among them, taken for a box that never went (a stop).
 */
export function drawnOver(prev: Uint8Array, changed: ReadonlySet<number>, looks: Look[], before: Look[], seen: Uint8Array, recent: ReadonlySet<number>, redrawn: (i: number) => boolean = () => false): number[] {
  const out: number[] = [];
  for (const i of changed) {
    const open = prev[i]! <= 8 || (prev[i] === OPENED && !recent.has(i) && !(seen[i]! <= 8));
    if (open && seen[i] !== prev[i] && changeOf(looks[i]!, before[i]!) === 'changed' && !redrawn(i)) out.push(i);
  }
  return out.length >= OVER_CELLS ? out : [];
}

/**
 * The open cells that changed (`over`) at an end that shows every cell, split: those the game
 * drew again in a look it gives cells it reveals all over the board (emoji-minesweeper draws
 * every 0 as a face at its end, those it had opened too), and the rest, under something drawn
 * over the board. A look is one the game reveals when cells closed before show it too: two or
 * more, not one block, one of them beyond a cell of `over`'s bounding box (a box's face lies in
 * one place). `hole`: the rest's bounding box and a ring around it (a box covers cells along its
 * edge in part), empty when there is no rest.
 */
export function redrawnAtEnd(over: number[], changed: ReadonlySet<number>, prev: Uint8Array, looks: Look[], cols: number, table: Int32Array[]): { redrawn: number[]; hole: Set<number> } {
  const near = nearBox(over, cols);
  const revealed = [...changed].filter((i) => isUnknown(prev[i]!) && prev[i] !== FLAG);
  const redrawn = over.filter((i) => {
    const like = revealed.filter((j) => alike(looks[j]!, looks[i]!, SAME_MINE));
    return like.length >= 2 && !oneBlock(like, cols) && like.some((j) => !near(j));
  });
  redrawn.push(...redrawnAreas(over.filter((i) => !redrawn.includes(i)), changed, prev, looks, table));
  const rest = over.filter((i) => !redrawn.includes(i));
  const hole = new Set<number>();
  if (rest.length) {
    const inBox = nearBox(rest, cols);
    for (let i = 0; i < prev.length; i++) if (inBox(i)) hole.add(i);
  }
  return { redrawn, hole };
}

/**
 * Open cells (`cells`, of `over`) a game drew again in places apart, with no cell revealed in
 * their look (a win: emoji-minesweeper turns every 0 it had opened into a face, and reveals no 0):
 * the areas of changed cells (8-connected) each made only of cells that showed one number, all
 * of them alike by steps, two such areas or more; then every cell of that look and number, those
 * beside a box in its area too. A 0's area is ringed by numbers a win leaves as they were; a box
 * over the board is one area with cells of other looks in it (its edge, its text).
 */
function redrawnAreas(cells: number[], changed: ReadonlySet<number>, prev: Uint8Array, looks: Look[], table: Int32Array[]): number[] {
  const members = areasOf(changed, table);
  const area = new Map<number, number>();
  members.forEach((m, k) => m.forEach((i) => area.set(i, k)));
  const code = (k: number): number => prev[members[k]![0]!]!;
  const out: number[] = [];
  for (const g of alikeGroups(cells.filter((i) => prev[i]! <= 8), looks)) {
    const inGroup = new Set(g);
    const whole = [...new Set(g.map((i) => area.get(i)!))].filter((k) => members[k]!.every((i) => inGroup.has(i) && prev[i] === code(k)));
    // (its cells beside a box, in the box's area, are that look too: drawn anew, not the box)
    if (whole.length >= 2 && whole.every((k) => code(k) === code(whole[0]!))) out.push(...g.filter((i) => prev[i] === code(whole[0]!)));
  }
  return out;
}

/** A game's own marks of its mines at a win (flags drawn on them) look alike at least this much (one sprite over a shaded background). */
const SAME_MARK = 0.9;

/**
 * Whether the closed cells a frame shows beside a box drawn over the board after a guess are a
 * win's marks. `clicked`: the guess, which (if safe) opened the last safe cell, so that every
 * other closed cell is a mine. A game that marks its mines at a win (KMines and GNOME Mines flag
 * them) changes every one of them, and all alike; at a loss it draws them as mines and leaves the
 * one safe cell covered. `shown`: the closed cells but the guess and the bot's own flags (`own`)
 * outside the box (`over`'s bounding box); those beyond a cell of it two at least, or one with
 * more in that ring that look like it; each changed from `before`, alike, and none of them read
 * as anything but a flag or a look not learned (`notMark`: a mine, covered, a number...).
 */
export function winMarks(prev: Uint8Array, over: number[], cols: number, clicked: number, own: ReadonlySet<number>, looks: Look[], before: Look[], notMark: (i: number) => boolean): boolean {
  if (!over.length) return false;
  const inBox = nearBox(over, cols, 0), near = nearBox(over, cols);
  const shown = [...prev.keys()].filter((i) => isClosed(prev[i]!) && i !== clicked && !own.has(i) && !inBox(i));
  // (those in the ring a cell wide around the box count where they look like the marks away
  // from it: the box may cover them in part, or not at all, as GNOME's score dialog leaves a
  // narrow strip of its board)
  const far = shown.filter((i) => !near(i));
  const first = far[0];
  if (first === undefined) return false;
  const mark = (i: number): boolean => changeOf(looks[i]!, before[i]!) !== 'same' && !notMark(i) && alike(looks[i]!, looks[first]!, SAME_MARK);
  return far.every(mark) && far.length + shown.filter((i) => near(i) && mark(i)).length >= 2;
}

/** Whether a cell lies within `ring` cells (default 1) of the bounding box of `cells`. */
function nearBox(cells: Iterable<number>, cols: number, ring = 1): (i: number) => boolean {
  const list = [...cells];
  const xs = list.map((i) => i % cols), ys = list.map((i) => (i / cols) | 0);
  const x0 = Math.min(...xs) - ring, x1 = Math.max(...xs) + ring, y0 = Math.min(...ys) - ring, y1 = Math.max(...ys) + ring;
  return (i) => {
    const x = i % cols, y = (i / cols) | 0;
    return x >= x0 && x <= x1 && y >= y0 && y <= y1;
  };
}

/** Changed cells (and the box's) fill at least this share of their bounds when they are one box drawn over the board. */
const BOX_FILL = 0.9;

/**
 * Changed cells outside `inside` that were closed and look like mines strewn over the board: a
 * group of two or more alike, no block, one of them away from `inside` (beyond a cell of its
 * bounding box: no box's edge; a column of closed cells each with a strip of a dialog over it is
 * alike too, but lies along the box).
 */
function strewnMines(changed: ReadonlySet<number>, inside: ReadonlySet<number>, cols: number, looks: Look[], prev: Uint8Array, table: Int32Array[], clicks: readonly number[] = []): Set<number> {
  const near = nearBox(inside, cols);
  // (away also from the changed cells that reach the box when, with it, they fill their bounds
  // (a box is a rectangle): the part of a dialog over closed cells only, its buttons' edges alike
  // from cell to cell and reaching past the box's first bounds, is one area with the part over
  // open cells: RealGarny/react-minesweeper's was labelled mines. Mines shown beside a box leave
  // the cells around them as they were: KMines' dialog among them)
  // (the cells clicked are no part of the box: the mine that blew up just beside it joined its
  // area and pushed its bounds a row out, and golgothXIII/my-react-minesweeper-app's band across
  // the board, its ends over closed cells alike, had a covered cell cut by its edge labelled a mine)
  const clicked = new Set(clicks);
  const area = areasOf(new Set([...changed].filter((i) => !clicked.has(i))), table).filter((a) => a.some((i) => inside.has(i))).flat();
  const inArea = nearBox(area, cols, 0);
  let bounds = 0, filled = 0;
  for (let i = 0; i < prev.length; i++) if (inArea(i)) (bounds++, (filled += changed.has(i) || inside.has(i) ? 1 : 0));
  const reach = new Set(area.length && filled >= BOX_FILL * bounds ? area : []);
  const away = (i: number): boolean => !near(i) && !reach.has(i);
  const groups = alikeGroups([...changed].filter((i) => !inside.has(i) && isUnknown(prev[i]!)), looks);
  return new Set(groups.filter((g) => g.length >= 2 && !oneBlock(g, cols) && g.some(away)).flat());
}

/**
 * Whether a lone click's cell, as it looks now, is no 0 while the frame before shows 0s (opened
 * cells with no closed neighbour) it would look like: then the click opened no cascade, and the
 * cells it seemed to open around it are something else (mines shown, a box over the board).
 */
export function noCascade(click: number, prev: Uint8Array, table: Int32Array[], looks: Look[], before: Look[]): boolean {
  const zeros = prev.reduce<number[]>((acc, c, i) => ((c <= 8 || c === OPENED) && !Array.from(table[i]!).some((j) => isClosed(prev[j]!)) ? (acc.push(i), acc) : acc), []);
  return zeros.length > 0 && !zeros.some((z) => alike(before[z]!, looks[click]!));
}

/**
 * The cells under something drawn over the board: those of `over`, every changed cell within a
 * cell of their bounding box (a box drawn across cells changes some only in part), changed cells
 * beside them that look like one of them (the rest of the box's plain face), every changed cell
 * within a cell of all that's bounding box, and a last ring of changed cells around all that
 * (cells the box's edge covers in part look like nothing whole, or all alike). Growing beyond the
 * first box, it leaves out mines strewn over the board (closed cells before, two or more alike
 * and no block: a box's plain face over closed cells is one), but for the last ring: KMines'
 * loss dialog sits among the mines shown, and the growth reached every one of them.
 */
export function holeAround(over: number[], changed: ReadonlySet<number>, cols: number, looks: Look[], table: Int32Array[], prev: Uint8Array, clicks: readonly number[] = []): Set<number> {
  const out = new Set(over);
  const first = nearBox(over, cols);
  for (const i of changed) if (first(i)) out.add(i);
  const strewn = strewnMines(changed, out, cols, looks, prev, table, clicks);
  const stack = [...out];
  while (stack.length) {
    const i = stack.pop()!;
    for (const j of table[i]!) if (changed.has(j) && !out.has(j) && !strewn.has(j) && alike(looks[i]!, looks[j]!, SAME_MINE)) (out.add(j), stack.push(j));
  }
  // the box's edge: every changed cell within a cell of all that's bounding box (a rectangle drawn
  // over the board covers the cells along its edge in part, and alike: a column of closed cells
  // each with a strip of the dialog over it was once read as a group of mines)
  // (again while it grows: the part of a dialog over closed cells only, its text unlike from
  // cell to cell, is reached from the part over open cells)
  for (let size = -1; size !== out.size; ) {
    size = out.size;
    const near = nearBox(out, cols);
    for (const i of changed) if (near(i) && !strewn.has(i)) out.add(i);
  }
  for (const i of [...out]) for (const j of table[i]!) if (changed.has(j)) out.add(j);
  return out;
}
