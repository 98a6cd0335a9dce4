// The live learner, fed frames of simulated games drawn with the xdemineur skin (which it is not
// told about): it starts from a fresh board, reads what it has not learned as '+' (opened, number
// unknown), tells losses and wins from how cells change, and learns the numbers from each game's
// end by counting the mines the game shows.
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/engine.js';
import { createRng } from '../../src/core/rng.js';
import { COVERED, EXPLODED, FLAG, MINE, OPENED, formatBoard } from '../../src/core/board.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Grid } from '../../src/vision/geometry.js';
import type { Reading } from '../../src/vision/read/read.js';
import { contradiction } from '../../src/bot/game/judge.js';
import { isContradiction } from '../../src/solver/constraints.js';
import { tryAnalyze } from '../../src/solver/probability.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';
import { breathe } from '../support/breathe.js';
import { playGame, SPEC } from '../support/drawn-game.js';

/**
 * A learner taught by 3 games, then a game whose only mine near the top left is (6,7), drawn by
 * `draw`: the cells clicked in turn, each frame read with no unsure cell.
 */
async function openBesideZero(draw: (game: Game) => RgbaImage, clicks: [number, number][]): Promise<{ r: Reading; game: Game }> {
  const learner = new LiveLearner({ name: 'edges', mines: 40 });
  for (let g = 0; g < 3; g++) {
    await playGame(learner, 10 + g);
    learner.learn(learner.lesson()!);
  }
  const mines: [number, number][] = [[6, 7]];
  for (let i = 0; i < 96 && mines.length < 40; i += 2) mines.push([10 + (i % 6), (i / 6) | 0]);
  const game = Game.fromLayout(16, 16, mines);
  let r = learner.read(draw(game));
  const grid = r.grid;
  for (const [x, y] of clicks) {
    learner.noteClick(x, y, 'left');
    game.open(x, y);
    r = learner.read(draw(game), { geometry: grid });
    expect(r.unsure, `after (${x},${y})`).toEqual([]);
  }
  return { r, game };
}

describe('live learner', () => {
  it('reads a first game without knowing any number, and learns them from its end', async () => {
    const learner = new LiveLearner({ name: 'xd-live', mines: 40 });
    const { result, readings, game } = await playGame(learner, 3);
    // before any lesson, every opened cell was '+', never a number
    const mid = readings[1]!;
    expect(mid.board.cells.some((c) => c === OPENED)).toBe(true);
    expect(mid.board.cells.every((c) => c === COVERED || c === OPENED || c === FLAG)).toBe(true);
    const lesson = learner.lesson();
    expect(lesson?.result).toBe(result);
    expect(lesson?.why).toBeNull();
    // the true board of the lesson is the game's own final board
    const truth = game.board();
    expect(formatBoard(lesson!.capture!.board).split('\n').slice(1)).toEqual(formatBoard(truth).split('\n').slice(1));
    const learned = learner.learn(lesson!)!;
    expect(learned.report.captures[0]!.wrong).toEqual([]);
    expect(learned.report.states).toContain('covered');
    expect(learner.games).toBe(1);
  });

  it('started from a skin on a board it cannot explain (a game going on with looks it has not learned): says it is no game to begin on, with where the board is; a fresh board then reads, and later frames are only unsure', async () => {
    const teacher = new LiveLearner({ name: 'xd-live', mines: 40 });
    await playGame(teacher, 3);
    teacher.learn(teacher.lesson()!);
    // a game going on: a cascade open, three of its numbers drawn over in a colour no look has
    const game = Game.fromLayout(16, 16, [[6, 7], ...Array.from({ length: 39 }, (_, k): [number, number] => [10 + (k % 6), (k / 6) | 0])]);
    game.open(0, 15);
    const shown = (marks: boolean): RgbaImage => {
      const { image, grid } = renderBoard(game.board(), 'xdemineur');
      const numbers = [...game.board().cells.keys()].filter((i) => game.board().cells[i]! >= 1 && game.board().cells[i]! <= 8).slice(0, 3);
      if (marks) for (const i of numbers) fillRect(image, grid.left + (i % 16) * grid.pitch + 3, grid.top + ((i / 16) | 0) * grid.pitch + 3, grid.left + ((i % 16) + 1) * grid.pitch - 3, grid.top + (((i / 16) | 0) + 1) * grid.pitch - 3, [200, 0, 200]);
      return image;
    };
    const learner = new LiveLearner({ name: 'xd-live', mines: 40, previous: teacher.skin! });
    let err: unknown = null;
    try {
      learner.read(shown(true));
    } catch (e) {
      err = e;
    }
    expect((err as { notFresh?: boolean } | null)?.notFresh).toBe(true);
    expect((err as { grid?: Grid }).grid).toMatchObject({ cols: 16, rows: 16 });
    expect(String(err)).toMatch(/no game to begin on: \d+ of its cells in looks the skin xd-live has not learned/);
    // (the same game without the marks reads, and so does a fresh board after a new game)
    const fresh = new Game(SPEC, 'safe', createRng(5));
    const r = learner.read(renderBoard(fresh.board(), 'xdemineur').image);
    expect(r.unsure).toEqual([]);
    expect(r.board.cells.every((c) => c === COVERED)).toBe(true);
    // once begun, a frame it cannot explain is unsure, not refused
    const later = learner.read(shown(true), { geometry: r.grid });
    expect(later.unsure.length).toBeGreaterThan(0);
  });

  it('reads numbers once it has learned them, and labels more with each game', async () => {
    const learner = new LiveLearner({ name: 'xd-live', mines: 40 });
    const labelled: string[][] = [];
    for (let g = 0; g < 4; g++) {
      const { readings, game } = await playGame(learner, 10 + g);
      const lesson = learner.lesson()!;
      expect(lesson.why).toBeNull();
      // every reading agrees with the game: numbers only where the game shows them
      const last = readings[readings.length - 1]!;
      const view = game.board().cells;
      last.board.cells.forEach((c, i) => {
        if (c <= 8) expect(c).toBe(view[i]);
      });
      learner.learn(lesson);
      labelled.push(learner.skin!.cells.map((c) => c.state).filter((s, i, a) => a.indexOf(s) === i));
    }
    // after the first game the second reads numbers, not only '+'
    expect(labelled[0]).toEqual(expect.arrayContaining(['covered', '0', '1', '2']));
    expect(labelled[3]!.length).toBeGreaterThanOrEqual(labelled[0]!.length);
  });

  it('does not adopt a lesson that labels looks its skin reads surely as another state (a vanilla-JS game\'s 0s labelled 1 beside a number taken for the mine: its skin got a 1 that was its 0); the same lesson, right, is adopted', async () => {
    const learner = new LiveLearner({ name: 'xd-live', mines: 40 });
    await playGame(learner, 10);
    expect(learner.learn(learner.lesson()!)!.adopted).toBe(true);
    const before = learner.skin!;
    expect(before.cells.some((c) => c.state === '0')).toBe(true);
    await playGame(learner, 11);
    const lesson = learner.lesson()!;
    const cells = lesson.capture!.board.cells;
    const zeros = [...cells.keys()].filter((i) => cells[i] === 0);
    expect(zeros.length).toBeGreaterThan(3);
    // every 0 of the game labelled 1: alike, so the lesson's own checks cannot tell
    const wrong = { ...lesson, capture: { ...lesson.capture!, board: { ...lesson.capture!.board, cells: cells.map((c) => (c === 0 ? 1 : c)) } } };
    const out = learner.learn(wrong)!;
    expect(out.adopted).toBe(false);
    expect(out.report.captures[0]!.contradicts.length).toBeGreaterThanOrEqual(zeros.length / 2);
    expect(out.report.captures[0]!.contradicts[0]).toMatch(/^\d+,\d+: 1→0$/);
    expect(learner.skin).toBe(before);
    const right = learner.learn(lesson)!;
    expect(right.report.captures[0]!.contradicts).toEqual([]);
    expect(right.adopted).toBe(true);
  });

  it('a win whose mines the game flags itself (as Windows does) is read as won, also while the skin has not learned the flag', async () => {
    // the simulated game flags every mine at a win, as Windows' Minesweeper and Wine's do; the
    // skin learns from games in which the bot flagged nothing, so it knows no flag (the game's
    // marks at a win are not taught as flags: one win does not tell them from mines drawn as at a
    // loss): the flags the game draws at a win beside the last click are no cascade of that click
    const learner = new LiveLearner({ name: 'no-flags', mines: 40 });
    for (let g = 1; g <= 4; g++) {
      await playGame(learner, g, 400, false);
      learner.learn(learner.lesson()!);
    }
    expect(learner.skin!.cells.some((c) => c.state === 'flag')).toBe(false);
    const results: string[] = [];
    for (let seed = 5; seed <= 12; seed++) {
      const { result, game } = await playGame(learner, seed); // (each frame read with no unsure cell, the end as the game's)
      const lesson = learner.lesson()!;
      expect(lesson.result).toBe(result);
      if (result === 'won') expect(lesson.why, `game ${seed}`).toBeNull();
      // (a mark taught as a flag is on a mine)
      lesson.capture?.board.cells.forEach((c, i) => c === FLAG && expect(game.mineAt(i % 16, (i / 16) | 0), `game ${seed}, cell ${i}`).toBeTruthy());
      results.push(result);
    }
    // (wins among them: the case this is about)
    expect(results.filter((r) => r === 'won').length).toBeGreaterThanOrEqual(3);
  }, 240_000);

  it('a loss that draws every mine, flagged or not, as a mine (xbomb) keeps the flags for the loop and teaches them as mines', async () => {
    const learner = new LiveLearner({ name: 'redrawn-flags', mines: 40 });
    const look = (game: Game): RgbaImage => {
      const b = game.board();
      if (game.status === 'lost') b.cells.forEach((c, i) => c === FLAG && (b.cells[i] = MINE));
      return renderBoard(b, 'xdemineur').image;
    };
    for (let g = 1; g <= 3; g++) {
      await playGame(learner, g, 400, true, look);
      const lesson = learner.lesson();
      if (lesson?.capture) learner.learn(lesson);
    }
    let seen = 0;
    for (let seed = 4; seed <= 16 && seen < 2; seed++) {
      const { result, readings, game } = await playGame(learner, seed, 400, true, look);
      const lesson = learner.lesson()!;
      const flagged = readings[readings.length - 2]!.board.cells.reduce<number[]>((a, c, i) => (c === FLAG ? (a.push(i), a) : a), []);
      if (result !== 'lost' || !flagged.length) continue;
      seen++;
      // the loop's board: the flags stand (a flag turns into nothing but a wrong flag)
      const last = readings[readings.length - 1]!.board.cells;
      for (const i of flagged) expect(last[i], `game ${seed}, flag ${i}`).toBe(FLAG);
      // the lesson: kept, each flag drawn as a mine taught as a mine
      expect(lesson.why, `game ${seed}`).toBeNull();
      for (const i of flagged) expect(lesson.capture!.board.cells[i], `game ${seed}, cell ${i}`).toBe(MINE);
      expect(game.status).toBe('lost');
    }
    expect(seen).toBe(2);
  });

  it('a number whose edge a neighbour redraws (a 0 opened beside it, as Wine draws the lines between cells) stays that number, not unsure', async () => {
    // every number below an opened 0 gets a line along its top, as the lines between cells of
    // Wine's winemine follow the cells' states
    const draw = (game: Game): RgbaImage => {
      const b = game.board();
      const { image, grid } = renderBoard(b, 'xdemineur');
      for (let i = 16; i < 256; i++) {
        const c = b.cells[i]!;
        if (c >= 1 && c <= 8 && b.cells[i - 16] === 0) {
          const x = Math.round(grid.left + (i % 16) * grid.pitch), y = Math.round(grid.top + ((i / 16) | 0) * grid.pitch);
          fillRect(image, x + 1, y + 1, x + grid.pitch - 1, y + 3, [255, 255, 255]);
        }
      }
      return image;
    };
    // the 1 at (5,6) opened alone first, the 0 above it by the cascade of a later click
    const { r, game } = await openBesideZero(draw, [[5, 6], [0, 0]]);
    expect(game.board().cells[5 * 16 + 5]).toBe(0);
    expect(r.board.cells[6 * 16 + 5]).toBe(1);
  });

  it('a number whose edges a neighbour redraws in a look its skin does not know stays that number: its interior did not change', async () => {
    // every number beside an opened 0 gets a frame of another colour around it, two pixels wide:
    // a look of that number the skin never learned (read unsure, or as another number)
    const draw = (game: Game): RgbaImage => {
      const b = game.board();
      const { image, grid } = renderBoard(b, 'xdemineur');
      const p = Math.round(grid.pitch);
      for (let i = 0; i < 256; i++) {
        const c = b.cells[i]!;
        const cx = i % 16, cy = (i / 16) | 0;
        const besideZero = [-1, 0, 1].some((dy) => [-1, 0, 1].some((dx) => {
          const x = cx + dx, y = cy + dy;
          return x >= 0 && x < 16 && y >= 0 && y < 16 && b.cells[y * 16 + x] === 0;
        }));
        if (c < 1 || c > 8 || !besideZero) continue;
        const x = Math.round(grid.left + cx * grid.pitch), y = Math.round(grid.top + cy * grid.pitch);
        fillRect(image, x, y, x + p, y + 2, [255, 0, 255]);
        fillRect(image, x, y + p - 2, x + p, y + p, [255, 0, 255]);
        fillRect(image, x, y, x + 2, y + p, [255, 0, 255]);
        fillRect(image, x + p - 2, y, x + p, y + p, [255, 0, 255]);
      }
      return image;
    };
    // the 1s at (5,6) and (6,6) opened alone first (no 0 beside them), then the 0 above them by
    // the cascade of a later click, which frames them
    const { r, game } = await openBesideZero(draw, [[5, 6], [6, 6], [0, 0]]);
    const truth = game.board().cells;
    expect(truth[5 * 16 + 5]).toBe(0);
    expect([r.board.cells[6 * 16 + 5], r.board.cells[6 * 16 + 6]]).toEqual([truth[6 * 16 + 5], truth[6 * 16 + 6]]);
    // and no cell is read as another number than the game's
    r.board.cells.forEach((c, i) => {
      if (c <= 8) expect(c, `cell ${i}`).toBe(truth[i]);
    });
  });

  it('keeps the last frame it explained in full as its basis, not a frame it could not explain (kept beside a stop\'s capture)', async () => {
    const learner = new LiveLearner({ name: 'basis', mines: 40 });
    expect(learner.basis()).toBeNull();
    await playGame(learner, 10);
    learner.learn(learner.lesson()!);
    const game = new Game(SPEC, 'zero', createRng(3));
    const first = renderBoard(game.board(), 'xdemineur');
    const grid = learner.read(first.image).grid;
    learner.noteClick(8, 8, 'left');
    game.open(8, 8);
    const explained = renderBoard(game.board(), 'xdemineur').image;
    const r = learner.read(explained, { geometry: grid });
    expect(r.unsure).toEqual([]);
    expect(learner.basis()!.image).toBe(explained);
    expect(learner.basis()!.board.cells).toEqual(r.board.cells);
    // a covered cell nobody clicked turns into a look never seen: unexplained, the basis stays
    const odd = renderBoard(game.board(), 'xdemineur').image;
    const p = Math.round(first.grid.pitch);
    const x = Math.round(first.grid.left + 15 * first.grid.pitch), y = Math.round(first.grid.top + 15 * first.grid.pitch);
    fillRect(odd, x + 2, y + 2, x + p - 2, y + p - 2, [255, 0, 255]);
    expect(game.board().cells[255]).toBe(COVERED);
    const bad = learner.read(odd, { geometry: grid });
    expect(bad.unsure).toContainEqual([15, 15]);
    expect(learner.basis()!.image).toBe(explained);
    expect(learner.basis()!.board.cells).toEqual(r.board.cells);
  });

  it('an end that reveals every cell, drawing the cells the player touched (flags, the mine that blew up) unlike the rest (xbomb), is read as the game ended', async () => {
    // at its end the game shows every cell; cells the player never touched get a dark frame, so
    // the flags and the mine clicked look alike and unlike the other mines (and the framed blanks
    // may be as many as the mines)
    let before: Uint8Array | null = null;
    const look = (game: Game): RgbaImage => {
      const b = game.board();
      if (game.status !== 'lost' && game.status !== 'won') {
        before = b.cells.slice();
        return renderBoard(b, 'xdemineur').image;
      }
      const mine = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < 16 && y < 16 && game.mineAt(x, y) === true;
      const shown = b.cells.map((_, i) => {
        const x = i % 16, y = (i / 16) | 0;
        if (mine(x, y)) return MINE;
        let k = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && mine(x + dx, y + dy)) k++;
        return k;
      });
      const { image, grid } = renderBoard({ ...b, cells: Uint8Array.from(shown) }, 'xdemineur');
      const p = Math.round(grid.pitch);
      b.cells.forEach((c, i) => {
        // (touched: opened, the last click's cells too, flagged, or the mine clicked)
        if (c <= 8 || c === EXPLODED || before![i] === FLAG) return;
        const x = Math.round(grid.left + (i % 16) * grid.pitch), y = Math.round(grid.top + ((i / 16) | 0) * grid.pitch);
        fillRect(image, x, y, x + p, y + 2, [40, 40, 40]);
        fillRect(image, x, y + p - 2, x + p, y + p, [40, 40, 40]);
        fillRect(image, x, y, x + 2, y + p, [40, 40, 40]);
        fillRect(image, x + p - 2, y, x + p, y + p, [40, 40, 40]);
      });
      return image;
    };
    const learner = new LiveLearner({ name: 'touched', mines: 40 });
    const ends = { won: 0, lost: 0, flaggedLoss: 0, kept: 0 };
    for (let seed = 1; seed <= 10; seed++) {
      // (each frame read with no unsure cell, the end as the game's)
      const { result, readings } = await playGame(learner, seed, 400, true, look);
      ends[result]++;
      const flagged = readings[readings.length - 2]!.board.cells.reduce<number[]>((a, c, i) => (c === FLAG ? (a.push(i), a) : a), []);
      if (result === 'lost' && flagged.length) {
        ends.flaggedLoss++;
        // the flags stand for the loop
        for (const i of flagged) expect(readings.at(-1)!.board.cells[i], `game ${seed}, flag ${i}`).toBe(FLAG);
      }
      const lesson = learner.lesson()!;
      expect(lesson.result).toBe(result);
      if (!lesson.capture) continue;
      ends.kept++;
      if (result === 'lost') {
        // a flag drawn like the mine that blew up teaches no look ('+'); that mine is taught as such
        const taught = lesson.capture.board.cells;
        for (const i of flagged) expect(taught[i], `game ${seed}, flag ${i}`).toBe(OPENED);
        expect(taught.filter((c) => c === EXPLODED)).toHaveLength(1);
      }
      // the skin it makes reads that game's end as labelled: a flag drawn like the mine that
      // blew up is taught as no look (not as a mine: the same look is the mine that blew up)
      const c = learner.learn(lesson)!.report.captures[0]!;
      expect([...c.wrong, ...(c.error ? [c.error] : [])], `game ${seed}`).toEqual([]);
    }
    expect(ends.won).toBeGreaterThanOrEqual(1);
    expect(ends.flaggedLoss).toBeGreaterThanOrEqual(1);
    expect(ends.kept).toBeGreaterThanOrEqual(5);
  });
  it('a game that flashes at its end (the whole board redrawn in other colours, as sgt-mines does at a win) keeps every number the loop was shown', async () => {
    // the first frame after a win is drawn inverted, the next ones as before: the board the
    // loop gets never turns a number it showed into a look not known (an inconsistent reading
    // that stopped learning runs on sgt-mines), and the lesson labels only what the frame shows
    const flashes = new Set<Game>();
    const look = (game: Game): RgbaImage => {
      const image = renderBoard(game.board(), 'xdemineur').image;
      if (game.status !== 'won' || flashes.has(game)) return image;
      flashes.add(game);
      for (let i = 0; i < image.data.length; i += 4) for (let k = 0; k < 3; k++) image.data[i + k] = 255 - image.data[i + k]!;
      return image;
    };
    const learner = new LiveLearner({ name: 'flash', mines: 40 });
    const ends = { won: 0, lost: 0 };
    for (let seed = 1; seed <= 40 && ends.won < 3; seed++) {
      const { result, readings } = await playGame(learner, seed, 400, true, look);
      ends[result]++;
      for (let k = 1; k < readings.length; k++) {
        expect(contradiction(readings[k - 1]!.board, readings[k]!, 40), `game ${seed}, frame ${k}`).toBeNull();
      }
      const lesson = learner.lesson()!;
      expect(lesson.result).toBe(result);
      if (!lesson.capture) continue;
      const c = learner.learn(lesson)!.report.captures[0]!;
      expect([...c.wrong, ...(c.error ? [c.error] : [])], `game ${seed}`).toEqual([]);
    }
    expect(ends.won).toBe(3);
  });

  describe('a loss that draws every closed tile again, darker (GNOME Mines\' classic theme)', () => {
    /** The xdemineur look, but at a loss every closed tile (covered, flagged, a mine shown) drawn darker. */
    const darkAtLoss = (game: Game): RgbaImage => {
      const b = game.board();
      const { image, grid } = renderBoard(b, 'xdemineur');
      if (game.status !== 'lost') return image;
      const p = Math.round(grid.pitch);
      b.cells.forEach((c, i) => {
        if (c !== COVERED && c !== FLAG && c !== MINE) return;
        const x0 = Math.round(grid.left + (i % b.width) * grid.pitch), y0 = Math.round(grid.top + ((i / b.width) | 0) * grid.pitch);
        for (let y = y0; y < y0 + p; y++) {
          for (let x = x0; x < x0 + p; x++) for (let k = 0; k < 3; k++) image.data[(y * image.width + x) * 4 + k] = Math.round(image.data[(y * image.width + x) * 4 + k]! * 0.55);
        }
      });
      return image;
    };
    /** Whether a lesson's label agrees with the game's own final board (a '+' teaches nothing; a flag may be taught as the mine it is). */
    const agrees = (label: number, truth: number): boolean => label === truth || label === OPENED || (truth === FLAG && label === MINE);

    it('is read as a loss, and its lessons label those tiles closed, never as numbers', async () => {
      const learner = new LiveLearner({ name: 'dark-at-loss', mines: 40, consistent: (b) => !isContradiction(tryAnalyze(b)) });
      let learned = 0, lost = 0;
      for (let seed = 1; seed <= 12 && learned < 3; seed++) {
        const { result, game } = await playGame(learner, seed, 400, true, darkAtLoss);
        const lesson = learner.lesson()!;
        expect(lesson.result, `game ${seed}`).toBe(result);
        if (result === 'lost') lost++;
        if (!lesson.capture) continue;
        const truth = game.board().cells;
        lesson.capture.board.cells.forEach((c, i) => expect(agrees(c, truth[i]!), `game ${seed}, cell ${i}: ${c} for ${truth[i]}`).toBe(true));
        if (result === 'lost') learned++;
        learner.learn(lesson);
      }
      expect(lost).toBeGreaterThanOrEqual(3);
      expect(learned).toBeGreaterThanOrEqual(2);
    });

    it('a loss to the last guess, every other mine flagged, is no win: the frame fits both, nothing is learned from it', async () => {
      // a 50/50 in the corner: (0,0) a mine and (1,0) safe, shielded by the mines (2,0) and (2,1);
      // the bot opens every other safe cell, flags the other mines, and guesses (0,0). Lost, the
      // frame shows the mine that blew up, the flags and (1,0) darker: counted as a win that
      // flagged (1,0) too, it would teach the mine that blew up as a number
      const mines: [number, number][] = [[0, 0], [2, 0], [2, 1], [7, 7]];
      const game = Game.fromLayout(8, 8, mines);
      const learner = new LiveLearner({ name: 'last-guess', mines: mines.length, consistent: (b) => !isContradiction(tryAnalyze(b)) });
      let r = learner.read(darkAtLoss(game));
      const grid = r.grid;
      const click = (x: number, y: number, button: 'left' | 'right', certain: boolean): void => {
        learner.noteClick(x, y, button, certain);
        if (button === 'left') game.open(x, y);
        else game.toggleFlag(x, y);
        r = learner.read(darkAtLoss(game), { geometry: grid });
      };
      click(5, 4, 'left', false);
      for (let i = 0; i < 64; i++) {
        const x = i % 8, y = (i / 8) | 0;
        if (game.board().cells[i] === COVERED && !mines.some(([mx, my]) => mx === x && my === y) && !(x === 1 && y === 0)) click(x, y, 'left', true);
      }
      for (const [x, y] of mines.slice(1)) click(x, y, 'right', true);
      expect(r.face).toBe('playing');
      click(0, 0, 'left', false);
      expect(game.status).toBe('lost');
      expect(r.face).toBe('lost');
      const lesson = learner.lesson()!;
      expect(lesson.result).toBe('lost');
      expect(lesson.capture).toBeNull();
      expect(lesson.why).toMatch(/fits \d readings/);
    });
  });

  it('a win whose last cells are drawn one by one, then covered by the game\'s score dialog, is read as won behind it', async () => {
    // two safe cells left, both clicked (proved safe); the frame after shows only the first
    // opened, then a dialog covers the board (GNOME Mines): the game was won behind it
    const mines: [number, number][] = [[0, 0], [3, 3], [6, 6], [7, 1]];
    const game = Game.fromLayout(8, 8, mines);
    const learner = new LiveLearner({ name: 'dialog-win', mines: mines.length });
    let r = learner.read(renderBoard(game.board(), 'xdemineur').image);
    const grid = r.grid;
    game.open(4, 0);
    learner.noteClick(4, 0, 'left', false);
    r = learner.read(renderBoard(game.board(), 'xdemineur').image, { geometry: grid });
    const left = game.board().cells.reduce<number[]>((a, c, i) => (c === COVERED && !mines.some(([x, y]) => y * 8 + x === i) ? (a.push(i), a) : a), []);
    // open all but the last two safe cells one by one, proved safe
    for (const i of left.slice(0, -2)) {
      if (game.board().cells[i] !== COVERED) continue;
      learner.noteClick(i % 8, (i / 8) | 0, 'left', true);
      game.open(i % 8, (i / 8) | 0);
      r = learner.read(renderBoard(game.board(), 'xdemineur').image, { geometry: grid });
    }
    const last = game.board().cells.reduce<number[]>((a, c, i) => (c === COVERED && !mines.some(([x, y]) => y * 8 + x === i) ? (a.push(i), a) : a), []);
    expect(last.length).toBe(2);
    // both clicked; the frame shows the first drawn only
    for (const i of last) learner.noteClick(i % 8, (i / 8) | 0, 'left', true);
    const half = Game.fromLayout(8, 8, mines);
    for (let i = 0; i < 64; i++) if (game.board().cells[i] !== COVERED && game.board().cells[i] !== FLAG) half.open(i % 8, (i / 8) | 0);
    half.open(last[0]! % 8, (last[0]! / 8) | 0);
    r = learner.read(renderBoard(half.board(), 'xdemineur').image, { geometry: grid });
    expect(r.face).toBe('playing');
    // then the dialog: the board's frame covered
    const behind = learner.covered(grid);
    expect(behind?.face).toBe('won');
    const lesson = learner.lesson()!;
    expect(lesson.result).toBe('won');
    expect(lesson.why).toBeNull();
    // the lesson is the frame seen last (the first of the two open): the cell still to be drawn
    // is not labelled, nor the one that frame drew first (it may have been caught half drawn);
    // the rest agree with that frame
    const truth = half.board().cells;
    expect(lesson.capture!.board.cells[last[1]!]).toBe(OPENED);
    expect(lesson.capture!.board.cells[last[0]!]).toBe(OPENED);
    lesson.capture!.board.cells.forEach((c, i) => {
      if (c === OPENED) return;
      if (mines.some(([x, y]) => y * 8 + x === i)) expect(c, `cell ${i}`).toBe(COVERED);
      else expect(c, `cell ${i}`).toBe(truth[i]);
    });
  });

  /**
   * A skin that knows 0 (3 games learned), then a 16x16 game opened to its last `left` safe cells,
   * each a numbered cell no 0 touches (no cascade opens them); all of them clicked, the first
   * opened and drawn with its face only (KMines and GNOME draw a cell's face, then its number),
   * which looks like a 0. Returns the reading of that frame.
   */
  async function faceFirstEnd(left: number): Promise<{ learner: LiveLearner; r: Reading; grid: Grid; game: Game; cell: number }> {
    const { learner, game, grid, isMine, near } = await learnedThenFresh();
    let r: Reading;
    const safe = [...Array(256).keys()].filter((i) => !isMine(i));
    const zeroNear = (i: number): boolean => safe.some((j) => near(j) === 0 && Math.abs((j % 16) - (i % 16)) <= 1 && Math.abs(((j / 16) | 0) - ((i / 16) | 0)) <= 1);
    const numbered = safe.filter((i) => near(i) > 0 && !zeroNear(i));
    expect(numbered.length).toBeGreaterThanOrEqual(left);
    const last = numbered.slice(-left);
    for (const i of safe) {
      if (last.includes(i) || game.board().cells[i] !== COVERED) continue;
      learner.noteClick(i % 16, (i / 16) | 0, 'left', true);
      game.open(i % 16, (i / 16) | 0);
      r = learner.read(renderBoard(game.board(), 'xdemineur').image, { geometry: grid });
      await breathe();
    }
    expect(game.board().cells.filter((c, i) => c === COVERED && !isMine(i)).length).toBe(left);
    for (const i of last) learner.noteClick(i % 16, (i / 16) | 0, 'left', true);
    const cell = last[0]!;
    game.open(cell % 16, (cell / 16) | 0);
    const drawn = game.board();
    expect(drawn.cells[cell]!).toBeGreaterThan(0);
    drawn.cells[cell] = 0; // its face, its number still to come
    r = learner.read(renderBoard(drawn, 'xdemineur').image, { geometry: grid });
    return { learner, r, grid, game, cell };
  }

  /**
   * A skin that knows 0 (3 games learned, or `taught` games: with none it knows only the covered
   * look) and the fresh frame of a 16x16 game with 40 mines read: the game, its grid, and which
   * cells are mines and how many touch each.
   */
  async function learnedThenFresh(taught = 3): Promise<{ learner: LiveLearner; game: Game; grid: Grid; isMine: (i: number) => boolean; near: (i: number) => number }> {
    const learner = new LiveLearner({ name: 'face-first', mines: 40 });
    for (let g = 0; g < taught; g++) {
      await playGame(learner, 10 + g);
      learner.learn(learner.lesson()!);
    }
    const mines: [number, number][] = [];
    for (let i = 0; mines.length < 40; i++) {
      const m: [number, number] = [(i * 7 + 3) % 16, (i * 11 + (i >> 3)) % 16];
      if (!mines.some(([x, y]) => x === m[0] && y === m[1])) mines.push(m);
    }
    const isMine = (i: number): boolean => mines.some(([x, y]) => y * 16 + x === i);
    const near = (i: number): number => {
      let k = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const x = (i % 16) + dx, y = ((i / 16) | 0) + dy;
        if ((dx || dy) && x >= 0 && x < 16 && y >= 0 && y < 16 && isMine(y * 16 + x)) k++;
      }
      return k;
    };
    const game = Game.fromLayout(16, 16, mines);
    const grid = learner.read(renderBoard(game.board(), 'xdemineur').image).grid;
    return { learner, game, grid, isMine, near };
  }

  /**
   * The game of learnedThenFresh opened at a 0 (a certain click, its cascade read), then a guess
   * (not certain) on the cell `pick` chooses, the frame drawing that cell's face only (KMines
   * draws a clicked cell so, a mine too). Returns the reading of that frame.
   */
  async function guessDrawnFaceFirst(pick: (isMine: (i: number) => boolean, near: (i: number) => number, game: Game) => number, taught = 3): Promise<{ learner: LiveLearner; r: Reading; grid: Grid; game: Game; cell: number }> {
    const { learner, game, grid, isMine, near } = await learnedThenFresh(taught);
    // a first certain opening: a 0 and its cascade
    const zero = [...Array(256).keys()].find((i) => !isMine(i) && near(i) === 0)!;
    learner.noteClick(zero % 16, (zero / 16) | 0, 'left', true);
    game.open(zero % 16, (zero / 16) | 0);
    learner.read(renderBoard(game.board(), 'xdemineur').image, { geometry: grid });
    const cell = pick(isMine, near, game);
    expect(game.board().cells[cell]).toBe(COVERED);
    learner.noteClick(cell % 16, (cell / 16) | 0, 'left', false);
    const drawn = game.board();
    drawn.cells[cell] = 0; // its face; its number, or the mine, still to come
    const r = learner.read(renderBoard(drawn, 'xdemineur').image, { geometry: grid });
    return { learner, r, grid, game, cell };
  }

  /** A covered cell away from the cells opened so far (no opened neighbour), a mine or not as `mine` says. */
  const awayFromOpened = (mine: boolean) => (isMine: (i: number) => boolean, _near: (i: number) => number, game: Game): number => {
    const cells = game.board().cells;
    const opened = (i: number): boolean => cells[i] !== COVERED && cells[i] !== FLAG;
    return [...Array(256).keys()].find((i) => {
      if (isMine(i) !== mine || opened(i)) return false;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const x = (i % 16) + dx, y = ((i / 16) | 0) + dy;
        if (x >= 0 && x < 16 && y >= 0 && y < 16 && opened(y * 16 + x)) return false;
      }
      return true;
    })!;
  };

  it('a guess that hit a mine, caught drawn with its face first (like a blank), is not taken as opened: the loss that follows is read', async () => {
    const { learner, r, grid, game, cell } = await guessDrawnFaceFirst(awayFromOpened(true));
    // (taken as opened, number unknown, the solver would count the mine safe)
    expect(r.board.cells[cell]).not.toBe(OPENED);
    expect(r.unsure).toContainEqual([cell % 16, (cell / 16) | 0]);
    game.open(cell % 16, (cell / 16) | 0);
    const lost = learner.read(renderBoard(game.board(), 'xdemineur').image, { geometry: grid });
    expect(lost.face).toBe('lost');
    expect(lost.board.cells[cell]).toBe(EXPLODED);
  });

  it('in a first game (no number learned), a guess that hit a mine, caught drawn with its face first, is not taken as opened: the loss that follows, a box over the board, is read', async () => {
    const { learner, r, grid, game, cell } = await guessDrawnFaceFirst(awayFromOpened(true), 0);
    // (its face is a look the skin has not learned: taken as opened, number unknown, the solver
    // would count the mine safe, and the loss after it would be changes no click explains)
    expect(r.board.cells[cell]).not.toBe(OPENED);
    expect(r.unsure).toContainEqual([cell % 16, (cell / 16) | 0]);
    game.open(cell % 16, (cell / 16) | 0);
    // the loss, with a box over cells opened before (KMines' "Reset the Game?"), not the clicked one
    const image = renderBoard(game.board(), 'xdemineur').image;
    const openedIn = (x: number, y: number): number => {
      let k = 0;
      for (let j = y; j < y + 3; j++) for (let i = x; i < x + 4; i++) k += j * 16 + i === cell ? -99 : r.board.cells[j * 16 + i] === OPENED ? 1 : 0;
      return k;
    };
    const corners = [...Array(14 * 13).keys()].map((k) => [k % 13, (k / 13) | 0] as const);
    const [cx, cy] = corners.reduce((a, b) => (openedIn(...b) > openedIn(...a) ? b : a));
    expect(openedIn(cx, cy)).toBeGreaterThanOrEqual(6);
    fillRect(image, grid.left + cx * grid.pitch + 3, grid.top + cy * grid.pitch + 3, grid.left + (cx + 4) * grid.pitch - 3, grid.top + (cy + 3) * grid.pitch - 3, [236, 236, 236]);
    const lost = learner.read(image, { geometry: grid });
    expect(lost.face).toBe('lost');
    expect(lost.board.cells[cell]).toBe(EXPLODED);
  });

  it('a safe guess drawn with its face first shows its number a frame later; one that stays blank beside closed cells is taken as opened, number unknown, after two frames', async () => {
    const { learner, r, grid, game, cell } = await guessDrawnFaceFirst((isMine, near, g) => {
      const away = awayFromOpened(false)(isMine, near, g);
      expect(near(away)).toBeGreaterThan(0);
      return away;
    });
    expect(r.unsure).toContainEqual([cell % 16, (cell / 16) | 0]);
    const drawn = game.board();
    drawn.cells[cell] = 0;
    // still blank: held (no clock: two frames), then opened, number unknown (a number not learned yet)
    expect(learner.read(renderBoard(drawn, 'xdemineur').image, { geometry: grid }).unsure).toContainEqual([cell % 16, (cell / 16) | 0]);
    expect(learner.read(renderBoard(drawn, 'xdemineur').image, { geometry: grid }).board.cells[cell]).toBe(OPENED);
    game.open(cell % 16, (cell / 16) | 0);
    const shown = learner.read(renderBoard(game.board(), 'xdemineur').image, { geometry: grid });
    expect(shown.board.cells[cell]).toBe(game.board().cells[cell]);
  });

  it('a win behind the score dialog whose last frame caught a cell drawn before its number reads that cell as opened, not as a 0', async () => {
    // two safe cells left, both clicked; the frame before the dialog draws the first's face only
    const { learner, r, grid, cell } = await faceFirstEnd(2);
    expect(r.face).toBe('playing');
    const behind = learner.covered(grid);
    expect(behind?.face).toBe('won');
    // the cell caught half drawn is opened, number unknown: never a 0 beside the mine it touches
    expect(behind!.board.cells[cell]).toBe(OPENED);
    expect(learner.lesson()!.capture!.board.cells[cell]).toBe(OPENED);
  });

  it('a win whose last frame shows the last cell drawn before its number (its face, like a 0) keeps that cell opened, number unknown, never a 0 beside a mine', async () => {
    const { learner, r: won, grid, game, cell } = await faceFirstEnd(1);
    // the last safe cell opened: won (KMines ended its game on such a frame, and the board kept
    // the 0 beside a mine: the loop stopped on it)
    expect(won.face).toBe('won');
    expect(won.board.cells[cell]).toBe(OPENED);
    // and so it stays while the game shows its end
    const r = learner.read(renderBoard(game.board(), 'xdemineur').image, { geometry: grid });
    expect(r.board.cells[cell]).not.toBe(0);
  });
});

describe('a glow the game keeps under the cell clicked (a canvas with no leave handler: chrisevans9629/Minesweeper)', () => {
  /**
   * A flat canvas game: covered cells white, 0s grey, numbers as n black bars on white, 1 px black
   * lines; the cell `glow` (the last the pointer crossed) drawn light blue under its number, or
   * covered, as the game keeps it after the pointer was parked off the canvas.
   */
  function canvasGame(game: Game, glow: number | null): RgbaImage {
    const p = 40, left = 38, top = 59, n = 10;
    const image = createImage(left * 2 + n * p, top * 2 + n * p, [0, 0, 0]);
    const cells = game.board().cells;
    for (let i = 0; i < n * n; i++) {
      const x = left + (i % n) * p, y = top + ((i / n) | 0) * p;
      const c = cells[i]!;
      const ground: [number, number, number] = c === 0 ? [128, 128, 128] : c === EXPLODED ? [139, 0, 0] : i === glow ? [173, 216, 230] : [255, 255, 255];
      fillRect(image, x, y, x + p, y + p, [0, 0, 0]);
      fillRect(image, x + 1, y + 1, x + p, y + p, ground);
      if (c >= 1 && c <= 8) for (let k = 0; k < c; k++) fillRect(image, x + 12 + k * 5, y + 10, x + 15 + k * 5, y + 28, [0, 0, 0]);
      if (c === EXPLODED) fillRect(image, x + 8, y + 18, x + 32, y + 22, [255, 0, 0]);
    }
    return image;
  }

  it('a number opened alone on that glow, beside numbers only, is no mine that blew up: read on, never a loss taught', () => {
    // mines down the right side and along the bottom: a click at (0,0) opens a corner of 0s with
    // numbers around it; one covered cell beside those numbers alone is a number too
    const mines: [number, number][] = [[5, 0], [5, 2], [6, 4], [3, 5], [0, 6], [8, 8], [9, 1], [7, 7], [2, 9], [9, 9]];
    for (let trial = 0; trial < 1; trial++) {
      const game = Game.fromLayout(10, 10, mines);
      const learner = new LiveLearner({ name: 'glow', mines: mines.length });
      let r = learner.read(canvasGame(game, null));
      const grid = r.grid;
      learner.noteClick(0, 0, 'left');
      game.open(0, 0);
      // (the 0 clicked is drawn grey: the glow does not show on it)
      r = learner.read(canvasGame(game, 0), { geometry: grid });
      expect(r.unsure).toEqual([]);
      const cells = game.board().cells;
      const isMine = (i: number): boolean => mines.some(([x, y]) => y * 10 + x === i);
      const near = (i: number): number[] => [...Array(100).keys()].filter((j) => j !== i && Math.abs((j % 10) - (i % 10)) <= 1 && Math.abs(((j / 10) | 0) - ((i / 10) | 0)) <= 1);
      const lone = [...Array(100).keys()].find((i) => cells[i] === COVERED && !isMine(i) && near(i).some(isMine) && near(i).some((j) => cells[j]! >= 1 && cells[j]! <= 8) && !near(i).some((j) => cells[j] === 0));
      expect(lone, 'a covered number beside numbers only').toBeDefined();
      const cell = lone!;
      learner.noteClick(cell % 10, (cell / 10) | 0, 'left');
      game.open(cell % 10, (cell / 10) | 0);
      for (let k = 0; k < 4; k++) r = learner.read(canvasGame(game, cell), { geometry: grid });
      expect(r.face).not.toBe('lost');
      expect(r.board.cells[cell]).not.toBe(EXPLODED);
      expect(learner.lesson()).toBeNull();
      // a guess on a mine beside numbers only, drawn on dark red (the game shows no other mine):
      // still the loss
      const mine = [...Array(100).keys()].find((i) => r.board.cells[i] === COVERED && isMine(i) && near(i).some((j) => r.board.cells[j] === OPENED || (r.board.cells[j]! >= 1 && r.board.cells[j]! <= 8)));
      expect(mine).toBeDefined();
      learner.noteClick(mine! % 10, (mine! / 10) | 0, 'left');
      game.open(mine! % 10, (mine! / 10) | 0);
      for (let k = 0; k < 4 && r.face !== 'lost'; k++) r = learner.read(canvasGame(game, mine!), { geometry: grid });
      expect([r.face, r.board.cells[mine!]]).toEqual(['lost', EXPLODED]);
      // its lesson labels the number on the glow, read from the frame that shows it, never as a mine
      const lesson = learner.lesson();
      if (lesson?.capture) expect([MINE, EXPLODED]).not.toContain(lesson.capture.board.cells[cell]);
    }
  });
});
