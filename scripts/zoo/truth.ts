// Where each zoo game draws its board, measured here on the Debian packages (bookworm) with the
// windows the launchers make (zoo.ts): the truth the locator is checked against (a located board
// must have the same size and its first cell's centre within 1 px of the one given here). Each
// cell box is `pitch` square, centred on the cell's tile:
//  - xbomb: 48 px tiles of 127/255 dither (covered) between black grid lines 2 px wide; pitch 50;
//    the first line's pixels 4-5 px right of and 36-37 px below the window's corner, its middle (the
//    first box's corner) at (5, 37);
//  - ace-minesweeper: tiles of pitch-4 (48 px level), pitch-2 (24 px) or pitch-1 (12 px) with a
//    white top-left and dark bottom-right bevel, on a dotted dark green background that also
//    frames the board; the first box at (8, 34);
//  - KMines (default theme, the window's first size 512x410): 29 px tiles (a 1 px line included),
//    the board centred in the view over a textured background; the first at (126, 87);
//  - 98.js Minesweeper (chromium --app, 340x440): Windows 98 tiles of 16 px; the first at (42, 73);
//  - GNOME Mines: its window is resized until its tiles are even (scripts/x11/gnome-mines.ts), so
//    the board is where its starter found the tiles (ZooGame.board).
// The numbers are window-relative (client area), so they hold wherever the window is placed.

import type { ZooGame, ZooName } from './zoo.js';

export interface BoardTruth {
  /** Screen pixel of the top-left of cell (0,0)'s box, and the pitch. */
  left: number;
  top: number;
  pitch: number;
}

const ACE_PITCH: Record<string, number> = { '8x8': 48, '16x16': 24, '32x32': 12 };

/** Window-relative first cell box and pitch of each game. */
function layout(game: ZooName, cols: number, rows: number): BoardTruth {
  switch (game) {
    case 'xbomb':
      return { left: 5, top: 37, pitch: 50 };
    case 'ace-minesweeper': {
      const pitch = ACE_PITCH[`${cols}x${rows}`];
      if (!pitch) throw new Error(`ace-minesweeper: no measured layout for ${cols}x${rows}`);
      return { left: 8, top: 34, pitch };
    }
    case 'kmines':
      return { left: 126, top: 87, pitch: 29 };
    case '98-minesweeper':
      return { left: 42, top: 73, pitch: 16 };
    case 'gnome-mines':
      throw new Error('gnome-mines: its board is measured when it starts (ZooGame.board)');
  }
}

/**
 * The lattices of the game's size and pitch (within 0.3 px) among those found, and the one of
 * them that is its board exactly (its first cell's centre within 1 px of the truth), if any.
 */
export function foundExactly<G extends { left: number; top: number; pitch: number; cols: number; rows: number }>(found: G[], t: BoardTruth, cols: number, rows: number): { sized: G[]; hit: G | undefined } {
  const sized = found.filter((c) => c.cols === cols && c.rows === rows && Math.abs(c.pitch - t.pitch) <= 0.3);
  const hit = sized.find((c) => Math.abs(c.left + c.pitch / 2 - (t.left + t.pitch / 2)) <= 1 && Math.abs(c.top + c.pitch / 2 - (t.top + t.pitch / 2)) <= 1);
  return { sized, hit };
}

/** Where a running zoo game's board is on the screen. */
export function boardTruth(g: Pick<ZooGame, 'game' | 'x' | 'y' | 'cols' | 'rows' | 'board'>): BoardTruth {
  if (g.board) return g.board;
  const l = layout(g.game, g.cols, g.rows);
  return { left: g.x + l.left, top: g.y + l.top, pitch: l.pitch };
}
