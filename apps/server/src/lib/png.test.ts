import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { png } from './png.ts';

describe('png', () => {
  it('writes the signature, the size and each pixel where the function puts it', () => {
    const image = png(3, 2, (x, y) => [x * 10, y * 100, 7]);
    expect(image.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(image.toString('ascii', 12, 16)).toBe('IHDR');
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([3, 2]);
    const dataLength = image.readUInt32BE(33);
    expect(image.toString('ascii', 37, 41)).toBe('IDAT');
    const raw = inflateSync(image.subarray(41, 41 + dataLength));
    // Each row: filter byte 0, then RGB triples.
    expect([...raw]).toEqual([0, 0, 0, 7, 10, 0, 7, 20, 0, 7, 0, 0, 100, 7, 10, 100, 7, 20, 100, 7]);
    expect(image.toString('ascii', image.length - 8, image.length - 4)).toBe('IEND');
  });
});
