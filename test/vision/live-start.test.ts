// Where learning starts (live-start.ts): a fresh board gives the first skin; a board in play or
// over is refused with an error the play loop knows (isNotFresh: it may start a new game), for
// every skin drawn and however far the game went (one open alone is not told from a start area
// a game opens by itself, as xdemineur does: that is a fresh board to the learner).

import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import { COVERED } from '../../src/core/board.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { locateGrids } from '../../src/vision/locate/locate.js';
import { freshStart } from '../../src/vision/learn/live-start.js';
import { isNotFresh } from '../../src/bot/reading.js';

const SPEC = { width: 16, height: 16, mines: 40 };

/** The error freshStart throws on the board a game drawn in `skin` shows after `moves` opens (and a loss, if `lose`), or null. */
function startOn(skin: string, seed: number, moves: number, lose = false): unknown {
  const game = new Game(SPEC, 'safe', createRng(seed));
  const rng = createRng(seed + 100);
  for (let k = 0; k < moves && (game.status === 'ready' || game.status === 'playing'); k++) {
    const pool = [...Array(256).keys()].filter((i) => !game.mineAt(i % 16, (i / 16) | 0) && game.board().cells[i] === COVERED);
    const i = pool[rng.int(pool.length)]!;
    game.open(i % 16, (i / 16) | 0);
  }
  if (lose) {
    const mine = [...Array(256).keys()].find((i) => game.mineAt(i % 16, (i / 16) | 0))!;
    game.open(mine % 16, (mine / 16) | 0);
  }
  const image = renderBoard(game.board(), skin).image;
  const located = locateGrids(image).filter((g) => g.cols >= 4 && g.rows >= 4)[0]!;
  try {
    freshStart(image, located, 'x', SPEC.mines);
    return null;
  } catch (err) {
    return err;
  }
}

describe('freshStart', () => {
  for (const skin of ['xdemineur', 'sgt-mines']) {
    it(`${skin}: a fresh board starts learning; a board in play or lost is refused as not fresh, so that a new game may be started`, () => {
      expect(startOn(skin, 1, 0)).toBeNull();
      for (const seed of [2, 3]) {
        for (const [moves, lose] of [[6, false], [40, false], [1, true], [20, true]] as const) {
          const err = startOn(skin, seed, moves, lose);
          expect(err, `seed ${seed}, ${moves} opens, lost ${lose}`).toBeInstanceOf(Error);
          expect(isNotFresh(err), `seed ${seed}, ${moves} opens, lost ${lose}: ${(err as Error).message}`).toBe(true);
        }
      }
    });
  }
});
