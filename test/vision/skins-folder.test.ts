// A skins folder that is not all sound: a broken or foreign skin among the learned ones is named
// once (a one-line warning) and left out, the others read as before; asking for it by name fails
// with its one-line error. A save is atomic: stopped anywhere, it leaves the old skin whole, and a
// reader during a save reads the old skin or the new one, never a mix or nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register as registerRead } from '../../src/commands/read.js';
import { runCli } from '../cli-harness.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { encodePng } from '../../src/vision/skins/load.js';
import { parseBoard, formatBoard } from '../../src/core/board.js';
import { MID_GAME_9X9 } from './helpers.js';
import { listSkins, loadSkin, onSkinWarning, templatesDir, usableSkins, type SkinFile } from '../../src/vision/skins/skin.js';
import { readScreen } from '../../src/vision/read/read.js';
import { saveSkin } from '../../src/vision/skins/skin-store.js';
import { looksOfSkin, skinOfLooks } from '../../src/vision/learn/looks.js';

const run = (args: string[], env: Record<string, string> = {}) => runCli([registerRead], args, env);
const root = mkdtempSync(path.join(tmpdir(), 'minebot-skins-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const BOARD = MID_GAME_9X9;
const png = path.join(root, 'board.png');
writeFileSync(png, encodePng(renderBoard(BOARD, 'winxp', { scale: 1.25 }).image));

/** A user skins folder holding a copy of a good skin (xdemineur, renamed) and the given extras. */
function folder(extras: (dir: string) => void): string {
  const dir = mkdtempSync(path.join(root, 'skins-'));
  cpSync(path.join(templatesDir(), 'xdemineur'), path.join(dir, 'xd-copy'), { recursive: true });
  const json = JSON.parse(readFileSync(path.join(dir, 'xd-copy', 'skin.json'), 'utf8')) as SkinFile;
  writeFileSync(path.join(dir, 'xd-copy', 'skin.json'), JSON.stringify({ ...json, name: 'xd-copy' }));
  extras(dir);
  return dir;
}

const writeSkinJson = (dir: string, name: string, text: string): void => {
  mkdirSync(path.join(dir, name), { recursive: true });
  writeFileSync(path.join(dir, name, 'skin.json'), text);
};

/** Every kind of unsound entry a skins folder can hold, and the error its skin gives by name. */
const BROKEN: { what: string; name: string | null; make: (dir: string) => void; error: RegExp | null }[] = [
  { what: 'a skin.json that is not JSON', name: 'badjson', make: (d) => writeSkinJson(d, 'badjson', '{ "version": 1, '), error: /cannot parse skin\.json/ },
  { what: 'a foreign skin.json (another program’s)', name: 'x', make: (d) => writeSkinJson(d, 'x', '{"compilerOptions": {}}'), error: /unsupported skin\.json version undefined/ },
  { what: 'a skin.json holding a list', name: 'list', make: (d) => writeSkinJson(d, 'list', '[1, 2]'), error: /not a skin/ },
  { what: 'a skin.json with sprites of the wrong kind', name: 'odd', make: (d) => writeSkinJson(d, 'odd', '{"version": 1, "cell": {"pitch": 16}, "sprites": "covered.png"}'), error: /no "sprites" object/ },
  {
    what: 'a missing sprite',
    name: 'nosprite',
    make: (d) => {
      cpSync(path.join(d, 'xd-copy'), path.join(d, 'nosprite'), { recursive: true });
      rmSync(path.join(d, 'nosprite', 'open3.png'));
    },
    error: /cannot load cell 3 sprite open3\.png/,
  },
  { what: 'a folder without skin.json', name: null, make: (d) => mkdirSync(path.join(d, 'photos')), error: null },
  { what: 'a foreign file', name: null, make: (d) => writeFileSync(path.join(d, 'notes.txt'), 'hello'), error: null },
  { what: 'a stopped save’s temporary folder', name: null, make: (d) => cpSync(path.join(d, 'xd-copy'), path.join(d, '.xd-copy.saving-123'), { recursive: true }), error: null },
];

describe('a skins folder that is not all sound', () => {
  for (const b of BROKEN) {
    it(`${b.what}: --skin auto reads with the other skins, naming it once; by name it is a one-line error`, async () => {
      const dir = folder(b.make);
      const r = await run(['read', '--skins', dir, png, '--json']);
      expect(r.code).toBe(0);
      const j = JSON.parse(r.out) as { skin: string; board: string };
      expect(j.skin).toBe('winxp');
      expect(formatBoard(parseBoard(j.board))).toBe(formatBoard(BOARD));
      const warnings = r.err.split('\n').filter(Boolean);
      if (b.name) {
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(new RegExp(`^minebot: warning: skin "${b.name}" in .* left out: `));
        expect(warnings[0]).toMatch(b.error!);
        const byName = await run(['read', '--skins', dir, '--skin', b.name, png]);
        expect(byName.code).toBe(2);
        expect(byName.err.trim().split('\n')).toHaveLength(1);
        expect(byName.err).toMatch(b.error!);
        expect(byName.err).not.toMatch(/ at .*\.ts:\d+/);
      } else {
        expect(warnings).toEqual([]);
        expect(listSkins(dir)).toEqual(['xd-copy']);
      }
      // the good learned skin is still used
      const prev = process.env.MINEBOT_SKINS;
      process.env.MINEBOT_SKINS = dir;
      try {
        const { skins, problems } = usableSkins();
        expect(skins.map((s) => s.name)).toContain('xd-copy');
        expect(problems.map((p) => p.name)).toEqual(b.name ? [b.name] : []);
      } finally {
        if (prev === undefined) delete process.env.MINEBOT_SKINS;
        else process.env.MINEBOT_SKINS = prev;
      }
    }, 30_000);
  }

  it('names a broken skin once per process, however many reads', () => {
    const dir = folder((d) => writeSkinJson(d, 'x', '{}'));
    const lines: string[] = [];
    const restore = onSkinWarning((l) => lines.push(l));
    const prev = process.env.MINEBOT_SKINS;
    process.env.MINEBOT_SKINS = dir;
    try {
      const image = renderBoard(BOARD, 'winxp').image;
      for (let i = 0; i < 3; i++) expect(formatBoard(readScreen(image, { skin: 'auto' }).board)).toBe(formatBoard(BOARD));
    } finally {
      restore();
      if (prev === undefined) delete process.env.MINEBOT_SKINS;
      else process.env.MINEBOT_SKINS = prev;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/skin "x" .* left out: skin "x": unsupported skin\.json version undefined/);
  });

  it('only broken skins and no built-in ones: a one-line error naming them', async () => {
    const empty = mkdtempSync(path.join(root, 'templates-'));
    const dir = folder((d) => writeSkinJson(d, 'x', '{}'));
    rmSync(path.join(dir, 'xd-copy'), { recursive: true });
    const r = await run(['read', '--skins', dir, png], { MINEBOT_TEMPLATES: empty });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no skins to read with: none usable in .* \(left out: x\)/);
  });
});

describe('saving a skin', () => {
  /** A learned skin made of xdemineur's sprites, under a name, with one sprite changed or not. */
  function learned(name: string, variant: number) {
    const skin = loadSkin('xdemineur');
    const looks = looksOfSkin(skin);
    if (variant) {
      const one = looks.get('1')![0]!;
      const data = one.image.data.slice();
      data[0] = (data[0]! + 40 * variant) % 256;
      one.image = { ...one.image, data };
    }
    return skinOfLooks(name, skin.pitch, looks, null, { captures: [`v${variant}.png`], weights: {} });
  }

  it('writes skin.json last and only the sprites it names; saving again replaces it whole', () => {
    const dir = mkdtempSync(path.join(root, 'save-'));
    const first = saveSkin(dir, learned('mine', 0));
    const one = loadSkin('mine', dir);
    expect(one.file.learned?.captures).toEqual(['v0.png']);
    saveSkin(dir, learned('mine', 1));
    const two = loadSkin('mine', dir);
    expect(two.file.learned?.captures).toEqual(['v1.png']);
    expect(two.cells.find((c) => c.state === '1')!.image.data[0]).not.toBe(one.cells.find((c) => c.state === '1')!.image.data[0]);
    // nothing left but skin.json and the sprites it names
    const named = new Set(JSON.stringify(JSON.parse(readFileSync(path.join(first, 'skin.json'), 'utf8'))).match(/[\w.-]+\.png/g)!.filter((f) => !f.startsWith('v')));
    expect(readdirSync(first).filter((f) => f !== 'skin.json').sort()).toEqual([...named].sort());
    expect(readdirSync(dir)).toEqual(['mine']);
  });

  it('a save stopped at any step leaves a skin that loads, old or new; the next save cleans up', () => {
    const dir = mkdtempSync(path.join(root, 'stopped-'));
    saveSkin(dir, learned('mine', 0));
    // the next save, done in a scratch folder to know what files it writes and in which order
    const scratch = mkdtempSync(path.join(root, 'scratch-'));
    cpSync(path.join(dir, 'mine'), path.join(scratch, 'mine'), { recursive: true });
    saveSkin(scratch, learned('mine', 2));
    const oldFiles = new Set(readdirSync(path.join(dir, 'mine')));
    const newSprites = readdirSync(path.join(scratch, 'mine')).filter((f) => f !== 'skin.json' && !oldFiles.has(f));
    expect(newSprites.length).toBeGreaterThan(0);
    // stopped after k of the new sprites were written (one of them half-written, under its
    // temporary name): the old skin.json still names only old sprites, all there
    for (let k = 0; k <= newSprites.length; k++) {
      const d = mkdtempSync(path.join(root, 'k-'));
      cpSync(path.join(dir, 'mine'), path.join(d, 'mine'), { recursive: true });
      for (const f of newSprites.slice(0, k)) cpSync(path.join(scratch, 'mine', f), path.join(d, 'mine', f));
      writeFileSync(path.join(d, 'mine', `.skin.json.tmp-999`), '{ "version": 1, "na');
      if (k < newSprites.length) writeFileSync(path.join(d, 'mine', `.${newSprites[k]}.tmp-999`), Buffer.from([0x89, 0x50]));
      expect(loadSkin('mine', d).file.learned?.captures).toEqual(['v0.png']);
      expect(listSkins(d)).toEqual(['mine']);
      // then skin.json renamed into place: the new skin, its sprites all there
      if (k === newSprites.length) {
        renameSync(path.join(scratch, 'mine', 'skin.json'), path.join(d, 'mine', 'skin.json'));
        expect(loadSkin('mine', d).file.learned?.captures).toEqual(['v2.png']);
      }
      // and the next save leaves only what it names
      saveSkin(d, learned('mine', 3));
      expect(readdirSync(path.join(d, 'mine')).some((f) => f.startsWith('.'))).toBe(false);
      expect(loadSkin('mine', d).file.learned?.captures).toEqual(['v3.png']);
    }
  });

  it('names starting with a dot are not skin names (a save’s temporary files are hidden)', () => {
    expect(() => saveSkin(root, learned('.hidden', 0))).toThrow(/cannot be a skin name/);
  });
});
