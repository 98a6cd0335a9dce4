// Finding the stretch that makes a board's cells square (locate/cell-aspect.ts `squaring`), on
// boards drawn with cells a sixteenth taller (or shorter) than wide, fresh, mid-game, won and lost.
// A fresh board's cells are measured clearly; a won board whose open areas draw no lines is found
// only in strips 3 or 4 rows deep, and was not squared (a run started on the last run's won board
// read it as it was, then stopped on the fresh board after the new-game key). Its stretch is now
// guessed from each axis's own spacing, measured again where the stretched board shows whole, and
// taken only when the stretched board holds more cells than any found unstretched. Whatever the
// state, a stretch given is the right one (within 1%): a wrong one reads every cell off its place;
// guesses that square a board in two ways leave it unsquared (a learned skin keeps its stretch).

import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/core/rng.js';
import { stretchImage } from '../../src/core/stretch.js';
import { Game } from '../../src/game/engine.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { createImage, type RgbaImage } from '../../src/vision/image.js';
import { squaring } from '../../src/vision/locate/cell-aspect.js';
import { checkerMidGame, drawCheckerScaled } from './lineless-draw.js';

const SPEC = { width: 9, height: 9, mines: 10 };

/** A board in `state`, drawn in `skin` on a blue page. */
function drawn(skin: string, seed: number, state: 'fresh' | 'mid' | 'won' | 'lost'): RgbaImage {
  const game = new Game(SPEC, 'safe', createRng(seed));
  if (state !== 'fresh') {
    game.open(4, 4);
    const safe: [number, number][] = [];
    for (let y = 0; y < SPEC.height; y++) for (let x = 0; x < SPEC.width; x++) if (!game.mineAt(x, y)) safe.push([x, y]);
    const upTo = state === 'mid' ? Math.floor(safe.length / 2) : safe.length;
    for (const [x, y] of safe.slice(0, upTo)) if (game.status === 'playing') game.open(x, y);
    if (state === 'lost') {
      for (let i = 0; i < SPEC.width * SPEC.height && game.status === 'playing'; i++) if (game.mineAt(i % SPEC.width, Math.floor(i / SPEC.width))) game.open(i % SPEC.width, Math.floor(i / SPEC.width));
    }
  }
  const { image } = renderBoard(game.board(), skin);
  const page = createImage(image.width + 160, image.height + 140, [58, 110, 165]);
  for (let y = 0; y < image.height; y++) page.data.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), ((y + 60) * page.width + 70) * 4);
  return page;
}

describe('the stretch that makes cells square', () => {
  for (const skin of ['xdemineur', 'winxp']) {
    for (const drawnStretch of [{ x: 1, y: 17 / 16 }, { x: 17 / 16, y: 1 }]) {
      it(`${skin}, drawn ${drawnStretch.x.toFixed(3)} across and ${drawnStretch.y.toFixed(3)} down: fresh boards squared, won boards too, no state given a wrong stretch`, () => {
        const want = { x: drawnStretch.y / Math.min(drawnStretch.x, drawnStretch.y), y: drawnStretch.x / Math.min(drawnStretch.x, drawnStretch.y) };
        const found: Record<string, number> = {};
        for (const state of ['fresh', 'mid', 'won', 'lost'] as const) {
          for (let seed = 1; seed <= 3; seed++) {
            const s = squaring(stretchImage(drawn(skin, seed, state), drawnStretch));
            if (!s) continue;
            expect(Math.abs(s.stretch.x / want.x - 1), `${state} ${seed}`).toBeLessThan(0.01);
            expect(Math.abs(s.stretch.y / want.y - 1), `${state} ${seed}`).toBeLessThan(0.01);
            found[state] = (found[state] ?? 0) + 1;
          }
        }
        expect(found.fresh).toBe(3);
        // (mid-game and ended boards: squared in most states, none wrongly)
        expect((found.mid ?? 0) + (found.won ?? 0) + (found.lost ?? 0)).toBeGreaterThanOrEqual(5);
      }, 60_000);
    }
    it(`${skin} drawn square: never stretched, in any state`, () => {
      for (const state of ['fresh', 'mid', 'won', 'lost'] as const) for (let seed = 1; seed <= 3; seed++) expect(squaring(drawn(skin, seed, state)), `${state} ${seed}`).toBeNull();
    }, 60_000);
  }

  it('a checkerboard (Google-style, no lines between its squares) is never stretched, fresh at fractional pitches or in play', () => {
    // (its squares' own edges measured a fresh one at 31.6 px as 32.4 by 30.7)
    for (const pitch of [26.4, 31.6, 33.3, 37.5]) expect(squaring(drawCheckerScaled(10, 8, pitch, 30.3, 40.7)), `${pitch} px`).toBeNull();
    for (let seed = 1; seed <= 6; seed++) expect(squaring(checkerMidGame(seed).image), `seed ${seed}`).toBeNull();
  }, 60_000);
});
