// A game whose end box comes with the click that ended it, over the board's middle on its page
// dimmed to half, and whose click on the box starts the next game at once (gobitobi/minesweeper-
// vanillaJS's "You Lose... Click to play again."), learned from nothing with that box's point as
// the dismiss (`learn --screen --dismiss click:0,4.5`). The learner waits on the frame under the
// box while the dismiss is to come; the dismiss brings a fresh board, never the end. The frame
// before it holds the end: it is read then, as with no dismiss given, and the fresh board is the
// next game (no new-game click on it). Drawn with the xdemineur look on the simulated desktop.
// A page that stops drawing before it drew the end (a confirm() in the click handler, the last
// click's cell in a hover colour, the page dimmed) and whose dismiss starts the next game shows no
// end in that frame: it is not read as one (Cysiek96's win was read so as a loss at that cell).
import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/core/board.js';
import { render } from '../../src/bot/learn/vision-link.js';
import { SimulatedDesktop } from '../../src/desktop/simulated.js';
import { fillRect } from '../../src/vision/image.js';
import { dimUnderBox, inRegion } from '../support/end-box.js';
import { learnFromNothing } from '../support/learn-from-nothing.js';

const SPEC = { width: 9, height: 9, mines: 10 };
const BOX_COLOUR: [number, number, number] = [230, 120, 120];

/**
 * The game: at each end its box (rows 3-5, see-through, the whole of it a button that starts the
 * next game) over its page dimmed to half. `frozen`: at a win the page stopped drawing before it
 * drew the click that won, the board under the box as it was before it, that click's cell in a
 * hover colour (a loss is drawn).
 */
function desktop(seed: number, frozen = false): { d: SimulatedDesktop; boxes: () => number } {
  let up = false;
  let boxes = 0;
  let before: Board | null = null;
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
      if (!up) return void (before = d.game.board());
      if (frozen && before && d.game.status === 'won') {
        const r = render(before, 'xdemineur');
        image.data.set(r.image.data);
        const [x, y] = d.clicks.at(-1)!.cell!;
        const g = r.grid;
        fillRect(image, Math.round(g.left + x * g.pitch) + 2, Math.round(g.top + y * g.pitch) + 2, Math.round(g.left + (x + 1) * g.pitch) - 2, Math.round(g.top + (y + 1) * g.pitch) - 2, [150, 200, 255]);
      }
      dimUnderBox(image, d.window, box, BOX_COLOUR);
    },
  });
  const { pitch, left, top } = d.grid;
  const box = { left: Math.round(left + pitch), top: Math.round(top + 3 * pitch), width: 7 * pitch, height: 3 * pitch };
  d.onClick = (c, desk) => {
    if (up) {
      if (c.button === 'left' && inRegion(box, c.pixel)) (up = false), desk.newGame();
      return;
    }
    if (desk.game.status !== 'playing') (up = true), boxes++;
  };
  return { d, boxes: () => boxes };
}

/**
 * A learning run from nothing on `d` with the box's point as the new-game click and the dismiss:
 * no stop, every game played, each game read counted as it ended, every lesson's labels the game's
 * own. Its result, and the games the run counted.
 */
async function learnThroughBox(d: SimulatedDesktop, name: string, seed: number, games: number) {
  const events: { type: string; result?: string }[] = [];
  const result = await learnFromNothing(d, {
    name,
    mines: SPEC.mines,
    seed,
    games,
    now: () => d.clock.now(),
    onEvent: (e) => events.push(e),
    more: { newGame: { click: { dx: 0, dy: 4.5 } }, dismissKey: 'click:0,4.5', boardWaitMs: 4000 },
  });
  expect(result.stopped, JSON.stringify(events.filter((e) => !['click', 'move', 'opened', 'unseen', 'learned'].includes(e.type)).slice(-10))).toBeNull();
  expect(result.games).toBe(games);
  const counted = events.filter((e) => e.type === 'game');
  for (const [k, g] of counted.entries()) if (g.result !== 'unknown') expect(g.result, `game ${k + 1}`).toBe(d.games[k]!.status);
  for (const l of result.lessons) {
    if (l.type !== 'learned') continue;
    expect(l.learned.wrong).toEqual([]);
    const labelled = (l.lesson as { board: { cells: Uint8Array } }).board.cells;
    const truth = d.games[l.game]!.board().cells;
    for (const [i, c] of labelled.entries()) if (c <= 8) expect(c, `game ${l.game + 1}, cell ${i}`).toBe(truth[i]);
  }
  return { result, counted };
}

describe('an end box whose click starts the next game, learned with it as the dismiss', () => {
  it('each end is read from the frame under the box before the dismiss, the fresh board it brings played as the next game; lessons kept, every label right, no stop, no click but on the game', async () => {
    // Before: every game ended unseen ("the board is fresh again"), nothing learned.
    const { d, boxes } = desktop(61);
    const { result, counted } = await learnThroughBox(d, 'xd-next', 61, 4);
    expect(boxes()).toBeGreaterThanOrEqual(3);
    // each game read where its end showed (a loss on the first click shows nothing to learn)
    expect(counted.filter((g) => g.result !== 'unknown').length).toBeGreaterThanOrEqual(2);
    const learned = result.lessons.filter((l) => l.type === 'learned');
    expect(learned.length, result.lessons.map((l) => (l.type === 'learned' ? l.type : l.why)).join(' | ')).toBeGreaterThanOrEqual(2);
    // no game started but by the box, and nothing clicked off the game
    expect(d.games.length).toBe(boxes() + (d.game.status === 'playing' ? 1 : 0));
    expect(d.clicks.filter((c) => c.window !== 'Minesweeper')).toEqual([]);
  }, 180_000);

  it('an end read behind the box, the board then found again on the dimmed page: the fresh board the dismiss brings is read in its own frame, not as still covered, and played as the next game (no new-game click on one of its cells)', async () => {
    // Before: the frame held after the box's click was the dimmed page the board was found again
    // on: the fresh board read as covered still, the ended game behind it; the new-game point was
    // clicked on a cell of it, and the run stopped ("the new-game click left the ended game").
    const { d, boxes } = desktop(63);
    await learnThroughBox(d, 'xd-again', 63, 6);
    expect(boxes()).toBeGreaterThanOrEqual(5);
    expect(d.games.length).toBe(boxes() + (d.game.status === 'playing' ? 1 : 0));
  }, 180_000);

  it('a page frozen before it drew the click that won (that cell in a hover colour under the box), whose box starts the next game: no end read from that frame (a win read as a loss at that cell), each game unseen or counted as it ended, every label the game\'s own', async () => {
    const { d, boxes } = desktop(31, true);
    await learnThroughBox(d, 'xd-frozen', 31, 6);
    expect(boxes()).toBeGreaterThanOrEqual(5);
    expect(d.games.slice(0, 6).map((g) => g.status)).toContain('won');
  }, 180_000);
});
