// Waiting for a board that cannot be read: the search of the whole screen takes seconds on a busy
// machine, and the reader, asked at the board's place, may be waiting there for something to last
// (a board gone for good after a guess: the game ended under its end dialog). A wait whose time
// ran out during a search looks at the board's place once more before it gives up: a browser
// game whose loss dialog covers its board (8x8, searches of 5 s on two busy cores) stopped the
// learning run instead of ending that game unseen and starting the next.
import { describe, expect, it } from 'vitest';
import { BadReading, type Frames } from '../../src/bot/screen/frames.js';
import type { Observer } from '../../src/bot/screen/observe.js';
import type { Place } from '../../src/bot/screen/place.js';
import { Stopwatch } from '../../src/bot/timing.js';
import { Watch, type Found } from '../../src/bot/screen/watch.js';
import type { Grid } from '../../src/core/grid.js';
import { VirtualClock } from '../../src/desktop/clock.js';
import type { Grab } from '../../src/desktop/ports.js';

const grid: Grid = { left: 4, top: 4, pitch: 8, cols: 4, rows: 4, scale: 1 };
const region = { left: 0, top: 0, width: 40, height: 40 };
const place: Place = { grid, cells: region, full: region, face: null };
const grab = { image: { width: 1, height: 1, data: new Uint8Array(4) }, region } as unknown as Grab;

/** A watch whose search takes `searchMs` and finds nothing, and whose reading at the place answers once `lastsMs` have passed since it was first asked. */
function watchOf(clock: VirtualClock, searchMs: number, lastsMs: number) {
  const w = new Watch(undefined, {} as Frames, {} as Observer, new Stopwatch(clock), { width: 100, height: 100 }, { boardWaitMs: 10_000 }, () => undefined, async () => undefined, async () => undefined);
  let firstAsked: number | null = null;
  const looks: string[] = [];
  const found = { place, reading: { ended: true } } as unknown as Found;
  Object.assign(w, {
    find: async () => {
      looks.push('search');
      clock.advance(searchMs);
      throw new BadReading('no board found', grab, null);
    },
    readAt: async () => {
      looks.push('place');
      firstAsked ??= clock.now();
      if (clock.now() - firstAsked >= lastsMs) return found;
      throw new BadReading('the board is covered', grab, null);
    },
  });
  return { w, looks, found };
}

describe('the wait for a board that cannot be read', () => {
  it('whose time runs out during a search of the screen looks at the board\'s place once more: an end the reader waited there for is taken, not a stop', async () => {
    for (const searchMs of [5_500, 6_000, 9_000]) {
      const clock = new VirtualClock();
      const { w, looks, found } = watchOf(clock, searchMs, 3_000);
      await expect(w.recover(place, null, new BadReading('covered', grab, null))).resolves.toBe(found);
      expect(looks.at(-1)).toBe('place');
    }
  });

  it('still stops when the place stays unreadable, after that one look', async () => {
    const clock = new VirtualClock();
    const { w, looks } = watchOf(clock, 5_500, 60_000);
    await expect(w.recover(place, null, new BadReading('covered', grab, null))).rejects.toThrow(/still so after 10 s/);
    expect(looks.slice(-2)).toEqual(['search', 'place']);
    expect(clock.now()).toBeLessThan(12_000);
  });
});

describe('a board read at its place with cells in looks not learned, where a dismiss is due', () => {
  /** A watch whose every reading at the place takes `readMs` and shows looks not learned until the dismiss (a key given) was pressed. */
  function loaded(clock: VirtualClock, readMs: number) {
    const w = new Watch(undefined, {} as Frames, {} as Observer, new Stopwatch(clock), { width: 100, height: 100 }, { boardWaitMs: 10_000, dismissKey: 'Escape' }, () => undefined, async () => undefined, async () => undefined);
    const notLearned = 'cell(s) (3,6) changed to a look the skin x has not learned';
    const unread = (): BadReading => new BadReading('unsure reading', grab, { notLearned } as unknown as Found['reading']);
    const found = { place, reading: { ended: true } } as unknown as Found;
    const looks: string[] = [];
    let pressed = false;
    Object.assign(w, {
      find: async () => {
        looks.push('search');
        throw unread();
      },
      readAt: async () => {
        looks.push('place');
        clock.advance(readMs);
        if (pressed) return found;
        throw unread();
      },
      dismissAll: async () => {
        looks.push('dismiss');
        pressed = true;
        return true;
      },
    });
    return { w, looks, found, first: unread() };
  }

  it('tries the dismiss before it stops saying so, however long a reading takes (a box over the board on a loaded machine, its cells called looks not learned)', async () => {
    for (const readMs of [100, 900, 2_000, 4_000]) {
      const clock = new VirtualClock();
      const { w, looks, found, first } = loaded(clock, readMs);
      await expect(w.recover(place, null, first, 'failed')).resolves.toBe(found);
      // (the dismiss before any search of the screen: the board was read where it was till then)
      expect(looks.indexOf('dismiss')).toBeGreaterThan(0);
      expect(looks.slice(0, looks.indexOf('dismiss')).every((l) => l === 'place')).toBe(true);
    }
  });

  it('does not stop before a dismiss that is due was tried, however long a search of the screen takes (a popup come with the last click on a loaded machine)', async () => {
    for (const readMs of [100, 2_000]) {
      const clock = new VirtualClock();
      const { w, looks, found } = loaded(clock, readMs);
      const covered = new BadReading('unsure reading of 43 cell(s)', grab, null);
      // (a search of the screen: 20 s, longer than the 10 s the board is waited for)
      Object.assign(w, {
        find: async () => {
          looks.push('search');
          clock.advance(20_000);
          throw covered;
        },
      });
      await expect(w.recover(place, null, covered, 'failed')).resolves.toBe(found);
      expect(looks).toContain('dismiss');
    }
  });

  it('still stops at once when no dismiss is due (no dialog may cover the board)', async () => {
    const clock = new VirtualClock();
    const { w, looks, first } = loaded(clock, 2_000);
    await expect(w.recover(place, null, first, null)).rejects.toThrow(/has not learned .*for 1\.5 s/);
    expect(looks).not.toContain('dismiss');
    expect(clock.now()).toBeLessThan(5_000);
  });
});
