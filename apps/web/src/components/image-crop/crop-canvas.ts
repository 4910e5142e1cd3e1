import { CROP_FILL, CROP_JPEG_QUALITY, cropTransform, type Area, type Size } from './crop-math.ts';

/**
 * The one step that needs a real browser: drawing the turned photo onto a canvas and encoding it.
 * A method of an object, so that tests under jsdom (whose canvas has no 2D context) replace it with
 * `vi.spyOn(cropCanvas, 'toJpeg')`; the arithmetic it runs is crop-math.ts, tested on its own.
 */
export const cropCanvas = {
  /**
   * The `crop` (pixels of the turned photo's bounding box) as a JPEG at spec 9's quality, on white:
   * JPEG has no transparency, and the corners a rotation uncovers or a png's clear parts would
   * otherwise turn black.
   */
  toJpeg(image: CanvasImageSource, natural: Size, degrees: number, crop: Area): Promise<Blob> {
    const canvas = document.createElement('canvas');
    canvas.width = crop.width;
    canvas.height = crop.height;
    const context = canvas.getContext('2d');
    if (!context) return Promise.reject(new Error('No 2D canvas context'));
    context.fillStyle = CROP_FILL;
    context.fillRect(0, 0, crop.width, crop.height);
    context.imageSmoothingQuality = 'high';
    context.setTransform(...cropTransform(natural, degrees, crop));
    context.drawImage(image, 0, 0, natural.width, natural.height);
    return new Promise((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded'))),
        'image/jpeg',
        CROP_JPEG_QUALITY,
      );
    });
  },
};
