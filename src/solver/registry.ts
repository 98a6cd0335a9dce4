// Strategies selectable by name (bench --strategy, play).

import type { Strategy } from '../core/strategy.js';
import { createSimpleStrategy } from './baselines/simple.js';
import { createSeed001Strategy } from './baselines/seed001.js';
import { createSeed002Strategy } from './baselines/seed002.js';
import { createSeed004Strategy } from './baselines/seed004.js';
import { createExactStrategy } from './strategy.js';

const FACTORIES: Record<string, () => Strategy> = {
  simple: createSimpleStrategy,
  seed001: createSeed001Strategy,
  'seed001-basic': () => createSeed001Strategy({ basic: true }),
  seed002: createSeed002Strategy,
  seed004: createSeed004Strategy,
  exact: () => createExactStrategy(),
};

export function strategyNames(): string[] {
  return Object.keys(FACTORIES);
}

/** The strongest strategy available: `exact` once registered, else the first baseline. */
export function defaultStrategyName(): string {
  return 'exact' in FACTORIES ? 'exact' : 'simple';
}

export function createStrategy(name: string): Strategy {
  const factory = FACTORIES[name];
  if (!factory) throw new Error(`unknown strategy "${name}": use one of ${strategyNames().join(', ')}`);
  return factory();
}
