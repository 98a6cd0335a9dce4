// A game whose cells are not square, played live: a canvas stretched to its window draws cells a
// sixteenth taller than wide (BrandonDusseau/minesweeper-classic drew 16 by 17 px). minebot reads
// square cells only, and the start was refused ("its cells are … not square"), nothing learned or
// played. Now a live run looks at the screen once first and, finding such a board, sees the
// desktop stretched along the cells' shorter side (bot/screen/square-cells.ts): it learns and plays the
// game as one of square cells, and its clicks land on the cells it means. A game of square cells
// is seen as it is.

import { describe, expect, it } from 'vitest';
import { learnLive, type LearnEvent } from '../../src/bot/learn/learn-live.js';
import { playSession } from '../../src/bot/loop.js';
import type { PlayEvent } from '../../src/bot/session.js';
import { squaredDesktop } from '../../src/bot/screen/square-cells.js';
import { faceAt, liveLearner, loadReader, render } from '../../src/bot/learn/vision-link.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { stretchedDesktop } from '../../src/desktop/stretched.js';
import type { Desktop } from '../../src/desktop/ports.js';
import { createStrategy } from '../../src/solver/registry.js';
import type { LearnedSkin } from '../../src/vision/learn/looks.js';

const SPEC = { width: 9, height: 9, mines: 10 };
/** The game's rows drawn this much taller than its columns are wide. */
const TALL = 17 / 16;

/** xdemineur 9x9/10 drawn with its rows stretched TALL: cells not square. */
function game(seed: number, tall = TALL): { sim: SimulatedDesktop; shown: Desktop } {
  const sim = new SimulatedDesktop({ spec: SPEC, rule: 'safe', seed, render, skin: 'xdemineur', offset: { x: 50, y: 40 }, screen: { width: 640, height: 560 }, lag: 1, newGameKeys: ['F2'], faceAt });
  return { sim, shown: tall === 1 ? sim : stretchedDesktop(sim, { x: 1, y: tall }) };
}

const brief = (events: { type: string }[]) => JSON.stringify(events.filter((e) => !['click', 'move', 'opened', 'settle', 'learned'].includes(e.type)).slice(0, 8));

function learnOn(desktop: Desktop, events: (PlayEvent | LearnEvent<LearnedSkin>)[]) {
  return liveLearner('unsquare-sim', SPEC.mines).then((learner) =>
    learnLive(desktop, { learner, store: () => 'nowhere', strategy: createStrategy('exact'), skin: 'unsquare-sim', rule: 'safe', seed: 3, games: 2, mines: SPEC.mines, newGame: { key: 'F2' }, boardWaitMs: 2000, onEvent: (e) => events.push(e) }),
  );
}

describe('a game whose cells are not square', () => {
  it('seen as it is, learning stops at the start saying so, nothing clicked (before: a part of it learned as a fresh 9x5 board and clicked on)', async () => {
    const { sim, shown } = game(1);
    const events: (PlayEvent | LearnEvent<LearnedSkin>)[] = [];
    const result = await learnOn(shown, events);
    expect(result.stopped, JSON.stringify(events.filter((e) => !["click","move","settle"].includes(e.type)).slice(0, 12))).toMatch(/not square/);
    expect(sim.clicks).toEqual([]);
  }, 60_000);

  it('seen stretched to square cells: learned from nothing, two games, every click on the cell meant', async () => {
    const { sim, shown } = game(1);
    const squared = await squaredDesktop(shown);
    expect(squared.squaring).not.toBeNull();
    expect(squared.squaring!.stretch.x).toBeCloseTo(TALL, 2);
    expect(squared.squaring!.stretch.y).toBe(1);
    const events: (PlayEvent | LearnEvent<LearnedSkin>)[] = [];
    const result = await learnOn(squared.desktop, events);
    expect(result.stopped, brief(events)).toBeNull();
    expect(result.games).toBe(2);
    expect(result.lessons.map((l) => l.type)).toEqual(['learned', 'learned']);
    // each game's clicks: on the game's cells only, and the ones the bot meant (the cell it named)
    const meant = events.flatMap((e) => (e.type === 'click' && e.cell ? [e.cell.join(',')] : []));
    expect(sim.clicks.length).toBeGreaterThan(4);
    expect(sim.clicks.map((c) => c.cell?.join(',') ?? 'off the board')).toEqual(meant);
  }, 120_000);

  it('played with a shipped skin, stretched: two games to their end, no stop', async () => {
    const { sim, shown } = game(2);
    const squared = await squaredDesktop(shown);
    const events: PlayEvent[] = [];
    const result = await playSession(squared.desktop, { strategy: createStrategy('exact'), read: await loadReader(), skin: 'xdemineur', rule: 'safe', seed: 1, games: 2, mines: SPEC.mines, newGame: { key: 'F2' }, boardWaitMs: 2000, faceAt, onEvent: (e) => events.push(e) });
    expect(result.stopped, brief(events)).toBeNull();
    expect(result.games).toBe(2);
    expect(sim.clicks.every((c) => c.cell !== null)).toBe(true);
  }, 120_000);

  it('a game of square cells is seen as it is', async () => {
    const { shown } = game(1, 1);
    const squared = await squaredDesktop(shown);
    expect(squared.squaring).toBeNull();
    expect(squared.desktop).toBe(shown);
  });
});
