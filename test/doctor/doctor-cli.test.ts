// The built CLI as a user runs it: `minebot doctor` without a display answers (one line per
// check, exit 1) instead of crashing in nut.js; --json is one object; --version prints the
// package's version.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

const noDisplay = { DISPLAY: undefined } as unknown as NodeJS.ProcessEnv;

describe('minebot doctor (built CLI)', () => {
  it('without a display: one line per check, the display named as the failure, exit 1', () => {
    const r = runCli(['doctor'], undefined, noDisplay);
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines.map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      'fail display', 'skip nut.js', 'skip screen', 'skip grab', 'skip pointer', 'ok skins', 'skip board', 'minebot cannot',
    ]);
    expect(lines[0]).toMatch(/DISPLAY is not set/);
    expect(r.stderr).toBe('');
  });

  it('--json: one object with ok and the checks; --skins names the learned-skins folder', () => {
    const r = runCli(['doctor', '--json', '--skins', '/nonexistent/minebot-skins'], undefined, noDisplay);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as { ok: boolean; checks: { name: string; status: string; details?: { userDir?: string } }[] };
    expect(report.ok).toBe(false);
    expect(report.checks).toHaveLength(7);
    expect(report.checks.find((c) => c.name === 'skins')!.details!.userDir).toBe('/nonexistent/minebot-skins');
  });
});

describe('minebot --version', () => {
  it('prints the version in package.json', () => {
    const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    for (const flag of ['--version', '-V']) {
      const r = runCli([flag]);
      expect(r.status).toBe(0);
      expect(r.stdout.trim()).toBe(version);
    }
  });
});
