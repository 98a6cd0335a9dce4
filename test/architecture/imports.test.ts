// No import circles in src/ (house rule): the graph of relative imports, static, dynamic and
// type-only, has no module that reaches itself.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles, importGraph } from './imports.js';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

describe('imports', () => {
  it('finds a circle when there is one (the checker works)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['e']],
    ]);
    expect(importCircles(g)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('reads the imports of src/ (learn-screen.ts imports what it shares with learn.ts from learn-common.ts)', () => {
    const g = importGraph(src);
    expect(g.get(path.join(src, 'commands/learn-screen.ts'))).toContain(path.join(src, 'commands/learn-common.ts'));
    // the dynamic import of learn-screen.ts by learn.ts is seen too
    expect(g.get(path.join(src, 'commands/learn.ts'))).toContain(path.join(src, 'commands/learn-screen.ts'));
  });

  it('src/ has no import circle', () => {
    const circles = importCircles(importGraph(src)).map((c) => c.map((f) => path.relative(src, f)).join(' ↔ '));
    expect(circles).toEqual([]);
  });
});
