// Arithmetic on the ports' screen regions and points: pixel to point, clipping to the screen.

import type { PixelDensity, Point, Region } from './ports.js';

/** Turns a pixel centre (physical) into the logical point to click. */
export function toPoint(pixelX: number, pixelY: number, density: PixelDensity): Point {
  return { x: Math.round(pixelX / density.scaleX), y: Math.round(pixelY / density.scaleY) };
}

/** Clips a region to a screen; returns null if nothing is left. */
export function clipRegion(region: Region, size: { width: number; height: number }): Region | null {
  const left = Math.max(0, Math.floor(region.left));
  const top = Math.max(0, Math.floor(region.top));
  const right = Math.min(size.width, Math.ceil(region.left + region.width));
  const bottom = Math.min(size.height, Math.ceil(region.top + region.height));
  if (right <= left || bottom <= top) return null;
  return { left, top, width: right - left, height: bottom - top };
}
