// What both learn commands need (learn.ts from screenshots, learn-screen.ts by playing): their
// flags, the learned skin a run adds to, and cell states as a user reads them.

import { CliError } from './errors.js';
import { VisionError } from '../vision/errors.js';
import type { Skin } from '../vision/skins/skin.js';

export interface LearnFlags {
  name?: string;
  truth?: string;
  force?: boolean;
  json?: boolean;
  screen?: boolean;
  mines?: number;
  games?: number;
  newGame?: string;
  trace?: string;
  skins?: string;
}

/** The learned skin of that name in the user's folder (to add to), or undefined; errors for a built-in name. */
export async function previousSkin(name: string): Promise<Skin | undefined> {
  const { listSkins, loadSkin, templatesDir, validSkinName } = await import('../vision/skins/skin.js');
  const { userSkinsDir } = await import('../vision/skins/skin-dirs.js');
  if (!validSkinName(name)) throw new CliError(`--name: "${name}" cannot be a skin name (use letters, digits, _ . -)`, 2);
  if (listSkins(templatesDir()).includes(name)) throw new CliError(`--name: "${name}" is a built-in skin; choose another name`, 2);
  const dir = userSkinsDir();
  if (!listSkins(dir).includes(name)) return undefined;
  try {
    const skin = loadSkin(name, dir);
    if (!skin.file.learned) throw new CliError(`skin "${name}" in ${dir} was not made by minebot learn; choose another name`, 2);
    return skin;
  } catch (err) {
    if (err instanceof VisionError) throw new CliError(`cannot add to skin "${name}": ${err.message}`, 2);
    throw err;
  }
}

const STATE_TEXT: Partial<Record<string, string>> = { wrongFlag: 'wrong flag', question: '?' };

/** Cell states as a user reads them ("0 1 2 flag wrong flag ?"). */
export function stateList(states: readonly string[]): string {
  return states.map((s) => STATE_TEXT[s] ?? s).join(' ');
}
