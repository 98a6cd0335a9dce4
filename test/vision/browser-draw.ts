// Drawing boards the way a browser shows a classic-look game at a zoom or display scale other
// than 100%: each cell (and each LED digit) is an element of whole CSS pixels showing part of a
// sprite sheet (background-position); at device scale s the element covers the device pixels
// [round(x·s), round((x+w)·s)), and the browser samples the sheet with smoothing (bilinear), so
// that an element's edge pixels also take some of the sprite next to it in the sheet. The rest
// of the window is the whole client area scaled with smoothing. Pure; for the vision tests.

import { createImage, blit, fillRect, setPixel, type RgbaImage } from '../../src/vision/image.js';
import { CELL_STATES, CODE_OF_STATE, loadSkin, type CellState, type SkinCounter } from '../../src/vision/skins/skin.js';
import { counterText, renderBoard } from '../../src/vision/draw/render.js';
import { resolveX, resolveY, clientSize, type Grid } from '../../src/vision/geometry.js';
import type { Board } from '../../src/core/board.js';

/** A sprite sheet: the images side by side in rows, and where each one is. */
export interface Sheet {
  image: RgbaImage;
  at: Map<string, [number, number]>;
}

/** Puts sprites of one size in rows of `perRow` (no gaps: neighbours bleed into each other, as in real sheets). */
export function makeSheet(sprites: [string, RgbaImage][], perRow: number): Sheet {
  const w = sprites[0]![1].width, h = sprites[0]![1].height;
  const rows = Math.ceil(sprites.length / perRow);
  const image = createImage(w * Math.min(perRow, sprites.length), h * rows, [0, 0, 0]);
  const at = new Map<string, [number, number]>();
  sprites.forEach(([name, img], i) => {
    const x = (i % perRow) * w, y = Math.floor(i / perRow) * h;
    blit(image, img, x, y);
    at.set(name, [x, y]);
  });
  return { image, at };
}

/** Bilinear sample of channel c at (u, v) of an image, clamped to its edges. */
function sample(img: RgbaImage, u: number, v: number, c: number): number {
  const W = img.width, H = img.height;
  u = Math.min(W - 1, Math.max(0, u));
  v = Math.min(H - 1, Math.max(0, v));
  const x0 = Math.floor(u), y0 = Math.floor(v);
  const x1 = Math.min(W - 1, x0 + 1), y1 = Math.min(H - 1, y0 + 1);
  const ax = u - x0, ay = v - y0;
  const p = (x: number, y: number): number => img.data[(y * W + x) * 4 + c]!;
  return (p(x0, y0) * (1 - ax) + p(x1, y0) * ax) * (1 - ay) + (p(x0, y1) * (1 - ax) + p(x1, y1) * ax) * ay;
}

/**
 * Draws an element of w×h CSS px at CSS (x, y), showing the sheet from (sx, sy), onto a canvas at
 * device scale s. `nudge` (device px, 0..1) moves the whole page by a fraction of a pixel, as a
 * page scrolled or centred by a fractional amount does before the browser snaps elements.
 */
export function drawElement(canvas: RgbaImage, sheet: RgbaImage, x: number, y: number, w: number, h: number, sx: number, sy: number, s: number, nudge = 0): void {
  const X0 = Math.round(x * s + nudge), X1 = Math.round((x + w) * s + nudge);
  const Y0 = Math.round(y * s + nudge), Y1 = Math.round((y + h) * s + nudge);
  const fx = w / (X1 - X0), fy = h / (Y1 - Y0);
  for (let py = Y0; py < Y1; py++) {
    if (py < 0 || py >= canvas.height) continue;
    const v = sy + (py + 0.5 - Y0) * fy - 0.5;
    for (let px = X0; px < X1; px++) {
      if (px < 0 || px >= canvas.width) continue;
      const u = sx + (px + 0.5 - X0) * fx - 0.5;
      const o = (py * canvas.width + px) * 4;
      for (let c = 0; c < 3; c++) canvas.data[o + c] = Math.round(sample(sheet, u, v, c));
      canvas.data[o + 3] = 255;
    }
  }
}

/** drawElement for an element whose device origin (ox, oy) is given in device px, at scale s. */
export function drawElementScaled(canvas: RgbaImage, sheet: RgbaImage, ox: number, oy: number, w: number, h: number, sx: number, sy: number, s: number, nudge = 0): void {
  drawElement(canvas, sheet, ox / s, oy / s, w, h, sx, sy, s, nudge);
}

/** The cell sprites of a skin as a sheet (numbers in one row, the other states in the next). */
export function cellSheet(skinName: string): Sheet {
  const skin = loadSkin(skinName);
  const first = (state: CellState): RgbaImage => skin.cells.find((c) => c.state === state)!.image;
  const order: CellState[] = ['1', '2', '3', '4', '5', '6', '7', '8', 'covered', '0', 'mine', 'flag', 'wrongFlag', 'exploded', 'question'];
  return makeSheet(order.filter((st) => skin.cells.some((c) => c.state === st)).map((st) => [st, first(st)]), 8);
}

/** The LED digits of a skin as one row, 0-9 then '-'. */
export function digitSheet(skinName: string): Sheet {
  const skin = loadSkin(skinName);
  return makeSheet([...'0123456789-'].map((ch) => [ch, skin.digits.find((d) => d.char === ch)!.image]), 11);
}

/**
 * Draws an LED counter's digits as elements over a browser-drawn window (g1: the grid in CSS px,
 * scale 1): where the skin puts them (moved by counterShift), each digit digitScale times the
 * cells' scale, sampled from the digit sheet with smoothing.
 */
export function drawCounter(image: RgbaImage, skinName: string, counter: SkinCounter, value: number, g1: Grid, s: number, options: BrowserDrawOptions = {}): void {
  const skin = loadSkin(skinName);
  if (!skin.file.digits) return;
  const digits = options.digits ?? digitSheet(skinName);
  const size = clientSize(skin, g1.cols, g1.rows)!;
  const text = counterText(value, counter.digits);
  const [dx, dy] = options.counterShift ?? [0, 0];
  const x0 = Math.round(resolveX(counter.at.x, g1, size)) + dx, y0 = Math.round(resolveY(counter.at.y, g1, size)) + dy;
  const k = options.digitScale ?? 1;
  // the digits renderBoard drew where the skin puts them give way to the LED's black
  const w = skin.file.digits.width, h = skin.file.digits.height;
  const bx = Math.round(resolveX(counter.at.x, g1, size)), by = Math.round(resolveY(counter.at.y, g1, size));
  fillRect(image, Math.round(bx * s), Math.round(by * s), Math.round((bx + (counter.digits - 1) * counter.step + w) * s), Math.round((by + h) * s), [0, 0, 0]);
  for (let i = 0; i < text.length; i++) {
    const [sx, sy] = digits.at.get(text[i]!)!;
    // drawn at k·s from the counter's corner (a CSS transform of the counter)
    drawElementScaled(image, digits.image, x0 * s + i * counter.step * k * s, y0 * s, skin.file.digits.width, skin.file.digits.height, sx, sy, k * s, options.nudge ?? 0);
  }
}

const STATE_OF_CODE: CellState[] = [];
for (const st of CELL_STATES) STATE_OF_CODE[CODE_OF_STATE[st]] = st;

export interface BrowserDrawOptions {
  /** The cell sprites' sheet (default: the skin's own, cellSheet). */
  cells?: Sheet;
  /** The LED digits' sheet (default: the skin's own, digitSheet). */
  digits?: Sheet;
  /** Mine counter and timer values (default: as renderBoard draws them). */
  mineCounter?: number;
  timer?: number;
  nudge?: number;
  /** Moves the counters by this many CSS px from where the skin puts them (another game's layout). */
  counterShift?: [number, number];
  /** Draws the counters' digits this many times larger than the cells' scale (another game's proportions). */
  digitScale?: number;
}

/**
 * A board in a skin's window as a browser shows it at scale s: the client area scaled smoothly
 * (sharp is not needed: renderBoard's bilinear), then every cell and counter digit drawn as an
 * element sampling its sheet. Returns the image and the true grid.
 */
export function browserBoard(board: Board, skinName: string, s: number, options: BrowserDrawOptions = {}): { image: RgbaImage; grid: Grid } {
  const skin = loadSkin(skinName);
  const nudge = options.nudge ?? 0;
  const base = renderBoard(board, skinName, { scale: s, ...(options.mineCounter !== undefined ? { mineCounter: options.mineCounter } : {}), ...(options.timer !== undefined ? { timer: options.timer } : {}) });
  const image = base.image;
  const g1: Grid = { left: base.grid.left / s, top: base.grid.top / s, pitch: skin.pitch, cols: board.width, rows: board.height, scale: 1 };
  const cells = options.cells ?? cellSheet(skinName);
  const p = skin.pitch;
  for (let y = 0; y < board.height; y++) {
    for (let x = 0; x < board.width; x++) {
      const state = STATE_OF_CODE[board.cells[y * board.width + x]!]!;
      const [sx, sy] = cells.at.get(state) ?? cells.at.get('covered')!;
      drawElement(image, cells.image, g1.left + x * p, g1.top + y * p, p, p, sx, sy, s, nudge);
    }
  }
  const counters = skin.file.counters;
  if (counters) {
    let flags = 0;
    for (const c of board.cells) if (c === CODE_OF_STATE.flag || c === CODE_OF_STATE.wrongFlag) flags++;
    if (counters.mines) drawCounter(image, skinName, counters.mines, options.mineCounter ?? board.mines - flags, g1, s, options);
    if (counters.timer) drawCounter(image, skinName, counters.timer, options.timer ?? 0, g1, s, options);
  }
  return { image, grid: { left: Math.round(g1.left * s + nudge), top: Math.round(g1.top * s + nudge), pitch: p * s, cols: board.width, rows: board.height, scale: s } };
}

/**
 * The mine cells of classic games as measured on them (not the skin's sprites): on an opened
 * tile (grey, a dark line on top and left; red for the exploded one), a black body of rows 4-12
 * 5, 7, 9, 9, 9, 9, 9, 7, 5 px wide around column 8, spikes along row 8 and column 8 from 2 to
 * 14, a dot at each diagonal (4,4) (12,4) (4,12) (12,12), a 2x2 white highlight at (6,6); a wrong
 * flag is that mine under a red cross of 2 px strokes over rows 3-14.
 */
export function classicMine(background: [number, number, number], cross: boolean) {
  const img = createImage(16, 16, background);
  fillRect(img, 0, 0, 16, 1, [128, 128, 128]);
  fillRect(img, 0, 0, 1, 16, [128, 128, 128]);
  const black: [number, number, number] = [0, 0, 0];
  [5, 7, 9, 9, 9, 9, 9, 7, 5].forEach((w, k) => fillRect(img, 8 - (w >> 1), 4 + k, 9 + (w >> 1), 5 + k, black));
  fillRect(img, 2, 8, 15, 9, black);
  fillRect(img, 8, 2, 9, 15, black);
  for (const [x, y] of [[4, 4], [12, 4], [4, 12], [12, 12]] as const) setPixel(img, x, y, black);
  fillRect(img, 6, 6, 8, 8, [255, 255, 255]);
  if (cross) {
    for (let y = 3; y <= 14; y++) {
      fillRect(img, y - 1, y, y + 1, y + 1, [255, 0, 0]);
      fillRect(img, 16 - y, y, 18 - y, y + 1, [255, 0, 0]);
    }
  }
  return img;
}

/** The skin's own sheet with the mine, wrong-flag and exploded cells drawn as measured. */
export function classicSheet(): Sheet {
  const sheet = cellSheet('winxp');
  const image = { ...sheet.image, data: sheet.image.data.slice() };
  const put = (state: string, cell: ReturnType<typeof createImage>): void => {
    const [x0, y0] = sheet.at.get(state)!;
    for (let y = 0; y < 16; y++) for (let x = 0; x < 16; x++) for (let c = 0; c < 4; c++) image.data[((y0 + y) * image.width + x0 + x) * 4 + c] = cell.data[(y * 16 + x) * 4 + c]!;
  };
  put('mine', classicMine([192, 192, 192], false));
  put('exploded', classicMine([255, 0, 0], false));
  put('wrongFlag', classicMine([192, 192, 192], true));
  return { image, at: sheet.at };
}

