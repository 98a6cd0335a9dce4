// Replays a learning run recorded with MINEBOT_RECORD=DIR (`minebot learn --screen`): the frames
// and clicks the live learner was given, in order, fed to a new one, printing what it makes of
// each frame and each game's lesson (its labelled board, or why nothing was learned). For looking
// at a run that went wrong step by step; the frames stay where they were recorded (a game's
// artwork never enters the repository).
//   npx tsx scripts/replay-learn.ts DIR MINES [--boards] [--skin NAME --skins SKINS_DIR] [--save OUT] [--frame-ms MS]
// (--skin: the skin the run started from, when it went on from one; --save: each lesson's frame
// and labels kept in OUT as `learn --screen --save-dir` keeps them, lesson-N.png and .board.txt;
// --frame-ms: the learner is given a clock that moves MS per frame, as live, where what it waits
// for (a box that may go, a flash that stays) depends on time; without it, it has none)

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatBoard, type Board } from '../src/core/board.js';
import { isContradiction } from '../src/solver/constraints.js';
import { tryAnalyze } from '../src/solver/probability.js';
import { LiveLearner } from '../src/vision/learn/live/live-learner.js';
import { decodePng, encodePng } from '../src/vision/skins/load.js';
import type { Lesson } from '../src/vision/learn/live/live-lesson.js';
import { loadSkin } from '../src/vision/skins/skin.js';
import type { Grid } from '../src/vision/geometry.js';
import type { RecordedEvent as Event } from '../src/bot/learn/learn-record.js';

const args = process.argv.slice(2);
const boards = args.includes('--boards');
const opt = (name: string): string | undefined => (args.includes(name) ? args.splice(args.indexOf(name), 2)[1] : undefined);
const skinName = opt('--skin'), skinsDir = opt('--skins'), saveDir = opt('--save'), frameMs = opt('--frame-ms');
let frames = 0;
let kept = 0;
/** Prints a game's lesson (and keeps it in --save's folder). */
function show(lesson: Lesson | null): void {
  if (!lesson?.capture) return void console.log(`no lesson: ${lesson?.why ?? 'none'}`);
  console.log(`lesson (${lesson.result}):\n${formatBoard(lesson.capture.board)}`);
  if (!saveDir) return;
  mkdirSync(saveDir, { recursive: true });
  const base = join(saveDir, `lesson-${++kept}`);
  writeFileSync(`${base}.png`, encodePng(lesson.capture.image));
  const grid = lesson.capture.grid ? `# grid ${JSON.stringify(lesson.capture.grid)}\n` : '';
  writeFileSync(`${base}.board.txt`, `# ${lesson.capture.name} (${lesson.result}); '+' cells were not labelled\n${grid}${formatBoard(lesson.capture.board)}`);
}
const [dir, mines] = args.filter((a) => !a.startsWith('--'));
if (!dir || !mines) {
  console.error('usage: npx tsx scripts/replay-learn.ts DIR MINES [--boards]');
  process.exit(2);
}
const events = readFileSync(join(dir, 'events.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event);
const consistent = (board: Board): boolean => !isContradiction(tryAnalyze(board));
const previous = skinName ? loadSkin(skinName, skinsDir) : undefined;
const learner = new LiveLearner({ name: 'replay', mines: Number(mines), consistent, ...(previous ? { previous } : {}), ...(frameMs ? { now: () => frames * Number(frameMs) } : {}), onFrame: (n) => console.log(`  ${JSON.stringify(n)}`) });
let phase = 'playing';
let grid: Grid | null = null;
let size = { width: 0, height: 0 };
/** A game the learner read as ended behind what covers the board: its lesson shown and learned. */
function endedBehind(behind: ReturnType<LiveLearner['covered']>): void {
  if (!behind || behind.face === phase) return;
  const lesson = learner.lesson();
  show(lesson);
  if (lesson?.capture) learner.learn(lesson);
  phase = behind.face ?? phase;
}
for (const e of events) {
  if (e.type === 'click') {
    console.log(`click ${e.button} (${e.x},${e.y})${e.certain ? ' certain' : ''}`);
    learner.noteClick(e.x, e.y, e.button, e.certain);
    continue;
  }
  // (the calls that change how the next frame is read, as the loop made them)
  if (e.type === 'dismissToCome') {
    console.log(`dismiss to come: ${e.on}`);
    learner.dismissToCome(e.on);
    continue;
  }
  if (e.type === 'dismissGiven') {
    learner.dismissGiven(e.given);
    continue;
  }
  if (e.type === 'startOver') {
    console.log('start over');
    learner.startOver();
    phase = 'playing';
    grid = null;
    continue;
  }
  let r;
  frames++;
  const frame = decodePng(readFileSync(join(dir, e.file)));
  if (e.covered && e.geometry) {
    // (a frame whose board frame was covered: the loop asked the learner whether the game ended behind it)
    const behind = learner.covered(e.geometry, frame);
    console.log(`${e.file}: covered${behind ? `; read behind it: ${behind.face}` : ''}`);
    endedBehind(behind);
    continue;
  }
  const { file: _file, type: _type, covered: _covered, ...options } = e;
  if (e.probe) {
    // (a dismiss's look at what covers the board: the learner takes nothing from it, nor does the replay)
    let what: string;
    try {
      const p = learner.read(frame, options);
      what = `${p.face}${p.unsure.length ? `, ${p.unsure.length} unsure` : ''}`;
    } catch (err) {
      what = (err as Error).message;
    }
    console.log(`${e.file}: probe: ${what}`);
    continue;
  }
  try {
    r = learner.read(frame, options);
  } catch (err) {
    // (the loop asks the learner whether the game ended behind what covers the board)
    // (with the frame when it is a grab of the place the grid was read at, as the loop gives it)
    const behind = grid ? learner.covered(grid, frame.width === size.width && frame.height === size.height ? frame : undefined) : null;
    console.log(`${e.file}: ${(err as Error).message}${behind ? `; read behind it: ${behind.face}` : ''}`);
    endedBehind(behind);
    continue;
  }
  grid = r.grid;
  size = { width: frame.width, height: frame.height };
  console.log(`${e.file}: ${r.face}${r.unsure.length ? `, ${r.unsure.length} unsure` : ''}`);
  if (boards) console.log(formatBoard(r.board));
  if (r.face !== phase && r.face !== 'playing') {
    const lesson = learner.lesson();
    show(lesson);
    if (lesson?.capture) {
      const out = learner.learn(lesson);
      // (not adopted: the cells the new skin, or the one before it, reads otherwise than the lesson labels them)
      const why = out?.report.captures.flatMap((c) => [...c.wrong, ...c.contradicts.map((w) => `${w} (the skin before)`), ...(c.error ? [c.error] : [])]) ?? [];
      console.log(`learned: ${out?.adopted ? out.report.states.join(' ') : `not adopted: ${why.slice(0, 6).join(', ')}`}`);
    }
  }
  phase = r.face ?? 'playing';
}
