// Learning a game's look by playing it (`minebot learn --screen`): the play loop, unchanged, with
// a learner as its reader. The learner tells from each frame and the bot's clicks what every cell
// is (an opened cell whose number it has not learned yet is '+', which the solver takes no
// constraint from); at each game's end it labels every look from the layout the game revealed,
// and the new skin is stored before the next game starts. Every promise of the live loop holds:
// clicks only inside the board found, stop when the user moves the mouse, stop rather than act
// on a frame the learner cannot explain.

import type { Board } from '../../core/board.js';
import type { Grid } from '../../core/grid.js';
import type { Desktop, Grab, RgbaImage } from '../../desktop/ports.js';
import { playSession } from '../loop.js';
import type { PlayConfig, PlayEvent, SessionResult } from '../session.js';
import type { GameResult, Reading, ReadScreen } from '../reading.js';

/** How long the screen must be quiet before a frame is learned from, ms (unless the config says). */
export const LEARN_QUIET_MS = 50;

/** Why a cell opened in a look not learned is told unseen when its game taught no lesson. */
export const NOT_LEARNED_UNSEEN = 'it opened in a look not learned yet, and its game taught no lesson that labels it: a game that goes on past a mine may draw the mine so';

/** What a finished game taught (shape of vision/live-learner's Lesson). */
export interface GameLesson {
  result: GameResult;
  capture: unknown | null;
  why: string | null;
  /** The game's last frame in play, labelled from its end, when there is one. */
  inPlay?: unknown;
}

/** What learning a lesson gave: the states labelled so far and those never seen. */
export interface Learned<S> {
  skin: S;
  states: string[];
  missing: string[];
  /** Cells of the ended game's frame the new skin, or the one before it, reads otherwise than the lesson labels them: then it is not kept. */
  wrong: string[];
  /** The game's last frame in play, labelled from its end, when the skin was learned from it too. */
  inPlay?: unknown;
}

/** A learner's last frame explained in full and what it made of each cell (kept beside a stop's capture). */
export interface LearnerBasis {
  image: RgbaImage;
  board: Board;
}

/** The learner the loop reads through (vision/live-learner's LiveLearner). */
export interface Learner<S> {
  read: ReadScreen;
  /** `certain`: an open the solver proved safe. */
  noteClick(x: number, y: number, button: 'left' | 'right' | 'middle', certain?: boolean): void;
  /** The reading of a frame whose board frame is covered, when the game is known to have ended behind it (else null). */
  covered?(geometry: Grid, image?: RgbaImage): Reading | null;
  /** Told while a dismiss is to come on what covers the board (not tried yet): nothing is judged gone for good before it. */
  dismissToCome?(on: boolean): void;
  /** Told once, before the run: whether a dismiss was given (`--dismiss`), that may make a page frozen under a dialog draw again. */
  dismissGiven?(given: boolean): void;
  lesson(): GameLesson | null;
  /** The run starts over from finding the board, no game learned from yet: the board begun on is forgotten. */
  startOver?(): void;
  learn(lesson: GameLesson): Learned<S> | null;
  basis(): LearnerBasis | null;
}

export type LearnEvent<S> =
  /** `lesson`: the labelled frame learned from (to keep beside the skin, for a look by eye); `inPlay`: the game's last frame in play, when learned from too. */
  | { type: 'learned'; game: number; result: GameResult; learned: Learned<S>; stored: string; lesson: unknown; inPlay?: unknown }
  | { type: 'not-learned'; game: number; result: GameResult; why: string };

export interface LearnLiveConfig<S> extends Omit<PlayConfig, 'read' | 'incremental' | 'chord' | 'faceAt' | 'onEvent' | 'save'> {
  learner: Learner<S>;
  /** Saves the frame that stopped the run, with the learner's last frame explained in full (`before`). */
  save?: (capture: Grab, reading: Reading | null, why: string, before: LearnerBasis | null) => Promise<string>;
  /** Keeps a learned skin (writes it to the skins folder); returns where. */
  store(skin: S): string;
  onEvent?(e: PlayEvent | LearnEvent<S>): void;
}

export interface LearnLiveResult<S> extends SessionResult {
  /** Per finished game: what was learned from it, or why nothing. */
  lessons: LearnEvent<S>[];
}

export async function learnLive<S>(desktop: Desktop, config: LearnLiveConfig<S>): Promise<LearnLiveResult<S>> {
  const { learner, store, onEvent, save, ...play } = config;
  const emit = onEvent ?? (() => undefined);
  const lessons: LearnEvent<S>[] = [];
  let proven: string | null = null;
  // (cells the game's end told safe that opened in a look not learned: told once its lesson is judged)
  let unlearned: Extract<PlayEvent, { type: 'opened' }>[] = [];
  learner.dismissGiven?.(!!play.dismissKey);
  const result = await playSession(desktop, {
    ...play,
    // a frame caught between two steps of a game's drawing would teach a wrong lesson: frames
    // are read once the screen has been quiet a while, from the first game on
    quietMs: play.quietMs ?? LEARN_QUIET_MS,
    ...(save ? { save: (capture: Grab, reading: Reading | null, why: string) => save(capture, reading, why, learner.basis()) } : {}),
    // the learner's "won" is its own count of the cells, not the game's word: the loop still flags
    // the mines a game may want flagged before it counts the win
    read: (image, options) => {
      const r = learner.read(image, options);
      return r.face === 'won' ? { ...r, face: null } : r;
    },
    // The learner compares every cell with the frame before: whole frames, no chords (a chord
    // opens cells the learner could not tie to a click), no face (a learned look has none).
    incremental: false,
    chord: false,
    faceAt: () => null,
    ...(learner.covered ? { whenCovered: (image: RgbaImage, geometry: Grid) => learner.covered!(geometry, image) } : {}),
    ...(learner.dismissToCome ? { dismissToCome: (on: boolean) => learner.dismissToCome!(on) } : {}),
    ...(learner.startOver ? { startOver: () => learner.startOver!() } : {}),
    onEvent: (e) => {
      // (the move before each click says whether the solver proved it)
      if (e.type === 'move') proven = e.move.certain && e.move.action === 'open' ? `${e.move.x},${e.move.y}` : null;
      if (e.type === 'click' && e.cell) learner.noteClick(e.cell[0], e.cell[1], e.button, e.button === 'left' && proven === `${e.cell[0]},${e.cell[1]}`);
      if (e.type === 'opened' && e.unlearned) return void unlearned.push(e);
      emit(e);
      if (e.type !== 'game') return;
      const lesson = learner.lesson();
      let event: LearnEvent<S>;
      if (!lesson) event = { type: 'not-learned', game: e.game, result: e.result, why: e.why ?? 'the learner did not see how the game ended' };
      else if (!lesson.capture) event = { type: 'not-learned', game: e.game, result: e.result, why: lesson.why ?? 'nothing to learn' };
      else {
        // (named by the loop's count of games: the learner counts only the games it learned from)
        // (its frame in play too: "game 8 (won), in play" beside the lesson of game 9 misnamed it)
        const name = `game ${e.game + 1} (${e.result})`;
        const named = { ...lesson, capture: { ...lesson.capture, name }, ...(lesson.inPlay ? { inPlay: { ...lesson.inPlay, name: `${name}, in play` } } : {}) };
        const learned = learner.learn(named);
        if (!learned) event = { type: 'not-learned', game: e.game, result: e.result, why: 'nothing to learn' };
        else if (learned.wrong.length) {
          const why = `the skin it would make, or the one it has, reads ${learned.wrong.length} cell(s) of that game otherwise than its lesson labels them (${learned.wrong.slice(0, 3).join(', ')}): not kept`;
          event = { type: 'not-learned', game: e.game, result: e.result, why };
        } else event = { type: 'learned', game: e.game, result: e.result, learned, stored: store(learned.skin), lesson: named.capture, ...(learned.inPlay ? { inPlay: learned.inPlay } : {}) };
      }
      lessons.push(event);
      emit(event);
      // (a game that went on past a mine it drew in a look not learned is no win, whatever the
      // count said; its lesson does not add up: what such cells were is not known)
      for (const o of unlearned) emit(event.type === 'learned' ? o : { type: 'unseen', game: o.game, n: o.n, move: o.move, why: NOT_LEARNED_UNSEEN });
      unlearned = [];
    },
  });
  // (a run stopped between a game's end and its lesson: those cells stay unseen)
  for (const o of unlearned) emit({ type: 'unseen', game: o.game, n: o.n, move: o.move, why: NOT_LEARNED_UNSEEN });
  return { ...result, lessons };
}
