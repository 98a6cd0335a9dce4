// `minebot read IMAGE [--skin NAME|auto] [--frame N] [--json]`: the board in a screenshot.
// Plain output is the board text format (header from the grid size and the counter), followed
// by `#` comment lines (face, counters, grid, confidence), so it can be piped to `minebot solve`.

import type { Command } from 'commander';
import { formatBoard } from '../core/board.js';
import { usualMines } from '../core/rules.js';
import { CliError } from './errors.js';
import { wholeNumber, withSkinsOption } from './options.js';
import { VisionError } from '../vision/errors.js';

export interface ReadFlags {
  skin: string;
  frame?: number;
  json?: boolean;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** Loads and reads an image file; vision errors become one-line CliErrors (exit 2). */
export async function readImageFile(file: string, flags: { skin?: string; frame?: number }) {
  const { loadImage } = await import('../vision/skins/load.js');
  const { readScreen } = await import('../vision/read/read.js');
  try {
    const image = await loadImage(file, { frame: flags.frame });
    const reading = readScreen(image, { skin: flags.skin ?? 'auto' });
    return { image, reading };
  } catch (err) {
    if (err instanceof VisionError) throw new CliError(err.message.includes(file) ? err.message : `${file}: ${err.message}`, 2);
    throw err;
  }
}

/** Why a board read without a mine counter has the total its header shows. */
function assumedWhy(width: number, height: number): string {
  return usualMines(width, height) !== null ? `the usual count of a ${width}x${height} board` : 'about a fifth of its cells, as expert boards have';
}

export function register(program: Command): void {
  withSkinsOption(
    program
      .command('read')
      .description('read a Minesweeper board from a screenshot (PNG, BMP or GIF): cells, face, counters, where the grid is')
      .argument('<image>', 'screenshot or window capture')
      .option('--skin <name>', 'skin name (built in or learned), or auto to try them all', 'auto')
      .option('--frame <n>', 'frame of an animated GIF (0-based)', wholeNumber('--frame'))
      .option('--json', 'print one JSON object'),
  )
    .action(async (file: string, flags: ReadFlags) => {
      const { reading: r } = await readImageFile(file, flags);
      const grid = { left: round2(r.grid.left), top: round2(r.grid.top), pitch: round2(r.grid.pitch) };
      if (flags.json) {
        const out = {
          skin: r.skin,
          board: formatBoard(r.board),
          face: r.face,
          mineCounter: r.mineCounter,
          timer: r.timer,
          grid: { ...grid, scale: round2(r.grid.scale), cols: r.grid.cols, rows: r.grid.rows },
          minConfidence: round2(r.minConfidence),
          unsure: r.unsure,
        };
        process.stdout.write(JSON.stringify(out) + '\n');
        return;
      }
      const lines = [
        formatBoard(r.board).trimEnd(),
        `# skin: ${r.skin}`,
        `# face: ${r.face ?? 'none'}`,
        `# mine counter: ${r.mineCounter ?? 'none'}`,
        // (the header needs a mine total: without a counter it is assumed, and says so)
        ...(r.mineCounter === null ? [`# mines: ${r.board.mines} assumed, not read (no mine counter: ${assumedWhy(r.board.width, r.board.height)}); edit the header if the game says otherwise`] : []),
        `# timer: ${r.timer ?? 'none'}`,
        `# grid: cell (0,0) at (${grid.left}, ${grid.top}), pitch ${grid.pitch} px, scale ${round2(r.grid.scale)}, ${r.grid.cols}x${r.grid.rows}`,
        `# lowest cell confidence: ${round2(r.minConfidence).toFixed(2)}`,
        `# unsure cells: ${r.unsure.length ? r.unsure.map(([x, y]) => `(${x},${y})`).join(' ') : 'none'}`,
      ];
      process.stdout.write(lines.join('\n') + '\n');
    });
}
