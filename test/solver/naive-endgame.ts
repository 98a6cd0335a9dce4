import { COVERED, neighbourTable, type Board } from '../../src/core/board.js';

/**
 * Reference for the endgame search, written independently: lists the layouts by brute force (or
 * takes `given` ones, where a layout listed twice counts twice), then takes the best over every
 * move at every node (guess any undecided cell, or open any safe cell whose number varies; no
 * bounds, no shortcuts). At the root only guesses count, as in endgameMove.
 */
export function naiveBest(board: Board, given?: Set<number>[]): { best: number; guessValue: (cell: number) => number } {
  const { width, height, mines, cells } = board;
  const nb = neighbourTable(width, height);
  const covered = [...cells.keys()].filter((i) => cells[i] === COVERED);
  const layouts: Set<number>[] = given ?? [];
  const choose = (from: number, picked: number[]): void => {
    if (picked.length === mines) {
      const set = new Set(picked);
      if ([...cells.keys()].every((i) => cells[i]! > 8 || nb[i]!.filter((j) => set.has(j)).length === cells[i])) layouts.push(set);
      return;
    }
    for (let k = from; k < covered.length; k++) choose(k + 1, [...picked, covered[k]!]);
  };
  if (!given) choose(0, []);
  const shows = (l: Set<number>, c: number) => nb[c]!.filter((j) => l.has(j)).length;
  const afterOpening = (set: Set<number>[], c: number): number => {
    const groups = new Map<number, Set<number>[]>();
    for (const l of set) {
      if (l.has(c)) continue;
      const v = shows(l, c);
      groups.set(v, [...(groups.get(v) ?? []), l]);
    }
    let win = 0;
    for (const g of groups.values()) win += (g.length / set.length) * value(g);
    return win;
  };
  const memo = new Map<string, number>();
  const value = (set: Set<number>[]): number => {
    const names = set.map((l) => [...l].sort((a, b) => a - b).join('.'));
    if (new Set(names).size === 1) return 1; // one layout left (perhaps listed more than once)
    const key = names.sort().join('|');
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let best = 0;
    for (const c of covered) {
      const mineIn = set.filter((l) => l.has(c)).length;
      if (mineIn === set.length) continue;
      if (mineIn === 0 && new Set(set.map((l) => shows(l, c))).size === 1) continue;
      best = Math.max(best, afterOpening(set, c));
    }
    memo.set(key, best);
    return best;
  };
  const guessValue = (c: number) => afterOpening(layouts, c);
  let best = 0;
  for (const c of covered) {
    const mineIn = layouts.filter((l) => l.has(c)).length;
    if (mineIn > 0 && mineIn < layouts.length) best = Math.max(best, guessValue(c));
  }
  return { best, guessValue };
}
