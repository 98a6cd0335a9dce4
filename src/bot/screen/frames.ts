// Grabbing the screen: timed grabs, frames that have settled (two grabs in a row agree, and the
// screen has been quiet for the quiet time), and pixel comparisons between grabs of different
// regions in screen coordinates. Knows nothing of skins: what to compare is given as rectangles (a
// grid's cells, its frame).
//
// The quiet time: a game on a loaded machine can draw a click's effect in steps (the cell pressed,
// then, a scheduler slice later, the cascade), and two grabs a few milliseconds apart can agree
// between the steps. A frame is settled once nothing changed for the quiet time; it grows
// (lateChange) each time the screen is seen changing after a frame was taken as settled.

import { cellRect, gridRect, type Grid, type Rect } from '../../core/grid.js';
import type { Clock, Grab, Region, RgbaImage, Screen } from '../../desktop/ports.js';
import type { Reading } from '../reading.js';
import type { Stopwatch } from '../timing.js';

/** A frame that cannot be used (unsure, inconsistent, unsettled): the message says why. */
export class BadReading extends Error {
  constructor(
    message: string,
    readonly capture: Grab,
    readonly reading: Reading | null,
    /** The reader's error, when it was one. */
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A frame that did not settle in time (something in it kept changing); the capture is the last grab. */
export class Unsettled extends BadReading {}

export interface FrameOptions {
  /** Pause between grabs while waiting, ms. */
  pollMs?: number;
  /** How long to wait for the screen to change after an action, ms. */
  changeTimeoutMs?: number;
  /** How long to wait for two identical grabs, ms. */
  stableTimeoutMs?: number;
  /** A frame is settled once the screen showed it unchanged for this long, ms (default 0: two grabs in a row agree). */
  quietMs?: number;
  /** How far lateChange may raise the quiet time, ms (default 400). */
  maxQuietMs?: number;
}

/** The quiet time lateChange starts from when it was 0, ms. */
const FIRST_QUIET_MS = 25;

export class Frames {
  private quiet: number;
  /** A shorter change timeout while `briefly` runs, ms. */
  private brief: number | null = null;

  constructor(
    private readonly screen: Screen,
    private readonly clock: Clock,
    private readonly watch: Stopwatch,
    private readonly opts: FrameOptions,
    /** Called while waiting: throws to stop (a stop request, a budget). */
    private readonly checkpoint: () => void,
  ) {
    this.quiet = Math.max(0, opts.quietMs ?? 0);
  }

  /** How long the screen must show a frame unchanged before it counts as settled, ms. */
  get quietMs(): number {
    return this.quiet;
  }

  /**
   * The screen changed after a frame was taken as settled, with nothing done in between: the game
   * draws in steps further apart than the quiet time. Doubles it (up to the bound); returns it.
   */
  lateChange(): number {
    this.quiet = Math.min(this.opts.maxQuietMs ?? 400, Math.max(FIRST_QUIET_MS, this.quiet * 2));
    return this.quiet;
  }

  get changeTimeoutMs(): number {
    return Math.min(this.brief ?? Infinity, this.opts.changeTimeoutMs ?? 1000);
  }

  /**
   * Runs `fn` with the change timeout cut to at most `ms` (null: as it is): for clicks the game is
   * likely to ignore, where waiting the whole timeout for a change only delays the answer.
   */
  async briefly<T>(ms: number | null, fn: () => Promise<T>): Promise<T> {
    const was = this.brief;
    this.brief = ms;
    try {
      return await fn();
    } finally {
      this.brief = was;
    }
  }

  async grab(region?: Region): Promise<Grab> {
    return this.watch.time('grabMs', () => this.screen.grab(region));
  }

  /** A grab booked as a check before a click. */
  async check(region: Region): Promise<Grab> {
    return this.watch.time('checkMs', () => this.screen.grab(region));
  }

  async pause(): Promise<void> {
    await this.watch.sleep(this.opts.pollMs ?? 5);
  }

  /**
   * The first grab of `region` whose `area` differs from `from` (waiting up to the change timeout:
   * a click shows on the screen some milliseconds after it is made), or the first grab when `from`
   * is null. Not yet known to be settled: a caller that acts on it confirms it first.
   */
  async changed(region: Region, from: Grab | null, area: Rect = region, motion?: Motion): Promise<Grab> {
    let g = await this.grab(region);
    if (!from) return g;
    const until = this.clock.now() + this.changeTimeoutMs;
    while (sameArea(g, from, area, motion?.mask() ?? null) && this.clock.now() < until) {
      this.checkpoint();
      await this.pause();
      g = await this.grab(region);
    }
    return g;
  }

  /**
   * Waits until `region` has shown no change for `quietMs`, for at most `limitMs`; whether it did.
   * (A game's end may still be drawing, a fade or a dialog coming, when the loop has read it.)
   */
  async quietFor(region: Region, quietMs: number, limitMs: number): Promise<boolean> {
    const start = this.clock.now();
    let g = await this.grab(region);
    let since = start;
    for (;;) {
      if (this.clock.now() - since >= quietMs) return true;
      if (this.clock.now() - start >= limitMs) return false;
      this.checkpoint();
      await this.watch.sleep(Math.max(this.opts.pollMs ?? 5, Math.min(50, quietMs / 4)));
      const next = await this.grab(region);
      if (!sameArea(next, g, region)) (g = next), (since = this.clock.now());
    }
  }

  /**
   * A frame of `region` that two grabs in a row agree on within `area` (screen pixels; default the
   * whole region), the later one at least the quiet time after the first grab that showed it. With
   * `changedFrom`, first waits (up to the change timeout) for `area` to differ from that grab: a
   * click shows on the screen some milliseconds after it is made. With `motion`, the page's own
   * motion around the board is left out (and learned from two grabs in a row that differ).
   */
  async stable(region: Region, changedFrom: Grab | null, area: Rect = region, motion?: Motion): Promise<Grab> {
    let g = await this.changed(region, changedFrom, area, motion);
    let since = this.clock.now();
    const timeout = (this.opts.stableTimeoutMs ?? 2000) + this.quiet;
    const until = this.clock.now() + timeout;
    // (grabs STILL_SPACING_MS apart at least: a scene that stays still under things that keep
    // moving over it is read from the last of them when no two grabs agree in time)
    const recent: Grab[] = [g];
    let kept = this.clock.now();
    for (;;) {
      // the rest of the quiet time in pauses of a quarter of it (at least the poll pause): a
      // change is seen at most that late
      const rest = Math.min(this.quiet - (this.clock.now() - since), this.quiet / 4);
      if (rest > (this.opts.pollMs ?? 5)) await this.watch.sleep(rest);
      else await this.pause();
      const next = await this.grab(region);
      if (this.clock.now() - kept >= STILL_SPACING_MS) {
        recent.push(next);
        kept = this.clock.now();
        if (recent.length > 2 * STILL_GRABS) recent.shift();
      }
      if (sameMoving(next, g, area, motion)) {
        if (this.clock.now() - since >= this.quiet) return next;
        continue;
      }
      if (this.clock.now() >= until) {
        const still = stillUnder(recent, area);
        if (still) return still;
        throw new Unsettled(`the screen did not settle within ${timeout} ms`, next, null);
      }
      this.checkpoint();
      g = next;
      since = this.clock.now();
    }
  }
}

/** Grabs a still frame is taken from, and checked against as many before them (stillUnder). */
const STILL_GRABS = 5;
/** How far apart in time those grabs are, ms: confetti falls further than its own size. */
const STILL_SPACING_MS = 100;
/** Share of the pixels of the area that may have no value most grabs agree on. */
const STILL_SLACK = 0.005;

/**
 * The still scene under things that keep moving over it (confetti after a win, a sparkle): each
 * pixel the value most of the last STILL_GRABS grabs agree on (three of five at least), when
 * that holds for all but STILL_SLACK of `area`'s pixels, and the STILL_GRABS grabs before them
 * give the same scene there; else null (the scene itself changes: a fade, a drift of every pixel,
 * an animation over much of it). A grab of the whole region, without desktop words.
 */
export function stillUnder(grabs: readonly Grab[], area: Rect): Grab | null {
  if (grabs.length < 2 * STILL_GRABS) return null;
  const last = grabs.slice(-STILL_GRABS), before = grabs.slice(-2 * STILL_GRABS, -STILL_GRABS);
  const r = last[0]!.region;
  if (grabs.some((g) => g.region.left !== r.left || g.region.top !== r.top || g.region.width !== r.width || g.region.height !== r.height)) return null;
  const a = majority(last, r, area), b = majority(before, r, area);
  if (!a || !b) return null;
  let differ = 0, n = 0;
  for (const i of areaPixels(r, area)) (n++, (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) && differ++);
  if (differ > STILL_SLACK * n) return null;
  return { region: { ...r }, image: { width: r.width, height: r.height, data: a }, pixelDensity: last[0]!.pixelDensity };
}

/** The byte offsets of `area`'s pixels in an image of `r`. */
function* areaPixels(r: Region, area: Rect): Generator<number> {
  const x0 = Math.max(r.left, Math.floor(area.left)), y0 = Math.max(r.top, Math.floor(area.top));
  const x1 = Math.min(r.left + r.width, Math.ceil(area.left + area.width)), y1 = Math.min(r.top + r.height, Math.ceil(area.top + area.height));
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) yield ((y - r.top) * r.width + (x - r.left)) * 4;
}

/** Per pixel the RGBA value most of `grabs` share (a strict majority), the first grab's elsewhere; null when too many of `area`'s pixels have none. */
function majority(grabs: readonly Grab[], r: Region, area: Rect): Uint8Array | null {
  const images = grabs.map((g) => g.image.data);
  const out = images[0]!.slice();
  const need = Math.floor(grabs.length / 2) + 1;
  let none = 0, n = 0;
  const same = (p: Uint8Array, q: Uint8Array, i: number): boolean => p[i] === q[i] && p[i + 1] === q[i + 1] && p[i + 2] === q[i + 2];
  for (const i of areaPixels(r, area)) {
    n++;
    let found = false;
    for (let k = 0; k <= images.length - need && !found; k++) {
      let votes = 0;
      for (const img of images) if (same(img, images[k]!, i)) votes++;
      if (votes >= need) (found = true), out.set(images[k]!.subarray(i, i + 4), i);
    }
    if (!found) none++;
  }
  return none > STILL_SLACK * n ? null : out;
}

/**
 * What a comparison leaves out: pixels (screen coordinates) of a page's own motion around a board,
 * and elsewhere differences of up to `slack` levels in every channel (that page seen faintly
 * through the cells; restless.ts).
 */
export interface PixelMask {
  has(x: number, y: number): boolean;
  readonly slack: number;
}

/**
 * A page's own motion around one board: what comparisons there leave out now, and a way to learn
 * more from two grabs that differ with nothing done between them (true when it did; restless.ts).
 */
export interface Motion {
  mask(): PixelMask | null;
  learn(a: Grab, b: Grab): boolean;
}

/** Whether two grabs show the same over `area`, leaving out the page's motion (learning it from them first when they differ). */
function sameMoving(a: Grab, b: Grab, area: Rect, motion: Motion | undefined): boolean {
  if (sameArea(a, b, area, motion?.mask() ?? null)) return true;
  return !!motion && motion.learn(a, b) && sameArea(a, b, area, motion.mask());
}

/**
 * Whether two grabs show the same pixels over a rectangle of the screen, leaving out the pixels of
 * `ignore`. A rectangle that either grab does not wholly cover is not the same (a check that
 * cannot be made fails).
 */
export function sameArea(a: Grab, b: Grab, area: Rect, ignore: PixelMask | null = null): boolean {
  const span = spanIn(a, b, area);
  if (!span) return false;
  const { left, top, right, bottom } = span;
  const [pa, pb] = comparable(a, b);
  const wa = a.region.width;
  const wb = b.region.width;
  const n = (right - left) * 4;
  for (let y = top; y < bottom; y++) {
    const i = ((y - a.region.top) * wa + (left - a.region.left)) * 4;
    const j = ((y - b.region.top) * wb + (left - b.region.left)) * 4;
    if (pa.compare(pb, j, j + n, i, i + n) !== 0 && (!ignore || rowDiffers(pa, pb, i, j, left, right, y, ignore))) return false;
  }
  return true;
}

/** Whether a row of pixels from `left` to `right` (at byte offsets i in pa, j in pb) differs at a pixel `ignore` does not leave out. */
function rowDiffers(pa: Buffer, pb: Buffer, i: number, j: number, left: number, right: number, y: number, ignore: PixelMask): boolean {
  const slack = ignore.slack;
  for (let x = left; x < right; x++, i += 4, j += 4) {
    if (pa.readUInt32LE(i) !== pb.readUInt32LE(j) && !ignore.has(x, y) && levelsApart(pa, pb, i, j) > slack) return true;
  }
  return false;
}

/**
 * Calls `visit` with each pixel (screen coordinates) of `area` that differs between two grabs
 * covering it, with its largest difference in one channel (levels), until `visit` returns false;
 * whether it went through (true when either grab does not cover the area: nothing to visit).
 */
export function eachDiffering(a: Grab, b: Grab, area: Rect, visit: (x: number, y: number, by: number) => boolean): boolean {
  const span = spanIn(a, b, area);
  if (!span) return true;
  const { left, top, right, bottom } = span;
  const [pa, pb] = comparable(a, b);
  const n = (right - left) * 4;
  for (let y = top; y < bottom; y++) {
    let i = ((y - a.region.top) * a.region.width + (left - a.region.left)) * 4;
    let j = ((y - b.region.top) * b.region.width + (left - b.region.left)) * 4;
    if (pa.compare(pb, j, j + n, i, i + n) === 0) continue;
    for (let x = left; x < right; x++, i += 4, j += 4) {
      if (pa.readUInt32LE(i) === pb.readUInt32LE(j)) continue;
      if (!visit(x, y, levelsApart(pa, pb, i, j))) return false;
    }
  }
  return true;
}

/** The whole pixels of `area` (clipped at the screen's top-left), when both grabs cover them; else null (a comparison that cannot be made). */
function spanIn(a: Grab, b: Grab, area: Rect): { left: number; top: number; right: number; bottom: number } | null {
  const left = Math.max(0, Math.floor(area.left));
  const top = Math.max(0, Math.floor(area.top));
  const right = Math.ceil(area.left + area.width);
  const bottom = Math.ceil(area.top + area.height);
  return covers(a.region, left, top, right, bottom) && covers(b.region, left, top, right, bottom) ? { left, top, right, bottom } : null;
}

/** How far apart two pixels (at byte offsets i in pa, j in pb) are in their most different channel, levels. */
function levelsApart(pa: Buffer, pb: Buffer, i: number, j: number): number {
  return Math.max(Math.abs(pa[i]! - pb[j]!), Math.abs(pa[i + 1]! - pb[j + 1]!), Math.abs(pa[i + 2]! - pb[j + 2]!), Math.abs(pa[i + 3]! - pb[j + 3]!));
}

/** Both grabs' pixel bytes, of the same kind (the desktop's raw words, else RGBA), as Buffers for memcmp. */
function comparable(a: Grab, b: Grab): [Buffer, Buffer] {
  return a.words && b.words ? [bytes(a.words), bytes(b.words)] : [bytes(a.image.data), bytes(b.image.data)];
}

function covers(r: Region, left: number, top: number, right: number, bottom: number): boolean {
  return left >= r.left && top >= r.top && right <= r.left + r.width && bottom <= r.top + r.height && right > left && bottom > top;
}

const views = new WeakMap<ArrayBufferView, Buffer>();

/** A Buffer over the same memory (no copy), kept per array. */
function bytes(a: Uint8Array | Uint32Array): Buffer {
  let v = views.get(a);
  if (!v) {
    v = Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    views.set(a, v);
  }
  return v;
}

/**
 * Whether the cell `at` and two more cells of the block around it differ between `a` and `b`:
 * something wider than a cell came over it (a box, a dimming layer), not one cell redrawn. False
 * when either grab does not hold the whole board.
 */
export function overCellAndAround(a: Grab, b: Grab, grid: Grid, at: readonly [number, number]): boolean {
  const whole = gridRect(grid);
  if (!spanIn(a, b, whole)) return false;
  const differs = (x: number, y: number): boolean => !sameArea(a, b, cellRect(grid, x, y));
  if (!differs(at[0], at[1])) return false;
  let around = 0;
  for (let y = Math.max(0, at[1] - 1); y <= Math.min(grid.rows - 1, at[1] + 1); y++) {
    for (let x = Math.max(0, at[0] - 1); x <= Math.min(grid.cols - 1, at[0] + 1); x++) if ((x !== at[0] || y !== at[1]) && differs(x, y)) around++;
  }
  return around >= 2;
}

/** Cells of a grid (screen coordinates) whose pixels differ between two grabs covering it (leaving out those of `ignore`). */
export function changedCells(a: Grab, b: Grab, grid: Grid, ignore: PixelMask | null = null): [number, number][] {
  const out: [number, number][] = [];
  const whole = gridRect(grid);
  const left = Math.floor(whole.left);
  const top = Math.floor(whole.top);
  const right = Math.ceil(whole.left + whole.width);
  const bottom = Math.ceil(whole.top + whole.height);
  if (!covers(a.region, left, top, right, bottom) || !covers(b.region, left, top, right, bottom)) {
    for (let y = 0; y < grid.rows; y++) for (let x = 0; x < grid.cols; x++) out.push([x, y]);
    return out;
  }
  const [pa, pb] = comparable(a, b);
  const wa = a.region.width;
  const wb = b.region.width;
  const n = (right - left) * 4;
  // Rows of pixels that differ anywhere across the grid (one memcmp each), then the cells in them.
  const differs = new Uint8Array(grid.cols * grid.rows);
  const cols = Array.from({ length: grid.cols }, (_, x) => cellRect(grid, x, 0));
  for (let y = 0; y < grid.rows; y++) {
    const r = cellRect(grid, 0, y);
    for (let py = r.top; py < r.top + r.height; py++) {
      const i = ((py - a.region.top) * wa + (left - a.region.left)) * 4;
      const j = ((py - b.region.top) * wb + (left - b.region.left)) * 4;
      if (pa.compare(pb, j, j + n, i, i + n) === 0) continue;
      for (let x = 0; x < grid.cols; x++) {
        const k = y * grid.cols + x;
        if (differs[k]) continue;
        const c = cols[x]!;
        const ci = ((py - a.region.top) * wa + (c.left - a.region.left)) * 4;
        const cj = ((py - b.region.top) * wb + (c.left - b.region.left)) * 4;
        if (pa.compare(pb, cj, cj + c.width * 4, ci, ci + c.width * 4) !== 0 && (!ignore || rowDiffers(pa, pb, ci, cj, c.left, c.left + c.width, py, ignore))) differs[k] = 1;
      }
    }
  }
  for (let k = 0; k < differs.length; k++) if (differs[k]) out.push([k % grid.cols, Math.floor(k / grid.cols)]);
  return out;
}

/** The part of a grab's image inside a screen rectangle (which the grab must cover). */
export function cropGrab(g: Grab, area: Region): RgbaImage {
  if (g.crop) return g.crop(area);
  const x0 = area.left - g.region.left;
  const y0 = area.top - g.region.top;
  const { width: w, height: h } = area;
  const img = g.image;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) data.set(img.data.subarray(((y0 + y) * img.width + x0) * 4, ((y0 + y) * img.width + x0 + w) * 4), y * w * 4);
  return { width: w, height: h, data };
}
