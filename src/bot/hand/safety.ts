// The rules that keep a bot that drives someone's real mouse harmless. Every click and key goes
// through one Safety object, which refuses it (and stops the session) when:
// - a stop was requested (abort key, Ctrl-C);
// - the click or time budget is used up;
// - the click would land outside the rectangles the bot recognised (the board's cells);
// - the mouse is not where the bot last put it (after a click, or after parking it off the board
//   with moved()): the user has taken it back.

import { insideRect } from '../../core/grid.js';
import type { Clock, Point, Pointer, Region } from '../../desktop/ports.js';

export interface SafetyLimits {
  /** Clicks (and keys) allowed in the session. */
  maxClicks?: number;
  /** Session time allowed, in ms. */
  maxMs?: number;
  /** How far (logical points) the mouse may be from where the bot put it. */
  tolerance?: number;
  /** Aborting it stops the session at the next check; its reason (a string) is reported. */
  signal?: AbortSignal;
}

/** Thrown to end the session; the message is the reason reported as `stopped`. */
export class StopSignal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'StopSignal';
  }
}

export class Safety {
  private readonly clock: Clock;
  private readonly pointer: Pointer;
  private readonly limits: SafetyLimits;
  private readonly started: number;
  private allowed: Region[] = [];
  private expected: Point | null = null;
  private requested: string | null = null;
  clicks = 0;

  constructor(pointer: Pointer, clock: Clock, limits: SafetyLimits = {}) {
    this.pointer = pointer;
    this.clock = clock;
    this.limits = limits;
    this.started = clock.now();
  }

  /** Asks the session to stop at the next check (abort key, Ctrl-C). */
  requestStop(reason: string): void {
    this.requested ??= reason;
  }

  get stopRequested(): string | null {
    return this.requested;
  }

  /** Sets the rectangles (physical pixels) where clicks are allowed: the recognised board. */
  allow(regions: Region[]): void {
    this.allowed = regions.map((r) => ({ ...r }));
  }

  /** Records where the mouse is now as where it should stay (at the start of a session). */
  async anchor(): Promise<void> {
    this.expected = await this.pointer.position();
  }

  /** Throws StopSignal if the session must stop now (requested, or a budget is spent). */
  checkpoint(): void {
    const signal = this.limits.signal;
    if (signal?.aborted) this.requestStop(typeof signal.reason === 'string' ? signal.reason : 'aborted');
    if (this.requested) throw new StopSignal(this.requested);
    if (this.limits.maxMs !== undefined && this.clock.now() - this.started >= this.limits.maxMs) {
      throw new StopSignal(`time budget of ${this.limits.maxMs} ms used up`);
    }
  }

  /** Throws StopSignal if the user has moved the mouse away from where the bot left it. */
  async checkMouse(): Promise<void> {
    if (!this.expected) return;
    const now = await this.pointer.position();
    const tol = this.limits.tolerance ?? 2;
    if (Math.abs(now.x - this.expected.x) > tol || Math.abs(now.y - this.expected.y) > tol) {
      throw new StopSignal(
        `the mouse was moved (expected at ${this.expected.x},${this.expected.y}, found at ${now.x},${now.y}): the user has taken over`,
      );
    }
  }

  /**
   * Everything a click must pass, checked right before it: the pixel (physical) must be inside
   * an allowed rectangle, the budgets not spent, the mouse still where the bot left it.
   */
  async beforeClick(pixel: Point): Promise<void> {
    this.checkpoint();
    this.checkBudget();
    if (!this.allowed.some((r) => insideRect(r, pixel))) {
      throw new StopSignal(`refused a click at pixel ${pixel.x},${pixel.y}: outside the recognised board`);
    }
    await this.checkMouse();
  }

  /** Before a key press: the same checks as a click, except the position. */
  async beforeKey(): Promise<void> {
    this.checkpoint();
    this.checkBudget();
    await this.checkMouse();
  }

  /** Records a click at a point: the mouse is expected to stay there. */
  clicked(at: Point): void {
    this.clicks++;
    this.expected = { ...at };
  }

  /** Records a pointer move the bot made itself (never a click): the mouse is expected there. */
  moved(to: Point): void {
    this.expected = { ...to };
  }

  keyed(): void {
    this.clicks++;
  }

  private checkBudget(): void {
    if (this.limits.maxClicks !== undefined && this.clicks >= this.limits.maxClicks) {
      throw new StopSignal(`click budget of ${this.limits.maxClicks} used up`);
    }
  }
}
