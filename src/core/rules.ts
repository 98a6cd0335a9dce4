// Board sizes and first-click rules (docs/architecture.md "Words").

export interface BoardSpec {
  width: number;
  height: number;
  mines: number;
}

export const DIFFICULTIES: Record<string, BoardSpec> = {
  beginner: { width: 9, height: 9, mines: 10 },
  'beginner-classic': { width: 8, height: 8, mines: 10 },
  intermediate: { width: 16, height: 16, mines: 40 },
  expert: { width: 30, height: 16, mines: 99 },
};

/** The mine total of the usual board of this size (the difficulties above), or null. */
export function usualMines(width: number, height: number): number | null {
  return Object.values(DIFFICULTIES).find((d) => d.width === width && d.height === height)?.mines ?? null;
}

/** The mine total assumed for a board whose game shows none: the usual one, else expert's density (99 in 480). */
export function assumedMines(width: number, height: number): number {
  return usualMines(width, height) ?? Math.round((width * height * 99) / 480);
}

/**
 * First-click rules:
 * - `xp`: layout fixed in advance; if the first click hits a mine, that mine moves to the first
 *   free cell scanning from the top-left, row by row (Windows XP and earlier).
 * - `safe`: mines uniform among all cells but the first-clicked one.
 * - `zero`: the first click is an opening (no mine in it or its 8 neighbours).
 * - `none`: no protection.
 */
export type FirstClickRule = 'xp' | 'safe' | 'zero' | 'none';
export const RULES: readonly FirstClickRule[] = ['xp', 'safe', 'zero', 'none'];

export function parseRule(text: string): FirstClickRule {
  const rule = text.trim().toLowerCase();
  if ((RULES as readonly string[]).includes(rule)) return rule as FirstClickRule;
  throw new Error(`unknown rule "${text}": use one of ${RULES.join(', ')}`);
}

/** Parses a named difficulty or `WxH/M`. */
export function parseBoardSpec(text: string): BoardSpec {
  const name = text.trim().toLowerCase();
  const named = DIFFICULTIES[name];
  if (named) return { ...named };
  const m = /^(\d+)x(\d+)\/(\d+)$/.exec(name);
  if (!m) {
    throw new Error(`unknown board "${text}": use ${Object.keys(DIFFICULTIES).join(', ')} or WxH/M such as 30x16/99`);
  }
  const spec = { width: Number(m[1]), height: Number(m[2]), mines: Number(m[3]) };
  if (spec.width < 1 || spec.height < 1) throw new Error(`board "${text}" must be at least 1x1`);
  if (spec.width * spec.height > 1_000_000) throw new Error(`board "${text}" is too large`);
  if (spec.mines >= spec.width * spec.height) {
    throw new Error(`board "${text}" has ${spec.mines} mines for ${spec.width * spec.height} cells: at least one cell must be free`);
  }
  return spec;
}

export function specName(spec: BoardSpec): string {
  for (const [name, s] of Object.entries(DIFFICULTIES)) {
    if (s.width === spec.width && s.height === spec.height && s.mines === spec.mines) return name;
  }
  return `${spec.width}x${spec.height}/${spec.mines}`;
}
