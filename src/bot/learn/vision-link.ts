// Connects the loop to the vision module: its reader, its renderer, and where a skin's face is.

import type { Board } from '../../core/board.js';
import type { Region } from '../../desktop/ports.js';
import { loadSkin } from '../../vision/skins/skin.js';
import { resolveX, resolveY } from '../../vision/geometry.js';
import { renderBoard } from '../../vision/draw/render.js';
import type { RenderBoard } from '../../desktop/simulated.js';
import type { Grid, ReadScreen } from '../reading.js';
import type { FrameNote, LiveLearner } from '../../vision/learn/live/live-learner.js';
import type { LearnedSkin } from '../../vision/learn/looks.js';
import type { Skin } from '../../vision/skins/skin.js';
import type { Learned, Learner } from './learn-live.js';
import { recording, type RecordSink } from './learn-record.js';
import { isContradiction } from '../../solver/constraints.js';
import { tryAnalyze } from '../../solver/probability.js';

/** The face button of a skin for a grid (screen pixels), or null when the skin has none. */
export function faceAt(skinName: string, grid: Grid): Region | null {
  let skin;
  try {
    skin = loadSkin(skinName);
  } catch {
    return null;
  }
  const face = skin.file.face;
  if (!face) return null;
  const left = resolveX(face.at.x, grid);
  const top = resolveY(face.at.y, grid);
  return { left: Math.round(left), top: Math.round(top), width: Math.round(face.width * grid.scale), height: Math.round(face.height * grid.scale) };
}

export const render: RenderBoard = (board, skin, options) => renderBoard(board, skin, options);

/** The vision reader (loaded on first use so commands that do not read the screen stay light). */
export async function loadReader(): Promise<ReadScreen> {
  const path = '../../vision/read/read.js';
  try {
    const mod = (await import(path)) as { readScreen: ReadScreen };
    return mod.readScreen;
  } catch (err) {
    throw new Error(`the screen reader is not available: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
}

/** Vision's live learner in the shape the learning loop (learn-live.ts) drives. */
export async function liveLearner(name: string, mines: number, previous?: Skin, onFrame?: (note: FrameNote) => void, now?: () => number): Promise<Learner<LearnedSkin>> {
  const { LiveLearner } = await import('../../vision/learn/live/live-learner.js');
  // the solver says whether a board can be: the learner works out numbers a loss did not show
  const consistent = (board: Board): boolean => !isContradiction(tryAnalyze(board));
  // (with the loop's clock, a box over the board after a click is waited for to go)
  const live = new LiveLearner({ name, mines, consistent, ...(previous ? { previous } : {}), ...(onFrame ? { onFrame } : {}), ...(now ? { now } : {}) });
  const learner: Learner<LearnedSkin> = {
    read: (image, options) => live.read(image, options),
    noteClick: (x, y, button, certain) => live.noteClick(x, y, button, certain),
    covered: (geometry, image) => live.covered(geometry, image),
    dismissToCome: (on) => live.dismissToCome(on),
    dismissGiven: (given) => live.dismissGiven(given),
    startOver: () => live.startOver(),
    lesson: () => live.lesson(),
    basis: () => live.basis(),
    learn: (lesson): Learned<LearnedSkin> | null => {
      const out = live.learn(lesson as Parameters<LiveLearner['learn']>[0]);
      if (!out) return null;
      const c = out.report.captures[0];
      const wrong = c ? [...c.wrong, ...c.contradicts.map((x) => `${x} before`), ...(c.error ? [c.error] : [])] : [];
      // (the game's last frame in play, when the skin was learned from it too)
      const inPlay = out.report.captures.length > 1 ? (lesson as Parameters<LiveLearner['learn']>[0]).inPlay : undefined;
      return { skin: out.learned, states: out.report.states, missing: out.report.missing, wrong, ...(inPlay ? { inPlay } : {}) };
    },
  };
  // (MINEBOT_RECORD=DIR keeps every frame learned from, every click and every call that changes
  // how the next frame is read, for a replay by scripts/replay-learn.ts: a learning run that went
  // wrong can be looked at again, step by step)
  return process.env.MINEBOT_RECORD ? recording(learner, await recordTo(process.env.MINEBOT_RECORD)) : learner;
}

/** A record written to DIR: each frame a PNG, the events in order in events.jsonl, a line each. */
async function recordTo(dir: string): Promise<RecordSink> {
  const { appendFileSync, mkdirSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { encodePng } = await import('../../vision/skins/load.js');
  mkdirSync(dir, { recursive: true });
  let n = 0;
  return {
    image(image) {
      const file = `frame-${String(++n).padStart(5, '0')}.png`;
      writeFileSync(join(dir, file), encodePng(image));
      return file;
    },
    event: (e) => appendFileSync(join(dir, 'events.jsonl'), `${JSON.stringify(e)}\n`),
  };
}

