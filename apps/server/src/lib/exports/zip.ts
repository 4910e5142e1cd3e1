import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/*
 * A zip archive written as it streams, by yazl: each entry deflated as its bytes arrive, its CRC
 * and sizes after it, the central directory at the end (ZIP64 past 4 GiB). Pull-based: an entry's
 * stream is read only as fast as the archive is, and the next entry is asked for once it has ended
 * (an xlsx's later parts depend on its sheets' rows). `npm run bench:xlsx` compares it with the
 * project's own writer it replaced (docs/performance.md).
 */

export type ZipEntry = { name: string; data: Buffer } | { name: string; stream: () => AsyncIterable<Buffer> };

/** A Date whose local fields show `wall` (milliseconds of a UTC clock showing it): yazl writes an entry's time from them. */
function localFields(wall: number): Date {
  const at = new Date(wall);
  return new Date(
    at.getUTCFullYear(),
    at.getUTCMonth(),
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
    at.getUTCSeconds(),
  );
}

/**
 * The archive of `entries`, in their order, as it is read. Destroying it stops the entry being read;
 * an entry that fails destroys it with the error.
 */
export function zipStream(
  entries: AsyncIterable<ZipEntry>,
  { level, mtime }: { level: number; mtime: number },
): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const options = { mtime: localFields(mtime), compressionLevel: level };
  let reading: Readable | undefined;
  zip.on('error', (error: Error) => output.destroy(error));
  output.once('close', () => reading?.destroy());
  void (async () => {
    for await (const entry of entries) {
      if (output.destroyed) return;
      if ('data' in entry) zip.addBuffer(entry.data, entry.name, options);
      else {
        reading = Readable.from(entry.stream(), { objectMode: false });
        zip.addReadStream(reading, entry.name, options);
        await finished(reading);
        reading = undefined;
      }
    }
    zip.end();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
