// A game that shows its end box only at the next click after its end (gobitobi/minesweeper-
// vanillaJS checks for a win in its click handler: the win is taken at the first left click after
// the last flag, and its "You Win! Click to play again." box comes over the board's middle then,
// the page dimmed). The new-game click, named where that box comes, is the click that brings it:
// the box came over the point since it was clicked, and with a dismiss that names it, it is closed
// (the click on it starts the next game), not taken for a page that swallowed the click, nor for a
// board gone. With no dismiss given, the new-game point is that dismiss: clicked again where the
// box now shows, drawn by the page or a window over the board (the window's case stopped the run
// until the look after the new-game click took that point for its dismiss). Drawn with the
// xdemineur look on the simulated desktop, learned from nothing as `learn --screen` does.
import { describe, expect, it } from 'vitest';
import { render } from '../../src/bot/learn/vision-link.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { dimUnderBox, inRegion } from '../support/end-box.js';
import { learnFromNothing } from '../support/learn-from-nothing.js';

const SPEC = { width: 9, height: 9, mines: 10 };
const BOX_COLOUR: [number, number, number] = [120, 230, 120];

/**
 * The game, whose box (over rows 2-6, the whole of it a button that starts the next game) comes
 * at the first left click on the game after an end, the page dimmed to half under it: a window
 * over the board (`seeThrough` false), or drawn by the page itself at half over the dimmed board,
 * which reads under it.
 */
function desktop(seed: number, seeThrough: boolean): { d: SimulatedDesktop; boxes: () => number; onBox: () => number } {
  let up = false;
  let boxes = 0;
  let onBox = 0;
  const ended = new Set<number>();
  const d: SimulatedDesktop = new SimulatedDesktop({
    spec: SPEC,
    rule: 'safe',
    seed,
    render,
    skin: 'xdemineur',
    offset: { x: 50, y: 40 },
    screen: { width: 800, height: 600 },
    lag: 1,
    newGameKeys: [],
    damage: (image) => {
      if (up) dimUnderBox(image, d.window, seeThrough ? box : null, BOX_COLOUR);
    },
  });
  const { pitch, left, top } = d.grid;
  const box = { left: Math.round(left + pitch), top: Math.round(top + 2 * pitch), width: 7 * pitch, height: 5 * pitch };
  d.onClick = (c, desk) => {
    if (up && c.button === 'left' && (c.window === 'You Win' || (seeThrough && inRegion(box, c.pixel)))) {
      up = false;
      onBox++;
      return void desk.newGame();
    }
    if (up || c.button !== 'left' || desk.game.status === 'playing' || c.window !== 'Minesweeper') return;
    // (the click that ended the game brings nothing; a click after it, on the game, the box)
    if (!ended.has(desk.games.length)) return void ended.add(desk.games.length);
    up = true;
    boxes++;
    // (see-through: drawn by the page, from the next frame on)
    if (!seeThrough) desk.raise({ title: 'You Win', region: box, colour: BOX_COLOUR, closesOn: [], closesOnClick: box });
  };
  return { d, boxes: () => boxes, onBox: () => onBox };
}

describe('an end box that comes at the next click after the end', () => {
  const cases: [boolean, string | undefined][] = [
    [false, 'click:0,4.5'],
    [true, 'click:0,4.5'],
    [true, undefined],
    [false, undefined],
  ];
  for (const [seeThrough, dismissKey] of cases) {
    const box = seeThrough ? 'drawn see-through by the page, the board read under it' : 'a window over the board, the page dimmed';
    const dismiss = dismissKey ? `followed by the dismiss on it (${dismissKey})` : 'with no dismiss given, clicked again where it now shows the box';
    it(`${box}: the new-game click that brought it is ${dismiss}, which starts the next game; every game played, no stop, nothing clicked off the game`, async () => {
      // Before: the click brought the box; the board under it was taken for a board gone (the
      // dismiss judged as for a look that failed mid-game: the point's cell read as the ended
      // game keeps it, no dialog), or, read under it, for a page that swallowed the click, its
      // point no longer as it was: "left the ended game on the board ... not clicked again".
      const { d, boxes, onBox } = desktop(52, seeThrough);
      const events: { type: string }[] = [];
      const result = await learnFromNothing(d, {
        name: 'xd-box',
        mines: SPEC.mines,
        seed: 52,
        games: 3,
        now: () => d.clock.now(),
        onEvent: (e) => events.push(e),
        more: { newGame: { click: { dx: 0, dy: 4.5 } }, ...(dismissKey ? { dismissKey } : {}), boardWaitMs: 4000 },
      });
      expect(result.stopped, JSON.stringify(events.filter((e) => !['click', 'move', 'opened', 'unseen', 'learned'].includes(e.type)).slice(-10))).toBeNull();
      expect(result.games).toBe(3);
      expect(boxes()).toBeGreaterThanOrEqual(2);
      // every box closed by one click on it; no click off the game and its box
      expect(onBox()).toBe(boxes());
      expect(d.clicks.filter((c) => c.window !== 'You Win' && c.window !== 'Minesweeper')).toEqual([]);
      // no game started but by the box
      expect(d.games.length).toBe(boxes() + 1);
      for (const l of result.lessons) if (l.type === 'learned') expect(l.learned.wrong).toEqual([]);
    }, 180_000);
  }
});
