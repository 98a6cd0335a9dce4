// The synchronous PNG codec of vision/skins/load.ts (pngjs underneath): the PNG shapes other tools
// write (palette at 1-8 bits, with tRNS transparency; grey at 1-16 bits; grey with alpha; 16-bit
// RGB and RGBA; interlaced) decode to the RGBA pixels they hold. The test PNGs are made here, by
// sharp (libvips) or by hand, and decodes are checked against sharp's own decoder too.
import { describe, expect, it } from 'vitest';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { decodePng, encodePng } from '../../src/vision/skins/load.js';
import { createImage, type RgbaImage } from '../../src/vision/image.js';

/** An RGBA image of w x h whose pixel (x, y) is colours[(x + 2y) % n]. */
function pattern(w: number, h: number, colours: [number, number, number, number][]): RgbaImage {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set(colours[(x + 2 * y) % colours.length]!, (y * w + x) * 4);
  return { width: w, height: h, data };
}

/** The colour type and bit depth a PNG's header declares. */
function header(png: Uint8Array): { colourType: number; depth: number; interlace: number } {
  return { depth: png[24]!, colourType: png[25]!, interlace: png[28]! };
}

/** The same bytes decoded by sharp (libspng), as RGBA. */
async function sharpRgba(png: Uint8Array): Promise<Uint8Array> {
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

const raw = (img: RgbaImage) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } });

/**
 * A PNG put together chunk by chunk, with samples chosen here (sharp writes neither grey below
 * 8 bits nor 16-bit samples of our choosing); `extra` chunks (PLTE, tRNS) go before the data.
 */
function handMade(width: number, height: number, depth: number, colourType: number, rows: number[][], extra: [string, number[]][] = []): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = colourType;
  const scan = Buffer.from(rows.flatMap((r) => [0, ...r])); // filter 0 before every row
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    ...extra.map(([type, data]) => chunk(type, Buffer.from(data))),
    chunk('IDAT', deflateSync(scan)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('PNG codec', () => {
  it('round-trips RGB and RGBA images, writing RGB when every pixel is opaque', () => {
    const img = createImage(7, 5, [10, 200, 30]);
    img.data[4 * 3 + 0] = 255;
    const rgb = encodePng(img);
    expect(header(rgb)).toEqual({ depth: 8, colourType: 2, interlace: 0 });
    expect(decodePng(rgb)).toEqual({ width: 7, height: 5, data: img.data });
    img.data[3] = 128; // one translucent pixel → RGBA
    const rgba = encodePng(img);
    expect(header(rgba).colourType).toBe(6);
    expect(decodePng(rgba)).toEqual({ width: 7, height: 5, data: img.data });
  });

  it('gives a plain Uint8Array that copies on slice (not a Buffer view)', () => {
    const back = decodePng(encodePng(createImage(3, 2, [1, 2, 3])));
    expect(Object.getPrototypeOf(back.data)).toBe(Uint8Array.prototype);
    const copy = back.data.slice();
    copy[0] = 99;
    expect(back.data[0]).toBe(1);
  });

  it.each([
    [2, 1],
    [4, 2],
    [16, 4],
    [256, 8],
  ])('reads %i-colour palette PNGs as sharp writes them (%i bits per pixel)', async (n, bits) => {
    const colours: [number, number, number, number][] = [[0, 0, 0, 0]];
    for (let k = 1; k < n; k++) colours.push([(k * 37) % 256, (k * 91) % 256, (k * 53 + 7) % 256, 255]);
    const img = pattern(23, 17, colours);
    const png = await raw(img).png({ palette: true, colours: n, dither: 0, effort: 10 }).toBuffer();
    expect(header(png)).toMatchObject({ colourType: 3, depth: bits });
    const back = decodePng(png);
    expect([back.width, back.height]).toEqual([23, 17]);
    expect(Array.from(back.data)).toEqual(Array.from(await sharpRgba(png)));
  });

  it('reads a 2-bit palette PNG made by hand, its tRNS alpha included', async () => {
    const plte = [255, 0, 0, 0, 0, 255, 10, 20, 30, 0, 0, 0];
    const png = handMade(5, 1, 2, 3, [[0b00011011, 0b01000000]], [['PLTE', plte], ['tRNS', [255, 128, 255, 0]]]);
    const back = decodePng(png);
    expect(Array.from(back.data)).toEqual([255, 0, 0, 255, 0, 0, 255, 128, 10, 20, 30, 255, 0, 0, 0, 0, 0, 0, 255, 128]);
    expect(back.data).toEqual(await sharpRgba(png));
  });

  it('reads 8-bit grey and grey-with-alpha PNGs', async () => {
    const greys: [number, number, number, number][] = [0, 17, 128, 200, 255].map((g) => [g, g, g, 255]);
    const img = pattern(9, 6, greys);
    const grey = await raw(img).removeAlpha().toColourspace('b-w').png().toBuffer();
    expect(header(grey)).toMatchObject({ colourType: 0, depth: 8 });
    expect(decodePng(grey).data).toEqual(img.data);
    img.data[3] = 40; // one translucent pixel
    const greyAlpha = await raw(img).toColourspace('b-w').png().toBuffer();
    expect(header(greyAlpha)).toMatchObject({ colourType: 4, depth: 8 });
    expect(decodePng(greyAlpha).data).toEqual(img.data);
    expect(decodePng(greyAlpha).data).toEqual(await sharpRgba(greyAlpha));
  });

  it.each([
    [1, [[0b10110000]], [255, 0, 255, 255]],
    [2, [[0b00011011]], [0, 85, 170, 255]],
    [4, [[0x0f, 0x58]], [0, 255, 85, 136]],
  ])('reads %i-bit grey PNGs, scaling samples to 0-255', async (depth, rows, greys) => {
    const png = handMade(4, 1, depth, 0, rows);
    const back = decodePng(png);
    expect(back.width).toBe(4);
    expect(Array.from(back.data)).toEqual(greys.flatMap((g) => [g, g, g, 255]));
    expect(back.data).toEqual(await sharpRgba(png));
  });

  it('reads 16-bit RGB, RGBA and grey PNGs, to 8 bits per sample', async () => {
    // Samples k*257 are exactly k in 8 bits; 0x8000 and 0x7f7f round to 128 and 127.
    const be = (...v: number[]) => v.flatMap((x) => [x >> 8, x & 255]);
    const rgb = handMade(3, 1, 16, 2, [be(0xffff, 0x0000, 0xc0c0, 0x0101, 0xfefe, 0x8000, 0x7f7f, 0x4d4d, 0x0000)]);
    expect(header(rgb)).toMatchObject({ colourType: 2, depth: 16 });
    expect(Array.from(decodePng(rgb).data)).toEqual([255, 0, 192, 255, 1, 254, 128, 255, 127, 77, 0, 255]);
    expect(decodePng(rgb).data).toEqual(await sharpRgba(rgb));
    const rgba = handMade(2, 1, 16, 6, [be(0x0000, 0x0000, 0xffff, 0xffff, 0xc0c0, 0xc0c0, 0xc0c0, 0x6464)]);
    expect(Array.from(decodePng(rgba).data)).toEqual([0, 0, 255, 255, 192, 192, 192, 100]);
    const grey = handMade(4, 1, 16, 0, [be(0x0000, 0x0303, 0xfefe, 0xffff)]);
    expect(Array.from(decodePng(grey).data)).toEqual([0, 3, 254, 255].flatMap((g) => [g, g, g, 255]));
    expect(decodePng(grey).data).toEqual(await sharpRgba(grey));
  });

  it('reads interlaced (Adam7) PNGs', async () => {
    const img = pattern(13, 11, [
      [250, 0, 0, 255],
      [0, 250, 0, 255],
      [0, 0, 250, 255],
    ]);
    const png = await raw(img).png({ progressive: true }).toBuffer();
    expect(header(png).interlace).toBe(1);
    expect(decodePng(png).data).toEqual(img.data);
  });

  it('rejects what is not a PNG, and a PNG whose data is damaged', () => {
    expect(() => decodePng(Buffer.from('hello world'))).toThrow(/not a PNG/);
    const png = encodePng(pattern(8, 8, [[1, 2, 3, 255], [200, 100, 0, 255]]));
    const damaged = Buffer.from(png);
    damaged[40] ^= 0xff; // inside the image data: the chunk's checksum no longer agrees
    expect(() => decodePng(damaged)).toThrow(/not a PNG file, or a damaged one/);
  });
});
