// `minebot play --screen --skin NAME` with a skin made by `minebot learn`: learning never stops.
// The game is played through the live learner (src/bot/learn/learn-live.ts) starting from the skin, so
// that a look it has not learned yet (an opened cell whose number it does not know) is '+' as
// while learning, not a stop; each game that ends in a lesson passing the checks is learned and
// the skin saved again, and the command says what each game added.

import type { Desktop } from '../desktop/ports.js';
import { learnLive, type LearnEvent } from '../bot/learn/learn-live.js';
import type { PlayConfig, PlayEvent, SessionResult } from '../bot/session.js';
import { liveLearner } from '../bot/learn/vision-link.js';
import type { LearnedSkin } from '../vision/learn/looks.js';
import type { Skin } from '../vision/skins/skin.js';
import { CliError } from './errors.js';
import { keepLesson, stamped } from './live-io.js';
import type { Stretch } from '../core/stretch.js';
import type { LabelledCapture } from '../vision/learn/looks.js';

/** The learned skin a name stands for, or null (a hand-built skin, an unknown name: played as before). */
export async function learnedSkinNamed(name: string | undefined): Promise<Skin | null> {
  if (!name || name === 'auto') return null;
  const { loadSkin } = await import('../vision/skins/skin.js');
  try {
    const skin = loadSkin(name);
    return skin.file.learned ? skin : null;
  } catch {
    return null;
  }
}

/**
 * Plays with a learned skin, learning from every game; `say` gets one line per game about what it
 * added; the frame each lesson was learned from, with its labels, is kept in `saveDir` (as
 * `learn --screen` keeps them: a look by eye at what was taught).
 */
export async function playLearning(desktop: Desktop, config: PlayConfig, skin: Skin, say: (line: string) => void, saveDir?: string, stretch: Stretch | null = null): Promise<SessionResult> {
  if (config.mines === undefined) throw new CliError(`play with the learned skin "${skin.name}" needs --mines N (a learned look has no mine counter)`, 2);
  const { saveSkin } = await import('../vision/skins/skin-store.js');
  const { userSkinsDir } = await import('../vision/skins/skin-dirs.js');
  const dir = userSkinsDir();
  const learner = await liveLearner(skin.name, config.mines, skin, undefined, () => desktop.clock.now());
  let known = new Set<string>(skin.cells.map((c) => c.state));
  const { read: _read, incremental: _incremental, chord: _chord, faceAt: _faceAt, onEvent, ...rest } = config;
  const kept: Promise<void>[] = [];
  const result = await learnLive(desktop, {
    ...rest,
    learner,
    store: (s: LearnedSkin) => saveSkin(dir, stamped(s, stretch)),
    onEvent: (e: PlayEvent | LearnEvent<LearnedSkin>) => {
      if (e.type === 'learned') {
        const added = e.learned.states.filter((s) => !known.has(s));
        known = new Set(e.learned.states);
        say(`game ${e.game + 1}: learned from it (${added.length ? `new: ${added.join(' ')}` : 'no new state, more looks'}); skin saved in ${e.stored}`);
        if (saveDir) kept.push(keepLesson(saveDir, skin.name, e.game, e.lesson as LabelledCapture).then((where) => say(`game ${e.game + 1}: the frame learned from and its labels are in ${where}`)));
        if (saveDir && e.inPlay) kept.push(keepLesson(saveDir, skin.name, e.game, e.inPlay as LabelledCapture, '-play').then((where) => say(`game ${e.game + 1}: its last frame in play, learned from too, is in ${where}`)));
      } else if (e.type === 'not-learned') say(`game ${e.game + 1}: nothing learned: ${e.why}`);
      else onEvent?.(e);
    },
  });
  await Promise.all(kept);
  return result;
}
