// Fixture tooling for the X11 skins (not the product's reader; that is src/vision).
//
//   npx tsx scripts/x11/cells.ts uniq IMAGE GRID OUTDIR
//       cuts every cell, groups identical ones, writes OUTDIR/<n>.png (one per group) and prints
//       a map of group numbers, to name the groups by eye when cutting sprites.
//   npx tsx scripts/x11/cells.ts read IMAGE GRID SPRITEDIR
//       names every cell by matching sprites named <state>.png or <state>-<variant>.png (state
//       spelled as in STATE_FILES below) pixel by pixel, ±16 per channel; prints the board rows
//       (`#` for a cell that matches no sprite, with the closest sprite on stderr).
//   npx tsx scripts/x11/cells.ts cut IMAGE GRID OUTDIR x,y,name ...
//       writes OUTDIR/name.png from cell (x,y).
//
// GRID is `left,top,pitch,cols,rows[,inset]`: the top-left pixel of cell (0,0) in the image, the
// pitch, the grid size, and how many pixels of grid line to skip at the top/left of each cell
// (1 for xdemineur, whose cells are 20x20 inside 1 px black lines; 0 for sgt-mines).

import sharp from 'sharp';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Grid as CoreGrid } from '../../src/core/grid.js';

/** File names of sprites for the board characters (filesystem-safe). */
export const STATE_FILES: Record<string, string> = {
  '.': 'covered',
  F: 'flag',
  '?': 'question',
  '0': 'open0',
  '1': 'open1',
  '2': 'open2',
  '3': 'open3',
  '4': 'open4',
  '5': 'open5',
  '6': 'open6',
  '7': 'open7',
  '8': 'open8',
  '*': 'mine',
  X: 'exploded',
  '!': 'wrongflag',
};

/** A grid as core/grid.ts has it (no scale), with how many pixels of each cell edge to ignore. */
export interface Grid extends Omit<CoreGrid, 'scale'> {
  inset: number;
}

export function parseGrid(text: string): Grid {
  const [left, top, pitch, cols, rows, inset] = text.split(',').map(Number);
  return { left: left!, top: top!, pitch: pitch!, cols: cols!, rows: rows!, inset: inset ?? 0 };
}

export interface Rgb {
  width: number;
  height: number;
  data: Buffer;
}

export async function loadRgb(file: string): Promise<Rgb> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

export function cutCell(img: Rgb, g: Grid, cx: number, cy: number): Buffer {
  const size = g.pitch - g.inset;
  const x0 = g.left + g.inset + cx * g.pitch;
  const y0 = g.top + g.inset + cy * g.pitch;
  const out = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) img.data.copy(out, y * size * 3, ((y0 + y) * img.width + x0) * 3, ((y0 + y) * img.width + x0 + size) * 3);
  return out;
}

/**
 * Pixels that differ by more than `tol` in some channel. The tolerance absorbs a 16-bit display
 * (RGB565 keeps 5/6/5 bits: errors up to 7) and sgt-mines' antialiased edges, which vary by a few
 * levels with the tile's position; every state differs from every other in dozens of pixels by
 * far more than that.
 */
function diff(a: Buffer, b: Buffer, tol = 16): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 3)
    if (Math.abs(a[i]! - b[i]!) > tol || Math.abs(a[i + 1]! - b[i + 1]!) > tol || Math.abs(a[i + 2]! - b[i + 2]!) > tol) n++;
  return n;
}

export async function loadSprites(dir: string, size: number): Promise<Map<string, Buffer[]>> {
  const byChar = new Map<string, Buffer[]>();
  const charOfFile = new Map(Object.entries(STATE_FILES).map(([c, f]) => [f, c]));
  for (const f of readdirSync(dir)) {
    if (!f.endsWith('.png')) continue;
    // <state>.png or <state>-<variant>.png
    const state = basename(f, '.png').split('-')[0]!;
    const ch = charOfFile.get(state);
    if (ch === undefined) continue;
    const img = await loadRgb(join(dir, f));
    if (img.width !== size || img.height !== size) continue;
    if (!byChar.has(ch)) byChar.set(ch, []);
    byChar.get(ch)!.push(img.data);
  }
  return byChar;
}

export function readCells(img: Rgb, g: Grid, sprites: Map<string, Buffer[]>): { rows: string[]; misses: string[] } {
  const rows: string[] = [];
  const misses: string[] = [];
  for (let cy = 0; cy < g.rows; cy++) {
    let row = '';
    for (let cx = 0; cx < g.cols; cx++) {
      const cell = cutCell(img, g, cx, cy);
      let best = '#';
      let bestD = Infinity;
      for (const [ch, list] of sprites) {
        for (const s of list) {
          const d = diff(cell, s);
          if (d < bestD) {
            bestD = d;
            best = ch;
          }
        }
      }
      if (bestD === 0) row += best;
      else {
        row += '#';
        misses.push(`(${cx},${cy}) closest ${best} with ${bestD} px different`);
      }
    }
    rows.push(row);
  }
  return { rows, misses };
}

async function main(argv: string[]): Promise<void> {
  const [command, image, gridText, dir] = argv;
  if (!command || !image || !gridText || !dir) {
    console.error('usage: cells.ts uniq|read IMAGE left,top,pitch,cols,rows[,inset] DIR');
    process.exit(2);
  }
  const img = await loadRgb(image);
  const g = parseGrid(gridText);
  const size = g.pitch - g.inset;
  if (command === 'uniq') {
    mkdirSync(dir, { recursive: true });
    const groups: Buffer[] = [];
    const counts: number[] = [];
    for (let cy = 0; cy < g.rows; cy++) {
      let row = '';
      for (let cx = 0; cx < g.cols; cx++) {
        const cell = cutCell(img, g, cx, cy);
        let k = groups.findIndex((b) => b.equals(cell));
        if (k < 0) {
          k = groups.length;
          groups.push(cell);
          counts.push(0);
          await sharp(cell, { raw: { width: size, height: size, channels: 3 } }).png().toFile(join(dir, `${k}.png`));
        }
        counts[k]!++;
        row += k.toString(36);
      }
      console.log(row);
    }
    console.log(counts.map((c, k) => `${k.toString(36)}:${c}`).join(' '));
    return;
  }
  if (command === 'read') {
    const sprites = await loadSprites(dir, size);
    const { rows, misses } = readCells(img, g, sprites);
    console.log(rows.join('\n'));
    for (const m of misses) console.error(m);
    if (misses.length) process.exitCode = 1;
    return;
  }
  if (command === 'cut') {
    // cut IMAGE GRID DIR cx,cy,name ... : writes DIR/name.png from one cell
    mkdirSync(dir, { recursive: true });
    for (const spec of argv.slice(4)) {
      const [cx, cy, name] = spec.split(',');
      const cell = cutCell(img, g, Number(cx), Number(cy));
      await sharp(cell, { raw: { width: size, height: size, channels: 3 } }).png().toFile(join(dir, `${name}.png`));
    }
    return;
  }
  writeFileSync(2, `unknown command ${command}\n`);
  process.exit(2);
}

if (process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]))) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  });
}
