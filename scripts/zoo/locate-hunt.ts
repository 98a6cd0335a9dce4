// Hunts frames the skinless locator misses on a zoo game: GAMES games, each started afresh and
// clicked as the zoo's locate test clicks (cell (5k mod cols, 3k mod rows) after k clicks), at an
// offset that changes per game, 13 frames each (fresh and after each of 12 clicks). A frame is
// missed when no lattice of the board's size and pitch lies within 1 px of the truth
// (scripts/zoo/truth.ts); each is saved as a PNG in OUT_DIR (outside the repository: the games'
// artwork stays out of it) and printed with what was found. A KMines frame with no lattice of the
// board's size (its end dialog over the board) ends a game's frames, as in the zoo's test.
//   npx tsx scripts/zoo/locate-hunt.ts GAME OUT_DIR GAMES [--display :93] [--theme NAME] [--level N]

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePng } from '../../src/vision/skins/load.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { grabImage, sleep } from '../x11/x11.js';
import { holdClick } from './look.js';
import { boardTruth, foundExactly } from './truth.js';
import { startZooGame, stopZooGame, ZOO_GAMES, type ZooName } from './zoo.js';

async function main(argv: string[]): Promise<void> {
  const args = argv.slice();
  const opt = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i < 0 ? undefined : args.splice(i, 2)[1];
  };
  const display = opt('--display') ?? process.env.DISPLAY ?? ':99';
  const theme = opt('--theme');
  const level = opt('--level');
  const [game, out, count] = args as [ZooName, string, string];
  if (!ZOO_GAMES.includes(game) || !out || !(Number(count) > 0)) throw new Error(`usage: locate-hunt.ts ${ZOO_GAMES.join('|')} OUT_DIR GAMES [--display :99] [--theme NAME] [--level N]`);
  mkdirSync(out, { recursive: true });
  let frames = 0, missed = 0, covered = 0;
  const gamesMissed = new Set<number>();
  for (let n = 0; n < Number(count); n++) {
    const g = await startZooGame(game, { display, at: [40, 30], ...(theme ? { theme } : {}), ...(level ? { level: Number(level) as 1 | 2 | 3 | 4 } : {}) });
    try {
      const t = boardTruth(g);
      for (let k = 0; k <= 12; k++) {
        if (k > 0) {
          const j = k + 7 * n;
          holdClick(display, Math.round(t.left + (((j * 5) % g.cols) + 0.5) * t.pitch), Math.round(t.top + (((j * 3) % g.rows) + 0.5) * t.pitch));
          await sleep(400);
        }
        const image = grabImage(display);
        const all = locateGrids(image);
        const { sized, hit: exact } = foundExactly(all, t, g.cols, g.rows);
        const hit = exact !== undefined;
        // (as in the zoo's locate test: no lattice of the board's size after a click in KMines is
        // its end dialog over the board, no board to find)
        if (!hit && k > 0 && game === 'kmines' && !sized.length) {
          covered++;
          break;
        }
        frames++;
        if (hit) continue;
        missed++;
        gamesMissed.add(n);
        const file = join(out, `${game}${theme ? `-${theme}` : ''}-g${n}-k${k}.png`);
        writeFileSync(file, encodePng(image));
        const seen = all.map((c) => `${c.cols}x${c.rows} at ${c.left.toFixed(1)},${c.top.toFixed(1)} p${c.pitch.toFixed(2)}`).join('; ');
        console.log(`missed: game ${n} frame ${k}: the board is at ${t.left},${t.top} p${t.pitch}; found ${seen || 'nothing'} (${file})`);
      }
    } finally {
      await stopZooGame(g);
    }
  }
  console.log(JSON.stringify({ game, games: Number(count), frames, missed, gamesMissed: gamesMissed.size, endedByDialog: covered }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
