// The board as the player sees it, and its text format (docs/architecture.md "Words").
//
//   first line `WxH/M`, then H lines of W characters, top row first; `#` lines are comments.
//   `.` covered, `F` flag, `?` question mark, `0`-`8` opened, `*` mine shown after a loss,
//   `X` the exploded mine, `!` a wrong flag, `+` an opened cell whose number is not known (a look
//   minebot is still learning: safe, but it tells nothing about its neighbours).

/** Cell codes. 0..8 are opened cells showing that number. */
export const COVERED = 9;
export const FLAG = 10;
export const QUESTION = 11;
export const MINE = 12;
export const EXPLODED = 13;
export const WRONG_FLAG = 14;
/** Opened, number not known (a look not learned yet): safe, no constraint on its neighbours. */
export const OPENED = 15;

export type CellCode = number;

export interface Board {
  readonly width: number;
  readonly height: number;
  /** Total mines in the game (from the header). */
  readonly mines: number;
  /** Row-major cell codes, index = y * width + x. */
  readonly cells: Uint8Array;
}

const CHAR_OF: string[] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '.', 'F', '?', '*', 'X', '!', '+'];
const CODE_OF: Record<string, number> = Object.fromEntries(CHAR_OF.map((c, i) => [c, i]));

export function charOf(code: CellCode): string {
  const c = CHAR_OF[code];
  if (c === undefined) throw new RangeError(`invalid cell code ${code}`);
  return c;
}

/** Not opened: covered, flagged or question-marked (`.`, `F`, `?`). */
export function isClosed(code: CellCode): boolean {
  return code === COVERED || code === FLAG || code === QUESTION;
}

/** Covered in the sense of "not yet opened and not known to be a mine by the game": `.` and `?`. */
export function isUnknown(code: CellCode): boolean {
  return code === COVERED || code === QUESTION;
}

export function createBoard(width: number, height: number, mines: number, fill: CellCode = COVERED): Board {
  checkDimensions(width, height, mines);
  return { width, height, mines, cells: new Uint8Array(width * height).fill(fill) };
}

export function checkDimensions(width: number, height: number, mines: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`board size must be positive whole numbers, got ${width}x${height}`);
  }
  if (width * height > 1_000_000) throw new RangeError(`board ${width}x${height} is too large`);
  if (!Number.isInteger(mines) || mines < 0 || mines > width * height) {
    throw new RangeError(`mine count ${mines} does not fit a ${width}x${height} board`);
  }
}

/** A parse error that names the line and column (both 1-based) of the bad input. */
export class BoardParseError extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`line ${line}, column ${column}: ${reason}`);
    this.name = 'BoardParseError';
  }
}

const HEADER = /^(\d+)x(\d+)\/(\d+)$/;

/** Parses the board text format. Throws BoardParseError naming line and column. */
export function parseBoard(text: string): Board {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const rows: { text: string; line: number }[] = [];
  let header: { w: number; h: number; m: number; line: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const trimmed = raw.trimEnd();
    if (trimmed.startsWith('#')) continue;
    if (header === undefined) {
      if (trimmed.trim() === '') continue;
      const lead = raw.length - raw.trimStart().length;
      const m = HEADER.exec(trimmed.trim());
      if (!m) throw new BoardParseError(i + 1, lead + 1, `expected a header like 30x16/99, got "${trimmed.trim()}"`);
      const w = Number(m[1]);
      const h = Number(m[2]);
      const mines = Number(m[3]);
      if (w < 1 || h < 1) throw new BoardParseError(i + 1, lead + 1, `board size ${w}x${h} must be at least 1x1`);
      if (w * h > 1_000_000) throw new BoardParseError(i + 1, lead + 1, `board size ${w}x${h} is too large`);
      if (mines > w * h) {
        throw new BoardParseError(i + 1, lead + 1, `${mines} mines do not fit in ${w}x${h} = ${w * h} cells`);
      }
      header = { w, h, m: mines, line: i + 1 };
      continue;
    }
    if (trimmed === '') {
      // Blank lines are allowed only after the last row.
      if (rows.length < header.h) {
        const rest = lines.slice(i + 1).some((l) => l.trim() !== '' && !l.trimEnd().startsWith('#'));
        if (rest) throw new BoardParseError(i + 1, 1, `blank line inside the board (row ${rows.length + 1} of ${header.h} expected)`);
      }
      continue;
    }
    if (rows.length === header.h) {
      throw new BoardParseError(i + 1, 1, `more rows than the header's height ${header.h}`);
    }
    rows.push({ text: trimmed, line: i + 1 });
  }
  if (header === undefined) throw new BoardParseError(1, 1, 'empty input: expected a header like 30x16/99');
  if (rows.length < header.h) {
    const lastLine = rows.length ? rows[rows.length - 1]!.line + 1 : header.line + 1;
    throw new BoardParseError(lastLine, 1, `expected ${header.h} rows, got ${rows.length}`);
  }
  const board = createBoard(header.w, header.h, header.m);
  rows.forEach((row, y) => {
    for (let x = 0; x < row.text.length; x++) {
      const ch = row.text[x]!;
      const code = CODE_OF[ch];
      if (x >= header.w) {
        throw new BoardParseError(row.line, x + 1, `row ${y + 1} is ${row.text.length} characters wide, the header says ${header.w}`);
      }
      if (code === undefined) throw new BoardParseError(row.line, x + 1, `unknown character "${ch}" (allowed: . F ? 0-8 * X ! +)`);
      board.cells[y * header.w + x] = code;
    }
    if (row.text.length < header.w) {
      throw new BoardParseError(row.line, row.text.length + 1, `row ${y + 1} is ${row.text.length} characters wide, the header says ${header.w}`);
    }
  });
  return board;
}

/** Prints the board text format (header and rows, ending with a newline). */
export function formatBoard(board: Board): string {
  const out: string[] = [`${board.width}x${board.height}/${board.mines}`];
  for (let y = 0; y < board.height; y++) {
    let row = '';
    for (let x = 0; x < board.width; x++) row += CHAR_OF[board.cells[y * board.width + x]!];
    out.push(row);
  }
  return out.join('\n') + '\n';
}

// ---- geometry -------------------------------------------------------------------------------

/** Row-major offsets of a cell's 8 neighbours, and of its 4 sides. */
const AROUND: readonly (readonly [number, number])[] = [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]];
const SIDES: readonly (readonly [number, number])[] = [[0, -1], [-1, 0], [1, 0], [0, 1]];
const neighbourCache = new Map<string, Int32Array[]>();
const sideCache = new Map<string, Int32Array[]>();

/** For every cell index, the indices of the cells at `offsets` that lie on the board. Cached per board size. */
function offsetTable(width: number, height: number, offsets: readonly (readonly [number, number])[], cache: Map<string, Int32Array[]>): Int32Array[] {
  const key = `${width}x${height}`;
  let table = cache.get(key);
  if (table) return table;
  table = Array.from({ length: width * height }, (_, i) => {
    const x = i % width, y = (i / width) | 0;
    const list: number[] = [];
    for (const [dx, dy] of offsets) if (x + dx >= 0 && y + dy >= 0 && x + dx < width && y + dy < height) list.push((y + dy) * width + x + dx);
    return Int32Array.from(list);
  });
  if (cache.size > 64) cache.clear();
  cache.set(key, table);
  return table;
}

/** For every cell index, the indices of its up-to-8 neighbours. Cached per board size. */
export function neighbourTable(width: number, height: number): Int32Array[] {
  return offsetTable(width, height, AROUND, neighbourCache);
}

/** For every cell index, the indices of its up-to-4 side neighbours (no corners). Cached per board size. */
export function sideTable(width: number, height: number): Int32Array[] {
  return offsetTable(width, height, SIDES, sideCache);
}

/** Every cell covered in `now` where `before` (the same board's cells) had opened some: a new game came in place of the one going on. */
export function freshInPlace(before: Uint8Array, now: Uint8Array): boolean {
  return before.some((c) => c <= 8 || c === OPENED) && now.every((c) => c === COVERED);
}

export function neighbours(board: Board, index: number): Int32Array {
  return neighbourTable(board.width, board.height)[index]!;
}

export function xyOf(board: { width: number }, index: number): [number, number] {
  return [index % board.width, Math.floor(index / board.width)];
}

export function indexOf(board: { width: number; height: number }, x: number, y: number): number {
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= board.width || y >= board.height) {
    throw new RangeError(`cell (${x},${y}) is outside the ${board.width}x${board.height} board`);
  }
  return y * board.width + x;
}

// ---- local consistency -------------------------------------------------------------------------

export interface Inconsistency {
  x: number;
  y: number;
  reason: string;
}

/**
 * Local consistency: every number has at most that many flagged/shown mines around it and at
 * least that many flagged, shown or unknown cells; the flags do not exceed the mine total.
 * (Whether a full layout exists is the solver's question; this catches what one cell shows.)
 */
export function findInconsistencies(board: Board): Inconsistency[] {
  const problems: Inconsistency[] = [];
  const table = neighbourTable(board.width, board.height);
  let shownMines = 0;
  for (let i = 0; i < board.cells.length; i++) {
    const c = board.cells[i]!;
    // A wrong flag (shown after a loss) marks a cell that is *not* a mine.
    if (c === FLAG || c === MINE || c === EXPLODED) shownMines++;
    if (c > 8) continue;
    let sure = 0;
    let possible = 0;
    for (const j of table[i]!) {
      const n = board.cells[j]!;
      if (n === FLAG || n === MINE || n === EXPLODED) {
        sure++;
        possible++;
      } else if (n === COVERED || n === QUESTION) possible++;
    }
    const [x, y] = xyOf(board, i);
    if (sure > c) problems.push({ x, y, reason: `shows ${c} but has ${sure} flagged or shown mines around it` });
    else if (possible < c) problems.push({ x, y, reason: `shows ${c} but only ${possible} neighbouring cells could hold a mine` });
  }
  if (shownMines > board.mines) {
    problems.push({ x: 0, y: 0, reason: `${shownMines} flags or mines shown but the board has only ${board.mines} mines` });
  }
  return problems;
}

/**
 * Whether the flags alone finish the game: as many flags as mines, some cells still unknown, and
 * every number counting exactly its flagged neighbours (so every unknown cell left is safe). A game
 * that takes the win at its last flag shows this, and then ignores clicks.
 */
export function solvedByFlags(cells: ArrayLike<number>, mines: number, table: readonly ArrayLike<number>[]): boolean {
  let flags = 0;
  let unknown = false;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    if (c === FLAG) flags++;
    else if (c === COVERED || c === QUESTION) unknown = true;
  }
  if (flags !== mines || !unknown) return false;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    if (c > 8) continue;
    let around = 0;
    for (let k = 0; k < table[i]!.length; k++) if (cells[table[i]![k]!] === FLAG) around++;
    if (around !== c) return false;
  }
  return true;
}
