// What a command that plays the real screen needs around the loop, shared by `play --screen` and
// `learn --screen`: the screen through nut.js (a clear error without a display), the ways a user
// stops the bot (Ctrl-C, q or Esc in its terminal: the abort signal the loop's Safety watches),
// the click trace (JSON lines, appended and written at once) and the capture saved when a bad
// reading stops the bot.

import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { LabelledCapture, LearnedSkin } from '../vision/learn/looks.js';
import { formatBoard } from '../core/board.js';
import type { GameResult, Reading } from '../bot/reading.js';
import type { LearnerBasis } from '../bot/learn/learn-live.js';
import type { BoardPoint, NewGame } from '../bot/flow/new-game.js';
import type { Desktop, Grab } from '../desktop/ports.js';
import { savePng } from '../vision/skins/load.js';
import { CliError } from './errors.js';
import { CLICK_CHANGED_NOTHING, dismissKeyOf } from '../bot/flow/dismiss.js';
import { squaredDesktop, squaredText, stretchText } from '../bot/screen/square-cells.js';
import { stretchedDesktop } from '../desktop/stretched.js';
import type { Stretch } from '../core/stretch.js';

/**
 * The real screen, mouse and keyboard, or a one-line error (no display, nut.js missing).
 * `clickHoldMs`: how long a click holds the button (`--click-hold`; default the adapter's). A game
 * whose cells are not square is seen stretched until they are: by `stretch` (what the skin played
 * was learned through), else as found on the screen (`windowTitle`'s window, else the whole
 * screen; bot/screen/square-cells.ts); `say` is told so. Returns the stretch applied, null for none.
 */
export async function openScreen(options: { clickHoldMs?: number; windowTitle?: string; stretch?: Stretch; say?: (line: string) => void } = {}): Promise<{ desktop: Desktop; stretch: Stretch | null }> {
  const { openNutDesktop } = await import('../desktop/nut.js');
  let desktop: Desktop;
  try {
    desktop = await openNutDesktop(options.clickHoldMs === undefined ? {} : { clickHoldMs: options.clickHoldMs });
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  if (options.stretch) {
    options.say?.(`read stretched ${stretchText(options.stretch)}, as the skin was learned (its game's cells are not square)`);
    return { desktop: stretchedDesktop(desktop, options.stretch), stretch: options.stretch };
  }
  const squared = await squaredDesktop(desktop, options.windowTitle);
  if (squared.squaring) options.say?.(squaredText(squared.squaring));
  return { desktop: squared.desktop, stretch: squared.squaring?.stretch ?? null };
}

/** A learned skin as saved: with the stretch its game was read through, or without one. */
export function stamped(skin: LearnedSkin, stretch: Stretch | null): LearnedSkin {
  const learned = skin.file.learned;
  if (!learned) return skin;
  const { stretch: _old, ...rest } = learned;
  return { ...skin, file: { ...skin.file, learned: stretch ? { ...rest, stretch: { x: stretch.x, y: stretch.y } } : rest } };
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

/**
 * Saves a capture (PNG) and what was read from it (text) when a bad reading stops the bot; with
 * `before` (a learner's last frame explained in full, and its cells), that too, as
 * capture-STAMP-before.png and .txt: the step from it to the capture is the one that failed.
 */
export async function saveCapture(dir: string, capture: Grab, reading: Reading | null, why: string, before?: LearnerBasis | null): Promise<string> {
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
  if (before) {
    const first = png.replace(/\.png$/, '-before.png');
    await savePng(before.image, first);
    writeFileSync(first.replace(/\.png$/, '.txt'), `# the last frame the learner explained in full before ${path.basename(png)}, and what it made of each cell\n${formatBoard(before.board)}`);
  }
  return png;
}

/**
 * The `--new-game` option: face, none, a key (F2, n), a key chord (Ctrl+R), keys in turn
 * (Ctrl+N,Return), click:DX,DY (a point in cell pitches from the middle of the board's top edge),
 * or points in turn (click:DX,DY+DX,DY: each clicked once the one before changed the screen;
 * DX,DY? a point that may change nothing, a button that comes only at some ends).
 */
export function parseNewGameText(text: string, exitCode?: number): NewGame {
  if (text === 'face') return { face: true };
  if (text === 'none') return { none: true };
  if (text.startsWith('click:')) {
    // points in turn, +-separated: a restart that shows a start screen, then its start button
    // (a point written DX,DY? may change nothing: a button that comes only at some ends)
    const [first, ...then] = text.slice('click:'.length).split(/(?<=[\d?])\+(?=[-+]?\d)/).map((p) => parseNewGameClick(`click:${p}`, exitCode));
    if ((then.at(-1) ?? first!).optional) throw new CliError(`--new-game ${text}: the last point cannot be optional (?): a point that may change nothing needs one after it`, exitCode);
    return then.length ? { click: first!, then } : { click: first! };
  }
  // keys in turn, comma-separated: a game that asks to confirm (KMines: Ctrl+N, then Return for "Yes")
  if (!/^(([A-Za-z]+\+)*[A-Za-z0-9]+)(,([A-Za-z]+\+)*[A-Za-z0-9]+)*$/.test(text)) {
    throw new CliError(`--new-game must be face, none, a key name such as F2, a chord such as Ctrl+R, keys in turn such as Ctrl+N,Return, click:DX,DY, or points in turn such as click:0,-0.4+2.8,-1.6; got "${text}"`, exitCode);
  }
  return { key: text };
}

/**
 * `--dismiss KEY|click:DX,DY[;DX,DY...]|KEY;click:DX,DY[;...]|none`: the key that closes a dialog
 * a game puts over its board after a click (a key name or a chord), or the points of its close
 * buttons relative to the board (tried in order), or both (the key tried first: a box that takes
 * a key, then one closed by a click), or null.
 */
export function parseDismissKey(text: string, exitCode?: number): string | null {
  if (text === 'none') return null;
  let key: string | null;
  try {
    // (its points parsed too: one that does not parse throws here)
    key = dismissKeyOf(text);
  } catch (err) {
    throw new CliError(`--dismiss ${text}: ${(err as Error).message}; write click:DX,DY, or click:DX,DY;DX2,DY2 for buttons at several points tried in order (in cells from the middle of the board's top edge; quote it for the shell)`, exitCode);
  }
  if (key !== null && !/^([A-Za-z]+\+)*[A-Za-z0-9]+$/.test(key)) throw new CliError(`--dismiss must be a key name such as Escape or Return, a chord such as Alt+F4, click:DX,DY (a close button at that point, in cells from the middle of the board's top edge; click:DX,DY;DX2,DY2 for buttons at several points, tried in order), both as Return;click:DX,DY (the key tried first), or none; got "${text}"`, exitCode);
  return text;
}

/**
 * A hint after a stop on a board that stayed covered, when no dismiss key was given: a game's own
 * end dialog is the likely cover, and `--dismiss KEY` closes it. Null otherwise.
 */
export function dismissHint(stopped: string | null, dismiss: string | null): string | null {
  if (!stopped || dismiss !== null || !/\(is it covered, minimised or closed\?\)/.test(stopped)) return null;
  // (not for a board that kept changing, nor for a cell or three unsure: an animation on the
  // board, a tile that moves, is no dialog; nor for a board the solver finds impossible: numbers
  // that contradict each other, a game's own miscount, as vallode/Minesweeper-JS's two mines in
  // one cell, are no cover)
  const unsure = /^unsure reading of (\d+) cell/.exec(stopped);
  if (/did not settle|the solver rejects the board/.test(stopped) || (unsure && Number(unsure[1]) < 4)) return null;
  return 'if the game puts a dialog over its board when a game ends, --dismiss KEY closes it (KMines: --dismiss Escape)';
}

/** How far a new-game point may be named from the middle of the board's top edge, in cells either way (a typo caught before any run). */
const NEW_GAME_POINT_REACH = 40;

/** click:DX,DY: two numbers (cells right and down from the middle of the board's top edge) within reach of the board. */
function parseNewGameClick(text: string, exitCode?: number): BoardPoint {
  const m = /^click:([-+]?\d+(?:\.\d+)?),([-+]?\d+(?:\.\d+)?)(\?)?$/.exec(text);
  if (!m) throw new CliError(`--new-game click:DX,DY takes two numbers, cells right and down from the middle of the board's top edge (click:0,-1.5 is a face 1.5 cells above it); got "${text}"`, exitCode);
  const dx = Number(m[1]);
  const dy = Number(m[2]);
  if (Math.abs(dx) > NEW_GAME_POINT_REACH || Math.abs(dy) > NEW_GAME_POINT_REACH) throw new CliError(`--new-game ${text}: more than ${NEW_GAME_POINT_REACH} cells from the board; give a point on the game's window, in cells from the middle of the board's top edge`, exitCode);
  return m[3] ? { dx, dy, optional: true } : { dx, dy };
}

/**
 * Keeps the frame a game was learned from, with its labels (the true board the learner gave it
 * and where its cells are), in `dir` as NAME-lesson-STAMP-gN.png and .board.txt: a look by eye
 * tells a wrong label, and `minebot learn` can learn from them again. Returns the PNG's path.
 */
export async function keepLesson(dir: string, name: string, game: number, lesson: LabelledCapture, part = ''): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const png = path.join(dir, `${name}-lesson-${stamp}-g${game + 1}${part}.png`);
  await savePng(lesson.image, png);
  const grid = lesson.grid ? `# grid ${JSON.stringify(lesson.grid)}\n` : '';
  writeFileSync(png.replace(/\.png$/, '.board.txt'), `# ${lesson.name}; '+' cells were not labelled\n${grid}${formatBoard(lesson.board)}`);
  return png;
}

/** What a session says when the board at the start was no fresh game and it started a new one. */
export function restartedLine(e: { how: string; why: string }): string {
  return `${e.why.replace(/: start a new game, then learn$/, '')}: ${e.how} for a new game`;
}

/** A game's result as a session says it. */
export function resultWord(result: GameResult): string {
  return result === 'unknown' ? 'ended where no frame showed whether it was won or lost' : result;
}

/** A finished game as `play` says it. */
export function gameLine(e: { result: GameResult; clicks: number; wallMs: number; why?: string }): string {
  const why = e.result === 'unknown' && e.why ? ` (${e.why})` : '';
  return `${resultWord(e.result)}${why}, ${e.clicks} clicks, ${(e.wallMs / 1000).toFixed(2)} s`;
}

/** The games a session played, won and lost (and ended unseen, when any). */
export function playedLine(r: { games: number; won: number; lost: number; unknown: number }): string {
  return `played ${r.games} game${r.games === 1 ? '' : 's'}: ${r.won} won, ${r.lost} lost${r.unknown ? `, ${r.unknown} ended unseen` : ''}`;
}

/** What a session says when it pressed the dismiss key. */
export function dismissedLine(e: { key: string; why: string; press: number }): string {
  if (e.press > 1 && e.why.endsWith(CLICK_CHANGED_NOTHING)) return `the click before changed nothing: pressed ${e.key} (${e.press} presses)`;
  if (e.press > 1) return `another cover came over the board in place of the one closed: pressed ${e.key} again (${e.press} presses)`;
  return `pressed ${e.key} to close what is over the game (${e.why})`;
}

/** The line that tells the user the quiet time grew (a `settle` event of the play loop). */
export function settleLine(e: { quietMs: number; why: string }): string {
  return `the game draws in steps (${e.why}): frames are read once the screen is quiet for ${e.quietMs} ms`;
}
