/** Typed failures of the vision and studio image engines; callers map them to failed items. */
export class VisionError extends Error {
  constructor(
    readonly code: 'no_face' | 'unreadable_image',
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The image decoded but no face passed the detector's confidence threshold. */
export class NoFaceError extends VisionError {
  constructor(message = 'no face found in the image') {
    super('no_face', message);
  }
}

/** The bytes are not an image sharp can decode (or exceed the pixel limit). */
export class ImageDecodeError extends VisionError {
  constructor(message: string) {
    super('unreadable_image', message);
  }
}
