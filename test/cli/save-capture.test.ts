// A stop's capture, and beside it the learner's last frame explained in full (the step between
// the two is the one that failed): both images and what was made of them, as files.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COVERED, FLAG } from '../../src/core/board.js';
import { saveCapture } from '../../src/commands/live-io.js';
import { createImage } from '../../src/vision/image.js';
import { loadImage } from '../../src/vision/skins/load.js';

const grab = { image: createImage(40, 30, [10, 20, 30]), region: { left: 5, top: 6, width: 40, height: 30 }, pixelDensity: { scaleX: 1, scaleY: 1 } };

describe('saveCapture', () => {
  it('saves the capture, and the frame before it with its cells when given one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'minebot-capture-'));
    const cells = new Uint8Array(6).fill(COVERED);
    cells[4] = FLAG;
    const before = { image: createImage(20, 10, [200, 0, 0]), board: { width: 3, height: 2, mines: 1, cells } };
    const png = await saveCapture(dir, grab, null, 'unsure reading of 1 cell(s)', before);
    expect(readFileSync(png.replace(/\.png$/, '.txt'), 'utf8')).toContain('# unsure reading of 1 cell(s)');
    const first = png.replace(/\.png$/, '-before.png');
    const img = await loadImage(first);
    expect([img.width, img.height]).toEqual([20, 10]);
    expect([...img.data.subarray(0, 3)]).toEqual([200, 0, 0]);
    const text = readFileSync(first.replace(/\.png$/, '.txt'), 'utf8').trimEnd().split('\n');
    expect(text[0]).toContain(path.basename(png));
    expect(text.slice(-2).map((l) => l.replace(/\s/g, ''))).toEqual(['...', '.F.']);
  });

  it('saves no frame before when there is none', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'minebot-capture-'));
    const png = await saveCapture(dir, grab, null, 'no board', null);
    expect(existsSync(png)).toBe(true);
    expect(existsSync(png.replace(/\.png$/, '-before.png'))).toBe(false);
  });
});
