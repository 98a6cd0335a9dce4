// `minebot --version` (and -V): the version of the installed package, from its package.json
// (src/commands/ and dist/commands/ both sit two folders below it).

import { readFileSync } from 'node:fs';
import type { Command } from 'commander';

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

export function register(program: Command): void {
  program.version(packageVersion(), '-V, --version', 'print the version of minebot');
}
