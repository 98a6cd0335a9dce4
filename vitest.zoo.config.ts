// The zoo of real games (test/e2e/zoo.test.ts), a step of its own in .ci/run:
//   npx vitest run --config vitest.zoo.config.ts
import { defineConfig } from 'vitest/config';
import { ClosingLine } from './vitest.config.js';

export default defineConfig({
  test: {
    include: ['test/e2e/zoo.test.ts'],
    testTimeout: 1_200_000,
    hookTimeout: 60_000,
    reporters: ['default', new ClosingLine()],
  },
});
