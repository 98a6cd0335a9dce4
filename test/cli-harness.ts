// Runs minebot commands in-process for tests: the commands given, the CLI's own error handling
// (src/cli.ts runProgram), stdout/stderr captured, environment variables set for the run only.
import type { Command } from 'commander';
import { newProgram, runProgram } from '../src/cli.js';

export type Registrar = (program: Command) => void;

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function runCli(registers: Registrar[], args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  let out = '', err = '';
  const o = process.stdout.write.bind(process.stdout);
  const e = process.stderr.write.bind(process.stderr);
  const keys = ['MINEBOT_SKINS', 'MINEBOT_TEMPLATES', ...Object.keys(env)];
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  process.stdout.write = ((s: string) => ((out += s), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => ((err += s), true)) as typeof process.stderr.write;
  const before = process.exitCode;
  process.exitCode = undefined;
  try {
    const program = newProgram();
    for (const register of registers) register(program);
    const code = await runProgram(program, ['node', 'minebot', ...args]);
    return { code, out, err };
  } finally {
    process.stdout.write = o;
    process.stderr.write = e;
    process.exitCode = before;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
