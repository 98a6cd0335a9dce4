// `learn --screen`'s exit code tells a script whether it may go on to `play` with the skin.
import { describe, expect, it } from 'vitest';
import { learnExitCode } from '../../src/commands/learn-screen.js';

describe('learn --screen exit code', () => {
  it('is 0 when a game taught the skin something, 1 when the games were played through and none did (no skin saved), 2 when the run stopped early, learned or not', () => {
    expect(learnExitCode(null, true)).toBe(0);
    expect(learnExitCode(null, false)).toBe(1);
    expect(learnExitCode('the board moved', true)).toBe(2);
    expect(learnExitCode('the board moved', false)).toBe(2);
  });
});
