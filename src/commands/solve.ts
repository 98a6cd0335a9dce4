// `minebot solve [FILE|-] [--json]`: the exact mine probability of every covered cell of a board
// in the text format, the certain safe cells and mines, and the move the `exact` strategy makes.
//
// --json prints one object:
//   {"width","height","totalMines","probabilities","safe","mines","move","approximate","flagsTrusted","note"?}
// probabilities[y][x] is a number for covered cells (`.`, `?`, and flags: 1 when flags are
// trusted) and null otherwise; safe and mines are [x,y] pairs of certain cells; move is
// {"x","y","action","p"} or null when nothing is left to play. (The issue listed "mines" twice,
// once for the header's total and once for the certain mines; JSON keeps one value per key, so
// the total is "totalMines" and "mines" is the list of pairs.)
// Exit codes: 1 for unreadable or malformed input (line and column named), 2 for an impossible
// board (a cell where the contradiction shows named).
//
// Under `--rules xp` a mine under the first click moved elsewhere, so layouts are not equally
// likely; with `--first-click X,Y` (where that game's first click was) the probabilities and the
// move are the XP-weighted ones (src/solver/xp.ts). Without it they are weighted as if the click
// was not the first open cell in reading order (exact unless it was), and the note says so.

import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { BoardParseError, FLAG, charOf, indexOf, parseBoard, xyOf, type Board } from '../core/board.js';
import { createRng } from '../core/rng.js';
import type { FirstClickRule } from '../core/rules.js';
import type { Move } from '../core/strategy.js';
import { InconsistentBoardError, type Analysis } from '../solver/probability.js';
import { analyzeOrThrow, decideWith } from '../solver/strategy.js';
import { UNKNOWN_CLICK, weighXp } from '../solver/xp.js';
import { CliError } from './errors.js';
import { cellOption, ruleOption } from './options.js';

export interface SolveReport {
  width: number;
  height: number;
  totalMines: number;
  probabilities: (number | null)[][];
  safe: [number, number][];
  mines: [number, number][];
  move: { x: number; y: number; action: Move['action']; p: number } | null;
  approximate: boolean;
  flagsTrusted: boolean;
  note?: string;
}

function readInput(file: string | undefined): string {
  try {
    return !file || file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new CliError(`cannot read ${!file || file === '-' ? 'standard input' : file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
  }
}

/**
 * Analyses a board and picks the move; throws CliError (code 2) for an impossible board, (code 1)
 * for a first click that is not an open cell of the board or given without the XP rule.
 */
export function solveBoard(board: Board, rule: FirstClickRule = 'safe', firstClick?: [number, number]): SolveReport {
  let analysis: Analysis;
  try {
    analysis = analyzeOrThrow(board, {});
  } catch (err) {
    if (err instanceof InconsistentBoardError) throw new CliError(err.message, 2);
    throw err;
  }
  let xpNote: string | undefined;
  if (firstClick) {
    if (rule !== 'xp') throw new CliError('--first-click only matters under --rules xp (where a mine under it was moved)', 1);
    const [x, y] = firstClick;
    if (x >= board.width || y >= board.height) throw new CliError(`--first-click (${x},${y}) is outside the ${board.width}x${board.height} board`, 1);
    const click = indexOf(board, x, y);
    if (board.cells[click]! > 8) throw new CliError(`--first-click (${x},${y}) is not an open cell of the board`, 1);
    analysis = weighXp(board, analysis, click);
  } else if (rule === 'xp' && board.cells.some((c) => c <= 8)) {
    analysis = weighXp(board, analysis, UNKNOWN_CLICK);
    const [x, y] = xyOf(board, board.cells.findIndex((c) => c <= 8));
    xpNote = `XP odds as if the first click was not (${x},${y}), the first open cell in reading order (--first-click X,Y says where it was)`;
  }
  const decision = decideWith(board, analysis, { rule, rng: createRng(0), flags: false });
  const first = decision.moves.find((m) => m.action === 'open') ?? decision.moves[0];
  const probabilities: (number | null)[][] = [];
  for (let y = 0; y < board.height; y++) {
    const row: (number | null)[] = [];
    for (let x = 0; x < board.width; x++) {
      const p = analysis.probabilities[y * board.width + x]!;
      row.push(Number.isNaN(p) ? null : p);
    }
    probabilities.push(row);
  }
  const report: SolveReport = {
    width: board.width,
    height: board.height,
    totalMines: board.mines,
    probabilities,
    safe: analysis.safe.map((i) => xyOf(board, i)),
    mines: analysis.mines.map((i) => xyOf(board, i)),
    move: first ? { x: first.x, y: first.y, action: first.action, p: first.p } : null,
    approximate: analysis.approximate,
    flagsTrusted: analysis.flagsTrusted,
  };
  // The decision's note repeats the analysis's; keep each part once.
  const parts = [analysis.note, decision.note, xpNote].filter((n): n is string => !!n).flatMap((n) => n.split('; '));
  const note = [...new Set(parts)].join('; ');
  if (note) report.note = note;
  return report;
}

/** Percent for a covered cell: S certain safe, M certain mine, else 0..100 ("<1", ">99" near the ends). */
function cellText(board: Board, report: SolveReport, x: number, y: number): string {
  const p = report.probabilities[y]![x];
  const code = board.cells[y * board.width + x]!;
  if (p === null || p === undefined) return charOf(code);
  if (code === FLAG && report.flagsTrusted) return 'F';
  if (p === 0) return 'S';
  if (p === 1) return 'M';
  const pct = 100 * p;
  if (pct < 1) return '<1';
  if (pct > 99) return '>99';
  return String(Math.round(pct));
}

export function formatSolveReport(board: Board, report: SolveReport): string {
  const lines: string[] = [];
  lines.push(`${board.width}x${board.height}/${board.mines}: mine probability (%) of every covered cell; S certain safe, M certain mine`);
  const header = '    ' + Array.from({ length: board.width }, (_, x) => String(x).padStart(3)).join(' ');
  lines.push(header);
  for (let y = 0; y < board.height; y++) {
    const cells = Array.from({ length: board.width }, (_, x) => cellText(board, report, x, y).padStart(3));
    lines.push(String(y).padStart(3) + ' ' + cells.join(' '));
  }
  const pairs = (list: [number, number][]) => (list.length ? list.map(([x, y]) => `(${x},${y})`).join(' ') : 'none');
  lines.push(`certain safe  ${pairs(report.safe)}`);
  lines.push(`certain mines ${pairs(report.mines)}`);
  const m = report.move;
  lines.push(m ? `move          ${m.action} (${m.x},${m.y}), mine probability ${(100 * m.p).toFixed(2)}%` : 'move          none (nothing left to open)');
  if (report.note) lines.push(`note          ${report.note}`);
  return lines.join('\n') + '\n';
}

export function register(program: Command): void {
  program
    .command('solve')
    .description('print the exact mine probability of every covered cell of a board, the certain cells and the chosen move')
    .argument('[file]', 'board in the text format (WxH/M header, then rows); - or nothing reads standard input')
    .option('--json', 'print one JSON object')
    .option('--rules <rule>', 'first-click rule, for the first move of an untouched board', ruleOption, 'safe' as FirstClickRule)
    .option('--first-click <x,y>', 'under --rules xp: where the game was first clicked (weighs where a moved mine went)', cellOption('--first-click'))
    .action((file: string | undefined, flags: { json?: boolean; rules: FirstClickRule; firstClick?: [number, number] }) => {
      const text = readInput(file);
      let board: Board;
      try {
        board = parseBoard(text);
      } catch (err) {
        if (err instanceof BoardParseError) throw new CliError(`${file && file !== '-' ? file : 'input'}: ${err.message}`, 1);
        throw new CliError((err as Error).message, 1);
      }
      const report = solveBoard(board, flags.rules, flags.firstClick);
      process.stdout.write(flags.json ? JSON.stringify(report) + '\n' : formatSolveReport(board, report));
    });
}
