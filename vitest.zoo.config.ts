// The zoo of real games (test/e2e/zoo.test.ts), a step of its own in .ci/run:
//   npx vitest run --config vitest.zoo.config.ts
import { defineConfig } from 'vitest/config';
import { ClosingLine } from './vitest.config.js';

export default defineConfig({
  test: {
    include: ['test/e2e/zoo.test.ts'],
    testTimeout: 1_200_000,
    // a test that fails runs once more, its game started afresh (test/e2e/zoo.test.ts prints each
    // try's cause): a real game under load can stop a learning run safely, and one such stop
    // costs that game's test again, not the whole zoo; a failure that repeats fails the step
    retry: 1,
    hookTimeout: 60_000,
    reporters: ['default', new ClosingLine()],
  },
});
