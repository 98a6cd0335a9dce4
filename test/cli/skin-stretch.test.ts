// A skin learned from a game whose cells are not square keeps the stretch it was read through
// (skin.json learned.stretch), so that later runs read the game the same way without measuring it
// again on a board that may not show it (a won board found in strips); a skin learned from square
// cells has none, and one saved again through no stretch drops it.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stamped } from '../../src/commands/live-io.js';
import { renderBoard } from '../../src/vision/draw/render.js';
import { learnSkin } from '../../src/vision/learn/learn.js';
import { loadSkin } from '../../src/vision/skins/skin.js';
import { saveSkin } from '../../src/vision/skins/skin-store.js';

function learned() {
  const board = { width: 9, height: 9, mines: 10, cells: new Uint8Array(81).fill(9) };
  const { image, grid } = renderBoard(board, 'xdemineur');
  return learnSkin('stretched', [{ name: 'fresh', image, board, grid }]).learned;
}

describe('the stretch a learned skin was read through', () => {
  it('is saved in skin.json and loaded back; saved again through none, it is gone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'minebot-stretch-'));
    const skin = learned();
    expect(skin.file.learned?.stretch).toBeUndefined();
    const folder = saveSkin(dir, stamped(skin, { x: 17 / 16, y: 1 }));
    expect(JSON.parse(readFileSync(path.join(folder, 'skin.json'), 'utf8')).learned.stretch).toEqual({ x: 17 / 16, y: 1 });
    const back = loadSkin('stretched', dir);
    expect(back.file.learned?.stretch).toEqual({ x: 17 / 16, y: 1 });
    saveSkin(dir, stamped(stamped(skin, { x: 17 / 16, y: 1 }), null));
    expect(loadSkin('stretched', dir).file.learned?.stretch).toBeUndefined();
    // (the skin itself is not changed by stamping)
    expect(skin.file.learned?.stretch).toBeUndefined();
  });
});
