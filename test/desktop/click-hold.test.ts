import { describe, expect, it } from 'vitest';
import { clickOn, type ClickMouse } from '../../src/desktop/nut.js';

/** A mouse that records when the pointer moved and the button went down and up. */
function recordingMouse() {
  const log: { t: number; what: 'move' | 'down' | 'up' | 'click'; x?: number; y?: number }[] = [];
  const mouse: ClickMouse = {
    setMousePosition: async (to) => void log.push({ t: performance.now(), what: 'move', x: to.x, y: to.y }),
    click: async () => void log.push({ t: performance.now(), what: 'click' }),
    pressButton: async () => void log.push({ t: performance.now(), what: 'down' }),
    releaseButton: async () => void log.push({ t: performance.now(), what: 'up' }),
  };
  return { mouse, log };
}

/**
 * A game that reads the mouse once a frame (every `period` ms from `phase`), as a canvas or
 * requestAnimationFrame game does: a cell opens when a frame finds the button up after a frame
 * found it down, and the pointer still on the cell it went down on.
 */
function opensInFrameLoop(log: ReturnType<typeof recordingMouse>['log'], cell: { x: number; y: number }, period: number, phase: number): boolean {
  const end = log[log.length - 1]!.t + 100;
  let downOnCell = false;
  for (let t = log[0]!.t + phase; t <= end; t += period) {
    // The state at frame t: the last move and the last button event before it.
    const moves = log.filter((e) => e.what === 'move' && e.t <= t);
    const buttons = log.filter((e) => (e.what === 'down' || e.what === 'up') && e.t <= t);
    const pos = moves[moves.length - 1];
    const onCell = pos !== undefined && pos.x === cell.x && pos.y === cell.y;
    const down = buttons[buttons.length - 1]?.what === 'down';
    if (down) downOnCell = onCell;
    else if (downOnCell && buttons.length) return onCell;
  }
  return false;
}

describe('clickOn: a held click as a game that reads the mouse once a frame sees it', () => {
  it('keeps the pointer on the cell after the release until a 60 Hz frame has seen it, whatever its phase', async () => {
    const hold = 25;
    const period = 1000 / 60;
    const cell = { x: 100, y: 100 };
    const { mouse, log } = recordingMouse();
    await clickOn(mouse, cell, 0 as never, hold);
    // The bot moves the pointer at once after a click: to the next cell of a batch, or off the board.
    await mouse.setMousePosition({ x: 300, y: 300 });
    for (let phase = 0; phase < period; phase += 1) expect(opensInFrameLoop(log, cell, period, phase), `phase ${phase}`).toBe(true);
  });

  it('clicks at once, without waiting, when no hold is asked for', async () => {
    const { mouse, log } = recordingMouse();
    await clickOn(mouse, { x: 5, y: 6 }, 0 as never, 0);
    expect(log.map((e) => e.what)).toEqual(['move', 'click']);
  });
});
