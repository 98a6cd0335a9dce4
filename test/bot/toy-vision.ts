// A tiny renderer/reader pair with the vision contract's shape, for testing the loop and the
// simulated desktop independently of the real skins: every cell is a flat colour for its code,
// the grid sits in a magenta frame, a 3-pitch band above it holds the face (a coloured block) and
// the mine counter (encoded in one pixel's red and green).

import { createBoard, type Board } from '../../src/core/board.js';
import type { Face, Grid, Reading, ReadOptions } from '../../src/bot/reading.js';
import type { RenderOptions } from '../../src/desktop/simulated.js';
import type { RgbaImage } from '../../src/desktop/ports.js';

export const PALETTE: [number, number, number][] = Array.from({ length: 15 }, (_, code) => [20 + code * 15, 200 - code * 10, (code * 53) % 256]);
const FACES: Record<string, [number, number, number]> = { playing: [255, 255, 0], won: [0, 255, 0], lost: [255, 0, 0] };

export function toyRender(board: Board, _skin: string, options: RenderOptions = {}): { image: RgbaImage; grid: Grid } {
  const scale = options.scale ?? 1;
  const pitch = Math.round(8 * scale);
  const left = pitch;
  const top = 4 * pitch;
  const width = (board.width + 2) * pitch;
  const height = (board.height + 5) * pitch;
  const data = new Uint8Array(width * height * 4);
  const put = (x: number, y: number, c: [number, number, number]): void => {
    const i = (y * width + x) * 4;
    data[i] = c[0];
    data[i + 1] = c[1];
    data[i + 2] = c[2];
    data[i + 3] = 255;
  };
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) put(x, y, [192, 192, 192]);
  // Frame one pixel around the grid, its green channel holding the pitch.
  const FRAME: [number, number, number] = [255, pitch, 255];
  for (let x = left - 1; x <= left + board.width * pitch; x++) {
    put(x, top - 1, FRAME);
    put(x, top + board.height * pitch, FRAME);
  }
  for (let y = top - 1; y <= top + board.height * pitch; y++) {
    put(left - 1, y, FRAME);
    put(left + board.width * pitch, y, FRAME);
  }
  for (let cy = 0; cy < board.height; cy++) {
    for (let cx = 0; cx < board.width; cx++) {
      const c = PALETTE[board.cells[cy * board.width + cx]!]!;
      for (let y = 0; y < pitch; y++) for (let x = 0; x < pitch; x++) put(left + cx * pitch + x, top + cy * pitch + y, c);
    }
  }
  const face = FACES[options.face ?? 'playing']!;
  const fx = left + Math.floor((board.width * pitch) / 2) - pitch;
  for (let y = pitch; y < 3 * pitch; y++) for (let x = fx; x < fx + 2 * pitch; x++) put(x, y, face);
  const counter = (options.mineCounter ?? board.mines) + 1000;
  put(left, pitch, [counter >> 8, counter & 255, 7]);
  // The header's mine total, for the reader's Board.
  put(left + 1, pitch, [board.mines >> 8, board.mines & 255, 9]);
  return { image: { width, height, data }, grid: { left, top, pitch, cols: board.width, rows: board.height, scale } };
}

/** Fills a rectangle of an image (pixels) with one colour: tests draw over a rendered frame with it. */
export function fillRect(img: RgbaImage, left: number, top: number, width: number, height: number, colour: readonly number[]): void {
  for (let y = top; y < top + height; y++) {
    for (let x = left; x < left + width; x++) {
      const k = (y * img.width + x) * 4;
      img.data[k] = colour[0]!;
      img.data[k + 1] = colour[1]!;
      img.data[k + 2] = colour[2]!;
    }
  }
}

function px(img: RgbaImage, x: number, y: number): [number, number, number] {
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}
const eq = (a: number[], b: number[]) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** Finds the frame: magenta whose green channel holds the pitch. */
function locate(img: RgbaImage): Grid {
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const c = px(img, x, y);
      if (c[0] !== 255 || c[2] !== 255 || c[1] < 4 || c[1] > 64) continue;
      const pitch = c[1];
      let x2 = x;
      while (x2 + 1 < img.width && eq(px(img, x2 + 1, y), c)) x2++;
      let y2 = y;
      while (y2 + 1 < img.height && eq(px(img, x, y2 + 1), c)) y2++;
      const cols = (x2 - x - 1) / pitch;
      const rows = (y2 - y - 1) / pitch;
      if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1) continue;
      return { left: x + 1, top: y + 1, pitch, cols, rows, scale: pitch / 8 };
    }
  }
  throw new Error('toy reader: no board on the image');
}

export function toyRead(img: RgbaImage, options: ReadOptions = {}): Reading {
  const grid = options.geometry ?? locate(img);
  const { left, top, pitch, cols, rows } = grid;
  const headerPx = px(img, left + 1, pitch + (top - 4 * pitch));
  const mines = headerPx[2] === 9 ? (headerPx[0] << 8) + headerPx[1] : 0;
  const board = createBoard(cols, rows, Math.min(mines, cols * rows));
  const unsure: [number, number][] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const x0 = left + x * pitch;
      const y0 = top + y * pitch;
      const c = px(img, x0 + (pitch >> 1), y0 + (pitch >> 1));
      let code = PALETTE.findIndex((p) => eq(p, c));
      const flat = [0, pitch - 1].every((dy) => [0, pitch - 1].every((dx) => eq(px(img, x0 + dx, y0 + dy), c)));
      if (code < 0 || !flat) {
        unsure.push([x, y]);
        code = 9;
      }
      board.cells[y * cols + x] = code;
    }
  }
  const hudTop = top - 4 * pitch;
  const fc = px(img, left + Math.floor((cols * pitch) / 2), hudTop + 2 * pitch);
  const face = (Object.entries(FACES).find(([, c]) => eq(c, fc))?.[0] ?? null) as Face;
  const cp = px(img, left, hudTop + pitch);
  const mineCounter = cp[2] === 7 ? (cp[0] << 8) + cp[1] - 1000 : null;
  return { skin: 'toy', board, face, mineCounter, timer: 0, grid, minConfidence: unsure.length ? 0.2 : 1, unsure };
}
