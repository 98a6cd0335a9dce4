// Captures a zoo game as a player sees it, for looking at by hand and for checking the locator:
// the fresh board, then a frame after each of N clicks on random cells (mid-game, and lost once a
// mine is hit; later clicks on a lost board change nothing), as full-screen PNGs in OUT_DIR
// (never in the repository: the games' artwork stays out of it). Prints where the board is
// (the truth the locator is checked against, scripts/zoo/truth.ts) as JSON.
//   npx tsx scripts/zoo/look.ts GAME OUT_DIR [--display :99] [--clicks 20] [--level N] [--seed S] [--theme NAME]

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePng } from '../../src/vision/skins/load.js';
import { grabImage, sleep } from '../x11/x11.js';
import { boardTruth } from './truth.js';
import { startZooGame, stopZooGame, ZOO_GAMES, type ZooName } from './zoo.js';

/** Clicks a screen pixel holding the button `holdMs` (browser games ignore a click of 0 ms). */
export function holdClick(display: string, x: number, y: number, button = 1, holdMs = 30): void {
  const env = { ...process.env, DISPLAY: display };
  execFileSync('xdotool', ['mousemove', '--sync', String(x), String(y), 'mousedown', String(button)], { env });
  execFileSync('sleep', [String(holdMs / 1000)]);
  execFileSync('xdotool', ['mouseup', String(button), 'mousemove', '--sync', '0', '0'], { env });
}

/** A small seeded generator (mulberry32), so that a look can be repeated. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(argv: string[]): Promise<void> {
  const args = argv.slice();
  const opt = (name: string): string | undefined => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    return args.splice(i, 2)[1];
  };
  const display = opt('--display') ?? process.env.DISPLAY ?? ':99';
  const clicks = Number(opt('--clicks') ?? 20);
  const level = opt('--level');
  const theme = opt('--theme');
  const random = rng(Number(opt('--seed') ?? 1));
  const [game, out] = args as [ZooName, string];
  if (!ZOO_GAMES.includes(game) || !out) throw new Error(`usage: look.ts ${ZOO_GAMES.join('|')} OUT_DIR [--display :99] [--clicks N] [--level N] [--seed S] [--theme NAME]`);
  mkdirSync(out, { recursive: true });
  const g = await startZooGame(game, { display, level: level ? (Number(level) as 1 | 2 | 3 | 4) : undefined, theme });
  try {
    const truth = boardTruth(g);
    const save = (name: string): void => writeFileSync(join(out, `${game}-${name}.png`), encodePng(grabImage(display)));
    save('00-fresh');
    for (let k = 1; k <= clicks; k++) {
      const cx = Math.floor(random() * g.cols), cy = Math.floor(random() * g.rows);
      holdClick(display, Math.round(truth.left + (cx + 0.5) * truth.pitch), Math.round(truth.top + (cy + 0.5) * truth.pitch));
      await sleep(400);
      save(String(k).padStart(2, '0'));
    }
    console.log(JSON.stringify({ game, cols: g.cols, rows: g.rows, mines: g.mines, grid: truth }));
  } finally {
    await stopZooGame(g);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
