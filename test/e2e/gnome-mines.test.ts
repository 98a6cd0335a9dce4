// End to end, smoke: GNOME Mines (Debian gnome-mines, GTK 3) comes up under Xvfb at 16x16/40
// through scripts/x11/gnome-mines.ts, shows a lattice of tiles, and a left click opens cells.
// Nothing here reads it with a skin: minebot has none for it (it is to be learned live, issue
// 12). Its look, and why the grid locator sees only part of it, are described in
// /work/notes/gnome-mines/README.md.
//
// Skips with a message when there is no DISPLAY or a tool is missing (.ci/run installs them).
// The game runs on a display of its own: MINEBOT_E2E_DISPLAY_GNOME, default :93.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { GNOME_MINES, COVERED_RGB, findTiles, startGnomeMines, stopGnomeMines, type GnomeMinesGame } from '../../scripts/x11/gnome-mines.js';
import { clickAt, grabImage, sleep } from '../../scripts/x11/x11.js';
import { iterateGrids } from '../../src/vision/locate.js';
import type { RgbaImage } from '../../src/vision/image.js';
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

/** The board's rectangle on the screen. */
function boardRect(game: GnomeMinesGame): { x: number; y: number; width: number; height: number } {
  const { left, top, pitch } = game.grid;
  return { x: Math.floor(left), y: Math.floor(top), width: Math.ceil(16 * pitch), height: Math.ceil(16 * pitch) };
}

/** How many tiles of an image (at `origin` on the screen) still show the covered colour. */
function coveredTiles(image: RgbaImage, game: GnomeMinesGame, origin = { x: 0, y: 0 }): number {
  let n = 0;
  for (const y of game.ys) {
    for (const x of game.xs) {
      // a point inside the fill, clear of the rounded corner and of any icon
      const px = Math.round(x) + 4 - origin.x, py = Math.round(y) + 4 - origin.y;
      const o = (py * image.width + px) * 4;
      if ([0, 1, 2].every((c) => Math.abs(image.data[o + c]! - COVERED_RGB[c]!) <= 3)) n++;
    }
  }
  return n;
}

function sameImage(a: RgbaImage, b: RgbaImage): boolean {
  return a.width === b.width && a.height === b.height && Buffer.compare(Buffer.from(a.data), Buffer.from(b.data)) === 0;
}

/** Grabs the board until two grabs agree (a click shows after a frame or two; the clock beside
 * the board ticks every second, so it stays out of the comparison). */
async function settledBoard(game: GnomeMinesGame): Promise<RgbaImage> {
  const rect = boardRect(game);
  let prev = grabImage(display, rect);
  for (let i = 0; i < 10; i++) {
    await sleep(150);
    const next = grabImage(display, rect);
    if (sameImage(prev, next)) return next;
    prev = next;
  }
  return prev;
}

describe.skipIf(why !== null)('GNOME Mines under Xvfb', { retry: 1 }, () => {
  let xvfb: ChildProcess | null = null;
  let game: GnomeMinesGame | null = null;
  let fresh: RgbaImage | null = null;

  beforeAll(async () => {
    xvfb = await startXvfb(display);
    game = await startGnomeMines({ display, cols: 16, rows: 16, mines: 40, at: [40, 30] });
    fresh = grabImage(display);
  }, 120_000);
  afterAll(async () => {
    if (game) await stopGnomeMines(game);
    xvfb?.kill();
  });

  it('starts the 16x16/40 preset without the size chooser, as an even lattice of 16x16 covered tiles', () => {
    const g = game!;
    expect([g.cols, g.rows]).toEqual([16, 16]);
    expect(g.uniform).toBe(true);
    // the tiles are where the game's geometry says, on the screen as a whole
    const again = findTiles(fresh!, 16, 16)!;
    expect(again).not.toBeNull();
    expect(again.left).toBeCloseTo(g.grid.left, 5);
    expect(again.top).toBeCloseTo(g.grid.top, 5);
    expect(again.pitch).toBe(g.grid.pitch);
    expect(coveredTiles(fresh!, g)).toBe(256);
    // rounded tiles with gaps: the fill is a few pixels short of the pitch
    expect(g.grid.pitch - g.tile).toBeGreaterThanOrEqual(2);
    // the board lies inside the window
    expect(g.grid.left).toBeGreaterThanOrEqual(g.x);
    expect(g.grid.top + 16 * g.grid.pitch).toBeLessThanOrEqual(g.y + g.height);
  });

  it("the grid locator finds a lattice at the board's pitch over all its columns", () => {
    const g = game!;
    const found = [...iterateGrids(fresh!)];
    const best = found.find((c) => Math.abs(c.pitch - g.grid.pitch) <= 0.5 && c.cols === 16);
    expect(best, JSON.stringify(found)).toBeDefined();
    // its lines fall on the tiles' edges: within the gap between two tiles or on a fill's edge
    const offX = (((best!.left - g.grid.left) % g.grid.pitch) + g.grid.pitch) % g.grid.pitch;
    const offY = (((best!.top - g.grid.top) % g.grid.pitch) + g.grid.pitch) % g.grid.pitch;
    const slack = g.grid.pitch - g.tile; // the gap, in pixels
    for (const off of [offX, offY]) expect(Math.min(off, g.grid.pitch - off)).toBeLessThanOrEqual(slack);
    expect(best!.rows).toBeGreaterThanOrEqual(15);
  });

  // Known limit of src/vision/locate.ts (reported, not changed here): each 4 px gap between rows
  // gives two separate horizontal edges, the row lattice follows the tops of the fills and loses
  // the last row (16x15, 2-3 px low). When the locator learns such gaps, this starts passing and
  // vitest says so: turn it into a plain `it`.
  it.fails('the grid locator finds all 16x16 cells at the tile boundaries', () => {
    const g = game!;
    const found = [...iterateGrids(fresh!)];
    const exact = found.find(
      (c) => c.cols === 16 && c.rows === 16 && Math.abs(c.left - g.grid.left) <= 1 && Math.abs(c.top - g.grid.top) <= 1 && Math.abs(c.pitch - g.grid.pitch) <= 0.5,
    );
    expect(exact, JSON.stringify(found)).toBeDefined();
  });

  it('a left click on a covered cell opens cells (the first click is always an opening)', async () => {
    const g = game!;
    const rect = boardRect(g);
    const before = grabImage(display, rect);
    expect(coveredTiles(before, g, rect)).toBe(256);
    clickAt(display, Math.round(g.xs[8]! + g.grid.pitch / 2), Math.round(g.ys[8]! + g.grid.pitch / 2));
    const after = await settledBoard(g);
    expect(sameImage(after, before)).toBe(false);
    // GNOME Mines keeps the clicked cell and its 8 neighbours free of mines: at least 9 open
    expect(coveredTiles(after, g, rect)).toBeLessThanOrEqual(256 - 9);
  });
});
