// Errors of the vision module: no board in the image, unknown or broken skin, unreadable image.

export class VisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VisionError';
  }
}
