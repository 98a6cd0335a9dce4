// `minebot read` and `minebot advise`, run in-process through the CLI's main().
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register as registerRead } from '../../src/commands/read.js';
import { register as registerAdvise } from '../../src/commands/advise.js';
import { runCli } from '../cli-harness.js';

import { renderBoard } from '../../src/vision/draw/render.js';
import { encodePng, decodePng } from '../../src/vision/skins/load.js';
import { readFileSync } from 'node:fs';
import { parseBoard, formatBoard } from '../../src/core/board.js';
import { createImage } from '../../src/vision/image.js';
import { OVERLAY_COLOURS } from '../../src/vision/draw/overlay.js';
import { MID_GAME_9X9, hasReal, realDir } from './helpers.js';

const run = (args: string[]) => runCli([registerRead, registerAdvise], args);

const dir = mkdtempSync(path.join(tmpdir(), 'minebot-vision-'));
const BOARD = MID_GAME_9X9;
const boardPng = path.join(dir, 'board.png');
writeFileSync(boardPng, encodePng(renderBoard(BOARD, 'winxp', { scale: 1.5, timer: 12 }).image));

describe('minebot read', () => {
  it('prints the board text with # comments (pipeable to solve)', async () => {
    const r = await run(['read', boardPng]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(formatBoard(parseBoard(r.out))).toBe(formatBoard(BOARD));
    expect(r.out).toContain('# skin: winxp');
    expect(r.out).toContain('# face: playing');
    expect(r.out).toContain('# mine counter: 8');
    expect(r.out).toContain('# timer: 12');
    const g = /# grid: cell \(0,0\) at \(([\d.]+), ([\d.]+)\), pitch 24 px, scale 1.5, 9x9/.exec(r.out);
    expect(g).not.toBeNull();
    expect(Math.abs(Number(g![1]) - 18)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(Number(g![2]) - 82.5)).toBeLessThanOrEqual(0.5);
    expect(r.out).toContain('# unsure cells: none');
  });

  it('says when the header\'s mine total is assumed, not read (a capture with no mine counter)', async () => {
    const { image, grid } = renderBoard(BOARD, 'winxp');
    // (the board alone, cut out of the window: no counter, no face)
    const pad = 6, left = Math.round(grid.left) - pad, top = Math.round(grid.top) - pad, side = Math.round(9 * grid.pitch) + 2 * pad;
    const crop = createImage(side, side);
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) for (let k = 0; k < 4; k++) crop.data[(y * side + x) * 4 + k] = image.data[((top + y) * image.width + left + x) * 4 + k]!;
    const cropPng = path.join(dir, 'board-only.png');
    writeFileSync(cropPng, encodePng(crop));
    const r = await run(['read', cropPng, '--skin', 'winxp']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('# mine counter: none');
    expect(r.out).toContain('# mines: 10 assumed, not read (no mine counter: the usual count of a 9x9 board)');
    const counted = await run(['read', boardPng]);
    expect(counted.out).not.toContain('assumed');
  });

  it('reads BMP captures (24-bit, as Windows saves them)', async () => {
    const { Jimp } = await import('jimp');
    const { image } = renderBoard(BOARD, 'winxp', { timer: 3 });
    const jimg = new Jimp({ width: image.width, height: image.height });
    jimg.bitmap.data = Buffer.from(image.data);
    const bmp = path.join(dir, 'board.bmp');
    writeFileSync(bmp, await jimg.getBuffer('image/bmp'));
    const r = await run(['read', bmp, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ board: formatBoard(BOARD), timer: 3, face: 'playing' });
  });

  it('--json has the fields of the issue', async () => {
    const r = await run(['read', boardPng, '--json', '--skin', 'winxp']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ skin: 'winxp', board: formatBoard(BOARD), face: 'playing', mineCounter: 8, timer: 12, unsure: [] });
    expect(j.grid.pitch).toBe(24);
    expect(Math.abs(j.grid.left - 18)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(j.grid.top - 82.5)).toBeLessThanOrEqual(0.5);
    expect(j.minConfidence).toBeGreaterThan(0.9);
  });

  it.skipIf(!hasReal)('--frame picks a GIF frame; out of range is a one-line error', async () => {
    const gif = path.join(realDir, 'expert-game-62-frames.gif');
    const r0 = await run(['read', gif, '--frame', '0', '--json']);
    const j0 = JSON.parse(r0.out);
    // frame 0: nothing opened yet; cells under the watermark may be unsure, the rest covered
    const rows = (j0.board as string).trim().split('\n');
    expect(rows[0]).toBe('30x16/99');
    const unsure = new Set((j0.unsure as [number, number][]).map(([x, y]) => `${x},${y}`));
    rows.slice(1).forEach((row, y) => [...row].forEach((ch, x) => unsure.has(`${x},${y}`) || expect(`${x},${y}:${ch}`).toBe(`${x},${y}:.`)));
    const bad = await run(['read', gif, '--frame', '62']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^minebot: .*62 frames; frame 62 is out of range\n$/);
  });

  it('no board, unknown skin, missing or non-image file: exit 2, one line, no stack', async () => {
    const blank = path.join(dir, 'blank.png');
    writeFileSync(blank, encodePng(createImage(320, 200, [40, 90, 160])));
    const notImage = path.join(dir, 'notes.txt');
    writeFileSync(notImage, 'hello');
    for (const [args, re] of [
      [['read', blank], /no Minesweeper board found/],
      [['read', boardPng, '--skin', 'nope'], /unknown skin "nope"/],
      [['read', path.join(dir, 'missing.png')], /no such file/],
      [['read', notImage], /cannot decode/],
    ] as const) {
      const r = await run([...args]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(re);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.out).toBe('');
    }
  });
});

describe('minebot advise', () => {
  it('prints the best move and writes the overlay', async () => {
    const out = path.join(dir, 'overlay.png');
    const r = await run(['advise', boardPng, '-o', out]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/best move: open \(\d+,\d+\), mine probability 0\.00% \(certain\)/);
    expect(existsSync(out)).toBe(true);
    const img = decodePng(readFileSync(out));
    // the best move is outlined in the overlay colour
    const has = (c: readonly number[]) => {
      for (let i = 0; i < img.data.length; i += 4) if (img.data[i] === c[0] && img.data[i + 1] === c[1] && img.data[i + 2] === c[2]) return true;
      return false;
    };
    expect(has(OVERLAY_COLOURS.best)).toBe(true);
    const j = JSON.parse((await run(['advise', boardPng, '--json'])).out);
    expect(j.move.action).toBe('open');
    expect(j.move.p).toBe(0);
    expect(j.safe.length).toBeGreaterThan(0);
    expect(j.safe).toContainEqual([j.move.x, j.move.y]);
  });

  it.skipIf(!hasReal)('a won real board: no move', async () => {
    const r = await run(['advise', path.join(realDir, 'expert-won-a.png')]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('game over (won): no move');
  });
});
