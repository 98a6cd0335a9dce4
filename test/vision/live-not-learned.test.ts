import { describe, expect, it } from 'vitest';
import { notLearnedWhy } from '../../src/vision/learn/live/live-not-learned.js';
import { UNSURE } from '../../src/vision/learn/live/live-watch.js';

describe('notLearnedWhy: cells in a look the skin has not learned, where no click opened them', () => {
  const facts = (over: Partial<Parameters<typeof notLearnedWhy>[0]> = {}) => {
    const seen = new Uint8Array(15 * 15).fill(9);
    for (const i of [16, 27, 33, 40, 41, 42, 100]) seen[i] = UNSURE;
    return { name: 'gobi', mines: 20, cols: 15, playing: true, waiting: false, doubt: [16, 27, 33, 40, 41, 42, 100], seen, ...over };
  };

  it('names the cells (five, and how many more) and how the skin learns their look, right in a learning run too', () => {
    const why = notLearnedWhy(facts())!;
    expect(why).toMatch(/^cell\(s\) \(1,1\) \(12,1\) \(3,2\) \(10,2\) \(11,2\) and 2 more changed to a look the skin gobi has not learned/);
    expect(why).toContain('`minebot learn --screen --name gobi --mines 20`');
    // (a learning run stops there too: the advice does not only send the user to learn)
    expect(why).toContain('`--dismiss`');
  });

  it('says nothing while something is waited for, after the game, or when every doubted cell reads as a learned state', () => {
    expect(notLearnedWhy(facts({ waiting: true }))).toBeNull();
    expect(notLearnedWhy(facts({ playing: false }))).toBeNull();
    expect(notLearnedWhy(facts({ seen: new Uint8Array(15 * 15).fill(9) }))).toBeNull();
  });
});
