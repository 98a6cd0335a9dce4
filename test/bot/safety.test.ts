import { describe, expect, it } from 'vitest';
import { Safety, StopSignal } from '../../src/bot/hand/safety.js';
import type { Point, Pointer } from '../../src/desktop/ports.js';
import { VirtualClock } from '../../src/desktop/clock.js';

function pointer(start: Point): Pointer & { at: Point } {
  const p = {
    at: { ...start },
    position: async () => ({ ...p.at }),
    move: async (to: Point) => {
      p.at = { ...to };
    },
    click: async (to: Point) => {
      p.at = { ...to };
    },
  };
  return p;
}

describe('Safety', () => {
  const board = { left: 100, top: 50, width: 160, height: 80 };

  it('allows clicks inside the recognised board and refuses any outside it', async () => {
    const s = new Safety(pointer({ x: 0, y: 0 }), new VirtualClock());
    s.allow([board]);
    await expect(s.beforeClick({ x: 100, y: 50 })).resolves.toBeUndefined();
    await expect(s.beforeClick({ x: 259, y: 129 })).resolves.toBeUndefined();
    for (const p of [{ x: 99, y: 60 }, { x: 260, y: 60 }, { x: 150, y: 49 }, { x: 150, y: 130 }]) {
      await expect(s.beforeClick(p)).rejects.toThrow(/outside the recognised board/);
    }
    // Nothing allowed before the board is recognised.
    const blind = new Safety(pointer({ x: 0, y: 0 }), new VirtualClock());
    await expect(blind.beforeClick({ x: 150, y: 60 })).rejects.toBeInstanceOf(StopSignal);
  });

  it('stops when the mouse is not where the bot left it (a few points of slack)', async () => {
    const p = pointer({ x: 5, y: 5 });
    const s = new Safety(p, new VirtualClock());
    s.allow([board]);
    await s.anchor();
    await s.beforeClick({ x: 150, y: 60 });
    s.clicked({ x: 150, y: 60 });
    p.at = { x: 151, y: 61 };
    await expect(s.beforeClick({ x: 160, y: 60 })).resolves.toBeUndefined();
    p.at = { x: 150, y: 70 };
    await expect(s.beforeClick({ x: 160, y: 60 })).rejects.toThrow(/the mouse was moved .* the user has taken over/);
    await expect(s.beforeKey()).rejects.toThrow(/mouse was moved/);
  });

  it('keeps to the click and time budgets and to a stop request', async () => {
    const clock = new VirtualClock();
    const p = pointer({ x: 0, y: 0 });
    const s = new Safety(p, clock, { maxClicks: 2, maxMs: 1000 });
    s.allow([board]);
    for (let i = 0; i < 2; i++) {
      await s.beforeClick({ x: 150, y: 60 });
      await p.click({ x: 150, y: 60 }, 'left');
      s.clicked({ x: 150, y: 60 });
    }
    await expect(s.beforeClick({ x: 150, y: 60 })).rejects.toThrow(/click budget of 2 used up/);
    const t = new Safety(pointer({ x: 0, y: 0 }), clock, { maxMs: 1000 });
    clock.advance(999);
    expect(() => t.checkpoint()).not.toThrow();
    clock.advance(1);
    expect(() => t.checkpoint()).toThrow(/time budget of 1000 ms used up/);
    const abort = new AbortController();
    const u = new Safety(pointer({ x: 0, y: 0 }), clock, { signal: abort.signal });
    expect(() => u.checkpoint()).not.toThrow();
    abort.abort('abort key pressed');
    expect(() => u.checkpoint()).toThrow('abort key pressed');
  });
});
