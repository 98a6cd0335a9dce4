// A drawn game that takes the win at the last flag (safe cells still closed) and ignores every
// click after it, played on the live learner's readings from a skin that knows the flag: flags
// one at a time (each seen standing, as the bot's batches place them), else a proven safe cell,
// until the reading ends or four frames in a row change nothing. For the learner's tests of such
// ends; how each frame is drawn and where its grid is are the test's.
import { COVERED, FLAG } from '../../src/core/board.js';
import { createRng } from '../../src/core/rng.js';
import { Game } from '../../src/game/engine.js';
import type { Grid } from '../../src/vision/geometry.js';
import type { RgbaImage } from '../../src/vision/image.js';
import { LiveLearner } from '../../src/vision/learn/live/live-learner.js';
import type { Lesson } from '../../src/vision/learn/live/live-lesson.js';
import type { Reading } from '../../src/vision/read/read.js';
import { analyze } from '../../src/solver/probability.js';
import { playGame, SPEC } from './drawn-game.js';
import { readAgain } from './read-again.js';

let taught: LiveLearner['skin'] = null;
/** A skin that knows the numbers and the flag: learned from three drawn xdemineur games the bot flagged in. */
export async function taughtSkin(): Promise<NonNullable<LiveLearner['skin']>> {
  if (taught) return taught;
  const teacher = new LiveLearner({ name: 'taught', mines: 40 });
  for (let k = 0; k < 3; k++) {
    await playGame(teacher, 100 + k);
    teacher.learn(teacher.lesson()!);
  }
  return (taught = teacher.skin!);
}

/** Where the game is in a frame: whether every mine is flagged, and how many frames were read since. */
export interface FlagWinPhase {
  over: boolean;
  afterOver: number;
}

export interface FlagWinOptions {
  /** Draws the frame. */
  look: (game: Game, phase: FlagWinPhase) => RgbaImage;
  /** The frame's grid, from the grid of the first (else that one). */
  at?: (grid: Grid, phase: FlagWinPhase) => Grid;
}

/** Plays game `seed` (16x16/40); `flagWon`: its last flag came with safe cells still closed. */
export async function playFlagWin(seed: number, o: FlagWinOptions): Promise<{ flagWon: boolean; r: Reading; lesson: Lesson | null; learner: LiveLearner; game: Game; grid: Grid }> {
  const learner = new LiveLearner({ name: 'flagwin', mines: 40, previous: await taughtSkin() });
  const game = new Game(SPEC, 'zero', createRng(seed));
  const phase: FlagWinPhase = { over: false, afterOver: 0 };
  const draw = (): RgbaImage => o.look(game, phase);
  let r = learner.read(draw());
  const grid = r.grid;
  const at = (): Grid => o.at?.(grid, phase) ?? grid;
  const click = (i: number, button: 'left' | 'right'): void => {
    const x = i % 16, y = (i / 16) | 0;
    learner.noteClick(x, y, button);
    if (!phase.over && button === 'right') game.toggleFlag(x, y);
    else if (!phase.over) game.open(x, y);
    phase.over ||= game.board().cells.filter((c) => c === FLAG).length === 40;
  };
  click(8 * 16 + 8, 'left');
  r = readAgain(learner, draw(), { geometry: at() });
  let silent = 0;
  for (let step = 0; step < 300 && r.face === 'playing' && silent < 4; step++) {
    if (r.unsure.length) break;
    const a = analyze(r.board);
    const before = r.board.cells.slice();
    const m = a.mines.find((i) => r.board.cells[i] === COVERED);
    if (m !== undefined) click(m, 'right');
    else if (a.safe.length) click(a.safe[0]!, 'left');
    else break;
    r = learner.read(draw(), { geometry: at() });
    if (phase.over) phase.afterOver++;
    silent = r.board.cells.every((c, i) => c === before[i]) ? silent + 1 : 0;
  }
  const flagWon = phase.over && game.board().cells.some((c) => c === COVERED);
  return { flagWon, r, lesson: learner.lesson(), learner, game, grid };
}
