import { describe, expect, it } from 'vitest';
import {
  applyTransform,
  CROP_ASPECT,
  CROP_ROTATION,
  CROP_ZOOM,
  cropTransform,
  croppedFileName,
  isCroppable,
  pixelCrop,
  rotatedSize,
  snap,
  startingAspect,
} from './crop-math.ts';

const photo = { width: 4000, height: 3000 };

function expectPoint(actual: { x: number; y: number }, expected: { x: number; y: number }) {
  expect(actual.x).toBeCloseTo(expected.x, 6);
  expect(actual.y).toBeCloseTo(expected.y, 6);
}

describe('the controls of spec 9', () => {
  it('offer zoom 1..3 by 0.1, rotation -180..180 by 1 and aspect 0.5..2 by 0.01', () => {
    expect(CROP_ZOOM).toEqual({ min: 1, max: 3, step: 0.1 });
    expect(CROP_ROTATION).toEqual({ min: -180, max: 180, step: 1 });
    expect(CROP_ASPECT).toEqual({ min: 0.5, max: 2, step: 0.01 });
  });

  it('snap a value into its range and onto its steps', () => {
    expect(snap(1.2000000000000002, CROP_ZOOM)).toBe(1.2);
    expect(snap(5, CROP_ZOOM)).toBe(3);
    expect(snap(0.123, CROP_ASPECT)).toBe(0.5);
    expect(snap(1.3333, CROP_ASPECT)).toBe(1.33);
    expect(snap(-200, CROP_ROTATION)).toBe(-180);
    expect(snap(44.6, CROP_ROTATION)).toBe(45);
  });

  it("start at the photo's own aspect, or the nearest limit of the range", () => {
    expect(startingAspect(photo)).toBe(1.33);
    expect(startingAspect({ width: 1000, height: 100 })).toBe(2);
    expect(startingAspect({ width: 100, height: 1000 })).toBe(0.5);
    expect(startingAspect({ width: 0, height: 0 })).toBe(1);
  });
});

describe('which files are cropped', () => {
  it('takes jpeg and png photos and lets videos and other files pass', () => {
    expect(isCroppable({ name: 'a.jpg', type: 'image/jpeg' })).toBe(true);
    expect(isCroppable({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isCroppable({ name: 'a.mp4', type: 'video/mp4' })).toBe(false);
    expect(isCroppable({ name: 'a.gif', type: 'image/gif' })).toBe(false);
    // A browser that reports no type: the extension decides.
    expect(isCroppable({ name: 'A.JPEG', type: '' })).toBe(true);
    expect(isCroppable({ name: 'clip.mp4', type: '' })).toBe(false);
  });

  it('names the output after the original with .jpg', () => {
    expect(croppedFileName('station.png')).toBe('station.jpg');
    expect(croppedFileName('photo.JPEG')).toBe('photo.jpg');
    expect(croppedFileName('front.view.jpg')).toBe('front.view.jpg');
    expect(croppedFileName('no-extension')).toBe('no-extension.jpg');
    expect(croppedFileName('.png')).toBe('image.jpg');
  });
});

describe('rotatedSize', () => {
  it('is the photo itself at 0 and 180 degrees and swapped at 90 and -90', () => {
    expect(rotatedSize(photo, 0)).toEqual(photo);
    const half = rotatedSize(photo, 180);
    expect(half.width).toBeCloseTo(4000, 6);
    expect(half.height).toBeCloseTo(3000, 6);
    for (const degrees of [90, -90]) {
      const turned = rotatedSize(photo, degrees);
      expect(turned.width).toBeCloseTo(3000, 6);
      expect(turned.height).toBeCloseTo(4000, 6);
    }
  });

  it('grows to hold the corners of a turned square', () => {
    const box = rotatedSize({ width: 100, height: 100 }, 45);
    expect(box.width).toBeCloseTo(100 * Math.SQRT2, 6);
    expect(box.height).toBeCloseTo(100 * Math.SQRT2, 6);
    expect(rotatedSize(photo, -30)).toEqual(rotatedSize(photo, 30));
  });
});

/** An area by its corner and size: percentages of the photo going into pixelCrop, pixels coming out. */
const area = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

describe('pixelCrop', () => {
  it('turns percentages of the unturned photo into its pixels', () => {
    expect(pixelCrop(area(0, 0, 100, 100), photo, 0)).toEqual(area(0, 0, 4000, 3000));
    expect(pixelCrop(area(25, 10, 50, 33.3333), photo, 0)).toEqual(area(1000, 300, 2000, 1000));
  });

  it('measures a turned photo in its bounding box', () => {
    // At 90 degrees the box is 3000 wide and 4000 high.
    expect(pixelCrop(area(10, 25, 50, 50), photo, 90)).toEqual(area(300, 1000, 1500, 2000));
    const square = { width: 100, height: 100 };
    const box = rotatedSize(square, 45);
    expect(pixelCrop(area(0, 0, 100, 100), square, 45)).toEqual(
      area(0, 0, Math.round(box.width), Math.round(box.height)),
    );
  });

  it('keeps the area inside the box and at least a pixel each way', () => {
    expect(pixelCrop(area(80, -5, 50, 120), photo, 0)).toEqual(area(2000, 0, 2000, 3000));
    expect(pixelCrop(area(0, 0, 0, 0.001), photo, 0)).toEqual(area(0, 0, 1, 1));
  });
});

describe('cropTransform', () => {
  it("puts the crop's corner of an unturned photo at the output's origin", () => {
    const crop = { x: 100, y: 50, width: 200, height: 100 };
    const transform = cropTransform(photo, 0, crop);
    expectPoint(applyTransform(transform, { x: 100, y: 50 }), { x: 0, y: 0 });
    expectPoint(applyTransform(transform, { x: 300, y: 150 }), { x: 200, y: 100 });
  });

  it("turns clockwise: at 90 degrees the photo's top-left corner is the box's top-right", () => {
    const whole = { x: 0, y: 0, width: 3000, height: 4000 };
    const transform = cropTransform(photo, 90, whole);
    expectPoint(applyTransform(transform, { x: 0, y: 0 }), { x: 3000, y: 0 });
    expectPoint(applyTransform(transform, { x: 4000, y: 3000 }), { x: 0, y: 4000 });
    // Counter-clockwise: the top-left corner goes to the bottom-left.
    expectPoint(applyTransform(cropTransform(photo, -90, whole), { x: 0, y: 0 }), { x: 0, y: 4000 });
  });

  it('turns the photo upside down at 180 degrees', () => {
    const transform = cropTransform(photo, 180, { x: 0, y: 0, ...photo });
    expectPoint(applyTransform(transform, { x: 0, y: 0 }), { x: 4000, y: 3000 });
    expectPoint(applyTransform(transform, { x: 4000, y: 0 }), { x: 0, y: 3000 });
  });

  it('keeps every corner of a turned photo inside its box, the top-left one on the top edge', () => {
    const square = { width: 100, height: 100 };
    const box = rotatedSize(square, 45);
    const transform = cropTransform(square, 45, { x: 0, y: 0, ...box });
    expectPoint(applyTransform(transform, { x: 0, y: 0 }), { x: box.width / 2, y: 0 });
    expectPoint(applyTransform(transform, { x: 100, y: 100 }), { x: box.width / 2, y: box.height });
  });

  it("places the photo's centre at the box's centre, less the crop's corner, at any angle", () => {
    for (const degrees of [-180, -73, 0, 17, 90, 135]) {
      const box = rotatedSize(photo, degrees);
      const crop = { x: 120, y: 80, width: 500, height: 400 };
      const centre = applyTransform(cropTransform(photo, degrees, crop), { x: 2000, y: 1500 });
      expectPoint(centre, { x: box.width / 2 - 120, y: box.height / 2 - 80 });
    }
  });
});
