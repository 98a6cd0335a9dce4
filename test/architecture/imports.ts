// The import graph of src/: every relative import of every module (static, dynamic, `export …
// from`, type-only too), and its circles. Used by imports.test.ts and runnable on its own:
//   npx tsx test/architecture/imports.ts      (prints each circle; exit 1 if there is one)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The .ts files under a folder, recursively. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? tsFiles(p) : n.endsWith('.ts') && !n.endsWith('.d.ts') ? [p] : [];
  });
}

/** Module → the modules (files under the same root) it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of tsFiles(root)) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const out = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), m[1]!).replace(/\.js$/, '.ts');
      out.add(target);
    }
    graph.set(file, [...out].filter((t) => t.startsWith(root)));
  }
  return graph;
}

/** The import circles: strongly connected groups of more than one module, or a module importing itself. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>(), low = new Map<string, number>(), on = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
  const circles = importCircles(importGraph(root));
  for (const c of circles) console.log(c.map((f) => path.relative(root, f)).join(' ↔ '));
  console.log(`${circles.length} import circle(s) in src/`);
  process.exitCode = circles.length ? 1 : 0;
}
