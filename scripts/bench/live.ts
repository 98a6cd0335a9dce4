// Live benchmark: xdemineur expert-size games (30x16/99) on an Xvfb display, played through the
// real nut.js adapter by the same loop as `minebot play --screen`. Reports the win rate with its
// 95% Wilson interval, mean clicks, mean wall time per won game and how that time splits into
// grabbing, checking cells before clicks, reading, solving, waiting for the screen, clicking and
// the rest (the loop's own work); stops by reason, and the process's memory along the way.
//
//   nice -n 10 npx tsx scripts/bench/live.ts [--games 50] [--display :98] [--size 30x16] [--mines 99]
//        [--strategy exact] [--flags] [--chord] [--no-check] [--no-park] [--seed N] [--json]
//        [--sim-games N] [--restarts 5] [--click-hold MS]
//
// Starts Xvfb on --display when nothing answers there, and one xdemineur window (seeded through
// scripts/x11/fixed-srand.c when gcc can build it). --sim-games N also plays N simulated games
// with the same strategy under rule `zero` (xdemineur opens a start area itself) for comparison.
// A session that stops is restarted (the stop counted, by reason) up to --restarts times.

import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playSession, type Timing } from '../../src/bot/loop.js';
import type { GameRecord, SessionResult } from '../../src/bot/session.js';
import { faceAt, loadReader } from '../../src/bot/learn/vision-link.js';
import { openNutDesktop } from '../../src/desktop/nut.js';
import { createStrategy, defaultStrategyName } from '../../src/solver/registry.js';
import { playGame } from '../../src/sim/play.js';
import { wilson } from '../../src/stats/winrate.js';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const games = Number(opt('--games', '50'));
const display = opt('--display', ':98');
const [cols, rows] = opt('--size', '30x16').split('x').map(Number) as [number, number];
const mines = Number(opt('--mines', '99'));
const strategyName = opt('--strategy', defaultStrategyName());
const seed = opt('--seed', '2026');
const simGames = Number(opt('--sim-games', '0'));
const json = args.includes('--json');
const flags = args.includes('--flags');
const chord = args.includes('--chord');
const checkClicks = !args.includes('--no-check');
const park = !args.includes('--no-park');
const restarts = Number(opt('--restarts', '5'));
const clickHold = args.includes('--click-hold') ? Number(opt('--click-hold', '0')) : undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (d: string) => spawnSync('xdpyinfo', ['-display', d], { stdio: 'ignore' }).status === 0;
const log = (s: string) => process.stderr.write(s + '\n');

async function main(): Promise<void> {
  const started: ChildProcess[] = [];
  try {
    if (!alive(display)) {
      const x = spawn('Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
      started.push(x);
      for (let i = 0; i < 100 && !alive(display); i++) await sleep(100);
      if (!alive(display)) throw new Error(`Xvfb did not start on ${display}`);
    }
    process.env.DISPLAY = display;
    const env: NodeJS.ProcessEnv = { ...process.env };
    const here = path.dirname(fileURLToPath(import.meta.url));
    const shimSrc = path.join(here, '../x11/fixed-srand.c');
    if (existsSync(shimSrc) && spawnSync('sh', ['-c', 'command -v gcc'], { stdio: 'ignore' }).status === 0) {
      const so = path.join(tmpdir(), 'minebot-bench-fixed-srand.so');
      execFileSync('gcc', ['-shared', '-fPIC', '-O2', '-o', so, shimSrc, '-ldl']);
      env.LD_PRELOAD = so;
      env.MINEBOT_SEED = seed;
    }
    const game = spawn('/usr/games/xdemineur', ['-geometry', `${cols}x${rows}+40+40`, '-m', String(mines)], { env, stdio: 'ignore' });
    started.push(game);
    await sleep(1000);

    const read = await loadReader();
    const desktop = await openNutDesktop(clickHold === undefined ? {} : { clickHoldMs: clickHold });
    // Park the mouse off the game (the bot stops if the mouse moves away from where it left it).
    await desktop.pointer.move({ x: 1200, y: 1000 });
    const strategy = createStrategy(strategyName);
    const records: GameRecord[] = [];
    const stops: string[] = [];
    const retries = new Map<string, number>();
    const skips = new Map<string, number>();
    const rss: { game: number; mb: number }[] = [];
    let clicks = 0;
    let wallMs = 0;
    let played = 0;
    // A session that stops is restarted (the stop counted) until enough games are in.
    while (records.length < games && stops.length <= restarts) {
      const result: SessionResult = await playSession(desktop, {
        strategy,
        read,
        skin: 'auto',
        rule: 'zero',
        seed: Number(seed) + records.length,
        games: games - records.length,
        mines,
        flags,
        chord,
        checkClicks,
        park,
        newGame: { face: true },
        faceAt,
        pollMs: 1,
        yieldEvents: () => new Promise((r) => setImmediate(r)),
        onEvent: (e) => {
          if (e.type === 'retry' || e.type === 'waiting') log(`  game ${played + 1}: ${e.type}: ${e.why}`);
          if (e.type === 'moved') log(`  game ${played + 1}: the board moved`);
          if (e.type === 'retry') {
            const kind = e.why.replace(/\(\d+,\d+\)/g, '(x,y)').replace(/\d+/g, 'N');
            retries.set(kind, (retries.get(kind) ?? 0) + 1);
          }
          if (e.type === 'skip') skips.set(e.why, (skips.get(e.why) ?? 0) + 1);
          if (e.type === 'game') {
            const n = records.length + e.game + 1;
            played = n;
            const mem = process.memoryUsage();
            rss.push({ game: n, mb: mem.rss / 2 ** 20 });
            const memo = n % 10 === 0 ? `, RSS ${(mem.rss / 2 ** 20).toFixed(1)} MB, heap ${(mem.heapUsed / 2 ** 20).toFixed(1)} MB` : '';
            log(`game ${n}: ${e.result}, ${e.clicks} clicks, ${(e.wallMs / 1000).toFixed(2)} s${memo}`);
          }
        },
      });
      records.push(...result.records);
      clicks += result.clicks;
      wallMs += result.wallMs;
      if (result.stopped) {
        stops.push(result.stopped);
        log(`stopped: ${result.stopped}`);
      }
    }
    const won = records.filter((r) => r.result === 'won');
    const [lo, hi] = wilson(won.length, records.length);
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    const split = (key: keyof Timing) => mean(won.map((r) => r.timing[key]));
    const count = (key: keyof Timing) => mean(won.map((r) => r.counts[key]));
    const other = mean(won.map((r) => r.wallMs - Object.values(r.timing).reduce((a, b) => a + b, 0)));
    const byReason = new Map<string, number>();
    for (const x of stops) {
      const kind = x.replace(/\(\d+,\d+\)/g, '(x,y)').replace(/\d+/g, 'N');
      byReason.set(kind, (byReason.get(kind) ?? 0) + 1);
    }
    const rssAt = (n: number) => rss.find((r) => r.game >= n)?.mb ?? null;
    let sim: { games: number; won: number; ci95: [number, number] } | null = null;
    if (simGames > 0) {
      let w = 0;
      for (let i = 0; i < simGames; i++) {
        const out = playGame(createStrategy(strategyName), { spec: { width: cols, height: rows, mines }, rule: 'zero', seed: Number(seed), index: i });
        if (out.won) w++;
      }
      sim = { games: simGames, won: w, ci95: wilson(w, simGames) };
    }
    const report = {
      board: `${cols}x${rows}/${mines}`,
      game: 'xdemineur',
      strategy: strategyName,
      flags,
      chord,
      checkClicks,
      park,
      load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      games: records.length,
      won: won.length,
      winRate: records.length ? won.length / records.length : 0,
      ci95: [lo, hi],
      meanClicks: mean(records.map((r) => r.clicks)),
      meanClicksWon: mean(won.map((r) => r.clicks)),
      meanWonMs: mean(won.map((r) => r.wallMs)),
      wonSplitMs: { grab: split('grabMs'), check: split('checkMs'), read: split('readMs'), solve: split('solveMs'), wait: split('waitMs'), click: split('actMs'), other },
      wonCounts: { grabs: count('grabMs'), checks: count('checkMs'), reads: count('readMs'), solves: count('solveMs'), pauses: count('waitMs'), acts: count('actMs') },
      fastestWonMs: won.length ? Math.min(...won.map((r) => r.wallMs)) : null,
      stops,
      stopsByReason: Object.fromEntries(byReason),
      retries: Object.fromEntries(retries),
      skips: Object.fromEntries(skips),
      rssMb: { game10: rssAt(10), last: rss.at(-1)?.mb ?? null, lastGame: rss.at(-1)?.game ?? null, every25: rss.filter((r) => r.game % 25 === 0).map((r) => [r.game, +r.mb.toFixed(1)]) },
      clicks,
      wallMs,
      sim,
    };
    if (json) process.stdout.write(JSON.stringify(report) + '\n');
    else {
      const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
      const s = report.wonSplitMs;
      process.stdout.write(
        [
          `xdemineur ${report.board}, strategy ${strategyName}, ${flags ? 'flags' : 'no flags'}${chord ? ', chord' : ''}${checkClicks ? '' : ', no click checks'}${park ? '' : ', no parking'}, through nut.js on Xvfb ${display}`,
          `load         ${report.load} (at the end)`,
          `games        ${report.games} (${stops.length} session stop${stops.length === 1 ? '' : 's'})`,
          `win rate     ${pct(report.winRate)} (${won.length}/${records.length}; 95% CI ${pct(lo)} – ${pct(hi)})`,
          ...(sim ? [`simulator    ${pct(sim.won / sim.games)} (${sim.won}/${sim.games}; 95% CI ${pct(sim.ci95[0])} – ${pct(sim.ci95[1])}), rule zero`] : []),
          `clicks       mean ${report.meanClicks.toFixed(1)} per game, ${report.meanClicksWon.toFixed(1)} per won game`,
          `won game     mean ${(report.meanWonMs / 1000).toFixed(2)} s (fastest ${report.fastestWonMs === null ? '-' : (report.fastestWonMs / 1000).toFixed(2)} s)`,
          `  split      grab ${s.grab.toFixed(0)} ms, check ${s.check.toFixed(0)} ms, read ${s.read.toFixed(0)} ms, solve ${s.solve.toFixed(0)} ms, wait ${s.wait.toFixed(0)} ms, click ${s.click.toFixed(0)} ms, other ${s.other.toFixed(0)} ms`,
          `  count      ${report.wonCounts.grabs.toFixed(0)} grabs, ${report.wonCounts.checks.toFixed(0)} checks, ${report.wonCounts.reads.toFixed(0)} reads, ${report.wonCounts.solves.toFixed(0)} solves, ${report.wonCounts.pauses.toFixed(0)} pauses, ${report.wonCounts.acts.toFixed(0)} clicks and moves`,
          `memory       RSS ${report.rssMb.game10?.toFixed(1) ?? '-'} MB at game 10, ${report.rssMb.last?.toFixed(1) ?? '-'} MB at game ${report.rssMb.lastGame ?? '-'}${report.rssMb.every25.length ? ` (every 25 games: ${report.rssMb.every25.map(([, mb]) => mb).join(', ')})` : ''}`,
          ...[...byReason].map(([why, n]) => `stop    ${String(n).padStart(4)} ${why}`),
          ...[...retries].map(([why, n]) => `re-read ${String(n).padStart(4)} ${why}`),
          ...[...skips].map(([why, n]) => `skip    ${String(n).padStart(4)} ${why}`),
        ].join('\n') + '\n',
      );
    }
  } finally {
    for (const p of started.reverse()) if (p.exitCode === null) p.kill();
  }
}

main().catch((e: unknown) => {
  log(`scripts/bench/live: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
