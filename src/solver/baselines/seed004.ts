// Baseline from seed 004 (Huang, "Automine"), written from the paper's FindRisk description:
//
// - far risk ro = mines left / cells neither opened nor known mines, the starting risk of every
//   covered cell;
// - first run: each opened number gives its unknown neighbours the local risk
//   r = (number − known mines around) / unknown around, 0 when its mines are all known, 1 when
//   every unknown neighbour must be a mine; 0 and 1 stick, other values are averaged with the
//   cell's current risk;
// - second run, repeated until no risk changes at 1% resolution: cells with risk 1 count as
//   mines and risk 0 as known, the far risk is recomputed (and given to cells still at the old
//   far risk), and each number's local risk is recomputed and kept if larger (the maximum);
// - overlap adjustment: a risk strictly between 0.1 and 0.9 is multiplied by 0.9 when the cell
//   touches one opened number and by 1.05 when it touches several (the paper's source code: "the
//   overlap one would take the maximum risk and the others should be reduced").
// The paper's last stage, a table of simulated risks for a few isolated two-number patterns, is
// not part of this baseline.
// The move: every cell of risk 0, otherwise the cell of least risk (ties at random).

import { FLAG, isUnknown, neighbourTable, xyOf, type Board } from '../../core/board.js';
import type { Decision, Move, Strategy, StrategyContext } from '../../core/strategy.js';

export const OVERLAP_REDUCE = 0.9;
export const OVERLAP_ADD = 1.05;

/** Risk of every cell (meaningful for covered, unflagged cells; 1 = thought to be a mine). */
export function findRisk(board: Board, overlap = true): Float64Array {
  const nb = neighbourTable(board.width, board.height);
  const N = board.cells.length;
  const cells = board.cells;
  const covered = (j: number) => isUnknown(cells[j]!);
  const risk = new Float64Array(N);
  // First run.
  let tb = 0;
  let kn = 0;
  for (let i = 0; i < N; i++) {
    if (cells[i] === FLAG) tb++;
    else if (cells[i]! <= 8) kn++;
  }
  let ro = N - kn - tb > 0 ? (board.mines - tb) / (N - kn - tb) : 0;
  risk.fill(ro);
  const local = (i: number, second: boolean): number | undefined => {
    let known = 0;
    let bombs = 0;
    let total = 0;
    for (const j of nb[i]!) {
      total++;
      const c = cells[j]!;
      if (c <= 8) known++;
      else if (c === FLAG) bombs++;
      else if (second && risk[j] === 0) known++;
      else if (second && risk[j] === 1) bombs++;
    }
    const un = total - known - bombs;
    if (un <= 0) return undefined;
    const n = cells[i]!;
    if (bombs === n) return 0;
    if (n - bombs === un) return 1;
    return (n - bombs) / un;
  };
  for (let i = 0; i < N; i++) {
    if (cells[i]! > 8) continue;
    const r = local(i, false);
    if (r === undefined) continue;
    for (const j of nb[i]!) {
      if (!covered(j)) continue;
      if (r === 0 || risk[j] === 0) risk[j] = 0;
      else if (r === 1 || risk[j] === 1) risk[j] = 1;
      else risk[j] = (r + risk[j]!) / 2;
    }
  }
  // Second run, repeated while any risk changes at 1% resolution.
  for (let pass = 0; pass < 1000; pass++) {
    const before = risk.slice();
    const oldRo = ro;
    tb = 0;
    kn = 0;
    for (let i = 0; i < N; i++) {
      const c = cells[i]!;
      if (c === FLAG) tb++;
      else if (c <= 8) kn++;
      else if (covered(i) && risk[i] === 1) tb++;
      else if (covered(i) && risk[i] === 0) kn++;
    }
    if (N - kn - tb > 0) ro = (board.mines - tb) / (N - kn - tb);
    if (ro !== 0 && ro !== 1) for (let i = 0; i < N; i++) if (covered(i) && risk[i] === oldRo) risk[i] = ro;
    for (let i = 0; i < N; i++) {
      if (cells[i]! > 8) continue;
      const r = local(i, true);
      if (r === undefined) continue;
      for (const j of nb[i]!) {
        if (!covered(j) || risk[j] === 0 || risk[j] === 1) continue;
        if (r === 0) risk[j] = 0;
        else if (r === 1) risk[j] = 1;
        else if (risk[j]! <= r) risk[j] = r;
      }
    }
    let change = false;
    for (let i = 0; i < N && !change; i++) if (covered(i) && Math.trunc(100 * before[i]!) !== Math.trunc(100 * risk[i]!)) change = true;
    if (!change) break;
  }
  if (overlap) {
    for (let i = 0; i < N; i++) {
      if (!covered(i) || !(risk[i]! > 0.1 && risk[i]! < 0.9)) continue;
      let ov = 0;
      for (const j of nb[i]!) if (cells[j]! <= 8) ov++;
      if (ov === 1) risk[i]! *= OVERLAP_REDUCE;
      else if (ov > 1) risk[i]! *= OVERLAP_ADD;
    }
  }
  return risk;
}

export function createSeed004Strategy(): Strategy {
  return {
    name: 'seed004',
    decide(board: Board, ctx: StrategyContext): Decision {
      const risk = findRisk(board);
      const moves: Move[] = [];
      const candidates: number[] = [];
      for (let i = 0; i < board.cells.length; i++) {
        if (!isUnknown(board.cells[i]!)) continue;
        if (risk[i] === 0) {
          const [x, y] = xyOf(board, i);
          moves.push({ x, y, action: 'open', p: 0, certain: true });
        } else if (risk[i] !== 1) candidates.push(i);
        else if (ctx.flags) {
          const [x, y] = xyOf(board, i);
          moves.push({ x, y, action: 'flag', p: 1, certain: true });
        }
      }
      if (moves.some((m) => m.action === 'open') || !candidates.length) return { moves };
      let best = Infinity;
      let ties: number[] = [];
      for (const i of candidates) {
        const v = risk[i]!;
        if (v < best - 1e-12) {
          best = v;
          ties = [i];
        } else if (Math.abs(v - best) <= 1e-12) ties.push(i);
      }
      const pick = ties[ctx.rng.int(ties.length)]!;
      const [x, y] = xyOf(board, pick);
      moves.push({ x, y, action: 'open', p: Math.min(1, Math.max(0, best)), certain: false });
      return { moves };
    },
  };
}
