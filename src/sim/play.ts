// Plays one simulated game with a strategy: the harness behind `bench` and the stats studies.

import { COVERED, FLAG, QUESTION } from '../core/board.js';
import { createRng, mixSeed } from '../core/rng.js';
import type { BoardSpec, FirstClickRule } from '../core/rules.js';
import type { Move, Strategy } from '../core/strategy.js';
import { Game, type Layout } from '../game/engine.js';

/** One cell the strategy opened: the prediction it acted on and what the cell was. */
export interface MoveRecord {
  /** 1-based move number within the game. */
  n: number;
  x: number;
  y: number;
  /** Predicted mine probability at the moment of the decision (0..1). */
  p: number;
  /** Whether the solver proved the cell safe (a guess otherwise). */
  certain: boolean;
  /** The outcome: the cell held a mine. */
  mine: boolean;
}

export interface GameOutcome {
  won: boolean;
  /** Clicks made: opens, chords and flag toggles that reached the game. */
  clicks: number;
  /** Number of decisions the strategy was asked for. */
  decisions: number;
  bbbv: number;
  layout: Layout;
  /** Set when the strategy ran out of moves (a bug in it) or hit the move limit. */
  stalled?: string;
  notes: string[];
}

export interface PlayOptions {
  /** Receives every cell the strategy opens, with its prediction and what it was. */
  onOpen?: (record: MoveRecord) => void;
  flags?: boolean;
}

/** Seeds for game `index` of a run with seed `seed`: one for the layout, one for the strategy. */
export function gameSeeds(seed: number, index: number): { layout: number; strategy: number } {
  return { layout: mixSeed(seed, index, 1), strategy: mixSeed(seed, index, 2) };
}

/** Plays a game to the end on a fresh layout (spec + rule + seed) or on a given layout. */
export function playGame(
  strategy: Strategy,
  setup: { spec: BoardSpec; rule: FirstClickRule; seed: number; index: number } | { layout: Layout; rule: FirstClickRule; seed: number; index: number },
  options: PlayOptions = {},
): GameOutcome {
  const seeds = gameSeeds(setup.seed, setup.index);
  let game: Game;
  let forcedFirst: [number, number] | undefined;
  if ('layout' in setup) {
    game = Game.fromLayout(setup.layout.width, setup.layout.height, setup.layout.mines);
    forcedFirst = setup.layout.first;
  } else {
    game = new Game(setup.spec, setup.rule, createRng(seeds.layout));
  }
  const ctx = { rule: setup.rule, rng: createRng(seeds.strategy), flags: options.flags ?? false };
  const notes: string[] = [];
  let decisions = 0;
  let moveNumber = 0;
  const limit = 4 * game.width * game.height + 10;
  let stalled: string | undefined;

  const apply = (move: Move): void => {
    if (move.action === 'flag') {
      if (game.cell(move.x, move.y) !== FLAG) game.toggleFlag(move.x, move.y);
      return;
    }
    if (move.action === 'chord') {
      game.chord(move.x, move.y);
      return;
    }
    const before = game.cell(move.x, move.y);
    if (before !== COVERED && before !== QUESTION) return; // already opened by an earlier move of the batch
    const result = game.open(move.x, move.y);
    moveNumber++;
    options.onOpen?.({ n: moveNumber, x: move.x, y: move.y, p: move.p, certain: move.certain, mine: result.exploded });
  };

  if (forcedFirst) {
    apply({ x: forcedFirst[0], y: forcedFirst[1], action: 'open', p: 0, certain: false });
  }
  while (!game.finished) {
    if (decisions >= limit) {
      stalled = `no end after ${limit} decisions`;
      break;
    }
    decisions++;
    const decision = strategy.decide(game.board(), ctx);
    if (decision.note) notes.push(decision.note);
    const clicksBefore = game.clicks;
    for (const move of decision.moves) {
      if (game.finished) break;
      apply(move);
    }
    if (game.clicks === clicksBefore) {
      stalled = decision.moves.length === 0 ? 'strategy returned no move' : 'strategy moves changed nothing';
      break;
    }
  }
  return {
    won: game.status === 'won',
    clicks: game.clicks,
    decisions,
    bbbv: game.bbbv() ?? 0,
    layout: game.layout()!,
    ...(stalled ? { stalled } : {}),
    notes,
  };
}
