// Strategies selectable by name (bench --strategy, play). `exact` also takes options in its name,
// `exact:key=value:key=value` (numbers or true/false), so that variants can be compared on the
// same games with `bench --compare exact,exact:progressWeight=0.05`; so does `think`
// (`think:playouts=300`, `think:ms=200`, with `exact`'s options too). A `think` budget in ms
// reads the wall clock, given here (the edge where a name becomes a strategy).

import type { Strategy } from '../core/strategy.js';
import { createSimpleStrategy } from './baselines/simple.js';
import { createSeed001Strategy } from './baselines/seed001.js';
import { createSeed002Strategy } from './baselines/seed002.js';
import { createSeed004Strategy } from './baselines/seed004.js';
import { createExactStrategy, type ExactOptions } from './strategy.js';
import { createThinkStrategy, type ThinkOptions } from './think.js';

const FACTORIES: Record<string, () => Strategy> = {
  simple: createSimpleStrategy,
  seed001: createSeed001Strategy,
  'seed001-basic': () => createSeed001Strategy({ basic: true }),
  seed002: createSeed002Strategy,
  seed004: createSeed004Strategy,
  exact: () => createExactStrategy(),
  think: () => createThinkStrategy({}, clock),
};

const clock = (): number => performance.now();

/** Options of `exact` that a strategy name may set, with their kind. */
const EXACT_OPTIONS: Record<string, 'number' | 'boolean'> = {
  candidates: 'number',
  tolerance: 'number',
  relTolerance: 'number',
  endgame: 'boolean',
  endgameLayouts: 'number',
  endgameWork: 'number',
  openingWeight: 'number',
  progressWeight: 'number',
  fiftyFifty: 'boolean',
  skipDead: 'boolean',
  maxProbes: 'number',
  lookTransitions: 'number',
  quick: 'boolean',
  xpPrior: 'boolean',
  maxComponentVars: 'number',
  maxStates: 'number',
  maxTransitions: 'number',
  breadth: 'number',
  living: 'boolean',
  blend: 'number',
  memo: 'number',
  progressWeightLate: 'number',
  lateOpen: 'number',
};

/** Options of `think` beyond `exact`'s. */
const THINK_OPTIONS: Record<string, 'number' | 'boolean'> = {
  ...EXACT_OPTIONS,
  playouts: 'number',
  memoPlayouts: 'number',
  ms: 'number',
  arms: 'number',
  margin: 'number',
  z: 'number',
  switchZ: 'number',
  minRounds: 'number',
  fast: 'boolean',
  keepExact: 'boolean',
  seed: 'number',
  bayes: 'boolean',
  dropChance: 'number',
  minValue: 'number',
};

export function strategyNames(): string[] {
  return Object.keys(FACTORIES);
}

/** The strongest strategy available: `exact` once registered, else the first baseline. */
export function defaultStrategyName(): string {
  return 'exact' in FACTORIES ? 'exact' : 'simple';
}

/** The options written in an `exact:key=value:…` name; throws naming what is wrong. */
export function exactOptionsOf(name: string): ExactOptions {
  return optionsOf(name, EXACT_OPTIONS) as ExactOptions;
}

/** The options written in a `think:key=value:…` name; throws naming what is wrong. */
export function thinkOptionsOf(name: string): ThinkOptions {
  const options = optionsOf(name, THINK_OPTIONS) as ThinkOptions;
  for (const key of ['ms', 'arms'] as const) {
    const v = options[key];
    if (v !== undefined && !(v > 0)) throw new Error(`option "${key}" in strategy "${name}" must be positive, got ${v}`);
  }
  for (const key of ['playouts', 'memoPlayouts', 'minValue'] as const) {
    const v = options[key];
    if (v !== undefined && !(v >= 0)) throw new Error(`option "${key}" in strategy "${name}" must be 0 or more, got ${v}`);
  }
  const drop = options.dropChance;
  if (drop !== undefined && !(drop >= 0 && drop < 1)) throw new Error(`option "dropChance" in strategy "${name}" must be at least 0 and below 1, got ${drop}`);
  return options;
}

function optionsOf(name: string, known: Record<string, 'number' | 'boolean'>): Record<string, number | boolean> {
  const [, ...parts] = name.split(':');
  const options: Record<string, number | boolean> = {};
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const text = eq < 0 ? '' : part.slice(eq + 1);
    const kind = known[key];
    if (!kind) throw new Error(`unknown option "${key}" in strategy "${name}": use ${Object.keys(known).join(', ')}`);
    if (key in options) throw new Error(`option "${key}" is given twice in strategy "${name}"`);
    if (kind === 'boolean') {
      if (text !== 'true' && text !== 'false') throw new Error(`option "${key}" in strategy "${name}" must be true or false, got "${text}"`);
      options[key] = text === 'true';
    } else {
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value)) throw new Error(`option "${key}" in strategy "${name}" must be a number, got "${text}"`);
      options[key] = value;
    }
  }
  return options;
}

export function createStrategy(name: string): Strategy {
  if (name.startsWith('exact:')) {
    const strategy = createExactStrategy(exactOptionsOf(name));
    return { ...strategy, name };
  }
  if (name.startsWith('think:')) {
    const strategy = createThinkStrategy(thinkOptionsOf(name), clock);
    return { ...strategy, name };
  }
  const factory = FACTORIES[name];
  if (!factory) throw new Error(`unknown strategy "${name}": use one of ${strategyNames().join(', ')} (exact and think also as exact:option=value:…)`);
  return factory();
}
