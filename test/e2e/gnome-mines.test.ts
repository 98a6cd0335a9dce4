// End to end: GNOME Mines (Debian gnome-mines, GTK 3) comes up under Xvfb at 16x16/40 and at
// 30x16/99 through scripts/x11/gnome-mines.ts, shows a lattice of tiles, and a left click opens
// cells. The skinless grid locator (src/vision/locate/locate.ts) finds the whole board, exactly, in the
// frames grabbed live: fresh, mid-game (an opening and a flag) and lost, each also rescaled to
// 125% and 150%. Nothing here reads the cells with a skin: minebot has none for GNOME Mines (it
// is to be learned live, issue 12). Its look is described in /work/notes/gnome-mines/README.md:
// rounded tiles with 4 px gaps on a light background, "1" tiles only 16 levels of luma from it.
//
// Skips with a message when there is no DISPLAY or a tool is missing (.ci/run installs them).
// The games run on a display of their own: MINEBOT_E2E_DISPLAY_GNOME, default :93.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { GNOME_MINES, COVERED_RGB, TILE_RGBS, findTiles, startGnomeMines, stopGnomeMines, type GnomeMinesGame } from '../../scripts/x11/gnome-mines.js';
import { cellCentre, clickAt, clickCells, grabImage, sleep } from '../../scripts/x11/x11.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import type { Grid } from '../../src/vision/geometry.js';
import type { RgbaImage } from '../../src/vision/image.js';
import { scaleImage } from '../vision/helpers.js';
import { have, startXvfb } from './x11-games.js';

function missing(): string | null {
  if (!process.env.DISPLAY) return 'no DISPLAY (CI starts Xvfb and sets it; see scripts/e2e-setup.sh)';
  if (!existsSync(GNOME_MINES)) return 'gnome-mines is not installed (.ci/run installs it)';
  for (const cmd of ['Xvfb', 'xdotool', 'xdpyinfo', 'xwininfo', 'dbus-daemon']) if (!have(cmd)) return `${cmd} is not installed (.ci/run installs it)`;
  return null;
}

const why = missing();
if (why) console.warn(`e2e gnome-mines: skipped: ${why}`);
const display = process.env.MINEBOT_E2E_DISPLAY_GNOME ?? ':93';

const MINE_TILE = TILE_RGBS[11]!; // #888A85: an unflagged mine shown after a loss

/** The board's rectangle on the screen. */
function boardRect(game: GnomeMinesGame): { x: number; y: number; width: number; height: number } {
  const { left, top, pitch } = game.grid;
  return { x: Math.floor(left), y: Math.floor(top), width: Math.ceil(game.cols * pitch), height: Math.ceil(game.rows * pitch) };
}

/** How many tiles of an image (at `origin` on the screen) show a fill colour. */
function tilesOf(colour: readonly number[], image: RgbaImage, game: GnomeMinesGame, origin = { x: 0, y: 0 }): number {
  let n = 0;
  for (const y of game.ys) {
    for (const x of game.xs) {
      // a point inside the fill, clear of the rounded corner and of any icon
      const px = Math.round(x) + 4 - origin.x, py = Math.round(y) + 4 - origin.y;
      const o = (py * image.width + px) * 4;
      if ([0, 1, 2].every((c) => Math.abs(image.data[o + c]! - colour[c]!) <= 3)) n++;
    }
  }
  return n;
}

function sameImage(a: RgbaImage, b: RgbaImage): boolean {
  return a.width === b.width && a.height === b.height && Buffer.compare(Buffer.from(a.data), Buffer.from(b.data)) === 0;
}

/** Grabs the board until two grabs agree (a click shows after a frame or two; the clock beside
 * the board ticks every second, so it stays out of the comparison), then the whole screen. */
async function settled(game: GnomeMinesGame): Promise<RgbaImage> {
  const rect = boardRect(game);
  let prev = grabImage(display, rect);
  for (let i = 0; i < 10; i++) {
    await sleep(150);
    const next = grabImage(display, rect);
    if (sameImage(prev, next)) break;
    prev = next;
  }
  return grabImage(display);
}

const show = (g: Grid): string => `${g.cols}x${g.rows} at ${g.left.toFixed(1)},${g.top.toFixed(1)} pitch ${g.pitch.toFixed(2)}`;

/**
 * What the locator finds in a screen grab, at 100%, 125% and 150%: for each scale, whether the
 * largest lattice found is the board (its size, its first cell box within 1 px of the one the
 * game's tiles show, scaled, its pitch within 0.1 px), and every lattice found.
 */
async function locateAtScales(screen: RgbaImage, game: GnomeMinesGame): Promise<{ scale: number; exact: boolean; found: string[] }[]> {
  const out = [];
  for (const s of [1, 1.25, 1.5]) {
    const found = locateGrids(await scaleImage(screen, s));
    const largest = found.reduce<Grid | null>((a, b) => (!a || b.cols * b.rows > a.cols * a.rows ? b : a), null);
    const { left, top, pitch } = game.grid;
    const exact =
      largest !== null &&
      largest.cols === game.cols &&
      largest.rows === game.rows &&
      Math.abs(largest.left - left * s) <= 1 &&
      Math.abs(largest.top - top * s) <= 1 &&
      Math.abs(largest.pitch - pitch * s) <= 0.1;
    out.push({ scale: s, exact, found: found.map(show) });
  }
  return out;
}

const allExact = (finds: { scale: number; exact: boolean; found: string[] }[]): { scale: number; exact: boolean }[] => finds.map(({ scale, exact }) => ({ scale, exact }));
const everyScale = [1, 1.25, 1.5].map((scale) => ({ scale, exact: true }));

for (const [cols, rows, mines] of [
  [16, 16, 40],
  [30, 16, 99],
] as const) {
  describe.skipIf(why !== null)(`GNOME Mines ${cols}x${rows}/${mines} under Xvfb`, { retry: 1 }, () => {
    let xvfb: ChildProcess | null = null;
    let game: GnomeMinesGame | null = null;
    let fresh: RgbaImage | null = null;

    beforeAll(async () => {
      xvfb = await startXvfb(display);
      game = await startGnomeMines({ display, cols, rows, mines, seed: '7', at: [40, 30], size: cols === 30 ? [1000, 600] : undefined });
      fresh = grabImage(display);
    }, 120_000);
    afterAll(async () => {
      if (game) await stopGnomeMines(game);
      xvfb?.kill();
    });

    it('starts the preset without the size chooser, as an even lattice of covered tiles', () => {
      const g = game!;
      expect([g.cols, g.rows]).toEqual([cols, rows]);
      expect(g.uniform).toBe(true);
      // the tiles are where the game's geometry says, on the screen as a whole
      const again = findTiles(fresh!, cols, rows)!;
      expect(again).not.toBeNull();
      expect(again.left).toBeCloseTo(g.grid.left, 5);
      expect(again.top).toBeCloseTo(g.grid.top, 5);
      expect(again.pitch).toBe(g.grid.pitch);
      expect(tilesOf(COVERED_RGB, fresh!, g)).toBe(cols * rows);
      // rounded tiles with gaps: the fill is a few pixels short of the pitch
      expect(g.grid.pitch - g.tile).toBeGreaterThanOrEqual(2);
      // the board lies inside the window
      expect(g.grid.left).toBeGreaterThanOrEqual(g.x);
      expect(g.grid.top + rows * g.grid.pitch).toBeLessThanOrEqual(g.y + g.height);
    });

    it('the grid locator finds the whole fresh board at the tile boundaries, at 100%, 125% and 150%', async () => {
      const finds = await locateAtScales(fresh!, game!);
      expect(allExact(finds), JSON.stringify(finds)).toEqual(everyScale);
    });

    it('a left click on a covered cell opens cells (the first click is always an opening)', async () => {
      const g = game!;
      const rect = boardRect(g);
      const before = grabImage(display, rect);
      expect(tilesOf(COVERED_RGB, before, g, rect)).toBe(cols * rows);
      clickAt(display, Math.round(g.xs[cols >> 1]! + g.grid.pitch / 2), Math.round(g.ys[rows >> 1]! + g.grid.pitch / 2));
      await sleep(100);
      const after = grabImage(display, rect);
      expect(sameImage(after, before)).toBe(false);
    });

    it('mid-game (an opening, numbers, a flag): the whole board found at 100%, 125% and 150%', async () => {
      const g = game!;
      // flag a corner cell (a right click is safe); clickCells parks the pointer off the window
      clickCells(g, [[0, 0]], 3);
      const screen = await settled(g);
      const origin = { x: 0, y: 0 };
      // GNOME Mines keeps the clicked cell and its 8 neighbours free of mines: at least 9 open
      expect(tilesOf(COVERED_RGB, screen, g, origin)).toBeLessThanOrEqual(cols * rows - 9);
      expect(tilesOf(COVERED_RGB, screen, g, origin)).toBeGreaterThan(0);
      const finds = await locateAtScales(screen, g);
      expect(allExact(finds), JSON.stringify(finds)).toEqual(everyScale);
    });

    it('lost (mines shown, the exploded one, numbers): the whole board found at 100%, 125% and 150%', async () => {
      const g = game!;
      // open every cell of the border and the middle row until a mine goes off: after a loss
      // GNOME Mines ignores clicks on the board
      const cells: [number, number][] = [];
      for (let x = 1; x < cols; x++) cells.push([x, 0], [x, rows - 1], [x, rows >> 1]);
      for (let y = 1; y < rows - 1; y++) cells.push([0, y], [cols - 1, y]);
      // one xdotool for all the clicks, then the pointer off the window
      const args = cells.flatMap(([cx, cy]) => ['mousemove', '--sync', ...cellCentre(g, cx, cy).map(String), 'click', '--delay', '5', '1']);
      execFileSync('xdotool', [...args, 'mousemove', '--sync', String(g.x + g.width + 5), String(g.y + g.height + 5)], { env: { ...process.env, DISPLAY: display } });
      const screen = await settled(g);
      expect(tilesOf(MINE_TILE, screen, g), 'mines shown').toBeGreaterThan(0);
      const finds = await locateAtScales(screen, g);
      expect(allExact(finds), JSON.stringify(finds)).toEqual(everyScale);
    });
  });
}
