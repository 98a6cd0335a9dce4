// Parsers for option values shared by commands: each throws a CliError naming the option.

import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { parseBoardSpec, parseRule, type BoardSpec, type FirstClickRule } from '../core/rules.js';
import { CliError } from './errors.js';

export function wholeNumber(name: string, min = 0): (text: string) => number {
  return (text: string) => {
    if (!/^\d+$/.test(text.trim())) throw new CliError(`${name} must be a whole number, got "${text}"`);
    const n = Number(text);
    if (n < min) throw new CliError(`${name} must be at least ${min}, got ${n}`);
    return n;
  };
}

export function positiveNumber(name: string): (text: string) => number {
  return (text: string) => {
    const n = Number(text);
    if (!Number.isFinite(n) || n <= 0) throw new CliError(`${name} must be a positive number, got "${text}"`);
    return n;
  };
}

export function boardOption(text: string): BoardSpec {
  try {
    return parseBoardSpec(text);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
}

export function ruleOption(text: string): FirstClickRule {
  try {
    return parseRule(text);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
}

/** An option in milliseconds from 0 to 1000 (`--click-hold`, `--settle`). */
function millisecondsOption(name: string): (text: string) => number {
  return (text: string) => {
    const n = Number(text);
    if (!/^\s*\d+(\.\d+)?\s*$/.test(text) || n > 1000) throw new CliError(`${name} must be a number of milliseconds from 0 to 1000, got "${text}"`);
    return n;
  };
}

/** `--click-hold <ms>`: how long a click holds the mouse button. */
export const clickHoldOption = millisecondsOption('--click-hold');

/** `--settle <ms>`: how long the screen must show a frame unchanged before it is read. */
export const settleOption = millisecondsOption('--settle');

/** A cell as `X,Y` (whole numbers from 0). */
export function cellOption(name: string): (text: string) => [number, number] {
  return (text: string) => {
    const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
    if (!m) throw new CliError(`${name} must be a cell as X,Y (whole numbers from 0), got "${text}"`);
    return [Number(m[1]), Number(m[2])];
  };
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Adds `--skins <dir>` (where learned skins live) to a command: before the command runs it is
 * put in MINEBOT_SKINS, which every skin lookup reads (src/vision/skins/skin-dirs.ts).
 */
export function withSkinsOption(cmd: Command): Command {
  return cmd
    .option('--skins <dir>', 'folder of learned skins (default: $MINEBOT_SKINS, else the per-user config folder)')
    .hook('preAction', (_parent, action) => {
      const dir = action.opts().skins as string | undefined;
      if (dir) process.env.MINEBOT_SKINS = path.resolve(dir);
    });
}
