// The desktop behind small ports (docs/architecture.md, "The shape"): the bot loop talks only to
// these, so the real screen (nut.js) and the simulated desktop are interchangeable. Interfaces
// only: the clocks are in clock.ts, region arithmetic in region.ts, the adapters in nut.ts and
// simulated.ts.
//
// Coordinates: a Screen works in physical pixels (what a grab contains); a Pointer works in logical
// points (what the OS mouse uses). On a scaled display (125-200 %, Retina) they differ by the grab's
// pixelDensity: point = pixel / density. region.ts's toPoint() is the one place that conversion
// happens.

import type { RgbaImage } from '../core/image.js';

/** The image a grab holds (core's RgbaImage: RGBA bytes, alpha 255). */
export type { RgbaImage };

/** A rectangle in physical screen pixels. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PixelDensity {
  scaleX: number;
  scaleY: number;
}

export interface Grab {
  /** The pixels as RGBA (an adapter may convert them only when first asked). */
  readonly image: RgbaImage;
  /** Where the image sits on the screen, in physical pixels. */
  region: Region;
  /** Physical pixels per logical point (1 on an unscaled display). */
  pixelDensity: PixelDensity;
  /**
   * The same pixels as one 32-bit word each, row after row (region.width per row), in whatever
   * byte order the desktop delivers: for comparing grabs of one desktop without converting them.
   */
  words?: Uint32Array;
  /** A part of the image (screen pixels, inside the region), converting only that part. */
  crop?(area: Region): RgbaImage;
}

export interface Screen {
  /** The screen size in physical pixels. */
  size(): Promise<{ width: number; height: number }>;
  /** Grabs a region (physical pixels, clipped by the caller to the screen) or the whole screen. */
  grab(region?: Region): Promise<Grab>;
}

export interface Point {
  x: number;
  y: number;
}

export type Button = 'left' | 'right' | 'middle';

export interface Pointer {
  /** Where the mouse is now, in logical points. */
  position(): Promise<Point>;
  /** Puts the mouse at a point (instantly) without clicking. */
  move(to: Point): Promise<void>;
  /** Moves to a point and clicks a button there. */
  click(at: Point, button: Button): Promise<void>;
}

/** A window as the desktop lists it: an id, its title and where it is (physical pixels). */
export interface WindowInfo {
  handle: number;
  title: string;
  region: Region;
}

/** The desktop's window listing (nut.js getWindows on the real screen). */
export interface Windows {
  /** Every window the desktop knows, in the order it lists them. */
  list(): Promise<WindowInfo[]>;
}

export interface Keyboard {
  /** Types one key (a name such as 'F2', 'n', 'Escape') into the focused window. */
  press(key: string): Promise<void>;
}

/** Time, behind a port so the loop can run on a virtual clock in tests. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface Desktop {
  screen: Screen;
  pointer: Pointer;
  keyboard: Keyboard;
  clock: Clock;
  /** What kind of desktop this is, for messages ('nut', 'simulated'). */
  kind: string;
  /** The window listing, where the desktop has one. */
  windows?: Windows;
}
