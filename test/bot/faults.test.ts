// What real desktops do to a game mid-play, on the simulated desktop: the window moves (between
// games, between batches, inside a batch), another window covers part of the board for a while or
// for good, the game is minimised or closed, a second game is on the screen, the game lights the
// cell under the pointer. Every click must land on the game's window, and every stop say why.

import { describe, expect, it, vi } from 'vitest';
import { playSession } from '../../src/bot/loop.js';
import type { PlayConfig, PlayEvent } from '../../src/bot/session.js';
import { Watch } from '../../src/bot/screen/watch.js';
import { SimulatedDesktop, type OtherWindow } from '../../src/desktop/simulated.js';
import type { Region } from '../../src/desktop/ports.js';
import type { Grid } from '../../src/core/grid.js';
import { createStrategy } from '../../src/solver/registry.js';
import { COVERED, EXPLODED, FLAG, createBoard } from '../../src/core/board.js';
import { toyRead, toyRender } from './toy-vision.js';
import { TOY_TITLE, toyDesktop } from '../support/toy-desktop.js';

const TITLE = TOY_TITLE;
const desktop = toyDesktop;

function config(events: PlayEvent[], over: Partial<PlayConfig> = {}): PlayConfig {
  return {
    strategy: createStrategy('exact'),
    read: toyRead,
    rule: 'zero',
    games: 3,
    seed: 1,
    flags: false,
    boardWaitMs: 3000,
    onEvent: (e) => events.push(e),
    ...over,
  };
}

/** Every click landed on the game's window, on a cell (the toy game starts games by key). */
function allOnTheGame(d: SimulatedDesktop): void {
  expect(d.clicks.length).toBeGreaterThan(0);
  for (const c of d.clicks) {
    expect(c.window).toBe(TITLE);
    expect(c.cell).not.toBeNull();
  }
}

/** A dialog's region inside the board, its frame left alone. */
function insideBoard(g: Grid): Region {
  return { left: g.left + g.pitch, top: g.top + g.pitch, width: 14 * g.pitch, height: 14 * g.pitch };
}

/** A dialog's region over the board's top rows and the top corners of its frame (`rows` of the board covered). */
function overTop(g: Grid, rows = 5, above = 3): Region {
  return { left: g.left - 2 * g.pitch, top: g.top - above * g.pitch, width: 20 * g.pitch, height: (rows + above) * g.pitch };
}

/** Raises the windows `over` gives for the game's grid, in turn, right after the bot's 15th click (what its click brought up). */
function raiseAtClick15(d: SimulatedDesktop, over: (g: Grid) => OtherWindow[]): void {
  d.onClick = (_c, desk) => {
    if (desk.clicks.length === 15) for (const w of over(desk.grid)) desk.raise(w);
  };
}

/** The config with `window` raised over the game once the first game has ended (before the new-game key). */
function raiseAtFirstEnd(d: SimulatedDesktop, cfg: PlayConfig, window: (g: Grid) => OtherWindow): PlayConfig {
  const seen = cfg.onEvent;
  return {
    ...cfg,
    onEvent: (e) => {
      seen?.(e);
      if (e.type === 'game' && e.game === 0) d.raise(window(d.grid));
    },
  };
}

describe('faults on the simulated desktop', () => {
  it('right-clicks a flag once: a game whose flags read as covered cells (a thin mark the skin does not tell from the tile) keeps them, though a second right-click would take one off', async () => {
    const d = desktop({ render: (board, skin, o) => toyRender({ ...board, cells: board.cells.map((c) => (c === FLAG ? COVERED : c)) }, skin, o) });
    const rightClicks = new Map<string, number>();
    d.onClick = (c, desk) => {
      if (c.button !== 'right' || !c.cell) return;
      const key = `game ${desk.games.length}: ${c.cell.join(',')}`;
      rightClicks.set(key, (rightClicks.get(key) ?? 0) + 1);
    };
    const result = await playSession(d, config([], { flags: true }));
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    expect(rightClicks.size).toBeGreaterThan(0);
    expect([...rightClicks].filter(([, n]) => n > 1)).toEqual([]);
    allOnTheGame(d);
  });

  it("plays on when a corner cell's shadow, cast past the board's edge, goes as that cell opens (a page's covered tiles with drop shadows): the board found again where it was is read there", async () => {
    // every covered corner cell darkens the pixels just outside its corner, where the loop keeps
    // its frame patches (react-minesweeper's tiles cast a CSS shadow 11 px)
    const d = desktop({
      render: (board, skin, o) => {
        const r = toyRender(board, skin, o);
        const { left, top, pitch } = r.grid, right = left + board.width * pitch, bottom = top + board.height * pitch;
        const corners: [number, number, number, number][] = [[0, 0, left - 6, top - 6], [board.width - 1, 0, right + 1, top - 6], [0, board.height - 1, left - 6, bottom + 1], [board.width - 1, board.height - 1, right + 1, bottom + 1]];
        for (const [cx, cy, x0, y0] of corners) {
          if (board.cells[cy * board.width + cx] !== COVERED) continue;
          for (let y = y0; y < y0 + 5; y++) for (let x = x0; x < x0 + 5; x++) r.image.data.set([150, 150, 150, 255], (y * r.image.width + x) * 4);
        }
        return r;
      },
    });
    const events: PlayEvent[] = [];
    const result = await playSession(d, config(events, { games: 4 }));
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(4);
    // (corner cells were opened: the case this is about)
    const opened = d.games.flatMap((g) => [0, 15, 240, 255].filter((i) => g.board().cells[i]! <= 8));
    expect(opened.length).toBeGreaterThan(0);
    allOnTheGame(d);
  });

  it('follows the window when it moves between games', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    const spots = [{ x: 300, y: 200 }, { x: 120, y: 10 }];
    const cfg = config(events);
    cfg.onEvent = (e) => {
      events.push(e);
      if (e.type === 'game' && spots.length) d.moveWindow(spots.shift()!);
    };
    const result = await playSession(d, cfg);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    allOnTheGame(d);
    expect(events.filter((e) => e.type === 'moved')).toHaveLength(2);
    expect(result.records.map((r) => r.result)).toEqual(d.games.filter((g) => g.finished).map((g) => g.status));
  });

  it('follows the window when it moves between batches: the batch is not clicked where the board was', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    let decisions = 0;
    const cfg = config(events, { games: 2 });
    // yieldEvents runs after a reading and before the next decision: the board moves in between.
    cfg.yieldEvents = async () => {
      if (++decisions % 4 === 0) d.moveWindow({ x: 40 + ((decisions * 37) % 300), y: 30 + ((decisions * 23) % 200) });
    };
    const result = await playSession(d, cfg);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(2);
    allOnTheGame(d);
    expect(events.some((e) => e.type === 'skip' && e.target === 'board')).toBe(true);
    expect(events.filter((e) => e.type === 'moved').length).toBeGreaterThan(1);
  });

  it('drops the rest of a batch when the window moves inside it, also by exactly one cell', async () => {
    for (const shift of [{ x: 8, y: 0 }, { x: 13, y: 5 }]) {
      // The toy skin's cells are 8 px: a move of 8 px shows an identical covered cell under the
      // next click; the board's frame tells the move apart.
      const d = desktop();
      const events: PlayEvent[] = [];
      let movedInBatch = 0;
      const perDecision = new Map<number, number>();
      const cfg = config(events, { games: 2 });
      cfg.onEvent = (e) => {
        events.push(e);
        if (e.type !== 'move') return;
        const n = (perDecision.get(e.decision) ?? 0) + 1;
        perDecision.set(e.decision, n);
        // Before the second click of every third batch: the window moves.
        if (n === 2 && e.decision % 3 === 0) {
          const w = d.window;
          d.moveWindow({ x: w.left + shift.x, y: w.top + shift.y });
          movedInBatch++;
        }
      };
      const result = await playSession(d, cfg);
      expect(result.stopped).toBeNull();
      expect(movedInBatch).toBeGreaterThan(0);
      allOnTheGame(d);
      expect(events.some((e) => e.type === 'skip' && e.target === 'cell' && /frame moved/.test(e.why))).toBe(true);
    }
  });

  it('a page that pushes the board down at the flag that makes the flags as many as the mines (a win taken there, a line of text above), after the next click\'s check: no click lands off the cell it aims at', async () => {
    // (the push shows just after the first grab that follows the flag: a check before the next
    // click sees the board where it was, the click lands where it is now; the race a real browser
    // game gives, chrisevans9629/Minesweeper's "Congrats, you won!" 1.5 cells tall)
    const d = desktop({ lag: 0 });
    const events: PlayEvent[] = [];
    let pending = false, pushed = 0;
    d.onClick = (c, desk) => {
      const g = desk.game;
      if (c.button === 'right' && g.board().cells.filter((k) => k === FLAG).length === g.mines) pending = true;
    };
    const grab = d.screen.grab.bind(d.screen);
    d.screen.grab = async (region) => {
      const g = await grab(region);
      if (pending) {
        pending = false;
        pushed++;
        const w = d.window;
        d.moveWindow({ x: w.left, y: w.top + 12 });
      }
      return g;
    };
    const result = await playSession(d, config(events, { games: 4, flags: true }));
    expect(pushed).toBeGreaterThan(0);
    expect(result.stopped).toBeNull();
    const aimed = events.filter((e) => e.type === 'click').map((e) => (e.type === 'click' ? e.cell : null));
    expect(aimed).toEqual(d.clicks.map((c) => c.cell));
  });

  it('never reads a board shifted by whole cells as the same board: every click hits the cell it aims at', async () => {
    const d = desktop({ lag: 0 });
    const events: PlayEvent[] = [];
    let parks = 0;
    const move = d.pointer.move.bind(d.pointer);
    // Right after a batch (the pointer is parked before the board is read again), every third
    // time, the window moves by exactly one cell: the cells under the old grid look like cells.
    d.pointer.move = async (to) => {
      await move(to);
      if (++parks % 3 === 0) {
        const w = d.window;
        d.moveWindow({ x: w.left + (parks % 2 ? 8 : -8), y: w.top + (parks % 4 ? 0 : 8) });
      }
    };
    const result = await playSession(d, config(events, { games: 3 }));
    expect(result.stopped).toBeNull();
    const aimed = events.filter((e) => e.type === 'click').map((e) => (e.type === 'click' ? e.cell : null));
    expect(aimed).toEqual(d.clicks.map((c) => c.cell));
    expect(events.filter((e) => e.type === 'moved').length).toBeGreaterThan(3);
  });

  it('waits while another window covers part of the board, clicking nothing on it, then plays on', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    let handle = -1;
    const cfg = config(events, { games: 2 });
    d.onClick = (_c, desk) => {
      if (desk.clicks.length === 20) {
        const g = desk.grid;
        handle = desk.raise({ title: 'Notification', region: { left: g.left + 2 * g.pitch, top: g.top + 2 * g.pitch, width: 12 * g.pitch, height: 12 * g.pitch }, colour: [250, 250, 200] });
      }
    };
    cfg.onEvent = (e) => {
      events.push(e);
      if (e.type === 'waiting') d.lower(handle);
    };
    const result = await playSession(d, cfg);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(2);
    allOnTheGame(d);
    expect(events.some((e) => e.type === 'waiting')).toBe(true);
  });

  it('reads a board it read unsure again where it is before it looks for it elsewhere (a whole-screen search takes seconds)', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    // the order in which the watch reads the board where it was and looks for it elsewhere
    const order: string[] = [];
    const proto = Watch.prototype as unknown as Record<'find' | 'readAt' | 'recover', (...a: unknown[]) => unknown>;
    const spies = (['find', 'readAt', 'recover'] as const).map((m) => {
      const real = proto[m]!;
      return vi.spyOn(proto, m).mockImplementation(function (this: unknown, ...a: unknown[]) {
        order.push(m);
        return real.apply(this, a);
      });
    });
    try {
      const result = await playSession(d, config(events, {
        games: 1,
        read: (image, opts) => {
          const r = toyRead(image, opts);
          // after the 10th click, one cell caught drawing, until the loop has given up on the frame
          // (the reader tries again a few times first) and gone to find the board again
          const caught = d.clicks.length >= 10 && opts?.geometry !== undefined && !order.includes('recover');
          return caught ? { ...r, unsure: [[0, 0]], minConfidence: 0 } : r;
        },
      }));
      expect(result.stopped).toBeNull();
      expect(events.some((e) => e.type === 'retry' && /unsure reading/.test(e.why))).toBe(true);
      expect(order[0]).toBe('recover');
      expect(order[1]).toBe('readAt');
    } finally {
      for (const s of spies) s.mockRestore();
    }
    allOnTheGame(d);
  });

  it('stops with the reason when a dialog stays over the board, saving the capture', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    const saved: string[] = [];
    raiseAtClick15(d, (g) => [{ title: 'Best times', region: insideBoard(g) }]);
    const result = await playSession(d, config(events, { save: async (_c, _r, why) => (saved.push(why), '/tmp/x.png') }));
    expect(result.stopped).toMatch(/still so after 3 s of reading it again and looking for it elsewhere \(is it covered, minimised or closed\?\)/);
    expect(saved).toHaveLength(1);
    allOnTheGame(d);
  });

  it('says which opened cells it never saw the outcome of when it stops right after clicking them (the log keeps them apart from the calibrated moves)', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    raiseAtClick15(d, (g) => [{ title: 'Best times', region: insideBoard(g) }]);
    const result = await playSession(d, config(events));
    expect(result.stopped).not.toBeNull();
    const opened = events.flatMap((e) => (e.type === 'opened' ? [e] : []));
    const unseen = events.flatMap((e) => (e.type === 'unseen' && e.why === undefined ? [e] : []));
    expect(unseen.length).toBeGreaterThan(0);
    // (the run stopped on a frame it could not read: the cells the change before showed open are
    // doubted, each under the number it was told opened with)
    const doubted = events.flatMap((e) => (e.type === 'unseen' && e.why !== undefined ? [e] : []));
    expect(doubted.length).toBeGreaterThan(0);
    for (const e of doubted) expect(opened.some((o) => o.game === e.game && o.n === e.n && o.move.x === e.move.x && o.move.y === e.move.y)).toBe(true);
    // the last clicks (the 15th among them), numbered on from the cells whose outcome was seen
    const last = opened.filter((e) => e.game === unseen[0]!.game).at(-1)?.n ?? 0;
    expect(unseen.map((e) => e.n)).toEqual(unseen.map((_, k) => last + 1 + k));
    const clicked = d.clicks.filter((c) => c.cell).map((c) => c.cell!.join(','));
    for (const e of unseen) expect(clicked).toContain(`${e.move.x},${e.move.y}`);
    expect(clicked.at(-1)).toBe(`${unseen.at(-1)!.move.x},${unseen.at(-1)!.move.y}`);
    // and no cell is both
    const seen = new Set(opened.map((e) => `${e.game}:${e.move.x},${e.move.y}`));
    for (const e of unseen) expect(seen.has(`${e.game}:${e.move.x},${e.move.y}`)).toBe(false);
  });

  it('with a dismiss key, closes a dialog that came with its click (the key pressed once) and plays on under it', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    raiseAtClick15(d, (g) => [{ title: 'Best times', region: insideBoard(g), closesOn: ['Escape'] }]);
    const result = await playSession(d, config(events, { dismissKey: 'Escape' }));
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    // one Escape, after the 15th click; then the new-game keys
    expect(d.keys.filter((k) => k === 'Escape')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'dismissed')).toHaveLength(1);
    allOnTheGame(d);
  });

  it('with a dismiss key, closes a dialog that came after its clicks were read, before the next batch (skipped: the board changed under it), and plays on under it', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    let raised = false;
    const cfg = config(events, { dismissKey: 'Escape' });
    // (raised between the turns: after the frame that showed its 15th click and more was read)
    const result = await playSession(d, {
      ...cfg,
      yieldEvents: async () => {
        if (raised || d.clicks.length < 15) return;
        raised = true;
        d.raise({ title: 'Best times', region: insideBoard(d.grid), closesOn: ['Escape'] });
      },
    });
    expect(raised).toBe(true);
    expect(events.some((e) => e.type === 'skip' && e.target === 'board')).toBe(true);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    expect(d.keys.filter((k) => k === 'Escape')).toHaveLength(1);
    allOnTheGame(d);
  });

  it('with a dismiss key, closes dialogs queued one after another over the board and its frame (a best time\'s name, then the best times): pressed once more only after the first closed and another came', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    raiseAtClick15(d, (g) => [
      { title: 'Best times', region: overTop(g, 10, 2), colour: [200, 200, 200], closesOn: ['Return'] },
      { title: 'Congratulations', region: { left: g.left - 3 * g.pitch, top: g.top + 4 * g.pitch, width: 22 * g.pitch, height: 10 * g.pitch }, colour: [240, 240, 250], closesOn: ['Return'] },
    ]);
    const result = await playSession(d, config(events, { dismissKey: 'Return' }));
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    expect(d.keys.filter((k) => k === 'Return')).toHaveLength(2);
    expect(events.flatMap((e) => (e.type === 'dismissed' ? [e.press] : []))).toEqual([1, 2]);
    allOnTheGame(d);
  });

  it('presses the dismiss key once only for a dialog over the board and its frame that does not take it, and stops as before', async () => {
    const d = desktop();
    raiseAtClick15(d, (g) => [{ title: 'Best times', region: overTop(g, 10, 2), closesOn: ['Escape'] }]);
    const result = await playSession(d, config([], { dismissKey: 'Return' }));
    expect(result.stopped).toMatch(/still so after 3 s/);
    expect(d.keys).toEqual(['Return']);
    allOnTheGame(d);
  });

  /** The game with a dialog the last run left over `region` (closed by Return), played with Return as the dismiss key: pressed once at the start, then 3 games. */
  async function playsAfterDialogLeftUp(region: (g: Grid) => Region): Promise<void> {
    const d = desktop();
    const events: PlayEvent[] = [];
    d.raise({ title: 'SUCCESS!', region: region(d.grid), closesOn: ['Return'] });
    const result = await playSession(d, config(events, { dismissKey: 'Return' }));
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    expect(d.keys[0]).toBe('Return');
    expect(events.filter((e) => e.type === 'dismissed')).toHaveLength(1);
    allOnTheGame(d);
  }

  /** A dialog's region over the whole board and its frame. */
  const overBoard = (g: Grid): Region => ({ left: g.left - 2 * g.pitch, top: g.top - 2 * g.pitch, width: 13 * g.pitch, height: 13 * g.pitch });

  it('with a dismiss key, closes a dialog left over the whole board by the last run (a win\'s "play again?"): pressed once at the start, then plays', async () => {
    await playsAfterDialogLeftUp(overBoard);
    // without the key, the board is not found
    const bare = desktop();
    bare.raise({ title: 'SUCCESS!', region: overBoard(bare.grid), closesOn: ['Return'] });
    expect((await playSession(bare, config([]))).stopped).toMatch(/no Minesweeper board found/);
    expect(bare.keys).toEqual([]);
  });

  it('with a dismiss key, closes a dialog left over part of the board by the last run (its frame and most cells in view): pressed once when the cover stays, then plays', async () => {
    await playsAfterDialogLeftUp(insideBoard);
  });

  it('presses no key without a dismiss key (the default: a key goes to whatever has the keyboard), and stops on the dialog as before', async () => {
    const d = desktop();
    raiseAtClick15(d, (g) => [{ title: 'Best times', region: insideBoard(g), closesOn: ['Escape'] }]);
    const result = await playSession(d, config([]));
    expect(result.stopped).toMatch(/still so after 3 s/);
    expect(d.keys).toEqual([]);
  });

  it('presses the dismiss key once only: a dialog it does not close stops the session as before', async () => {
    const d = desktop();
    raiseAtClick15(d, (g) => [{ title: 'Best times', region: insideBoard(g), closesOn: ['Return'] }]);
    const result = await playSession(d, config([], { dismissKey: 'Escape' }));
    expect(result.stopped).toMatch(/still so after 3 s/);
    expect(d.keys).toEqual(['Escape']);
    allOnTheGame(d);
  });

  it('with a dismiss key, closes a dialog that comes over the board and its frame after the game showed its end (Windows 7\'s "play again?" after its loss animation), before the new-game key, and plays on', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    const cfg = raiseAtFirstEnd(d, config(events, { dismissKey: 'Escape' }), (g) => ({ title: 'Game lost', region: overTop(g), colour: [220, 230, 245], closesOn: ['Escape'] }));
    const result = await playSession(d, cfg);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    // the Escape came before the first new-game key
    expect(d.keys.slice(0, 2)).toEqual(['Escape', 'F2']);
    expect(d.keys.filter((k) => k === 'Escape')).toHaveLength(1);
    allOnTheGame(d);
  });

  it('without a dismiss key, presses nothing for a dialog that comes over the board and its frame after the end, and stops on it as before', async () => {
    const d = desktop();
    const cfg = raiseAtFirstEnd(d, config([]), (g) => ({ title: 'Game lost', region: overTop(g), closesOn: ['Escape'] }));
    const result = await playSession(d, cfg);
    expect(result.games).toBe(1);
    expect(result.stopped).not.toBeNull();
    expect(d.keys).not.toContain('Escape');
  });

  it('presses no dismiss key before the new-game key for a cover inside the board that leaves its frame alone (it may be the game\'s own drawing); once that key left the board covered, the dismiss key closes it and the key is pressed again', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    // the first game ends, and a dialog is there before the new-game key: the key goes to it
    const cfg = raiseAtFirstEnd(d, config(events, { dismissKey: 'Escape' }), (g) => ({ title: 'Statistics', region: insideBoard(g), closesOn: ['Escape'] }));
    const result = await playSession(d, cfg);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    expect(d.keys.slice(0, 3)).toEqual(['F2', 'Escape', 'F2']);
    expect(d.keys.filter((k) => k === 'Escape')).toHaveLength(1);
    allOnTheGame(d);
  });

  it('without a dismiss key, presses nothing but the new-game key for a cover that comes after the end, and stops on it', async () => {
    const d = desktop();
    const cfg = raiseAtFirstEnd(d, config([]), (g) => ({ title: 'Statistics', region: insideBoard(g), closesOn: ['Escape'] }));
    const result = await playSession(d, cfg);
    expect(result.games).toBe(1);
    expect(result.stopped).not.toBeNull();
    expect(d.keys.every((k) => k === 'F2')).toBe(true);
  });

  it('presses the new-game key once more when the first came before the end dialog that takes it (a game that fades its board out, then shows its dialog there), and plays on', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    const press = d.keyboard.press.bind(d.keyboard);
    let pressed = 0, fading = false, dialog: number | null = null;
    (d.keyboard as { press: (key: string) => Promise<void> }).press = async (key) => {
      pressed++;
      if (fading) {
        // the key is lost to the fade; then the dialog comes over the whole board
        fading = false;
        const g = d.grid;
        dialog = d.raise({ title: 'Game over', region: { left: g.left - 4, top: g.top - 4, width: 16 * g.pitch + 8, height: 16 * g.pitch + 8 } });
        return;
      }
      // the dialog takes the key: it goes, and a new game starts
      if (dialog !== null) (d.lower(dialog), (dialog = null));
      await press(key);
    };
    const cfg = config(events);
    cfg.onEvent = (e) => {
      events.push(e);
      if (e.type === 'game' && e.game === 0) fading = true;
    };
    const result = await playSession(d, cfg);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    // after the first game: the key lost, then the one the dialog took; after the second: one
    expect(pressed).toBe(3);
    allOnTheGame(d);
  });

  it('with a dismiss key, closes an end dialog that came only after the new-game key (it took the key, as after a long loss animation), then starts the next game', async () => {
    const d = desktop();
    const press = d.keyboard.press.bind(d.keyboard);
    let late = false;
    (d.keyboard as { press: (key: string) => Promise<void> }).press = async (key) => {
      if (late && key === 'F2') {
        // the end dialog comes just now, and takes this key (it closes on Return only)
        late = false;
        d.raise({ title: 'Game lost', region: overTop(d.grid), colour: [220, 230, 245], closesOn: ['Return'] });
        d.keys.push(key);
        return;
      }
      await press(key);
    };
    const events: PlayEvent[] = [];
    const cfg = config(events, { dismissKey: 'Return' });
    cfg.onEvent = (e) => {
      events.push(e);
      if (e.type === 'game' && e.game === 0) late = true;
    };
    const result = await playSession(d, cfg);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    // the key the dialog took, Return for the dialog, the key again
    expect(d.keys.slice(0, 3)).toEqual(['F2', 'Return', 'F2']);
    allOnTheGame(d);
  });

  it('presses the new-game key once the screen has settled after an end: a game that fades its board out for a second takes no key while it fades, and gets one key per game', async () => {
    const FADE_MS = 1000;
    let endedAt: number | null = null;
    const fading = (): boolean => endedAt !== null && d.clock.now() - endedAt < FADE_MS;
    // (the board darkens step by step while it fades: every grab of it differs)
    const d: SimulatedDesktop = desktop({
      damage: (image) => {
        if (!fading()) return;
        const k = 1 - (d.clock.now() - endedAt!) / FADE_MS;
        for (let i = 0; i < image.data.length; i += 4) for (let c = 0; c < 3; c++) image.data[i + c] = Math.round(image.data[i + c]! * k);
      },
    });
    const events: PlayEvent[] = [];
    const press = d.keyboard.press.bind(d.keyboard);
    let pressed = 0, lost = 0;
    (d.keyboard as { press: (key: string) => Promise<void> }).press = async (key) => {
      pressed++;
      if (fading()) return void lost++;
      endedAt = null;
      await press(key);
    };
    const cfg = config(events);
    cfg.onEvent = (e) => {
      events.push(e);
      if (e.type === 'game') endedAt = d.clock.now();
    };
    const result = await playSession(d, cfg);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(3);
    expect(lost).toBe(0);
    expect(pressed).toBe(2);
    allOnTheGame(d);
  });

  it('plays on when the game starts a new one by itself at a loss, before any frame shows the loss: that game ended unseen (neither won nor lost), its last guess unseen, no new-game key pressed for it', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    const press = d.keyboard.press.bind(d.keyboard);
    let pressed = 0;
    (d.keyboard as { press: (key: string) => Promise<void> }).press = async (key) => (pressed++, press(key));
    // (the game's own restart comes with the losing click, before the next frame)
    d.onClick = (_c, desk) => {
      if (desk.game.status === 'lost') desk.newGame();
    };
    const result = await playSession(d, config(events, { games: 4 }));
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(4);
    expect(result.unknown).toBeGreaterThanOrEqual(1);
    expect(result.lost).toBe(0);
    // every game said won was won; every one that ended unseen was lost by its last click
    const played = d.games.slice(0, 4);
    result.records.forEach((r, k) => expect(played[k]!.status, `game ${k + 1}`).toBe(r.result === 'won' ? 'won' : 'lost'));
    // a new-game key only after a game seen to end (a win): none after a game that restarted itself
    expect(pressed).toBe(result.records.slice(0, 3).filter((r) => r.result === 'won').length);
    const ends = events.flatMap((e) => (e.type === 'game' ? [e] : []));
    for (const e of ends.filter((g) => g.result === 'unknown')) {
      expect(e.why).toMatch(/fresh again/);
      // the click that lost it: said unseen, never counted as a safe opening
      const unseen = events.filter((u) => u.type === 'unseen' && u.game === e.game);
      expect(unseen.length).toBeGreaterThanOrEqual(1);
      const board = played[e.game]!.board();
      const boom = board.cells.indexOf(EXPLODED);
      expect(unseen.map((u) => (u.type === 'unseen' ? u.move.y * board.width + u.move.x : -1))).toContain(boom);
    }
    allOnTheGame(d);
  });

  it('never clicks a game after its end when the game would take that click as a new game\'s (a canvas game that restarts at any click on its board, its screen a frame behind): the rest of a batch that won is skipped', async () => {
    // (few mines: long floods, some that no plan foresaw and that win before the batch is done)
    const d = desktop({ lag: 1, spec: { width: 16, height: 16, mines: 10 } });
    const events: PlayEvent[] = [];
    let afterEnd = 0;
    d.onClick = (c, desk) => {
      // (the click reached a game that had already ended: the game starts a new one with it)
      if (c.cell && desk.game.finished && desk.game.clicks === endedAt) (afterEnd++, desk.newGame());
      endedAt = desk.game.finished ? desk.game.clicks : -1;
    };
    let endedAt = -1;
    const result = await playSession(d, config(events, { games: 15, flags: true }));
    expect(afterEnd).toBe(0);
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(15);
    allOnTheGame(d);
  });

  for (const state of ['minimised', 'closed'] as const) {
    it(`stops with the reason when the game is ${state}`, async () => {
      const d = desktop();
      const events: PlayEvent[] = [];
      d.onClick = (_c, desk) => {
        if (desk.clicks.length === 15) desk.setShown(state);
      };
      const result = await playSession(d, config(events));
      expect(result.stopped).toMatch(/board.*; still so after 3 s of reading it again and looking for it elsewhere \(is it covered, minimised or closed\?\)$/);
      expect(d.clicks).toHaveLength(15);
      allOnTheGame(d);
    });
  }

  it('with --window, says at once that the named window was closed', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    d.onClick = (_c, desk) => {
      if (desk.clicks.length === 15) desk.setShown('closed');
    };
    const result = await playSession(d, config(events, { window: 'minesweep', boardWaitMs: 60_000 }));
    expect(result.stopped).toBe('the game window "Minesweeper" was closed');
    expect(d.clock.now()).toBeLessThan(10_000);
  });

  it('with a second game on the screen plays the one it found, or the one named, and never clicks the other', async () => {
    const other = toyRender(createBoard(16, 16, 40), 'toy').image;
    const run = async (otherAt: { x: number; y: number }, window?: string) => {
      const d = desktop({ offset: { x: 300, y: 200 } });
      d.raise({ title: 'Other game', region: { left: otherAt.x, top: otherAt.y, width: other.width, height: other.height }, image: other });
      const result = await playSession(d, config([], { games: 1, ...(window ? { window } : {}) }));
      return { d, result, on: new Set(d.clicks.map((c) => c.window)) };
    };
    // The other game further down the screen: the first found is this one.
    const first = await run({ x: 520, y: 300 });
    expect(first.result.stopped).toBeNull();
    expect(first.on).toEqual(new Set([TITLE]));
    // The other game first on the screen, but this one named.
    const named = await run({ x: 10, y: 10 }, 'minesweeper');
    expect(named.result.stopped).toBeNull();
    expect(named.on).toEqual(new Set([TITLE]));
    // Naming the other (a picture of a game that never changes) plays only it, and stops.
    const theOther = await run({ x: 10, y: 10 }, 'OTHER');
    expect(theOther.on).toEqual(new Set(['Other game']));
    expect(theOther.result.stopped).toMatch(/changed nothing/);
    expect(theOther.d.game.status).toBe('ready');
    const d = desktop();
    const result = await playSession(d, config([], { window: 'Solitaire' }));
    expect(result.stopped).toBe('no window titled "Solitaire" (windows: "Minesweeper")');
    expect(d.clicks).toHaveLength(0);
  });

  it('keeps the pointer off the board while grabbing, so a glow under it does not misread', async () => {
    const glowing = desktop({ glow: true, lag: 0 });
    const off = await playSession(glowing, config([], { park: false, boardWaitMs: 500 }));
    // Without parking, the cell just clicked is lit when the board is read.
    expect(off.stopped).toMatch(/unsure reading/);
    const d = desktop({ glow: true, lag: 0 });
    const on = await playSession(d, config([], { games: 3 }));
    expect(on.stopped).toBeNull();
    expect(on.games).toBe(3);
    allOnTheGame(d);
    // Parking is the bot's own move: moving the mouse after it still stops the bot.
    const u = desktop({ glow: true });
    let parked = 0;
    u.onClick = () => void 0;
    const events: PlayEvent[] = [];
    const cfg = config(events, { games: 5 });
    cfg.yieldEvents = async () => {
      if (++parked === 6) u.userMove({ x: 3, y: 3 });
    };
    const moved = await playSession(u, cfg);
    expect(moved.stopped).toMatch(/the mouse was moved .*found at 3,3/);
  });

  it('stamps every click with the time it was made', async () => {
    const d = desktop();
    const events: PlayEvent[] = [];
    const before = Date.now();
    await playSession(d, config(events, { games: 1 }));
    const clicks = events.filter((e) => e.type === 'click');
    expect(clicks.length).toBe(d.clicks.length);
    for (const c of clicks) {
      expect(c.t).toBeGreaterThanOrEqual(before);
      expect(c.t).toBeLessThanOrEqual(Date.now());
    }
    expect(clicks.map((c) => c.t)).toEqual([...clicks.map((c) => c.t)].sort((a, b) => a - b));
  });

  it('finds and plays a board beside something that never stops changing (an animated title above it in its window)', async () => {
    // every grab shows the band above the board in another grey: the screen as a whole never settles
    let tick = 0;
    const d = desktop({
      damage: (image, grid) => {
        const level = 40 + (tick++ % 100) * 2;
        for (let y = 0; y < grid.pitch >> 1; y++) {
          for (let x = 0; x < image.width; x++) {
            const i = (y * image.width + x) * 4;
            image.data[i] = image.data[i + 1] = image.data[i + 2] = level;
          }
        }
      },
    });
    const events: PlayEvent[] = [];
    const result = await playSession(d, config(events, { games: 2 }));
    expect(result.stopped).toBeNull();
    expect(result.games).toBe(2);
    allOnTheGame(d);
  });
});
