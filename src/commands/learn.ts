// `minebot learn --name NAME IMAGE... [--truth FILE] [--skins DIR] [--force] [--json]`: makes a
// skin from screenshots whose true boards are known (IMAGE's path with the extension replaced by
// .board.txt, or --truth for a single image), and saves it in the user's skins folder, where
// read, advise and play find it (--skin NAME, or --skin auto). Learning again under the same
// name adds to that skin.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { BoardParseError, parseBoard, type Board } from '../core/board.js';
import { CliError } from './errors.js';
import { clickHoldOption, positiveNumber, ruleOption, settleOption, wholeNumber, withSkinsOption } from './options.js';
import { defaultStrategyName } from '../solver/registry.js';
import { VisionError } from '../vision/errors.js';
import type { LearnReport } from '../vision/learn/learn.js';
import { previousSkin, stateList, type LearnFlags } from './learn-common.js';

/** The true board beside an image: same path, extension replaced by .board.txt. */
export function truthPathFor(image: string): string {
  const ext = path.extname(image);
  return (ext ? image.slice(0, -ext.length) : image) + '.board.txt';
}

function readTruth(file: string, image: string): Board {
  if (!existsSync(file)) throw new CliError(`no true board for ${image}: expected ${file} (or give one image with --truth FILE)`, 2);
  try {
    return parseBoard(readFileSync(file, 'utf8'));
  } catch (err) {
    if (err instanceof BoardParseError) throw new CliError(`${file}: ${err.message}`, 2);
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`, 2);
  }
}

/** Human-readable lines of a learning report. */
export function reportLines(name: string, report: LearnReport, folder: string | null): string[] {
  const lines: string[] = [];
  for (const c of report.captures) {
    const g = c.grid;
    const where = `${g.cols}x${g.rows} grid at (${g.left.toFixed(1)}, ${g.top.toFixed(1)}), cell ${g.pitch.toFixed(2)} px`;
    const some = (cells: string[]): string => `${cells.slice(0, 6).join(', ')}${cells.length > 6 ? ', …' : ''}`;
    const verdict = c.contradicts.length
      ? `its board labels ${c.contradicts.length} cell(s) otherwise than skin "${name}" read them: ${some(c.contradicts)}`
      : c.error
        ? `cannot read it back: ${c.error}`
        : c.wrong.length
          ? `reads back ${c.wrong.length} cell(s) wrongly: ${some(c.wrong)}`
          : c.unsure
            ? `reads back with ${c.unsure} cell(s) unsure, none wrong`
            : 'reads back exactly';
    const asMine = c.explodedAsMine ? ` (the mine that blew up, at ${c.explodedAsMine}, looks like the other mines: learned as one)` : '';
    lines.push(`  ${c.name}: ${where}; ${verdict}${asMine}`);
  }
  lines.push(`states learned: ${stateList(report.states)}`);
  if (report.missing.length) lines.push(`not seen yet: ${stateList(report.missing)} (cells showing them read as unsure; learn more captures to add them)`);
  if (folder) lines.push(`use it: minebot read --skin ${name} IMAGE, minebot play --screen --skin ${name} --mines N`);
  return lines;
}

async function learnFromImages(files: string[], flags: LearnFlags): Promise<void> {
  const name = flags.name!;
  if (files.length === 0) throw new CliError('learn: give screenshots with their true boards (IMAGE.board.txt beside each), or --screen', 2);
  if (flags.truth && files.length !== 1) throw new CliError('--truth FILE goes with exactly one image', 2);
  const previous = await previousSkin(name);
  const { loadImage } = await import('../vision/skins/load.js');
  const { learnSkin, readsBackRight } = await import('../vision/learn/learn.js');
  const { saveSkin } = await import('../vision/skins/skin-store.js');
  const { userSkinsDir } = await import('../vision/skins/skin-dirs.js');
  const captures = [];
  for (const file of files) {
    const board = readTruth(flags.truth ?? truthPathFor(file), file);
    try {
      const image = await loadImage(file);
      captures.push({ name: path.basename(file), image, board });
    } catch (err) {
      if (err instanceof VisionError) throw new CliError(err.message, 2);
      throw err;
    }
  }
  let result;
  try {
    result = learnSkin(name, captures, previous);
  } catch (err) {
    if (err instanceof VisionError) throw new CliError(`cannot learn from the screenshots: ${err.message}`, 2);
    throw err;
  }
  const { learned, report } = result;
  // (a board that labels looks the skin added to reads surely as other states: one of them is wrong)
  const misread = report.captures.filter((c) => !readsBackRight(c));
  const save = misread.length === 0 || flags.force;
  const folder = save ? saveSkin(userSkinsDir(), learned) : null;
  if (flags.json) {
    process.stdout.write(JSON.stringify({ skin: name, saved: folder, added: !!previous, ...report }) + '\n');
  } else {
    const head = folder
      ? `${previous ? 'added to' : 'learned'} skin "${name}" from ${captures.length} screenshot(s) (cell ${report.pitch} px), saved in ${folder}`
      : `skin "${name}" not saved: it misreads what it was learned from, or a board says otherwise than the skin read (--force saves it anyway)`;
    process.stdout.write([head, ...reportLines(name, report, folder)].join('\n') + '\n');
  }
  if (!save) process.exitCode = 1;
}

export function register(program: Command): void {
  withSkinsOption(
    program
      .command('learn')
      .description('teach minebot a new look: learn a skin from screenshots with their true boards, or (--screen) by playing the game on the screen')
      .argument('[images...]', 'screenshots; the true board of each is beside it as NAME.board.txt (the board text format)')
      .requiredOption('--name <name>', 'name of the skin to make or add to (then: --skin NAME)')
      .option('--truth <file>', 'the true board of a single screenshot, if not beside it')
      .option('--force', 'save the skin even if it misreads a screenshot it was learned from')
      .option('--screen', 'learn by playing the game on the screen, from a fresh board (every cell covered)')
      .option('--mines <n>', '--screen: mine total of the game', wholeNumber('--mines', 1))
      .option('--games <n>', '--screen: games to play (default 1)', wholeNumber('--games', 1))
      .option('--new-game <how>', '--screen: key, chord or keys in turn that start a new game (F2, n, Ctrl+R, Ctrl+N,Return), or click:DX,DY (cells from the middle of the board\'s top edge), or none (default: one game per run)')
      .option('--rules <rule>', '--screen: first-click rule of the game: xp, safe, zero or none (default safe)', ruleOption)
      .option('--strategy <name>', '--screen: strategy to play', defaultStrategyName())
      .option('--no-flags', '--screen: never flag (a game that erases flags; the flag look is then not learned)')
      .option('--window <title>', '--screen: learn only the board in the window whose title contains this')
      .option('--click-hold <ms>', '--screen: milliseconds a click holds the mouse button (default 0: at once)', clickHoldOption)
      .option('--settle <ms>', '--screen: milliseconds the screen must stay unchanged before a frame is learned from (default 50)', settleOption)
      .option('--board-wait <s>', '--screen: seconds to wait for a covered or unreadable board before stopping', positiveNumber('--board-wait'), 10)
      .option('--dismiss <key>', '--screen: a game that puts a dialog over its board at its end (a high-score table): the key that closes it (Escape), or click:DX,DY at its button (cells from the middle of the board\'s top edge; ;-separated points tried in order), or both (Return;click:0,6: a box taking a key, then one a click closes)', 'none')
      .option('--max-seconds <s>', '--screen: stop after this many seconds', positiveNumber('--max-seconds'))
      .option('--trace <file>', '--screen: append every click as a JSON line')
      .option('--log <file>', '--screen: append every cell opened (certain or a guess, and whether it was a mine) as a JSON line, as play --log does')
      .option('--save-dir <dir>', '--screen: where a capture and its reading go when a frame cannot be explained', 'minebot-captures')
      .option('--json', 'print one JSON object')
      .addHelpText(
        'after',
        '\nWith --screen it plays the game: clicks only inside the board it found; moving the mouse, q or Esc in\n' +
          'the terminal, or Ctrl-C stops it at once. Start it on a fresh game. Exit code 2 when it stopped early.',
      ),
  ).action(async (files: string[], flags: LearnFlags) => {
    if (flags.screen) {
      if (files.length) throw new CliError('learn --screen takes no images', 2);
      const { learnFromScreen } = await import('./learn-screen.js');
      await learnFromScreen(flags as Parameters<typeof learnFromScreen>[0]);
    } else await learnFromImages(files, flags);
  });
}
