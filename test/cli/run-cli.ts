// Runs the built CLI (bin/minebot.js → dist/) as a user would; `npm test` builds first.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/minebot.js', import.meta.url));

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], input?: string, env: NodeJS.ProcessEnv = {}): CliRun {
  const r = spawnSync(process.execPath, [bin, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
