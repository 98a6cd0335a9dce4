// The inputs of `bench merge`: files, folders (every .json file directly in them) and patterns
// with * and ? in any path component ("results/shard-*.json", quoted so the shell leaves it to
// us: a cluster's result folder can hold more files than a command line takes, and Windows'
// shells do not expand patterns). Results come sorted, each file once.

import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const isPattern = (s: string) => /[*?]/.test(s);

/** A pattern component as a regular expression (* = any run of characters but '/', ? = one). */
function componentRegex(part: string): RegExp {
  const body = part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
}

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** The paths matching a pattern, component by component. */
function glob(pattern: string): string[] {
  const absolute = path.isAbsolute(pattern);
  const parts = pattern.split(/[\\/]+/).filter((p, i) => p !== '' || i === 0);
  let bases = [absolute ? (parts.shift() === '' ? path.sep : parts.shift()!) : '.'];
  if (absolute && /^[A-Za-z]:$/.test(bases[0]!)) bases = [bases[0]! + path.sep];
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    const next: string[] = [];
    for (const base of bases) {
      if (!isPattern(part)) {
        next.push(path.join(base, part));
        continue;
      }
      if (!isDir(base)) continue;
      const re = componentRegex(part);
      for (const name of readdirSync(base).sort()) {
        if (!re.test(name) || (name.startsWith('.') && !part.startsWith('.'))) continue;
        const full = path.join(base, name);
        if (last || isDir(full)) next.push(full);
      }
    }
    bases = next;
  }
  return bases.filter((p) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });
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
