// `minebot learn --screen --name NAME --mines N [--games G] [--new-game HOW]`: learns a game's look
// by playing it on the screen (src/bot/learn/learn-live.ts with vision's LiveLearner), saving the skin
// after every game. Running it again with the same name goes on from what was learned.

import { userSkinsDir } from '../vision/skins/skin-dirs.js';
import { saveSkin } from '../vision/skins/skin-store.js';
import type { LabelledCapture, LearnedSkin } from '../vision/learn/looks.js';
import { keepLesson } from './live-io.js';
import { learnLive, type LearnEvent } from '../bot/learn/learn-live.js';
import { liveLearner } from '../bot/learn/vision-link.js';
import type { PlayEvent } from '../bot/session.js';
import { specName, type FirstClickRule } from '../core/rules.js';
import { createStrategy } from '../solver/registry.js';
import { CliError } from './errors.js';
import { dismissedLine, playedLine, restartedLine, resultWord, dismissHint, liveControls, openScreen, stamped, parseDismissKey, parseNewGameText, saveCapture, settleLine } from './live-io.js';
import { previousSkin, stateList, type LearnFlags } from './learn-common.js';
import { gameSummaryLine, LogWriter, moveLine, unseenLine } from '../stats/log.js';

export interface LearnScreenFlags extends LearnFlags {
  mines?: number;
  games?: number;
  newGame?: string;
  rules?: FirstClickRule;
  strategy: string;
  trace?: string;
  log?: string;
  saveDir: string;
  boardWait: number;
  dismiss: string;
  clickHold?: number;
  /** --settle: quiet time before a frame is read, ms. */
  settle?: number;
  window?: string;
  maxSeconds?: number;
  /** --no-flags: false, the bot never flags (commander sets it true by default). */
  flags?: boolean;
}

const show = (states: string[]): string => stateList(states) || 'none';

export async function learnFromScreen(flags: LearnScreenFlags): Promise<void> {
  const name = flags.name!;
  if (flags.mines === undefined) throw new CliError('learn --screen needs --mines N: the mine total of the game on the screen (it is how losses and wins are told apart)', 2);
  let strategy;
  try {
    strategy = createStrategy(flags.strategy);
  } catch (err) {
    throw new CliError((err as Error).message, 2);
  }
  const games = flags.games ?? 1;
  const newGame = flags.newGame === undefined ? { none: true as const } : parseNewGameText(flags.newGame, 2);
  if ('none' in newGame && games > 1) throw new CliError('--games above 1 needs --new-game KEY (such as F2, n or Ctrl+R): how to start the next game', 2);
  if ('face' in newGame) throw new CliError('--new-game face: a look being learned has no face to click; give the new-game key (F2, n, Ctrl+R), the point to click (click:DX,DY), or learn one game per run', 2);
  const dismissKey = parseDismissKey(flags.dismiss, 2);
  const previous = await previousSkin(name);
  const dir = userSkinsDir();
  // (a skin learned from a game whose cells are not square goes on through the stretch it was learned through)
  const known = previous?.file.learned?.stretch;
  const { desktop, stretch } = await openScreen({ clickHoldMs: flags.clickHold, ...(flags.window !== undefined ? { windowTitle: flags.window } : {}), ...(known ? { stretch: known } : {}), say: (line) => process.stderr.write(`${line}\n`) });
  const out = process.stderr;
  let log: LogWriter | null = null;
  if (flags.log) {
    try {
      log = new LogWriter(flags.log);
    } catch (e) {
      throw new CliError((e as Error).message, 2);
    }
  }
  const runId = Date.now().toString(36);
  const controls = liveControls(flags.trace);
  // what the learner made of each frame goes to the trace too
  const learner = await liveLearner(name, flags.mines, previous, (note) => controls.trace({ type: 'learner', t: Date.now(), ...note }), () => desktop.clock.now());

  let board: string | null = null;
  const onEvent = (e: PlayEvent | LearnEvent<LearnedSkin>): void => {
    switch (e.type) {
      case 'click':
      case 'skip':
      case 'moved':
        controls.trace(e);
        break;
      case 'located':
        controls.trace(e);
        board = specName({ width: e.width, height: e.height, mines: e.mines });
        out.write(`found a ${e.width}x${e.height} board at ${Math.round(e.grid.left)},${Math.round(e.grid.top)} (cell ${e.grid.pitch.toFixed(1)} px); learning "${name}"${previous ? ' further' : ''}\n`);
        break;
      case 'opened':
        log?.write(moveLine(`${runId}-g${e.game + 1}`, { n: e.n, x: e.move.x, y: e.move.y, p: e.move.p, certain: e.move.certain, mine: e.mine }));
        break;
      case 'unseen':
        log?.write(unseenLine(`${runId}-g${e.game + 1}`, { n: e.n, x: e.move.x, y: e.move.y, p: e.move.p, certain: e.move.certain, why: e.why }));
        break;
      case 'game':
        // (the summary line that ties the game's moves to its end, as `play --log` writes it)
        if (board) log?.write(gameSummaryLine(`${runId}-g${e.game + 1}`, e, { rules: flags.rules ?? 'safe', board, strategy: strategy.name, source: `live:${name}` }));
        break;
      case 'waiting':
        out.write(`waiting for the board to be whole again: ${e.why}\n`);
        break;
      case 'restarted':
        controls.trace({ ...e, t: Date.now() });
        out.write(`${restartedLine(e)}\n`);
        break;
      case 'dismissed':
        controls.trace({ ...e, t: Date.now() });
        out.write(`${dismissedLine(e)}\n`);
        break;
      case 'settle':
        controls.trace({ ...e, t: Date.now() });
        out.write(`${settleLine(e)}\n`);
        break;
      case 'saved':
        out.write(`saved the capture and reading to ${e.path}\n`);
        break;
      case 'learned':
        pending.push(keepLesson(flags.saveDir, name, e.game, e.lesson as LabelledCapture).then((where) => void out.write(`game ${e.game + 1}: the frame learned from and its labels are in ${where}\n`)));
        if (e.inPlay) pending.push(keepLesson(flags.saveDir, name, e.game, e.inPlay as LabelledCapture, '-play').then((where) => void out.write(`game ${e.game + 1}: its last frame in play, learned from too, is in ${where}\n`)));
        out.write(
          `game ${e.game + 1}: ${resultWord(e.result)}; labelled: ${show(e.learned.states)}; not seen yet: ${show(e.learned.missing)}; saved in ${e.stored}\n`,
        );
        break;
      case 'not-learned':
        out.write(`game ${e.game + 1}: ${resultWord(e.result)}; nothing learned: ${e.why}\n`);
        break;
      default:
        break;
    }
  };

  const pending: Promise<void>[] = [];
  let result;
  try {
    result = await learnLive(desktop, {
      learner,
      store: (skin) => saveSkin(dir, stamped(skin, stretch)),
      strategy,
      skin: name,
      rule: flags.rules ?? 'safe',
      games,
      mines: flags.mines,
      flags: flags.flags !== false,
      newGame,
      ...(flags.window !== undefined ? { window: flags.window } : {}),
      boardWaitMs: flags.boardWait * 1000,
      dismissKey,
      limits: { ...(flags.maxSeconds !== undefined ? { maxMs: flags.maxSeconds * 1000 } : {}), signal: controls.signal },
      pollMs: 1,
      ...(flags.settle !== undefined ? { quietMs: flags.settle } : {}),
      changeTimeoutMs: 3000,
      save: (capture, reading, why, before) => saveCapture(flags.saveDir, capture, reading, why, before),
      onEvent,
      yieldEvents: () => new Promise((resolve) => setImmediate(resolve)),
    });
  } finally {
    controls.close();
    log?.close();
    await Promise.all(pending);
  }
  // the last game it learned from: what the skin knows now, and where it is
  const lastLesson = result.lessons.filter((l) => l.type === 'learned').at(-1);
  const learned = lastLesson?.learned ?? null;
  const folder = lastLesson?.stored ?? null;
  if (flags.json) {
    process.stdout.write(
      JSON.stringify({
        skin: name,
        saved: folder,
        games: result.games,
        won: result.won,
        lost: result.lost,
        unknown: result.unknown,
        stopped: result.stopped,
        lessons: result.lessons.map((l) =>
          l.type === 'learned' ? { game: l.game + 1, result: l.result, states: l.learned.states, missing: l.learned.missing } : { game: l.game + 1, result: l.result, why: l.why },
        ),
        states: learned?.states ?? [],
        missing: learned?.missing ?? [],
      }) + '\n',
    );
    // (the reason for a person too, where the other messages are)
    if (result.stopped) out.write(`stopped: ${result.stopped}\n`);
  } else {
    const lines = [playedLine(result)];
    if (learned && folder) {
      lines.push(`skin "${name}" saved in ${folder}`, `states learned: ${show(learned.states)}`);
      if (learned.missing.length) lines.push(`not seen yet: ${show(learned.missing)} (run learn --screen again to go on)`);
      lines.push(`use it: minebot play --screen --skin ${name} --mines ${flags.mines}`);
    } else lines.push(`nothing learned yet: no game ended in a way the learner could follow`);
    if (result.stopped) lines.push(`stopped: ${result.stopped}`);
    process.stdout.write(lines.join('\n') + '\n');
  }
  const hint = dismissHint(result.stopped, dismissKey);
  if (hint) out.write(`${hint}\n`);
  process.exitCode = learnExitCode(result.stopped, learned !== null);
}

/** Exit code of a learning session: 2 when it stopped early, 1 when it played to the end but no game taught it anything (no skin saved), else 0. */
export function learnExitCode(stopped: string | null, learned: boolean): number {
  return stopped ? 2 : learned ? 0 : 1;
}
