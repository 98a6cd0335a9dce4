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

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // the zoo of real games is a step of its own (vitest.zoo.config.ts; .ci/run runs it after this)
    exclude: ['**/node_modules/**', 'test/e2e/zoo.test.ts'],
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
