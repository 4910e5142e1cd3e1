import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-type.ts';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'ascii'), Buffer.alloc(8)]);

describe('detectFileType', () => {
  it.each([
    ['a png signature', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png'],
    ['a jpeg start of image', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpeg'],
    ['an mp4 (isom)', ftyp('isom'), 'mp4'],
    ['an mp4 (mp42)', ftyp('mp42'), 'mp4'],
    ['an m4a song, which is ISO-BMFF too', ftyp('M4A '), null],
    ['a QuickTime movie', ftyp('qt  '), null],
    ['a HEIC photo', ftyp('heic'), null],
    ['text', Buffer.from('just some text, named .jpg'), null],
    ['a png signature cut short', Buffer.from([0x89, 0x50, 0x4e, 0x47]), null],
    ['nothing', Buffer.alloc(0), null],
  ])('%s -> %s', (_name, head, type) => {
    expect(detectFileType(head)).toBe(type);
  });
});
