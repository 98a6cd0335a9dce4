// A game that, at a win, draws every mine (flagged by the bot or not) in a look of its own
// (GyuJae/minesweeper-app turns each into a random flower): the last cell clicked, a number the
// learner has not learned beside one of the bot's flags, is no 0, so the mine beside it drawn anew
// is no part of its cascade. Taken for one, the board read one cell short of the mines and the
// solver stopped the run ("impossible board"). Simulated desktop, xdemineur drawn, not known.
import { describe, expect, it } from 'vitest';
import { learnLive } from '../../src/bot/learn/learn-live.js';
import { liveLearner } from '../../src/bot/learn/vision-link.js';
import { SimulatedDesktop, type RenderBoard } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { fillRect } from '../../src/vision/image.js';
import { COVERED, FLAG } from '../../src/core/board.js';

const SPEC = { width: 9, height: 9, mines: 10 };

/** xdemineur's look; a won board (every mine flagged by the game) shows its mines as covered tiles with a green mark. */
const flowers: RenderBoard = (board, skin, options) => {
  const flags = board.cells.filter((c) => c === FLAG).length;
  const won = flags === board.mines && board.cells.every((c) => c <= 8 || c === FLAG);
  if (!won) return renderBoard(board, skin, options);
  const shown = { ...board, cells: board.cells.map((c) => (c === FLAG ? COVERED : c)) };
  const out = renderBoard(shown, skin, options);
  const { grid, image } = out;
  board.cells.forEach((c, i) => {
    if (c !== FLAG) return;
    const x = Math.round(grid.left + (i % board.width) * grid.pitch), y = Math.round(grid.top + Math.floor(i / board.width) * grid.pitch), p = grid.pitch;
    fillRect(image, x + Math.round(p * 0.3), y + Math.round(p * 0.3), x + Math.round(p * 0.7), y + Math.round(p * 0.7), [30 + (i % 5) * 40, 180, 60]);
  });
  return out;
};

async function run(seed: number) {
  const d = new SimulatedDesktop({ spec: SPEC, rule: 'safe', seed, render: flowers, skin: 'xdemineur', offset: { x: 50, y: 40 }, screen: { width: 800, height: 600 }, lag: 1, newGameKeys: ['F2'] });
  const result = await learnLive(d, {
    learner: await liveLearner('xd-flowers', SPEC.mines),
    store: () => 'nowhere',
    strategy: createStrategy('exact'),
    skin: 'xd-flowers',
    rule: 'safe',
    seed,
    games: 2,
    mines: SPEC.mines,
    flags: true,
    newGame: { key: 'F2' },
    boardWaitMs: 2000,
  });
  return { result, d };
}

describe('a win that draws every mine anew', () => {
  it('is followed to its end, learned from nothing: no stop, no wrong label', async () => {
    const stops: string[] = [];
    let won = 0;
    for (let seed = 17; seed <= 24; seed++) {
      const { result, d } = await run(seed);
      won += d.games.filter((g) => g.status === 'won').length;
      if (result.stopped) stops.push(`seed ${seed}: ${result.stopped}`);
      for (const l of result.lessons) if (l.type === 'learned') expect(l.learned.wrong, `seed ${seed}`).toEqual([]);
    }
    console.log(`${won} won`, stops.join('\n') || 'no stop');
    expect(stops).toEqual([]);
  }, 600_000);
});
