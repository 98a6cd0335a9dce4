// `minebot doctor`: checks, for the screen the bot would play on, what commonly goes wrong and
// says what to do, one line per check (src/doctor/). Exit code 1 when the bot could not play.

import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Command } from 'commander';
import { formatReport, runDoctor, type DoctorDeps } from '../doctor/run.js';
import type { BoardReading } from '../doctor/checks.js';
import type { RgbaImage } from '../desktop/ports.js';
import { withSkinsOption } from './options.js';

interface DoctorFlags {
  json?: boolean;
  skin?: string;
}

/** The real machine: this process's display, nut.js, skin folders and the vision reader. */
export async function realDeps(flags: DoctorFlags): Promise<DoctorDeps> {
  const nut = await import('../desktop/nut.js');
  const skin = await import('../vision/skins/skin.js');
  const { userSkinsDir } = await import('../vision/skins/skin-dirs.js');
  return {
    platform: process.platform,
    env: process.env,
    probeDisplay: () => nut.checkDisplay(),
    loadNative: async () => {
      await nut.loadNut();
      try {
        return (createRequire(import.meta.url)('@nut-tree/nut-js/package.json') as { version?: string }).version;
      } catch {
        return undefined;
      }
    },
    openDesktop: () => nut.openNutDesktop(),
    skins: {
      builtinDir: skin.templatesDir(),
      userDir: userSkinsDir(),
      list: (dir) => skin.listSkins(dir),
      load: (name, dir) => void skin.loadSkin(name, dir),
      access: (dir) => {
        if (!existsSync(dir)) return { exists: false, writable: false };
        try {
          accessSync(dir, constants.W_OK);
          return { exists: true, writable: true };
        } catch {
          return { exists: true, writable: false };
        }
      },
    },
    read: async () => {
      const { readScreen } = await import('../vision/read/read.js');
      return (image: RgbaImage): BoardReading => readScreen(image, { skin: flags.skin ?? 'auto' });
    },
  };
}

export function register(program: Command): void {
  withSkinsOption(
    program
      .command('doctor')
      .description('check that minebot can play on this screen: display, nut.js, screen size and scale, screenshots, the pointer, skins, and any board in view')
      .option('--skin <name>', 'read a visible board with this skin (default: every skin)')
      .option('--json', 'print one JSON object {"ok", "checks": [{"name", "status", "message", "details"}]}'),
  )
    .addHelpText('after', '\nIt moves the mouse to three points and back. Exit code 0 when the bot can play here, 1 when a check failed.')
    .action(async (flags: DoctorFlags) => {
      const report = await runDoctor(await realDeps(flags));
      process.stdout.write(flags.json ? JSON.stringify(report) + '\n' : formatReport(report));
      if (!report.ok) process.exitCode = 1;
    });
}
