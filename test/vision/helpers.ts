// Shared helpers of the vision tests: fixture discovery, sharp rescaling, board comparison.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { COVERED, FLAG, OPENED, formatBoard, parseBoard, type Board } from '../../src/core/board.js';
import type { RgbaImage } from '../../src/vision/image.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const realDir = path.resolve(repoRoot, '../shared/fixtures/real/winxp');
export const hasReal = existsSync(realDir);

export interface Expected {
  name: string;
  image: string;
  board: Board;
  boardText: string;
  skin: string;
  face: 'playing' | 'won' | 'lost' | null;
  mineCounter: number | null;
  timer: number | null;
  left: number | null;
  top: number | null;
  pitch: number | null;
}

/** Fixtures with expected readings: NAME.json (+ NAME.board.txt) next to the image. */
export function expectedIn(dir: string): Expected[] {
  if (!existsSync(dir)) return [];
  const out: Expected[] = [];
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.json')) continue;
    const base = f.slice(0, -5);
    const meta = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, unknown>;
    const boardFile = path.join(dir, typeof meta.board === 'string' && meta.board.endsWith('.txt') ? meta.board : `${base}.board.txt`);
    const imageName = typeof meta.image === 'string' ? meta.image : ['png', 'bmp', 'gif'].map((e) => `${base}.${e}`).find((n) => existsSync(path.join(dir, n)));
    if (!imageName || !existsSync(boardFile)) continue;
    const text = readFileSync(boardFile, 'utf8');
    const grid = meta.grid as { left: number; top: number; pitch: number } | undefined;
    const first = meta.firstCellTopLeft as [number, number] | undefined;
    out.push({
      name: base,
      image: path.join(dir, imageName),
      board: parseBoard(text),
      boardText: formatBoard(parseBoard(text)),
      skin: String(meta.skin ?? 'winxp'),
      face: (meta.face as Expected['face']) ?? null,
      mineCounter: (meta.mineCounter as number | null) ?? null,
      timer: (meta.timer as number | null) ?? null,
      left: grid?.left ?? first?.[0] ?? null,
      top: grid?.top ?? first?.[1] ?? null,
      pitch: grid?.pitch ?? (meta.cellPixels as number | undefined) ?? null,
    });
  }
  return out;
}

/** Loads a file rescaled by `factor` with sharp's bilinear kernel (factor 1: as is). */
export async function loadScaled(file: string, factor: number, frame?: number): Promise<RgbaImage> {
  let pipe = sharp(file, frame !== undefined ? { page: frame } : {});
  if (factor !== 1) {
    const meta = await pipe.metadata();
    const h = meta.pageHeight ?? meta.height!;
    pipe = pipe.resize(Math.round(meta.width! * factor), Math.round(h * factor), { kernel: 'linear', fit: 'fill' });
  }
  const { data, info } = await pipe.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** Rescales an RgbaImage with sharp's bilinear kernel. */
export async function scaleImage(img: RgbaImage, factor: number): Promise<RgbaImage> {
  if (factor === 1) return img;
  const { data, info } = await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 4 } })
    .resize(Math.round(img.width * factor), Math.round(img.height * factor), { kernel: 'linear', fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** Cells that differ, as "x,y: want→got" strings (empty when equal). */
export function diffBoards(want: Board, got: Board): string[] {
  const a = formatBoard(want).split('\n').slice(1);
  const b = formatBoard(got).split('\n').slice(1);
  const out: string[] = [];
  if (want.width !== got.width || want.height !== got.height) return [`size ${want.width}x${want.height} → ${got.width}x${got.height}`];
  for (let y = 0; y < want.height; y++) for (let x = 0; x < want.width; x++) if (a[y]![x] !== b[y]![x]) out.push(`${x},${y}: ${a[y]![x]}→${b[y]![x]}`);
  return out;
}

/** A fresh board: every cell covered. */
export const freshBoard = (w: number, h: number, mines: number): Board => ({ width: w, height: h, mines, cells: new Uint8Array(w * h).fill(COVERED) });

/** Cells a reading gives surely as something the game does not show there ('+' for any opened number, and a flag on a covered cell, are right). */
export function misread(read: Board, unsure: [number, number][], truth: Board): number[] {
  const doubt = new Set(unsure.map(([x, y]) => y * truth.width + x));
  return [...truth.cells.keys()].filter((i) => {
    const c = read.cells[i]!, t = truth.cells[i]!;
    return !doubt.has(i) && c !== t && !(c === OPENED && t <= 8) && !(c === FLAG && t === COVERED);
  });
}

/** A 9x9 position from a real game, mid-game with two flags (the reader refuses boards that contradict themselves). */
export const MID_GAME_9X9: Board = parseBoard(`9x9/10
000000000
000000111
0000012F.
001111F..
002......
002......
113......
.........
.........
`);
