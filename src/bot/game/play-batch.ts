// A batch of clicks played: the board checked as read, then each click through the hand, each
// seen on the screen before the next when the batch may end the game.

import { FLAG, neighbourTable, type Board } from '../../core/board.js';
import { cellRect, gridRect, type Grid } from '../../core/grid.js';
import type { Grab } from '../../desktop/ports.js';
import { epochMs } from '../../desktop/clock.js';
import { floodReach, knownMines } from './flood-reach.js';
import { mayEndGame, type PlannedClick } from './plan.js';
import type { SessionState } from '../session-state.js';

/**
 * In a batch that may end the game, the longest wait for a click to show on the screen before the
 * next click (a browser draws a frame or two after the click; a game it ended shows its end there).
 */
const CLICK_SHOWN_MS = 150;
const CLICK_SHOWN_POLL_MS = 4;

/**
 * Plays a batch: one grab checks that the board looks as read, then each click goes through
 * the hand (a later click is checked again, and skipped if its cell changed; a moved frame ends
 * the batch; a click where an earlier opening's flood may have gone waits until that opening
 * shows, else the batch ends: a game may act on a click on the number a flood left there).
 * Returns the clicks made. The pointer is parked off the board afterwards.
 */
export async function play(s: SessionState, plan: PlannedClick[], game: number, board: Board, decision: number): Promise<PlannedClick[]> {
  const grid = s.place.grid;
  const basis = s.observer.basis!.grab;
  const made: PlannedClick[] = [];
  let verified = s.c.checkClicks === false;
  if (!verified) {
    const seen = await s.hand.look(grid, gridRect(grid), basis);
    if (seen === 'changed' && s.observer.basisSettled) {
      // nothing was clicked since that frame settled: the game draws in steps
      s.settleEvent(s.frames.lateChange(), 'the board changed after its frame had settled');
    }
    if (seen !== 'same') {
      s.c.onEvent?.({ type: 'skip', t: epochMs(), target: 'board', why: `the board ${seen === 'moved' ? 'moved or is covered' : 'changed'} since it was read` });
      return made;
    }
    verified = true;
  }
  // (a batch that may end the game: each click is seen on the screen before the next, so that a
  // click the game would take after its end as a new game's is skipped, its cell seen changed)
  let waitShown = mayEndGame(plan, board) && s.c.checkClicks !== false && s.unshownIn !== game;
  // (a flag that makes the flags as many as the mines may end the game: some games take the win
  // there, and a page may then put a line of text above the board and push it down a frame later,
  // after the next click's check: the rest of the batch waits for the board read again)
  let flags = flagCount(board);
  // (openings made and not yet seen on the screen, each with where its flood may go: a later click
  // aimed there waits until it shows, else the batch ends; flood-reach.ts)
  const mines = knownMines(board, plan.filter((c) => c.action === 'flag').flatMap((c) => c.moves));
  const table = neighbourTable(board.width, board.height);
  let unseen: { click: PlannedClick; reach: Set<number> }[] = [];
  for (const click of plan) {
    s.c.onEvent?.({ type: 'move', game, move: click.moves[0]!, board, decision });
    // (a flag need not show: a game's flag may look like its tile to the pixel. An opening the
    // screen never showed: the game takes no more clicks, or draws slower than that; the rest
    // of the batch goes as any batch, each click checked against the frame read)
    const last = made.at(-1);
    if (waitShown && last && last.action !== 'flag') {
      if (await clickShown(s, grid, last, basis)) unseen = [];
      else {
        // (nor waited for again in this game: a game that froze at its end shows no click)
        waitShown = false;
        s.unshownIn = game;
      }
    }
    const at = click.y * board.width + click.x;
    let before = unseen.length - 1;
    while (before >= 0 && !unseen[before]!.reach.has(at)) before--;
    if (before >= 0) {
      if (!(await clickShown(s, grid, unseen[before]!.click, basis))) {
        // (the game draws slower than that, or took no click: an end not seen yet)
        s.unshownIn = game;
        break;
      }
      unseen = unseen.slice(before + 1);
    }
    const seen = await s.hand.clickCell(grid, click.x, click.y, click.button, made.length === 0 && verified ? null : basis);
    if (seen === 'same') {
      made.push(click);
      if (click.action !== 'flag') unseen.push({ click, reach: floodReach(board, click.moves.map((m) => m.y * board.width + m.x), mines, table) });
    } else if (seen === 'moved') break;
    if (seen === 'same' && click.action === 'flag' && ++flags === board.mines) break;
  }
  await s.hand.park(grid);
  return made;
}

/**
 * Waits until the first cell `click` changes (itself, or a chord's first neighbour) looks
 * otherwise than in `basis` (the click shown), or the frame moved: whether it did within
 * CLICK_SHOWN_MS.
 */
async function clickShown(s: SessionState, grid: Grid, click: PlannedClick, basis: Grab): Promise<boolean> {
  const cell = click.moves[0] ?? click;
  const until = s.d.clock.now() + CLICK_SHOWN_MS;
  for (;;) {
    if ((await s.hand.look(grid, cellRect(grid, cell.x, cell.y), basis)) !== 'same') return true;
    if (s.d.clock.now() >= until) return false;
    await s.time.sleep(CLICK_SHOWN_POLL_MS);
  }
}

/** The flags a board shows. */
export function flagCount(board: Board): number {
  return board.cells.reduce((n, c) => n + (c === FLAG ? 1 : 0), 0);
}
