// A game that takes the win at its last flag, lays a see-through layer over its whole page then
// (a page dimmed behind its end box), and takes no click after it (AlurienFlame/minesweeper-js's
// "You win" layer; the bot, not knowing yet, goes on opening the safe cells left). With no dismiss
// given, nothing the bot can do will make that page draw again: a frame read under the layer that
// shows none of the clicks awaited is the game's last, not a page frozen before it drew them (that
// is waited for only while a dismiss is to come). Each such game ends, called won, no stop.
// Drawn with the xdemineur look on the simulated desktop, learned from nothing.
import { describe, expect, it } from 'vitest';
import type { PlayEvent } from '../../src/bot/session.js';
import { render } from '../../src/bot/learn/vision-link.js';
import { SimulatedDesktop, type RenderOptions } from '../../src/desktop/simulated.js';
import { learnFromNothing } from '../support/learn-from-nothing.js';
import { COVERED, FLAG, type Board } from '../../src/core/board.js';
import type { Game } from '../../src/game/engine.js';

const SPEC = { width: 9, height: 9, mines: 10 };

describe('a win taken at the last flag, under a layer that stays, no dismiss given', () => {
  it('each such game ends, called won or ended unseen, never a stop; every lesson right', async () => {
    // Before: the frame under the layer showed none of the clicks made after the win; it was left
    // unsure as a page frozen before it drew them, and with no dismiss to come the run stopped
    // after the board wait, every cell unsure.
    let current = (): Game | undefined => undefined;
    // (once the flags are all the mines, the screen shows that board for good, dimmed to half)
    const frozen = new Map<Game, { board: Board; o?: RenderOptions }>();
    const d = new SimulatedDesktop({
      spec: SPEC,
      rule: 'safe',
      seed: 7,
      skin: 'xdemineur',
      offset: { x: 50, y: 40 },
      screen: { width: 800, height: 600 },
      lag: 1,
      newGameKeys: ['F2'],
      render: (board, skin, o) => {
        const f = frozen.get(current()!);
        if (!f) return render(board, skin, o);
        f.o ??= o;
        const r = render(f.board, skin, f.o);
        for (let i = 0; i < r.image.data.length; i += 4) for (let c = 0; c < 3; c++) r.image.data[i + c] = Math.round(r.image.data[i + c]! / 2);
        return r;
      },
    });
    current = () => d.games.at(-1);
    d.onClick = (_c, desk) => {
      const g = desk.game, board = g.board();
      if (!frozen.has(g) && board.cells.filter((c) => c === FLAG).length === SPEC.mines && board.cells.includes(COVERED)) frozen.set(g, { board });
    };
    const events: (PlayEvent | { type: string })[] = [];
    const result = await learnFromNothing(d, {
      name: 'xd-wl',
      mines: SPEC.mines,
      seed: 7,
      games: 6,
      now: () => d.clock.now(),
      onEvent: (e) => events.push(e),
      more: { boardWaitMs: 4000, changeTimeoutMs: 3000 },
    });
    expect(result.stopped, JSON.stringify(events.filter((e) => e.type === 'game' || e.type === 'retry').slice(-6))).toBeNull();
    expect(result.games).toBe(6);
    expect([...frozen.keys()].filter((g) => d.games.slice(0, 6).includes(g)).length).toBeGreaterThanOrEqual(2);
    const outcomes = events.filter((e): e is Extract<PlayEvent, { type: 'game' }> => e.type === 'game').map((e) => e.result);
    for (const [k, g] of d.games.slice(0, 6).entries()) if (frozen.has(g)) expect(['won', 'unknown'], `game ${k + 1}`).toContain(outcomes[k]);
    for (const l of result.lessons) if (l.type === 'learned') expect(l.learned.wrong).toEqual([]);
  }, 180_000);
});
