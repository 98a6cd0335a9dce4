// Which clicks carry out a decision. All certain moves of a decision are played as one batch (a
// guess alone); the fewer clicks the better, as long as every one is certain:
// - a certain safe cell whose neighbours are all open or certain safe is a 0: opening it opens all
//   of them (and the game goes on through the 0s among them), so those need no click of their own;
// - with chords on, a number whose mines are all flagged opens its other neighbours with one click.
//   With flags on, every certain mine is flagged anyway; with flags off, a mine is flagged only
//   where the chord it allows saves clicks (flag and chord cost less than opening one by one);
// - the clicks are chosen greedily, each opening the most cells per click not yet covered; flags go
//   first so that the chords after them find their flags.
// Pure: a board and moves in, clicks out.

import { COVERED, FLAG, isClosed, isUnknown, neighbourTable, type Board } from '../../core/board.js';
import type { Move } from '../../core/strategy.js';
import type { Button } from '../../desktop/ports.js';

export interface PlannedClick {
  x: number;
  y: number;
  button: Button;
  action: 'open' | 'flag' | 'chord';
  /** The decision's moves this click carries out: the cells it opens (itself, a predicted flood, a chord's) or flags. */
  moves: Move[];
}

export interface PlanOptions {
  /** Flag every certain mine (else only those a saving chord needs, or none without chords). */
  flags: boolean;
  /** Chords may be clicked. */
  chord: boolean;
  /** The button a chord is clicked with. */
  chordButton: Button;
}

export function planClicks(moves: Move[], board: Board, opts: PlanOptions): PlannedClick[] {
  const w = board.width;
  const at = (m: Move) => m.y * w + m.x;
  const usable = moves.filter((m) => {
    const code = board.cells[at(m)]!;
    if (m.action === 'open') return isUnknown(code);
    if (m.action === 'flag') return code === COVERED;
    return opts.chord && code <= 8;
  });
  // Certain mines the game does not show flagged yet: flagged by this batch only when asked or when a chord needs them.
  const mineMoves = new Map<number, Move>();
  for (const m of usable) if (m.action === 'flag' && m.certain) mineMoves.set(at(m), m);
  const playable = usable.filter((m) => m.certain && (m.action !== 'flag' || opts.flags));
  if (!playable.length) {
    const guess = usable.find((m) => m.action === 'open');
    return guess ? [{ x: guess.x, y: guess.y, button: 'left', action: 'open', moves: [guess] }] : [];
  }
  const out: PlannedClick[] = [];
  const safe = new Map<number, Move>();
  const flagged = new Set<number>();
  const flagClick = (i: number) => {
    const m = mineMoves.get(i)!;
    flagged.add(i);
    out.push({ x: m.x, y: m.y, button: 'right', action: 'flag', moves: [m] });
  };
  for (const m of playable) {
    if (m.action === 'open') safe.set(at(m), m);
    else if (m.action === 'flag') flagClick(at(m));
    else out.push({ x: m.x, y: m.y, button: opts.chordButton, action: 'chord', moves: [m] });
  }
  const nb = neighbourTable(board.width, board.height);
  // What each candidate click would open, and the flags it needs first: every safe cell, and with
  // chords every number whose mines are all certain and whose other covered neighbours are safe.
  const candidates: { i: number; action: 'open' | 'chord'; cells: number[]; needs: number[] }[] = [];
  for (const i of safe.keys()) candidates.push({ i, action: 'open', cells: reveals(i, safe, board, nb), needs: [] });
  if (opts.chord) {
    for (let i = 0; i < board.cells.length; i++) {
      const code = board.cells[i]!;
      if (code < 1 || code > 8) continue;
      let mines = 0;
      const needs: number[] = [];
      const targets: number[] = [];
      let unknown = false;
      for (const j of nb[i]!) {
        const c = board.cells[j]!;
        if (c === FLAG) mines++;
        else if (mineMoves.has(j)) {
          mines++;
          needs.push(j);
        } else if (isUnknown(c)) {
          if (safe.has(j)) targets.push(j);
          else unknown = true;
        }
      }
      if (mines !== code || unknown || targets.length < 2) continue;
      const cells = new Set<number>();
      for (const t of targets) for (const c of reveals(t, safe, board, nb)) cells.add(c);
      candidates.push({ i, action: 'chord', cells: [...cells], needs });
    }
  }
  const done = new Set<number>();
  for (;;) {
    // The click that opens the most new cells per click it costs (its flags included).
    let best: (typeof candidates)[number] | null = null;
    let bestRate = 0;
    for (const c of candidates) {
      let gain = 0;
      for (const j of c.cells) if (!done.has(j)) gain++;
      if (!gain) continue;
      const cost = 1 + c.needs.filter((j) => !flagged.has(j)).length;
      const rate = gain / cost;
      // A chord must beat plain clicks: it is worth its flags only if it opens more than it costs.
      if (c.action === 'chord' && gain <= cost) continue;
      if (rate > bestRate || (rate === bestRate && best?.action === 'chord' && c.action === 'open')) {
        best = c;
        bestRate = rate;
      }
    }
    if (!best) break;
    for (const j of best.needs) if (!flagged.has(j)) flagClick(j);
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
      if (!isUnknown(board.cells[j]!)) continue;
      out.add(j);
      if (!seen.has(j) && zero(j)) {
        seen.add(j);
        queue.push(j);
      }
    }
  }
  return [...out];
}

/** Cells one opening may open beyond those it is planned to: a 0 nobody predicted opens its eight neighbours, and the game goes on through the 0s among them. */
const UNFORESEEN_FLOOD = 8;

/**
 * Whether a batch may end the game before its last click: the cells its clicks open, each with a
 * flood nobody foresaw, could be every safe cell left. A game may take a click after its end as
 * the start of a new one (a canvas game restarts at any click on its board), and its screen may
 * show the end only a frame later: such a batch's clicks wait each to be seen (the loop).
 */
export function mayEndGame(plan: readonly PlannedClick[], board: Board): boolean {
  if (plan.length < 2) return false;
  const closed = board.cells.reduce((n, c) => n + (isClosed(c) ? 1 : 0), 0);
  const safeLeft = closed - board.mines;
  const reach = plan.reduce((n, c) => n + (c.action === 'flag' ? 0 : c.moves.length + UNFORESEEN_FLOOD), 0);
  return reach >= safeLeft;
}
