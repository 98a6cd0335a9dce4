// The image every layer passes around: what a screen grab holds, what vision reads and renders.
// vision/image.ts has the pixel operations on it; desktop/ports.ts hands it over in a Grab.

/** An image as rows of RGBA bytes (alpha 255 for screen pixels), width*height*4 bytes. */
export interface RgbaImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, row-major, no padding. */
  data: Uint8Array;
}
