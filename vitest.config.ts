import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import type { Reporter } from 'vitest/reporters';

type TaskLike = { type: string; mode?: string; result?: { state?: string }; tasks?: TaskLike[] };

/** Ends the run with one plain line, `N passed, N failed, N skipped`, that any CI log reader understands. */
export class ClosingLine implements Reporter {
  onFinished(files: TaskLike[] = []): void {
    const counts = { pass: 0, fail: 0, skip: 0 };
    const walk = (task: TaskLike): void => {
      if (task.type === 'test') {
        const state = task.result?.state;
        if (state === 'pass') counts.pass++;
        else if (state === 'fail') counts.fail++;
        else counts.skip++;
      }
      task.tasks?.forEach(walk);
    };
    files.forEach(walk);
    // A file that failed to load has no tests but is a failure.
    for (const f of files) if (f.result?.state === 'fail' && !(f.tasks ?? []).length) counts.fail++;
    process.stdout.write(`\n${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped\n`);
  }
}

/**
 * Tests that drive a real X display (Xvfb, real games, nut.js's screen and mouse): they run after
 * the others, one file at a time, so that no computing test takes the cores a real game's timing
 * needs, and no two of them share the machine.
 */
const ON_A_DISPLAY = ['test/e2e/**/*.test.ts', 'test/vision-x11/**/*.test.ts', 'test/desktop/nut.test.ts', 'test/doctor/**/*.test.ts'];
/** Not in `npm test`: the zoo of real games is a step of its own (vitest.zoo.config.ts; .ci/run runs it after this). */
const OWN_STEP = ['test/e2e/zoo.test.ts'];

export default defineConfig({
  test: {
    // every core (vitest's default leaves one free: on CI's 2 cores the computing tests, most of
    // the run's time, ran one file at a time)
    maxWorkers: availableParallelism(),
    minWorkers: 1,
    projects: [
      { extends: true, test: { name: 'computing', include: ['test/**/*.test.ts'], exclude: ['**/node_modules/**', ...ON_A_DISPLAY, ...OWN_STEP] } },
      {
        extends: true,
        test: {
          name: 'display',
          include: ON_A_DISPLAY,
          exclude: ['**/node_modules/**', ...OWN_STEP],
          sequence: { groupOrder: 1 },
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
    // after each test the worker answers the runner's messages (a long file of computing tests
    // must not go 60 s without: test/support/breathe.ts)
    setupFiles: ['test/support/breathe-between-tests.ts'],
    // a guard against a test that hangs, not a speed goal (bench/ measures speed): the slowest
    // test takes about 25 s here, and CI's machine may be slower
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: ['default', new ClosingLine()],
  },
});
