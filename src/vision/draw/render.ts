// Draws a board with a skin: the whole client area of the game window (frame boxes, counters,
// face, cells). Used by the simulated desktop and by the vision tests (render → read round trip).

import { EXPLODED, FLAG, WRONG_FLAG, type Board } from '../../core/board.js';
import { blit, createImage, fillRect, resize, type Rgb, type RgbaImage } from '../image.js';
import { CELL_STATES, CODE_OF_STATE, loadSkin, parseColour, type CellState, type Skin } from '../skins/skin.js';
import { clientSize, resolveX, resolveY, type Grid } from '../geometry.js';
import { VisionError } from '../errors.js';
import { bevel } from './draw-winxp.js';

export interface RenderOptions {
  /** Display scale (1 = 100%). Whole factors are pixel-doubled, others resampled bilinearly. */
  scale?: number;
  /** Face to show; default lost if an exploded mine shows, else playing. */
  face?: 'playing' | 'won' | 'lost' | 'surprised';
  /** Mine counter; default mines − flags (flags and wrong flags). */
  mineCounter?: number;
  timer?: number;
}

export interface Rendered {
  image: RgbaImage;
  grid: Grid;
}

const STATE_OF_CODE: CellState[] = [];
for (const s of CELL_STATES) STATE_OF_CODE[CODE_OF_STATE[s]] = s;

export function renderBoard(board: Board, skinName: string, options: RenderOptions = {}): Rendered {
  const skin = loadSkin(skinName);
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 8)) throw new RangeError(`scale must be in (0, 8], got ${scale}`);
  const base = renderAtScale1(board, skin, options);
  if (scale === 1) return base;
  const width = Math.round(base.image.width * scale);
  const height = Math.round(base.image.height * scale);
  const image = resize(base.image, width, height, Number.isInteger(scale) ? 'nearest' : 'bilinear');
  const g = base.grid;
  return { image, grid: { left: g.left * scale, top: g.top * scale, pitch: g.pitch * scale, cols: g.cols, rows: g.rows, scale } };
}

function colour(skin: Skin, name: string | undefined, fallback: Rgb): Rgb {
  return name ? parseColour(name, skin.palette) : fallback;
}

function renderAtScale1(board: Board, skin: Skin, options: RenderOptions): Rendered {
  const p = skin.pitch;
  const win = skin.file.window;
  const size = clientSize(skin, board.width, board.height) ?? { width: board.width * p, height: board.height * p };
  const margins = win?.margins ?? { left: 0, top: 0, right: 0, bottom: 0 };
  const image = createImage(size.width, size.height, colour(skin, win?.background, [192, 192, 192]));
  const grid: Grid = { left: margins.left, top: margins.top, pitch: p, cols: board.width, rows: board.height, scale: 1 };
  for (const box of win?.boxes ?? []) {
    const x0 = resolveX(box.rect[0], grid, size), y0 = resolveY(box.rect[1], grid, size);
    const x1 = resolveX(box.rect[2], grid, size), y1 = resolveY(box.rect[3], grid, size);
    if (box.kind === 'fill') fillRect(image, x0, y0, x1, y1, colour(skin, box.colour, [0, 0, 0]));
    else bevel(image, x0, y0, x1, y1, box.width ?? 1, colour(skin, box.topLeft, [255, 255, 255]), colour(skin, box.bottomRight, [128, 128, 128]));
  }
  const sprite = new Map<CellState, RgbaImage>();
  for (const c of skin.cells) if (!sprite.has(c.state)) sprite.set(c.state, c.image);
  for (let y = 0; y < board.height; y++) {
    for (let x = 0; x < board.width; x++) {
      const code = board.cells[y * board.width + x]!;
      const state = STATE_OF_CODE[code];
      const img = (state && sprite.get(state)) ?? sprite.get('covered');
      if (!img) throw new VisionError(`skin "${skin.name}" cannot draw cell state ${state}`);
      blit(image, img, grid.left + x * p, grid.top + y * p);
    }
  }
  const face = skin.file.face;
  if (face) {
    const exploded = board.cells.some((c) => c === EXPLODED);
    const want = options.face ?? (exploded ? 'lost' : 'playing');
    const img = skin.faces.find((f) => f.state === want)?.image ?? skin.faces[0]?.image;
    if (img) blit(image, img, Math.round(resolveX(face.at.x, grid, size)), Math.round(resolveY(face.at.y, grid, size)));
  }
  const counters = skin.file.counters;
  if (counters) {
    let flags = 0;
    for (const c of board.cells) if (c === FLAG || c === WRONG_FLAG) flags++;
    if (counters.mines) drawCounter(image, skin, counters.mines, options.mineCounter ?? board.mines - flags, grid, size);
    if (counters.timer) drawCounter(image, skin, counters.timer, options.timer ?? 0, grid, size);
  }
  return { image, grid };
}

/** The text a 3-digit LED counter shows for a value (clamped to -99..999, like winmine). */
export function counterText(value: number, digits: number): string {
  const max = 10 ** digits - 1;
  const min = -(10 ** (digits - 1) - 1);
  const v = Math.max(min, Math.min(max, Math.trunc(value)));
  return v < 0 ? '-' + String(-v).padStart(digits - 1, '0') : String(v).padStart(digits, '0');
}

function drawCounter(image: RgbaImage, skin: Skin, counter: NonNullable<NonNullable<Skin['file']['counters']>['mines']>, value: number, grid: Grid, size: { width: number; height: number }): void {
  const text = counterText(value, counter.digits);
  const x0 = Math.round(resolveX(counter.at.x, grid, size));
  const y0 = Math.round(resolveY(counter.at.y, grid, size));
  for (let i = 0; i < text.length; i++) {
    const img = skin.digits.find((d) => d.char === text[i])?.image;
    if (img) blit(image, img, x0 + i * counter.step, y0);
  }
}
