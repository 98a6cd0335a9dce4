// Where sharp's native libvips cannot load (Windows before 8.1 and Wine before 8.13 lack
// bcryptprimitives' ProcessPrng; a broken install), every command that decodes no image still
// runs, and one that does says so in one line. The built CLI is run with a module hook that makes
// every import of 'sharp' fail as a failed native load does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/minebot.js', import.meta.url));
const fixtures = fileURLToPath(new URL('../../fixtures/xdemineur/', import.meta.url));

const dir = mkdtempSync(path.join(tmpdir(), 'minebot-no-sharp-'));
const hooks = path.join(dir, 'hooks.mjs');
writeFileSync(
  hooks,
  `export async function resolve(specifier, context, next) {
  if (specifier === 'sharp' || specifier.startsWith('sharp/') || specifier.startsWith('@img/')) throw new Error('Could not load the "sharp" module (blocked by the test)');
  return next(specifier, context);
}
`,
);
const register = path.join(dir, 'register.mjs');
writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);

function run(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, bin, ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, MINEBOT_SKINS: path.join(dir, 'skins') } });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

describe('minebot without a loadable sharp', () => {
  it('the hook does block sharp', () => {
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, '-e', "import('sharp').then(() => console.log('loaded'), (e) => console.log('blocked: ' + e.message))"], { encoding: 'utf8' });
    expect(r.stdout).toMatch(/^blocked: /);
  });

  it('prints its version, solves a board and plays a simulated game', () => {
    expect(run(['--version'])).toMatchObject({ status: 0, err: '' });
    const solve = run(['solve', path.join(fixtures, 'xd-16x16-cleared.board.txt'), '--json']);
    expect(solve.status, solve.err).toBe(0);
    expect(JSON.parse(solve.out)).toHaveProperty('probabilities');
    const play = run(['play', '--games', '1', '--seed', '3', '--json']);
    expect(play.status, play.err).toBe(0);
    expect(JSON.parse(play.out.trim().split('\n').at(-1)!)).toMatchObject({ games: 1 });
  });

  it('read says in one line that the image decoder cannot load', () => {
    const r = run(['read', path.join(fixtures, 'xd-16x16-cleared.png')]);
    expect(r.status).not.toBe(0);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/cannot load sharp, the image decoder/);
    expect(r.err).not.toMatch(/at .*\(node:|at file:/);
  });
});
