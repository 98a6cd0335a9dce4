// A virtual desktop: a simulated Game drawn with a skin at some offset and scale on a plain
// background, whose clicks and keys become game actions. The bot loop cannot tell it from the real
// screen, which makes the whole loop testable without a display. It can also play the user: move
// the mouse behind the bot's back, show stale frames for a while after each action (the real
// screen lags 25-50 ms behind a click) and damage frames.

import { createRng, mixSeed } from '../core/rng.js';
import type { BoardSpec, FirstClickRule } from '../core/rules.js';
import { Game } from '../game/engine.js';
import { cellAt, type Grid, type RenderBoard } from '../bot/reading.js';
import {
  VirtualClock,
  clipRegion,
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
} from './ports.js';

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
}

export interface ClickRecord {
  /** Logical point clicked. */
  point: Point;
  /** Physical pixel it maps to. */
  pixel: Point;
  button: Button;
  /** The cell under it, or null when the click fell outside the grid. */
  cell: [number, number] | null;
}

export class SimulatedDesktop implements Desktop {
  readonly kind = 'simulated';
  readonly screen: Screen;
  readonly pointer: Pointer;
  readonly keyboard: Keyboard;
  readonly clock: Clock;
  /** Every game played so far, the current one last. */
  readonly games: Game[] = [];
  /** Every click the bot made. */
  readonly clicks: ClickRecord[] = [];
  readonly keys: string[] = [];
  /** Called after every click the bot makes (tests script the user with it). */
  onClick: ((record: ClickRecord, desktop: SimulatedDesktop) => void) | null = null;

  private readonly opts: SimulatedOptions;
  private readonly density: PixelDensity;
  private readonly offset: { x: number; y: number };
  private readonly size: { width: number; height: number };
  private mouse: Point = { x: 0, y: 0 };
  private version = 0;
  private frame: { version: number; image: RgbaImage; grid: Grid } | null = null;
  private windowGrid: Grid | null = null;
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
    if (this.opts.damage) {
      window = { ...window, data: window.data.slice() };
      this.opts.damage(window, this.render().grid);
    }
    const bg = this.opts.background ?? [0, 96, 128];
    const out = new Uint8Array(r.width * r.height * 4);
    for (let i = 0; i < out.length; i += 4) {
      out[i] = bg[0];
      out[i + 1] = bg[1];
      out[i + 2] = bg[2];
      out[i + 3] = 255;
    }
    // Copy the part of the window that falls into the region.
    const x0 = Math.max(r.left, this.offset.x);
    const y0 = Math.max(r.top, this.offset.y);
    const x1 = Math.min(r.left + r.width, this.offset.x + window.width);
    const y1 = Math.min(r.top + r.height, this.offset.y + window.height);
    for (let y = y0; y < y1; y++) {
      const src = ((y - this.offset.y) * window.width + (x0 - this.offset.x)) * 4;
      const dst = ((y - r.top) * r.width + (x0 - r.left)) * 4;
      if (x1 > x0) out.set(window.data.subarray(src, src + (x1 - x0) * 4), dst);
    }
    return { image: { width: r.width, height: r.height, data: out }, region: r, pixelDensity: { ...this.density } };
  }

  private click(at: Point, button: Button): void {
    this.mouse = { ...at };
    const pixel = { x: Math.round(at.x * this.density.scaleX), y: Math.round(at.y * this.density.scaleY) };
    const cell = cellAt(this.grid, pixel.x, pixel.y);
    const record: ClickRecord = { point: { ...at }, pixel, button, cell };
    const face = this.opts.faceAt?.(this.opts.skin, this.grid);
    if (face && pixel.x >= face.left && pixel.y >= face.top && pixel.x < face.left + face.width && pixel.y < face.top + face.height) {
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
    const keys = this.opts.newGameKeys ?? ['F2'];
    if (keys.includes(key)) this.newGame();
  }
}
