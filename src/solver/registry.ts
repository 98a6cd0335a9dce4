// Strategies selectable by name (bench --strategy, play). `exact` also takes options in its name,
// `exact:key=value:key=value` (numbers or true/false), so that variants can be compared on the
// same games with `bench --compare exact,exact:progressWeight=0.05`.

import type { Strategy } from '../core/strategy.js';
import { createSimpleStrategy } from './baselines/simple.js';
import { createSeed001Strategy } from './baselines/seed001.js';
import { createSeed002Strategy } from './baselines/seed002.js';
import { createSeed004Strategy } from './baselines/seed004.js';
import { createExactStrategy, type ExactOptions } from './strategy.js';

const FACTORIES: Record<string, () => Strategy> = {
  simple: createSimpleStrategy,
  seed001: createSeed001Strategy,
  'seed001-basic': () => createSeed001Strategy({ basic: true }),
  seed002: createSeed002Strategy,
  seed004: createSeed004Strategy,
  exact: () => createExactStrategy(),
};

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

export function strategyNames(): string[] {
  return Object.keys(FACTORIES);
}

/** The strongest strategy available: `exact` once registered, else the first baseline. */
export function defaultStrategyName(): string {
  return 'exact' in FACTORIES ? 'exact' : 'simple';
}

/** The options written in an `exact:key=value:…` name; throws naming what is wrong. */
export function exactOptionsOf(name: string): ExactOptions {
  const [, ...parts] = name.split(':');
  const options: Record<string, number | boolean> = {};
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const text = eq < 0 ? '' : part.slice(eq + 1);
    const kind = EXACT_OPTIONS[key];
    if (!kind) throw new Error(`unknown option "${key}" in strategy "${name}": use ${Object.keys(EXACT_OPTIONS).join(', ')}`);
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
  return options as ExactOptions;
}

export function createStrategy(name: string): Strategy {
  if (name.startsWith('exact:')) {
    const strategy = createExactStrategy(exactOptionsOf(name));
    return { ...strategy, name };
  }
  const factory = FACTORIES[name];
  if (!factory) throw new Error(`unknown strategy "${name}": use one of ${strategyNames().join(', ')} (exact also as exact:option=value:…)`);
  return factory();
}
