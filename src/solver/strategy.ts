// The product strategy `exact`: exact probabilities, every certain safe cell at once, and when a
// guess is needed the endgame search, an unavoidable 50/50 at once, or a one-move look-ahead
// among the cells whose safety is within 90% of the best (see guess.ts);
// the first click goes where it wins most under the game's first-click rule.

import { COVERED, FLAG, OPENED, QUESTION, indexOf, xyOf, type Board } from '../core/board.js';
import type { FirstClickRule } from '../core/rules.js';
import type { Decision, Move, Strategy, StrategyContext } from '../core/strategy.js';
import { isContradiction } from './constraints.js';
import { InconsistentBoardError, tryAnalyze, type Analysis, type AnalyzeOptions } from './probability.js';
import { chooseGuess, type Guess, type GuessOptions } from './guess.js';
import { quickDeductions } from './local.js';
import { DecisionMemo, MEMO_SIZE } from './memo.js';
import { UNKNOWN_CLICK, weighXp } from './xp.js';

export interface ExactOptions extends GuessOptions {
  /** Play single-number deductions before the exact analysis (default true; safe moves, faster). */
  quick?: boolean;
  /** First click per rule, as [x, y] (negative counts from the right/bottom edge). */
  firstClick?: Partial<Record<FirstClickRule, [number, number]>>;
  /** Under the XP rule, weigh where a mine under the first click moved to (default true; xp.ts). */
  xpPrior?: boolean;
  /** Most decisions on small positions (few opened cells) to remember; 0 = none (default 20,000). */
  memo?: number;
}

/** Mines per cell from which the zero rule's first click goes to (3,3) rather than (2,2). */
const DENSE = 0.18;

/** Where the first click goes: a corner when only the clicked cell is protected (the last one in reading order under xp), inside when it opens. */
export function firstClickCell(board: Board, rule: FirstClickRule, options: ExactOptions = {}): [number, number] {
  const given = options.firstClick?.[rule];
  const clamp = (v: number, size: number) => Math.max(0, Math.min(size - 1, v < 0 ? size + v : v));
  if (given) return [clamp(given[0], board.width), clamp(given[1], board.height)];
  if (rule === 'zero') {
    // The opening's corner cell: (3,3) on dense boards, (2,2) on sparser ones. Measured on paired
    // games: expert (0.21 mines per cell) (3,3) beats (2,2) by 1.5 points and (4,4) by 2.1
    // (6,000 each); intermediate (0.16) (2,2) beats (3,3) by 0.46 +-0.38 (20,000) and (1,1)
    // loses 0.5; beginner 9x9 (0.12) (2,2) beats (1,1) by 0.43 +-0.21 and (3,3) by 0.18.
    const off = board.mines >= DENSE * board.width * board.height && board.width >= 8 && board.height >= 8 ? 3 : 2;
    return [clamp(off, board.width), clamp(off, board.height)];
  }
  // Under xp a mine under the click moves to the first free cell in reading order: clicked at
  // the top-left, it lands next to the click (fewer openings); clicked at the bottom-right, it
  // lands far away, where the XP weighting (xp.ts) knows to avoid it. Paired games, bottom-right
  // against top-left: expert +1.05 +-0.89 points (10,000) and +1.60 +-1.14 (6,000), intermediate
  // +1.33 +-0.58, beginner +0.97 +-0.45 (20,000 each). (Without the weighting the bottom-right
  // lost: it then opened the top-left corner as just another corner.)
  if (rule === 'xp') return [board.width - 1, board.height - 1];
  return [0, 0];
}

function isUnknownCell(code: number): boolean {
  return code === COVERED || code === QUESTION;
}

export function analyzeOrThrow(board: Board, options: AnalyzeOptions): Analysis {
  const result = tryAnalyze(board, options);
  if (isContradiction(result)) {
    const [x, y] = xyOf(board, result.cell);
    throw new InconsistentBoardError(x, y, result.reason);
  }
  return result;
}

/** How a strategy picks its guess when no cell is certain (`exact`: chooseGuess; `think` searches). */
export type Guesser = (board: Board, analysis: Analysis, ctx: StrategyContext, options: ExactOptions) => Guess | null;

/** Decides on a board whose analysis is already known (shared with `minebot solve`). */
export function decideWith(board: Board, analysis: Analysis, ctx: StrategyContext, options: ExactOptions = {}, guesser: Guesser = chooseGuess): Decision {
  const moves: Move[] = [];
  // an opened cell whose number is not known ('+') means the game has begun too
  const started = board.cells.some((c) => c <= 8 || c === OPENED);
  if (!started) {
    const [x, y] = firstClickCell(board, ctx.rule, options);
    const protectedRule = ctx.rule !== 'none';
    const p = protectedRule ? 0 : analysis.probabilities[y * board.width + x]!;
    return { moves: [{ x, y, action: 'open', p, certain: p === 0 && !protectedRule }], note: `first click (${ctx.rule})` };
  }
  for (const i of analysis.safe) {
    if (!isUnknownCell(board.cells[i]!)) continue;
    const [x, y] = xyOf(board, i);
    moves.push({ x, y, action: 'open', p: 0, certain: true });
  }
  const flags: Move[] = [];
  if (ctx.flags) {
    for (const i of analysis.mines) {
      if (board.cells[i] === FLAG) continue;
      const [x, y] = xyOf(board, i);
      flags.push({ x, y, action: 'flag', p: 1, certain: true });
    }
  }
  if (moves.length > 0) return withNote({ moves: [...moves, ...flags] }, analysis);
  const guess = guesser(board, analysis, ctx, options);
  if (!guess) return withNote({ moves: flags }, analysis);
  const [x, y] = xyOf(board, guess.cell);
  return withNote({ moves: [...flags, { x, y, action: 'open', p: analysis.probabilities[guess.cell]!, certain: false }] }, analysis, guess.note);
}

function withNote(decision: Decision, analysis: Analysis, extra?: string): Decision {
  const notes = [analysis.note, extra].filter((s): s is string => !!s);
  if (notes.length) decision.note = notes.join('; ');
  return decision;
}

/**
 * Certain safe cells that single numbers prove, as moves (with the flags of the certain mines
 * when asked); null when there are none (or the numbers contradict the flags locally).
 */
function quickDecision(board: Board, ctx: StrategyContext): Decision | null {
  if (!board.cells.some((c) => c <= 8)) return null;
  const quick = quickDeductions(board);
  if (!quick || quick.safe.length === 0) return null;
  const moves: Move[] = quick.safe.map((i) => {
    const [x, y] = xyOf(board, i);
    return { x, y, action: 'open', p: 0, certain: true };
  });
  if (ctx.flags) {
    for (const i of quick.mines) {
      const [x, y] = xyOf(board, i);
      moves.push({ x, y, action: 'flag', p: 1, certain: true });
    }
  }
  return { moves };
}

/**
 * Under the XP rule, the first click to weigh by: the cell this strategy clicks first when it is
 * open (a game begun elsewhere with that cell open is taken to have begun there: it ends the
 * reading order, so the weights barely depend on it), else UNKNOWN_CLICK (xp.ts); undefined before
 * the first click, under other rules or with `xpPrior: false`.
 */
function xpClickOf(board: Board, ctx: StrategyContext, options: ExactOptions): number | undefined {
  if (ctx.rule !== 'xp' || options.xpPrior === false || !board.cells.some((c) => c <= 8)) return undefined;
  const [x, y] = firstClickCell(board, 'xp', options);
  const i = indexOf(board, x, y);
  return board.cells[i]! <= 8 ? i : UNKNOWN_CLICK;
}

/**
 * The strategy. Each decision first plays the safe cells that single numbers prove (cheap); only
 * when there are none does it run the exact analysis, which then yields every remaining certain
 * safe cell as one batch, or a guess.
 */
/**
 * One decision: the safe cells single numbers prove (cheap) when there are any, else the exact
 * analysis, which yields every remaining certain safe cell as one batch, or a guess.
 */
export function decideNow(board: Board, ctx: StrategyContext, options: ExactOptions, guesser: Guesser = chooseGuess): Decision {
  if (options.quick !== false) {
    const quick = quickDecision(board, ctx);
    if (quick) return quick;
  }
  const analysis = analyzeOrThrow(board, options);
  // Under the XP rule a guess weighs where a moved mine may have gone (certain cells are the same).
  const click = analysis.safe.length === 0 ? xpClickOf(board, ctx, options) : undefined;
  return decideWith(board, click === undefined ? analysis : weighXp(board, analysis, click, options), ctx, options, guesser);
}

/** The strategy: decideNow, remembering its decisions on small positions. */
export function createExactStrategy(options: ExactOptions = {}): Strategy {
  const memo = new DecisionMemo(options.memo ?? MEMO_SIZE);
  return {
    name: 'exact',
    decide(board: Board, ctx: StrategyContext): Decision {
      const key = memo.keyOf(board, ctx);
      if (key === null) return decideNow(board, ctx, options);
      const known = memo.get(key);
      if (known) return known;
      const decision = decideNow(board, ctx, options);
      memo.set(key, decision);
      return decision;
    },
  };
}
