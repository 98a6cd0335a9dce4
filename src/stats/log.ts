// The move log: JSON Lines, one line per cell the bot opens and one summary line per game.
//
//   {"type":"move","game":"g1","n":3,"x":4,"y":7,"p":0.1875,"certain":false,"mine":false}
//   {"type":"game","game":"g1","rules":"safe","board":"30x16/99","strategy":"exact",
//    "source":"sim","won":false,"clicks":57,"ms":212}
//   {"type":"unseen","game":"g2","n":9,"x":16,"y":3,"p":0.5,"certain":false}
//
// An unseen line is a cell the bot opened whose outcome no frame showed: the run stopped first (a
// live game it could not follow), or a loss was told behind a dialog, its mine never shown. It is
// no move of the calibration (its outcome is not known), and it is not dropped either: a stop
// right after a guess is often a loss the bot did not recognise, so the calibration says how many
// such cells there were. An unseen line with the game and n of a move line before it takes that
// move back, `why` says why (the game took no click after it: an end not seen may have come with
// it, and the cell's reading is in doubt):
//
//   {"type":"unseen","game":"g2","n":4,"x":4,"y":0,"p":0.23,"certain":false,"why":"..."}
//
// Moves name their game; the summary line (written when the game ends) carries the game's
// metadata, so filters by strategy, rules or source apply to the moves through it. Lines are
// appended and flushed one at a time, so a crash loses at most the line being written; the
// reader warns about such a torn last line and keeps everything before it.

import { closeSync, openSync, writeSync } from 'node:fs';
import type { MoveRecord } from '../sim/play.js';

/** One cell the bot opened, as a log line: sim's MoveRecord plus the game it belongs to. */
export interface MoveLine extends MoveRecord {
  type: 'move';
  /** The game this move belongs to (unique within one log file). */
  game: string;
}

/** Where a game was played: the simulator, or a real game (e.g. "live:winxp"). */
export type Source = string;

/** The summary of one game. */
export interface GameLine {
  type: 'game';
  game: string;
  /** First-click rule (xp, safe, zero, none). */
  rules: string;
  /** Board as WxH/M. */
  board: string;
  strategy: string;
  source: Source;
  /** null: the game ended where no frame showed whether it was won or lost (`unseen` says why). */
  won: boolean | null;
  clicks: number;
  /** Wall-clock milliseconds the game took (measured by the caller, not the core). */
  ms: number;
  /** Set when the game stopped without a win or a loss (a strategy bug or a move limit). */
  stalled?: string;
  /** Set when the game ended where no frame showed how (won is null): why. */
  unseen?: string;
}

/**
 * The summary line of a game as the play loop tells its end (`result`; `why` for a game that
 * ended where no frame showed how).
 */
export function gameSummaryLine(game: string, e: { result: 'won' | 'lost' | 'unknown'; clicks: number; wallMs: number; why?: string }, meta: { rules: string; board: string; strategy: string; source: Source }): GameLine {
  return {
    type: 'game',
    game,
    ...meta,
    won: e.result === 'unknown' ? null : e.result === 'won',
    clicks: e.clicks,
    ms: e.wallMs,
    ...(e.result === 'unknown' ? { unseen: e.why ?? 'no frame showed how the game ended' } : {}),
  };
}

/** A cell the bot opened whose outcome no frame showed (the run stopped first). */
export interface UnseenLine {
  type: 'unseen';
  game: string;
  n: number;
  x: number;
  y: number;
  p: number;
  certain: boolean;
  /** Set when the line takes back the move line of the same game and n: why its reading is doubted. */
  why?: string;
}

export type LogLine = MoveLine | GameLine | UnseenLine;

export function moveLine(game: string, m: { n: number; x: number; y: number; p: number; certain: boolean; mine: boolean }): MoveLine {
  return { type: 'move', game, n: m.n, x: m.x, y: m.y, p: m.p, certain: m.certain, mine: m.mine };
}

export function unseenLine(game: string, m: { n: number; x: number; y: number; p: number; certain: boolean; why?: string }): UnseenLine {
  return { type: 'unseen', game, n: m.n, x: m.x, y: m.y, p: m.p, certain: m.certain, ...(typeof m.why === 'string' ? { why: m.why } : {}) };
}

/** Serialises one line (no trailing newline). Probabilities keep full precision. */
export function formatLine(line: LogLine): string {
  return JSON.stringify(line);
}

/** A text file written one line per write call ('a' appends, 'w' truncates first). */
export class LineWriter {
  private fd: number | null;

  constructor(
    readonly path: string,
    mode: 'a' | 'w' = 'a',
  ) {
    try {
      this.fd = openSync(path, mode);
    } catch (err) {
      throw new Error(`cannot open ${path} for writing: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  }

  /** Writes `text` and a newline with one write call (looping only on a short write). */
  writeLine(text: string): void {
    if (this.fd === null) throw new Error(`${this.path} is closed`);
    const buf = Buffer.from(text + '\n', 'utf8');
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off, buf.length - off);
  }

  close(): void {
    if (this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
    }
  }
}

/**
 * Appends log lines to a file, each written with one write call as soon as it is given, so the
 * file always ends at a line boundary except for a line cut by a crash.
 */
export class LogWriter extends LineWriter {
  constructor(path: string) {
    super(path, 'a');
  }

  write(line: LogLine): void {
    this.writeLine(formatLine(line));
  }

  /** Writes several lines (e.g. a finished game's moves then its summary), still one line per call. */
  writeAll(lines: readonly LogLine[]): void {
    for (const line of lines) this.write(line);
  }
}

// ---- reading ------------------------------------------------------------------------------------

export interface ParsedLog {
  moves: MoveLine[];
  games: GameLine[];
  unseen: UnseenLine[];
  /** Problems met while reading (torn last line, malformed lines), one sentence each. */
  warnings: string[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Checks one parsed line; returns the line or a reason it is not valid. */
export function validateLine(value: unknown): LogLine | string {
  if (!isObject(value)) return 'not a JSON object';
  const game = value.game;
  if (typeof game !== 'string' && typeof game !== 'number') return 'missing "game"';
  if (value.type === 'move' || value.type === 'unseen') {
    for (const k of ['n', 'x', 'y', 'p'] as const) if (typeof value[k] !== 'number' || !Number.isFinite(value[k])) return `"${k}" must be a number`;
    const p = value.p as number;
    if (p < 0 || p > 1) return `"p" must be a probability between 0 and 1, got ${p}`;
    if (typeof value.certain !== 'boolean') return '"certain" must be true or false';
    if (value.type === 'unseen') return unseenLine(String(game), value as unknown as UnseenLine);
    if (typeof value.mine !== 'boolean') return '"mine" must be true or false';
    return moveLine(String(game), value as unknown as MoveLine);
  }
  if (value.type === 'game') {
    for (const k of ['rules', 'board', 'strategy', 'source'] as const) if (typeof value[k] !== 'string') return `"${k}" must be a string`;
    if (typeof value.won !== 'boolean' && value.won !== null) return '"won" must be true, false or null';
    const line: GameLine = {
      type: 'game',
      game: String(game),
      rules: value.rules as string,
      board: value.board as string,
      strategy: value.strategy as string,
      source: value.source as string,
      won: value.won,
      clicks: typeof value.clicks === 'number' ? value.clicks : 0,
      ms: typeof value.ms === 'number' ? value.ms : 0,
    };
    if (typeof value.stalled === 'string') line.stalled = value.stalled;
    if (typeof value.unseen === 'string') line.unseen = value.unseen;
    return line;
  }
  return `unknown line type ${JSON.stringify(value.type)}`;
}

/**
 * Parses a whole log text. A last line without its newline that does not parse is a torn write:
 * it is dropped with a warning. Other bad lines are skipped with a warning naming the line number.
 */
export function parseLog(text: string, name = 'log'): ParsedLog {
  const out: ParsedLog = { moves: [], games: [], unseen: [], warnings: [] };
  const lines = text.split('\n');
  const endsClean = text.length === 0 || text.endsWith('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const last = i === lines.length - 1;
    addLine(out, raw, i + 1, name, last && !endsClean);
  }
  return out;
}

function addLine(out: ParsedLog, raw: string, lineNo: number, name: string, unterminatedLast: boolean): void {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    out.warnings.push(
      unterminatedLast
        ? `${name}: line ${lineNo} is torn (cut off mid-write); ignored it and kept the ${lineNo - 1} lines before`
        : `${name}: line ${lineNo} is not valid JSON; skipped it`,
    );
    return;
  }
  const line = validateLine(value);
  if (typeof line === 'string') {
    out.warnings.push(`${name}: line ${lineNo}: ${line}; skipped it`);
    return;
  }
  if (line.type === 'move') out.moves.push(line);
  else if (line.type === 'unseen') out.unseen.push(line);
  else out.games.push(line);
}

/** Streams a log file line by line (for logs too large to hold as one string). */
export async function readLogFile(path: string, onLine: (line: LogLine) => void): Promise<string[]> {
  const { createReadStream } = await import('node:fs');
  const warnings: string[] = [];
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let rest = '';
  let lineNo = 0;
  const sink: ParsedLog = { moves: [], games: [], unseen: [], warnings };
  const flush = () => {
    for (const l of sink.moves) onLine(l);
    for (const l of sink.unseen) onLine(l);
    for (const l of sink.games) onLine(l);
    sink.moves.length = 0;
    sink.unseen.length = 0;
    sink.games.length = 0;
  };
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const text = rest + chunk;
      let start = 0;
      for (let nl = text.indexOf('\n', start); nl >= 0; nl = text.indexOf('\n', start)) {
        lineNo++;
        const raw = text.slice(start, nl);
        start = nl + 1;
        if (raw.trim() !== '') {
          addLine(sink, raw, lineNo, path, false);
          flush();
        }
      }
      rest = text.slice(start);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `log file ${path} does not exist` : `cannot read log file ${path}: ${code ?? String(err)}`);
  }
  if (rest.trim() !== '') {
    lineNo++;
    addLine(sink, rest, lineNo, path, true);
    flush();
  }
  return warnings;
}
