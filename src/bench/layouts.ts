// Layout files for paired studies against other solvers: JSON Lines, one game a line,
//   {"width":30,"height":16,"mines":[[x,y],...],"first":[x,y]}
// with the mines after the first-click rule has been applied and `first` the bot's first click.

import { readFileSync } from 'node:fs';
import type { Layout } from '../game/engine.js';

export function formatLayout(layout: Layout): string {
  return JSON.stringify({ width: layout.width, height: layout.height, mines: layout.mines, first: layout.first });
}

const isCell = (v: unknown, w: number, h: number): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]) && v[0] >= 0 && v[1] >= 0 && v[0] < w && v[1] < h;

/** Parses one layout line; throws an Error naming what is wrong. */
export function parseLayout(text: string): Layout {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error('not valid JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not a JSON object');
  const o = v as Record<string, unknown>;
  const width = o.width;
  const height = o.height;
  if (!Number.isInteger(width) || !Number.isInteger(height) || (width as number) < 1 || (height as number) < 1) {
    throw new Error('"width" and "height" must be positive whole numbers');
  }
  const w = width as number;
  const h = height as number;
  if (w * h > 1_000_000) throw new Error(`board ${w}x${h} is too large`);
  if (!Array.isArray(o.mines)) throw new Error('"mines" must be a list of [x, y] cells');
  const seen = new Set<number>();
  const mines: [number, number][] = [];
  for (const m of o.mines as unknown[]) {
    if (!isCell(m, w, h)) throw new Error(`mine ${JSON.stringify(m)} is not a cell [x, y] of the ${w}x${h} board`);
    const i = m[1] * w + m[0];
    if (seen.has(i)) throw new Error(`mine [${m[0]}, ${m[1]}] is listed twice`);
    seen.add(i);
    mines.push([m[0], m[1]]);
  }
  if (mines.length >= w * h) throw new Error(`${mines.length} mines leave no free cell on ${w}x${h}`);
  if (!isCell(o.first, w, h)) throw new Error(`"first" must be a cell [x, y] of the ${w}x${h} board`);
  return { width: w, height: h, mines, first: [o.first[0], o.first[1]] };
}

/** Parses a layouts file's text; throws naming the (1-based) line of the first bad layout. */
export function parseLayouts(text: string, name = 'layouts'): Layout[] {
  const out: Layout[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    try {
      out.push(parseLayout(line));
    } catch (err) {
      throw new Error(`${name}, line ${i + 1}: ${(err as Error).message}`);
    }
  }
  if (out.length === 0) throw new Error(`${name} holds no layouts`);
  const first = out[0]!;
  const m = first.mines.length;
  out.forEach((l, i) => {
    if (l.width !== first.width || l.height !== first.height || l.mines.length !== m) {
      throw new Error(`${name}: layout ${i + 1} is ${l.width}x${l.height}/${l.mines.length}, the first is ${first.width}x${first.height}/${m}; one board size per file`);
    }
  });
  return out;
}

export function readLayoutsFile(path: string): Layout[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `layouts file ${path} does not exist` : `cannot read layouts file ${path}: ${code ?? String(err)}`);
  }
  return parseLayouts(text, path);
}
