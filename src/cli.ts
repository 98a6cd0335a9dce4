// The command line: parses options and wires the pieces together. Each command lives in
// src/commands/<name>.ts and exports register(program).

import { Command, CommanderError } from 'commander';
import { CliError } from './commands/errors.js';

type Registrar = (program: Command) => void;

/** Command modules under src/commands/, each exporting register(program). */
const COMMANDS: string[] = ['version', 'bench', 'calibration', 'play', 'solve', 'read', 'advise', 'learn', 'doctor'];

/** The program with every command registered. */
export async function buildProgram(): Promise<Command> {
  const program = newProgram();
  for (const name of COMMANDS) {
    const mod = (await import(`./commands/${name}.js`)) as { register: Registrar };
    mod.register(program);
  }
  return program;
}

/** A program with the CLI's name, description and output handling, and no commands yet. */
export function newProgram(): Command {
  return new Command()
    .name('minebot')
    .description('A Minesweeper bot: reads the screen, computes exact mine probabilities, clicks; benchmarks and calibration on a simulator.')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
}

/** Runs a program on argv: user errors become one line on stderr and an exit code, no stack. */
export async function runProgram(program: Command, argv: string[]): Promise<number> {
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    if (err instanceof CliError) {
      process.stderr.write(`minebot: ${err.message}\n`);
      return err.exitCode;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`minebot: ${message}\n`);
    if (process.env.MINEBOT_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    return 1;
  }
}

export async function main(argv: string[]): Promise<number> {
  return runProgram(await buildProgram(), argv);
}
