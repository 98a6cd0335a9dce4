// The hint after a stop on a covered board: given only when no dismiss key was named.
import { describe, expect, it } from 'vitest';
import { dismissedLine, dismissHint, parseDismissKey } from '../../src/commands/live-io.js';
import { dismissChoices, dismissKeyOf, dismissPoints } from '../../src/bot/flow/dismiss.js';

const covered = "the board's frame is not where it was (the window moved, or something covers it); still so after 10 s of reading it again and looking for it elsewhere (is it covered, minimised or closed?)";

describe('--dismiss', () => {
  it('a stop on a board that stayed covered, without a dismiss key, names the option', () => {
    expect(dismissHint(covered, null)).toMatch(/--dismiss KEY/);
  });
  it('no hint with a dismiss key, after other stops, or without a stop', () => {
    expect(dismissHint(covered, 'Escape')).toBeNull();
    expect(dismissHint('click budget of 5 used up', null)).toBeNull();
    // a board that keeps moving (a tile walking across a fresh board until the first click) is no dialog
    const still = '; still so after 20 s of reading it again and looking for it elsewhere (is it covered, minimised or closed?)';
    expect(dismissHint(`the screen did not settle within 2050 ms${still}`, null)).toBeNull();
    expect(dismissHint(`unsure reading of 1 cell(s): (13,15)${still}`, null)).toBeNull();
    // numbers that contradict each other (a game's own miscount) are no cover
    expect(dismissHint(`the solver rejects the board as read: impossible board at (8,5): no mine layout satisfies this number together with its neighbours${still}`, null)).toBeNull();
    expect(dismissHint(`unsure reading of 40 cell(s): (3,4) (4,4)${still}`, null)).toMatch(/--dismiss KEY/);
    expect(dismissHint(null, null)).toBeNull();
  });
  it('says each press: the first with why the board was taken as covered, the next ones as another cover in place of the one closed', () => {
    expect(dismissedLine({ key: 'Return', why: 'the game ended behind what covers the board', press: 1 })).toBe('pressed Return to close what is over the game (the game ended behind what covers the board)');
    expect(dismissedLine({ key: 'Return', why: 'x', press: 3 })).toMatch(/^another cover came over the board in place of the one closed: pressed Return again \(3 presses\)$/);
    expect(dismissedLine({ key: 'click:0,18.95', why: 'x; the click before changed nothing', press: 2 })).toBe('the click before changed nothing: pressed click:0,18.95 (2 presses)');
  });
  it('takes key names and chords, none for no key, and refuses anything else', () => {
    expect(parseDismissKey('Escape')).toBe('Escape');
    expect(parseDismissKey('Alt+F4')).toBe('Alt+F4');
    expect(parseDismissKey('none')).toBeNull();
    for (const bad of ['', 'a b', 'Ctrl+', '+x', 'Esc,Return']) expect(() => parseDismissKey(bad), bad).toThrow(/--dismiss must be/);
  });
  it('takes a key and then points, the key tried first (a box taking a key, then one a click closes), and refuses a bad key there', () => {
    expect(parseDismissKey('Return;click:0,6')).toBe('Return;click:0,6');
    expect(parseDismissKey('Alt+F4;click:0,6;1,-2')).toBe('Alt+F4;click:0,6;1,-2');
    expect(dismissChoices('Return;click:0,6;1,-2')).toEqual(['Return', 'click:0,6', 'click:1,-2']);
    expect(dismissChoices('click:0,6')).toEqual(['click:0,6']);
    expect(dismissChoices('Escape')).toEqual(['Escape']);
    expect(dismissKeyOf('Return;click:0,6')).toBe('Return');
    expect(dismissKeyOf('click:0,6')).toBeNull();
    expect(dismissPoints('Return;click:0,6')).toEqual([{ dx: 0, dy: 6 }]);
    for (const bad of ['a b;click:0,6', ';click:0,6', 'Ctrl+;click:0,1']) expect(() => parseDismissKey(bad), bad).toThrow(/--dismiss must be/);
  });
  it('takes a click at several points, ;-separated (buttons of end boxes of different sizes), and refuses a point that does not parse in one line', () => {
    expect(parseDismissKey('click:0,17.3')).toBe('click:0,17.3');
    expect(parseDismissKey('click:0,17.3;0,18.95')).toBe('click:0,17.3;0,18.95');
    expect(parseDismissKey('click:-1.5,2;0,3;4,-0.5')).toBe('click:-1.5,2;0,3;4,-0.5');
    for (const bad of ['click:0,1;', 'click:;0,1', 'click:0', 'click:0,1;x,2', 'click:0,1+0,2', 'click:', 'Return;click:0', 'Return;click:']) {
      expect(() => parseDismissKey(bad), bad).toThrow(/^--dismiss (Return;)?click:.*: ".*" is no point DX,DY; write click:DX,DY, or click:DX,DY;DX2,DY2/);
      try {
        parseDismissKey(bad);
      } catch (err) {
        expect((err as Error).message, bad).not.toContain('\n');
      }
    }
  });
});
