// The desktop behind small ports (DESIGN.md "The shape"): the bot loop talks only to these, so the
// real screen (nut.js) and the simulated desktop are interchangeable.
//
// Coordinates: a Screen works in physical pixels (what a grab contains); a Pointer works in logical
// points (what the OS mouse uses). On a scaled display (125-200 %, Retina) they differ by the grab's
// pixelDensity: point = pixel / density. toPoint() is the one place that conversion happens.

import type { RgbaImage } from '../vision/image.js';

/** An image as rows of RGBA bytes (alpha 255), width*height*4 bytes: vision's RgbaImage. */
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

/** Wall-clock time in ms since the epoch, to a fraction of a ms: the stamp of a traced click. */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/** Turns a pixel centre (physical) into the logical point to click. */
export function toPoint(pixelX: number, pixelY: number, density: PixelDensity): Point {
  return { x: Math.round(pixelX / density.scaleX), y: Math.round(pixelY / density.scaleY) };
}

/** Clips a region to a screen; returns null if nothing is left. */
export function clipRegion(region: Region, size: { width: number; height: number }): Region | null {
  const left = Math.max(0, Math.floor(region.left));
  const top = Math.max(0, Math.floor(region.top));
  const right = Math.min(size.width, Math.ceil(region.left + region.width));
  const bottom = Math.min(size.height, Math.ceil(region.top + region.height));
  if (right <= left || bottom <= top) return null;
  return { left, top, width: right - left, height: bottom - top };
}

/** Whether two images hold exactly the same pixels. */
export function sameImage(a: RgbaImage, b: RgbaImage): boolean {
  if (a.width !== b.width || a.height !== b.height || a.data.length !== b.data.length) return false;
  const n = a.data.length;
  // Compare 4 bytes at a time where the buffers allow it.
  if (a.data.byteOffset % 4 === 0 && b.data.byteOffset % 4 === 0 && n % 4 === 0) {
    const wa = new Uint32Array(a.data.buffer, a.data.byteOffset, n / 4);
    const wb = new Uint32Array(b.data.buffer, b.data.byteOffset, n / 4);
    for (let i = 0; i < wa.length; i++) if (wa[i] !== wb[i]) return false;
    return true;
  }
  for (let i = 0; i < n; i++) if (a.data[i] !== b.data[i]) return false;
  return true;
}

/** A clock on the real time of this process. */
export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** A clock that only moves when slept on: deterministic tests of timeouts and budgets. */
export class VirtualClock implements Clock {
  private t = 0;
  now(): number {
    return this.t;
  }
  async sleep(ms: number): Promise<void> {
    this.t += Math.max(0, ms);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
