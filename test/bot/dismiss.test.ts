// Closing end dialogs with the dismiss key, on scripted frames: pressed again only while each
// press is seen to act and the board's frame stays covered.
import { describe, expect, it } from 'vitest';
import { coverChanged, dialogSeen, dialogSeenUnread, dismissAll, MAX_DISMISS, SAME_COVER_PRESSES, type DismissContext, type PointLook, type UnreadPointLook } from '../../src/bot/flow/dismiss.js';
import type { Frames } from '../../src/bot/screen/frames.js';
import type { Place } from '../../src/bot/screen/place.js';
import { Stopwatch } from '../../src/bot/timing.js';
import type { Grid } from '../../src/core/grid.js';
import type { Grab } from '../../src/desktop/ports.js';

const SIZE = 40;
const grid: Grid = { left: 4, top: 4, pitch: 8, cols: 4, rows: 4, scale: 1 };
const region = { left: 0, top: 0, width: SIZE, height: SIZE };
const place: Place = { grid, cells: region, full: region, face: null };

/** A frame: the board (grey) with, optionally, a dialog of one colour over `rows` rows of cells and the top of the frame, and a caret. */
function frame(dialog: number | null, caret = false, rows = 3): Grab {
  const data = new Uint8Array(SIZE * SIZE * 4).fill(128);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 4;
      if (dialog !== null && y < grid.top + rows * grid.pitch) data.fill(dialog, i, i + 3);
      if (caret && x === 13 && y >= 13 && y < 17) data.fill(0, i, i + 3);
      data[i + 3] = 255;
    }
  }
  return { image: { width: SIZE, height: SIZE, data }, region, pixelDensity: 1 } as unknown as Grab;
}

/** A context whose screen shows `script(presses, grabs since the last press)`; the board's frame holds when no dialog is drawn. */
function context(script: (presses: number, k: number) => Grab): { c: DismissContext; pressed: string[] } {
  let t = 0;
  const clock = { now: () => t, sleep: async (ms: number) => void (t += ms) };
  const pressed: string[] = [];
  let k = 0;
  const frames = {
    grab: async () => (t += 5, script(pressed.length, k++)),
    quietFor: async () => true,
  } as unknown as Frames;
  const c: DismissContext = {
    key: 'Return',
    frames,
    watch: new Stopwatch(clock),
    frameHolds: (g) => g.image.data[0] === 128,
    // (a dialog over the cells or over the frame: the scripted frames stay still)
    covered: async (g) => g.image.data[0] !== 128 || g.image.data[((grid.top + 1) * SIZE + grid.left + 1) * 4] !== 128,
    press: async (key) => void (pressed.push(key), (k = 0)),
    seen: async () => true,
    emit: () => undefined,
    checkpoint: async () => undefined,
  };
  return { c, pressed };
}

describe('dismiss key', () => {
  it('is pressed again for a dialog queued after the one it closed (winmine: the name, then the best times), and not once the board is back', async () => {
    const { c, pressed } = context((n, k) => (n === 0 ? frame(200) : n === 1 ? (k < 10 ? frame(200) : frame(90, false, 4)) : frame(null)));
    expect(await dismissAll(c, place, 'ended', 'ended')).toBe('closed');
    expect(pressed).toEqual(['Return', 'Return']);
  });

  it('is pressed again for an identical dialog that follows the one it closed (queued alerts), seen by the board showing between them', async () => {
    // after each of the first three presses: the board for a moment, then the same dialog again
    const { c, pressed } = context((n, k) => (n === 0 || (n < 4 && k !== 1) ? frame(200) : frame(null)));
    await dismissAll(c, place, 'ended', 'ended');
    expect(pressed).toHaveLength(4);
  });

  it('is pressed again for identical dialogs queued with no frame between them, once a press of this end closed one (Xealink-Works: an alert per level of a recursion)', async () => {
    // Before: the second press changed nothing to see, the third was never made: the alerts
    // stayed, the new-game key went to them and the run stopped.
    const { c, pressed } = context((n) => (n === 0 ? frame(200) : n < 5 ? frame(90) : frame(null)));
    expect(await dismissAll(c, place, 'ended', 'ended')).toBe('closed');
    expect(pressed).toHaveLength(5);
    // (a dialog that stops taking the key after one that did: a few presses more at most)
    const stuck = context((n) => (n === 0 ? frame(200) : frame(90)));
    await dismissAll(stuck.c, place, 'ended', 'ended');
    expect(stuck.pressed).toHaveLength(2 + SAME_COVER_PRESSES);
    // (with a click to try after the key, the click is tried instead: hex-coding's prompt, then its box)
    const withClick = context((n) => (n === 0 ? frame(200) : frame(90)));
    await dismissAll({ ...withClick.c, key: 'Return;click:0,1' }, place, 'ended', 'ended');
    expect(withClick.pressed.filter((k) => k === 'Return')).toHaveLength(2);
  });

  it('is pressed again for identical dialogs queued with no frame between them from the first press, over a game read ended (andres-linares2211: an alert per level of a recursion, the first press closing one)', async () => {
    // Before: the first press changed nothing to see and was the last; the new-game click and one
    // press more went to the alerts left, and the run stopped.
    const { c, pressed } = context((n) => (n < 4 ? frame(200) : frame(null)));
    expect(await dismissAll(c, place, 'ended', 'ended')).toBe('closed');
    expect(pressed).toHaveLength(4);
    // (a dialog over an ended game that never takes the key: a few presses more at most)
    const stuck = context((_n, k) => frame(200, k % 2 === 1));
    await dismissAll(stuck.c, place, 'ended', 'ended');
    expect(stuck.pressed).toHaveLength(1 + SAME_COVER_PRESSES);
  });

  it('is not pressed again once the board is back in view and nothing still covers it, though its frame does not hold (JasonLeisure/games: a glow animated round the grid)', async () => {
    // Before: the frame never held again, so Return was pressed 8 times more after the one that
    // closed the alert, and once reached the page's focused Start button.
    const moving = (g: Grab): boolean => g.image.data[0] !== 128;
    for (const cause of ['ended', 'layer'] as const) {
      // (the alert over the cells, closed by the first press; the frame moves from then on)
      const closed = context((n, k) => (n === 0 ? frame(200) : frame(60 + (k % 2) * 10, false, 0)));
      await dismissAll({ ...closed.c, frameHolds: (g) => !moving(g), covered: async () => false }, place, 'ended', cause);
      expect(closed.pressed).toEqual(['Return']);
    }
    // (an alert over the frame alone, its cells in view, closed by the first press with no cell changed)
    const overFrame = context((n) => (n === 0 ? frame(200, false, 0) : frame(70, false, 0)));
    await dismissAll({ ...overFrame.c, covered: async () => false }, place, 'ended', 'ended');
    expect(overFrame.pressed).toEqual(['Return']);
    // (while something still covers it, alerts queued alike are pressed as before)
    const queued = context((n) => (n < 4 ? frame(200) : frame(70, false, 0)));
    await dismissAll({ ...queued.c, frameHolds: () => false, covered: async (g) => g.image.data[((grid.top + 1) * SIZE + grid.left + 1) * 4] === 200 }, place, 'ended', 'ended');
    expect(queued.pressed).toHaveLength(4);
  });

  it('is pressed once only for a dialog that does not take it, though its caret blinks, where no end was read under it', async () => {
    for (const cause of ['layer', 'failed', 'held'] as const) {
      const { c, pressed } = context((_n, k) => frame(200, k % 2 === 1));
      await dismissAll(c, place, 'a layer', cause);
      expect(pressed).toEqual(['Return']);
    }
  });

  it('is never pressed more than MAX_DISMISS times, and never without a key', async () => {
    const { c, pressed } = context((_n, k) => frame(k === 0 ? 60 : 200));
    await dismissAll(c, place, 'ended', 'ended');
    expect(pressed).toHaveLength(MAX_DISMISS);
    const none = context(() => frame(200));
    expect(await dismissAll({ ...none.c, key: null }, place, 'ended', 'ended')).toBe(false);
    expect(none.pressed).toEqual([]);
  });

  it('counts a change of a cell or two (a caret, a clock) as no change of what covers the board', () => {
    expect(coverChanged(frame(200), frame(200, true), grid)).toBe(false);
    expect(coverChanged(frame(200), frame(90), grid)).toBe(true);
    expect(coverChanged(frame(200), frame(null), grid)).toBe(true);
  });

  it('at several points tries them in order, each only where a dialog is seen, the next when a click changed nothing (end boxes with their buttons at different places)', async () => {
    // the win's box: its button at the second point; the first falls on its text (no change); the
    // third lies on a board cell (no dialog seen there): never clicked
    let closed = false;
    const { c, pressed } = context(() => frame(closed ? null : 200));
    const seenAt: string[] = [];
    const multi: DismissContext = {
      ...c,
      key: 'click:0,5;0,6.5;-2,1',
      // (a dialog is seen at the box's points while it is up)
      seen: async (key) => (seenAt.push(key), key !== 'click:-2,1' && !closed),
      press: async (key) => void (pressed.push(key), key === 'click:0,6.5' && (closed = true)),
    };
    expect(await dismissAll(multi, place, 'ended', 'ended')).toBe('closed');
    expect(pressed).toEqual(['click:0,5', 'click:0,6.5']);
    // the loss's box: closed by the first point, the others not looked at
    closed = false;
    pressed.length = 0;
    expect(await dismissAll({ ...multi, press: async (key) => void (pressed.push(key), key === 'click:0,5' && (closed = true)) }, place, 'ended', 'ended')).toBe('closed');
    expect(pressed).toEqual(['click:0,5']);
    // a box no point closes: each point where a dialog is seen clicked once, the board-cell point never
    closed = false;
    pressed.length = 0;
    seenAt.length = 0;
    expect(await dismissAll({ ...multi, press: async (key) => void pressed.push(key) }, place, 'ended', 'ended')).toBe('pressed');
    expect(pressed).toEqual(['click:0,5', 'click:0,6.5']);
    expect(seenAt).toContain('click:-2,1');
  });

  it('for a page held since before the first frame (held), stops after one press that acted, though the frame is not as first read', async () => {
    // (the frame first read had the box in it: the board not as then is no sign of another box)
    const script = (n: number, k: number) => (n === 0 ? frame(200) : n === 1 && k < 3 ? frame(200) : frame(90, false, 4));
    const held = context(script);
    expect(await dismissAll({ ...held.c, key: 'click:0,9' }, place, 'the new-game click changed nothing', 'held')).toBe('closed');
    expect(held.pressed).toEqual(['click:0,9']);
    const ended = context(script);
    expect(await dismissAll({ ...ended.c, key: 'click:0,9' }, place, 'ended', 'ended')).toBe('closed');
    expect(ended.pressed.length).toBeGreaterThan(1);
  });

  it('a dismiss that sees no dialog at its point (a click) presses nothing, and says so', async () => {
    const { c, pressed } = context(() => frame(200));
    expect(await dismissAll({ ...c, seen: async () => false }, place, 'ended', 'failed')).toBe(false);
    expect(pressed).toEqual([]);
  });
});

describe('a dialog seen at a dismiss click\'s point', () => {
  const look = (l: Partial<PointLook>): PointLook => ({ cause: 'failed', pointChanged: true, pointCell: null, reading: { unsure: [[8, 6]] }, frameHolds: true, cells: 100, ...l });

  it('never on a board that reads as a game in progress with a cell or two unsure (a digit not learned yet), nor where the point shows what it did', () => {
    expect(dialogSeen(look({}))).toBeNull();
    expect(dialogSeen(look({ reading: { unsure: [[1, 1], [2, 2]] } }))).toBeNull();
    expect(dialogSeen(look({ cause: 'ended', pointChanged: false }))).toBeNull();
    expect(dialogSeen(look({ reading: null, pointChanged: false }))).toBeNull();
  });

  it('never on a cell that reads at the point, even at an end', () => {
    expect(dialogSeen(look({ cause: 'ended', pointCell: [3, 3], reading: { unsure: [[8, 6]] } }))).toBeNull();
    expect(dialogSeen(look({ cause: 'ended', pointCell: [3, 3], reading: { unsure: [[3, 3]] } }))).not.toBeNull();
  });

  it('at an end, on a cell that reads as it did though its pixels changed, with the frame covered: an end box drawn in the covered tiles\' look (ElisabethFjr/demineur-react)', () => {
    // (the box over the lower board, dark as its covered tiles, read as covered: no click before)
    const box = look({ cause: 'ended', pointCell: [4, 7], reading: { unsure: [] }, frameHolds: false, pointCellAsBefore: true });
    expect(dialogSeen(box)).not.toBeNull();
    // never mid-game (a reading that failed after a click), nor with the frame as it was, nor on a cell that reads otherwise (opened since)
    expect(dialogSeen({ ...box, cause: 'failed' })).toBeNull();
    expect(dialogSeen({ ...box, frameHolds: true })).toBeNull();
    expect(dialogSeen({ ...box, pointCellAsBefore: false })).toBeNull();
    expect(dialogSeen({ ...box, pointChanged: false })).toBeNull();
  });

  it('at an end, with the frame covered, on a cell read as it ended that something wider than a cell came over since the end was read: a dimming layer\'s popup (OrAntebi/Mine-Sweeper)', () => {
    // (the button over row 7 read through the layer as the 1 under it: a cell that reads, opened since the first frame)
    const popup = look({ cause: 'ended', pointCell: [3, 7], reading: { unsure: [] }, frameHolds: false, pointCellAsBefore: false, overSinceEnd: true });
    expect(dialogSeen(popup)).toMatch(/since the end was read/);
    // (before: no click, the key pressed again)
    expect(dialogSeen({ ...popup, overSinceEnd: undefined })).toBeNull();
    expect(dialogSeen({ ...popup, overSinceEnd: false })).toBeNull();
    // never with the frame as it was (the box gone, the ended board back), on a fresh board (the
    // new game come), mid-game or under a layer after a press, nor with the point as in the first frame
    expect(dialogSeen({ ...popup, frameHolds: true })).toBeNull();
    expect(dialogSeen({ ...popup, fresh: true })).toBeNull();
    expect(dialogSeen({ ...popup, cause: 'failed' })).toBeNull();
    expect(dialogSeen({ ...popup, cause: 'layer' })).toBeNull();
    expect(dialogSeen({ ...popup, pointChanged: false })).toBeNull();
  });

  // alexsandertech/minimalist-minesweeper-javascript: its end box's button lies over rows 7-8; the
  // first click closed it, and while the new board faded in (its cells covered, read so, its pixels
  // not yet as in the first frame, its frame not either) the point was clicked again: a cell of the
  // new game opened
  it('after a press that closed a cover (cause layer), never on a board that reads as a fresh game fading in', () => {
    const fading = look({ cause: 'layer', pointCell: [4, 7], reading: { unsure: [] }, frameHolds: false, pointCellAsBefore: true, fresh: true });
    expect(dialogSeen(fading)).toBeNull();
    // (the same look on a board that does not read as a fresh game: a box in the covered tiles' look, as before)
    expect(dialogSeen({ ...fading, fresh: false })).not.toBeNull();
    // (and at an end a board read all covered is still judged as before: ElisabethFjr's box)
    expect(dialogSeen({ ...fading, cause: 'ended' })).not.toBeNull();
  });

  it('at an end, on a cell that reads as the game ended though its pixels changed since that end was read, the frame holding: a popup over the middle of the board (prabhakar-regmi/Minesweeper-HTML at a win)', () => {
    const popup = look({ cause: 'ended', pointCell: [7, 9], reading: { unsure: [] }, frameHolds: true, overEnd: true });
    expect(dialogSeen(popup)).not.toBeNull();
    // (not so before: the cell reads, the frame holds)
    expect(dialogSeen({ ...popup, overEnd: false })).toBeNull();
    expect(dialogSeen({ ...popup, overEnd: undefined })).toBeNull();
    // only at an end: never mid-game, nor for a page held (a new-game click that changed nothing)
    expect(dialogSeen({ ...popup, cause: 'failed' })).toBeNull();
    expect(dialogSeen({ ...popup, cause: 'held' })).toBeNull();
  });

  it('at an end, under a layer, on a board that does not read or whose frame or a good share of its cells is covered', () => {
    expect(dialogSeen(look({ cause: 'ended' }))).not.toBeNull();
    expect(dialogSeen(look({ cause: 'layer' }))).not.toBeNull();
    expect(dialogSeen(look({ reading: null }))).not.toBeNull();
    expect(dialogSeen(look({ frameHolds: false }))).not.toBeNull();
    expect(dialogSeen(look({ reading: { unsure: [[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]] } }))).not.toBeNull();
  });
});

describe('a box seen at a dismiss point with no frame of the board read before (the run\'s start)', () => {
  /** A 10x10 board whose cells in columns x0..x1, rows y0..y1 do not read. */
  const covered = (x0: number, x1: number, y0: number, y1: number): { unsure: [number, number][] } => ({ unsure: Array.from({ length: (x1 - x0 + 1) * (y1 - y0 + 1) }, (_, k) => [x0 + (k % (x1 - x0 + 1)), y0 + Math.floor(k / (x1 - x0 + 1))] as [number, number]) });
  const look = (l: Partial<UnreadPointLook>): UnreadPointLook => ({ pointCell: [5, 5], reading: covered(3, 7, 3, 7), cols: 10, rows: 10, ...l });

  it('on the board, inside a patch of cells that do not read', () => {
    expect(dialogSeenUnread(look({}))).not.toBeNull();
    // (at the board's edge: the cells around it that are on the board)
    expect(dialogSeenUnread(look({ pointCell: [0, 9], reading: covered(0, 3, 7, 9) }))).not.toBeNull();
  });

  it('never off the board (nothing tells a box from the page), nor on a board that does not read at all', () => {
    expect(dialogSeenUnread(look({ pointCell: null }))).toBeNull();
    expect(dialogSeenUnread(look({ reading: null }))).toBeNull();
    // (nor on a board none of whose cells reads: a page dimmed all over shows no box)
    expect(dialogSeenUnread(look({ reading: covered(0, 9, 0, 9) }))).toBeNull();
  });

  it('never at the patch\'s edge, on a lone cell not read (a look the skin lacks), nor with few cells unread', () => {
    expect(dialogSeenUnread(look({ pointCell: [3, 5] }))).toBeNull();
    expect(dialogSeenUnread(look({ reading: { unsure: [[5, 5], [1, 1], [2, 8], [8, 2], [9, 9], [0, 4]] } }))).toBeNull();
    expect(dialogSeenUnread(look({ pointCell: [1, 1], reading: covered(0, 2, 0, 1) }))).toBeNull();
  });
});
