// The parts a live session is made of, wired together: Safety, the stopwatch, frames, the
// observer (with the reader given), the hand and the board watch. The play loop uses them; so can
// any other loop that plays a board on a desktop with a reader of its own (learning a skin live).

import type { Grid } from '../core/grid.js';
import type { Desktop, Region } from '../desktop/ports.js';
import { Hand, type ClickEvent, type SkipEvent } from './hand/act.js';
import { Frames, type FrameOptions } from './screen/frames.js';
import { Observer, type ObserverOptions } from './screen/observe.js';
import { Restless } from './screen/restless.js';
import type { ReadScreen } from './reading.js';
import { Safety, type SafetyLimits } from './hand/safety.js';
import { Stopwatch } from './timing.js';
import { Watch, type WatchEvent, type WatchOptions } from './screen/watch.js';

export interface KitOptions extends FrameOptions {
  read: ReadScreen;
  /** Skin name, or 'auto' / undefined to let the reader find it. */
  skin?: string;
  limits?: SafetyLimits;
  /** Read only the cells that changed between full reads (default true). */
  incremental?: boolean;
  /** Check the aimed-at cell and the board's frame before each click (default true). */
  checkClicks?: boolean;
  /** Move the pointer just off the board before grabbing (default true). */
  park?: boolean;
  /** Play only the board inside the window whose title contains this. */
  window?: string;
  /** How long a board may stay unreadable before stopping, ms (default 10 s). */
  boardWaitMs?: number;
  /** The key that closes the dialogs the game puts over its board at an end (none by default; dismiss.ts). */
  dismissKey?: string | null;
  faceAt?: (skin: string, grid: Grid) => Region | null;
  /** The reading of a frame whose board frame is covered, by a reader that knows the game ended behind it (observe.ts). */
  whenCovered?: ObserverOptions['whenCovered'];
  /** Told while a dismiss is to come on what covers the board after the bot's clicks (watch.ts recover): a reader that judges a board gone for good waits for it. */
  dismissToCome?: WatchOptions['dismissToCome'];
  onEvent?: (e: ClickEvent | SkipEvent | WatchEvent | { type: 'retry'; why: string } | SettleEvent) => void;
}

/** The quiet time a frame needs to count as settled grew: the game was seen drawing in steps (frames.ts). */
export interface SettleEvent {
  type: 'settle';
  quietMs: number;
  why: string;
}

export interface Kit {
  safety: Safety;
  time: Stopwatch;
  frames: Frames;
  observer: Observer;
  hand: Hand;
  watch: Watch;
  /** Tells that the quiet time grew, and why. */
  settleEvent: (quietMs: number, why: string) => void;
}

export function liveKit(d: Desktop, screen: { width: number; height: number }, o: KitOptions): Kit {
  const emit = o.onEvent ?? (() => undefined);
  const safety = new Safety(d.pointer, d.clock, o.limits);
  const time = new Stopwatch(d.clock);
  const frames = new Frames(d.screen, d.clock, time, o, () => safety.checkpoint());
  const settleEvent = (quietMs: number, why: string): void => emit({ type: 'settle', quietMs, why });
  const restless = new Restless();
  const observer = new Observer(frames, o.read, time, screen, {
    restless,
    skin: o.skin,
    incremental: o.incremental,
    ...(o.whenCovered ? { whenCovered: o.whenCovered } : {}),
    onRetry: (why) => emit({ type: 'retry', why }),
    onLateChange: (quietMs) => settleEvent(quietMs, 'a settled frame did not show the clicks yet, a later one did'),
  });
  const hand = new Hand(d.pointer, d.keyboard, frames, safety, time, screen, emit, { check: o.checkClicks, park: o.park, restless });
  const watch = new Watch(
    d.windows,
    frames,
    observer,
    time,
    screen,
    { windowTitle: o.window, boardWaitMs: o.boardWaitMs, faceAt: o.faceAt, ...(o.dismissKey !== undefined ? { dismissKey: o.dismissKey } : {}), ...(o.dismissToCome ? { dismissToCome: o.dismissToCome } : {}) },
    emit,
    async () => {
      safety.checkpoint();
      await safety.checkMouse();
    },
    (grid) => hand.park(grid),
    (key) => hand.press(key),
    async (grid, area, pixel) => void (await hand.clickPoint(grid, area, pixel, null)),
  );
  return { safety, time, frames, observer, hand, watch, settleEvent };
}
