// Looks NEAR the three shipped skins (winxp, xdemineur, sgt-mines) but not equal to them, for
// testing that the reader refuses, or marks unsure, what no skin explains (issue 12, item 1):
// recoloured, re-fonted, reshaped (other bevels, flat tiles, no grid lines), dithered monochrome,
// gradient-shaded or textured covers, rounded tiles with gaps (GNOME Mines / Microsoft
// Minesweeper style), another Linux Minesweeper's palette, and textured or gradient surroundings
// around an unchanged board. All drawn here by code (our own glyphs and icons), pure and seeded.
//
// nearLookCases(seed) → every look × board size × state (fresh, mid-game with 1..6, lost), each
// with its image, the true board (and the layout it was played on), where the grid is, and
// whether the cells themselves differ from the skin the look is near (`cells: 'changed'`) or only
// their surroundings (`cells: 'unchanged'`: a reader should read those exactly).
// scripts/near-looks.ts writes them out with a report of what the reader does with each.

import { EXPLODED, type Board } from '../../src/core/board.js';
import { createRng, mixSeed, type Rng } from '../../src/core/rng.js';
import { blit, createImage, crop, resize, type Rgb, type RgbaImage } from '../../src/vision/image.js';
import { loadSkin, type CellState } from '../../src/vision/skins/skin.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { bevel, NUMBER_COLOURS } from '../../src/vision/draw/draw-winxp.js';
import type { Grid } from '../../src/vision/geometry.js';
import { LOOK_STATES, SIZES, positionsFor, type BoardSize, type LookState } from './near-positions.js';
import {
  clamp, crossIcon, dotDigit, flagIcon, getPixel, gradient, hex, mapPixels, mineIcon, paintInk, rect, roundedTile, sameRgb, segmentDigit, woodTexture,
} from './near-draw.js';

export type ShippedSkin = 'winxp' | 'xdemineur' | 'sgt-mines';

export interface NearLookCase {
  /** `look/state-COLSxROWS`, unique. */
  name: string;
  look: string;
  near: ShippedSkin;
  /** What the look changes, in words. */
  changes: string;
  /** Whether the cells are drawn differently from `near`'s sprites, or only their surroundings. */
  cells: 'changed' | 'unchanged';
  state: LookState;
  image: RgbaImage;
  board: Board;
  /** The mine layout the position was played on (1 = mine, row-major); all-covered for fresh. */
  layout: Uint8Array;
  grid: Grid;
}

interface LookDef {
  name: string;
  near: ShippedSkin;
  changes: string;
  cells: 'changed' | 'unchanged';
  /** States worth drawing (a look that changes only numbers looks like its skin when fresh). */
  states: readonly LookState[];
  /** Narrowest board the look exists at (xdemineur needs 12 columns for its counters and face). */
  minCols?: number;
  render(board: Board, rng: Rng): { image: RgbaImage; grid: Grid };
}

const STATE_OF_CODE: CellState[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', 'covered', 'flag', 'question', 'mine', 'exploded', 'wrongFlag'];

export function stateOf(code: number): CellState {
  const s = STATE_OF_CODE[code];
  if (!s) throw new RangeError(`bad cell code ${code}`);
  return s;
}

const COVERED_STATES = new Set<CellState>(['covered', 'flag', 'question']);

/** The first sprite of each state of a shipped skin. */
function sprites(skin: ShippedSkin): Map<CellState, RgbaImage> {
  const out = new Map<CellState, RgbaImage>();
  for (const c of loadSkin(skin).cells) if (!out.has(c.state)) out.set(c.state, c.image);
  return out;
}

/** The skin's number colour n from its palette. */
function numberColour(skin: ShippedSkin, n: number): Rgb {
  const p = loadSkin(skin).palette[`n${n}`];
  if (!p) throw new Error(`${skin} has no colour for ${n}`);
  return p;
}

/**
 * Recolours a number's ink, keeping its antialiasing: each ink pixel is taken as a mix of the
 * tile and the old colour, and the same mix of the tile and the new colour is drawn.
 */
function recolourInk(sprite: RgbaImage, base: RgbaImage, from: Rgb, to: Rgb): RgbaImage {
  const out = { width: sprite.width, height: sprite.height, data: base.data.slice() };
  paintInk(out, sprite, base, 0, 0);
  return mapPixels(out, (c, x, y) => {
    const b = getPixel(base, x, y);
    if (sameRgb(c, b)) return c;
    let a = 0;
    for (let k = 0; k < 3; k++) if (Math.abs(from[k]! - b[k]!) > 20) a = Math.max(a, (c[k]! - b[k]!) / (from[k]! - b[k]!));
    a = Math.max(0, Math.min(1, a));
    return [b[0] + (to[0] - b[0]) * a, b[1] + (to[1] - b[1]) * a, b[2] + (to[2] - b[2]) * a];
  });
}

/** Multiplies every pixel by per-channel factors (and adds an offset). */
const tint = (img: RgbaImage, f: Rgb, add: Rgb = [0, 0, 0]): RgbaImage => mapPixels(img, (c) => [c[0] * f[0] + add[0], c[1] * f[1] + add[1], c[2] * f[2] + add[2]]);

/** Replaces the tile under the ink: the covered states drawn on `covered`, keeping their ink. */
function onNewCover(spr: Map<CellState, RgbaImage>, covered: RgbaImage): Map<CellState, RgbaImage> {
  const out = new Map<CellState, RgbaImage>([['covered', covered]]);
  for (const s of ['flag', 'question'] as const) {
    const old = spr.get(s);
    if (!old) continue;
    const img = { width: covered.width, height: covered.height, data: covered.data.slice() };
    paintInk(img, old, spr.get('covered')!);
    out.set(s, img);
  }
  return out;
}

type CellSprite = (state: CellState, x: number, y: number, grid: Grid) => RgbaImage | undefined;

/**
 * A look made from a shipped skin's own window (frame, counters, face): the board rendered with
 * the skin, then every cell the look draws differently replaced, then `after` (surroundings).
 */
function derived(
  def: Omit<LookDef, 'render'>,
  cell: () => CellSprite,
  after?: (image: RgbaImage, grid: Grid, rng: Rng) => { image: RgbaImage; grid: Grid },
): LookDef {
  let memo: CellSprite | undefined;
  return {
    ...def,
    render(board, rng) {
      memo ??= cell();
      const { image, grid } = renderBoard(board, def.near, { mineCounter: board.mines, timer: 17 });
      for (let y = 0; y < board.height; y++) {
        for (let x = 0; x < board.width; x++) {
          const img = memo(stateOf(board.cells[y * board.width + x]!), x, y, grid);
          if (img) blit(image, img, grid.left + x * grid.pitch, grid.top + y * grid.pitch);
        }
      }
      return after ? after(image, grid, rng) : { image, grid };
    },
  };
}

/** A fixed sprite per state (missing states keep the skin's). */
const fixed = (map: () => Map<CellState, RgbaImage>) => (): CellSprite => {
  const m = map();
  return (state) => m.get(state);
};

/** Pixels outside the grid (and its frame of `frame` px) that have colour `bg` get `paint(x, y)`. */
function repaintAround(image: RgbaImage, grid: Grid, bg: Rgb[], paint: (x: number, y: number) => Rgb, frame = 4): RgbaImage {
  const x0 = grid.left - frame, y0 = grid.top - frame;
  const x1 = grid.left + grid.cols * grid.pitch + frame, y1 = grid.top + grid.rows * grid.pitch + frame;
  return mapPixels(image, (c, x, y) => (x >= x0 && x < x1 && y >= y0 && y < y1) || !bg.some((b) => sameRgb(b, c)) ? c : paint(x, y));
}

/** The window placed on a wallpaper at a seeded offset. */
function onWallpaper(image: RgbaImage, grid: Grid, wallpaper: (w: number, h: number) => RgbaImage, rng: Rng): { image: RgbaImage; grid: Grid } {
  const dx = 30 + rng.int(60), dy = 30 + rng.int(60);
  const out = wallpaper(image.width + dx + 40 + rng.int(40), image.height + dy + 40 + rng.int(40));
  blit(out, image, dx, dy);
  return { image: out, grid: { ...grid, left: grid.left + dx, top: grid.top + dy } };
}

// ---- looks near winxp ------------------------------------------------------------------------

const XP_BG: Rgb = [192, 192, 192];
const XP_LIGHT: Rgb = [255, 255, 255];
const XP_DARK: Rgb = [128, 128, 128];

const OTHER_NUMBER_COLOURS: Rgb[] = ['#8B00C8', '#C86400', '#009696', '#6E6E00', '#0064FF', '#C80078', '#505050', '#B4B4B4'].map(hex);

function xpCover(width: number): RgbaImage {
  const img = createImage(16, 16, XP_BG);
  if (width > 0) bevel(img, 0, 0, 16, 16, width, XP_LIGHT, XP_DARK);
  return img;
}

function numbersRedrawn(skin: ShippedSkin, draw: (img: RgbaImage, n: number, colour: Rgb) => void): Map<CellState, RgbaImage> {
  const spr = sprites(skin);
  const out = new Map<CellState, RgbaImage>();
  for (let n = 1; n <= 8; n++) {
    const base = spr.get('0')!;
    const img = { width: base.width, height: base.height, data: base.data.slice() };
    draw(img, n, numberColour(skin, n));
    out.set(String(n) as CellState, img);
  }
  return out;
}

/** Monochrome: the skin's grey becomes a 50% black/white dither on covers and frame, white on opened tiles. */
function monochrome(c: Rgb, x: number, y: number, opened: boolean): Rgb {
  if (sameRgb(c, XP_BG)) return opened ? [255, 255, 255] : (x + y) % 2 ? [255, 255, 255] : [0, 0, 0];
  const luma = (c[0] * 77 + c[1] * 150 + c[2] * 29) >> 8;
  return luma >= 150 ? [255, 255, 255] : [0, 0, 0];
}

const WINXP_LOOKS: LookDef[] = [
  derived(
    { name: 'winxp-recoloured', near: 'winxp', cells: 'changed', states: LOOK_STATES, changes: 'numbers in other colours, covered tiles tinted blue' },
    fixed(() => {
      const spr = sprites('winxp');
      const out = new Map<CellState, RgbaImage>();
      for (const s of COVERED_STATES) if (spr.has(s)) out.set(s, tint(spr.get(s)!, [0.8, 0.88, 1], [0, 0, 22]));
      for (let n = 1; n <= 8; n++) out.set(String(n) as CellState, recolourInk(spr.get(String(n) as CellState)!, spr.get('0')!, NUMBER_COLOURS[n]!, OTHER_NUMBER_COLOURS[n - 1]!));
      return out;
    }),
  ),
  derived(
    { name: 'winxp-refont', near: 'winxp', cells: 'changed', states: ['mid', 'lost'], changes: 'digits in a thin 5x7 dot-matrix font, same colours' },
    fixed(() => numbersRedrawn('winxp', (img, n, c) => dotDigit(img, n, 3, 1, 10, 14, c))),
  ),
  derived(
    { name: 'winxp-bevel1', near: 'winxp', cells: 'changed', states: LOOK_STATES, changes: 'covered tiles with a 1 px bevel instead of 2' },
    fixed(() => onNewCover(sprites('winxp'), xpCover(1))),
  ),
  derived(
    { name: 'winxp-bevel3', near: 'winxp', cells: 'changed', states: LOOK_STATES, changes: 'covered tiles with a 3 px bevel instead of 2' },
    fixed(() => onNewCover(sprites('winxp'), xpCover(3))),
  ),
  derived(
    { name: 'winxp-flat', near: 'winxp', cells: 'changed', states: LOOK_STATES, changes: 'flat covered tiles (no bevel), darker grey, 1 px grid line like the opened ones' },
    fixed(() => {
      const img = createImage(16, 16, [170, 170, 170]);
      rect(img, 0, 0, 16, 1, XP_DARK);
      rect(img, 0, 0, 1, 16, XP_DARK);
      return onNewCover(sprites('winxp'), img);
    }),
  ),
  derived(
    { name: 'winxp-dithered', near: 'winxp', cells: 'changed', states: LOOK_STATES, changes: 'monochrome: covers and frame a 50% black/white dither, opened tiles white, everything else black or white' },
    () => {
      const spr = sprites('winxp');
      return (state, x, y) => {
        const img = spr.get(state)!;
        const opened = !COVERED_STATES.has(state);
        const mono = mapPixels(img, (c, i, j) => monochrome(c, x * 16 + i, y * 16 + j, opened));
        return state === 'exploded' ? mapPixels(mono, (c) => [255 - c[0], 255 - c[1], 255 - c[2]]) : mono;
      };
    },
    (image, grid) => ({ image: repaintAround(mapPixels(image, (c, x, y) => monochrome(c, x, y, false)), grid, [], () => [0, 0, 0]), grid }),
  ),
  derived(
    { name: 'winxp-gradient', near: 'winxp', cells: 'changed', states: LOOK_STATES, changes: 'covered tiles shaded by their place on the board (brighter top-left, darker bottom-right, like Windows 7), window background a vertical gradient' },
    () => {
      const spr = sprites('winxp');
      return (state, x, y, grid) => {
        if (!COVERED_STATES.has(state)) return undefined;
        const W = grid.cols * 16, H = grid.rows * 16;
        return mapPixels(spr.get(state)!, (c, i, j) => {
          const f = 1.12 - 0.32 * ((x * 16 + i) / W + (y * 16 + j) / H) / 2;
          return [c[0] * f, c[1] * f, c[2] * f * 1.04];
        });
      };
    },
    (image, grid) => ({ image: repaintAround(image, grid, [XP_BG], (_x, y) => [clamp(214 - (y * 60) / image.height), clamp(214 - (y * 50) / image.height), clamp(226 - (y * 30) / image.height)]), grid }),
  ),
  derived(
    { name: 'winxp-wallpaper', near: 'winxp', cells: 'unchanged', states: LOOK_STATES, changes: 'the classic window unchanged, on a wood-textured desktop' },
    () => () => undefined,
    (image, grid, rng) => onWallpaper(image, grid, (w, h) => woodTexture(w, h, [150, 105, 60], rng), rng),
  ),
];

// ---- looks near xdemineur and sgt-mines -------------------------------------------------------

const XD_BG: Rgb = [0xb3, 0xb3, 0xb3];
const SGT_BG: Rgb = [0xe6, 0xe6, 0xe6];

const OTHER_LOOKS_DERIVED: LookDef[] = [
  derived(
    { name: 'xdemineur-recoloured', near: 'xdemineur', cells: 'changed', states: LOOK_STATES, minCols: 12, changes: 'numbers in other colours, covered tiles tinted green' },
    fixed(() => {
      const spr = sprites('xdemineur');
      const out = new Map<CellState, RgbaImage>();
      for (const s of COVERED_STATES) if (spr.has(s)) out.set(s, tint(spr.get(s)!, [0.86, 1, 0.82], [0, 10, 0]));
      const to = ['#B400B4', '#FF8C00', '#0096C8', '#808000', '#00A050', '#C83232', '#404040', '#00C8C8'].map(hex);
      for (let n = 1; n <= 8; n++) out.set(String(n) as CellState, recolourInk(spr.get(String(n) as CellState)!, spr.get('0')!, numberColour('xdemineur', n), to[n - 1]!));
      return out;
    }),
  ),
  derived(
    { name: 'xdemineur-nogrid', near: 'xdemineur', cells: 'changed', states: LOOK_STATES, minCols: 12, changes: 'no black grid lines: the 1 px lines between cells drawn in the background grey' },
    () => () => undefined,
    (image, grid) => ({
      image: mapPixels(image, (c, x, y) => {
        const inX = x >= grid.left - 1 && x < grid.left + grid.cols * grid.pitch, inY = y >= grid.top - 1 && y < grid.top + grid.rows * grid.pitch;
        const onLine = (x - grid.left + 1) % grid.pitch === 0 || (y - grid.top + 1) % grid.pitch === 0;
        return inX && inY && onLine && sameRgb(c, [0, 0, 0]) ? XD_BG : c;
      }),
      grid,
    }),
  ),
  derived(
    { name: 'sgt-refont', near: 'sgt-mines', cells: 'changed', states: ['mid', 'lost'], changes: 'digits as seven segments, same colours' },
    fixed(() => numbersRedrawn('sgt-mines', (img, n, c) => segmentDigit(img, n, 6, 4, 8, 12, 2, c))),
  ),
  derived(
    { name: 'sgt-noisy-cover', near: 'sgt-mines', cells: 'changed', states: LOOK_STATES, changes: 'covered tiles textured: ±24 levels of noise on their face' },
    () => {
      const spr = sprites('sgt-mines');
      const rng = createRng(0x5e7);
      const noise = Array.from({ length: 20 * 20 }, () => (rng.next() - 0.5) * 48);
      return (state) => (COVERED_STATES.has(state) ? mapPixels(spr.get(state)!, (c, i, j) => (sameRgb(c, SGT_BG) ? c.map((v) => v + noise[j * 20 + i]!) as Rgb : c)) : undefined);
    },
  ),
  derived(
    { name: 'sgt-gradient-bg', near: 'sgt-mines', cells: 'unchanged', states: LOOK_STATES, changes: 'the board unchanged, the window around it a blue-grey vertical gradient' },
    () => () => undefined,
    (image, grid) => ({
      image: repaintAround(image, grid, [SGT_BG, [0xe5, 0xe5, 0xe5]], (_x, y) => {
        const t = y / image.height;
        return [clamp(240 - 50 * t), clamp(240 - 40 * t), clamp(244 - 20 * t)];
      }),
      grid,
    }),
  ),
];

// ---- looks drawn from scratch -----------------------------------------------------------------

interface Palette {
  background: (w: number, h: number, rng: Rng) => RgbaImage;
  margin: [number, number, number, number]; // left, top, right, bottom
  pitch: number;
  drawCell(img: RgbaImage, state: CellState, x0: number, y0: number, u: number, v: number): void;
}

function scratch(def: Omit<LookDef, 'render'>, p: Palette): LookDef {
  return {
    ...def,
    render(board, rng) {
      const [ml, mt, mr, mb] = p.margin;
      const image = p.background(ml + board.width * p.pitch + mr, mt + board.height * p.pitch + mb, rng);
      for (let y = 0; y < board.height; y++) {
        for (let x = 0; x < board.width; x++) {
          p.drawCell(image, stateOf(board.cells[y * board.width + x]!), ml + x * p.pitch, mt + y * p.pitch, x / Math.max(1, board.width - 1), y / Math.max(1, board.height - 1));
        }
      }
      return { image, grid: { left: ml, top: mt, pitch: p.pitch, cols: board.width, rows: board.height, scale: p.pitch / 16 } };
    },
  };
}

const flat = (c: Rgb) => (w: number, h: number): RgbaImage => createImage(w, h, c);

/** GNOME Mines-like: flat rounded tiles, 4 px gaps, dark digits on tinted tiles. */
const ROUNDED_GAPS: Palette = (() => {
  const pitch = 24, gap = 4, tile = pitch - gap;
  const tints = ['#E3E3E0', '#DCF5C8', '#EAEBC4', '#EBD8B8', '#EAC490', '#F2A8A8', '#F8AE8E', '#F88868', '#F84848'].map(hex);
  const ink: Rgb = hex('#31363B');
  return {
    pitch,
    margin: [26, 40, 26, 26],
    background: flat(hex('#F4F3F1')),
    drawCell(img, state, x0, y0) {
      const at = (c: Rgb) => roundedTile(img, x0 + gap / 2, y0 + gap / 2, tile, tile, 4, () => c);
      const s = tile, ox = x0 + gap / 2, oy = y0 + gap / 2;
      if (state === 'covered' || state === 'question') at(hex('#A9AEB3'));
      else if (state === 'flag') (at(hex('#A9AEB3')), flagIcon(img, ox, oy, s, ink, ink));
      else if (state === 'mine') (at(hex('#8C908B')), mineIcon(img, ox, oy, s, ink));
      else if (state === 'exploded') (at(hex('#D5D8D2')), mineIcon(img, ox, oy, s, hex('#CC1010')));
      else if (state === 'wrongFlag') (at(hex('#C81E1E')), flagIcon(img, ox, oy, s, ink, ink));
      else {
        const n = Number(state);
        at(tints[n]!);
        if (n > 0) dotDigit(img, n, ox + 5, oy + 3, 10, 14, ink);
      }
    },
  };
})();

/** Microsoft Minesweeper-like: blue gradient-shaded rounded tiles, 2 px gaps, dark surroundings. */
const ROUNDED_BLUE: Palette = (() => {
  const pitch = 26, gap = 2, tile = pitch - gap;
  const colours = ['#1E64C8', '#2E8B2E', '#C83232', '#283C96', '#8C2828', '#1E8C8C', '#202020', '#707070'].map(hex);
  const opened: Rgb = hex('#D6E2EE');
  const cover = (u: number, v: number): Rgb => [clamp(127 - 60 * v + 10 * u), clamp(178 - 52 * v), clamp(229 - 38 * v)];
  return {
    pitch,
    margin: [30, 60, 30, 30],
    background: (w, h) => gradient(w, h, hex('#26364A'), hex('#141C26')),
    drawCell(img, state, x0, y0) {
      const ox = x0 + gap / 2, oy = y0 + gap / 2, s = tile;
      if (COVERED_STATES.has(state)) {
        roundedTile(img, ox, oy, s, s, 3, cover);
        if (state === 'flag') flagIcon(img, ox, oy, s, hex('#202020'), hex('#E02020'));
        return;
      }
      roundedTile(img, ox, oy, s, s, 3, () => (state === 'exploded' ? hex('#E05050') : opened));
      if (state === 'mine' || state === 'exploded' || state === 'wrongFlag') mineIcon(img, ox, oy, s, [20, 20, 20]);
      if (state === 'wrongFlag') crossIcon(img, ox, oy, s, hex('#E02020'));
      const n = Number(state);
      if (n > 0) segmentDigit(img, n, ox + 8, oy + 5, 8, 14, 2, colours[n - 1]!);
    },
  };
})();

/** Another Linux Minesweeper: blue-grey raised tiles with 1 px bevels and dark grid lines. */
const BLUE_GREY: Palette = (() => {
  const pitch = 20;
  const face: Rgb = hex('#93A7BC'), light: Rgb = hex('#C8D5E2'), shadow: Rgb = hex('#5E7389'), line: Rgb = hex('#3C4A58');
  const opened: Rgb = hex('#D9DFE5');
  const colours = ['#2050B0', '#2A7A2A', '#B02020', '#202A70', '#702020', '#207070', '#000000', '#606060'].map(hex);
  return {
    pitch,
    margin: [40, 40, 40, 40],
    background: (w, h, rng) => {
      const img = woodTexture(w, h, [96, 110, 124], rng);
      rect(img, 34, 34, w - 68, h - 68, hex('#2B3540'));
      return img;
    },
    drawCell(img, state, x0, y0) {
      const covered = COVERED_STATES.has(state);
      rect(img, x0, y0, pitch, pitch, line);
      rect(img, x0, y0, pitch - 1, pitch - 1, covered ? face : state === 'exploded' ? hex('#D03030') : opened);
      if (covered) {
        rect(img, x0, y0, pitch - 1, 1, light);
        rect(img, x0, y0, 1, pitch - 1, light);
        rect(img, x0, y0 + pitch - 2, pitch - 1, 1, shadow);
        rect(img, x0 + pitch - 2, y0, 1, pitch - 1, shadow);
        if (state === 'flag') flagIcon(img, x0, y0, pitch - 1, [0, 0, 0], hex('#D02020'));
        return;
      }
      if (state === 'mine' || state === 'exploded' || state === 'wrongFlag') mineIcon(img, x0, y0, pitch - 1, [0, 0, 0]);
      if (state === 'wrongFlag') crossIcon(img, x0, y0, pitch - 1, hex('#D02020'));
      const n = Number(state);
      if (n > 0) dotDigit(img, n, x0 + 5, y0 + 3, 10, 14, colours[n - 1]!);
    },
  };
})();

const SCRATCH_LOOKS: LookDef[] = [
  scratch({ name: 'rounded-gaps', near: 'sgt-mines', cells: 'changed', states: LOOK_STATES, changes: 'GNOME Mines style: flat rounded tiles with 4 px gaps, dark dot-matrix digits on tinted tiles' }, ROUNDED_GAPS),
  scratch({ name: 'rounded-blue', near: 'winxp', cells: 'changed', states: LOOK_STATES, changes: 'Microsoft Minesweeper style: blue gradient-shaded rounded tiles, 2 px gaps, seven-segment digits, dark gradient around' }, ROUNDED_BLUE),
  scratch({ name: 'blue-grey', near: 'winxp', cells: 'changed', states: LOOK_STATES, changes: 'another Linux Minesweeper: blue-grey raised tiles with 1 px bevels and dark grid lines, on a textured desktop' }, BLUE_GREY),
];

export const LOOKS: readonly LookDef[] = [...WINXP_LOOKS, ...OTHER_LOOKS_DERIVED, ...SCRATCH_LOOKS];

export function lookNames(): string[] {
  return LOOKS.map((l) => l.name);
}

/** Every look × size × state, drawn from `seed` (the same seed gives the same cases). */
export function nearLookCases(seed = 1, options: { looks?: string[]; sizes?: readonly BoardSize[] } = {}): NearLookCase[] {
  const out: NearLookCase[] = [];
  const sizes = options.sizes ?? SIZES;
  for (const [si, size] of sizes.entries()) {
    const positions = positionsFor(size, mixSeed(seed, si));
    for (const [li, look] of LOOKS.entries()) {
      if (options.looks && !options.looks.includes(look.name)) continue;
      if (size.cols < (look.minCols ?? 0)) continue;
      for (const state of look.states) {
        const pos = positions[state];
        const rng = createRng(mixSeed(seed, li, si, LOOK_STATES.indexOf(state)));
        const { image, grid } = look.render(pos.board, rng);
        out.push({
          name: `${look.name}/${state}-${size.cols}x${size.rows}`,
          look: look.name,
          near: look.near,
          changes: look.changes,
          cells: look.cells,
          state,
          image,
          board: pos.board,
          layout: state === 'fresh' ? new Uint8Array(pos.layout.length) : pos.layout,
          grid,
        });
      }
    }
  }
  return out;
}

export interface ShippedDifference {
  /** Mean |difference| per channel over the board's cells (0..255). */
  mean: number;
  /** Share of cells whose mean |difference| is at least DIFFERENT_CELL. */
  changedShare: number;
}

/** A cell counts as drawn differently when its pixels differ by this much on average. */
export const DIFFERENT_CELL = 6;

/**
 * How far a case's cells are from the shipped skin's sprites for the same cells (resampled to
 * the case's pitch when it differs): a measure that the look is really another look.
 */
export function differenceFromShipped(c: NearLookCase): ShippedDifference {
  const spr = sprites(c.near);
  const p = Math.round(c.grid.pitch);
  const scaled = new Map<CellState, RgbaImage>();
  const sprite = (s: CellState): RgbaImage => {
    let img = scaled.get(s);
    if (!img) {
      const raw = spr.get(s) ?? spr.get('covered')!;
      img = raw.width === p ? raw : resize(raw, p, p);
      scaled.set(s, img);
    }
    return img;
  };
  let total = 0, changed = 0;
  const n = c.board.width * c.board.height;
  for (let y = 0; y < c.board.height; y++) {
    for (let x = 0; x < c.board.width; x++) {
      const want = sprite(stateOf(c.board.cells[y * c.board.width + x]!));
      const got = crop(c.image, Math.round(c.grid.left + x * c.grid.pitch), Math.round(c.grid.top + y * c.grid.pitch), p, p);
      let sum = 0;
      for (let i = 0; i < want.data.length; i += 4) for (let k = 0; k < 3; k++) sum += Math.abs(want.data[i + k]! - got.data[i + k]!);
      const mean = sum / (p * p * 3);
      total += mean;
      if (mean >= DIFFERENT_CELL) changed++;
    }
  }
  return { mean: total / n, changedShare: changed / n };
}

/** The shipped skin's own rendering of a case's board (what the look is compared with). */
export function shippedRendering(c: NearLookCase): RgbaImage {
  return renderBoard(c.board, c.near, { mineCounter: c.board.mines, timer: 17, face: c.board.cells.includes(EXPLODED) ? 'lost' : 'playing' }).image;
}

