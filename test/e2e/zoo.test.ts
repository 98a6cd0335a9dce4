// End to end, the zoo: real Minesweeper games nobody in this project wrote (scripts/zoo/zoo.ts
// starts them under a private Xvfb), each learned from nothing by `minebot learn --screen` (the
// built-in skins hidden: MINEBOT_TEMPLATES is an empty folder), then played with the learned
// skin, then its captures read with it. Per game:
//  1. the locator finds its board whole and exactly (size; first cell within 1 px of where the
//     game draws it, scripts/zoo/truth.ts) fresh and after each of a dozen random clicks;
//  2. learned from nothing: a `--games 10` run (the next game by KMines' Return for its
//     "Reset the Game?" dialog, xbomb's s, ace-minesweeper's F2, or a click on 98.js's face,
//     `--new-game click:0,-1.6`; a second run if the first stopped early); the skin must know the
//     covered look, 0-2, and how a loss shows (mine or exploded);
//  3. 3 games played to the end with the learned skin (a win or a loss seen, no stop), every click
//     inside the game's window, and no mine opened on a move the bot was certain of (--log);
//  4. frames of a fresh game clicked at random, read with the learned skin: no cell read wrong
//     that is not unsure (a fresh board all covered; an opened cell keeps what it showed; on the
//     lost board, whose every mine is shown, each number counts the mines around it).
// Which parts pass by default, and why the others do not yet: ZOO_STATUS below (docs/zoo.md);
// MINEBOT_ZOO_ALL=1 runs them all, those too. The 98.js browser game needs a checkout of 98.js
// in MINEBOT_ZOO_98 (.ci/run makes one with scripts/zoo/get-98.sh), else it is skipped, saying so.
// Run on its own: `npx vitest run test/e2e/zoo.test.ts` (.ci/run runs it as a step of its own);
// MINEBOT_E2E_DISPLAY_ZOO=:N gives it that display (else the first free one); MINEBOT_ZOO_SAVE=DIR
// keeps every frame whose board the locator missed there.

import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { EXPLODED, FLAG, MINE, neighbourTable } from '../../src/core/board.js';
import { readScreen, VisionError, type Reading } from '../../src/vision/read/read.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { loadSkin } from '../../src/vision/skins/skin.js';
import { savePng } from '../../src/vision/skins/load.js';
import { grabImage } from '../../scripts/x11/x11.js';
import { holdClick } from '../../scripts/zoo/look.js';
import { boardTruth, foundExactly } from '../../scripts/zoo/truth.js';
import { startZooGame, stopZooGame, zooMissing, type ZooGame, type ZooName } from '../../scripts/zoo/zoo.js';
import { missing, startFreeXvfb, startXvfb, sleep, type PlaySummary } from './x11-games.js';

const why = missing();
if (why) console.warn(`e2e zoo: skipped: ${why}`);
const ALL = process.env.MINEBOT_ZOO_ALL === '1';
const bin = fileURLToPath(new URL('../../bin/minebot.js', import.meta.url));

interface ZooCase {
  game: ZooName;
  /** KMines: a tile theme other than its default (scripts/zoo/zoo.ts). */
  theme?: string;
  /** ace-minesweeper: the level key (1: 8x8/6 at 48 px, the default here; 4: 32x32/200 at 12 px, the game's own default). */
  level?: 1 | 2 | 3 | 4;
  mines: number;
  /** First-click rule for the strategy: none where a first click may hit a mine. */
  rules: string;
  /**
   * How the next game starts (`--new-game`): a key, keys in turn, or click:DX,DY on a face; null
   * where no new game can be started from the board (each game is then a run of its own, the game
   * started afresh: one-game runs, as issue 19 allows).
   */
  newGame: string | null;
  /** The key that closes the dialog the game puts over its board at an end (`--dismiss`), if it does. */
  dismiss?: string;
  /**
   * Why a part cannot pass yet (then it runs only with MINEBOT_ZOO_ALL=1), or null: `locate`, the
   * board found exactly on every frame; `learn`, learned from nothing, played, frames read.
   */
  notYet: { locate: string | null; learn: string | null };
  /** Why the locate test holds only the fresh board to be found (its frames after clicks are not looked at). */
  freshOnly?: string;
}

/** Why only the fresh board of a look with no lines between its cells is held to be found whole by the skinless locator. */
const LINELESS = 'a board with no lines between its cells is found whole only fresh, where all its tiles repeat: mid-game, only a part still covered repeats (a read with the learned skin grows it to the board; the loop reads the board where it found it)';

/** The zoo, and what keeps a part of a game's test from passing yet (measured on this branch; docs/zoo.md). */
const ZOO_STATUS: ZooCase[] = [
  {
    game: 'xbomb', mines: 10, rules: 'safe', newGame: 's',
    // (its ends redraw the whole board, the cells the player touched drawn alike; read since 2026-11-24)
    notYet: { locate: null, learn: null },
  },
  {
    // (its "Reset the Game?" after a loss restarts the same layout, Ctrl+N does nothing after a
    // loss, and the toolbar's New lies 3.5 cells beside the board: one-game runs, KMines started
    // afresh for each; its losses are read around the dialog, its wins from the frame before the
    // high-score dialog, or, after a guess, under it once Escape has closed it)
    game: 'kmines', mines: 10, rules: 'safe', newGame: null, dismiss: 'Escape',
    notYet: {
      // (locate: in the default step since 2026-11-30, morning: one pitch held by either axis,
      // the night's two failures of this test; hunts since, 39 of 40 games exact on every frame,
      // the one missed with its top two rows open found 1.5 px high, as the settling gives no
      // answer where the first rows do not repeat; this test 5 of 5 runs)
      locate: null,
      // (its play stopped after most wins on 2026-11-27, a 1 caught drawn before its number kept as
      // a 0 once the win ended the game; fixed the same day: 3 of 3 runs, 9 games, no stop)
      learn: null,
    },
  },
  {
    // (another look of the same game: flat light tiles with a dark bevel, as Windows' classic)
    game: 'kmines', theme: 'classic', mines: 10, rules: 'safe', newGame: null, dismiss: 'Escape',
    notYet: {
      // (locate: in the default step since 2026-11-30, late morning: the board's ends, where the frame's
      // highlight and shadow run into the outer tiles' own and no edge shows, are found where a
      // whole cell is the next one; hunts, 15 games each, 94 of 94 frames exact before, 97 of 98
      // with that alone, then 109 of 109; every frame missed before within 0.5 px)
      locate: null,
      // (2026-11-28: a win after certain clicks whose cascade ran under the congratulations, which
      // cover the board's frame at both sides, read from the cells around it; the win's flags,
      // a look not learned, no longer taken for a loss's mines; then 10 of 10 runs passed whole)
      learn: null,
    },
  },
  {
    // (two looks with no lines between the cells: grass tiles drawn edge to edge, opened cells
    // signposts; tufts low in each tile over a shaded ground. A fresh board is found where the
    // picture repeats at one tile's pitch, since 2026-11-28; the loop then reads it where it was)
    game: 'kmines', theme: 'green', mines: 10, rules: 'safe', newGame: null, dismiss: 'Escape',
    notYet: { locate: null, learn: null },
    freshOnly: LINELESS,
  },
  {
    game: 'kmines', theme: 'graveyard-mayhem', mines: 10, rules: 'safe', newGame: null, dismiss: 'Escape',
    notYet: { locate: null, learn: null },
    freshOnly: LINELESS,
  },
  {
    game: 'ace-minesweeper', mines: 6, rules: 'none', newGame: 'F2',
    // (locate: in the default step since 2026-11-30, morning: lattices walked at twice the pitch
    // halved, rows on the tiles' bevels settled and grown again; hunts of 30 games on the last
    // build, 390 of 390 frames exact, and 40 on the one before, 39 games exact; one game of an
    // earlier hunt still missed, mostly open, its last column all open: 7x8, and 8x8 2 px off;
    // this test 5 of 5 runs)
    notYet: { locate: null, learn: null },
  },
  {
    // (the game's own default level, as a user first sees it: 32x32/200, tiles of 12 px whose
    // grid lines are single-pixel dots two apart)
    game: 'ace-minesweeper', level: 4, mines: 200, rules: 'none', newGame: 'F2',
    notYet: { locate: null, learn: null },
  },
  {
    game: '98-minesweeper', mines: 40, rules: 'none', newGame: 'click:0,-1.6',
    notYet: { locate: null, learn: null },
  },
  {
    // (16x16/40, rounded tiles drawn apart on a light ground; one-game runs, the game started
    // afresh for each. Its win brings a score dialog over all but two columns of the board: read
    // around after a guess; a win by a cascade under it needs the dialog closed, Escape)
    game: 'gnome-mines', mines: 40, rules: 'safe', newGame: null, dismiss: 'Escape',
    notYet: { locate: null, learn: null },
  },
];

/** The looks a skin must know before it plays: covered, 0-2, and how a loss shows. */
const NEEDED = ['covered', '0', '1', '2'];

interface LearnSummary {
  skin: string;
  games: number;
  stopped: string | null;
  lessons: { game: number; result: string; states?: string[]; why?: string }[];
  states: string[];
  missing: string[];
}

/**
 * The environment of a run, recording every frame it reads (MINEBOT_RECORD) into the test's folder
 * when MINEBOT_E2E_KEEP keeps it: a run that went wrong can be replayed (scripts/replay-learn.ts).
 */
function recorded(env: NodeJS.ProcessEnv, run: string): NodeJS.ProcessEnv {
  return process.env.MINEBOT_E2E_KEEP && env.MINEBOT_SKINS ? { ...env, MINEBOT_RECORD: path.join(path.dirname(env.MINEBOT_SKINS), `rec-${run}`) } : env;
}

function minebot(display: string, env: NodeJS.ProcessEnv, args: string[], timeout = 300_000): { out: string; err: string; status: number | null } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env, DISPLAY: display }, timeout });
  return { out: r.stdout, err: r.stderr, status: r.status };
}

function lastJson<T>(text: string, what: string, err: string): T {
  const last = text.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(last) as T;
  } catch {
    throw new Error(`${what} printed no JSON summary: ${text}\n${err}`);
  }
}

/** The lines of a JSONL file (none when it is not there). */
function jsonLines(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The game after which each state was first labelled. */
function firstGames(lessons: LearnSummary['lessons']): Record<string, number> {
  const first: Record<string, number> = {};
  lessons.forEach((l, k) => {
    for (const s of l.states ?? []) first[s] ??= k + 1;
  });
  return first;
}

/**
 * The moves the bot was certain of that opened a mine, from a --log file (the worst bug: none
 * may be there). Lines with `certain` and `mine` both true.
 */
const certainMines = (file: string): number => jsonLines(file).filter((l) => l.certain === true && l.mine === true).length;

/** Clicks from a --trace file that fell outside the game's window. */
function clicksOutside(file: string, g: ZooGame): string[] {
  return jsonLines(file)
    .filter((l) => l.type === 'click')
    .map((l) => l.point as { x: number; y: number })
    .filter((p) => p.x < g.x || p.y < g.y || p.x >= g.x + g.width || p.y >= g.y + g.height)
    .map((p) => `${p.x},${p.y}`);
}

/**
 * Cells read wrong (not unsure) on frames of one game, judged by what any reading must agree
 * with: the fresh board is all covered; an opened cell keeps what it showed; once a loss shows
 * every mine (the zoo's games all do), each number counts the mines around it.
 */
function wrongCells(frames: Reading[]): string[] {
  const wrong: string[] = [];
  const seen = new Map<number, number>();
  frames.forEach((r, f) => {
    const { width: W, height: H } = r.board;
    const doubt = new Set(r.unsure.map(([x, y]) => y * W + x));
    const cells = r.board.cells;
    for (let i = 0; i < cells.length; i++) {
      if (doubt.has(i)) continue;
      const c = cells[i]!;
      if (f === 0 && c !== 9) wrong.push(`frame 0 (fresh): (${i % W},${(i / W) | 0}) read ${c}`);
      const before = seen.get(i);
      if (before !== undefined && c !== before && before <= 8) wrong.push(`frame ${f}: (${i % W},${(i / W) | 0}) read ${c}, was ${before}`);
      if (c <= 8 && before === undefined) seen.set(i, c);
    }
    if (cells.some((c) => c === EXPLODED)) {
      const table = neighbourTable(W, H);
      for (let i = 0; i < cells.length; i++) {
        const c = cells[i]!;
        if (c > 8 || doubt.has(i) || table[i]!.some((j) => doubt.has(j))) continue;
        const mines = table[i]!.filter((j) => cells[j] === MINE || cells[j] === EXPLODED || cells[j] === FLAG).length;
        if (mines !== c) wrong.push(`frame ${f} (lost): (${i % W},${(i / W) | 0}) read ${c}, ${mines} mine(s) shown around it`);
      }
    }
  });
  return wrong;
}

describe.skipIf(why !== null)('the zoo: real games learned from nothing, then played', { timeout: 1_200_000 }, () => {
  let xvfb: ChildProcess | null = null;
  let display = '';
  const dir = mkdtempSync(path.join(tmpdir(), 'minebot-e2e-zoo-'));
  const env = { MINEBOT_SKINS: path.join(dir, 'skins'), MINEBOT_TEMPLATES: mkdtempSync(path.join(tmpdir(), 'minebot-no-templates-')) };
  const games: ZooGame[] = [];

  beforeAll(async () => {
    // a display of its own: MINEBOT_E2E_DISPLAY_ZOO, else the first free one
    const own = process.env.MINEBOT_E2E_DISPLAY_ZOO;
    if (own) {
      xvfb = await startXvfb(own);
      display = own;
    } else ({ display, process: xvfb } = await startFreeXvfb());
  }, 30_000);
  afterAll(async () => {
    for (const g of games) await stopZooGame(g).catch(() => undefined);
    xvfb?.kill();
    if (!process.env.MINEBOT_E2E_KEEP) spawnSync('rm', ['-rf', dir]);
    else console.warn(`e2e zoo: kept ${dir}`);
  });

  async function start({ game, theme, level }: ZooCase): Promise<ZooGame> {
    const g = await startZooGame(game, { display, at: [40, 30], ...(theme ? { theme } : {}), ...(level ? { level } : {}) });
    games.push(g);
    return g;
  }
  async function stop(g: ZooGame): Promise<void> {
    games.splice(games.indexOf(g), 1);
    await stopZooGame(g);
  }

  for (const z of ZOO_STATUS) {
    const absent = zooMissing(z.game);
    // (a level other than the zoo's 8x8 names the case and its skin)
    const level = z.level && z.level !== 1 ? z.level : null;
    const label = z.theme ? `${z.game} (${z.theme} theme)` : level ? `${z.game} (level ${level})` : z.game;
    const notYet = (why: string | null): string | null => absent ?? (why && !ALL ? `not yet: ${why} (MINEBOT_ZOO_ALL=1 runs it)` : null);
    const skipLocate = notYet(z.notYet.locate), skipLearn = notYet(z.notYet.learn);
    if (skipLocate) console.warn(`e2e zoo: ${label}, locating: skipped: ${skipLocate}`);
    if (skipLearn && skipLearn !== skipLocate) console.warn(`e2e zoo: ${label}, learning and playing: skipped: ${skipLearn}`);
    describe(label, () => {
      const name = `zoo-${z.game}${z.theme ? `-${z.theme}` : ''}${level ? `-level${level}` : ''}`;
      // A test that fails runs once more (vitest.zoo.config.ts `retry`), its game started afresh:
      // real games under load can stop a run safely. Each attempt's cause is printed here (vitest
      // shows only the last), and its files are its own (`try1`, `try2`).
      const tries = new Map<string, number>();
      const attempt = (what: string, body: (run: string, ctx: TestContext) => Promise<void>) => async (ctx: TestContext): Promise<void> => {
        const n = (tries.get(what) ?? 0) + 1;
        tries.set(what, n);
        try {
          await body(`${name}-try${n}`, ctx);
        } catch (err) {
          console.warn(`e2e zoo: ${label}, ${what}: try ${n} failed: ${String((err as Error).message ?? err).split('\n').slice(0, 6).join(' / ')}`);
          throw err;
        }
      };
      if (z.freshOnly) console.warn(`e2e zoo: ${label}, locating: fresh board only: ${z.freshOnly}`);
      it.skipIf(skipLocate !== null)(z.freshOnly ? 'its fresh board is found whole and exactly' : 'its board is found whole and exactly, fresh and after each of 12 random clicks', attempt('locating', async () => {
        const g = await start(z);
        try {
          const t = boardTruth(g);
          const off: string[] = [];
          for (let k = 0; k <= (z.freshOnly ? 0 : 12); k++) {
            if (k > 0) {
              holdClick(display, Math.round(t.left + ((k * 5) % g.cols + 0.5) * t.pitch), Math.round(t.top + ((k * 3) % g.rows + 0.5) * t.pitch));
              await sleep(400);
            }
            const image = grabImage(display);
            const all = locateGrids(image);
            const { sized: found, hit } = foundExactly(all, t, g.cols, g.rows);
            // a dialog over the board after a loss (KMines) hides it: not a board to find
            if (!hit && k > 0 && z.game === 'kmines' && !found.length) break;
            if (!hit) off.push(`frame ${k}: ${all.map((c) => `${c.cols}x${c.rows} at ${c.left.toFixed(1)},${c.top.toFixed(1)} p${c.pitch.toFixed(2)}`).join('; ') || 'nothing'}`);
            // (a frame missed is kept where MINEBOT_ZOO_SAVE names a folder, for a look at it)
            if (!hit && process.env.MINEBOT_ZOO_SAVE) await savePng(image, path.join(process.env.MINEBOT_ZOO_SAVE, `${name}-${Date.now()}-${k}.png`));
          }
          expect(off).toEqual([]);
        } finally {
          await stop(g);
        }
      }));

      // (one run of 10 games, a second if the first stopped before the skin knew enough: a safe
      // stop, counted and said; where no new game can be started, up to 6 one-game runs)
      const oneGame = z.newGame === null;
      const how = oneGame ? 'up to 6 one-game runs, the game started afresh for each' : `one --games 10 run, new game ${z.newGame}`;
      it.skipIf(skipLearn !== null)(`is learned from nothing (${how}), then plays 3 games to the end`, attempt('learning and playing', async (run) => {
        // (from nothing on every try: what a failed try learned is not kept)
        rmSync(path.join(env.MINEBOT_SKINS, name), { recursive: true, force: true });
        const lessons: LearnSummary['lessons'] = [];
        const stops: string[] = [];
        let states: string[] = [];
        let missingStates: string[] = [];
        const runs = oneGame ? 6 : 2;
        let certain = 0;
        for (let k = 0; k < runs && !(NEEDED.every((s) => states.includes(s)) && states.some((s) => s === 'mine' || s === 'exploded')); k++) {
          const g = await start(z);
          try {
            const more = [...(oneGame ? ['--games', '1'] : ['--games', '10', '--new-game', z.newGame!]), ...(z.dismiss ? ['--dismiss', z.dismiss] : [])];
            const log = path.join(dir, `${run}-learn-${k}.jsonl`);
            const trace = path.join(dir, `${run}-learn-trace-${k}.jsonl`);
            const r = minebot(display, recorded(env, `${run}-learn-${k}`), ['learn', '--screen', '--name', name, '--mines', String(z.mines), '--rules', z.rules, ...more, '--json', '--save-dir', dir, '--trace', trace, '--log', log]);
            const s = lastJson<LearnSummary>(r.out, `learn run ${k + 1}`, r.err);
            if (s.stopped) stops.push(s.stopped);
            lessons.push(...s.lessons);
            if (s.states.length) ({ states, missing: missingStates } = s);
            certain += certainMines(log);
            // (the log has a summary line for every game the run finished, its moves tied to it)
            expect(jsonLines(log).filter((l) => l.type === 'game'), `learn run ${k + 1}: game lines in the log`).toHaveLength(s.games);
            expect(clicksOutside(trace, g), `learn run ${k + 1}: clicks outside the window`).toEqual([]);
          } finally {
            await stop(g);
          }
        }
        console.log(`e2e zoo ${label}: learned in ${lessons.length} game(s); first labelled after game: ${JSON.stringify(firstGames(lessons))}; not seen: ${missingStates.join(' ') || 'none'}; lessons kept ${lessons.filter((l) => l.states).length}, thrown away ${lessons.filter((l) => !l.states).map((l) => l.why).join(' | ') || 'none'}; runs stopped: ${stops.length} (${stops.join(' | ')})`);
        expect(certain, 'mines opened on moves the bot was certain of, while learning').toBe(0);
        expect(states).toEqual(expect.arrayContaining(NEEDED));

        // 3 games with the learned skin (in one run, or in three one-game runs)
        const flags = states.includes('flag') ? [] : ['--no-flags'];
        const played = { won: 0, lost: 0 };
        for (let k = 0; k < (oneGame ? 3 : 1); k++) {
          const g = await start(z);
          try {
            const log = path.join(dir, `${run}-play-${k}.jsonl`);
            const trace = path.join(dir, `${run}-play-trace-${k}.jsonl`);
            const more = [...(oneGame ? ['--games', '1'] : ['--games', '3', '--new-game', z.newGame!]), ...(z.dismiss ? ['--dismiss', z.dismiss] : [])];
            const p = minebot(display, recorded(env, `${run}-play-${k}`), ['play', '--screen', '--skin', name, '--mines', String(z.mines), '--rules', z.rules, ...more, ...flags, '--json', '--save-dir', dir, '--log', log, '--trace', trace]);
            const summary = lastJson<PlaySummary>(p.out, 'play', p.err);
            console.log(`e2e zoo ${label}: played with the learned skin: ${summary.games} game(s) (${summary.won} won, ${summary.lost} lost${summary.unknown ? `, ${summary.unknown} ended unseen` : ''})${summary.stopped ? `, stopped: ${summary.stopped}` : ''}`);
            expect(clicksOutside(trace, g), 'play: clicks outside the window').toEqual([]);
            expect(certainMines(log), 'mines opened on moves the bot was certain of, while playing').toBe(0);
            expect(summary.stopped, p.err).toBeNull();
            played.won += summary.won;
            played.lost += summary.lost;
          } finally {
            await stop(g);
          }
        }
        expect(played.won + played.lost).toBe(3);
      }));

      it.skipIf(skipLearn !== null)('its frames, read with the learned skin, have no wrong cell that is not unsure', attempt('reading its frames', async (_run, { skip: skipIt }) => {
        let skin;
        try {
          skin = loadSkin(name, env.MINEBOT_SKINS);
        } catch {
          skipIt(`no skin ${name} was learned (the learning test above failed)`);
          return;
        }
        const g = await start(z);
        try {
          const t = boardTruth(g);
          const frames: Reading[] = [];
          const refused: string[] = [];
          // (clicks stop once the game has ended, a mine shown or a frame refused after a click:
          // they would land on what the game shows then, KMines' "Reset the Game?" buttons, and
          // may start another game, whose cells the check below would compare with this one's)
          let ended = false;
          for (let k = 0; k <= 12 && !ended; k++) {
            if (k > 0) {
              holdClick(display, Math.round(t.left + ((k * 7) % g.cols + 0.5) * t.pitch), Math.round(t.top + ((k * 5) % g.rows + 0.5) * t.pitch));
              await sleep(500);
            }
            const image = grabImage(display);
            // (kept with the test's folder: a frame read wrongly can be looked at)
            if (process.env.MINEBOT_E2E_KEEP) {
              mkdirSync(path.join(dir, `frames-${name}`), { recursive: true });
              await savePng(image, path.join(dir, `frames-${name}`, `frame-${k}.png`));
            }
            try {
              const r = readScreen(image, { skins: [skin] });
              frames.push(r);
              ended = r.board.cells.some((c) => c === MINE || c === EXPLODED);
            } catch (err) {
              expect(err, `frame ${k}`).toBeInstanceOf(VisionError);
              refused.push(`frame ${k}: ${(err as Error).message}`);
              if (k === 0) throw err; // the fresh board must be read
              ended = true;
            }
          }
          console.log(`e2e zoo ${label}: ${frames.length} frames read (${frames.reduce((n, r) => n + r.unsure.length, 0)} cells unsure), ${refused.length} refused${refused.length ? `: ${refused.join(' | ')}` : ''}`);
          expect(wrongCells(frames)).toEqual([]);
        } finally {
          await stop(g);
        }
      }));
    });
  }
});
