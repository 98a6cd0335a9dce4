// Play with a learned skin (the live learner starting from a stored skin) that meets a look it has
// not learned where no click of the bot's opened anything: a mark a game draws on a closed cell far
// from its clicks, in a look the skin never saw. No frame to come explains it: the run stops at
// once, at the board's place, saying which cell shows a look not learned and how to teach it, not
// after boardWaitMs of reading the board again and searching the screen for it ("is it covered,
// minimised or closed?"). Drawn with the xdemineur look on the simulated desktop.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { learnLive } from '../../src/bot/learn/learn-live.js';
import { liveLearner, render } from '../../src/bot/learn/vision-link.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { createStrategy } from '../../src/solver/registry.js';
import { COVERED } from '../../src/core/board.js';
import { fillRect } from '../../src/vision/image.js';
import { loadSkin } from '../../src/vision/skins/skin.js';
import { saveSkin } from '../../src/vision/skins/skin-store.js';

const SPEC = { width: 16, height: 16, mines: 40 };
const BOARD_WAIT_MS = 10_000;

function desktop(seed: number, draw: typeof render = render): SimulatedDesktop {
  return new SimulatedDesktop({ spec: SPEC, rule: 'safe', seed, render: draw, skin: 'xdemineur', offset: { x: 50, y: 40 }, screen: { width: 800, height: 600 }, lag: 1, newGameKeys: ['F2'] });
}

async function run(d: SimulatedDesktop, games: number, dir: string, previous?: ReturnType<typeof loadSkin>) {
  return learnLive(d, {
    learner: await liveLearner('xd-nl', SPEC.mines, previous, undefined, () => d.clock.now()),
    store: (skin) => saveSkin(dir, skin),
    strategy: createStrategy('exact'),
    skin: 'xd-nl',
    rule: 'safe',
    seed: 5,
    games,
    mines: SPEC.mines,
    flags: true,
    newGame: { key: 'F2' },
    boardWaitMs: BOARD_WAIT_MS,
  });
}

describe('play with a learned skin meeting a look it has not learned, away from its clicks', () => {
  it('stops at once at the board, naming the cell and how to teach the look, not after searching the screen', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'minebot-not-learned-'));
    const taught = await run(desktop(41), 1, dir);
    expect(taught.lessons[0]?.type).toBe('learned');
    const skin = loadSkin('xd-nl', dir);

    // from the 2nd click on, the game draws a purple mark on the last closed cell of its board
    // (the desktop the render below draws for, known once it is made)
    const made: { d?: SimulatedDesktop } = {};
    let mark: number | null = null;
    let marked = Infinity;
    const marking: typeof render = (board, s, o) => {
      const r = render(board, s, o);
      const d = made.d;
      if (mark === null && d && d.clicks.length >= 2) {
        mark = board.cells.lastIndexOf(COVERED);
        marked = d.clicks.length;
      }
      if (mark !== null && board.cells[mark] === COVERED) {
        const { left, top, pitch } = r.grid;
        const x = Math.round(left + (mark % SPEC.width) * pitch), y = Math.round(top + Math.floor(mark / SPEC.width) * pitch);
        fillRect(r.image, x + 3, y + 3, Math.round(x + pitch) - 3, Math.round(y + pitch) - 3, [160, 40, 200]);
      }
      return r;
    };
    const d = desktop(42, marking);
    made.d = d;
    const t0 = d.clock.now();
    const result = await run(d, 1, dir, skin);
    expect(mark).not.toBeNull();
    const cell = `(${mark! % SPEC.width},${Math.floor(mark! / SPEC.width)})`;
    // stopped, saying which cell and how to teach its look; not the search's "is it covered?"
    expect(result.stopped).toContain(cell);
    expect(result.stopped).toMatch(/has not learned/);
    expect(result.stopped).toContain('minebot learn --screen --name xd-nl');
    expect(result.stopped).not.toMatch(/minimised or closed/);
    // at once: well before the board wait (the loop's clock), and no click after the mark showed
    // but those already made
    expect(d.clock.now() - t0).toBeLessThan(BOARD_WAIT_MS);
    expect(d.clicks.length).toBeLessThanOrEqual(marked + 1);
    for (const c of d.clicks) expect(c.cell).not.toBeNull();
  }, 180_000);
});
