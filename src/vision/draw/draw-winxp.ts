// The `winxp` skin (classic Windows Minesweeper), drawn by code from measured facts
// (docs/architecture.md "Vision"): 16 px cells, #C0C0C0 background, 2 px white/grey bevels on covered
// tiles, a 1 px #808080 line on top and left of opened tiles, the classic number colours, LED
// counters of 13x23 digits and a 24x24 face button. The glyphs are our own drawings in the
// same chunky style (rectangles on a 10x10 box); the reader matches by normalised correlation,
// so it does not depend on pixel-exact glyphs. scripts/gen-winxp.ts writes them to
// templates/winxp/.

import { createImage, fillRect, setPixel, type Rgb, type RgbaImage } from '../image.js';
import type { SkinFile, CellState, FaceState } from '../skins/skin.js';

const BG: Rgb = [192, 192, 192];
const LIGHT: Rgb = [255, 255, 255];
const DARK: Rgb = [128, 128, 128];
const BLACK: Rgb = [0, 0, 0];
const RED: Rgb = [255, 0, 0];
const YELLOW: Rgb = [255, 255, 0];
const DIM_RED: Rgb = [128, 0, 0];

export const NUMBER_COLOURS: Rgb[] = [
  BG, [0, 0, 255], [0, 128, 0], [255, 0, 0], [0, 0, 128], [128, 0, 0], [0, 128, 128], [0, 0, 0], [128, 128, 128],
];

type R = [number, number, number, number]; // x, y, w, h in the 10x10 glyph box

/** Digit glyphs as rectangles in a 10x10 box placed at (3,3) of the cell. */
const DIGIT_RECTS: Record<number, R[]> = {
  1: [[4, 0, 3, 10], [2, 2, 2, 2], [3, 1, 1, 1], [2, 8, 7, 2]],
  2: [[1, 0, 8, 2], [0, 1, 3, 2], [7, 1, 3, 3], [6, 4, 3, 1], [4, 5, 4, 1], [2, 6, 4, 1], [0, 7, 3, 1], [0, 8, 10, 2]],
  3: [[0, 0, 9, 2], [7, 1, 3, 8], [3, 4, 6, 2], [0, 8, 9, 2]],
  4: [[1, 0, 3, 5], [0, 4, 10, 2], [6, 0, 3, 10]],
  5: [[0, 0, 10, 2], [0, 1, 3, 4], [0, 4, 9, 2], [7, 5, 3, 4], [0, 8, 9, 2]],
  6: [[1, 0, 8, 2], [0, 1, 3, 8], [2, 4, 7, 2], [7, 5, 3, 4], [1, 8, 8, 2]],
  7: [[0, 0, 10, 2], [7, 2, 3, 2], [6, 4, 3, 2], [5, 6, 3, 2], [4, 8, 3, 2]],
  8: [[1, 0, 8, 2], [0, 1, 3, 4], [7, 1, 3, 4], [1, 4, 8, 2], [0, 5, 3, 4], [7, 5, 3, 4], [1, 8, 8, 2]],
};

const QUESTION_RECTS: R[] = [[2, 0, 6, 2], [0, 1, 3, 2], [7, 1, 3, 3], [5, 4, 3, 1], [4, 5, 3, 2], [4, 8, 3, 2]];

function rects(img: RgbaImage, list: R[], colour: Rgb, ox = 3, oy = 3): void {
  for (const [x, y, w, h] of list) fillRect(img, ox + x, oy + y, ox + x + w, oy + y + h, colour);
}

/** Raised (or sunken) bevel of `width` px inside the rectangle [x0,x1)×[y0,y1), diagonal corners. */
export function bevel(img: RgbaImage, x0: number, y0: number, x1: number, y1: number, width: number, topLeft: Rgb, bottomRight: Rgb): void {
  for (let t = 0; t < width; t++) {
    for (let x = x0 + t; x < x1 - t; x++) {
      setPixel(img, x, y0 + t, x < x1 - 1 - t ? topLeft : bottomRight);
      setPixel(img, x, y1 - 1 - t, x > x0 + t ? bottomRight : topLeft);
    }
    for (let y = y0 + t; y < y1 - t; y++) {
      setPixel(img, x0 + t, y, y < y1 - 1 - t ? topLeft : bottomRight);
      setPixel(img, x1 - 1 - t, y, y > y0 + t ? bottomRight : topLeft);
    }
  }
}

function openedBase(fill: Rgb = BG): RgbaImage {
  const img = createImage(16, 16, fill);
  fillRect(img, 0, 0, 16, 1, DARK);
  fillRect(img, 0, 0, 1, 16, DARK);
  return img;
}

function coveredBase(): RgbaImage {
  const img = createImage(16, 16, BG);
  bevel(img, 0, 0, 16, 16, 2, LIGHT, DARK);
  return img;
}

function drawMine(img: RgbaImage): void {
  fillRect(img, 2, 8, 15, 9, BLACK); // horizontal spike
  fillRect(img, 8, 2, 9, 15, BLACK); // vertical spike
  for (let y = 0; y < 16; y++) {
    for (let x = 0; x < 16; x++) if ((x - 8) ** 2 + (y - 8) ** 2 <= 20) setPixel(img, x, y, BLACK); // body 9 px across
  }
  for (const [x, y] of [[4, 4], [12, 4], [4, 12], [12, 12]] as const) setPixel(img, x, y, BLACK);
  fillRect(img, 6, 6, 8, 8, LIGHT); // highlight
}

function drawFlag(img: RgbaImage): void {
  // red pennant pointing left, black pole and two-step base
  const pennant: [number, number, number][] = [[3, 7, 9], [4, 5, 9], [5, 4, 9], [6, 5, 9], [7, 7, 9]];
  for (const [y, xa, xb] of pennant) fillRect(img, xa, y, xb, y + 1, RED);
  fillRect(img, 8, 8, 9, 11, BLACK);
  fillRect(img, 6, 10, 11, 11, BLACK);
  fillRect(img, 4, 11, 13, 13, BLACK);
}

export function drawCell(state: CellState): RgbaImage {
  switch (state) {
    case 'covered':
      return coveredBase();
    case 'flag': {
      const img = coveredBase();
      drawFlag(img);
      return img;
    }
    case 'question': {
      const img = coveredBase();
      rects(img, QUESTION_RECTS, BLACK);
      return img;
    }
    case 'mine': {
      const img = openedBase();
      drawMine(img);
      return img;
    }
    case 'exploded': {
      const img = openedBase(RED);
      drawMine(img);
      return img;
    }
    case 'wrongFlag': {
      const img = openedBase();
      drawMine(img);
      // a red cross, strokes 2 px wide, from corner to corner of rows 3-14
      for (let y = 3; y <= 14; y++) {
        fillRect(img, y - 1, y, y + 1, y + 1, RED);
        fillRect(img, 16 - y, y, 18 - y, y + 1, RED);
      }
      return img;
    }
    default: {
      const n = Number(state);
      const img = openedBase();
      if (n > 0) rects(img, DIGIT_RECTS[n]!, NUMBER_COLOURS[n]!);
      return img;
    }
  }
}

// ---- LED digits: 13x23, tapered 7 segments, lit red, unlit segments dotted dark red ----------

const SEGMENTS = 'abcdefg';
const LIT: Record<string, string> = {
  '0': 'abcdef', '1': 'bc', '2': 'abdeg', '3': 'abcdg', '4': 'bcfg', '5': 'acdfg', '6': 'acdefg',
  '7': 'abc', '8': 'abcdefg', '9': 'abcdfg', '-': 'g',
};

function segmentPixels(seg: string): [number, number][] {
  const px: [number, number][] = [];
  const h = (row: number, t: number, x0: number, x1: number): void => {
    for (let x = x0 + t; x <= x1 - t; x++) px.push([x, row]);
  };
  const v = (col: number, t: number, y0: number, y1: number): void => {
    for (let y = y0 + t; y <= y1 - t; y++) px.push([col, y]);
  };
  for (let t = 0; t < 3; t++) {
    if (seg === 'a') h(1 + t, t, 2, 10);
    if (seg === 'd') h(21 - t, t, 2, 10);
    if (seg === 'f') v(1 + t, t, 2, 10);
    if (seg === 'b') v(11 - t, t, 2, 10);
    if (seg === 'e') v(1 + t, t, 12, 20);
    if (seg === 'c') v(11 - t, t, 12, 20);
  }
  if (seg === 'g') {
    h(11, 0, 2, 10);
    h(10, 1, 2, 10);
    h(12, 1, 2, 10);
  }
  return px;
}

export function drawLedDigit(ch: string): RgbaImage {
  const img = createImage(13, 23, BLACK);
  const lit = LIT[ch] ?? '';
  for (const seg of SEGMENTS) {
    const on = lit.includes(seg);
    for (const [x, y] of segmentPixels(seg)) {
      if (on) setPixel(img, x, y, RED);
      else if ((x + y) % 2 === 0) setPixel(img, x, y, DIM_RED);
    }
  }
  return img;
}

// ---- face: 24x24 raised button with a smiley ----------------------------------------------------

export function drawFace(state: FaceState): RgbaImage {
  const img = createImage(24, 24, BG);
  bevel(img, 0, 0, 24, 24, 2, LIGHT, DARK);
  const cx = 11.5, cy = 12;
  for (let y = 0; y < 24; y++) {
    for (let x = 0; x < 24; x++) {
      const d = Math.hypot(x - cx, y - cy);
      if (d <= 8.6) setPixel(img, x, y, d > 7.6 ? BLACK : YELLOW);
    }
  }
  if (state === 'won') {
    fillRect(img, 5, 9, 19, 10, BLACK); // sunglasses bar
    fillRect(img, 6, 10, 11, 12, BLACK);
    fillRect(img, 13, 10, 18, 12, BLACK);
    fillRect(img, 7, 12, 10, 13, BLACK);
    fillRect(img, 14, 12, 17, 13, BLACK);
  } else if (state === 'lost') {
    for (const ex of [8, 15]) {
      for (let t = -1; t <= 1; t++) {
        setPixel(img, ex + t, 9 + t, BLACK);
        setPixel(img, ex + t, 9 - t, BLACK);
      }
    }
  } else {
    fillRect(img, 8, 8, 10, 10, BLACK);
    fillRect(img, 14, 8, 16, 10, BLACK);
  }
  if (state === 'lost') {
    fillRect(img, 9, 15, 15, 16, BLACK); // frown
    setPixel(img, 8, 16, BLACK);
    setPixel(img, 15, 16, BLACK);
    setPixel(img, 7, 17, BLACK);
    setPixel(img, 16, 17, BLACK);
  } else if (state === 'surprised') {
    fillRect(img, 10, 14, 14, 15, BLACK);
    fillRect(img, 10, 17, 14, 18, BLACK);
    fillRect(img, 9, 15, 10, 17, BLACK);
    fillRect(img, 14, 15, 15, 17, BLACK);
  } else {
    setPixel(img, 7, 14, BLACK); // smile
    setPixel(img, 16, 14, BLACK);
    setPixel(img, 8, 15, BLACK);
    setPixel(img, 15, 15, BLACK);
    fillRect(img, 9, 16, 15, 17, BLACK);
  }
  return img;
}

// ---- skin.json ------------------------------------------------------------------------------------

export function winxpSkinFile(): SkinFile {
  const cellSprites: Partial<Record<CellState, string>> = {
    covered: 'covered.png', flag: 'flag.png', question: 'question.png', mine: 'mine.png',
    exploded: 'exploded.png', wrongFlag: 'wrongflag.png',
  };
  for (let n = 0; n <= 8; n++) cellSprites[String(n) as CellState] = `open${n}.png`;
  const digitSprites: Record<string, string> = { '-': 'led-minus.png' };
  for (let n = 0; n <= 9; n++) digitSprites[String(n)] = `led${n}.png`;
  return {
    version: 1,
    name: 'winxp',
    description:
      'Classic Windows Minesweeper (winmine.exe on 98/2000/XP, Minesweeper X, Arbiter), drawn by code from measured geometry and colours (src/vision/draw/draw-winxp.ts).',
    cell: { pitch: 16 },
    sprites: cellSprites,
    face: {
      at: { x: ['gridCenter', -12], y: ['gridTop', -39] },
      width: 24,
      height: 24,
      sprites: { playing: 'face-playing.png', won: 'face-won.png', lost: 'face-lost.png', surprised: 'face-surprised.png' },
    },
    digits: { width: 13, height: 23, sprites: digitSprites },
    counters: {
      mines: { at: { x: ['gridLeft', 5], y: ['gridTop', -39] }, digits: 3, step: 13 },
      timer: { at: { x: ['gridRight', -46], y: ['gridTop', -39] }, digits: 3, step: 13 },
    },
    palette: {
      background: '#C0C0C0', light: '#FFFFFF', dark: '#808080', led: '#000000',
      n1: '#0000FF', n2: '#008000', n3: '#FF0000', n4: '#000080', n5: '#800000', n6: '#008080', n7: '#000000', n8: '#808080',
    },
    window: {
      margins: { left: 12, top: 55, right: 8, bottom: 8 },
      background: 'background',
      boxes: [
        { kind: 'bevel', rect: [['clientLeft', 0], ['clientTop', 0], ['clientRight', 0], ['clientBottom', 0]], width: 3, topLeft: 'light', bottomRight: 'background' },
        { kind: 'bevel', rect: [['clientLeft', 9], ['clientTop', 9], ['clientRight', -7], ['gridTop', -9]], width: 2, topLeft: 'dark', bottomRight: 'light' },
        { kind: 'bevel', rect: [['gridLeft', -3], ['gridTop', -3], ['gridRight', 3], ['gridBottom', 3]], width: 3, topLeft: 'dark', bottomRight: 'light' },
        { kind: 'bevel', rect: [['gridLeft', 4], ['gridTop', -40], ['gridLeft', 45], ['gridTop', -15]], width: 1, topLeft: 'dark', bottomRight: 'light' },
        { kind: 'fill', rect: [['gridLeft', 5], ['gridTop', -39], ['gridLeft', 44], ['gridTop', -16]], colour: 'led' },
        { kind: 'bevel', rect: [['gridRight', -47], ['gridTop', -40], ['gridRight', -6], ['gridTop', -15]], width: 1, topLeft: 'dark', bottomRight: 'light' },
        { kind: 'fill', rect: [['gridRight', -46], ['gridTop', -39], ['gridRight', -7], ['gridTop', -16]], colour: 'led' },
        { kind: 'bevel', rect: [['gridCenter', -13], ['gridTop', -40], ['gridCenter', 13], ['gridTop', -14]], width: 1, topLeft: 'dark', bottomRight: 'dark' },
      ],
    },
  };
}

/** Every sprite of the winxp skin by file name. */
export function winxpSprites(): Map<string, RgbaImage> {
  const file = winxpSkinFile();
  const out = new Map<string, RgbaImage>();
  for (const [state, f] of Object.entries(file.sprites)) out.set(f!, drawCell(state as CellState));
  for (const [state, f] of Object.entries(file.face!.sprites)) out.set(f!, drawFace(state as FaceState));
  for (const [ch, f] of Object.entries(file.digits!.sprites)) out.set(f, drawLedDigit(ch));
  return out;
}
