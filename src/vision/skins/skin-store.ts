// Writing a learned skin to the user's skins folder: <dir>/<name>/skin.json and its sprites.
//
// A save never leaves a broken skin, whenever it is stopped, and a reader never sees half of one:
// the sprites are written first, each under a name of its own content (open1-3f9a0c12de.png;
// a sprite written before is kept as it is), each to a temporary name and renamed; then skin.json,
// which names them, replaces the old one by a rename (atomic on every platform). Until that
// rename a reader finds the old skin.json and the old sprites, all still there; after it, the new
// skin.json and the new sprites. Only then are the files no skin.json names any more removed (a
// reader that read the old skin.json just before loads again: loadSkin retries when skin.json
// changed under it). A run stopped half-way leaves the old skin whole, plus at most a few files
// no skin.json names, which the next save of that skin removes.

import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { encodePng } from './load.js';
import type { LearnedSkin } from '../learn/looks.js';
import { VisionError } from '../errors.js';
import { validSkinName, type SkinFile } from './skin.js';

/** Writes bytes to `file` through a temporary name beside it and a rename. */
function writeAtomic(file: string, bytes: Buffer | string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp-${process.pid}`);
  try {
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** The file name a sprite is stored under: its name with a hash of its content. */
export function contentName(file: string, bytes: Buffer): string {
  const ext = path.extname(file);
  const stem = ext ? file.slice(0, -ext.length) : file;
  return `${stem}-${createHash('sha1').update(bytes).digest('hex').slice(0, 10)}${ext}`;
}

/** The skin.json data with every sprite file name mapped through `rename`. */
function renamed(file: SkinFile, rename: (f: string) => string): SkinFile {
  const out = structuredClone(file);
  for (const state of Object.keys(out.sprites) as (keyof SkinFile['sprites'])[]) {
    const f = out.sprites[state];
    if (f) out.sprites[state] = rename(f);
  }
  if (out.extraSprites) {
    for (const state of Object.keys(out.extraSprites) as (keyof SkinFile['sprites'])[]) out.extraSprites[state] = out.extraSprites[state]!.map(rename);
  }
  if (out.outside) out.outside = out.outside.map(rename);
  if (out.cell.weights) out.cell.weights = rename(out.cell.weights);
  if (out.face) for (const k of Object.keys(out.face.sprites) as (keyof NonNullable<SkinFile['face']>['sprites'])[]) out.face.sprites[k] = rename(out.face.sprites[k]!);
  if (out.digits) for (const k of Object.keys(out.digits.sprites)) out.digits.sprites[k] = rename(out.digits.sprites[k]!);
  return out;
}

/** Saves a learned skin into `dir` (created if missing); returns the skin's folder. */
export function saveSkin(dir: string, learned: LearnedSkin): string {
  const name = learned.file.name;
  if (!validSkinName(name)) throw new VisionError(`"${name}" cannot be a skin name (letters, digits, _ . - only)`);
  const folder = path.join(dir, name);
  try {
    mkdirSync(folder, { recursive: true });
    const names = new Map<string, string>();
    for (const [file, image] of learned.sprites) {
      const bytes = encodePng(image);
      const stored = contentName(file, bytes);
      names.set(file, stored);
      if (!existsSync(path.join(folder, stored))) writeAtomic(path.join(folder, stored), bytes);
    }
    const rename = (f: string): string => {
      const n = names.get(f);
      if (!n) throw new Error(`skin.json names a sprite ${f} the skin does not have`);
      return n;
    };
    writeAtomic(path.join(folder, 'skin.json'), JSON.stringify(renamed(learned.file, rename), null, 2) + '\n');
    // what earlier saves left: sprites no skin.json names now, temporary files of a stopped save
    const keep = new Set(names.values());
    for (const f of readdirSync(folder)) {
      if (!keep.has(f) && (f.endsWith('.png') || /^\..*\.tmp-\d+$/.test(f))) rmSync(path.join(folder, f), { force: true });
    }
  } catch (err) {
    throw new VisionError(`cannot save skin "${name}" in ${dir}: ${(err as Error).message}`);
  }
  return folder;
}
