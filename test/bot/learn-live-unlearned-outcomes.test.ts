// What the calibration log tells of cells a learning run opened in looks it had not learned yet.
// A game that goes on past a mine it draws in a look not learned (irrisdev/minesweeper-js as
// shipped) has such mines read as opened cells, and the count of open cells took the game for a
// win: each mine was told `mine: false`. Such a cell is now told safe only once the game's lesson,
// which labels it, is kept; a game whose lesson is not kept tells it unseen. Learned from nothing on
// the simulated desktop (xdemineur drawn, its skin hidden), the lesson kept or refused by the test.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NOT_LEARNED_UNSEEN, learnLive } from '../../src/bot/learn/learn-live.js';
import type { PlayEvent } from '../../src/bot/session.js';
import { liveLearner, render } from '../../src/bot/learn/vision-link.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import { saveSkin } from '../../src/vision/skins/skin-store.js';

const SPEC = { width: 9, height: 9, mines: 10 };

async function learnOneGame(refuse: boolean): Promise<{ events: { type: string; [k: string]: unknown }[]; lessons: string[] }> {
  const d = new SimulatedDesktop({ spec: SPEC, rule: 'safe', seed: 5, render, skin: 'xdemineur', offset: { x: 40, y: 30 }, screen: { width: 640, height: 480 }, lag: 1, newGameKeys: ['F2'] });
  const learner = await liveLearner('xd-unl', SPEC.mines, undefined, undefined, () => d.clock.now());
  const dir = mkdtempSync(path.join(tmpdir(), 'minebot-unlearned-'));
  const events: { type: string; [k: string]: unknown }[] = [];
  const result = await learnLive(d, {
    // (refused: as when the skin it would make reads a cell of the game otherwise than its lesson)
    learner: refuse ? { ...learner, learn: (l) => { const got = learner.learn(l); return got ? { ...got, wrong: ['(0,0)'] } : null; } } : learner,
    store: (skin) => saveSkin(dir, skin),
    strategy: createStrategy('exact'),
    skin: 'xd-unl',
    rule: 'safe',
    seed: 3,
    games: 1,
    mines: SPEC.mines,
    flags: true,
    newGame: { key: 'F2' },
    boardWaitMs: 10_000,
    onEvent: (e) => events.push(e as { type: string }),
  });
  return { events, lessons: result.lessons.map((l) => l.type) };
}

describe('cells opened in a look not learned, in a learning run', () => {
  it('are told safe after the lesson that labels them is kept, and unseen when it is not', async () => {
    const kept = await learnOneGame(false);
    expect(kept.lessons).toEqual(['learned']);
    const learnedAt = kept.events.findIndex((e) => e.type === 'learned');
    const unlearned = kept.events.filter((e) => e.type === 'opened' && (e as Extract<PlayEvent, { type: 'opened' }>).unlearned);
    // from nothing, the numbers of the first game are looks not learned yet
    expect(unlearned.length).toBeGreaterThan(3);
    for (const e of unlearned) {
      expect(kept.events.indexOf(e)).toBeGreaterThan(learnedAt);
      expect(e.mine).toBe(false);
    }

    const refused = await learnOneGame(true);
    expect(refused.lessons).toEqual(['not-learned']);
    // the same game (same seeds): the same cells, now unseen, none told opened
    expect(refused.events.some((e) => e.type === 'opened' && (e as Extract<PlayEvent, { type: 'opened' }>).unlearned)).toBe(false);
    const unseen = refused.events.filter((e) => e.type === 'unseen' && e.why === NOT_LEARNED_UNSEEN);
    expect(unseen.map((e) => e.n).sort()).toEqual(unlearned.map((e) => e.n).sort());
    // every cell the game opened is told once, either way
    const told = (evs: typeof kept.events) => new Set(evs.filter((e) => e.type === 'opened' || e.type === 'unseen').map((e) => e.n)).size;
    expect(told(refused.events)).toBe(told(kept.events));
  });
});
