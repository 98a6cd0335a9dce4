// Boards of the zoo's kinds, drawn from their facts, never from their artwork (for
// test/vision/locate-zoo.test.ts): xbomb's dithered covers between thick black lines, ace-minesweeper's
// bevelled tiles drawn apart on a dotted dark background that is also an opened cell's look,
// KMines' framed tiles on a textured, shaded background with faint lines between opened cells, and
// its classic look, whose frame's highlight and shadow run into the outer tiles' own; and
// KyriaElixia's frame one cell wide, drawn as its tiles are.

import { createRng, type Rng } from '../../src/core/rng.js';
import { createImage, fillRect, setPixel, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { clamp } from './near-draw.js';

export interface Drawn {
  name: string;
  image: RgbaImage;
  /** The first cell's box (its centre is what is compared) and the board's size. */
  grid: { left: number; top: number; pitch: number; cols: number; rows: number };
}

const rect = (img: RgbaImage, x: number, y: number, w: number, h: number, c: Rgb): void => fillRect(img, x, y, x + w, y + h, c);

/** Which cells are open: none (fresh), or a blob, the last column, the first row, as `open` says. */
type Opened = (x: number, y: number, cols: number, rows: number) => boolean;
export const FRESH: Opened = () => false;
export const MID: Opened = (x, y, cols, rows) => (x - cols * 0.6) ** 2 + (y - rows * 0.55) ** 2 < (Math.min(cols, rows) * 0.3) ** 2;
export const LAST_COLUMN: Opened = (x, y, cols, rows) => x === cols - 1 || MID(x, y, cols, rows);
export const FIRST_ROW: Opened = (x, y, cols, rows) => y === 0 || MID(x, y, cols, rows);
/** Opened from the right up to the first two columns, with a few covered tiles beside them (a real ace-minesweeper mid-game). */
export const OPEN_RIGHT: Opened = (x, y) => x >= 2 && !(x === 2 && y >= 2 && y <= 4) && !(x === 3 && y === 4);
/** The top rows opened by a first click, two tiles in a corner and one below still covered (a real KMines mid-game). */
export const TOP_OPEN: Opened = (x, y) => (y < 3 && !(y === 0 && x < 2)) || (y === 3 && x !== 6);
/** The first rows opened, and one more cell below them (a first click's opening at the top). */
export const TOP_ROWS: Opened = (x, y) => y < 3 || (y === 3 && x === 4);
/** The top rows opened but for the first column, three more rows open on the right (a real KMines mid-game: its top end repeats along one column of tiles only). */
export const ONE_COLUMN_AT_TOP: Opened = (x, y) => (y < 2 && x >= 1 && x <= 6) || (y >= 2 && y <= 4 && x >= 4) || (y === 3 && x === 2) || (y === 6 && x % 3 === 1);
/** Late in a game: all open but a few scattered covered tiles (about one in six). */
export const MOSTLY_OPEN: Opened = (x, y) => (x * 7 + y * 3) % 6 !== 0;
/** Covered but for the lowest rows (the two lowest, and all but two tiles of the row above): ace-minesweeper's rows past the covered ones, no peaks beside the bevels. */
export const OPEN_BELOW: Opened = (x, y, cols, rows) => y >= rows - 2 || (y === rows - 3 && x >= 2);
/** The same turned: covered but for the rightmost columns. */
export const OPEN_RIGHTMOST: Opened = (x, y, cols, rows) => OPEN_BELOW(y, x, rows, cols);
/** The cells a lost KMines game showed open (mines, numbers), many at the board's ends: a column whose end cell is no covered tile names another edge as the board's end. */
const AT = (cells: number[][]): Opened => (x, y) => cells.some(([a, b]) => a === x && b === y);
export const LOST_AT_ENDS = AT([[3, 0], [4, 0], [6, 0], [0, 1], [4, 1], [4, 2], [8, 2], [8, 3], [6, 5], [1, 6], [7, 6], [6, 7]]);
/** Cells opened at both ends of the board, a third of the columns each. */
export const OPEN_AT_BOTH_ENDS = AT([[0, 0], [2, 0], [5, 0], [7, 0], [1, 8], [4, 8], [6, 8], [0, 4], [8, 5]]);
/** An opening over most of an 8x8 board, its closed tiles at the top right and one alone (a real ace-minesweeper frame). */
export const OPENED_BUT_TOP_RIGHT: Opened = (x, y) => !((y === 0 && x >= 3) || ((y === 1 || y === 2) && x >= 3 && x <= 5) || (y === 3 && x === 1));
/**
 * Two real ace-minesweeper 8x8 frames' opened cells: the board's top half covered but for a few
 * mines, its bottom half open at the left (LOST_LOW_LEFT); the top open but for the right, a tile
 * or two beneath (OPEN_TOP_LEFT). Their peaks, a gap's and a bevel's edges 4 px apart, were walked
 * at 48.4 px: the lattice's lines slid off the dotted rows below, and the board came out in halves
 * (drawn, the first one did; the second was found before as after).
 */
const ROWS = (open: [number, number][]): Opened => (x, y) => open[y] !== undefined && x >= open[y]![0] && x <= open[y]![1];
export const LOST_LOW_LEFT: Opened = (x, y) => AT([[0, 0], [1, 1], [6, 2], [3, 3], [5, 3]])(x, y, 8, 8) || ROWS([[-1, -2], [-1, -2], [-1, -2], [-1, -2], [0, 4], [0, 4], [0, 5], [0, 5]])(x, y, 8, 8);
/**
 * A real ace-minesweeper 8x8 frame lost on its first click: covered but for the mines it shows
 * (the real one was walked at twice its pitch plus a gap; drawn, it is found either way, and
 * test/vision/locate-settle.test.ts settles it from that walk's lattice).
 */
export const LOST_AT_ONCE = AT([[5, 2], [4, 4], [0, 6], [2, 6], [2, 7], [4, 7]]);
/**
 * A real ace-minesweeper 8x8 frame open over its top half but for a few tiles, covered below but
 * for one cell (the real one was found as its covered rows, 8x4, 5 px low; drawn, it is found
 * either way, and test/vision/locate-settle.test.ts draws what its settling saw).
 */
export const OPEN_TOP_HALF: Opened = (x, y) => (y < 4 && !AT([[6, 0], [7, 0], [6, 1], [7, 1], [2, 2], [7, 2], [2, 3], [6, 3], [7, 3]])(x, y, 8, 8)) || (x === 3 && y === 5);
export const OPEN_TOP_LEFT: Opened = ROWS([[0, 6], [0, 6], [0, 6], [0, 5], [0, 4], [1, 4], [-1, -2], [1, 1]]);

/** A digit-like mark (a bar and a dot) in an opened cell, so opened cells are not all blank. */
function mark(img: RgbaImage, x: number, y: number, p: number, c: Rgb): void {
  const w = Math.max(2, Math.round(p / 8));
  rect(img, x + Math.round(p * 0.45), y + Math.round(p * 0.25), w, Math.round(p * 0.4), c);
  rect(img, x + Math.round(p * 0.35), y + Math.round(p * 0.7), Math.round(p * 0.3), w, c);
}

/**
 * xbomb's look: 2 px black lines, dithered covers, white opened cells with thin green borders.
 * `margin`: a window's dark border that many white pixels left of and above the board's outer
 * line (xbomb's window: 4), else none.
 */
export function dithered(pitch: number, cols: number, rows: number, opened: Opened, name: string, margin?: number): Drawn {
  const L = 2, left = 41, top = 67;
  const img = createImage(left + cols * pitch + 60, top + rows * pitch + 60, [255, 255, 255]);
  rect(img, 20, 20, 160, 30, [0, 0, 0]); // a button above the board
  rect(img, 22, 22, 156, 26, [255, 255, 255]);
  if (margin !== undefined) {
    rect(img, 0, top - margin - 2, img.width, 2, [0, 0, 0]);
    rect(img, left - margin - 2, 0, 2, img.height, [0, 0, 0]);
  }
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const x = left + cx * pitch, y = top + cy * pitch;
      rect(img, x, y, pitch, pitch, [0, 0, 0]);
      if (opened(cx, cy, cols, rows)) {
        rect(img, x + L, y + L, pitch - L, pitch - L, [0, 200, 0]);
        rect(img, x + L + 1, y + L + 1, pitch - L - 2, pitch - L - 2, [255, 255, 255]);
        if ((cx + cy) % 3 === 0) mark(img, x + L, y + L, pitch - L, [0, 0, 128]);
      } else {
        for (let v = y + L; v < y + pitch; v++) for (let u = x + L; u < x + pitch; u++) setPixel(img, u, v, (u + v) % 2 ? [127, 127, 127] : [255, 255, 255]);
      }
    }
  }
  rect(img, left + cols * pitch, top, L, rows * pitch + L, [0, 0, 0]);
  rect(img, left, top + rows * pitch, cols * pitch + L, L, [0, 0, 0]);
  // the cell box centred on the tile inside its lines
  return { name, image: img, grid: { left: left + (L - 1) / 2, top: top + (L - 1) / 2, pitch, cols, rows } };
}

/**
 * xbomb after a loss: every cell shown, white between 2 px black lines (a mine's cell red), but
 * the cells the player opened (`opened`) are framed in green, as the game draws them: green on
 * the second pixel of their first line and on the first pixel of the next, so that a line
 * between two opened cells is all green and the board's outer line black and green beside them.
 */
export function ditheredLost(pitch: number, cols: number, rows: number, opened: Opened, name: string): Drawn {
  const L = 2, left = 41, top = 67;
  const img = createImage(left + cols * pitch + 60, top + rows * pitch + 60, [255, 255, 255]);
  rect(img, 20, 20, 160, 30, [0, 0, 0]); // a button above the board
  rect(img, 22, 22, 156, 26, [255, 255, 255]);
  rect(img, left, top, cols * pitch + L, rows * pitch + L, [0, 0, 0]);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const x = left + cx * pitch, y = top + cy * pitch;
      const mine = !opened(cx, cy, cols, rows) && (cx * 5 + cy * 3) % 7 === 0;
      rect(img, x + L, y + L, pitch - L, pitch - L, mine ? [255, 0, 0] : [255, 255, 255]);
      if (!mine && (cx + cy) % 3 === 0) mark(img, x + L, y + L, pitch - L, [0, 0, 128]);
    }
  }
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      if (!opened(cx, cy, cols, rows)) continue;
      const x = left + cx * pitch, y = top + cy * pitch;
      for (const [u, v, w, h] of [[x + 1, y + 1, pitch, 1], [x + 1, y + pitch, pitch, 1], [x + 1, y + 1, 1, pitch], [x + pitch, y + 1, 1, pitch]] as const) rect(img, u, v, w, h, [0, 255, 0]);
    }
  }
  return { name, image: img, grid: { left: left + (L - 1) / 2, top: top + (L - 1) / 2, pitch, cols, rows } };
}

/**
 * ace-minesweeper's look: bevelled grey tiles drawn apart on dark green with dotted grid lines.
 * `dx`, `dy`: the board a pixel right or down of its usual place (48, 64), so that its dots (at
 * 12 px single pixels, two apart) fall on odd columns or rows, as a window placed so puts them.
 */
export function bevelled(pitch: number, cols: number, rows: number, opened: Opened, name: string, dx = 0, dy = 0): Drawn {
  const gap = pitch >= 48 ? 4 : pitch >= 24 ? 2 : 1;
  const bev = pitch >= 48 ? 4 : pitch >= 24 ? 2 : 1;
  const green: Rgb = [0, 102, 0], dot: Rgb = [0, 51, 0];
  const left = 48 + dx, top = 64 + dy;
  const img = createImage(left + cols * pitch + 40, top + rows * pitch + 40, green);
  rect(img, 0, img.height - 8, img.width, 8, [0, 0, 0]); // the window ends: black beyond
  rect(img, 12, 8, 40, 20, [255, 204, 0]); // a counter above
  // dotted lines through the gaps: round dots as wide as the gap, one gap apart (4 px dots every
  // 8 px at 48 px, as the game draws them; the dots of both directions meet at the corners)
  const dotAt = (x: number, y: number): void => {
    if (gap < 4) return rect(img, x, y, gap, gap, dot);
    rect(img, x + 1, y, gap - 2, gap, dot);
    rect(img, x, y + 1, gap, gap - 2, dot);
  };
  const g0 = Math.floor(gap / 2);
  for (let k = 0; k <= cols; k++) for (let v = top; v < top + rows * pitch; v += 2 * gap) dotAt(left + k * pitch - g0, v - g0);
  for (let k = 0; k <= rows; k++) for (let u = left; u < left + cols * pitch; u += 2 * gap) dotAt(u - g0, top + k * pitch - g0);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const x = left + cx * pitch + Math.ceil(gap / 2), y = top + cy * pitch + Math.ceil(gap / 2), t = pitch - gap;
      if (opened(cx, cy, cols, rows)) {
        if ((cx + cy) % 3 === 0) mark(img, x, y, t, [255, 255, 255]);
        continue;
      }
      rect(img, x, y, t, t, [255, 255, 255]);
      rect(img, x + bev, y + bev, t - bev, t - bev, [51, 51, 51]);
      rect(img, x + bev, y + bev, t - 2 * bev, t - 2 * bev, [153, 153, 153]);
    }
  }
  return { name, image: img, grid: { left, top, pitch, cols, rows } };
}

/** A KMines tile's first five pixels from its boundary, down or across: mid grey, a dark step, a highlight. */
const TILE_START = [162, 151, 215, 185, 227];

/** KMines' look: a framed board on a shaded, textured background; faint lines between opened cells. */
export function framed(pitch: number, cols: number, rows: number, opened: Opened, name: string, rng: Rng): Drawn {
  const left = 166, top = 117, F = 4;
  const W = left + cols * pitch + 150, H = top + rows * pitch + 90;
  const img = createImage(W, H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const shade = 175 - 40 * (y / H) + 14 * Math.sin(x * 0.02 + 3 * Math.sin(y * 0.01)) + (rng.next() - 0.5) * 6;
      setPixel(img, x, y, [clamp(shade), clamp(shade), clamp(shade)]);
    }
  }
  rect(img, left - F, top - F, cols * pitch + 2 * F, rows * pitch + 2 * F, [84, 84, 84]);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const x = left + cx * pitch, y = top + cy * pitch;
      if (opened(cx, cy, cols, rows)) {
        // a 2 px light line on the boundary (its last pixel before it and its first after), 12
        // levels above the cell's inside: no stronger than an edge must be (KMines' default theme)
        rect(img, x, y, pitch, pitch, [190, 190, 190]);
        rect(img, x, y, pitch, 1, [202, 202, 202]);
        rect(img, x, y, 1, pitch, [202, 202, 202]);
        rect(img, x, y + pitch - 1, pitch, 1, [202, 202, 202]);
        rect(img, x + pitch - 1, y, 1, pitch, [202, 202, 202]);
        if ((cx + cy) % 3 === 0) mark(img, x + 2, y + 2, pitch - 2, [20, 60, 160]);
      } else {
        // a tile: mid grey on the boundary, a dark step and a highlight after it, a gradient, a
        // shadow before the next boundary (measured on KMines' default theme at 29 px)
        for (let v = 0; v < pitch; v++) {
          const g = v <= 4 ? TILE_START[v]! : v >= pitch - 4 ? [187, 200, 140, 162][v - (pitch - 4)]! : Math.round(214 - ((v - 5) * 33) / (pitch - 9));
          rect(img, x, y + v, pitch, 1, [g, g, g]);
        }
        for (let u = 0; u < pitch; u++) {
          if (u > 4 && u < pitch - 4) continue;
          const g = u <= 4 ? TILE_START[u]! : [187, 200, 146, 162][u - (pitch - 4)]!;
          rect(img, x + u, y + 2, 1, pitch - 4, [g, g, g]);
        }
      }
    }
  }
  return { name, image: img, grid: { left, top, pitch, cols, rows } };
}

/** A box drawn as a tile is (KyriaElixia's look, 20 or 40 px): two light rows and columns at its top and left, a face, two dark at its bottom and right. */
function tileBox(img: RgbaImage, x: number, y: number, w: number, h: number): void {
  rect(img, x, y, w, h, [100, 100, 100]);
  rect(img, x, y, w, 1, [120, 120, 120]);
  rect(img, x, y + 1, w, 1, [113, 113, 113]);
  rect(img, x, y, 1, h, [120, 120, 120]);
  rect(img, x + 1, y + 1, 1, h - 1, [113, 113, 113]);
  rect(img, x, y + h - 2, w, 1, [75, 75, 75]);
  rect(img, x, y + h - 1, w, 1, [60, 60, 60]);
  rect(img, x + w - 2, y, 1, h, [75, 75, 75]);
  rect(img, x + w - 1, y, 1, h, [60, 60, 60]);
}

/**
 * A board whose frame is one cell wide and drawn as its tiles are (KyriaElixia/kyriaelixia.github.io
 * games/minesweeper): across the frame a bar shows a tile's very edges, a pitch apart, but none
 * of the lines between cells go on through it (found as a ring of cells before: 18x18 for 16x16).
 * Opened cells flat, a shade darker, a thin line around each.
 */
export function ringed(pitch: number, cols: number, rows: number, opened: Opened, name: string): Drawn {
  const left = 72, top = 186, W = left + (cols + 1) * pitch + 30, H = top + (rows + 1) * pitch + 30;
  const img = createImage(W, H, [118, 118, 118]);
  rect(img, left - pitch - 4, top - pitch - 4, (cols + 2) * pitch + 8, (rows + 2) * pitch + 8, [0, 67, 134]);
  tileBox(img, left - pitch, top - pitch, (cols + 2) * pitch, pitch);
  tileBox(img, left - pitch, top + rows * pitch, (cols + 2) * pitch, pitch);
  tileBox(img, left - pitch, top, pitch, rows * pitch);
  tileBox(img, left + cols * pitch, top, pitch, rows * pitch);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const x = left + cx * pitch, y = top + cy * pitch;
      if (!opened(cx, cy, cols, rows)) {
        tileBox(img, x, y, pitch, pitch);
        continue;
      }
      rect(img, x, y, pitch, pitch, [70, 70, 70]);
      rect(img, x + 1, y + 1, pitch - 1, pitch - 1, [88, 88, 88]);
      if ((cx + cy) % 3 === 0) mark(img, x + 2, y + 2, pitch - 2, [60, 200, 255]);
    }
  }
  return { name, image: img, grid: { left, top, pitch, cols, rows } };
}

/** Cells open as a picture, a line per row: '.' a covered tile, ' ' an opened cell, a digit an opened cell with a number. */
export type Picture = string[];

/**
 * Three real KMines classic mid-games whose board the locator found 1.2-1.3 px off: open on the
 * right side (the top and bottom rows covered at one side, open at the other), and open across
 * the lower half but for its two first rows.
 */
export const CLASSIC_OPEN_DOWN_THE_RIGHT: Picture = ['.........', '.........', '....21211', '....1    ', '....211  ', '......1  ', '......1  ', '......11 ', '.......1 '];
export const CLASSIC_OPEN_ON_THE_RIGHT: Picture = ['...1..1  ', '.....21  ', '.....1   ', '.....2   ', '.....1   ', '.....21  ', '....2.1  ', '......111', '.........'];
export const CLASSIC_OPEN_BELOW: Picture = ['.........', '.........', '.......21', '..3222.1 ', '221  1.1 ', '     1.1 ', '     1.1 ', '111  111 ', '..1      '];

/**
 * KMines' classic look (flat light tiles with a bevel, as Windows' classic; measured at 29 px): a
 * tile a highlight row and column, a face, a two-pixel shadow; an opened cell sunken, dark at its
 * top and left, light at its bottom and right; the board's frame a highlight strip above and left
 * of it that runs into the top tiles' highlight, and a shadow strip below and right that runs into
 * the bottom tiles' shadow, on a flat light ground.
 */
export function classic(pitch: number, picture: Picture, name: string, { left, top } = { left: 166, top: 117 }): Drawn {
  const rows = picture.length, cols = picture[0]!.length;
  const img = createImage(left + cols * pitch + 150, top + rows * pitch + 90, [230, 230, 230]);
  rect(img, left - 4, top - 4, cols * pitch + 8, 4, [255, 255, 255]);
  rect(img, left - 4, top - 4, 4, rows * pitch + 8, [255, 255, 255]);
  rect(img, left - 4, top + rows * pitch, cols * pitch + 7, 3, [85, 85, 85]);
  rect(img, left + cols * pitch, top - 4, 3, rows * pitch + 7, [85, 85, 85]);
  const digit: Record<string, Rgb> = { '1': [30, 30, 220], '2': [20, 130, 20], '3': [200, 30, 30] };
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      const x = left + cx * pitch, y = top + cy * pitch, k = picture[cy]![cx]!;
      const [face, light, dark, inner, outer]: Rgb[] = k === '.'
        ? [[238, 238, 238], [255, 255, 255], [85, 85, 85], [246, 246, 246], [165, 165, 165]]
        : [[211, 211, 211], [85, 85, 85], [255, 255, 255], [151, 151, 151], [232, 232, 232]];
      rect(img, x, y, pitch, pitch, face);
      rect(img, x, y + 1, pitch, 1, inner);
      rect(img, x, y, pitch, 1, light);
      rect(img, x, y, 1, pitch, light);
      if (k !== '.') rect(img, x + 1, y, 1, pitch, inner);
      rect(img, x, y + pitch - 2, pitch, 1, outer);
      rect(img, x + pitch - 2, y, 1, pitch, outer);
      rect(img, x, y + pitch - 1, pitch, 1, dark);
      rect(img, x + pitch - 1, y, 1, pitch, dark);
      if (digit[k]) mark(img, x + 2, y + 2, pitch - 4, digit[k]!);
    }
  }
  return { name, image: img, grid: { left, top, pitch, cols, rows } };
}

/**
 * The drawn boards the locator finds whole and exactly (`known`), and those it does not yet
 * (`open`: docs/zoo.md says why): the 24 px bevelled board mostly open, and the 20 px framed
 * board lost with many mines at its ends (found in parts).
 */
export function zooCases(): { known: Drawn[]; open: Drawn[] } {
  const rng = createRng(19);
  const known: Drawn[] = [];
  const open: Drawn[] = [];
  for (const p of [30, 50]) {
    known.push(dithered(p, 8, 8, FRESH, `dithered ${p} px fresh`), dithered(p, 8, 8, MID, `dithered ${p} px mid-game`), dithered(p, 9, 9, LAST_COLUMN, `dithered ${p} px last column open`));
    known.push(ditheredLost(p, 8, 8, TOP_ROWS, `dithered ${p} px lost, green lines at the top`), ditheredLost(p, 8, 8, MID, `dithered ${p} px lost, green lines in the middle`));
  }
  known.push(bevelled(48, 8, 8, FRESH, 'bevelled 48 px 8x8 fresh'), bevelled(24, 16, 16, FRESH, 'bevelled 24 px 16x16 fresh'), bevelled(24, 16, 16, MID, 'bevelled 24 px 16x16 mid-game'));
  known.push(bevelled(48, 8, 8, MID, 'bevelled 48 px 8x8 mid-game'), bevelled(48, 8, 8, OPEN_RIGHT, 'bevelled 48 px 8x8 open but the left'));
  known.push(bevelled(48, 8, 8, MOSTLY_OPEN, 'bevelled 48 px 8x8 mostly open'));
  known.push(bevelled(48, 8, 8, OPENED_BUT_TOP_RIGHT, 'bevelled 48 px 8x8 opened but the top right'), bevelled(48, 8, 8, OPENED_BUT_TOP_RIGHT, 'bevelled 48 px 8x8 opened but the top right, a pixel lower', 0, 1));
  for (const p of [48, 24]) {
    const n = 384 / p;
    known.push(bevelled(p, n, n, OPEN_BELOW, `bevelled ${p} px ${n}x${n} open below`), bevelled(p, n, n, OPEN_BELOW, `bevelled ${p} px ${n}x${n} open below, a pixel lower`, 1, 1));
    known.push(bevelled(p, n, n, OPEN_RIGHTMOST, `bevelled ${p} px ${n}x${n} open at the right`));
  }
  known.push(bevelled(48, 8, 8, LOST_LOW_LEFT, 'bevelled 48 px lost, open low at the left'), bevelled(48, 8, 8, OPEN_TOP_LEFT, 'bevelled 48 px open at the top left'));
  known.push(bevelled(48, 8, 8, OPEN_TOP_HALF, 'bevelled 48 px open over the top half'), bevelled(48, 8, 8, OPEN_TOP_HALF, 'bevelled 48 px open over the top half, a pixel lower', 0, 1));
  known.push(bevelled(48, 8, 8, LOST_AT_ONCE, 'bevelled 48 px lost at once'), bevelled(24, 16, 16, (x, y) => LOST_AT_ONCE(x >> 1, y >> 1, 8, 8), 'bevelled 24 px 16x16 lost at once'));
  known.push(bevelled(12, 32, 32, FRESH, 'bevelled 12 px 32x32 fresh'), bevelled(12, 32, 32, FRESH, 'bevelled 12 px 32x32 fresh, a pixel lower', 0, 1));
  known.push(bevelled(12, 32, 32, MID, 'bevelled 12 px 32x32 mid-game'), bevelled(12, 32, 32, MID, 'bevelled 12 px 32x32 mid-game, a pixel right', 1, 0));
  known.push(bevelled(12, 32, 32, MID, 'bevelled 12 px 32x32 mid-game, a pixel lower', 0, 1), bevelled(12, 32, 32, OPEN_RIGHT, 'bevelled 12 px 32x32 open but the left'));
  known.push(bevelled(12, 32, 32, MOSTLY_OPEN, 'bevelled 12 px 32x32 mostly open'));
  known.push(bevelled(12, 32, 32, OPEN_RIGHT, 'bevelled 12 px 32x32 open but the left, a pixel lower', 0, 1), bevelled(12, 32, 32, MOSTLY_OPEN, 'bevelled 12 px 32x32 mostly open, a pixel lower', 0, 1));
  known.push(bevelled(24, 16, 16, MOSTLY_OPEN, 'bevelled 24 px 16x16 mostly open'));
  for (const p of [20, 29, 40]) {
    known.push(framed(p, 9, 9, FRESH, `framed ${p} px fresh`, rng));
    known.push(framed(p, 9, 9, FIRST_ROW, `framed ${p} px top row open`, rng));
    known.push(framed(p, 16, 16, MID, `framed ${p} px 16x16 mid-game`, rng));
    known.push(framed(p, 9, 9, TOP_OPEN, `framed ${p} px top rows open`, rng));
    known.push(framed(p, 9, 9, ONE_COLUMN_AT_TOP, `framed ${p} px top rows open but one column`, rng));
    known.push(framed(p, 9, 9, OPEN_AT_BOTH_ENDS, `framed ${p} px cells open at both ends`, rng));
    (p === 20 ? open : known).push(framed(p, 9, 9, LOST_AT_ENDS, `framed ${p} px lost, mines at the ends`, rng));
  }
  known.push(classic(29, CLASSIC_OPEN_DOWN_THE_RIGHT, 'classic 29 px open down the right'), classic(29, CLASSIC_OPEN_ON_THE_RIGHT, 'classic 29 px open on the right'));
  known.push(classic(29, CLASSIC_OPEN_BELOW, 'classic 29 px open below its first rows'));
  for (const p of [20, 40]) known.push(ringed(p, 16, 16, FRESH, `ringed ${p} px fresh`), ringed(p, 16, 16, MID, `ringed ${p} px mid-game`), ringed(p, 9, 9, OPEN_AT_BOTH_ENDS, `ringed ${p} px 9x9 cells open at both ends`));
  return { known, open };
}
