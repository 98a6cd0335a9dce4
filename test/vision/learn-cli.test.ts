// `minebot learn` from screenshots, run in-process through the CLI's main(): the skin it saves,
// what it says, and its errors (exit 2, one line, no stack).
import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register as registerLearn } from '../../src/commands/learn.js';
import { register as registerRead } from '../../src/commands/read.js';
import { runCli } from '../cli-harness.js';
import { encodePng } from '../../src/vision/skins/load.js';
import { createImage } from '../../src/vision/image.js';
import { diffBoards, repoRoot } from './helpers.js';
import { parseBoard } from '../../src/core/board.js';

const run = (args: string[], env: Record<string, string> = {}) => runCli([registerLearn, registerRead], args, env);

const dir = mkdtempSync(path.join(tmpdir(), 'minebot-learn-cli-'));
const skins = path.join(dir, 'skins');
const fx = (name: string): string => path.join(repoRoot, 'fixtures/xdemineur', name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('minebot learn IMAGE...', () => {
  it('learns a skin from screenshots with their boards beside them, saves it, and read uses it', async () => {
    const r = await run(['learn', '--name', 'xd-cli', '--skins', skins, fx('xd-16x16-lost.png'), fx('xd-16x16-mid.png')]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`learned skin "xd-cli" from 2 screenshot(s) (cell 21 px), saved in ${path.join(skins, 'xd-cli')}`);
    expect(r.out).toMatch(/xd-16x16-lost.png: 16x16 grid at .*; reads back exactly/);
    expect(r.out).toMatch(/not seen yet: .*8/);
    expect(existsSync(path.join(skins, 'xd-cli', 'skin.json'))).toBe(true);
    const read = await run(['read', '--skins', skins, '--skin', 'xd-cli', fx('xd-30x16-mid.png'), '--json']);
    expect(read.code).toBe(0);
    const j = JSON.parse(read.out);
    expect(j.skin).toBe('xd-cli');
    expect(diffBoards(parseBoard(readFileSync(fx('xd-30x16-mid.board.txt'), 'utf8')), parseBoard(j.board))).toEqual([]);
    expect(j.unsure).toEqual([]);
  }, 60_000);

  it('--truth gives the board of a single screenshot; learning again adds to the skin', async () => {
    const img = path.join(dir, 'shot.png');
    copyFileSync(fx('xd-16x16-dense-won.png'), img);
    const r = await run(['learn', '--name', 'xd-cli', '--skins', skins, '--truth', fx('xd-16x16-dense-won.board.txt'), img, '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.added).toBe(true);
    expect(j.captures).toHaveLength(1);
    const file = JSON.parse(readFileSync(path.join(skins, 'xd-cli', 'skin.json'), 'utf8'));
    expect(file.learned.captures).toEqual(['xd-16x16-lost.png', 'xd-16x16-mid.png', 'shot.png']);
  }, 60_000);

  it('adding a screenshot whose board labels looks the skin reads surely as other states is refused, the skin left as it was', async () => {
    const before = readFileSync(path.join(skins, 'xd-cli', 'skin.json'), 'utf8');
    const img = path.join(dir, 'relabelled.png');
    copyFileSync(fx('xd-16x16-mid.png'), img);
    // the true board with every 1 labelled 2
    const truth = readFileSync(fx('xd-16x16-mid.board.txt'), 'utf8').split('\n').map((l) => (l.startsWith('#') || /^\d+x\d+/.test(l) ? l : l.replaceAll('1', '2'))).join('\n');
    writeFileSync(path.join(dir, 'relabelled.board.txt'), truth);
    const r = await run(['learn', '--name', 'xd-cli', '--skins', skins, img]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('skin "xd-cli" not saved');
    expect(r.out).toMatch(/relabelled.png: .*its board labels \d+ cell\(s\) otherwise than skin "xd-cli" read them: \d+,\d+: 2→1/);
    expect(readFileSync(path.join(skins, 'xd-cli', 'skin.json'), 'utf8')).toBe(before);
  }, 60_000);

  it('bad input: exit 2 with one line and no stack', async () => {
    const noTruth = path.join(dir, 'lonely.png');
    copyFileSync(fx('xd-16x16-mid.png'), noTruth);
    const badTruth = path.join(dir, 'bad.png');
    copyFileSync(fx('xd-16x16-mid.png'), badTruth);
    writeFileSync(path.join(dir, 'bad.board.txt'), '16x16/40\n....\n');
    const blank = path.join(dir, 'blank.png');
    writeFileSync(blank, encodePng(createImage(300, 200, [40, 90, 160])));
    writeFileSync(path.join(dir, 'blank.board.txt'), '9x9/10\n' + '.........\n'.repeat(9));
    for (const [args, re] of [
      [['learn', '--name', 'x', noTruth], /no true board for .*lonely.png: expected .*lonely.board.txt/],
      [['learn', '--name', 'x', badTruth], /bad.board.txt: line \d+/],
      [['learn', '--name', 'x', blank], /cannot learn from the screenshots: blank.png: no 9x9 grid found/],
      [['learn', '--name', 'winxp', fx('xd-16x16-mid.png')], /"winxp" is a built-in skin/],
      [['learn', '--name', '../evil', fx('xd-16x16-mid.png')], /cannot be a skin name/],
      [['learn', '--name', 'x'], /give screenshots/],
      [['learn', '--name', 'x', '--truth', fx('xd-16x16-mid.board.txt'), fx('xd-16x16-mid.png'), fx('xd-16x16-lost.png')], /--truth FILE goes with exactly one image/],
      [['read', '--skins', skins, '--skin', 'nope', fx('xd-16x16-mid.png')], /unknown skin "nope" \(known: .*xd-cli/],
      // learn --screen: what it needs is checked before the screen is touched
      [['learn', '--screen', '--name', 'x'], /learn --screen needs --mines N/],
      [['learn', '--screen', '--name', 'x', '--mines', '40', '--games', '3'], /--games above 1 needs --new-game KEY/],
      [['learn', '--screen', '--name', 'x', '--mines', '40', '--new-game', 'face'], /has no face to click/],
      [['learn', '--screen', '--name', 'x', '--mines', '40', '--new-game', 'ctrl+'], /--new-game must be/],
      [['learn', '--screen', '--name', 'x', '--mines', '40', '--dismiss', 'Esc ape'], /--dismiss must be a key name/],
      [['learn', '--screen', '--name', 'x', '--mines', '40', '--new-game', 'click:1,2,3'], /--new-game click:DX,DY takes two numbers/],
      [['learn', '--screen', '--name', 'x', '--mines', '40', '--new-game', 'click:0,-45.5'], /more than 40 cells from the board/],
      [['learn', '--screen', '--name', 'x', '--mines', '40', fx('xd-16x16-mid.png')], /learn --screen takes no images/],
      [['learn', '--screen', '--name', 'winxp', '--mines', '40'], /"winxp" is a built-in skin/],
    ] as const) {
      const r = await run([...args, '--skins', skins]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(re);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
  }, 60_000);

  it('a board no skin explains is an error that says to teach it, with exit 2', async () => {
    // built-in skins hidden and no learned skin: an xdemineur board is a look minebot does not know
    const empty = path.join(dir, 'empty');
    const r = await run(['read', fx('xd-16x16-mid.png')], { MINEBOT_TEMPLATES: empty, MINEBOT_SKINS: path.join(dir, 'no-skins') });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no skins|no known skin matches/);
  });
});
