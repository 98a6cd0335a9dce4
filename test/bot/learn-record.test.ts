import { describe, expect, it } from 'vitest';
import { recording, type RecordedEvent } from '../../src/bot/learn/learn-record.js';
import type { Learner } from '../../src/bot/learn/learn-live.js';
import type { Reading } from '../../src/bot/reading.js';
import type { RgbaImage } from '../../src/vision/image.js';

const image = (w: number): RgbaImage => ({ width: w, height: 1, data: new Uint8Array(w * 4) });
const grid = { left: 10, top: 20, cols: 9, rows: 9, cellWidth: 16, cellHeight: 16, scale: 1 } as never;

/** A learner that only notes, in order, what it was given. */
function noting(calls: string[]): Learner<string> {
  return {
    read: (img, options) => {
      calls.push(`read ${img.width}${options?.probe ? ' probe' : ''}${options?.veiled ? ' veiled' : ''}`);
      return { face: 'playing', unsure: [] } as unknown as Reading;
    },
    noteClick: (x, y, button, certain) => void calls.push(`click ${x},${y} ${button}${certain ? ' certain' : ''}`),
    covered: (_g, img) => (calls.push(`covered ${img?.width ?? '-'}`), null),
    dismissToCome: (on) => void calls.push(`dismissToCome ${on}`),
    dismissGiven: (given) => void calls.push(`dismissGiven ${given}`),
    startOver: () => void calls.push('startOver'),
    lesson: () => null,
    learn: () => null,
    basis: () => null,
  };
}

describe('a learning run recorded for a replay (MINEBOT_RECORD)', () => {
  it('writes every input with the flags it was read with, in the order the learner was given them', () => {
    const calls: string[] = [];
    const events: RecordedEvent[] = [];
    const images: number[] = [];
    const learner = recording(noting(calls), { image: (img) => (images.push(img.width), `f${images.length}`), event: (e) => void events.push(e) });
    learner.dismissGiven!(true);
    learner.read(image(1), { geometry: grid });
    learner.noteClick(3, 4, 'left', true);
    learner.dismissToCome!(true);
    learner.read(image(2), { geometry: grid, probe: true });
    learner.read(image(3), { geometry: grid, veiled: true });
    learner.covered!(grid);
    learner.covered!(grid, image(4));
    learner.dismissToCome!(false);
    learner.startOver!();
    // the learner itself is given everything, unchanged
    expect(calls).toEqual(['dismissGiven true', 'read 1', 'click 3,4 left certain', 'dismissToCome true', 'read 2 probe', 'read 3 veiled', 'covered -', 'covered 4', 'dismissToCome false', 'startOver']);
    // a covered look without its frame keeps no image; every other frame one, in order
    expect(images).toEqual([1, 2, 3, 4]);
    expect(events).toEqual([
      { type: 'dismissGiven', given: true },
      { type: 'frame', file: 'f1', geometry: grid },
      { type: 'click', x: 3, y: 4, button: 'left', certain: true },
      { type: 'dismissToCome', on: true },
      { type: 'frame', file: 'f2', geometry: grid, probe: true },
      { type: 'frame', file: 'f3', geometry: grid, veiled: true },
      { type: 'frame', file: 'f4', geometry: grid, covered: true },
      { type: 'dismissToCome', on: false },
      { type: 'startOver' },
    ]);
  });

  it('passes on what the learner returns and lacks what it lacks', () => {
    const calls: string[] = [];
    const { covered: _c, dismissToCome: _d, ...bare } = noting(calls);
    const learner = recording(bare as Learner<string>, { image: () => 'f', event: () => undefined });
    expect(learner.covered).toBeUndefined();
    expect(learner.dismissToCome).toBeUndefined();
    expect(learner.read(image(5)).face).toBe('playing');
  });
});
