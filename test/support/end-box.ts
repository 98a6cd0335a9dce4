// An end box a page draws over its game: the page dimmed to half under it, the box see-through
// (its colour blended over the dimmed page), as gobitobi/minesweeper-vanillaJS draws its "You
// Win!"/"You Lose..." (for tests of games whose end box comes over the board).
import type { Region, RgbaImage } from '../../src/desktop/ports.js';

/** Whether point `p` (screen pixels) lies in `r`. */
export function inRegion(r: Region, p: { x: number; y: number }): boolean {
  return p.x >= r.left && p.x < r.left + r.width && p.y >= r.top && p.y < r.top + r.height;
}

/**
 * Dims `image`, a window's frame whose top-left lies at `at` on the screen, to half, and blends
 * `colour` over it inside `box` (screen pixels; none: the dimming alone).
 */
export function dimUnderBox(image: RgbaImage, at: { left: number; top: number }, box: Region | null, colour: readonly number[]): void {
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      const over = box !== null && inRegion(box, { x: x + at.left, y: y + at.top });
      for (let c = 0; c < 3; c++) image.data[i + c] = over ? Math.round((image.data[i + c]! / 2 + colour[c]!) / 2) : Math.round(image.data[i + c]! / 2);
    }
  }
}
