// Where skins live: the built-in ones ship in templates/ of the package; learned ones (made by
// `minebot learn`) live in a per-user folder, so a user's own game is never mixed into the
// package and survives an upgrade.
//
// The user folder is, in order: the --skins option, the MINEBOT_SKINS environment variable, else
// the platform's per-user config folder:
//   Linux and other Unix: $XDG_CONFIG_HOME/minebot/skins, else ~/.config/minebot/skins
//   macOS:                ~/Library/Application Support/minebot/skins
//   Windows:              %APPDATA%\minebot\skins, else ~\AppData\Roaming\minebot\skins

import os from 'node:os';
import path from 'node:path';

export interface SkinsDirContext {
  env?: Record<string, string | undefined>;
  platform?: NodeJS.Platform;
  home?: string;
}

/** Where the user's learned skins are (the folder need not exist yet). */
export function userSkinsDir(option?: string, ctx: SkinsDirContext = {}): string {
  if (option) return path.resolve(option);
  const env = ctx.env ?? process.env;
  if (env.MINEBOT_SKINS) return path.resolve(env.MINEBOT_SKINS);
  const platform = ctx.platform ?? process.platform;
  const home = ctx.home ?? os.homedir();
  if (platform === 'win32') {
    const base = env.APPDATA || path.win32.join(home, 'AppData', 'Roaming');
    return path.win32.join(base, 'minebot', 'skins');
  }
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', 'minebot', 'skins');
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  return path.join(base, 'minebot', 'skins');
}
