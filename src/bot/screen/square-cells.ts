// A game whose cells are not square, read stretched: before a live run the screen (or the named
// window) is looked at once, and when the board found there has cells clearly taller than wide or
// wider than tall (a canvas stretched to its window, 16 by 17 px), the run sees the desktop
// stretched along the cells' shorter side until they are square (desktop/stretched.ts). The
// reader, the learner and the loop work on square cells as always; the clicks land where the cells
// are, through the grab's pixel density. A board of square cells, or none found, leaves the
// desktop as it is.

import { clipRegion } from '../../desktop/region.js';
import type { Desktop, Region } from '../../desktop/ports.js';
import { stretchedDesktop } from '../../desktop/stretched.js';
import type { Stretch } from '../../core/stretch.js';
import { squaring, type Squaring } from '../../vision/locate/cell-aspect.js';
import { namedWindow } from './watch.js';

export interface SquaredDesktop {
  desktop: Desktop;
  /** The cells found and the stretch applied, or null when the desktop is seen as it is. */
  squaring: Squaring | null;
}

/** The desktop a live run reads: stretched when the board found has cells that are not square. */
export async function squaredDesktop(desktop: Desktop, windowTitle?: string): Promise<SquaredDesktop> {
  const grab = await desktop.screen.grab(await lookedAt(desktop, windowTitle));
  const found = squaring(grab.image);
  return found ? { desktop: stretchedDesktop(desktop, found.stretch), squaring: found } : { desktop, squaring: null };
}

/** The named window's region (the largest of that title), else the whole screen (undefined). */
async function lookedAt(desktop: Desktop, windowTitle?: string): Promise<Region | undefined> {
  if (windowTitle === undefined || !desktop.windows) return undefined;
  const w = namedWindow(await desktop.windows.list(), windowTitle);
  return w ? (clipRegion(w.region, await desktop.screen.size()) ?? undefined) : undefined;
}

/** What a run says when it reads the game stretched. */
export function squaredText(s: Squaring): string {
  return `its cells are ${s.cells.width.toFixed(1)} by ${s.cells.height.toFixed(1)} px, not square: read stretched ${stretchText(s.stretch)}`;
}

/** A stretch in words: "1.063 across", "1.050 down". */
export function stretchText(s: Stretch): string {
  return s.x >= s.y ? `${s.x.toFixed(3)} across` : `${s.y.toFixed(3)} down`;
}
