// A desktop seen stretched: every grab resampled by a factor per axis, so that a game whose cells
// are not square (a canvas stretched to its window, table rows a pixel taller than their columns
// are wide) shows square cells to the reader, which knows only those. Pointer and keyboard pass
// through untouched: the stretch is folded into the grab's pixel density (pixels per logical
// point), so the one pixel-to-point conversion (region.ts toPoint) clicks where the cell really is.

import { resample, sourceOf, type Stretch } from '../core/stretch.js';
import type { Desktop, Grab, Region, Screen, WindowInfo, Windows } from './ports.js';

/** The desktop seen through `stretch`: grabs, sizes and window regions in stretched pixels. */
export function stretchedDesktop(inner: Desktop, stretch: Stretch): Desktop {
  if (!(stretch.x > 0 && stretch.y > 0)) throw new RangeError(`a stretch must be positive, not ${stretch.x} by ${stretch.y}`);
  const screen: Screen = {
    size: async () => scaledSize(await inner.screen.size(), stretch),
    grab: async (region) => stretchedGrab(inner, stretch, region),
  };
  const windows: Windows | undefined = inner.windows && {
    list: async () => (await inner.windows!.list()).map((w): WindowInfo => ({ ...w, region: scaledRegion(w.region, stretch) })),
  };
  return { screen, pointer: inner.pointer, keyboard: inner.keyboard, clock: inner.clock, kind: inner.kind, ...(windows ? { windows } : {}) };
}

function scaledSize(size: { width: number; height: number }, s: Stretch): { width: number; height: number } {
  return { width: Math.floor(size.width * s.x), height: Math.floor(size.height * s.y) };
}

/** A screen region in stretched pixels (whole pixels, covering it). */
function scaledRegion(r: Region, s: Stretch): Region {
  const left = Math.round(r.left * s.x), top = Math.round(r.top * s.y);
  return { left, top, width: Math.round((r.left + r.width) * s.x) - left, height: Math.round((r.top + r.height) * s.y) - top };
}

async function stretchedGrab(inner: Desktop, s: Stretch, region?: Region): Promise<Grab> {
  const real = await inner.screen.size();
  const view = scaledSize(real, s);
  const want = region ?? { left: 0, top: 0, ...view };
  // the screen pixels the stretched region is drawn from (one more each side for blending)
  const x0 = Math.max(0, Math.floor(sourceOf(want.left, s.x))), y0 = Math.max(0, Math.floor(sourceOf(want.top, s.y)));
  const x1 = Math.min(real.width, Math.ceil(sourceOf(want.left + want.width - 1, s.x)) + 1);
  const y1 = Math.min(real.height, Math.ceil(sourceOf(want.top + want.height - 1, s.y)) + 1);
  const g = await inner.screen.grab({ left: x0, top: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) });
  const image = resample(g.image, g.region, want, s);
  return { image, region: { ...want }, pixelDensity: { scaleX: g.pixelDensity.scaleX * s.x, scaleY: g.pixelDensity.scaleY * s.y } };
}

