/**
 * The arithmetic of cropping a photo (spec 3 "Crop data", spec 9 "Image crop"), kept apart from
 * the browser so that it is tested whole: the cropper reports the chosen area in percentages of
 * the rotated photo's bounding box; these turn that into pixels of the original and into the one
 * canvas transform that draws the rotated original so that exactly that area fills the output.
 */

export interface Size {
  width: number;
  height: number;
}

/** A rectangle from its top-left corner: percentages (0..100) or pixels, as the name says. */
export interface Area extends Size {
  x: number;
  y: number;
}

/** Where a crop lies (spec 3 'Crop data'): in percentages of the turned original and in its pixels. */
export interface CropData {
  percent: Area;
  pixels: Area;
}

export interface Range {
  min: number;
  max: number;
  step: number;
}

// Spec 9: the controls' ranges and the output's encoding.
export const CROP_ZOOM: Range = { min: 1, max: 3, step: 0.1 };
export const CROP_ROTATION: Range = { min: -180, max: 180, step: 1 };
export const CROP_ASPECT: Range = { min: 0.5, max: 2, step: 0.01 };
export const CROP_JPEG_QUALITY = 0.4;
export const CROP_FILL = '#ffffff';

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png']);
const PHOTO_EXTENSION = /\.(jpe?g|png)$/i;

/**
 * Whether a chosen file is a photo the cropper takes (jpeg or png). Videos and anything else go
 * past it unchanged. The extension decides only when the browser reported no type.
 */
export function isCroppable(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type ? PHOTO_TYPES.has(file.type) : PHOTO_EXTENSION.test(file.name);
}

/** The original's name with `.jpg` for whatever extension it had: the output is always a JPEG. */
export function croppedFileName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'image'}.jpg`;
}

/** A value brought into a range and onto its steps (so 1.2000000000000002 reads 1.2). */
export function snap(value: number, range: Range): number {
  const clamped = Math.min(range.max, Math.max(range.min, value));
  const steps = Math.round((clamped - range.min) / range.step);
  const decimals = (String(range.step).split('.')[1] ?? '').length;
  return Number((range.min + steps * range.step).toFixed(decimals));
}

/**
 * The aspect the crop starts with: the photo's own where the range allows, so that Done without
 * touching anything keeps the whole photo; a panorama or a tall shot starts at the nearest limit.
 */
export function startingAspect(natural: Size): number {
  return natural.width > 0 && natural.height > 0 ? snap(natural.width / natural.height, CROP_ASPECT) : 1;
}

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** The bounding box of a rectangle turned by `degrees` about its centre. */
export function rotatedSize(size: Size, degrees: number): Size {
  const cos = Math.abs(Math.cos(radians(degrees)));
  const sin = Math.abs(Math.sin(radians(degrees)));
  return { width: size.width * cos + size.height * sin, height: size.width * sin + size.height * cos };
}

/**
 * The crop in whole pixels of the rotated original's bounding box, from the cropper's percentages
 * of that box: at least one pixel each way and never past the box's edges.
 */
export function pixelCrop(percentages: Area, natural: Size, degrees: number): Area {
  const box = rotatedSize(natural, degrees);
  const boxWidth = Math.max(1, Math.round(box.width));
  const boxHeight = Math.max(1, Math.round(box.height));
  const width = Math.min(boxWidth, Math.max(1, Math.round((percentages.width * box.width) / 100)));
  const height = Math.min(boxHeight, Math.max(1, Math.round((percentages.height * box.height) / 100)));
  const x = Math.min(boxWidth - width, Math.max(0, Math.round((percentages.x * box.width) / 100)));
  const y = Math.min(boxHeight - height, Math.max(0, Math.round((percentages.y * box.height) / 100)));
  return { x, y, width, height };
}

/** A 2D affine transform as canvas `setTransform(a, b, c, d, e, f)` takes it. */
export type Transform = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

/**
 * Maps a point of the original (as drawn at 0,0) to the output canvas: turn about the original's
 * centre, place that centre at the bounding box's centre, then shift the crop's corner to 0,0.
 * Rotation is clockwise on screen for positive degrees, as the cropper shows it.
 */
export function cropTransform(natural: Size, degrees: number, crop: Area): Transform {
  const cos = Math.cos(radians(degrees));
  const sin = Math.sin(radians(degrees));
  const box = rotatedSize(natural, degrees);
  const halfWidth = natural.width / 2;
  const halfHeight = natural.height / 2;
  return [
    cos,
    sin,
    -sin,
    cos,
    -cos * halfWidth + sin * halfHeight + box.width / 2 - crop.x,
    -sin * halfWidth - cos * halfHeight + box.height / 2 - crop.y,
  ];
}

/** Where `cropTransform` puts a point of the original: what the canvas does, for tests and checks. */
export function applyTransform(
  [a, b, c, d, e, f]: Transform,
  point: { x: number; y: number },
): { x: number; y: number } {
  return { x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f };
}
