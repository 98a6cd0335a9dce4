// The real desktop through nut.js (docs/architecture.md "The real desktop"):
// - the display is checked BEFORE nut.js is loaded: its first call segfaults without one;
// - grabs are BGRA with alpha 0, or 2 bytes per pixel (RGB565) on a 16-bit display, with rows
//   byteWidth bytes long: toRgba() turns any of them into plain RGBA;
// - grab regions are given to nut.js in logical points and come back in physical pixels; the
//   image's pixelDensity says how they relate, and the loop divides by it to click;
// - autoDelayMs = 0: the defaults add ~100 ms per click and ~1 s per move; and clicks, moves and
//   grabs go straight to nut.js's providers: its mouse.click() waits setTimeout(0) (about 1 ms)
//   before each click even with no delay set, which was most of the time a click took;
// - a click can hold the button a moment (clickHoldMs, `--click-hold`): some browser games are
//   said to ignore a press and release of the same instant (none measured here does); a held click
//   also keeps the pointer on its point as long after the release (games that read the mouse once
//   a frame, `clickOn`).
// - windows are listed only when asked (`--window TITLE`): on X11, asking a window that has just
//   closed for its title or place ends the process (Xlib's default error handler), so the listing
//   is never polled.

import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import type { Button, Clock, Desktop, Grab, Keyboard, PixelDensity, Point, Pointer, Region, RgbaImage, Screen, WindowInfo, Windows } from './ports.js';
import { realClock } from './clock.js';

/** The desktop cannot be used: no display, missing library. The message says what to do. */
export class DesktopError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DesktopError';
  }
}

/** What nut.js hands back from a grab. */
export interface RawGrab {
  width: number;
  height: number;
  data: Uint8Array;
  bitsPerPixel: number;
  byteWidth: number;
  /** 0 = BGR (nut.js grabs), 1 = RGB. */
  colorMode?: number;
}

/** Converts a raw grab (32-bit BGRA/RGBA, 24-bit, or 16-bit RGB565; padded rows) to RGBA. */
export function toRgba(raw: RawGrab): RgbaImage {
  const { width, height, data, bitsPerPixel, byteWidth } = raw;
  const bgr = (raw.colorMode ?? 0) === 0;
  const bpp = bitsPerPixel / 8;
  if (![2, 3, 4].includes(bpp)) throw new DesktopError(`unsupported screen depth: ${bitsPerPixel} bits per pixel`);
  if (byteWidth < width * bpp || data.length < byteWidth * (height - 1) + width * bpp) {
    throw new DesktopError(`grab of ${width}x${height} at ${bitsPerPixel} bpp has ${data.length} bytes with rows of ${byteWidth}`);
  }
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    let s = y * byteWidth;
    let d = y * width * 4;
    if (bpp === 2) {
      for (let x = 0; x < width; x++, s += 2, d += 4) {
        const v = data[s]! | (data[s + 1]! << 8);
        const r5 = (v >> 11) & 31;
        const g6 = (v >> 5) & 63;
        const b5 = v & 31;
        // Expand with the high bits repeated, so 31 → 255 and 0 → 0.
        out[d] = (r5 << 3) | (r5 >> 2);
        out[d + 1] = (g6 << 2) | (g6 >> 4);
        out[d + 2] = (b5 << 3) | (b5 >> 2);
        out[d + 3] = 255;
      }
    } else if (bpp === 4 && bgr && (data.byteOffset + s) % 4 === 0) {
      // Fast path: whole pixels as little-endian words, B G R A → R G B 255.
      const src = new Uint32Array(data.buffer, data.byteOffset + s, width);
      const dst = new Uint32Array(out.buffer, d, width);
      for (let x = 0; x < width; x++) {
        const v = src[x]!;
        dst[x] = (((v >>> 16) & 0xff) | (v & 0xff00) | ((v & 0xff) << 16) | 0xff000000) >>> 0;
      }
    } else {
      for (let x = 0; x < width; x++, s += bpp, d += 4) {
        out[d] = bgr ? data[s + 2]! : data[s]!;
        out[d + 1] = data[s + 1]!;
        out[d + 2] = bgr ? data[s]! : data[s + 2]!;
        out[d + 3] = 255; // nut.js leaves alpha at 0
      }
    }
  }
  return { width, height, data: out };
}

/**
 * A grab that converts to RGBA only what is read: comparisons use the raw 32-bit words, a read of
 * a few cells converts only their crop.
 */
export function nutGrab(raw: RawGrab, region: Region, pixelDensity: PixelDensity): Grab {
  const bpp = raw.bitsPerPixel / 8;
  let image: RgbaImage | null = null;
  let words: Uint32Array | undefined;
  if (bpp === 4 && raw.byteWidth === raw.width * 4 && raw.data.byteOffset % 4 === 0) {
    words = new Uint32Array(raw.data.buffer, raw.data.byteOffset, raw.width * raw.height);
  }
  return {
    region,
    pixelDensity,
    words,
    get image(): RgbaImage {
      image ??= toRgba(raw);
      return image;
    },
    crop(area: Region): RgbaImage {
      const x0 = area.left - region.left;
      const y0 = area.top - region.top;
      if (x0 < 0 || y0 < 0 || x0 + area.width > raw.width || y0 + area.height > raw.height) {
        throw new RangeError(`crop ${JSON.stringify(area)} is outside the grab ${JSON.stringify(region)}`);
      }
      return toRgba({ ...raw, data: raw.data.subarray(y0 * raw.byteWidth + x0 * bpp), width: area.width, height: area.height });
    },
  };
}

/**
 * nut.js takes grab regions in logical points and returns physical pixels: the points region that
 * covers a pixel region, and the physical pixel where the grab will start.
 */
export function pointsRegion(region: Region, density: PixelDensity): { points: Region; origin: { left: number; top: number } } {
  const { scaleX, scaleY } = density;
  const left = Math.floor(region.left / scaleX);
  const top = Math.floor(region.top / scaleY);
  const right = Math.ceil((region.left + region.width) / scaleX);
  const bottom = Math.ceil((region.top + region.height) / scaleY);
  return {
    points: { left, top, width: right - left, height: bottom - top },
    origin: { left: Math.round(left * scaleX), top: Math.round(top * scaleY) },
  };
}

/**
 * Checks that an X display can be reached before anything touches nut.js (which would segfault).
 * Only on Linux and the BSDs; other systems always have a screen.
 */
export async function checkDisplay(env: NodeJS.ProcessEnv = process.env, platform = process.platform): Promise<void> {
  if (platform === 'win32' || platform === 'darwin') return;
  const display = env.DISPLAY;
  if (!display) {
    throw new DesktopError('no X display: DISPLAY is not set (start X or Xvfb, e.g. `Xvfb :99 & export DISPLAY=:99`; without a screen, `minebot play` plays on the simulated desktop)');
  }
  const m = /^([^:]*):(\d+)(?:\.\d+)?$/.exec(display);
  if (!m) throw new DesktopError(`DISPLAY="${display}" is not a display name like :0 or host:0`);
  const host = m[1]!;
  const n = Number(m[2]);
  if (host === '' || host === 'unix') {
    if (!existsSync(`/tmp/.X11-unix/X${n}`)) {
      throw new DesktopError(`no X server on DISPLAY=${display} (no socket /tmp/.X11-unix/X${n}); is X or Xvfb running?`);
    }
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const sock = connect({ host, port: 6000 + n, timeout: 2000 });
    sock.once('connect', () => (sock.destroy(), resolve()));
    sock.once('timeout', () => (sock.destroy(), reject(new DesktopError(`X server ${display} did not answer`))));
    sock.once('error', (e) => reject(new DesktopError(`cannot reach X server ${display}: ${e.message}`)));
  });
}

type NutModule = typeof import('@nut-tree/nut-js');

export async function loadNut(): Promise<NutModule> {
  try {
    return await import('@nut-tree/nut-js');
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    if (/libXtst/i.test(msg)) throw new DesktopError('nut.js needs libXtst: install it (apt-get install libxtst6)');
    throw new DesktopError(`cannot load nut.js: ${msg.split('\n')[0]}`);
  }
}

/**
 * How long a click holds the button down, in ms, unless told otherwise (`--click-hold`). 0: press
 * and release at once, in one call. Measured (docs/live.md, docs/zoo.md): the zoo's browser game
 * (98.js in chromium on Xvfb) opens cells on 0 ms clicks, and a 1 ms hold cost 0.4-0.8 s per won
 * expert game on xdemineur (1.1-1.4 s against 0.68-0.74 s), over the 0.8 s the live speed may take;
 * so clicks are instant by default and a game that ignores them gets `--click-hold 30`.
 */
export const DEFAULT_CLICK_HOLD_MS = 0;

const waitCell = new Int32Array(new SharedArrayBuffer(4));
/**
 * Blocks for `ms` (fractions too): a timer would hand the wait to the event loop, which on a loaded
 * machine returns several ms late (a 2 ms hold by setTimeout cost 4 ms a click at load 11).
 */
function holdFor(ms: number): void {
  Atomics.wait(waitCell, 0, 0, ms);
}

/** The mouse calls a click makes (nut.js's mouse provider, or a test's). */
export interface ClickMouse {
  setMousePosition(to: { x: number; y: number }): Promise<unknown>;
  click(button: never): Promise<unknown>;
  pressButton(button: never): Promise<unknown>;
  releaseButton(button: never): Promise<unknown>;
}

/**
 * One click at `at`. With a hold, the button is held `hold` ms and the pointer then stays on the
 * point as long again before anything moves it: a game that reads the mouse in its own frame loop
 * (roanrobersson/js-minesweeper: a cell opens at the first frame after the release, and only while
 * the pointer is still over it) sees a release followed at once by the move away to the next cell
 * or off the board as a pointer that left before it let go, and opens nothing.
 */
export async function clickOn(mouse: ClickMouse, at: { x: number; y: number }, button: never, hold: number): Promise<void> {
  await mouse.setMousePosition(at);
  if (hold <= 0) {
    await mouse.click(button);
    return;
  }
  await mouse.pressButton(button);
  holdFor(hold);
  await mouse.releaseButton(button);
  holdFor(hold);
}

export interface NutOptions {
  clock?: Clock;
  /** Milliseconds between pressing and releasing the button of a click (0: at once). */
  clickHoldMs?: number;
}

/** Opens the real desktop. Throws DesktopError (never crashes) when there is no display. */
export async function openNutDesktop(options: NutOptions = {}): Promise<Desktop> {
  await checkDisplay();
  const nut = await loadNut();
  const { screen, mouse, keyboard } = nut;
  mouse.config.autoDelayMs = 0;
  mouse.config.mouseSpeed = 100000;
  keyboard.config.autoDelayMs = 0;

  // Screen size in physical pixels and the density, from one full grab.
  let full: { width: number; height: number; density: PixelDensity } | null = null;
  const measure = async () => {
    if (!full) {
      const img = await screen.grab();
      full = { width: img.width, height: img.height, density: { ...img.pixelDensity } };
    }
    return full;
  };

  const hold = options.clickHoldMs ?? DEFAULT_CLICK_HOLD_MS;
  const buttons: Record<Button, number> = { left: nut.Button.LEFT, right: nut.Button.RIGHT, middle: nut.Button.MIDDLE };
  const mouseProvider = nut.providerRegistry.getMouse();
  const screenProvider = nut.providerRegistry.getScreen();

  const nutScreen: Screen = {
    size: async () => {
      const f = await measure();
      return { width: f.width, height: f.height };
    },
    grab: async (region?: Region): Promise<Grab> => {
      const f = await measure();
      let img;
      let where: Region;
      if (region) {
        const { points, origin } = pointsRegion(region, f.density);
        img = await screenProvider.grabScreenRegion(new nut.Region(points.left, points.top, points.width, points.height));
        where = { ...origin, width: img.width, height: img.height };
      } else {
        img = await screen.grab();
        where = { left: 0, top: 0, width: img.width, height: img.height };
      }
      return nutGrab(
        { width: img.width, height: img.height, data: img.data, bitsPerPixel: img.bitsPerPixel, byteWidth: img.byteWidth, colorMode: img.colorMode },
        where,
        { ...img.pixelDensity },
      );
    },
  };

  const pointer: Pointer = {
    position: async (): Promise<Point> => {
      const p = await mouseProvider.currentMousePosition();
      return { x: p.x, y: p.y };
    },
    move: async (to) => {
      await mouseProvider.setMousePosition(new nut.Point(to.x, to.y));
    },
    click: async (at, button) => {
      await clickOn(mouseProvider as unknown as ClickMouse, new nut.Point(at.x, at.y), buttons[button] as never, hold);
    },
  };

  const windows: Windows = {
    list: async (): Promise<WindowInfo[]> => {
      const { density } = await measure();
      const out: WindowInfo[] = [];
      for (const w of await nut.getWindows()) {
        const r = await w.getRegion();
        if (r.width <= 0 || r.height <= 0) continue;
        const left = Math.round(r.left * density.scaleX);
        const top = Math.round(r.top * density.scaleY);
        out.push({
          handle: Number((w as unknown as { windowHandle: number }).windowHandle),
          title: await w.getTitle(),
          region: { left, top, width: Math.round((r.left + r.width) * density.scaleX) - left, height: Math.round((r.top + r.height) * density.scaleY) - top },
        });
      }
      return out;
    },
  };

  const MODIFIERS: Record<string, string> = { ctrl: 'LeftControl', control: 'LeftControl', alt: 'LeftAlt', shift: 'LeftShift', super: 'LeftSuper', cmd: 'LeftCmd' };
  const keys: Keyboard = {
    // A key (F2, n) or a chord of modifiers and a key (Ctrl+R), pressed together.
    press: async (name) => {
      const keys = name.split('+').map((part) => {
        const keyName = MODIFIERS[part.toLowerCase()] ?? (part.length === 1 ? part.toUpperCase() : part);
        const key = (nut.Key as unknown as Record<string, number>)[keyName];
        if (key === undefined) throw new DesktopError(`unknown key "${part}" in "${name}"`);
        return key;
      });
      await keyboard.pressKey(...(keys as never[]));
      await keyboard.releaseKey(...(keys as never[]));
    },
  };

  return { kind: 'nut', screen: nutScreen, pointer, keyboard: keys, clock: options.clock ?? realClock, windows };
}
