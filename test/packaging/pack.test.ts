// What `npm pack` puts in the package: everything a user needs to run minebot with its
// dependencies only (CI installs the real tarball in an empty folder and runs it: .ci/run).

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The files npm would pack (scripts skipped: `npm test` has just built dist/). */
function packedFiles(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? jsFiles(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []));
}

describe('npm pack', () => {
  const files = packedFiles();

  it('holds the bin, the built CLI with every command, the built-in skins and the docs', () => {
    expect(pkg.bin.minebot).toBe('bin/minebot.js');
    expect(readFileSync(path.join(root, 'bin/minebot.js'), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    for (const f of ['package.json', 'README.md', 'bin/minebot.js', 'dist/cli.js', 'dist/bench/worker.js', 'dist/desktop/nut.js']) expect(files).toContain(f);
    const commands = /const COMMANDS: string\[\] = \[([^\]]*)\]/.exec(readFileSync(path.join(root, 'src/cli.ts'), 'utf8'))![1]!.match(/'[^']+'/g)!.map((s) => s.slice(1, -1));
    expect(commands).toContain('doctor');
    for (const c of commands) expect(files).toContain(`dist/commands/${c}.js`);
    const skins = readdirSync(path.join(root, 'templates')).filter((n) => !n.startsWith('.'));
    expect(skins.length).toBeGreaterThanOrEqual(3);
    for (const s of skins) expect(files).toContain(`templates/${s}/skin.json`);
    // every README link into docs/ is packed
    const links = [...readFileSync(path.join(root, 'README.md'), 'utf8').matchAll(/\]\((docs\/[^)#]+)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(3);
    for (const l of links) expect(files).toContain(l);
  });

  it('leaves out sources, tests, source maps and the development scripts', () => {
    const stray = files.filter((f) => /^(src|test|bench|scripts|fixtures|node_modules|\.ci)\//.test(f) || f.endsWith('.map') || f.endsWith('.ts'));
    expect(stray).toEqual([]);
  });

  it('the built code imports only Node built-ins and runtime dependencies, never a dev dependency', () => {
    const builtins = new Set(builtinModules);
    const wanted = new Set<string>();
    for (const file of jsFiles(path.join(root, 'dist'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*)'([^'.][^']*)'/g)) wanted.add(m[1]!);
    }
    const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    const bad = [...wanted].filter((spec) => {
      if (spec.startsWith('node:') || builtins.has(spec)) return false;
      // bench's worker boot string, used only when running from TypeScript sources (the tests)
      if (spec === 'tsx/esm/api') return false;
      return !(packageOf(spec) in pkg.dependencies);
    });
    expect(bad).toEqual([]);
    for (const dep of ['commander', 'sharp', '@nut-tree/nut-js']) expect(wanted.has(dep) || [...wanted].some((w) => w.startsWith(dep))).toBe(true);
    for (const dev of Object.keys(pkg.devDependencies)) expect(pkg.dependencies[dev], dev).toBeUndefined();
  });
});
