// The desktop seen stretched (desktop/stretched.ts): what a game whose cells are not square is
// read through. A stretched pixel is the same whichever region is grabbed (the loop compares crops
// of a frame with the whole), a flat area stays its colour, a line moves with the stretch, and a
// point clicked at a stretched pixel lands on the screen pixel it was drawn from.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stretchImage } from '../../src/core/stretch.js';
import type { Desktop, Grab, Region } from '../../src/desktop/ports.js';
import { toPoint } from '../../src/desktop/region.js';
import { stretchedDesktop } from '../../src/desktop/stretched.js';
import { createImage, fillRect, type RgbaImage } from '../../src/vision/image.js';

/** A desktop that shows one image and lists one window over part of it. */
function still(image: RgbaImage): Desktop {
  const grab = async (r?: Region): Promise<Grab> => {
    const region = r ?? { left: 0, top: 0, width: image.width, height: image.height };
    const data = new Uint8Array(region.width * region.height * 4);
    for (let y = 0; y < region.height; y++) data.set(image.data.subarray(((region.top + y) * image.width + region.left) * 4, ((region.top + y) * image.width + region.left + region.width) * 4), y * region.width * 4);
    return { image: { width: region.width, height: region.height, data }, region, pixelDensity: { scaleX: 1, scaleY: 1 } };
  };
  return {
    screen: { size: async () => ({ width: image.width, height: image.height }), grab },
    pointer: { position: async () => ({ x: 0, y: 0 }), move: async () => undefined, click: async () => undefined },
    keyboard: { press: async () => undefined },
    clock: { now: () => 0, sleep: async () => undefined },
    windows: { list: async () => [{ handle: 1, title: 'Game', region: { left: 10, top: 20, width: 30, height: 40 } }] },
    kind: 'still',
  };
}

/** Noise with a 1-px black line at x = 40 and y = 30. */
function picture(): RgbaImage {
  const img = createImage(120, 90, [200, 200, 200]);
  let v = 7;
  for (let i = 0; i < img.data.length; i += 4) {
    v = (v * 1103515245 + 12345) & 0x7fffffff;
    img.data[i] = v & 255;
    img.data[i + 1] = (v >> 8) & 255;
    img.data[i + 2] = (v >> 16) & 255;
  }
  fillRect(img, 40, 0, 41, 90, [0, 0, 0]);
  fillRect(img, 0, 30, 120, 31, [0, 0, 0]);
  return img;
}

function crop(img: RgbaImage, r: Region): Uint8Array {
  const out = new Uint8Array(r.width * r.height * 4);
  for (let y = 0; y < r.height; y++) out.set(img.data.subarray(((r.top + y) * img.width + r.left) * 4, ((r.top + y) * img.width + r.left + r.width) * 4), y * r.width * 4);
  return out;
}

describe('a desktop seen stretched', () => {
  it('a region grabbed holds the same pixels as that part of the whole screen grabbed', async () => {
    const d0 = still(picture());
    await fc.assert(
      fc.asyncProperty(fc.double({ min: 0.8, max: 1.5, noNaN: true }), fc.double({ min: 0.8, max: 1.5, noNaN: true }), fc.nat(60), fc.nat(40), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 40 }), async (sx, sy, left, top, width, height) => {
        const d = stretchedDesktop(d0, { x: sx, y: sy });
        const size = await d.screen.size();
        expect(size).toEqual({ width: Math.floor(120 * sx), height: Math.floor(90 * sy) });
        const whole = await d.screen.grab();
        const r = { left: Math.min(left, size.width - 1), top: Math.min(top, size.height - 1), width: 0, height: 0 };
        r.width = Math.min(width, size.width - r.left);
        r.height = Math.min(height, size.height - r.top);
        const part = await d.screen.grab(r);
        expect(part.region).toEqual(r);
        expect(Buffer.from(part.image.data).equals(Buffer.from(crop(whole.image, r)))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('a flat area keeps its colour, and a line lies where the stretch puts it', () => {
    const img = createImage(50, 40, [90, 120, 150]);
    fillRect(img, 20, 0, 21, 40, [0, 0, 0]);
    const out = stretchImage(img, { x: 1.5, y: 1 });
    expect(out.width).toBe(75);
    const row = Array.from({ length: out.width }, (_, x) => out.data[(10 * out.width + x) * 4]!);
    expect(row[5]).toBe(90);
    expect(row[70]).toBe(90);
    // the line's centre, 20.5 on the screen, lies at 30.75 stretched: its darkest pixel is 30
    const darkest = row.indexOf(Math.min(...row));
    expect(darkest).toBe(30);
  });

  it('a stretched pixel clicked lands on the screen pixel it was drawn from; window regions are stretched', async () => {
    const d = stretchedDesktop(still(picture()), { x: 17 / 16, y: 1 });
    const g = await d.screen.grab();
    expect(g.pixelDensity.scaleX).toBeCloseTo(17 / 16, 9);
    for (const x of [0, 16, 17, 50, 100]) {
      const real = Math.round(x * (17 / 16));
      expect(toPoint(real, 7, g.pixelDensity)).toEqual({ x, y: 7 });
    }
    expect((await d.windows!.list())[0]!.region).toEqual({ left: 11, top: 20, width: 32, height: 40 });
  });

  it('a stretch that is not positive is refused', () => {
    expect(() => stretchedDesktop(still(picture()), { x: 0, y: 1 })).toThrow(/positive/);
  });
});
