// The inputs of `bench merge`: files, folders (every .json file directly in them) and glob
// patterns (*, ?, [abc], {a,b}, ** in any path component: "results/shard-*.json", quoted so the
// shell leaves it to us: a cluster's result folder can hold more files than a command line
// takes, and Windows' shells do not expand patterns). Results come sorted, each file once.

import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';

const isPattern = (s: string) => isDynamicPattern(s.replace(/\\/g, '/'));

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The files matching a pattern (tinyglobby), named as the pattern names them: the components
 * before the first one with a wildcard are the folder searched, joined back onto each match.
 */
function glob(pattern: string): string[] {
  const parts = pattern.split(/[\\/]/);
  const first = Math.max(0, parts.findIndex((p) => isDynamicPattern(p)));
  let base = parts.slice(0, first).join(path.sep) || (path.isAbsolute(pattern) ? path.sep : '.');
  if (/^[A-Za-z]:$/.test(base)) base += path.sep; // a Windows drive's root, not its current folder
  if (!isDir(base)) return [];
  const found = globSync(parts.slice(first).join('/'), { cwd: base, onlyFiles: true, expandDirectories: false });
  return found.sort().map((f) => path.join(base, f));
}

/** Expands merge inputs into shard file names; throws when a folder or pattern gives none. */
export function expandShardInputs(inputs: readonly string[]): string[] {
  const out: string[] = [];
  for (const input of inputs) {
    if (isPattern(input) && !statExists(input)) {
      const found = glob(input);
      if (!found.length) throw new Error(`no shard files match ${input}`);
      out.push(...found);
    } else if (isDir(input)) {
      const found = readdirSync(input)
        .filter((n) => n.toLowerCase().endsWith('.json') && !n.startsWith('.'))
        .sort()
        .map((n) => path.join(input, n))
        .filter((p) => !isDir(p));
      if (!found.length) throw new Error(`no .json shard files in folder ${input}`);
      out.push(...found);
    } else out.push(input); // a file, or a missing one: reading it says which
  }
  return [...new Set(out)];
}

function statExists(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}
