import { access } from 'node:fs/promises';
import path from 'node:path';
import { TINY_PNG } from './builders/stations.ts';
import type { FilePart } from './multipart.ts';

/* Images a form uploads and the files the media store keeps, for the tests of modules that store images. */

/** A png of `size` bytes (a tiny image padded with zeros), as a form's file part. */
export const pngPart = (size = TINY_PNG.length, filename = 'banner.png'): FilePart => ({
  filename,
  content: Buffer.concat([TINY_PNG, Buffer.alloc(Math.max(0, size - TINY_PNG.length))]),
  type: 'image/png',
});

/** Whether the file an answer's media URL names is in the store under `dataDir`. */
export const mediaFileExists = (dataDir: string, url: string) =>
  access(path.join(dataDir, 'uploads', url.replace(/^\/media\//, ''))).then(
    () => true,
    () => false,
  );
