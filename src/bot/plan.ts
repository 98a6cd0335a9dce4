// Which clicks carry out a decision. All certain moves of a decision are played as one batch (a
// guess alone); the fewer clicks the better, as long as every one is certain:
// - a certain safe cell whose neighbours are all open or certain safe is a 0: opening it opens all
//   of them (and the game goes on through the 0s among them), so those need no click of their own;
// - with chords on, a number whose mines are all flagged (or flagged in this batch) opens its other
//   neighbours with one click;
// - the clicks are chosen greedily, each opening the most cells not yet covered; flags go first so
//   that the chords after them find their flags.
// Pure: a board and moves in, clicks out.

import { COVERED, FLAG, QUESTION, neighbourTable, type Board } from '../core/board.js';
import type { Move } from '../core/strategy.js';
import type { Button } from '../desktop/ports.js';

export interface PlannedClick {
  x: number;
  y: number;
  button: Button;
  action: 'open' | 'flag' | 'chord';
  /** The decision's moves this click carries out: the cells it opens (itself, a predicted flood, a chord's) or flags. */
  moves: Move[];
}

export interface PlanOptions {
  /** Flags may be placed (else flag moves are dropped). */
  flags: boolean;
  /** Chords may be clicked. */
  chord: boolean;
  /** The button a chord is clicked with. */
  chordButton: Button;
}

const covered = (code: number): boolean => code === COVERED || code === QUESTION;

export function planClicks(moves: Move[], board: Board, opts: PlanOptions): PlannedClick[] {
  const w = board.width;
  const at = (m: Move) => m.y * w + m.x;
  const usable = moves.filter((m) => {
    const code = board.cells[at(m)]!;
    if (m.action === 'open') return covered(code);
    if (m.action === 'flag') return opts.flags && code === COVERED;
    return opts.chord && code <= 8;
  });
  const certain = usable.filter((m) => m.certain);
  if (!certain.length) {
    const guess = usable.find((m) => m.action === 'open');
    return guess ? [{ x: guess.x, y: guess.y, button: 'left', action: 'open', moves: [guess] }] : [];
  }
  const out: PlannedClick[] = [];
  const safe = new Map<number, Move>();
  const mines = new Set<number>();
  for (const m of certain) {
    if (m.action === 'open') safe.set(at(m), m);
    else if (m.action === 'flag') {
      mines.add(at(m));
      out.push({ x: m.x, y: m.y, button: 'right', action: 'flag', moves: [m] });
    } else out.push({ x: m.x, y: m.y, button: opts.chordButton, action: 'chord', moves: [m] });
  }
  const nb = neighbourTable(board.width, board.height);
  const opens = (i: number): number[] => reveals(i, safe, board, nb);
  // What each candidate click would open: every safe cell, and with chords every number whose
  // mines are all known to the game by then.
  const candidates: { i: number; action: 'open' | 'chord'; cells: number[] }[] = [];
  for (const i of safe.keys()) candidates.push({ i, action: 'open', cells: opens(i) });
  if (opts.chord) {
    for (let i = 0; i < board.cells.length; i++) {
      const code = board.cells[i]!;
      if (code < 1 || code > 8) continue;
      let flagged = 0;
      const targets: number[] = [];
      let unknown = false;
      for (const j of nb[i]!) {
        const c = board.cells[j]!;
        if (c === FLAG || mines.has(j)) flagged++;
        else if (covered(c)) {
          if (safe.has(j)) targets.push(j);
          else unknown = true;
        }
      }
      if (flagged !== code || unknown || targets.length < 2) continue;
      const cells = new Set<number>();
      for (const t of targets) for (const c of opens(t)) cells.add(c);
      candidates.push({ i, action: 'chord', cells: [...cells] });
    }
  }
  const done = new Set<number>();
  while (done.size < safe.size) {
    let best: (typeof candidates)[number] | null = null;
    let gain = 0;
    for (const c of candidates) {
      let g = 0;
      for (const j of c.cells) if (!done.has(j)) g++;
      // A chord has to open more than a plain click would to be worth its risk.
      if (g > gain || (g === gain && best?.action === 'chord' && c.action === 'open')) {
        best = c;
        gain = g;
      }
    }
    if (!best || gain === 0) break;
    const carried = best.cells.filter((j) => !done.has(j));
    for (const j of carried) done.add(j);
    out.push({
      x: best.i % w,
      y: Math.floor(best.i / w),
      button: best.action === 'open' ? 'left' : opts.chordButton,
      action: best.action,
      moves: carried.map((j) => safe.get(j)!),
    });
  }
  // Flags first, then what opens.
  return [...out.filter((c) => c.action === 'flag'), ...out.filter((c) => c.action !== 'flag')];
}

/**
 * The safe cells that opening safe cell i is certain to open: i itself, and if i is a 0 (every
 * neighbour open or certain safe) all its covered neighbours, going on through the 0s among them.
 */
function reveals(i: number, safe: Map<number, Move>, board: Board, nb: Int32Array[]): number[] {
  const zero = (k: number) => nb[k]!.every((j) => board.cells[j]! <= 8 || safe.has(j));
  const out = new Set<number>([i]);
  const queue = zero(i) ? [i] : [];
  const seen = new Set<number>(queue);
  while (queue.length) {
    const k = queue.pop()!;
    for (const j of nb[k]!) {
      if (!covered(board.cells[j]!)) continue;
      out.add(j);
      if (!seen.has(j) && zero(j)) {
        seen.add(j);
        queue.push(j);
      }
    }
  }
  return [...out];
}
