// `minebot play`: plays games on the simulated desktop (default: works on any machine) or on the
// real screen through nut.js (--screen), with the safety rules of src/bot/hand/safety.ts.

import type { Command } from 'commander';
import { formatBoard } from '../core/board.js';
import { mixSeed } from '../core/rng.js';
import type { Move } from '../core/strategy.js';
import { specName, type BoardSpec, type FirstClickRule } from '../core/rules.js';
import { playSession, type NewGame } from '../bot/loop.js';
import type { PlayConfig, PlayEvent, SessionResult } from '../bot/session.js';
import type { LearnerBasis } from '../bot/learn/learn-live.js';
import type { Grid, Reading } from '../bot/reading.js';
import { faceAt, loadReader, render } from '../bot/learn/vision-link.js';
import type { Desktop, Grab, RgbaImage } from '../desktop/ports.js';
import { realClock } from '../desktop/clock.js';
import { SimulatedDesktop } from '../desktop/simulated.js';
import { createStrategy, defaultStrategyName } from '../solver/registry.js';
import { gameSummaryLine, LogWriter, moveLine, unseenLine } from '../stats/log.js';
import { savePng } from '../vision/skins/load.js';
import { CliError } from './errors.js';
import { dismissedLine, gameLine, playedLine, restartedLine, dismissHint, liveControls, openScreen, parseDismissKey, parseNewGameText, saveCapture, settleLine } from './live-io.js';
import { learnedSkinNamed, playLearning } from './play-learned.js';
import type { Stretch } from '../core/stretch.js';

export { saveCapture } from './live-io.js';
import { boardOption, clickHoldOption, positiveNumber, ruleOption, settleOption, wholeNumber, withSkinsOption } from './options.js';

interface PlayFlags {
  screen?: boolean;
  skin?: string;
  games?: number;
  board?: BoardSpec;
  rules?: FirstClickRule;
  seed: number;
  strategy: string;
  think?: number;
  flags: boolean;
  chord?: boolean;
  newGame?: string;
  mines?: number;
  maxClicks?: number;
  clickHold?: number;
  /** --settle: quiet time before a frame is read, ms. */
  settle?: number;
  maxSeconds?: number;
  saveDir: string;
  log?: string;
  trace?: string;
  dryRun?: boolean;
  overlay: string;
  json?: boolean;
  scale: number;
  lag: number;
  window?: string;
  boardWait: number;
  dismiss: string;
  park: boolean;
}

export function register(program: Command): void {
  withSkinsOption(program.command('play'))
    .description('play Minesweeper: on a simulated desktop (default) or on the real screen (--screen)')
    .option('--screen', 'play the real screen through nut.js, finding the board anywhere on it')
    .option('--skin <name>', 'skin of the game (default: winxp simulated, found automatically on --screen)')
    .option('--games <n>', 'games to finish (default 5 simulated, 1 on --screen)', wholeNumber('--games', 1))
    .option('--board <board>', 'simulated board: beginner, intermediate, expert or WxH/M (default intermediate)', boardOption)
    .option('--rules <rule>', 'first-click rule of the game: xp, safe, zero or none (default safe)', ruleOption)
    .option('--seed <n>', 'seed of the simulated layouts and of the strategy', wholeNumber('--seed'), 1)
    .option('--strategy <name>', 'strategy to play', defaultStrategyName())
    .option('--think <ms>', "think up to this many ms at each guess exact makes by look-ahead: playouts re-rank its leading cells (strategy think:ms=MS)", positiveNumber('--think'))
    .option('--flags', 'flag certain mines', true)
    .option('--no-flags', 'never flag: fewer clicks')
    .option('--chord', 'chord (middle click, or left on the number with --skin sgt-mines) where it opens cells')
    .option('--new-game <how>', 'how to start the next game: face, none, a key such as F2 or n, a chord such as Ctrl+R, keys in turn (Ctrl+N,Return), or click:DX,DY (cells from the middle of the board\'s top edge) (default by skin)')
    .option('--mines <n>', 'mine total, when the game shows no mine counter', wholeNumber('--mines', 0))
    .option('--max-clicks <n>', 'stop after this many clicks', wholeNumber('--max-clicks', 1))
    .option('--max-seconds <s>', 'stop after this many seconds', positiveNumber('--max-seconds'))
    .option('--save-dir <dir>', 'where a capture and its reading go when a bad reading stops the bot', 'minebot-captures')
    .option('--log <file>', 'append a JSONL move log (one line per opened cell, one per game)')
    .option('--trace <file>', 'append every click (time t in ms since the epoch, pixel, point, button, cell), skipped click and board move as JSON lines')
    .option('--dry-run', 'read the screen, print the move it would make and an overlay image; click nothing')
    .option('--overlay <file>', 'overlay image of --dry-run', 'minebot-dry-run.png')
    .option('--json', 'end with one JSON object {games, won, lost, unknown, stopped, clicks, wallMs}')
    .option('--window <title>', 'play only the board in the window whose title contains this (case-insensitive)')
    .option('--click-hold <ms>', 'milliseconds a click holds the mouse button (default 0: at once; some browser games need about 30)', clickHoldOption)
    .option('--settle <ms>', 'milliseconds the screen must stay unchanged before a frame is read (default 0, raised by itself when the game draws in steps; 50 while a learned skin learns)', settleOption)
    .option('--board-wait <s>', 'seconds to wait for a board that is covered, hidden or cannot be read before stopping', positiveNumber('--board-wait'), 10)
    .option('--dismiss <key>', 'a game that puts a dialog over its board at its end (a high-score table): the key that closes it (Escape), or click:DX,DY at its button (cells from the middle of the board\'s top edge; ;-separated points tried in order), or both (Return;click:0,6: a box taking a key, then one a click closes)', 'none')
    .option('--no-park', 'leave the pointer where it clicked (by default it moves just off the board before each screen grab)')
    .option('--scale <x>', 'simulated: display scale of the game (1, 1.25, 1.5, 2)', positiveNumber('--scale'), 1)
    .option('--lag <grabs>', 'simulated: grabs that still show the old frame after a click', wholeNumber('--lag'), 1)
    .addHelpText(
      'after',
      '\nSafety on --screen: clicks only inside the board it recognised; moving the mouse, q or Esc in\n' +
        'the terminal, or Ctrl-C stops it at once. Before each click it checks that the cell still looks as\n' +
        'read (else the click is skipped and the board read again). A board that moved is found again; one\n' +
        'that is covered, hidden or cannot be read is waited for (--board-wait), then it stops and saves the\n' +
        'capture and the reading (--save-dir).\n' +
        'Exit code 0 when every game was played, 2 when it stopped early (the reason is printed).',
    )
    .action(async (flags: PlayFlags) => {
      const result = await runPlay(flags);
      if (flags.json) {
        const { games, won, lost, unknown, stopped, clicks, wallMs } = result;
        process.stdout.write(JSON.stringify({ games, won, lost, unknown, stopped, clicks, wallMs }) + '\n');
        // (the reason for a person too, where the other messages are)
        if (stopped && !/^dry run/.test(stopped)) process.stderr.write(`stopped: ${stopped}\n`);
      } else process.stdout.write(formatSummary(result));
      const hint = flags.screen ? dismissHint(result.stopped, parseDismissKey(flags.dismiss)) : null;
      if (hint) process.stderr.write(`${hint}\n`);
      if (result.stopped && !/^dry run/.test(result.stopped)) process.exitCode = 2;
    });
}

/** The strategy name for --think MS: exact (with its options) or think, given a time budget. */
export function thinkingName(strategy: string, ms: number): string {
  const budget = `ms=${ms}:playouts=100000`;
  if (strategy === 'exact' || strategy === 'think') return `think:${budget}`;
  if (strategy.startsWith('exact:') || strategy.startsWith('think:')) {
    if (/:ms=/.test(strategy)) throw new Error(`--think ${ms} and a budget in "${strategy}" do not go together`);
    const rest = strategy.slice(6);
    return `think:${rest}:${/(^|:)playouts=/.test(rest) ? `ms=${ms}` : budget}`;
  }
  throw new Error(`--think goes with the exact or think strategy, not "${strategy}"`);
}

/** Default new-game method and chord button of the known skins. */
function skinHabits(skin: string | undefined): { newGame: NewGame; chord: 'middle' | 'left' } {
  if (skin === 'sgt-mines') return { newGame: { key: 'n' }, chord: 'left' };
  if (skin === 'xdemineur') return { newGame: { face: true }, chord: 'middle' };
  return { newGame: { key: 'F2' }, chord: 'middle' };
}

function parseNewGame(text: string | undefined, skin: string | undefined): NewGame {
  return text === undefined ? skinHabits(skin).newGame : parseNewGameText(text);
}

async function runPlay(flags: PlayFlags): Promise<SessionResult> {
  let strategy;
  try {
    strategy = createStrategy(flags.think === undefined ? flags.strategy : thinkingName(flags.strategy, flags.think));
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  const err = process.stderr;
  const quiet = !!flags.json;
  let read;
  try {
    read = await loadReader();
  } catch (e) {
    throw new CliError((e as Error).message);
  }

  let desktop: Desktop;
  let source: string;
  let stretch: Stretch | null = null;
  const skin = flags.skin ?? (flags.screen ? undefined : 'winxp');
  const learnedSkin = flags.screen ? await learnedSkinNamed(skin) : null;
  if (flags.screen) {
    if (flags.board && flags.mines === undefined) flags.mines = flags.board.mines;
    // (a skin learned from a game whose cells are not square is read through the stretch it was learned through)
    const known = learnedSkin?.file.learned?.stretch;
    ({ desktop, stretch } = await openScreen({ clickHoldMs: flags.clickHold, ...(flags.window !== undefined ? { windowTitle: flags.window } : {}), ...(known ? { stretch: known } : {}), say: (line) => process.stderr.write(`${line}\n`) }));
    source = `live:${skin ?? 'auto'}`;
  } else {
    const spec = flags.board ?? boardOption('intermediate');
    try {
      render(
        { width: spec.width, height: spec.height, mines: spec.mines, cells: new Uint8Array(spec.width * spec.height).fill(9) },
        skin!,
        { scale: flags.scale },
      );
    } catch (e) {
      throw new CliError((e as Error).message);
    }
    desktop = new SimulatedDesktop({
      spec,
      rule: flags.rules ?? 'safe',
      seed: mixSeed(flags.seed, 0x5eed),
      render,
      skin: skin!,
      scale: flags.scale,
      offset: { x: 96, y: 64 },
      screen: { width: 1280, height: 800 },
      lag: flags.lag,
      faceAt,
      clock: realClock,
    });
    source = `sim:${skin}`;
  }

  const games = flags.games ?? (flags.screen ? 1 : 5);
  let log: LogWriter | null = null;
  if (flags.log) {
    try {
      log = new LogWriter(flags.log);
    } catch (e) {
      throw new CliError((e as Error).message);
    }
  }
  const controls = liveControls(flags.trace);
  const traceLine = controls.trace;
  const runId = Date.now().toString(36);
  const boardName = (r: { width: number; height: number; mines: number }) => specName({ width: r.width, height: r.height, mines: r.mines });
  let located: { width: number; height: number; mines: number } | null = null;
  let won = 0;
  let unknown = 0;
  let finished = 0;

  const onEvent = (e: PlayEvent): void => {
    switch (e.type) {
      case 'click':
      case 'skip':
        traceLine(e);
        break;
      case 'moved':
        traceLine(e);
        if (!quiet) err.write(`the board moved to ${Math.round(e.to.left)},${Math.round(e.to.top)}; playing on\n`);
        break;
      case 'waiting':
        traceLine({ ...e, t: Date.now() });
        err.write(`waiting for the board to be whole again: ${e.why}\n`);
        break;
      case 'restarted':
        traceLine({ ...e, t: Date.now() });
        err.write(`${restartedLine(e)}\n`);
        break;
      case 'dismissed':
        traceLine({ ...e, t: Date.now() });
        err.write(`${dismissedLine(e)}\n`);
        break;
      case 'located':
        traceLine(e);
        located = e;
        if (flags.screen) source = `live:${e.skin}`;
        if (!quiet || flags.screen) err.write(`found a ${e.width}x${e.height}/${e.mines} ${e.skin} board at ${Math.round(e.grid.left)},${Math.round(e.grid.top)} (cell ${e.grid.pitch.toFixed(1)} px)\n`);
        break;
      case 'opened':
        log?.write(moveLine(`${runId}-g${e.game + 1}`, { n: e.n, x: e.move.x, y: e.move.y, p: e.move.p, certain: e.move.certain, mine: e.mine }));
        break;
      case 'unseen':
        log?.write(unseenLine(`${runId}-g${e.game + 1}`, { n: e.n, x: e.move.x, y: e.move.y, p: e.move.p, certain: e.move.certain, why: e.why }));
        break;
      case 'game':
        finished++;
        if (e.result === 'won') won++;
        if (e.result === 'unknown') unknown++;
        err.write(`game ${finished}/${games}: ${gameLine(e)}   (${won} won, ${finished - won - unknown} lost${unknown ? `, ${unknown} ended unseen` : ''})\n`);
        if (log && located) log.write(gameSummaryLine(`${runId}-g${e.game + 1}`, e, { rules: flags.rules ?? 'safe', board: boardName(located), strategy: strategy.name, source }));
        break;
      case 'retry':
        if (!quiet) err.write(`re-reading: ${e.why}\n`);
        break;
      case 'settle':
        traceLine({ ...e, t: Date.now() });
        err.write(`${settleLine(e)}\n`);
        break;
      case 'saved':
        err.write(`saved the capture and reading to ${e.path}\n`);
        break;
      case 'dry-run':
        writeDryRun(e.reading, e.moves, e.capture, e.grid, flags.overlay, err);
        break;
      default:
        break;
    }
  };

  const config: PlayConfig = {
    strategy,
    read,
    skin: skin ?? 'auto',
    rule: flags.rules ?? 'safe',
    seed: flags.seed,
    games,
    ...(flags.mines !== undefined ? { mines: flags.mines } : {}),
    flags: flags.flags,
    chord: !!flags.chord,
    chordButton: (found) => skinHabits(found).chord,
    newGame: flags.newGame === undefined ? (found) => skinHabits(found).newGame : parseNewGame(flags.newGame, skin),
    faceAt,
    ...(flags.window !== undefined ? { window: flags.window } : {}),
    boardWaitMs: flags.boardWait * 1000,
    dismissKey: parseDismissKey(flags.dismiss),
    park: flags.park,
    limits: {
      ...(flags.maxClicks !== undefined ? { maxClicks: flags.maxClicks } : {}),
      ...(flags.maxSeconds !== undefined ? { maxMs: flags.maxSeconds * 1000 } : {}),
      signal: controls.signal,
    },
    dryRun: !!flags.dryRun,
    pollMs: 1,
    ...(flags.settle !== undefined ? { quietMs: flags.settle } : {}),
    // A loaded machine can take a while to draw; waiting only costs time when a click changed nothing.
    changeTimeoutMs: flags.screen ? 3000 : 1000,
    // (with a learned skin, play-learned.ts passes the learner's last frame explained too)
    save: (capture, reading, why, before?: LearnerBasis | null) => saveCapture(flags.saveDir, capture, reading, why, before),
    onEvent,
    yieldEvents: () => new Promise((resolve) => setImmediate(resolve)),
  };
  let overlayDone: Promise<void> = Promise.resolve();
  // a learned skin goes on learning while it plays (play-learned.ts)
  const learned = flags.dryRun ? null : learnedSkin;
  try {
    const result = learned ? await playLearning(desktop, config, learned, (line) => void err.write(`${line}\n`), flags.saveDir, stretch) : await playSession(desktop, config);
    await overlayDone;
    return result;
  } finally {
    controls.close();
    log?.close();
  }

  function writeDryRun(reading: Reading, moves: Move[], capture: Grab, grid: Grid, file: string, out: NodeJS.WriteStream): void {
    out.write(formatBoard(reading.board));
    if (!moves.length) out.write('no move to make (the game is over)\n');
    for (const m of moves) {
      out.write(`would ${m.action} (${m.x},${m.y}) ${m.certain ? 'certain' : `guess, mine probability ${(100 * m.p).toFixed(1)}%`}\n`);
    }
    const image = overlay(capture, grid, moves);
    overlayDone = savePng(image, file).then(() => void out.write(`overlay written to ${file}\n`));
  }
}

/** The capture with a box around each cell the bot would play (green open, red flag, blue chord). */
function overlay(capture: Grab, g: Grid, moves: { x: number; y: number; action: string }[]): RgbaImage {
  const img: RgbaImage = { width: capture.image.width, height: capture.image.height, data: capture.image.data.slice() };
  const put = (x: number, y: number, c: number[]) => {
    if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
    const i = (y * img.width + x) * 4;
    img.data[i] = c[0]!;
    img.data[i + 1] = c[1]!;
    img.data[i + 2] = c[2]!;
    img.data[i + 3] = 255;
  };
  for (const m of moves) {
    const colour = m.action === 'open' ? [0, 200, 0] : m.action === 'flag' ? [230, 0, 0] : [0, 0, 230];
    const x0 = Math.round(g.left + m.x * g.pitch) - 1;
    const y0 = Math.round(g.top + m.y * g.pitch) - 1;
    const x1 = Math.round(g.left + (m.x + 1) * g.pitch);
    const y1 = Math.round(g.top + (m.y + 1) * g.pitch);
    for (let t = 0; t < 2; t++) {
      for (let x = x0 - t; x <= x1 + t; x++) (put(x, y0 - t, colour), put(x, y1 + t, colour));
      for (let y = y0 - t; y <= y1 + t; y++) (put(x0 - t, y, colour), put(x1 + t, y, colour));
    }
  }
  return img;
}

export function formatSummary(r: SessionResult): string {
  const seen = r.won + r.lost;
  const rate = seen ? ` (${((100 * r.won) / seen).toFixed(1)}% won${r.unknown ? ' of those seen' : ''})` : '';
  const t = r.timing;
  const lines = [
    `${playedLine(r)}${rate}; ${r.clicks} clicks in ${(r.wallMs / 1000).toFixed(2)} s`,
    `time: grab ${t.grabMs.toFixed(0)} ms, check ${t.checkMs.toFixed(0)} ms, read ${t.readMs.toFixed(0)} ms, solve ${t.solveMs.toFixed(0)} ms, wait ${t.waitMs.toFixed(0)} ms, click ${t.actMs.toFixed(0)} ms`,
  ];
  if (r.stopped) lines.push(`stopped: ${r.stopped}`);
  return lines.join('\n') + '\n';
}
