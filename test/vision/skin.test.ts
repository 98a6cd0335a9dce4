// Skins as data: the winxp templates are exactly what the generator draws, every skin in
// templates/ loads, the PNG codec round-trips, and broken skins give clear VisionErrors.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { winxpSkinFile, winxpSprites } from '../../src/vision/draw/draw-winxp.js';
import { decodePng, encodePng } from '../../src/vision/skins/load.js';
import { CELL_STATES, listSkins, loadSkin } from '../../src/vision/skins/skin.js';
import { VisionError } from '../../src/vision/errors.js';
import { createImage } from '../../src/vision/image.js';
import { repoRoot } from './helpers.js';

describe('templates', () => {
  it('templates/winxp is what scripts/gen-winxp.ts draws (regenerate after changing draw-winxp.ts)', () => {
    const dir = path.join(repoRoot, 'templates/winxp');
    expect(JSON.parse(readFileSync(path.join(dir, 'skin.json'), 'utf8'))).toEqual(winxpSkinFile());
    for (const [name, img] of winxpSprites()) {
      const onDisk = decodePng(readFileSync(path.join(dir, name)));
      expect([name, onDisk.width, onDisk.height]).toEqual([name, img.width, img.height]);
      expect(Buffer.from(onDisk.data).equals(Buffer.from(img.data)), name).toBe(true);
    }
  });

  it('every skin in templates/ loads, with a sprite for every cell state it can show', () => {
    const names = listSkins();
    expect(names).toContain('winxp');
    for (const name of names) {
      const skin = loadSkin(name);
      const states = new Set(skin.cells.map((c) => c.state));
      for (const s of CELL_STATES) if (s !== 'question') expect(states.has(s), `${name}: ${s}`).toBe(true);
      for (const c of skin.cells) expect([c.image.width, c.image.height]).toEqual([skin.pitch, skin.pitch]);
    }
  });

  it('the winxp skin matches the measured facts', () => {
    const f = winxpSkinFile();
    expect(f.cell.pitch).toBe(16);
    expect(f.window!.margins).toEqual({ left: 12, top: 55, right: 8, bottom: 8 });
    expect(f.palette.background).toBe('#C0C0C0');
    expect([f.palette.n1, f.palette.n2, f.palette.n3, f.palette.n4, f.palette.n5, f.palette.n6, f.palette.n7, f.palette.n8]).toEqual([
      '#0000FF', '#008000', '#FF0000', '#000080', '#800000', '#008080', '#000000', '#808080',
    ]);
    // counter digits at client x = 17, 30, 43 (grid left 12 + 5 + 13k), y = 16 (grid top 55 − 39)
    expect(f.counters!.mines!.at).toEqual({ x: ['gridLeft', 5], y: ['gridTop', -39] });
    // timer from x = W − 54: grid right is W − 8
    expect(f.counters!.timer!.at.x).toEqual(['gridRight', -46]);
  });
});

describe('broken skins', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'minebot-skins-'));
  const write = (name: string, json: unknown, sprites: Record<string, Buffer> = {}): void => {
    mkdirSync(path.join(dir, name), { recursive: true });
    writeFileSync(path.join(dir, name, 'skin.json'), typeof json === 'string' ? json : JSON.stringify(json));
    for (const [f, b] of Object.entries(sprites)) writeFileSync(path.join(dir, name, f), b);
  };

  it('names the problem', () => {
    write('badjson', '{ nope');
    write('nocovered', { version: 1, name: 'nocovered', cell: { pitch: 16 }, sprites: {}, palette: {} });
    write('wrongsize', { version: 1, name: 'wrongsize', cell: { pitch: 16 }, sprites: { covered: 'c.png' }, palette: {} }, { 'c.png': encodePng(createImage(8, 8)) });
    write('missing', { version: 1, name: 'missing', cell: { pitch: 16 }, sprites: { covered: 'c.png' }, palette: {} });
    write('v2', { version: 2, name: 'v2', cell: { pitch: 16 }, sprites: {}, palette: {} });
    expect(() => loadSkin('badjson', dir)).toThrow(/cannot parse skin.json/);
    expect(() => loadSkin('nocovered', dir)).toThrow(/no "covered" sprite/);
    expect(() => loadSkin('wrongsize', dir)).toThrow(/is 8x8, expected 16x16/);
    expect(() => loadSkin('missing', dir)).toThrow(/cannot load cell covered sprite c.png/);
    expect(() => loadSkin('v2', dir)).toThrow(/unsupported skin.json version 2/);
    expect(() => loadSkin('nosuch', dir)).toThrow(VisionError);
  });
});
