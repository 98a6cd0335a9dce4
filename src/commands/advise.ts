// `minebot advise IMAGE [-o overlay.png] [--skin NAME|auto] [--frame N] [--json]`: reads the
// board in a screenshot, runs the exact solver and prints the best move; with -o, writes the
// screenshot with the risk overlay of seed 004 (green safe, red mine, yellow square growing
// with the risk, best move outlined in blue; cells read without confidence outlined in magenta
// and counted as covered).

import type { Command } from 'commander';
import { FLAG, QUESTION, COVERED } from '../core/board.js';
import { CliError } from './errors.js';
import { formatBoard } from '../core/board.js';
import { wholeNumber, withSkinsOption } from './options.js';
import { readImageFile } from './read.js';
import { solveBoard } from './solve.js';

interface AdviseFlags {
  output?: string;
  skin: string;
  frame?: number;
  json?: boolean;
}

export function register(program: Command): void {
  withSkinsOption(
    program
      .command('advise')
      .description('read a screenshot, compute exact mine probabilities and print the best move; -o writes a risk overlay')
      .argument('<image>', 'screenshot or window capture (PNG, BMP or GIF)')
      .option('-o, --output <file>', 'write the screenshot with the risk overlay (PNG)')
      .option('--skin <name>', 'skin name, or auto', 'auto')
      .option('--frame <n>', 'frame of an animated GIF (0-based)', wholeNumber('--frame'))
      .option('--json', 'print one JSON object'),
  )
    .action(async (file: string, flags: AdviseFlags) => {
      const { image, reading } = await readImageFile(file, flags);
      // never advise on a guessed cell: a cell read without confidence counts as covered (it
      // gives the solver no information), and the output says which cells those are
      const board = { ...reading.board, cells: reading.board.cells.slice() };
      for (const [x, y] of reading.unsure) board.cells[y * board.width + x] = COVERED;
      const over = reading.face === 'won' || reading.face === 'lost' || board.cells.some((c) => c >= 12);
      const covered = board.cells.filter((c) => c === COVERED || c === QUESTION).length;
      const report = over || covered === 0 ? null : solveBoard(board);
      const probs: (number | null)[] = [];
      if (report) for (const row of report.probabilities) for (const p of row) probs.push(p);
      // flagged cells keep no marker: they are the player's own decision
      board.cells.forEach((c, i) => {
        if (c === FLAG) probs[i] = null;
      });
      const move = report?.move ?? null;
      if (flags.output) await writeOverlay(image, reading, report ? probs : null, move, flags.output);
      if (flags.json) {
        process.stdout.write(
          JSON.stringify({
            skin: reading.skin,
            board: formatBoard(board),
            face: reading.face,
            move,
            safe: report?.safe ?? [],
            mines: report?.mines ?? [],
            approximate: report?.approximate ?? false,
            unsure: reading.unsure,
            grid: reading.grid,
            overlay: flags.output ?? null,
          }) + '\n',
        );
        return;
      }
      const lines: string[] = [];
      lines.push(`board ${board.width}x${board.height}/${board.mines} (${reading.skin}), ${covered} covered, face ${reading.face ?? 'none'}`);
      if (reading.unsure.length) {
        lines.push(`unsure cells, counted as covered: ${reading.unsure.map(([x, y]) => `(${x},${y})`).join(' ')}`);
      }
      if (!report) lines.push(over ? `game over (${reading.face ?? 'mines shown'}): no move` : 'nothing left to open: no move');
      else {
        lines.push(`certain safe: ${report.safe.length}, certain mines: ${report.mines.length}${report.approximate ? ' (some probabilities approximated)' : ''}`);
        if (move) {
          const [cx, cy] = [reading.grid.left + (move.x + 0.5) * reading.grid.pitch, reading.grid.top + (move.y + 0.5) * reading.grid.pitch];
          lines.push(
            `best move: ${move.action} (${move.x},${move.y}), mine probability ${(100 * move.p).toFixed(2)}%${move.p === 0 ? ' (certain)' : ''}, at pixel (${Math.round(cx)}, ${Math.round(cy)})`,
          );
        }
      }
      if (flags.output) lines.push(`overlay written to ${flags.output}`);
      process.stdout.write(lines.join('\n') + '\n');
    });
}

async function writeOverlay(
  image: import('../vision/image.js').RgbaImage,
  reading: { grid: import('../vision/geometry.js').Grid; unsure: [number, number][] },
  probs: (number | null)[] | null,
  move: { x: number; y: number } | null,
  out: string,
): Promise<void> {
  const { drawRiskOverlay } = await import('../vision/draw/overlay.js');
  const { savePng } = await import('../vision/skins/load.js');
  const img = drawRiskOverlay(image, { grid: reading.grid, probabilities: probs ?? [], best: move, unsure: reading.unsure });
  try {
    await savePng(img, out);
  } catch (err) {
    throw new CliError(`cannot write ${out}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such directory' : (err as Error).message}`);
  }
}
