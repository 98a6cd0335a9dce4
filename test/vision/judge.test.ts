// The judgement of a reading as a whole (src/vision/read/judge.ts), on hand-made matches.
import { describe, expect, it } from 'vitest';
import { contradictions, judge } from '../../src/vision/read/judge.js';
import { parseBoard } from '../../src/core/board.js';
import type { Match } from '../../src/vision/read/classify.js';
import { CELL_STATES, CODE_OF_STATE, type CellState } from '../../src/vision/skins/skin.js';

const STATE: Record<number, CellState> = Object.fromEntries(CELL_STATES.map((s) => [CODE_OF_STATE[s], s]));
/** Sure matches of every cell of a board text (cells in `doubt` fit poorly). */
function matchesOf(text: string, doubt: number[] = []): { ms: Match<CellState>[]; w: number; h: number } {
  const b = parseBoard(text);
  const ms = [...b.cells].map((c, i) => ({ label: STATE[c]!, score: doubt.includes(i) ? 0.6 : 0.98, runnerUp: 0.3, runnerUpLabel: null, confidence: doubt.includes(i) ? 0.2 : 1 }));
  return { ms, w: b.width, h: b.height };
}

describe('judge', () => {
  it('a blank next to a covered cell and a number that cannot be met are contradictions', () => {
    const b = parseBoard('4x4/3\n0...\n....\n3...\n1...\n');
    const bad = contradictions(b.cells, Array(16).fill(true), 4, 4);
    expect([...bad].sort((a, c) => a - c)).toEqual([0, 1, 4, 5]);
    // a 3 with three covered neighbours is fine; a 1 on the edge with two is fine
    expect(bad.has(8)).toBe(false);
  });

  it('in a game that opens only a 0\'s four sides, a 0 beside a closed corner is no contradiction, one beside a closed side still is', () => {
    // (1,2) is a 0 whose corner (2,3) is closed; (1,3) a 0 whose side (2,3) is closed
    const b = parseBoard('4x4/2\n0000\n0001\n001.\n00.1\n');
    const sure = Array(16).fill(true);
    expect([...contradictions(b.cells, sure, 4, 4, true)].sort((a, c) => a - c)).toEqual([13, 14]);
    expect(contradictions(b.cells, sure, 4, 4).has(9)).toBe(true);
  });

  it('cells read with known geometry (a crop, or cells set side by side) are not judged as a position', () => {
    const { ms, w, h } = matchesOf('4x4/4\n3000\n0000\n0000\n0000\n');
    expect(judge(ms, w, h, true).unsure[0]).toBe(false); // partial: the 3's neighbours may be elsewhere
    expect(judge(ms, w, h).unsure[0]).toBe(true); // a whole board: the 3 cannot be right
  });

  it('refuses a board whose unexplained cells are strewn over it, not one covered-up patch', () => {
    const text = '8x8/10\n' + '........\n'.repeat(8);
    const strewn = Array.from({ length: 64 }, (_, i) => i).filter((i) => i % 5 === 0); // 13 of 64
    expect(judge(matchesOf(text, strewn).ms, 8, 8).refusal).toMatch(/explain only 80%/);
    const patch = [0, 1, 2, 8, 9, 10, 16, 17, 18, 24, 25, 26, 32]; // a corner covered up
    expect(judge(matchesOf(text, patch).ms, 8, 8).refusal).toBeNull();
    expect(judge(matchesOf('3x8/2\n' + '...\n'.repeat(8)).ms, 3, 8).refusal).toMatch(/too small/);
  });
});
