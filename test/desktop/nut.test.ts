import { describe, expect, it } from 'vitest';
import { checkDisplay, DesktopError, pointsRegion, toRgba } from '../../src/desktop/nut.js';

describe('toRgba: nut.js grabs to plain RGBA', () => {
  it('swaps BGRA with alpha 0 to RGBA with alpha 255, skipping row padding', () => {
    // 2x2, rows padded to 12 bytes; pixels: red, green / blue, white (as B,G,R,A=0).
    const data = Uint8Array.from([0, 0, 255, 0, 0, 255, 0, 0, 9, 9, 9, 9, 255, 0, 0, 0, 255, 255, 255, 0, 9, 9, 9, 9]);
    const img = toRgba({ width: 2, height: 2, data, bitsPerPixel: 32, byteWidth: 12, colorMode: 0 });
    expect(Array.from(img.data)).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]);
  });

  it('reads 16-bit RGB565 pixels (2 bytes each, little-endian) on a 16-bit display', () => {
    const px = (r5: number, g6: number, b5: number) => {
      const v = (r5 << 11) | (g6 << 5) | b5;
      return [v & 255, v >> 8];
    };
    // #C0C0C0 in 565 is (24, 48, 24); pure colours use the full range.
    const data = Uint8Array.from([...px(31, 0, 0), ...px(0, 63, 0), ...px(0, 0, 31), ...px(24, 48, 24)]);
    const img = toRgba({ width: 4, height: 1, data, bitsPerPixel: 16, byteWidth: 8 });
    expect(Array.from(img.data)).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 198, 195, 198, 255]);
  });

  it('keeps RGB order when the image says so, and reads 24-bit pixels', () => {
    const img = toRgba({ width: 1, height: 1, data: Uint8Array.from([10, 20, 30]), bitsPerPixel: 24, byteWidth: 3, colorMode: 1 });
    expect(Array.from(img.data)).toEqual([10, 20, 30, 255]);
  });

  it('rejects a grab whose size does not add up, or a depth it cannot read', () => {
    expect(() => toRgba({ width: 2, height: 2, data: new Uint8Array(8), bitsPerPixel: 32, byteWidth: 8 })).toThrow(DesktopError);
    expect(() => toRgba({ width: 1, height: 1, data: new Uint8Array(1), bitsPerPixel: 8, byteWidth: 1 })).toThrow(/unsupported screen depth: 8/);
  });
});

describe('checkDisplay: a clear error instead of a segfault', () => {
  it('fails without DISPLAY on Linux', async () => {
    await expect(checkDisplay({}, 'linux')).rejects.toThrow(/no X display: DISPLAY is not set/);
  });
  it('fails when no X server listens on the display', async () => {
    await expect(checkDisplay({ DISPLAY: ':4711' }, 'linux')).rejects.toThrow(/no X server on DISPLAY=:4711/);
  });
  it('fails on a malformed DISPLAY', async () => {
    await expect(checkDisplay({ DISPLAY: 'nonsense' }, 'linux')).rejects.toThrow(/not a display name/);
  });
  it('does not ask on Windows and macOS', async () => {
    await expect(checkDisplay({}, 'win32')).resolves.toBeUndefined();
    await expect(checkDisplay({}, 'darwin')).resolves.toBeUndefined();
  });
});

describe('toRgba fast path', () => {
  it('gives the same pixels as the byte-by-byte path for aligned and unaligned BGRA rows', () => {
    const width = 7;
    const height = 3;
    const byteWidth = width * 4 + 4;
    const raw = new Uint8Array(byteWidth * height + 1);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 37 + 11) & 255;
    const aligned = toRgba({ width, height, data: raw.subarray(0, byteWidth * height), bitsPerPixel: 32, byteWidth, colorMode: 0 });
    const unaligned = toRgba({ width, height, data: raw.subarray(1), bitsPerPixel: 32, byteWidth, colorMode: 0 });
    for (const [img, off] of [[aligned, 0], [unaligned, 1]] as const) {
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const s = off + y * byteWidth + x * 4;
          const d = (y * width + x) * 4;
          expect([img.data[d], img.data[d + 1], img.data[d + 2], img.data[d + 3]]).toEqual([raw[s + 2], raw[s + 1], raw[s], 255]);
        }
      }
    }
  });
});

describe('pointsRegion: pixel regions to the logical points nut.js grabs', () => {
  it('is the identity at 100 %', () => {
    expect(pointsRegion({ left: 10, top: 20, width: 30, height: 40 }, { scaleX: 1, scaleY: 1 })).toEqual({
      points: { left: 10, top: 20, width: 30, height: 40 },
      origin: { left: 10, top: 20 },
    });
  });
  it('covers the pixel region at 125 % and 200 %, and says where the grab starts', () => {
    const r = pointsRegion({ left: 101, top: 51, width: 250, height: 99 }, { scaleX: 1.25, scaleY: 1.25 });
    expect(r.points).toEqual({ left: 80, top: 40, width: 201, height: 80 });
    expect(r.origin).toEqual({ left: 100, top: 50 });
    // The grab (origin + points * density) contains the asked-for pixels.
    expect(r.origin.left).toBeLessThanOrEqual(101);
    expect(r.origin.left + r.points.width * 1.25).toBeGreaterThanOrEqual(101 + 250);
    const d = pointsRegion({ left: 0, top: 0, width: 3, height: 3 }, { scaleX: 2, scaleY: 2 });
    expect(d.points).toEqual({ left: 0, top: 0, width: 2, height: 2 });
  });
});
