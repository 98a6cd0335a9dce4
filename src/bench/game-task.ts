// One bench game, as run inside a worker or in-process: plays it and times it. In compare mode
// the first strategy plays the seeded game and the others replay its layout (mines and first
// click), so every strategy meets exactly the same games.

import { performance } from 'node:perf_hooks';
import type { BoardSpec, FirstClickRule } from '../core/rules.js';
import type { Strategy } from '../core/strategy.js';
import { createRng } from '../core/rng.js';
import { Game, type Layout } from '../game/engine.js';
import { gameSeeds, playGame, type MoveRecord } from '../sim/play.js';

export interface BenchTask {
  spec: BoardSpec;
  rule: FirstClickRule;
  seed: number;
  /** The strategy played (the first of `compare` in compare mode). */
  strategy: string;
  /** Compare mode: every strategy to play, in order; the first sets the layouts. */
  compare?: string[];
  /** Return each game's opened cells (for the move log). */
  log?: boolean;
  /** Return each game's layout (for --save-layouts). */
  keepLayout?: boolean;
  /**
   * A first click imposed on every strategy: game i's layout is then the seeded game i opened
   * there (the layout a strategy whose own first click is this cell would meet).
   */
  first?: [number, number];
}

/** The layout of seeded game `index` after a first click on `first` (the first-click rule applied). */
export function seededLayout(task: BenchTask, index: number, first: [number, number]): Layout {
  const game = new Game(task.spec, task.rule, createRng(gameSeeds(task.seed, index).layout));
  game.open(first[0], first[1]);
  return game.layout()!;
}

export interface GameRecord {
  index: number;
  won: boolean;
  ms: number;
  clicks: number;
  decisions: number;
  bbbv: number;
  stalled?: string;
  /** The strategy that played (set in compare mode). */
  strategy?: string;
  /**
   * The strategy's guesses (opens it did not call certain, first click excluded) as a flat list
   * p0, mine0, p1, mine1, … with mine as 0/1: what the calibration of guesses is computed from.
   */
  guesses?: number[];
  /** Every cell the strategy opened, in order (only with `log`). */
  moves?: MoveRecord[];
  /** The layout played (only with `keepLayout`). */
  layout?: Layout;
}

/** Plays game `index` with one strategy; on `layout` when given (its first click is forced). */
export function runGame(task: BenchTask, strategy: Strategy, index: number, layout?: Layout): GameRecord {
  const moves: MoveRecord[] = [];
  const guesses: number[] = [];
  const onOpen = (r: MoveRecord) => {
    // On a given layout the harness makes the first click: not the strategy's decision.
    if (layout && r.n === 1) return;
    if (task.log) moves.push(r);
    if (!r.certain && r.n > 1) guesses.push(r.p, r.mine ? 1 : 0);
  };
  const start = performance.now();
  const outcome = layout
    ? playGame(strategy, { layout, rule: task.rule, seed: task.seed, index }, { onOpen })
    : playGame(strategy, { spec: task.spec, rule: task.rule, seed: task.seed, index }, { onOpen });
  const ms = performance.now() - start;
  return {
    index,
    won: outcome.won,
    ms,
    clicks: outcome.clicks,
    decisions: outcome.decisions,
    bbbv: outcome.bbbv,
    ...(outcome.stalled ? { stalled: outcome.stalled } : {}),
    ...(task.compare ? { strategy: strategy.name } : {}),
    guesses,
    ...(task.log ? { moves } : {}),
    ...(task.keepLayout && outcome.layout ? { layout: outcome.layout } : {}),
  };
}

/**
 * Plays game `index` with every strategy: the first on the seeded game (or on `layout`), the
 * others on the layout the first one played. Returns one record per strategy, in order.
 */
export function runGameSet(task: BenchTask, strategies: readonly Strategy[], index: number, layout?: Layout): GameRecord[] {
  const names = task.compare ?? [task.strategy];
  if (!layout && task.first) layout = seededLayout(task, index, task.first);
  const out: GameRecord[] = [];
  const keep = { ...task, keepLayout: true };
  const first = runGame(strategies.length > 1 ? keep : task, strategies[0]!, index, layout);
  const shared = layout ?? first.layout;
  if (!task.keepLayout && strategies.length > 1) delete first.layout;
  out.push(first);
  for (const s of strategies.slice(1)) out.push(runGame({ ...task, keepLayout: false }, s, index, shared));
  if (task.compare) out.forEach((r, k) => (r.strategy = names[k]!));
  return out;
}
