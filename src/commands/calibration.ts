// `minebot calibration LOG...`: the predicted-vs-actual table of move logs, with Brier score,
// expected calibration error, log loss, and a reliability diagram as SVG or PNG.

import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { formatCalibration, LogCalibration, type Calibration, type LogFilter, type TableFormat } from '../stats/calibration.js';
import { readLogFile } from '../stats/log.js';
import { reliabilitySvg, svgToPng } from '../stats/plot.js';
import { CliError } from './errors.js';
import { wholeNumber } from './options.js';

interface CalibrationFlags {
  bins: number;
  format: TableFormat;
  plot?: string;
  strategy?: string[];
  rules?: string[];
  source?: string[];
  guesses?: boolean;
  title?: string;
}

const FORMATS: TableFormat[] = ['table', 'md', 'csv', 'json'];

function formatOption(text: string): TableFormat {
  const f = text.trim().toLowerCase();
  if ((FORMATS as string[]).includes(f)) return f as TableFormat;
  throw new CliError(`--format must be one of ${FORMATS.join(', ')}, got "${text}"`);
}

const list = (text: string, previous: string[] | undefined) => [
  ...(previous ?? []),
  ...text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

/**
 * Reads the logs and computes the calibration of the moves the filter keeps. Lines that are not
 * move-log lines are skipped and reported once, with how many there were; a log with no usable
 * line at all is an error (CliError), not an empty table.
 */
export async function calibrateLogs(paths: readonly string[], filter: LogFilter, bins: number, warn: (message: string) => void): Promise<Calibration> {
  const collector = new LogCalibration(filter, bins);
  const skipped: string[] = [];
  let usable = 0;
  for (const [i, path] of paths.entries()) {
    try {
      skipped.push(...(await readLogFile(path, (line) => (usable++, collector.add(line, String(i))))));
    } catch (err) {
      throw new CliError((err as Error).message);
    }
  }
  const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;
  const which = skipped.length ? ` (${skipped.length > 1 ? 'the first: ' : ''}${skipped[0]})` : '';
  if (usable === 0) {
    const files = paths.length === 1 ? paths[0]! : `${paths.length} files`;
    throw new CliError(
      skipped.length
        ? `no usable line in ${files}: skipped ${lines(skipped.length)}, none is a move-log line${which}; move logs are written by bench --log and play --log`
        : `${files} ${paths.length === 1 ? 'holds' : 'hold'} no lines; move logs are written by bench --log and play --log`,
    );
  }
  if (skipped.length) warn(`skipped ${lines(skipped.length)} that are not move-log lines${which}; used the other ${lines(usable)}`);
  const orphans = collector.orphanMoves;
  const result = collector.finish();
  if (orphans > 0) {
    const filtered = Boolean(filter.strategy?.length || filter.rules?.length || filter.source?.length);
    warn(`${orphans} move${orphans === 1 ? '' : 's'} had no game summary line (interrupted game?); ${filtered ? 'left out by the filter' : 'counted'}`);
  }
  if (collector.unseen > 0) {
    const n = collector.unseen;
    const back = collector.takenBack ? ` (${collector.takenBack} of them told before and taken back: the game took no click after them)` : '';
    warn(`${n} opened cell${n === 1 ? '' : 's'} left out: the run stopped before the game showed ${n === 1 ? 'its' : 'their'} outcome${back} (a stop right after a guess is often a loss not recognised)`);
  }
  if (result.count === 0) {
    throw new CliError(`none of the ${lines(usable)} read is a move the filters keep${filter.guesses ? ' (--guesses keeps only uncertain decisions after the first click)' : ''}: check --strategy, --rules and --source`);
  }
  return result;
}

export function register(program: Command): void {
  program
    .command('calibration')
    .description('predicted-vs-actual table of move logs: per-bin mine rates with 95% intervals, Brier score, calibration error, log loss')
    .argument('<log...>', 'move logs (JSON Lines) written by bench --log or play --log')
    .option('--bins <n>', 'number of equal-width probability bins (20: 5-point bins; 100 gives the 1% table of seed 001)', wholeNumber('--bins', 1), 20)
    .option('--format <format>', 'table, md, csv or json', formatOption, 'table' as TableFormat)
    .option('--plot <file>', 'write a reliability diagram (.svg or .png)')
    .option('--title <text>', 'title of the plot')
    .option('--strategy <names>', 'only games of these strategies (comma-separated; repeatable)', list)
    .option('--rules <rules>', 'only games under these first-click rules', list)
    .option('--source <sources>', 'only games from these sources (e.g. sim, live:winxp)', list)
    .option('--guesses', "only guesses: decisions that were not certain (each game's first click left out: the first-click rule decides it)")
    .action(async (paths: string[], flags: CalibrationFlags) => {
      if (flags.bins > 10000) throw new CliError(`--bins must be at most 10000, got ${flags.bins}`);
      const plot = flags.plot;
      if (plot !== undefined && !/\.(svg|png)$/i.test(plot)) throw new CliError(`--plot needs a file ending in .svg or .png, got "${plot}"`);
      const filter: LogFilter = {
        ...(flags.strategy ? { strategy: flags.strategy } : {}),
        ...(flags.rules ? { rules: flags.rules } : {}),
        ...(flags.source ? { source: flags.source } : {}),
        guesses: Boolean(flags.guesses),
      };
      const result = await calibrateLogs(paths, filter, flags.bins, (m) => process.stderr.write(`minebot: warning: ${m}\n`));
      process.stdout.write(formatCalibration(result, flags.format));
      if (plot !== undefined) {
        const parts = [flags.guesses ? 'guesses' : 'all opened cells'];
        if (flags.strategy) parts.push(flags.strategy.join(','));
        if (flags.rules) parts.push(`rules ${flags.rules.join(',')}`);
        const svg = reliabilitySvg(result, { title: flags.title ?? `Predicted vs actual mine rate (${parts.join(', ')})` });
        try {
          writeFileSync(plot, /\.png$/i.test(plot) ? await svgToPng(svg) : svg);
        } catch (err) {
          throw new CliError(`cannot write ${plot}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
        }
        process.stderr.write(`minebot: wrote ${plot}\n`);
      }
    });
}
