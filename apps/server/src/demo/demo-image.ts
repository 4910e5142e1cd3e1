import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { png, type Rgb } from '../lib/png.ts';
import { randomToken } from '../lib/secrets.ts';
import { INCOMING_FOLDER } from '../lib/upload-temp-files.ts';

/*
 * Pictures for the demo, drawn here rather than shipped: a station photo (a charger of the
 * merchant's colour on a parking lot under the sky) as a real PNG, and simple SVG icons for the
 * infrastructure around stations.
 */

const WIDTH = 480;
const HEIGHT = 320;

const inside = (x: number, y: number, left: number, top: number, right: number, bottom: number) =>
  x >= left && x < right && y >= top && y < bottom;

/** A station photo: its body in `colour`, placed by `variant` so the photos of one merchant differ. */
export function stationPhoto(colour: Rgb, variant: number): Buffer {
  const left = 120 + (variant % 5) * 50;
  const horizon = 210 + (variant % 3) * 10;
  return png(WIDTH, HEIGHT, (x, y) => {
    if (inside(x, y, left + 14, 70, left + 66, 112)) return [24, 32, 40]; // screen
    if (inside(x, y, left + 30, 126, left + 50, 138)) return [250, 250, 250]; // the logo plate
    if (inside(x, y, left, 50, left + 80, 250)) return colour;
    if (inside(x, y, left + 80, 120, left + 88, 236)) return [30, 30, 30]; // cable
    if (y >= horizon) return (x + 40) % 120 < 6 && y > 260 ? [235, 235, 235] : [88, 90, 96]; // asphalt, parking lines
    const sky = y / horizon;
    return [Math.round(120 + 100 * sky), Math.round(180 + 50 * sky), Math.round(235 + 15 * sky)];
  });
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">${body}</svg>`;

/** Icons of the demo's infrastructure items, by the item's English title. */
export const ICONS = {
  cafe: svg(
    '<path d="M4 8h13v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z"/><path d="M17 9h2a2 2 0 0 1 0 4h-2"/><path d="M8 2v3M12 2v3"/>',
  ),
  wifi: svg(
    '<path d="M2 9a15 15 0 0 1 20 0"/><path d="M5 13a10 10 0 0 1 14 0"/><path d="M8.5 16.5a5 5 0 0 1 7 0"/><circle cx="12" cy="20" r="1"/>',
  ),
  parking: svg('<rect x="3" y="3" width="18" height="18" rx="2"/><path d="M9 17V7h4a3 3 0 0 1 0 6H9"/>'),
  toilet: svg(
    '<circle cx="7" cy="5" r="2"/><circle cx="17" cy="5" r="2"/><path d="M5 22v-7H4l1-6h4l1 6H9v7M15 22V9h4v13"/>',
  ),
  shop: svg('<path d="M3 9l2-5h14l2 5"/><path d="M4 9v11h16V9"/><path d="M9 20v-6h6v6"/>'),
} as const;

/** A promotion's picture, 16:9 as the form crops it: a band of `colour` fading to white, a white tag on it. */
export function promotionPicture(colour: Rgb): Buffer {
  return png(480, 270, (x, y) => {
    if (inside(x, y, 300, 70, 420, 200) && (x - 300 + (y - 70)) % 24 > 3) return [255, 255, 255];
    const fade = x / 480;
    return [
      Math.round(colour[0] + (255 - colour[0]) * fade * 0.6),
      Math.round(colour[1] + (255 - colour[1]) * fade * 0.6),
      Math.round(colour[2] + (255 - colour[2]) * fade * 0.6),
    ];
  });
}

/** A fullscreen's picture, 9:19.5 as the form crops it: `colour` fading to white downwards, a white button near the foot. */
export function fullscreenPicture(colour: Rgb): Buffer {
  return png(180, 390, (x, y) => {
    if (inside(x, y, 30, 320, 150, 350)) return [255, 255, 255];
    const fade = y / 390;
    return [
      Math.round(colour[0] + (255 - colour[0]) * fade * 0.7),
      Math.round(colour[1] + (255 - colour[1]) * fade * 0.7),
      Math.round(colour[2] + (255 - colour[2]) * fade * 0.7),
    ];
  });
}

/** A drawn PNG as an upload the services take, written where uploads arrive, as a form's file would be. */
export async function pictureUpload(uploadsDir: string, bytes: Buffer, filename: string) {
  const tempPath = path.join(uploadsDir, INCOMING_FOLDER, randomToken(16));
  await mkdir(path.dirname(tempPath), { recursive: true });
  await writeFile(tempPath, bytes);
  return { filename, mimetype: 'image/png', size: bytes.length, type: 'png' as const, tempPath };
}
