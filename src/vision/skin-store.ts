// Writing a learned skin to the user's skins folder: <dir>/<name>/skin.json and its sprites.
// The folder is replaced as a whole (written beside it, then renamed over it), so a reader never
// sees half a skin and an interrupted save leaves the old skin in place.

import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodePng } from './load.js';
import type { LearnedSkin } from './looks.js';
import { VisionError } from './errors.js';
import { validSkinName } from './skin.js';

/** Saves a learned skin into `dir` (created if missing); returns the skin's folder. */
export function saveSkin(dir: string, learned: LearnedSkin): string {
  const name = learned.file.name;
  if (!validSkinName(name)) throw new VisionError(`"${name}" cannot be a skin name (letters, digits, _ . - only)`);
  const folder = path.join(dir, name);
  const staging = path.join(dir, `.${name}.saving-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging);
    for (const [file, image] of learned.sprites) writeFileSync(path.join(staging, file), encodePng(image));
    writeFileSync(path.join(staging, 'skin.json'), JSON.stringify(learned.file, null, 2) + '\n');
    const old = path.join(dir, `.${name}.old-${process.pid}`);
    if (existsSync(folder)) renameSync(folder, old);
    renameSync(staging, folder);
    rmSync(old, { recursive: true, force: true });
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw new VisionError(`cannot save skin "${name}" in ${dir}: ${(err as Error).message}`);
  }
  return folder;
}
