/*
 * What an uploaded file really is, read from its first bytes, never from its name or the type the
 * browser claims. Three signatures are all the product takes (jpg/png photos, mp4 videos), so they
 * are written here rather than pulled in with a library that knows hundreds.
 */

export type DetectedFileType = 'jpeg' | 'png' | 'mp4' | null;

/** How many leading bytes `detectFileType` needs. */
export const FILE_TYPE_HEAD_BYTES = 16;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
/**
 * Major brands of an ISO-BMFF `ftyp` box that mean an mp4 video. Only the major brand counts: an
 * m4a song or a QuickTime movie lists `isom` or `mp42` among its compatible brands too.
 */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'MSNV',
  'mmp4',
  'XAVC',
]);

const startsWith = (head: Uint8Array, signature: number[]) => signature.every((byte, i) => head[i] === byte);
const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));

export function detectFileType(head: Uint8Array): DetectedFileType {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 12))) return 'mp4';
  return null;
}

const EXTENSIONS = { jpeg: 'jpg', png: 'png', mp4: 'mp4' } as const;

/** The extension a stored file gets, so the media route serves it with its content type. */
export function extensionOf(type: Exclude<DetectedFileType, null>): string {
  return EXTENSIONS[type];
}
