// A virtual desktop: a simulated Game drawn with a skin at some offset and scale on a plain
// background, whose clicks and keys become game actions. The bot loop cannot tell it from the real
// screen, which makes the whole loop testable without a display. It can also play the user: move
// the mouse behind the bot's back, show stale frames for a while after each action (the real
// screen lags 25-50 ms behind a click), damage frames, glow the cell under the pointer (Windows 7),
// and do what desktops do to windows: move the game, raise other windows over it (a dialog, a
// second game), minimise or close it. Every click records which window it landed on.

import { createRng, mixSeed } from '../core/rng.js';
import type { BoardSpec, FirstClickRule } from '../core/rules.js';
import { Game } from '../game/engine.js';
import type { Board } from '../core/board.js';
import { cellAt, insideRect, type Grid } from '../core/grid.js';
import { VirtualClock, epochMs } from './clock.js';
import { clipRegion } from './region.js';
import {
  type Button,
  type Clock,
  type Desktop,
  type Grab,
  type Keyboard,
  type PixelDensity,
  type Point,
  type Pointer,
  type Region,
  type RgbaImage,
  type Screen,
  type WindowInfo,
  type Windows,
} from './ports.js';

export interface RenderOptions {
  scale?: number;
  face?: 'playing' | 'won' | 'lost';
  mineCounter?: number;
  timer?: number;
}

/** Draws a board with a skin: the game window's image and where its grid is in it. */
export type RenderBoard = (board: Board, skin: string, options?: RenderOptions) => { image: RgbaImage; grid: Grid };

export interface SimulatedOptions {
  spec: BoardSpec;
  rule: FirstClickRule;
  /** Game i of the session uses layout seed mixSeed(seed, i). */
  seed: number;
  render: RenderBoard;
  skin: string;
  /** Skin scale (1 = the skin's native pitch). */
  scale?: number;
  /** Top-left pixel of the rendered game window on the screen. */
  offset?: { x: number; y: number };
  /** Screen size in physical pixels (grown to fit the game if needed). */
  screen?: { width: number; height: number };
  /** Physical pixels per logical point of the pointer (e.g. 1.25 for a 125 % display). */
  density?: PixelDensity;
  /** Grabs that still show the previous frame after each action. */
  lag?: number;
  /**
   * With lag: the stale frame shows the state before the latest action (a screen caught halfway
   * through drawing a batch of clicks) instead of the state before the batch. Costs a render per
   * click.
   */
  partialFrames?: boolean;
  /** Keys that start a new game (the face starts one too when the skin has one). */
  newGameKeys?: string[];
  /** Where the face is for a grid (window pixels); clicking it starts a new game. */
  faceAt?: (skin: string, grid: Grid) => Region | null;
  /** Applied to (a copy of) the game window on every grab: tests damage frames with it. */
  damage?: (image: RgbaImage, grid: Grid) => void;
  clock?: Clock;
  background?: [number, number, number];
  /** Brightens the cell under the pointer in every grab, as Windows 7 Minesweeper does. */
  glow?: boolean;
  /** The game window's title in the window listing. */
  title?: string;
}

/** A window over the game: a flat colour, or an image (e.g. another game drawn by the renderer). */
export interface OtherWindow {
  title: string;
  region: Region;
  colour?: [number, number, number];
  image?: RgbaImage;
  /** A dialog: the keys that close it; while it is in front it takes every key (others do nothing). */
  closesOn?: string[];
  /** A dialog closed by a click on its button here (screen pixels); a click elsewhere on it does nothing. */
  closesOnClick?: Region;
}

export interface ClickRecord {
  /** Logical point clicked. */
  point: Point;
  /** Physical pixel it maps to. */
  pixel: Point;
  button: Button;
  /** The cell of the game under it, or null when the click did not reach the game's grid. */
  cell: [number, number] | null;
  /** The title of the window it landed on, or null for the bare desktop. */
  window: string | null;
  /** When it was made (ms since the epoch). */
  t: number;
}

export class SimulatedDesktop implements Desktop {
  readonly kind = 'simulated';
  readonly screen: Screen;
  readonly pointer: Pointer;
  readonly keyboard: Keyboard;
  readonly clock: Clock;
  readonly windows: Windows;
  /** Every game played so far, the current one last. */
  readonly games: Game[] = [];
  /** Every click the bot made. */
  readonly clicks: ClickRecord[] = [];
  readonly keys: string[] = [];
  /** Called after every click the bot makes (tests script the user with it). */
  onClick: ((record: ClickRecord, desktop: SimulatedDesktop) => void) | null = null;

  private readonly opts: SimulatedOptions;
  private readonly density: PixelDensity;
  private offset: { x: number; y: number };
  private shown: 'open' | 'minimised' | 'closed' = 'open';
  /** Windows over the game, bottom first. */
  private readonly others: (OtherWindow & { handle: number })[] = [];
  private nextHandle = 2;
  private readonly size: { width: number; height: number };
  private mouse: Point = { x: 0, y: 0 };
  private version = 0;
  private frame: { version: number; image: RgbaImage; grid: Grid } | null = null;
  private windowGrid: Grid | null = null;
  private windowSize: { width: number; height: number } | null = null;
  private previous: RgbaImage | null = null;
  private lagLeft = 0;

  constructor(opts: SimulatedOptions) {
    this.opts = opts;
    this.density = opts.density ?? { scaleX: 1, scaleY: 1 };
    this.offset = opts.offset ?? { x: 40, y: 30 };
    this.clock = opts.clock ?? new VirtualClock();
    this.newGame();
    const first = this.render();
    const need = { width: this.offset.x + first.image.width + 20, height: this.offset.y + first.image.height + 20 };
    this.size = {
      width: Math.max(opts.screen?.width ?? 640, need.width),
      height: Math.max(opts.screen?.height ?? 480, need.height),
    };
    this.screen = { size: async () => ({ ...this.size }), grab: async (region) => this.grab(region) };
    this.pointer = {
      position: async () => ({ ...this.mouse }),
      move: async (to) => {
        this.mouse = { ...to };
      },
      click: async (at, button) => this.click(at, button),
    };
    this.keyboard = { press: async (key) => this.press(key) };
    this.windows = { list: async () => this.listWindows() };
  }

  /** The game window on the screen (physical pixels). */
  get window(): Region {
    // The window's size is the rendered game's, the same for every frame of the session.
    this.windowSize ??= { width: this.render().image.width, height: this.render().image.height };
    return { left: this.offset.x, top: this.offset.y, ...this.windowSize };
  }

  /** Moves the game window so that its top-left corner is at `to` (the user drags it). */
  moveWindow(to: { x: number; y: number }): void {
    this.offset = { ...to };
  }

  /** Minimises ('minimised'), closes ('closed') or restores ('open') the game window. */
  setShown(state: 'open' | 'minimised' | 'closed'): void {
    this.shown = state;
  }

  /** Puts a window over the game; returns its handle. */
  raise(window: OtherWindow): number {
    const handle = this.nextHandle++;
    this.others.push({ ...window, region: { ...window.region }, handle });
    return handle;
  }

  /** Closes a window raised with raise(). */
  lower(handle: number): void {
    const i = this.others.findIndex((w) => w.handle === handle);
    if (i >= 0) this.others.splice(i, 1);
  }

  private listWindows(): WindowInfo[] {
    const out: WindowInfo[] = [];
    if (this.shown !== 'closed') out.push({ handle: 1, title: this.opts.title ?? 'Minesweeper', region: this.window });
    for (const w of this.others) out.push({ handle: w.handle, title: w.title, region: { ...w.region } });
    return out;
  }

  /** The title of the topmost window under a pixel, or null for the bare desktop. */
  private windowAt(pixel: Point): string | null {
    for (let i = this.others.length - 1; i >= 0; i--) if (insideRect(this.others[i]!.region, pixel)) return this.others[i]!.title;
    if (this.shown === 'open' && insideRect(this.window, pixel)) return this.opts.title ?? 'Minesweeper';
    return null;
  }

  get game(): Game {
    return this.games[this.games.length - 1]!;
  }

  /** The grid on the screen, in physical pixels. */
  get grid(): Grid {
    this.windowGrid ??= this.render().grid;
    const grid = this.windowGrid;
    return { ...grid, left: grid.left + this.offset.x, top: grid.top + this.offset.y };
  }

  /** The user moves the mouse (the bot must notice before its next click). */
  userMove(to: Point): void {
    this.mouse = { ...to };
  }

  /** Redraws after a test changed the game directly (e.g. made the first click itself). */
  touch(): void {
    this.changed();
  }

  /** Starts the next game of the session (as the new-game key or the face would). */
  newGame(): void {
    this.beforeChange();
    const index = this.games.length;
    this.games.push(new Game(this.opts.spec, this.opts.rule, createRng(mixSeed(this.opts.seed, index))));
    this.changed();
  }

  /** With partialFrames, draws the state an action is about to change (the stale frame to show). */
  private beforeChange(): void {
    if (this.opts.partialFrames && (this.opts.lag ?? 0) > 0 && this.games.length) this.render();
  }

  private changed(): void {
    this.previous = this.frame?.image ?? this.previous;
    this.version++;
    this.lagLeft = this.opts.lag ?? 0;
  }

  private render(): { image: RgbaImage; grid: Grid } {
    if (this.frame && this.frame.version === this.version) return this.frame;
    const game = this.game;
    const face = game.status === 'won' ? 'won' : game.status === 'lost' ? 'lost' : 'playing';
    const out = this.opts.render(game.board(), this.opts.skin, {
      scale: this.opts.scale ?? 1,
      face,
      mineCounter: game.mineCounter,
      timer: 0,
    });
    this.frame = { version: this.version, image: out.image, grid: out.grid };
    return this.frame;
  }

  private async grab(region?: Region): Promise<Grab> {
    const r = region ? clipRegion(region, this.size) : { left: 0, top: 0, ...this.size };
    if (!r) throw new RangeError(`grab region ${JSON.stringify(region)} is off the ${this.size.width}x${this.size.height} screen`);
    let window: RgbaImage;
    if (this.lagLeft > 0 && this.previous) {
      this.lagLeft--;
      window = this.previous;
    } else {
      this.lagLeft = 0;
      window = this.render().image;
    }
    if (this.opts.damage || this.opts.glow) window = { ...window, data: window.data.slice() };
    if (this.opts.damage) this.opts.damage(window, this.render().grid);
    if (this.opts.glow) this.glow(window);
    const bg = this.opts.background ?? [0, 96, 128];
    const out = new Uint8Array(r.width * r.height * 4);
    for (let i = 0; i < out.length; i += 4) {
      out[i] = bg[0];
      out[i + 1] = bg[1];
      out[i + 2] = bg[2];
      out[i + 3] = 255;
    }
    if (this.shown === 'open') paste(out, r, window, this.offset);
    for (const w of this.others) {
      if (w.image) paste(out, r, w.image, { x: w.region.left, y: w.region.top });
      else fill(out, r, w.region, w.colour ?? [230, 230, 230]);
    }
    return { image: { width: r.width, height: r.height, data: out }, region: r, pixelDensity: { ...this.density } };
  }

  /** Brightens the cell under the pointer (the window image is a copy). */
  private glow(window: RgbaImage): void {
    const grid = this.render().grid;
    const pixel = { x: Math.round(this.mouse.x * this.density.scaleX) - this.offset.x, y: Math.round(this.mouse.y * this.density.scaleY) - this.offset.y };
    const cell = cellAt(grid, pixel.x, pixel.y);
    if (!cell) return;
    const x0 = Math.ceil(grid.left + cell[0] * grid.pitch);
    const y0 = Math.ceil(grid.top + cell[1] * grid.pitch);
    for (let y = y0; y < Math.floor(grid.top + (cell[1] + 1) * grid.pitch); y++) {
      for (let x = x0; x < Math.floor(grid.left + (cell[0] + 1) * grid.pitch); x++) {
        const i = (y * window.width + x) * 4;
        for (let c = 0; c < 3; c++) window.data[i + c] = Math.min(255, window.data[i + c]! + 40);
      }
    }
  }

  private click(at: Point, button: Button): void {
    this.mouse = { ...at };
    const pixel = { x: Math.round(at.x * this.density.scaleX), y: Math.round(at.y * this.density.scaleY) };
    const window = this.windowAt(pixel);
    const onGame = this.shown === 'open' && window === (this.opts.title ?? 'Minesweeper');
    const cell = onGame ? cellAt(this.grid, pixel.x, pixel.y) : null;
    const record: ClickRecord = { point: { ...at }, pixel, button, cell, window, t: epochMs() };
    const front = this.others.at(-1);
    if (front?.closesOnClick && button === 'left' && window === front.title && insideRect(front.closesOnClick, pixel)) {
      this.clicks.push(record);
      this.lower(front.handle);
      this.onClick?.(record, this);
      return;
    }
    const face = onGame ? this.opts.faceAt?.(this.opts.skin, this.grid) : null;
    if (face && insideRect(face, pixel)) {
      this.clicks.push(record);
      this.newGame();
      this.onClick?.(record, this);
      return;
    }
    if (cell) {
      const game = this.game;
      const before = game.clicks;
      this.beforeChange();
      if (button === 'left') game.open(cell[0], cell[1]);
      else if (button === 'right') game.toggleFlag(cell[0], cell[1]);
      else game.chord(cell[0], cell[1]);
      if (game.clicks !== before) this.changed();
    }
    this.clicks.push(record);
    this.onClick?.(record, this);
  }

  private press(key: string): void {
    this.keys.push(key);
    // (a dialog in front has the keyboard: it takes every key, and closes on its own)
    const front = this.others.at(-1);
    if (front?.closesOn) {
      if (front.closesOn.includes(key)) this.lower(front.handle);
      return;
    }
    if (this.shown !== 'open') return;
    const keys = this.opts.newGameKeys ?? ['F2'];
    if (keys.includes(key)) this.newGame();
  }
}

/** Copies an image placed with its top-left at `at` (screen pixels) into a grab of region r. */
function paste(out: Uint8Array, r: Region, img: RgbaImage, at: { x: number; y: number }): void {
  const x0 = Math.max(r.left, at.x);
  const y0 = Math.max(r.top, at.y);
  const x1 = Math.min(r.left + r.width, at.x + img.width);
  const y1 = Math.min(r.top + r.height, at.y + img.height);
  if (x1 <= x0) return;
  for (let y = y0; y < y1; y++) {
    const src = ((y - at.y) * img.width + (x0 - at.x)) * 4;
    out.set(img.data.subarray(src, src + (x1 - x0) * 4), ((y - r.top) * r.width + (x0 - r.left)) * 4);
  }
}

function fill(out: Uint8Array, r: Region, area: Region, colour: [number, number, number]): void {
  const x0 = Math.max(r.left, area.left);
  const y0 = Math.max(r.top, area.top);
  const x1 = Math.min(r.left + r.width, area.left + area.width);
  const y1 = Math.min(r.top + r.height, area.top + area.height);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = ((y - r.top) * r.width + (x - r.left)) * 4;
      out[i] = colour[0];
      out[i + 1] = colour[1];
      out[i + 2] = colour[2];
    }
  }
}
