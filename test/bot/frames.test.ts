// Settled frames (frames.ts) on a screen that draws a click's effect in two steps with a pause
// between them, as a game on a loaded machine does (the cell pressed, a scheduler slice later the
// cascade): two grabs in a row can agree between the steps; a quiet time waits the pause out, and
// it grows each time the screen is seen changing after a frame was taken as settled.

import { describe, expect, it } from 'vitest';
import { Frames, stillUnder } from '../../src/bot/screen/frames.js';
import { Stopwatch } from '../../src/bot/timing.js';
import { VirtualClock } from '../../src/desktop/clock.js';
import type { Grab, Region, Screen } from '../../src/desktop/ports.js';

const REGION: Region = { left: 0, top: 0, width: 4, height: 4 };

/** A 4x4 screen of one grey level, which is `levels[k]` from `times[k]` (ms on the clock) on. */
function steppedScreen(clock: VirtualClock, times: number[], levels: number[]): Screen {
  return {
    size: async () => ({ width: 4, height: 4 }),
    grab: async (): Promise<Grab> => {
      let level = levels[0]!;
      times.forEach((t, k) => {
        if (clock.now() >= t) level = levels[k]!;
      });
      // every grab costs a millisecond
      clock.advance(1);
      return { image: { width: 4, height: 4, data: new Uint8Array(64).fill(level) }, region: REGION, pixelDensity: { scaleX: 1, scaleY: 1 } };
    },
  };
}

function frames(clock: VirtualClock, screen: Screen, quietMs?: number, maxQuietMs?: number): Frames {
  return new Frames(screen, clock, new Stopwatch(clock), { pollMs: 1, ...(quietMs !== undefined ? { quietMs } : {}), ...(maxQuietMs !== undefined ? { maxQuietMs } : {}) }, () => undefined);
}

const level = (g: Grab): number => g.image.data[0]!;

describe('settled frames', () => {
  // before: 10; the cell pressed (first step) at 5 ms: 20; the rest (second step) `gap` ms later: 30
  const drawn = (clock: VirtualClock, gap: number): Screen => steppedScreen(clock, [0, 5, 5 + gap], [10, 20, 30]);
  const before = (screen: Screen): Promise<Grab> => screen.grab(REGION);

  it('without a quiet time, a frame between two steps of drawing counts as settled', async () => {
    const clock = new VirtualClock();
    const screen = drawn(clock, 20);
    const f = frames(clock, screen);
    const g = await f.stable(REGION, await before(screen));
    expect(level(g)).toBe(20);
  });

  it('with a quiet time longer than the pause between the steps, the frame is the finished drawing', async () => {
    for (const gap of [5, 20, 39]) {
      const clock = new VirtualClock();
      const screen = drawn(clock, gap);
      const f = frames(clock, screen, 40);
      const g = await f.stable(REGION, await before(screen));
      expect(level(g), `pause of ${gap} ms`).toBe(30);
      // and no later than the quiet time and a quarter of it after the last step, give or take a grab
      expect(clock.now()).toBeLessThanOrEqual(5 + gap + 40 + 10 + 3);
    }
  });

  it('a quiet time shorter than the pause still settles between the steps: the play loop then sees the late change and raises it', async () => {
    const clock = new VirtualClock();
    const screen = drawn(clock, 60);
    const f = frames(clock, screen, 25);
    expect(level(await f.stable(REGION, await before(screen)))).toBe(20);
    expect(f.lateChange()).toBe(50);
    expect(f.lateChange()).toBe(100);
    const clock2 = new VirtualClock();
    const screen2 = drawn(clock2, 60);
    const f2 = frames(clock2, screen2, 100);
    expect(level(await f2.stable(REGION, await before(screen2)))).toBe(30);
  });

  it('lateChange starts from 25 ms and doubles up to its bound', () => {
    const clock = new VirtualClock();
    const f = frames(clock, drawn(clock, 0), 0, 300);
    expect(f.quietMs).toBe(0);
    const seen = Array.from({ length: 6 }, () => f.lateChange());
    expect(seen).toEqual([25, 50, 100, 200, 300, 300]);
    expect(f.quietMs).toBe(300);
  });

  it('a screen that never stops changing is not settled: it says so after the timeout', async () => {
    const clock = new VirtualClock();
    const times = Array.from({ length: 400 }, (_, k) => k * 10);
    const screen = steppedScreen(clock, times, times.map((_, k) => k % 250));
    const f = new Frames(screen, clock, new Stopwatch(clock), { pollMs: 1, quietMs: 20, stableTimeoutMs: 500 }, () => undefined);
    await expect(f.stable(REGION, null)).rejects.toThrow(/did not settle within 520 ms/);
  });
});

describe('a still scene under things that move over it', () => {
  const R: Region = { left: 10, top: 20, width: 40, height: 30 };
  /** The scene (a gradient), with a 5x5 piece at (x, y) when given, and every level `dim` lower. */
  const grab = (piece: [number, number] | null, dim = 0): Grab => {
    const data = new Uint8Array(R.width * R.height * 4);
    for (let y = 0; y < R.height; y++) for (let x = 0; x < R.width; x++) data.set([x * 5 - dim, y * 7, 100, 255], (y * R.width + x) * 4);
    if (piece) for (let y = piece[1]; y < piece[1] + 5; y++) for (let x = piece[0]; x < piece[0] + 5; x++) data.set([255, 0, 255, 255], (y * R.width + x) * 4);
    return { image: { width: R.width, height: R.height, data }, region: R, pixelDensity: { scaleX: 1, scaleY: 1 } };
  };

  it('a piece somewhere else on every grab: the scene without it, to the pixel', () => {
    const grabs = Array.from({ length: 10 }, (_, k) => grab([(k * 7) % 35, (k * 11) % 25]));
    const still = stillUnder(grabs, R);
    expect(still).not.toBeNull();
    expect([...still!.image.data]).toEqual([...grab(null).image.data]);
  });

  it('a scene that changes itself (a fade, every pixel a level lower each grab), or too few grabs: none', () => {
    expect(stillUnder(Array.from({ length: 10 }, (_, k) => grab(null, k)), R)).toBeNull();
    expect(stillUnder(Array.from({ length: 9 }, (_, k) => grab([k * 3, k * 2])), R)).toBeNull();
  });

  it('a piece that stays put for most of the grabs is part of the scene; the scene before it, under other pieces, then differs: none', () => {
    const grabs = Array.from({ length: 10 }, (_, k) => (k < 5 ? grab([(k * 7) % 35, 20]) : grab([12, 3])));
    expect(stillUnder(grabs, R)).toBeNull();
  });
});

describe('the change timeout', () => {
  it('is cut to the shorter wait while `briefly` runs, and is whole again after it, even when it throws', async () => {
    const clock = new VirtualClock();
    // a screen that never changes: a click the game ignores
    const screen = steppedScreen(clock, [0], [10]);
    const f = new Frames(screen, clock, new Stopwatch(clock), { pollMs: 1, changeTimeoutMs: 3000 }, () => undefined);
    const waited = async (): Promise<number> => {
      const from = await screen.grab(REGION);
      const t = clock.now();
      await f.changed(REGION, from);
      return clock.now() - t;
    };
    const brief = await f.briefly(1000, waited);
    expect(brief).toBeGreaterThanOrEqual(1000);
    expect(brief).toBeLessThan(1010);
    await expect(f.briefly(500, () => Promise.reject(new Error('stop')))).rejects.toThrow('stop');
    expect(f.changeTimeoutMs).toBe(3000);
    expect(await waited()).toBeGreaterThanOrEqual(3000);
    // (never longer than the timeout it cuts; null leaves it as it is)
    expect(await f.briefly(5000, async () => f.changeTimeoutMs)).toBe(3000);
    expect(await f.briefly(null, async () => f.changeTimeoutMs)).toBe(3000);
  });
});
