// Legal Minesweeper positions for the near-look tests (near-looks.ts): a fresh board, a mid-game
// board that shows every number from 1 to 6, and the same game lost (every mine shown, the
// exploded one, a right flag and a wrong one). Each comes with the mine layout it was played
// on, so a test can check every cell against it. Pure and seeded.

import { COVERED, createBoard, neighbourTable, type Board } from '../../src/core/board.js';
import { createRng, mixSeed, type Rng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';

export type LookState = 'fresh' | 'mid' | 'lost';
export const LOOK_STATES: readonly LookState[] = ['fresh', 'mid', 'lost'];

export interface Position {
  state: LookState;
  board: Board;
  /** The layout the position was played on: 1 = mine, row-major. */
  layout: Uint8Array;
}

export interface BoardSize {
  cols: number;
  rows: number;
  mines: number;
}

export const SIZES: readonly BoardSize[] = [
  { cols: 9, rows: 9, mines: 10 },
  { cols: 16, rows: 16, mines: 40 },
  { cols: 30, rows: 16, mines: 99 },
];

/** Numbers a mid-game board is made to show (a 6, a 5 and a 4 are planted, the rest come by
 * play; a seed whose play shows fewer is passed over for the next). */
export const MID_NUMBERS = [1, 2, 3, 4, 5, 6] as const;

function shuffle<T>(list: T[], rng: Rng): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/**
 * A layout with a 6, a 5 and a 4 planted (a cell with exactly that many mines around it), the
 * centre and its neighbours free (the opening), the other mines at random. Mines: at least
 * `size.mines` and 5 more than the plants take (9x9 gets 20).
 */
function plantedLayout(size: BoardSize, rng: Rng): { layout: Uint8Array; plants: number[]; start: number; mines: number } {
  const { cols, rows } = size;
  const table = neighbourTable(cols, rows);
  const layout = new Uint8Array(cols * rows);
  const reserved = new Uint8Array(cols * rows);
  const start = (rows >> 1) * cols + (cols >> 1);
  reserved[start] = 1;
  for (const j of table[start]!) reserved[j] = 1;
  const plants: number[] = [];
  let planted = 0;
  for (const n of [6, 5, 4]) {
    let done = false;
    for (let attempt = 0; attempt < 500 && !done; attempt++) {
      const x = 1 + rng.int(cols - 2), y = 1 + rng.int(rows - 2);
      const c = y * cols + x;
      const block = [c, ...table[c]!];
      if (block.some((i) => reserved[i] || layout[i])) continue;
      const around = shuffle([...table[c]!], rng);
      around.forEach((i, k) => {
        if (k < n) layout[i] = 1;
        else reserved[i] = 1;
      });
      reserved[c] = 1;
      plants.push(c);
      planted += n;
      done = true;
    }
    if (!done) throw new Error(`cannot plant a ${n} on ${cols}x${rows}`);
  }
  const mines = Math.max(size.mines, planted + 5);
  const free: number[] = [];
  for (let i = 0; i < layout.length; i++) if (!layout[i] && !reserved[i]) free.push(i);
  for (const i of shuffle(free, rng).slice(0, mines - planted)) layout[i] = 1;
  return { layout, plants, start, mines };
}

function mineList(layout: Uint8Array, cols: number): [number, number][] {
  const out: [number, number][] = [];
  layout.forEach((m, i) => {
    if (m) out.push([i % cols, Math.floor(i / cols)]);
  });
  return out;
}

/** The three positions for one board size, from one seed. */
export function positionsFor(size: BoardSize, seed: number): Record<LookState, Position> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = play(size, createRng(mixSeed(seed, size.cols, size.rows, 0x6e6c, attempt)));
    const shown = new Set(found.mid.board.cells.filter((c) => c >= 1 && c <= 8));
    if (MID_NUMBERS.every((n) => shown.has(n))) return found;
  }
  throw new Error(`no mid-game showing 1..6 on ${size.cols}x${size.rows} from seed ${seed}`);
}

function play(size: BoardSize, rng: Rng): Record<LookState, Position> {
  const { cols, rows } = size;
  const { layout, plants, start } = plantedLayout(size, rng);
  const game = Game.fromLayout(cols, rows, mineList(layout, cols));
  const xy = (i: number): [number, number] => [i % cols, Math.floor(i / cols)];
  game.open(...xy(start));
  // open safe cells at random until about half of them show, then the planted 6 and 5
  const safe = layout.length - layout.reduce((a, b) => a + b, 0);
  const opened = (): number => game.board().cells.filter((c) => c <= 8).length;
  for (let t = 0; t < 20 * layout.length && opened() < 0.45 * safe; t++) {
    const i = rng.int(layout.length);
    if (!layout[i]) game.open(...xy(i));
  }
  for (const p of plants) game.open(...xy(p));
  // flag two mines next to opened numbers (right flags)
  const table = neighbourTable(cols, rows);
  const shown = game.board().cells;
  const nextToNumbers = new Set<number>();
  shown.forEach((c, i) => {
    if (c >= 1 && c <= 8) for (const j of table[i]!) if (layout[j] && shown[j] === COVERED) nextToNumbers.add(j);
  });
  const nearNumbers = shuffle([...nextToNumbers], rng);
  for (const j of nearNumbers.slice(0, 2)) game.toggleFlag(...xy(j));
  const mid = game.board();
  // the loss: a wrong flag on a covered safe cell, then a covered mine opened
  const coveredSafe = shuffle([...mid.cells.keys()].filter((i) => mid.cells[i] === COVERED && !layout[i]), rng);
  if (coveredSafe.length) game.toggleFlag(...xy(coveredSafe[0]!));
  const coveredMine = shuffle([...mid.cells.keys()].filter((i) => mid.cells[i] === COVERED && layout[i]), rng);
  game.open(...xy(coveredMine[0]!));
  const lost = game.board();
  return {
    fresh: { state: 'fresh', board: createBoard(cols, rows, size.mines), layout },
    mid: { state: 'mid', board: mid, layout },
    lost: { state: 'lost', board: lost, layout },
  };
}
