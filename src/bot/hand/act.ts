// The hand: every click and key of a session goes through here, and nothing reaches the mouse
// without passing both checks:
// - Safety (inside the recognised board, the mouse where the bot left it, budgets, stop requests);
// - the look check: just before the click, one small grab shows the aimed-at cell and a patch of
//   the board's frame exactly as in the frame the decision was read from. A cell that changed
//   (opened meanwhile by an earlier click of the batch) is skipped; a frame patch that changed means
//   the window moved or something covers it, and the rest of the batch is dropped.
// It also parks the pointer off the board before the screen is grabbed (a glow under the pointer
// would change the cell it is on) and tells Safety that the move was the bot's own.
// Independent of skins: it works on a Grid, regions and grabs.

import { cellCentre, cellRect, gridRect, type Grid, type Rect } from '../../core/grid.js';
import type { Button, Grab, Keyboard, PixelDensity, Point, Pointer, Region } from '../../desktop/ports.js';
import { epochMs } from '../../desktop/clock.js';
import { toPoint } from '../../desktop/region.js';
import { sameArea, type Frames, type PixelMask } from '../screen/frames.js';
import { boundingRegion, framePatch, framePatches, parkingSpot } from '../screen/place.js';
import { motionAt, type Restless } from '../screen/restless.js';
import type { Safety } from './safety.js';
import type { Stopwatch } from '../timing.js';

/** What a click aims at: a cell, the face, or the point `--new-game click:DX,DY` names. */
export type Target = 'cell' | 'face' | 'new-game';

/** A click made: when (ms since the epoch), the physical pixel aimed at, the logical point clicked. */
export interface ClickEvent {
  type: 'click';
  t: number;
  pixel: Point;
  point: Point;
  button: Button;
  target: Target;
  cell?: [number, number];
}

/** A click not made because what it aimed at no longer looked as read. */
export interface SkipEvent {
  type: 'skip';
  t: number;
  target: Target | 'board';
  cell?: [number, number];
  why: string;
}

/** What a look check found: all as read, the aimed-at area changed, or the board's frame moved. */
export type Look = 'same' | 'changed' | 'moved';

export interface HandOptions {
  /** Check each click's cell and the board's frame against the frame read (default true). */
  check?: boolean;
  /** Park the pointer off the board before grabs (default true). */
  park?: boolean;
  /** The page's own motion around the board, learned and left out by the checks (restless.ts). */
  restless?: Restless;
}

/** What a grab shows against `basis`: the frame patch first (moved), then the area (changed), leaving out `ignore`. */
function seenIn(now: Grab, basis: Grab, area: Rect, patch: Rect | null, ignore: PixelMask | null): Look {
  if (patch && !sameArea(now, basis, patch, ignore)) return 'moved';
  return sameArea(now, basis, area, ignore) ? 'same' : 'changed';
}

export class Hand {
  private density: PixelDensity = { scaleX: 1, scaleY: 1 };

  constructor(
    private readonly pointer: Pointer,
    private readonly keyboard: Keyboard,
    private readonly frames: Frames,
    private readonly safety: Safety,
    private readonly watch: Stopwatch,
    private readonly screen: { width: number; height: number },
    private readonly emit: (e: ClickEvent | SkipEvent) => void,
    private readonly opts: HandOptions = {},
  ) {}

  /** Physical pixels per logical point, from a grab. */
  setDensity(d: PixelDensity): void {
    this.density = { ...d };
  }

  /**
   * Whether `area` (screen pixels) and the nearest frame patch of `grid` look now as they do in
   * `basis`: one grab of both.
   */
  async look(grid: Grid, area: Rect, basis: Grab): Promise<Look> {
    const patch = framePatch(grid, area, this.screen);
    const rects: [Rect, ...Rect[]] = patch ? [area, patch] : [area];
    const now = await this.frames.check(boundingRegion(...rects));
    const restless = this.opts.restless;
    const first = seenIn(now, basis, area, patch, restless?.at(grid) ?? null);
    if (first === 'same' || !restless || !restless.mayBeMotion(now, basis, rects, grid)) return first;
    // (the page moving behind the board? One grab of the whole board tells: a difference around
    // the cells' middles only, at the corners of most cells, is learned and left out from now on)
    const wide = await this.frames.check(boundingRegion(gridRect(grid), ...framePatches(grid, this.screen), ...rects));
    if (!motionAt(restless, grid, this.screen).learn(wide, basis)) return first;
    return seenIn(wide, basis, area, patch, restless.at(grid));
  }

  /**
   * Clicks the centre of cell (x, y) of `grid` (screen pixels). With `basis`, first checks that the
   * cell and the frame look as in it; returns what the check found ('same' when clicked).
   */
  async clickCell(grid: Grid, x: number, y: number, button: Button, basis: Grab | null): Promise<Look> {
    const c = cellCentre(grid, x, y);
    return this.clickAt(grid, cellRect(grid, x, y), { x: Math.round(c.x), y: Math.round(c.y) }, button, basis, 'cell', [x, y]);
  }

  /** Clicks the middle of the face button, checked the same way. */
  async clickFace(grid: Grid, face: Region, basis: Grab | null): Promise<Look> {
    const pixel = { x: Math.round(face.left + (face.width - 1) / 2), y: Math.round(face.top + (face.height - 1) / 2) };
    return this.clickAt(grid, face, pixel, 'left', basis, 'face');
  }

  /** Clicks `pixel` to start a new game (`--new-game click:DX,DY`), `area` around it checked the same way. */
  async clickPoint(grid: Grid, area: Rect, pixel: Point, basis: Grab | null): Promise<Look> {
    return this.clickAt(grid, area, pixel, 'left', basis, 'new-game');
  }

  private async clickAt(grid: Grid, area: Rect, pixel: Point, button: Button, basis: Grab | null, target: Target, cell?: [number, number]): Promise<Look> {
    // Safety first, then the look: the look is the last thing before the click, so that as little
    // time as possible passes between seeing the cell and clicking it.
    await this.safety.beforeClick(pixel);
    if (basis && this.opts.check !== false) {
      const seen = await this.look(grid, area, basis);
      if (seen !== 'same') {
        const why = seen === 'moved' ? 'the board frame moved or is covered' : `the ${target} changed since it was read`;
        this.emit({ type: 'skip', t: epochMs(), target, ...(cell ? { cell } : {}), why });
        return seen;
      }
    }
    const at = toPoint(pixel.x, pixel.y, this.density);
    const t = epochMs();
    await this.watch.time('actMs', () => this.pointer.click(at, button));
    this.safety.clicked(at);
    this.emit({ type: 'click', t, pixel, point: at, button, target, ...(cell ? { cell } : {}) });
    return 'same';
  }

  async press(key: string): Promise<void> {
    await this.safety.beforeKey();
    await this.watch.time('actMs', () => this.keyboard.press(key));
    this.safety.keyed();
  }

  /** Moves the pointer just off the grid (only a move, never a click), if parking is on. */
  async park(grid: Grid): Promise<void> {
    if (this.opts.park === false) return;
    const spot = parkingSpot(grid, this.screen);
    const at = toPoint(spot.x, spot.y, this.density);
    await this.safety.checkMouse();
    await this.watch.time('actMs', () => this.pointer.move(at));
    this.safety.moved(at);
  }
}
