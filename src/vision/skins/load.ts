// The thin I/O edge of vision: image files to RgbaImage (PNG, GIF frames, JPEG, WebP via
// sharp; BMP via jimp, since sharp has no BMP loader) and RgbaImage to PNG files; and PNG bytes
// to and from RgbaImage synchronously through pngjs (skin sprites load synchronously). sharp
// and jimp are imported only when a file needs them, so that loading a skin does not load them,
// and so that a sharp whose native libvips cannot load (Windows before 8.1 and Wine before 8.13
// lack bcryptprimitives.dll's ProcessPrng) fails only the commands that decode an image.

import { readFile, writeFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import type { RgbaImage } from '../image.js';
import { VisionError } from '../errors.js';

/** Decodes a PNG (any colour type and bit depth pngjs reads; 16-bit samples scaled to 8). */
export function decodePng(bytes: Uint8Array): RgbaImage {
  let png: PNG;
  try {
    png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (err) {
    throw new Error(`not a PNG file, or a damaged one: ${(err as Error).message}`);
  }
  // A plain Uint8Array over the decoded bytes (a Buffer's slice() would share memory).
  return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
}

/** Encodes RGBA as an 8-bit PNG (RGB when every pixel is opaque, else RGBA). */
export function encodePng(image: RgbaImage): Buffer {
  const { width, height, data } = image;
  let opaque = true;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) { opaque = false; break; }
  const png = new PNG({ width, height });
  png.data = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return PNG.sync.write(png, { colorType: opaque ? 2 : 6 });
}

export interface LoadOptions {
  /** Frame of an animated GIF (0-based). */
  frame?: number;
}

export interface LoadedImage extends RgbaImage {
  /** Frames in the file (1 unless an animated GIF/WebP). */
  frames: number;
}

export async function loadImage(file: string, options: LoadOptions = {}): Promise<LoadedImage> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new VisionError(code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file}: ${(err as Error).message}`);
  }
  const frame = options.frame ?? 0;
  if (!Number.isInteger(frame) || frame < 0) throw new VisionError(`frame must be a whole number >= 0, got ${options.frame}`);
  if (bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d) {
    if (frame !== 0) throw new VisionError(`${file} is a BMP with a single frame; --frame ${frame} is out of range`);
    return loadBmp(bytes, file);
  }
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes).metadata();
    const frames = meta.pages ?? 1;
    if (frame >= frames) throw new VisionError(`${file} has ${frames} frame${frames === 1 ? '' : 's'}; frame ${frame} is out of range`);
    const { data, info } = await sharp(bytes, frames > 1 ? { page: frame } : {})
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), frames };
  } catch (err) {
    if (err instanceof VisionError) throw err;
    throw new VisionError(`cannot decode ${file} as an image: ${(err as Error).message.split('\n')[0]}`);
  }
}

async function loadSharp(): Promise<typeof import('sharp')> {
  try {
    return (await import('sharp')).default;
  } catch (err) {
    const why = (err as Error).message.split('\n').slice(0, 2).join(': ');
    throw new VisionError(`cannot load sharp, the image decoder (PNG, GIF, JPEG, WebP): ${why}`);
  }
}

async function loadBmp(bytes: Buffer, file: string): Promise<LoadedImage> {
  try {
    const { Jimp } = await import('jimp');
    const img = await Jimp.fromBuffer(bytes);
    const { width, height, data } = img.bitmap;
    const out = new Uint8Array(data.length);
    out.set(data);
    // BMPs carry no useful alpha: make every pixel opaque.
    for (let i = 3; i < out.length; i += 4) out[i] = 255;
    return { width, height, data: out, frames: 1 };
  } catch (err) {
    throw new VisionError(`cannot decode ${file} as a BMP: ${(err as Error).message.split('\n')[0]}`);
  }
}

export async function savePng(image: RgbaImage, file: string): Promise<void> {
  await writeFile(file, encodePng(image));
}
