// Skins as data: templates/<name>/skin.json plus sprite PNGs in the same folder.
//
// ## skin.json schema (version 1)
//
// All lengths are in pixels of the game at 100% (scale 1); the reader scales them by
// `scale = measured pitch / cell.pitch`. Colours are "#RRGGBB".
//
// {
//   "version": 1,
//   "name": "winxp",                       // folder name, used by `--skin NAME`
//   "description": "…",                    // free text (optional)
//   "cell": {
//     "pitch": 16,                          // distance between the origins of two neighbouring cells
//     "inset": 0,                           // optional: px ignored on every side of a cell when matching
//     "weights": "weights.png"              // optional: pitch×pitch grey image, how much each pixel
//   },                                      //   counts when matching (white 1 … black 0; learned skins)
//   "sprites": {                            // one pitch×pitch PNG per cell state; top-left = the cell's
//     "covered": "covered.png",            //   origin (include a grid line on the right/bottom if the
//     "0": "open0.png", "1": "open1.png",  //   game draws one: the sprite tiles the board exactly)
//     …, "8": "open8.png",
//     "flag": "flag.png", "question": "question.png", "mine": "mine.png",
//     "exploded": "exploded.png", "wrongFlag": "wrongflag.png"
//   },                                      // a state the game cannot show may be left out ("question")
//   "extraSprites": { "0": ["open0-alt.png"] },   // optional: more looks of the same state
//   "face": {                               // optional (null/absent: the game has no face)
//     "at": { "x": ["gridCenter", -12], "y": ["gridTop", -39] },   // top-left of the face sprite
//     "width": 24, "height": 24,
//     "sprites": { "playing": "face-playing.png", "won": "face-won.png", "lost": "face-lost.png",
//                  "surprised": "face-surprised.png" }             // surprised/pressed read as playing
//   },
//   "digits": {                             // optional: LED digit sprites shared by the counters
//     "width": 13, "height": 23,
//     "sprites": { "0": "led0.png", …, "9": "led9.png", "-": "led-minus.png" }
//   },
//   "counters": {                           // optional, each may be absent
//     "mines": { "at": { "x": ["gridLeft", 5],  "y": ["gridTop", -39] }, "digits": 3, "step": 13 },
//     "timer": { "at": { "x": ["gridRight", -46], "y": ["gridTop", -39] }, "digits": 3, "step": 13 }
//   },
//   "palette": { "background": "#C0C0C0", "light": "#FFFFFF", "dark": "#808080" },  // named colours
//   "window": {                             // optional: how the renderer draws the client area
//     "margins": { "left": 12, "top": 55, "right": 8, "bottom": 8 },  // client edge → grid
//     "background": "background",          // a palette name or "#RRGGBB"
//     "boxes": [                            // drawn in order, after the background, before the cells
//       { "kind": "bevel", "rect": [X0, Y0, X1, Y1], "width": 3, "topLeft": "dark", "bottomRight": "light" },
//       { "kind": "fill",  "rect": [X0, Y0, X1, Y1], "colour": "#000000" }
//     ]                                     // X = [ref, offset] with ref clientLeft|clientRight|gridLeft|
//   }                                       //   gridRight|gridCenter; Y = [ref, offset] with ref clientTop|
// }                                         //   clientBottom|gridTop|gridBottom. x1/y1 are exclusive.
//
// Reference points: gridLeft/gridTop = top-left pixel of cell (0,0); gridRight = gridLeft + cols·pitch,
// gridBottom = gridTop + rows·pitch (first pixel after the board); gridCenter = (gridLeft+gridRight)/2;
// clientRight/clientBottom = the client-area size (exclusive).
//
// A game without a face or counters (sgt-mines: a status bar instead) leaves "face", "digits"
// and "counters" out; the reading then reports face/mineCounter/timer as null.

import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePng } from './load.js';
import type { RgbaImage } from '../image.js';
import { VisionError } from '../errors.js';
import type { PixelMask } from '../read/classify.js';
import { userSkinsDir } from './skin-dirs.js';

export type CellState =
  | 'covered' | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8'
  | 'flag' | 'question' | 'mine' | 'exploded' | 'wrongFlag';

export const CELL_STATES: readonly CellState[] = [
  'covered', '0', '1', '2', '3', '4', '5', '6', '7', '8', 'flag', 'question', 'mine', 'exploded', 'wrongFlag',
];

/**
 * What a cell sprite can show: a cell state, or 'outside' — what surrounds the board (a learned
 * skin keeps a few looks of it, so that the frame is never taken for cells).
 */
export type CellLabel = CellState | 'outside';

/** Board cell code (src/core/board.ts) of each state. */
export const CODE_OF_STATE: Record<CellState, number> = {
  '0': 0, '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8,
  covered: 9, flag: 10, question: 11, mine: 12, exploded: 13, wrongFlag: 14,
};

export type FaceState = 'playing' | 'won' | 'lost' | 'surprised';
export type XRef = 'clientLeft' | 'clientRight' | 'gridLeft' | 'gridRight' | 'gridCenter';
export type YRef = 'clientTop' | 'clientBottom' | 'gridTop' | 'gridBottom';
export type XPos = [XRef, number];
export type YPos = [YRef, number];

export interface SkinCounter {
  at: { x: XPos; y: YPos };
  digits: number;
  step: number;
}

export interface SkinBox {
  kind: 'bevel' | 'fill';
  rect: [XPos, YPos, XPos, YPos];
  width?: number;
  topLeft?: string;
  bottomRight?: string;
  colour?: string;
}

export interface SkinFile {
  version: 1;
  name: string;
  description?: string;
  cell: { pitch: number; inset?: number; weights?: string };
  sprites: Partial<Record<CellState, string>>;
  extraSprites?: Partial<Record<CellState, string[]>>;
  /** Looks of what surrounds the board (never a cell); learned skins have them. */
  outside?: string[];
  face?: { at: { x: XPos; y: YPos }; width: number; height: number; sprites: Partial<Record<FaceState, string>> } | null;
  digits?: { width: number; height: number; sprites: Record<string, string> } | null;
  counters?: { mines?: SkinCounter | null; timer?: SkinCounter | null } | null;
  palette: Record<string, string>;
  window?: {
    margins: { left: number; top: number; right: number; bottom: number };
    background: string;
    boxes: SkinBox[];
  } | null;
  /** A skin made by `minebot learn`: what it was learned from, and how many cells each sprite stands for. */
  learned?: {
    captures: string[];
    /** Per state, one weight per sprite (sprites, then extraSprites, in order; outside: its list). */
    weights: Partial<Record<CellLabel, number[]>>;
    /** Per state, the lowest score of a cell it was learned from (learned-fit.ts): how near a look must be to count as it. */
    fit?: Partial<Record<CellState, number>>;
    /** Per number, how well the worst part of a cell it was learned from agreed with its look (learned-fit.ts, stroke-fit.ts). */
    parts?: Partial<Record<CellState, number>>;
    /**
     * The cell pitches (px, to 0.01) the skin's cells were learned at: cells at one of them are at
     * the skin's own size though its sprites are the pitch rounded (a board of 14.5 px cells has
     * sprites of 15, 3% off). Absent in skins learned before it was recorded.
     */
    pitches?: number[];
    /** Per state, how far (of 255) the mean level of a cell it was learned from lay from its look's at most (learned-fit.ts). */
    levels?: Partial<Record<CellState, number>>;
    /** The game opens only a 0's four sides (learned while playing it): a 0 may show a closed corner. */
    zeroOpens?: 'sides';
    /**
     * The game's cells were not square: the skin was learned from the screen stretched by this per
     * axis (bot/screen/square-cells.ts), and is read through the same stretch. Absent for square cells.
     */
    stretch?: { x: number; y: number };
  };
}

/** A skin with its sprites decoded. */
export interface Skin {
  name: string;
  file: SkinFile;
  pitch: number;
  inset: number;
  cells: { state: CellState; image: RgbaImage }[];
  /** Looks of what surrounds the board. */
  outside: RgbaImage[];
  /** How much each sprite pixel counts when matching cells, or null (all alike). */
  mask: PixelMask | null;
  faces: { state: FaceState; image: RgbaImage }[];
  digits: { char: string; image: RgbaImage }[];
  palette: Record<string, [number, number, number]>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** templates/ of the repository (src/vision/skins/ → ../../../templates, also from dist/vision/skins/). */
export function templatesDir(): string {
  const fromEnv = process.env.MINEBOT_TEMPLATES;
  if (fromEnv) return fromEnv;
  return path.resolve(here, '../../../templates');
}

export function parseColour(text: string, palette?: Record<string, [number, number, number]>): [number, number, number] {
  if (palette && palette[text]) return palette[text]!;
  const m = /^#([0-9a-fA-F]{6})$/.exec(text);
  if (!m) throw new VisionError(`bad colour "${text}" (expected #RRGGBB or a palette name)`);
  const v = parseInt(m[1]!, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Folders searched for skins, in order: the built-in templates, then the user's learned skins. */
export function skinDirs(): string[] {
  return [templatesDir(), userSkinsDir()];
}

/** Whether a name can be a skin's folder name (not a hidden one: those are a save's temporary files). */
export function validSkinName(name: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(name) && name !== 'auto';
}

/** Names of the skins in a folder (folders holding a skin.json), or in every skin folder. */
export function listSkins(dir?: string): string[] {
  if (dir === undefined) return [...new Set(skinDirs().flatMap((d) => listSkins(d)))].sort();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => validSkinName(n) && existsSync(path.join(dir, n, 'skin.json')) && statSync(path.join(dir, n)).isDirectory())
    .sort();
}

/** The folder a skin is loaded from (the first skin folder holding it), or null. */
export function skinFolder(name: string, dir?: string): string | null {
  if (!validSkinName(name)) return null;
  for (const d of dir === undefined ? skinDirs() : [dir]) {
    if (existsSync(path.join(d, name, 'skin.json'))) return path.join(d, name);
  }
  return null;
}

const cache = new Map<string, Skin>();

/** skin.json's identity for the cache: its path, change time and size (a save replaces it by a rename). */
function stamp(jsonPath: string): string {
  const st = statSync(jsonPath);
  return `${jsonPath}\u0000${st.mtimeMs}\u0000${st.ino}\u0000${st.size}`;
}

/**
 * Loads (and caches) a skin by name, from `dir` or else the first skin folder holding it (a
 * skin re-learned since is loaded again). Throws VisionError for an unknown or broken skin.
 */
export function loadSkin(name: string, dir?: string): Skin {
  const folder = skinFolder(name, dir);
  if (!folder) {
    const known = listSkins(dir);
    throw new VisionError(`unknown skin "${name}" (known: ${known.length ? known.join(', ') : 'none'}; teach a new one with \`minebot learn\`)`);
  }
  const jsonPath = path.join(folder, 'skin.json');
  // a save that replaced skin.json (and removed the sprites it no longer names) while this read
  // the old one: read the new one
  for (let attempt = 0; ; attempt++) {
    const key = stamp(jsonPath);
    const hit = cache.get(key);
    if (hit) return hit;
    try {
      const skin = loadFolder(name, jsonPath, folder);
      cache.set(key, skin);
      return skin;
    } catch (err) {
      if (attempt >= 2 || !existsSync(jsonPath) || stamp(jsonPath) === key) throw err;
    }
  }
}

function loadFolder(name: string, jsonPath: string, folder: string): Skin {
  let file: SkinFile;
  try {
    file = JSON.parse(readFileSync(jsonPath, 'utf8')) as SkinFile;
  } catch (err) {
    throw new VisionError(`skin "${name}": cannot parse skin.json: ${(err as Error).message}`);
  }
  if (file === null || typeof file !== 'object' || Array.isArray(file)) throw new VisionError(`skin "${name}": skin.json is not a skin (not a JSON object)`);
  try {
    return buildSkin(file, (f) => decodePng(readFileSync(path.join(folder, f))), name);
  } catch (err) {
    if (err instanceof VisionError) throw err;
    throw new VisionError(`skin "${name}": skin.json is not a skin this version can read: ${(err as Error).message}`);
  }
}

/** A skin folder, or a skin in one, that cannot be used, and why. */
export interface SkinProblem {
  /** The skin's name, or null for a whole folder that cannot be read. */
  name: string | null;
  /** The skin's folder (or the skins folder). */
  folder: string;
  message: string;
}

/**
 * The skins of every skin folder that load (in name order; a name in two folders is the first
 * folder's, as loadSkin takes it), and those that do not: a broken or foreign folder among the
 * learned skins, or a skins folder that cannot be read, leaves the others usable (`--skin auto`
 * reads with them; asking for a broken skin by name still fails with its error).
 */
export function usableSkins(): { skins: Skin[]; problems: SkinProblem[] } {
  const skins: Skin[] = [];
  const problems: SkinProblem[] = [];
  const seen = new Set<string>();
  for (const dir of skinDirs()) {
    let names: string[];
    try {
      names = listSkins(dir);
    } catch (err) {
      problems.push({ name: null, folder: dir, message: `cannot read the skins folder ${dir}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` });
      continue;
    }
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      try {
        skins.push(loadSkin(name, dir));
      } catch (err) {
        // whatever a foreign skin.json holds, it leaves the other skins alone
        problems.push({ name, folder: path.join(dir, name), message: (err as Error).message });
      }
    }
  }
  skins.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { skins, problems };
}

/** Where warnings about skins left out go: stderr, one line each (tests may listen instead). */
let warningSink: (line: string) => void = (line) => process.stderr.write(line + '\n');
const warned = new Set<string>();

/** Sends skin warnings to `sink` (returns a function that puts the previous one back). */
export function onSkinWarning(sink: (line: string) => void): () => void {
  const previous = warningSink;
  warningSink = sink;
  return () => {
    warningSink = previous;
  };
}

/** Warns once per process about each skin (or skins folder) left out. */
export function warnSkinProblems(problems: readonly SkinProblem[]): void {
  for (const p of problems) {
    const key = `${p.folder}\u0000${p.message}`;
    if (warned.has(key)) continue;
    warned.add(key);
    const what = p.name === null ? 'skins folder left out' : `skin "${p.name}" in ${path.dirname(p.folder)} left out`;
    warningSink(`minebot: warning: ${what}: ${p.message}`);
  }
}

/** Builds a Skin from its parsed skin.json and a sprite loader (used by loadSkin and the generator). */
export function buildSkin(file: SkinFile, load: (file: string) => RgbaImage, name = file.name): Skin {
  if (file.version !== 1) throw new VisionError(`skin "${name}": unsupported skin.json version ${String(file.version)}`);
  const isObject = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(file.sprites)) throw new VisionError(`skin "${name}": skin.json has no "sprites" object`);
  if (file.extraSprites !== undefined && !(isObject(file.extraSprites) && Object.values(file.extraSprites).every(Array.isArray))) {
    throw new VisionError(`skin "${name}": "extraSprites" must map states to lists of files`);
  }
  if (file.outside !== undefined && !Array.isArray(file.outside)) throw new VisionError(`skin "${name}": "outside" must be a list of files`);
  const pitch = file.cell?.pitch;
  if (!(typeof pitch === 'number' && pitch >= 4)) throw new VisionError(`skin "${name}": cell.pitch must be a number >= 4`);
  const get = (f: string, w: number, h: number, what: string): RgbaImage => {
    let img: RgbaImage;
    try {
      img = load(f);
    } catch (err) {
      throw new VisionError(`skin "${name}": cannot load ${what} sprite ${f}: ${(err as Error).message}`);
    }
    if (img.width !== w || img.height !== h) {
      throw new VisionError(`skin "${name}": ${what} sprite ${f} is ${img.width}x${img.height}, expected ${w}x${h}`);
    }
    return img;
  };
  const cells: Skin['cells'] = [];
  for (const state of CELL_STATES) {
    const files = [file.sprites[state], ...(file.extraSprites?.[state] ?? [])].filter((f): f is string => !!f);
    for (const f of files) cells.push({ state, image: get(f, pitch, pitch, `cell ${state}`) });
  }
  if (!cells.some((c) => c.state === 'covered')) throw new VisionError(`skin "${name}": no "covered" sprite`);
  const outside = (file.outside ?? []).map((f) => get(f, pitch, pitch, 'outside'));
  let mask: PixelMask | null = null;
  if (file.cell.weights) {
    const img = get(file.cell.weights, pitch, pitch, 'weights');
    const values = new Float32Array(pitch * pitch);
    for (let i = 0; i < values.length; i++) values[i] = img.data[i * 4]! / 255;
    mask = { width: pitch, height: pitch, values };
  }
  const faces: Skin['faces'] = [];
  if (file.face) {
    for (const [state, f] of Object.entries(file.face.sprites)) {
      if (f) faces.push({ state: state as FaceState, image: get(f, file.face.width, file.face.height, `face ${state}`) });
    }
  }
  const digits: Skin['digits'] = [];
  if (file.digits) {
    for (const [char, f] of Object.entries(file.digits.sprites)) {
      digits.push({ char, image: get(f, file.digits.width, file.digits.height, `digit ${char}`) });
    }
  }
  const palette: Skin['palette'] = {};
  for (const [k, v] of Object.entries(file.palette ?? {})) palette[k] = parseColour(v);
  return { name, file, pitch, inset: file.cell.inset ?? 0, cells, outside, mask, faces, digits, palette };
}
