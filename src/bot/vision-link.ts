// Connects the loop to the vision module: its reader, its renderer, and where a skin's face is.

import type { Region } from '../desktop/ports.js';
import { loadSkin } from '../vision/skin.js';
import { resolveX, resolveY } from '../vision/geometry.js';
import { renderBoard } from '../vision/render.js';
import type { RenderBoard } from '../desktop/simulated.js';
import type { Grid, ReadScreen } from './reading.js';

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
  const path = '../vision/read.js';
  try {
    const mod = (await import(path)) as { readScreen: ReadScreen };
    return mod.readScreen;
  } catch (err) {
    throw new Error(`the screen reader is not available: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  }
}
