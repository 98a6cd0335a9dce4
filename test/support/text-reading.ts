// A Reading of a board given in the board text format (core/board.ts parseBoard), read for sure at a
// 16 px lattice at the screen's corner: what the loop's judges take, without a screen.

import { parseBoard } from '../../src/core/board.js';
import type { Reading } from '../../src/bot/reading.js';

export function textReading(text: string, extra: Partial<Reading> = {}): Reading {
  const board = parseBoard(text);
  return { skin: 't', board, face: null, mineCounter: null, timer: null, grid: { left: 0, top: 0, pitch: 16, cols: board.width, rows: board.height, scale: 1 }, minConfidence: 1, unsure: [], ...extra };
}
