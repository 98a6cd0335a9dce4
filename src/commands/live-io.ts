// What a command that plays the real screen needs around the loop, shared by `play --screen` and
// `learn --screen`: the screen through nut.js (a clear error without a display), the ways a user
// stops the bot (Ctrl-C, q or Esc in its terminal: the abort signal the loop's Safety watches),
// the click trace (JSON lines, appended and written at once) and the capture saved when a bad
// reading stops the bot.

import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { formatBoard } from '../core/board.js';
import type { Reading } from '../bot/reading.js';
import type { Desktop, Grab } from '../desktop/ports.js';
import { savePng } from '../vision/load.js';
import { CliError } from './errors.js';

/** The real screen, mouse and keyboard, or a one-line error (no display, nut.js missing). */
export async function openScreen(): Promise<Desktop> {
  const { openNutDesktop } = await import('../desktop/nut.js');
  try {
    return await openNutDesktop();
  } catch (e) {
    throw new CliError((e as Error).message);
  }
}

export interface LiveControls {
  /** Aborted on Ctrl-C or the abort key, with the reason. */
  signal: AbortSignal;
  /** Appends one JSON line to the trace file (if one was given). */
  trace(line: object): void;
  /** Puts the terminal back and closes the trace. */
  close(): void;
}

/** Listens for Ctrl-C and the abort keys (q, Esc) and opens the trace file for appending. */
export function liveControls(traceFile?: string): LiveControls {
  let trace: number | null = null;
  if (traceFile) {
    try {
      trace = openSync(traceFile, 'a');
    } catch (e) {
      throw new CliError(`cannot open trace file ${traceFile}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  }
  const abort = new AbortController();
  const onSigint = () => abort.abort('interrupted (Ctrl-C)');
  process.on('SIGINT', onSigint);
  // The game window has the focus for the bot's clicks, so the universal stop is moving the
  // mouse; from the terminal, q or Esc (and Ctrl-C) stop it too.
  const stdin = process.stdin;
  const rawTty = stdin.isTTY && typeof stdin.setRawMode === 'function';
  const onKey = (buf: Buffer) => {
    const k = buf.toString();
    if (k === '\u0003') abort.abort('interrupted (Ctrl-C)');
    else if (k === 'q' || k === '\u001b') abort.abort('abort key pressed');
  };
  if (rawTty) {
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onKey);
  }
  return {
    signal: abort.signal,
    trace: (line) => {
      if (trace !== null) writeSync(trace, JSON.stringify(line) + '\n');
    },
    close: () => {
      process.off('SIGINT', onSigint);
      if (rawTty) {
        stdin.off('data', onKey);
        stdin.setRawMode(false);
        stdin.pause();
      }
      if (trace !== null) closeSync(trace);
      trace = null;
    },
  };
}

/** Saves a capture (PNG) and what was read from it (text) when a bad reading stops the bot. */
export async function saveCapture(dir: string, capture: Grab, reading: Reading | null, why: string): Promise<string> {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new CliError(`cannot create ${dir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const png = path.join(path.resolve(dir), `capture-${stamp}.png`); // a full path in messages (on Windows with its drive)
  await savePng(capture.image, png);
  const lines = [
    `# ${why}`,
    `# capture: ${path.basename(png)}, screen region ${JSON.stringify(capture.region)}, pixel density ${JSON.stringify(capture.pixelDensity)}`,
  ];
  if (reading) {
    lines.push(
      `# skin ${reading.skin}, face ${reading.face}, mine counter ${reading.mineCounter}, timer ${reading.timer}`,
      `# grid (in the capture) ${JSON.stringify(reading.grid)}, lowest confidence ${reading.minConfidence.toFixed(3)}`,
      `# unsure cells: ${reading.unsure.map(([x, y]) => `(${x},${y})`).join(' ') || 'none'}`,
      formatBoard(reading.board).trimEnd(),
    );
  } else lines.push('# nothing could be read');
  writeFileSync(png.replace(/\.png$/, '.txt'), lines.join('\n') + '\n');
  return png;
}

/** The `--new-game` option: face, none, or a key (F2, n) or key chord (Ctrl+R). */
export function parseNewGameText(text: string, exitCode?: number): { key: string } | { face: true } | { none: true } {
  if (text === 'face') return { face: true };
  if (text === 'none') return { none: true };
  if (!/^([A-Za-z]+\+)*[A-Za-z0-9]+$/.test(text)) throw new CliError(`--new-game must be face, none, a key name such as F2 or a chord such as Ctrl+R, got "${text}"`, exitCode);
  return { key: text };
}
