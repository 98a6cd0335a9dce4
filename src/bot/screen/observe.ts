// Seeing the board: a settled frame of the place the board is at, read with the session's reader,
// and checked — a reading must be sure (no unsure cell) and consistent with the previous one
// (judge.ts). Between full reads only the cells whose pixels changed are read again.
// Independent of skins: the reader is a parameter (vision's, a skin being learned, a test's).

import { cellRect, gridRect, sameGrid, shiftGrid, type Grid, type Rect } from '../../core/grid.js';
import { COVERED, EXPLODED, FLAG, MINE, OPENED, type Board, type CellCode } from '../../core/board.js';
import type { Grab, RgbaImage } from '../../desktop/ports.js';
import { boardShift } from './board-shift.js';
import { latticePush } from './lattice-push.js';
import { BadReading, changedCells, cropGrab, sameArea, type Frames, type Motion, type PixelMask } from './frames.js';
import { FRESH_AGAIN, blankHit, contradiction, freshAgain, lossProved, outcomeOf, revealedBlanks } from '../game/judge.js';
import { framePatches, type Place } from './place.js';
import { surroundRecoloured } from './recolour.js';
import { motionAt, type Restless } from './restless.js';
import { unveiled, veilOf } from './veil.js';
import type { ReadOptions, ReadScreen, Reading } from '../reading.js';
import type { Stopwatch } from '../timing.js';

export { BadReading };

/**
 * How much to read: everything (face and counters too), or only the cells that changed since the
 * last reading (the counter then keeps its last value, or none after flags, which change it).
 */
export type ReadMode = 'full' | 'cells' | 'cells-no-counter';

const FRAME_MOVED = "the board's frame is not where it was (the window moved, or something covers it)";
const BOARD_SHIFTED = 'the board moved a little on the screen (something drawn above or beside it pushed it)';

export interface ObserverOptions {
  /** Skin name, or 'auto' / undefined to let the reader find it. */
  skin?: string;
  /** Read only the changed cells between full reads (default true). */
  incremental?: boolean;
  /** With flags on the board, a full read (the counter checked) at least every this many readings (default 8). */
  fullEvery?: number;
  /** Called when a frame is read again after a bad reading. */
  onRetry?: (why: string) => void;
  /** Called when a settled frame turned out not to show a click's effect yet: the new quiet time, ms. */
  onLateChange?: (quietMs: number) => void;
  /**
   * The reading of a frame whose board frame is covered (a window over the board), by a reader
   * that knows the game ended behind it (a learner after the last safe cells were opened); null
   * when it does not. `geometry`: where the board was, in the grab's pixels.
   */
  whenCovered?: (image: RgbaImage, geometry: Grid) => Reading | null;
  /** The page's own motion around the board, left out when cells are compared (restless.ts). */
  restless?: Restless;
}

/**
 * A frame read at a place, with its frame patches (what later grabs are held against there) and
 * its reading, kept: never read again, as a learner's reading is a step of its game (a stale
 * frame read through it is a new game to it).
 */
type Anchor = { place: Place; grab: Grab; patches: Rect[]; reading: Reading };

export class Observer {
  /** The last accepted reading and the grab it came from: what clicks are checked against. */
  basis: { grab: Grab; reading: Reading } | null = null;
  /** Whether the basis came from a settled frame (not the first changed one, read at once). */
  basisSettled = false;
  /** Whether the basis is a game's end read behind what covers the board (`whenCovered`). */
  basisCovered = false;
  /** Whether the basis was read through a see-through layer over the whole game, taken off (veil.ts). */
  basisVeiled = false;
  /** The last basis not read behind what covers the board, and where (lastUncovered). */
  private uncovered: { grab: Grab; place: Place } | null = null;
  /** The place the basis was read at. */
  private basisPlace: Place | null = null;
  /** The skin found on the screen. */
  skin: string | undefined;
  /** The mine total of the game. */
  mines = 0;
  /** The cells (indices) the last clicks opened: a loss is proved by one of them read for sure as the mine hit (check). */
  opened: readonly number[] = [];
  private sinceFull = 0;
  /** The first frame read at the current place, and its frame patches. */
  private anchor: Anchor | null = null;
  /**
   * The frame set aside when the basis was read on a board found again where it was whose frame
   * did not hold (acceptFound): what an end dialog that came up as the end was read covers.
   */
  private setAside: Anchor | null = null;
  /** The last basis read with no layer over the game (veil.ts), and where: what a layer is found against. */
  private clear: { grab: Grab; place: Place; cells: ArrayLike<CellCode> } | null = null;
  /** Grabs with the layer over them taken off (the grab itself when none). */
  private looks = new WeakMap<Grab, Grab>();

  constructor(
    private readonly frames: Frames,
    private readonly read: ReadScreen,
    private readonly watch: Stopwatch,
    private readonly screen: { width: number; height: number },
    private readonly opts: ObserverOptions = {},
  ) {}

  /** What comparisons around `grid` leave out of the page's own motion there (restless.ts). */
  private restlessAt(grid: Grid): PixelMask | null {
    return this.opts.restless?.at(grid) ?? null;
  }

  /** The page's own motion around `grid`, as frames settling there leave it out (restless.ts). */
  motionAt(grid: Grid): Motion | undefined {
    return this.opts.restless && motionAt(this.opts.restless, grid, this.screen);
  }

  /**
   * Reads a grab with the session's skin, at `grid` (screen pixels) or finding the board; `how`:
   * a grab with a layer over the game taken off (`veiled`: seen), a search of the screen for the
   * board being followed (`searching`), a look at what covers the board, nothing taken from it
   * (`probe`).
   */
  readGrab(g: Grab, grid?: Grid, how: Pick<ReadOptions, 'veiled' | 'searching' | 'probe'> = {}): Reading {
    const skin = this.skin ?? (this.opts.skin && this.opts.skin !== 'auto' ? this.opts.skin : undefined);
    const geometry = grid ? shiftGrid(grid, g.region.left, g.region.top) : undefined;
    const flags = Object.fromEntries(Object.entries(how).filter(([, on]) => on));
    return this.watch.timeSync('readMs', () => this.read(g.image, { ...(skin ? { skin } : {}), ...(geometry ? { geometry } : {}), ...flags }));
  }

  /** Validates a reading (sure, consistent with `prev`); returns it with the game's mine total. */
  check(reading: Reading, prev: Board | null, g: Grab): Reading {
    // (unsure cells beside a cell the last clicks opened read for sure as the mine hit: the game is
    // lost, whatever else it drew at its end; the unsure cells are left as they were)
    const proved = reading.unsure.length && prev ? lossProved(reading, prev, this.opened) : null;
    if (proved) reading = proved;
    // (the mine hit drawn as an opened cell holding nothing, the other mines shown: a loss)
    reading = (prev && blankHit(reading, prev, this.opened)) ?? reading;
    // (and cells covered before, opened by no click, drawn as blanks at a loss: left covered)
    reading = (prev && revealedBlanks(reading, prev, this.opened)) ?? reading;
    if (reading.unsure.length) {
      const cells = reading.unsure.slice(0, 5).map(([x, y]) => `(${x},${y})`).join(' ');
      throw new BadReading(`unsure reading of ${reading.unsure.length} cell(s): ${cells}`, g, reading);
    }
    // a fresh board in place of the game going on: that game ended where no frame showed how (a
    // game that starts a new one by itself at its end), and the new one is here to play
    const fresh = prev !== null && freshAgain(prev, reading.board);
    const why = contradiction(fresh ? null : prev, reading, this.mines);
    if (why) throw new BadReading(`inconsistent reading: ${why}`, g, reading);
    return { ...reading, board: { ...reading.board, mines: this.mines }, ...(fresh ? { endUnseen: FRESH_AGAIN } : {}) };
  }

  /**
   * The board's frame is where it was when first read at this place: a window moved by whole
   * cells can show a shifted board that reads consistently, never its frame at the old place.
   */
  private checkFrame(g: Grab, place: Place): void {
    if (!this.frameHolds(this.seen(g, place), place)) throw new BadReading(FRAME_MOVED, g, null);
  }

  /**
   * `g` as read: with a see-through layer over the whole game taken off (a page dimmed behind an
   * end dialog, a board tinted at its end; veil.ts), found against the last frame read without
   * one at `place`; else `g` itself. What it shows is read; comparisons between grabs (what
   * changed, clicks checked) stay on the screen's own pixels.
   */
  private seen(g: Grab, place: Place): Grab {
    const clear = this.clear;
    if (!clear || !sameGrid(clear.place.grid, place.grid)) return g;
    let look = this.looks.get(g);
    if (!look) {
      const v = veilOf(clear.grab, g, place.grid, false, false, clear.cells);
      look = v ? unveiled(clear.grab, g, v, place.grid) : g;
      this.looks.set(g, look);
    }
    return look;
  }

  /** `g`, read at `place` with `reading`, becomes the basis (and, read with no layer over it, the frame a layer is found against). */
  private setBasis(g: Grab, place: Place, reading: Reading, covered: boolean): void {
    this.basis = { grab: g, reading };
    this.setAside = null;
    this.basisPlace = place;
    this.basisCovered = covered;
    if (!covered) this.uncovered = { grab: g, place };
    this.basisVeiled = this.seen(g, place) !== g;
    if (!this.basisVeiled) this.clear = { grab: g, place, cells: reading.board.cells };
  }

  /**
   * The frame first read at `place` (the one set aside when the board was found there again over
   * a frame that did not hold, as frameHeldBefore), or null: what the page around the board showed
   * before anything came over it (an end read around a dialog takes the dialog into the basis).
   */
  firstFrame(place: Place): Grab | null {
    return this.first(place)?.grab ?? null;
  }

  /**
   * The last frame read at `place` with nothing over the board's frame, or null: after a game's
   * end, that end as read, or the frame before it when the end was read behind what covers the
   * board (an alert and a popup on a layer over the whole page, come with the last click).
   */
  lastUncovered(place: Place): Grab | null {
    return this.uncovered?.place === place ? this.uncovered.grab : null;
  }

  /** How the frame firstFrame returns was read then (sure, checked): never read again. */
  firstReading(place: Place): Reading | null {
    return this.first(place)?.reading ?? null;
  }

  private first(place: Place): Anchor | null {
    return this.setAside?.place === place ? this.setAside : this.anchor?.place === place ? this.anchor : null;
  }

  /** Whether the board's frame in `g` is as it was when first read at `place` (nothing over it; true before any reading there). */
  frameHolds(g: Grab, place: Place): boolean {
    return holds(this.anchor, g, place, this.restlessAt(place.grid)) || this.recoloured(this.anchor, g, place);
  }

  /**
   * Whether `g` shows only the page around the board at `place` recoloured since `anchor` was
   * read (a game that paints its surroundings at its end; recolour.ts), the board's cells as in
   * the last frame read there but for a few: the board is where it was.
   */
  private recoloured(anchor: Anchor | null, g: Grab, place: Place): boolean {
    if (anchor?.place !== place || this.basisPlace !== place || !this.basis) return false;
    return surroundRecoloured(anchor.grab, g, this.basis.grab, anchor.patches, place.grid);
  }

  /**
   * `frameHolds`, but against the frame first read at `place` before the basis was found there
   * again over a frame that did not hold, when it was (that search took the covered frame as the
   * new one: an end dialog come up over the frame while the end was read is then no change, and
   * the board back in its frame once the dialog is closed a change).
   */
  frameHeldBefore(g: Grab, place: Place): boolean {
    return this.setAside?.place === place ? holds(this.setAside, g, place, this.restlessAt(place.grid)) || this.recoloured(this.setAside, g, place) : this.frameHolds(g, place);
  }

  /**
   * Whether `g` shows the page around the board at `place` as in the frame set aside when the
   * board was found again over a frame that did not hold (an end box over the page dimmed): what
   * came over it is gone, the board back in its frame. That frame is the one held from now on
   * (else a fresh board the box's click brought reads as covered still: gobitobi's next game taken
   * for the ended one, and the new-game point clicked on one of its cells).
   */
  private backInFirstFrame(g: Grab, place: Place): boolean {
    const aside = this.setAside;
    if (aside?.place !== place || !this.frameHeldBefore(g, place)) return false;
    this.anchor = aside;
    this.setAside = null;
    return true;
  }

  /**
   * `accept` for a board a search of the screen found again at `place` (its whole extent, not
   * its old lattice): the frame first read there is set aside, as a change around the board is
   * then the game's own drawing (a corner cell's shadow gone as it opened), not a window moved by
   * whole cells; this frame is the new one. The old one is kept when the reading fails.
   */
  acceptFound(g: Grab, place: Place, prev: Board | null): Reading {
    const was = this.anchor;
    if (was?.place === place) this.anchor = null;
    try {
      const reading = this.accept(g, place, prev);
      if (this.anchor !== was && !holds(was, g, place, this.restlessAt(place.grid))) this.setAside = was;
      return reading;
    } catch (err) {
      if (this.anchor === null) this.anchor = was;
      throw err;
    }
  }

  /**
   * Forgets the frame first read at the current place (and the one set aside): it showed a box
   * that held the page since before the run, now closed; the next frame read there takes its place
   * as what the page around the board shows.
   */
  forgetFirstFrame(): void {
    this.anchor = null;
    this.setAside = null;
  }

  private setAnchor(g: Grab, place: Place, reading: Reading): void {
    if (this.anchor?.place !== place) this.anchor = { place, grab: g, patches: framePatches(place.grid, this.screen).filter((p) => covers(g, p)), reading };
  }

  /**
   * How far the board read last at `place` lies moved in `g` (a grab around that place), by its
   * pixels (board-shift.ts), or null: not moved, or not found near. When most of its cells changed
   * at once (an end that opens every cell), too few pixels stay as they were to find it by: then
   * by the lines between its cells, which move with it whatever the cells show (lattice-push.ts).
   */
  shiftOf(g: Grab, place: Place): { dx: number; dy: number } | null {
    if (!this.basis || this.basisPlace !== place) return null;
    const by = boardShift(this.basis.grab, g, place.grid);
    if (by || !this.mostChanged(g, place.grid)) return by;
    return latticePush(this.basis.grab, g, place.grid);
  }

  /** Whether most cells of `grid` differ between the basis and `g`. */
  private mostChanged(g: Grab, grid: Grid): boolean {
    return changedCells(this.basis!.grab, g, grid, this.restlessAt(grid)).length > (grid.cols * grid.rows) / 2;
  }

  /** Whether most cells of the board read last at `place` changed in `g` at once, and the board is found moved by its pixels: pushed, its frame (if any) not showing it. */
  private pushedInPlace(g: Grab, place: Place): boolean {
    if (!this.basis || this.basisPlace !== place || !this.mostChanged(g, place.grid)) return false;
    return this.shiftOf(g, place) !== null;
  }

  /** Reads a grab at a known place in full and checks it; on success it becomes the basis. */
  accept(g: Grab, place: Place, prev: Board | null): Reading {
    let reading: Reading;
    const look = this.seen(g, place);
    let covered = !this.frameHolds(look, place) && !this.backInFirstFrame(look, place);
    // a board pushed a little (a line of text put above it at a game's end) is no box over it:
    // it is looked for again, and found moved (watch.ts)
    if (covered && this.shiftOf(g, place)) throw new BadReading(BOARD_SHIFTED, g, null);
    // (a frame changed only beside corner cells the game just opened: their shadow gone)
    const shadowed = covered && look === g && prev !== null ? this.shadowGone(g, place, prev) : null;
    if (shadowed) covered = false;
    // ...and on a plain page, where the frame patches at its old corners show only page before
    // and after, a push shows only in the cells: most of them changed at once. Such a frame read
    // at the old lattice cuts every cell across two rows, and a reader that knows the looks can
    // read it with confidence (VitaFilimonova's "You lose" line, 1.6 cells: a loss read there,
    // then its face clicked from the old place, on the line of text)
    if (!covered && this.pushedInPlace(g, place)) throw new BadReading(BOARD_SHIFTED, g, null);
    if (covered) {
      // (a reader may know the game ended behind what covers it; else the board is looked for)
      const ended = this.opts.whenCovered?.(look.image, shiftGrid(place.grid, g.region.left, g.region.top));
      if (!ended) throw new BadReading(FRAME_MOVED, g, null);
      reading = ended;
    } else {
      try {
        reading = this.readGrab(look, place.grid, { veiled: look !== g });
      } catch (err) {
        throw new BadReading(`could not read the board: ${err instanceof Error ? err.message : String(err)}`, g, null);
      }
    }
    const grid = place.grid;
    if (reading.board.width !== grid.cols || reading.board.height !== grid.rows) {
      throw new BadReading(`the board now reads ${reading.board.width}x${reading.board.height}, not ${grid.cols}x${grid.rows}`, g, reading);
    }
    // (each such patch beside a corner cell that reads open or flagged now: a board moved by part
    // of a cell reads its cells covered or unsure there)
    if (shadowed && !shadowed.every((cells) => cells.some(([x, y]) => opens(reading.board.cells[y * grid.cols + x]!)))) throw new BadReading(FRAME_MOVED, g, null);
    const checked = this.check(reading, prev, g);
    this.setBasis(g, place, checked, covered);
    if (shadowed) {
      // (this frame's surroundings are the ones held from now on; the frame first read stays
      // what a box over the board is told against, as for a board found again in place)
      this.setAside ??= this.anchor;
      this.anchor = null;
    }
    this.setAnchor(g, place, checked);
    this.sinceFull = 0;
    return checked;
  }

  /**
   * Whether every frame patch that no longer holds in `g` changed with a corner cell beside it
   * (the corner or its neighbour on an edge) that was covered in `prev` and changed since the last
   * frame read (`prev`'s, with nothing over it), where that patch still held: those corner cells
   * for each such patch (one of them must read open or flagged), or null. A frameless board whose covered
   * tiles cast a shadow on the page loses it at a corner as the tile opens (arthurpolon's rounded
   * tiles; their shadows fall on the tiles beside them too), and a search by the skin may not find
   * such a board whole again (its open cells at an edge alike the page). A window moved by whole
   * cells leaves a corner whose old cell shows another alike, and open cells read covered (the
   * reading is checked against `prev` as any); one moved by part of a cell reads its corners
   * covered or unsure; a box over a corner leaves cells there that do not read. (Not a count of
   * cells changed: a cascade changes most of them, and each opened tile's shadow the tiles by it.)
   */
  private shadowGone(g: Grab, place: Place, prev: Board): [number, number][][] | null {
    const anchor = this.anchor, grid = place.grid;
    const clear = this.basis && this.basisPlace === place && !this.basisCovered && !this.basisVeiled ? this.basis : null;
    if (anchor?.place !== place || !clear || prev.width !== grid.cols || prev.height !== grid.rows) return null;
    const ignore = this.restlessAt(grid);
    const moved = anchor.patches.filter((patch) => !sameArea(g, anchor.grab, patch, ignore));
    const corners = moved.map((patch) =>
      sameArea(clear.grab, anchor.grab, patch, ignore) ? cornerCells(grid, patch).filter(([x, y]) => prev.cells[y * grid.cols + x] === COVERED && !sameArea(clear.grab, g, cellRect(grid, x, y), ignore)) : [],
    );
    return corners.length > 0 && corners.every((cells) => cells.length > 0) ? corners : null;
  }

  /**
   * Grabs a settled frame at `place` and reads it (after `changedFrom`, once the grid differs from
   * it); one quick re-grab after a bad reading, then throws BadReading. With `expected`, re-grabs
   * (until the change timeout) while the reading does not yet show what the last clicks must have
   * done: a screen still drawing can look settled between two grabs.
   *
   * `settle: false` reads the cells of the first changed frame without waiting for a second grab
   * to agree: the caller must confirm the frame (a later grab identical to the basis) before
   * acting on it — the play loop's check before a batch does exactly that.
   */
  async observe(place: Place, prev: Board | null, changedFrom: Grab | null, mode: ReadMode, expected?: (b: Board) => boolean, settle = true): Promise<Reading> {
    const area = gridRect(place.grid);
    const deadline = this.watch.clock.now() + this.frames.changeTimeoutMs;
    let unshown = false;
    for (let attempt = 0; ; attempt++) {
      // A periodic full read checks the mine counter against the flags: only worth it with flags shown.
      const due = this.sinceFull + 1 >= (this.opts.fullEvery ?? 8) && prev !== null && prev.cells.includes(FLAG);
      const cellsOnly = mode !== 'full' && this.opts.incremental !== false && attempt === 0 && prev !== null && this.basis !== null && !due;
      const region = cellsOnly ? place.cells : place.full;
      const from = attempt === 0 ? changedFrom : null;
      const quick = cellsOnly && !settle;
      const motion = this.motionAt(place.grid);
      let g = quick ? await this.frames.changed(region, from, area, motion) : await this.frames.stable(region, from, area, motion);
      try {
        let reading: Reading | null = null;
        if (cellsOnly) {
          this.checkFrame(g, place);
          reading = this.readChanged(g, this.seen(g, place), place.grid);
          if (reading) {
            if (mode === 'cells-no-counter') reading = { ...reading, mineCounter: null };
            const checked = this.check(reading, prev, g);
            this.setBasis(g, place, checked, false);
            this.sinceFull++;
            reading = checked;
          } else g = await this.frames.stable(place.full, null, area, motion);
        }
        reading ??= this.accept(g, place, prev);
        if (expected && !expected(reading.board) && this.watch.clock.now() < deadline) {
          unshown ||= !quick;
          await this.frames.pause();
          attempt--;
          continue;
        }
        // a settled frame did not show the clicks, a later one does: the game draws in steps (not
        // when none did, the change timeout run out: clicks the game ignored, as after its end)
        if (unshown && expected?.(reading.board)) this.opts.onLateChange?.(this.frames.lateChange());
        this.basisSettled = !quick;
        return reading;
      } catch (err) {
        if (!(err instanceof BadReading) || attempt >= 1) throw err;
        this.opts.onRetry?.(err.message);
        // A frame read before it settled was likely caught while drawing: read a settled one at
        // once. A settled frame that reads badly gets a moment first (an animation, a repaint).
        if (settle) await this.watch.sleep(40);
        settle = true;
      }
    }
  }

  /**
   * Reads only the cells whose pixels differ from the basis (in `look`: `g` as read); null when a full read is needed
   * instead (most of the board changed, or the game may have ended: face and counters then).
   */
  private readChanged(g: Grab, look: Grab, grid: Grid): Reading | null {
    const basis = this.basis!;
    const changed = changedCells(basis.grab, g, grid, this.restlessAt(grid));
    // (an end unseen, and outcomes unseen, are what the basis said of the game and clicks before
    // it, not of the cells read from it)
    const { endUnseen: _, outcomeUnseen: __, ...prev } = basis.reading;
    if (changed.length === 0) return { ...prev, board: { ...prev.board, cells: prev.board.cells.slice() } };
    if (changed.length > (grid.cols * grid.rows) / 3) return null;
    const seen = this.readCells(look, grid, changed, prev.skin);
    if (!seen) return null;
    const cells = prev.board.cells.slice();
    changed.forEach(([x, y], k) => (cells[y * grid.cols + x] = seen.codes[k]!));
    const board = { ...prev.board, cells };
    if (outcomeOf(board, null) !== 'playing') return null;
    return { ...prev, board, unsure: seen.unsure, minConfidence: seen.minConfidence };
  }

  /**
   * Reads the given cells of a grab. A whole-pixel grid (cells of whole pixels at whole-pixel
   * places) has them copied side by side into one strip, read in one call: cell templates look
   * only inside their cell. Otherwise the rectangle around them is read.
   */
  private readCells(g: Grab, grid: Grid, cells: [number, number][], skin: string): { codes: number[]; unsure: [number, number][]; minConfidence: number } | null {
    const p = grid.pitch;
    const whole = Number.isInteger(p) && Number.isInteger(grid.left) && Number.isInteger(grid.top);
    let image: RgbaImage;
    let sub: Grid;
    let at: (k: number) => number;
    if (whole) {
      const M = 2;
      image = { width: cells.length * p + 2 * M, height: p + 2 * M, data: new Uint8Array((cells.length * p + 2 * M) * (p + 2 * M) * 4) };
      cells.forEach(([x, y], k) => {
        const box = cropGrab(g, { left: grid.left + x * p, top: grid.top + y * p, width: p, height: p });
        for (let row = 0; row < p; row++) image.data.set(box.data.subarray(row * p * 4, (row + 1) * p * 4), ((row + M) * image.width + M + k * p) * 4);
      });
      sub = { ...grid, left: M, top: M, cols: cells.length, rows: 1 };
      at = (k) => k;
    } else {
      let [x0, y0, x1, y1] = [grid.cols, grid.rows, -1, -1];
      for (const [x, y] of cells) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      const left = Math.max(g.region.left, Math.floor(grid.left + x0 * p) - 2);
      const top = Math.max(g.region.top, Math.floor(grid.top + y0 * p) - 2);
      const right = Math.min(g.region.left + g.region.width, Math.ceil(grid.left + (x1 + 1) * p) + 2);
      const bottom = Math.min(g.region.top + g.region.height, Math.ceil(grid.top + (y1 + 1) * p) + 2);
      image = cropGrab(g, { left, top, width: right - left, height: bottom - top });
      sub = { ...grid, left: grid.left + x0 * p - left, top: grid.top + y0 * p - top, cols: x1 - x0 + 1, rows: y1 - y0 + 1 };
      at = (k) => (cells[k]![1] - y0) * sub.cols + cells[k]![0] - x0;
    }
    let part: Reading;
    try {
      part = this.watch.timeSync('readMs', () => this.read(image, { skin, geometry: sub, cellsOnly: true }));
    } catch {
      return null;
    }
    const unsureAt = new Set(part.unsure.map(([x, y]) => y * sub.cols + x));
    return {
      codes: cells.map((_, k) => part.board.cells[at(k)]!),
      unsure: cells.filter((_, k) => unsureAt.has(at(k))),
      minConfidence: part.minConfidence,
    };
  }
}

/** Whether a cell code shows a covered cell changed by a move: opened (a number, an opened cell not known, a mine shown) or flagged. */
function opens(code: number): boolean {
  return code <= 8 || code === OPENED || code === MINE || code === EXPLODED || code === FLAG;
}

/** The corner cell nearest a frame patch (framePatches), and its neighbours along the two edges, as [x, y]. */
function cornerCells(grid: Grid, patch: Rect): [number, number][] {
  const x = patch.left < grid.left ? 0 : grid.cols - 1, y = patch.top < grid.top ? 0 : grid.rows - 1;
  const dx = x === 0 ? 1 : -1, dy = y === 0 ? 1 : -1;
  const cells: [number, number][] = [[x, y], [x + dx, y], [x, y + dy]];
  return cells.filter(([cx, cy]) => cx >= 0 && cy >= 0 && cx < grid.cols && cy < grid.rows);
}

function covers(g: Grab, r: Rect): boolean {
  return r.left >= g.region.left && r.top >= g.region.top && r.left + r.width <= g.region.left + g.region.width && r.top + r.height <= g.region.top + g.region.height;
}

/** Whether the frame patches of `anchor` (the first frame read at `place`) are as they were in `g`; true when it is of another place, or none. */
function holds(anchor: Anchor | null, g: Grab, place: Place, ignore: PixelMask | null): boolean {
  return anchor?.place !== place || anchor.patches.every((patch) => sameArea(g, anchor.grab, patch, ignore));
}
