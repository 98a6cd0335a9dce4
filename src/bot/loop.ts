// The play loop: grab → stable frame → read → check against the previous reading → solve → act,
// game after game, on any Desktop (the real screen through nut.js or the simulated one).
//
// - A frame is used only when two grabs in a row are identical, and, after an action, only once
//   the screen has changed (or a timeout says the action changed nothing).
// - A reading must be sure (no unsure cell) and consistent with the previous one: an opened cell
//   never closes, a number never changes, the mine counter agrees with the flags shown. If not,
//   the loop re-grabs a few times, then stops and saves the capture and the reading.
// - All certain moves of a decision are played before the next reading; a guess is played alone.
// - Every click passes the Safety checks (board rectangle, mouse not taken back, budgets, abort).

import {
  COVERED,
  EXPLODED,
  FLAG,
  MINE,
  QUESTION,
  WRONG_FLAG,
  findInconsistencies,
  neighbourTable,
  type Board,
} from '../core/board.js';
import { createRng, mixSeed } from '../core/rng.js';
import type { FirstClickRule } from '../core/rules.js';
import type { Decision, Move, Strategy } from '../core/strategy.js';
import { clipRegion, sameImage, toPoint, type Button, type Desktop, type Grab, type Region, type RgbaImage } from '../desktop/ports.js';
import { cellCentre, gridRect, shiftGrid, type Grid, type ReadScreen, type Reading } from './reading.js';
import { Safety, StopSignal, type SafetyLimits } from './safety.js';

/** How to start the next game: a key (F2 on Windows, n in sgt-mines), the face (xdemineur), or not at all. */
export type NewGame = { key: string } | { face: true } | { none: true };

export interface PlayConfig {
  strategy: Strategy;
  read: ReadScreen;
  /** Skin name, or 'auto' / undefined to let vision find it. */
  skin?: string;
  /** First-click rule of the game (the strategy's first move depends on it). */
  rule: FirstClickRule;
  seed?: number;
  /** Games to finish (won or lost). */
  games: number;
  /** Mine total when the screen does not show it (e.g. a game without a counter). */
  mines?: number;
  flags?: boolean;
  chord?: boolean;
  /** How a chord is clicked: 'middle' (Windows, xdemineur) or 'left' on the number (sgt-mines). */
  chordButton?: Button | ((skin: string) => Button);
  /** How to start the next game (or how, for the skin found on the screen). */
  newGame?: NewGame | ((skin: string) => NewGame);
  /** Where the skin's face button is for a grid (both in screen pixels), or null if it has none. */
  faceAt?: (skin: string, grid: Grid) => Region | null;
  limits?: SafetyLimits;
  /** Re-grabs before giving up on an unsure or inconsistent reading (default 4, over ~0.6 s). */
  retries?: number;
  /** How long to wait for the screen to change after an action, ms. */
  changeTimeoutMs?: number;
  /** How long to wait for two identical grabs, ms. */
  stableTimeoutMs?: number;
  /** Pause between grabs while waiting, ms. */
  pollMs?: number;
  /**
   * Re-read only the cells whose pixels changed since the last reading (default true): a crop
   * around them goes to the reader with its geometry. Full reads still happen at the start of a
   * game, every 8th reading (to check the counter and the face again), when the game may have
   * ended, and on retries. An incremental reading after flags has no counter value (it changed).
   */
  incremental?: boolean;
  /** Only read and decide; click nothing. */
  dryRun?: boolean;
  /** Saves a capture with its reading when the loop stops on a bad reading; returns where. */
  save?: (capture: Grab, reading: Reading | null, why: string) => Promise<string>;
  onEvent?: (event: PlayEvent) => void;
  /** Lets other events (Ctrl-C) run between decisions. */
  yieldEvents?: () => Promise<void>;
}

export type PlayEvent =
  | { type: 'located'; skin: string; grid: Grid; width: number; height: number; mines: number }
  | { type: 'move'; game: number; move: Move; board: Board; decision: number }
  /** A cell the bot opened, once the next reading shows what it was (n: 1-based per game). */
  | { type: 'opened'; game: number; n: number; move: Move; mine: boolean }
  | { type: 'game'; game: number; result: 'won' | 'lost'; clicks: number; wallMs: number; moves: number }
  /** What a dry run would do; `grid` is where the cells are in `capture`. */
  | { type: 'dry-run'; reading: Reading; moves: Move[]; capture: Grab; grid: Grid }
  | { type: 'saved'; path: string; why: string }
  /** A click made: the physical pixel aimed at, the logical point clicked, and what was under it. */
  | { type: 'click'; pixel: { x: number; y: number }; point: { x: number; y: number }; button: Button; target: 'cell' | 'face'; cell?: [number, number] }
  | { type: 'retry'; why: string };

export interface Timing {
  grabMs: number;
  readMs: number;
  solveMs: number;
  waitMs: number;
  actMs: number;
}

export interface GameRecord {
  index: number;
  result: 'won' | 'lost';
  clicks: number;
  wallMs: number;
  timing: Timing;
}

export interface SessionResult {
  games: number;
  won: number;
  lost: number;
  stopped: string | null;
  clicks: number;
  wallMs: number;
  records: GameRecord[];
  timing: Timing;
  saved: string[];
}

const zeroTiming = (): Timing => ({ grabMs: 0, readMs: 0, solveMs: 0, waitMs: 0, actMs: 0 });

/** A reading is unusable: the message says why. */
class BadReading extends Error {
  constructor(
    message: string,
    readonly capture: Grab,
    readonly reading: Reading | null,
  ) {
    super(message);
  }
}

/**
 * The state of a game as its cells show it: lost when a mine shows, won when every safe cell is
 * open. The face only corroborates (contradiction() rejects a face that disagrees with the cells),
 * so one misread sprite cannot end a game.
 */
export function outcomeOf(board: Board, _face?: Reading['face']): 'won' | 'lost' | 'playing' {
  let unknown = 0;
  let flags = 0;
  let opened = 0;
  for (const c of board.cells) {
    if (c === EXPLODED || c === MINE || c === WRONG_FLAG) return 'lost';
    if (c === COVERED || c === QUESTION) unknown++;
    else if (c === FLAG) flags++;
    else if (c <= 8) opened++;
  }
  // Every safe cell open: what is left covered is exactly the mines.
  if (opened > 0 && unknown + flags === board.mines) return 'won';
  return 'playing';
}

/**
 * What changed between two readings of the same game that cannot happen in Minesweeper, or null.
 * Opened cells never close and their numbers never change; a flag only turns into a wrong flag
 * (at a loss); the counter shows mines minus flags.
 */
export function contradiction(prev: Board | null, cur: Reading, mines: number): string | null {
  const b = cur.board;
  if (prev) {
    if (prev.width !== b.width || prev.height !== b.height) {
      return `the board changed size from ${prev.width}x${prev.height} to ${b.width}x${b.height}`;
    }
    for (let i = 0; i < b.cells.length; i++) {
      const was = prev.cells[i]!;
      const now = b.cells[i]!;
      if (was === now) continue;
      const x = i % b.width;
      const y = Math.floor(i / b.width);
      if (was <= 8) return `cell (${x},${y}) showed ${was} and now shows ${describe(now)}`;
      if (was === FLAG && now !== WRONG_FLAG) return `the flag at (${x},${y}) turned into ${describe(now)}`;
    }
  }
  const state = outcomeOf({ ...b, mines });
  if (cur.face === 'lost' && state !== 'lost') return 'the face shows a loss but no mine is shown';
  if (cur.face === 'won' && state !== 'won') return 'the face shows a win but safe cells are still covered';
  if (cur.face === 'playing' && state === 'lost') return 'a mine is shown but the face does not show a loss';
  // Games open every neighbour of a 0 at once: a 0 next to a covered cell is a frame caught while
  // drawing, or a covered cell drawn pressed in under the mouse button (it looks like a 0).
  const nb = neighbourTable(b.width, b.height);
  for (let i = 0; i < b.cells.length; i++) {
    if (b.cells[i] !== 0) continue;
    for (const j of nb[i]!) {
      if (b.cells[j] === COVERED) return `cell (${i % b.width},${Math.floor(i / b.width)}) shows 0 next to a covered cell (a frame still being drawn, or a cell pressed in)`;
    }
  }
  const local = findInconsistencies({ ...b, mines });
  if (local.length) return `cell (${local[0]!.x},${local[0]!.y}) ${local[0]!.reason}`;
  if (cur.mineCounter !== null && outcomeOf({ ...b, mines }, cur.face) === 'playing') {
    let flags = 0;
    for (const c of b.cells) if (c === FLAG) flags++;
    if (cur.mineCounter !== mines - flags) {
      return `the mine counter shows ${cur.mineCounter} but ${mines} mines minus ${flags} flags is ${mines - flags}`;
    }
  }
  return null;
}

function describe(code: number): string {
  return code <= 8 ? String(code) : (['covered', 'a flag', 'a question mark', 'a mine', 'an exploded mine', 'a wrong flag'][code - 9] ?? `code ${code}`);
}

/** Plays games on a desktop until `games` are finished or something stops it. */
export async function playSession(desktop: Desktop, config: PlayConfig): Promise<SessionResult> {
  return new Session(desktop, config).run();
}

class Session {
  private readonly d: Desktop;
  private readonly c: PlayConfig;
  readonly safety: Safety;
  private readonly timing = zeroTiming();
  private gameTiming = zeroTiming();
  private readonly records: GameRecord[] = [];
  private readonly saved: string[] = [];
  private screenSize = { width: 0, height: 0 };
  /** The grid in screen pixels, the grab region around it, and the mine total. */
  private grid: Grid | null = null;
  private region: Region | null = null;
  private skin: string | undefined;
  private mines = 0;
  private lastImage: RgbaImage | null = null;
  private face: Region | null = null;
  /** The last accepted reading and the image it came from (for incremental reads). */
  private basis: { image: RgbaImage; reading: Reading } | null = null;
  private sinceFull = 0;
  private basisGrab: Grab | null = null;

  constructor(desktop: Desktop, config: PlayConfig) {
    this.d = desktop;
    this.c = config;
    this.safety = new Safety(desktop.pointer, desktop.clock, config.limits);
  }

  async run(): Promise<SessionResult> {
    const start = this.d.clock.now();
    let stopped: string | null = null;
    try {
      await this.safety.anchor();
      this.screenSize = await this.d.screen.size();
      let reading = await this.locate();
      for (let index = 0; this.records.length < this.c.games; index++) {
        if (this.c.dryRun) {
          await this.dryRun(reading);
          stopped = 'dry run: nothing clicked';
          break;
        }
        if (index > 0 || outcomeOf(reading.board, reading.face) !== 'playing') reading = await this.startNewGame();
        reading = await this.playGame(index, reading);
      }
    } catch (err) {
      if (err instanceof StopSignal) stopped = err.reason;
      else if (err instanceof BadReading) {
        stopped = err.message;
        if (this.c.save) {
          const path = await this.c.save(err.capture, err.reading, err.message);
          this.saved.push(path);
          this.c.onEvent?.({ type: 'saved', path, why: err.message });
        }
      } else throw err;
    }
    const won = this.records.filter((r) => r.result === 'won').length;
    return {
      games: this.records.length,
      won,
      lost: this.records.length - won,
      stopped,
      clicks: this.safety.clicks,
      wallMs: Math.round(this.d.clock.now() - start),
      records: this.records,
      timing: this.timing,
      saved: this.saved,
    };
  }

  // ---- seeing ------------------------------------------------------------------------------

  private add(key: keyof Timing, ms: number): void {
    this.timing[key] += ms;
    this.gameTiming[key] += ms;
  }

  private async grab(region?: Region): Promise<Grab> {
    const t = this.d.clock.now();
    const g = await this.d.screen.grab(region);
    this.add('grabMs', this.d.clock.now() - t);
    return g;
  }

  private async pause(): Promise<void> {
    const t = this.d.clock.now();
    await this.d.clock.sleep(this.c.pollMs ?? 5);
    this.add('waitMs', this.d.clock.now() - t);
  }

  /**
   * A frame that two grabs in a row agree on. With `changedFrom`, first waits (up to the change
   * timeout) for the screen to differ from that image: a click shows 25-50 ms after it is made.
   */
  private async stableGrab(region: Region | undefined, changedFrom: RgbaImage | null): Promise<Grab> {
    const clock = this.d.clock;
    let g = await this.grab(region);
    if (changedFrom) {
      const until = clock.now() + (this.c.changeTimeoutMs ?? 1000);
      while (sameImage(g.image, changedFrom) && clock.now() < until) {
        this.safety.checkpoint();
        await this.pause();
        g = await this.grab(region);
      }
    }
    const until = clock.now() + (this.c.stableTimeoutMs ?? 2000);
    for (;;) {
      await this.pause();
      const next = await this.grab(region);
      if (sameImage(next.image, g.image)) return next;
      if (clock.now() >= until) throw new StopSignal(`the screen did not settle within ${this.c.stableTimeoutMs ?? 2000} ms`);
      this.safety.checkpoint();
      g = next;
    }
  }

  private readImage(g: Grab, geometry: Grid | undefined): Reading {
    const t = this.d.clock.now();
    try {
      const skin = this.skin ?? (this.c.skin && this.c.skin !== 'auto' ? this.c.skin : undefined);
      return this.c.read(g.image, { ...(skin ? { skin } : {}), ...(geometry ? { geometry } : {}) });
    } finally {
      this.add('readMs', this.d.clock.now() - t);
    }
  }

  /** Finds the board on the whole screen and fixes the grid, the grab region and the mine total. */
  private async locate(): Promise<Reading> {
    const g = await this.stableGrab(undefined, null);
    let reading: Reading;
    try {
      reading = this.readImage(g, undefined);
    } catch (err) {
      throw new BadReading(`no Minesweeper board found on the screen: ${err instanceof Error ? err.message : String(err)}`, g, null);
    }
    this.skin = reading.skin;
    const grid: Grid = { ...reading.grid, left: reading.grid.left + g.region.left, top: reading.grid.top + g.region.top };
    this.grid = grid;
    // Grab the grid with room around it for the face and counters above it.
    const p = grid.pitch;
    this.region = clipRegion(
      { left: grid.left - 2 * p, top: grid.top - 5 * p, width: (grid.cols + 4) * p, height: (grid.rows + 7) * p },
      this.screenSize,
    );
    const rect = gridRect(grid);
    this.face = this.c.faceAt?.(reading.skin, grid) ?? null;
    this.safety.allow(this.face ? [rect, this.face] : [rect]);
    if (this.c.mines === undefined && reading.mineCounter === null) {
      throw new StopSignal(`the ${reading.skin} game shows no mine counter: give the mine total (--mines N or --board WxH/M)`);
    }
    this.mines = this.c.mines ?? this.minesFrom(reading);
    this.c.onEvent?.({ type: 'located', skin: reading.skin, grid, width: grid.cols, height: grid.rows, mines: this.mines });
    this.lastImage = null;
    return this.check(reading, null, g);
  }

  /** The mine total: the counter of a board without flags shows it, else the reader's header. */
  private minesFrom(reading: Reading): number {
    const flags = reading.board.cells.reduce((n, c) => n + (c === FLAG ? 1 : 0), 0);
    if (reading.mineCounter !== null && reading.mineCounter > 0 && outcomeOf(reading.board, reading.face) === 'playing') {
      return reading.mineCounter + flags;
    }
    return reading.board.mines;
  }

  /** Validates a reading (sure, consistent with `prev`); returns it with the right mine total. */
  private check(reading: Reading, prev: Board | null, g: Grab): Reading {
    if (reading.unsure.length) {
      const cells = reading.unsure.slice(0, 5).map(([x, y]) => `(${x},${y})`).join(' ');
      throw new BadReading(`unsure reading of ${reading.unsure.length} cell(s): ${cells}`, g, reading);
    }
    const why = contradiction(prev, reading, this.mines);
    if (why) throw new BadReading(`inconsistent reading: ${why}`, g, reading);
    return { ...reading, board: { ...reading.board, mines: this.mines } };
  }

  /**
   * Grabs a stable frame and reads it; re-grabs on a bad reading a few times, then gives up.
   * With `expected`, also re-grabs (until the change timeout) while the reading does not yet show
   * what the last clicks must have done: a screen that is still drawing can look stable between
   * two grabs, and acting on such a frame would, e.g., toggle a flag off again.
   */
  private async observe(
    prev: Board | null,
    changedFrom: RgbaImage | null,
    expected?: (b: Board) => boolean,
    incremental: 'no' | 'cells' | 'cells-no-counter' = 'no',
  ): Promise<Reading> {
    const grid = this.grid!;
    const region = this.region!;
    const local = shiftGrid(grid, region.left, region.top);
    const retries = this.c.retries ?? 4;
    const deadline = this.d.clock.now() + (this.c.changeTimeoutMs ?? 1000);
    for (let attempt = 0; ; attempt++) {
      const g = await this.stableGrab(region, attempt === 0 ? changedFrom : null);
      this.lastImage = g.image;
      try {
        let reading: Reading;
        try {
          const basis = incremental !== 'no' && attempt === 0 && prev && ++this.sinceFull < 8 ? this.basis : null;
          const part = basis ? this.readChanged(g, local, basis) : null;
          if (part) reading = incremental === 'cells-no-counter' ? { ...part, mineCounter: null } : part;
          else {
            reading = this.readImage(g, local);
            this.sinceFull = 0;
          }
        } catch (err) {
          throw new BadReading(`could not read the board: ${err instanceof Error ? err.message : String(err)}`, g, null);
        }
        if (reading.board.width !== grid.cols || reading.board.height !== grid.rows) {
          throw new BadReading(`the board now reads ${reading.board.width}x${reading.board.height}, not ${grid.cols}x${grid.rows}`, g, reading);
        }
        const checked = this.check(reading, prev, g);
        this.basis = { image: g.image, reading: checked };
        this.basisGrab = g;
        if (expected && !expected(checked.board) && this.d.clock.now() < deadline) {
          await this.safety.checkMouse();
          attempt--;
          await this.pause();
          continue;
        }
        return checked;
      } catch (err) {
        if (!(err instanceof BadReading) || attempt >= retries) throw err;
        this.c.onEvent?.({ type: 'retry', why: err.message });
        // Back off: 40, 80, 160, 320 ms. Games animate (sgt-mines flashes the board at a win) and
        // a frame caught mid-animation can be stable for a moment.
        const t = this.d.clock.now();
        await this.d.clock.sleep(40 * 2 ** attempt);
        this.add('waitMs', this.d.clock.now() - t);
      }
    }
  }

  /**
   * Reads only the cells whose pixels differ from the basis image; null when a full read is
   * needed instead (sizes differ, most of the board changed, or the game may have ended).
   */
  private readChanged(g: Grab, local: Grid, basis: { image: RgbaImage; reading: Reading }): Reading | null {
    const a = basis.image;
    const b = g.image;
    if (a.width !== b.width || a.height !== b.height) return null;
    const changed = changedCells(a, b, local);
    const prev = basis.reading;
    if (changed.length === 0) return { ...prev, board: { ...prev.board, cells: prev.board.cells.slice() } };
    if (changed.length > (local.cols * local.rows) / 3) return null;
    let x0 = local.cols;
    let y0 = local.rows;
    let x1 = -1;
    let y1 = -1;
    for (const [x, y] of changed) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    const p = local.pitch;
    const cx = Math.max(0, Math.floor(local.left + x0 * p) - 2);
    const cy = Math.max(0, Math.floor(local.top + y0 * p) - 2);
    const cw = Math.min(b.width, Math.ceil(local.left + (x1 + 1) * p) + 2) - cx;
    const ch = Math.min(b.height, Math.ceil(local.top + (y1 + 1) * p) + 2) - cy;
    const crop = cropImage(b, cx, cy, cw, ch);
    const sub: Grid = { ...local, left: local.left + x0 * p - cx, top: local.top + y0 * p - cy, cols: x1 - x0 + 1, rows: y1 - y0 + 1 };
    const t = this.d.clock.now();
    let part: Reading;
    try {
      part = this.c.read(crop, { skin: prev.skin, geometry: sub });
    } finally {
      this.add('readMs', this.d.clock.now() - t);
    }
    const cells = prev.board.cells.slice();
    const w = local.cols;
    for (let y = 0; y < sub.rows; y++) for (let x = 0; x < sub.cols; x++) cells[(y0 + y) * w + x0 + x] = part.board.cells[y * sub.cols + x]!;
    const board = { ...prev.board, cells };
    // A board that may show the end of the game is read in full (face, counter).
    if (outcomeOf(board, null) !== 'playing') return null;
    return {
      ...prev,
      board,
      unsure: part.unsure.map(([x, y]) => [x + x0, y + y0] as [number, number]),
      minConfidence: part.minConfidence,
    };
  }

  // ---- acting ------------------------------------------------------------------------------

  private async clickCell(x: number, y: number, button: Button, density: Grab['pixelDensity']): Promise<void> {
    const c = cellCentre(this.grid!, x, y);
    const pixel = { x: Math.round(c.x), y: Math.round(c.y) };
    await this.safety.beforeClick(pixel);
    const at = toPoint(pixel.x, pixel.y, density);
    const t = this.d.clock.now();
    await this.d.pointer.click(at, button);
    this.add('actMs', this.d.clock.now() - t);
    this.c.onEvent?.({ type: 'click', pixel, point: at, button, target: 'cell', cell: [x, y] });
    this.safety.clicked(at);
  }

  /** The moves of a decision that will be played now: all certain ones, else the first guess. */
  private pick(moves: Move[], board: Board): Move[] {
    const usable = moves.filter((m) => {
      const code = board.cells[m.y * board.width + m.x]!;
      if (m.action === 'open') return code === COVERED || code === QUESTION;
      if (m.action === 'flag') return this.c.flags !== false && code === COVERED;
      return this.c.chord === true && code <= 8;
    });
    const certain = usable.filter((m) => m.certain);
    if (certain.length) return certain;
    const guess = usable.find((m) => m.action === 'open');
    return guess ? [guess] : [];
  }

  private async playGame(index: number, first: Reading): Promise<Reading> {
    const clock = this.d.clock;
    const started = clock.now();
    const clicksBefore = this.safety.clicks;
    this.gameTiming = zeroTiming();
    const rng = createRng(mixSeed(this.c.seed ?? 1, index));
    let reading = first;
    let decisions = 0;
    let idle = 0;
    let moves = 0;
    let opened = 0;
    for (;;) {
      const state = outcomeOf(reading.board, reading.face);
      if (state !== 'playing') {
        const record: GameRecord = {
          index,
          result: state,
          clicks: this.safety.clicks - clicksBefore,
          wallMs: Math.round(clock.now() - started),
          timing: this.gameTiming,
        };
        this.records.push(record);
        this.c.onEvent?.({ type: 'game', game: index, result: state, clicks: record.clicks, wallMs: record.wallMs, moves });
        return reading;
      }
      await this.c.yieldEvents?.();
      this.safety.checkpoint();
      const decision = await this.decide(reading, rng);
      if (!decision) {
        // The solver found the board impossible: read it again from scratch.
        reading = await this.observe(null, null);
        continue;
      }
      decisions++;
      const batch = this.pick(decision.moves, reading.board);
      if (!batch.length) throw new StopSignal(`the strategy has no move to play on this board (decision ${decisions})`);
      const density = (await this.densityNow());
      for (const move of batch) {
        this.c.onEvent?.({ type: 'move', game: index, move, board: reading.board, decision: decisions });
        const button: Button = move.action === 'open' ? 'left' : move.action === 'flag' ? 'right' : (typeof this.c.chordButton === 'function' ? this.c.chordButton(this.skin ?? '') : (this.c.chordButton ?? 'middle'));
        await this.clickCell(move.x, move.y, button, density);
        moves++;
      }
      const before = reading.board;
      const incremental = this.c.incremental === false ? 'no' : batch.some((m) => m.action !== 'open') ? 'cells-no-counter' : 'cells';
      reading = await this.observe(before, this.lastImage, (b) => showsEffects(b, batch), incremental);
      for (const move of batch) {
        if (move.action !== 'open') continue;
        const code = reading.board.cells[move.y * reading.board.width + move.x]!;
        this.c.onEvent?.({ type: 'opened', game: index, n: ++opened, move, mine: code === EXPLODED || code === MINE });
      }
      if (sameCells(before, reading.board)) {
        if (++idle >= 3) throw new StopSignal(`three decisions in a row changed nothing on the screen`);
      } else idle = 0;
    }
  }

  private density: Grab['pixelDensity'] | null = null;
  private async densityNow(): Promise<Grab['pixelDensity']> {
    if (!this.density) this.density = (await this.grab(this.region!)).pixelDensity;
    return this.density;
  }

  private async startNewGame(): Promise<Reading> {
    const how = (typeof this.c.newGame === 'function' ? this.c.newGame(this.skin ?? '') : this.c.newGame) ?? { key: 'F2' };
    if ('none' in how) throw new StopSignal('the game is over and no way to start a new one was given');
    if ('face' in how) {
      const f = this.face;
      if (!f) throw new StopSignal(`the ${this.skin} skin has no face to click for a new game`);
      const pixel = { x: Math.round(f.left + (f.width - 1) / 2), y: Math.round(f.top + (f.height - 1) / 2) };
      await this.safety.beforeClick(pixel);
      const at = toPoint(pixel.x, pixel.y, await this.densityNow());
      await this.d.pointer.click(at, 'left');
      this.safety.clicked(at);
      this.c.onEvent?.({ type: 'click', pixel, point: at, button: 'left', target: 'face' });
    } else {
      await this.safety.beforeKey();
      await this.d.keyboard.press(how.key);
      this.safety.keyed();
    }
    const what = 'face' in how ? 'clicking the face' : `pressing ${how.key}`;
    // Wait for a fresh board: nothing lost or won on it.
    for (let attempt = 0; attempt < 3; attempt++) {
      const reading = await this.observe(null, attempt === 0 ? this.lastImage : null);
      if (outcomeOf(reading.board, reading.face) === 'playing') return reading;
    }
    // A user who grabbed the mouse mid-click can swallow the click: say so if that is what happened.
    await this.safety.checkMouse();
    throw new StopSignal(`${what} did not start a new game`);
  }

  private solverRejections = 0;

  /**
   * Asks the strategy for moves. A board the solver finds impossible was misread: null asks the
   * caller to read again; after `retries` such boards in a row the session stops, saving the
   * capture and the reading.
   */
  private async decide(reading: Reading, rng: ReturnType<typeof createRng>): Promise<Decision | null> {
    const t = this.d.clock.now();
    let failure: string;
    try {
      const decision = this.c.strategy.decide(reading.board, { rule: this.c.rule, rng, flags: this.c.flags !== false });
      this.solverRejections = 0;
      return decision;
    } catch (err) {
      failure = `the solver rejects the board as read: ${err instanceof Error ? err.message : String(err)}`;
    } finally {
      this.add('solveMs', this.d.clock.now() - t);
    }
    if (++this.solverRejections > (this.c.retries ?? 4)) {
      throw new BadReading(failure, this.basisGrab ?? (await this.grab(this.region!)), reading);
    }
    this.c.onEvent?.({ type: 'retry', why: failure });
    const p = this.d.clock.now();
    await this.d.clock.sleep(40 * 2 ** (this.solverRejections - 1));
    this.add('waitMs', this.d.clock.now() - p);
    return null;
  }

  private async dryRun(reading: Reading): Promise<void> {
    const decision = this.c.strategy.decide(reading.board, {
      rule: this.c.rule,
      rng: createRng(mixSeed(this.c.seed ?? 1, 0)),
      flags: this.c.flags !== false,
    });
    const moves = outcomeOf(reading.board, reading.face) === 'playing' ? this.pick(decision.moves, reading.board) : [];
    const capture = await this.grab(this.region!);
    const grid = shiftGrid(this.grid!, capture.region.left, capture.region.top);
    this.c.onEvent?.({ type: 'dry-run', reading, moves, capture, grid });
  }
}

/** Whether a board shows what a batch of clicks must have done (or the game has ended). */
export function showsEffects(board: Board, batch: Move[]): boolean {
  if (outcomeOf(board, null) !== 'playing') return true;
  for (const m of batch) {
    const code = board.cells[m.y * board.width + m.x]!;
    if (m.action === 'open' && code > 8) return false;
    if (m.action === 'flag' && code !== FLAG) return false;
  }
  return true;
}

/** Cells of a grid whose pixels differ between two images of the same region. */
export function changedCells(a: RgbaImage, b: RgbaImage, grid: Grid): [number, number][] {
  const out: [number, number][] = [];
  const w = a.width;
  for (let y = 0; y < grid.rows; y++) {
    const py0 = Math.max(0, Math.floor(grid.top + y * grid.pitch));
    const py1 = Math.min(a.height, Math.ceil(grid.top + (y + 1) * grid.pitch));
    for (let x = 0; x < grid.cols; x++) {
      const px0 = Math.max(0, Math.floor(grid.left + x * grid.pitch));
      const px1 = Math.min(w, Math.ceil(grid.left + (x + 1) * grid.pitch));
      let differs = false;
      for (let py = py0; py < py1 && !differs; py++) {
        const row = py * w * 4;
        for (let i = row + px0 * 4; i < row + px1 * 4; i++) {
          if (a.data[i] !== b.data[i]) {
            differs = true;
            break;
          }
        }
      }
      if (differs) out.push([x, y]);
    }
  }
  return out;
}

function cropImage(img: RgbaImage, x0: number, y0: number, w: number, h: number): RgbaImage {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) data.set(img.data.subarray(((y0 + y) * img.width + x0) * 4, ((y0 + y) * img.width + x0 + w) * 4), y * w * 4);
  return { width: w, height: h, data };
}

function sameCells(a: Board, b: Board): boolean {
  if (a.cells.length !== b.cells.length) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
  return true;
}
