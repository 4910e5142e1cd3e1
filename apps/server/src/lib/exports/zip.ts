import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/*
 * A zip archive (PKWARE APPNOTE 6.3, the subset an xlsx needs) written as it streams: each entry
 * deflated as its bytes arrive, its CRC and sizes in a data descriptor after it, the central
 * directory at the end. Pull-based: nothing is made faster than the archive is read.
 *
 * Written here rather than with yazl, which does the same job correctly but pipes each entry
 * through three JavaScript transforms with a JavaScript CRC-32 and deflates in 16 KB steps, one
 * thread-pool round trip each, so the xlsx export spent half its time waiting. Here the CRC is
 * zlib's own and the deflate gets 1 MB at a time (the figures: docs/performance.md).
 *
 * Without ZIP64, an entry and the whole archive stay under 4 GiB; an export past that fails
 * rather than write a broken file (a full Excel sheet of 1,048,576 rows is about 600 MB of XML).
 */

export type ZipEntry = { name: string; data: Buffer } | { name: string; stream: () => AsyncIterable<Buffer> };

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20;
const UTF8_NAMES = 0x0800;
const SIZES_AFTER_DATA = 0x0008;
const DEFLATE = 8;
const ZIP32_MAX = 0xffffffff;
const DEFLATE_STEP = 256 * 1024;
/**
 * Bytes given to the deflate at once. Each write is a round trip to libuv's threads that needs the
 * main thread to start the next; in 32 KB pieces the deflate mostly waited for it while it made
 * rows. 1 MB is deflated on its thread while the main thread makes the next.
 */
const DEFLATE_INPUT = 1024 * 1024;

interface Written {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time of a wall-clock time (milliseconds of a UTC clock showing it). */
function dosDateTime(wall: number): { date: number; time: number } {
  const at = new Date(wall);
  return {
    date: ((Math.max(at.getUTCFullYear(), 1980) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
  };
}

function localHeader(entry: Written, when: { date: number; time: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(when.time, 10);
  header.writeUInt16LE(when.date, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressed, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralDirectory(entries: readonly Written[], when: { date: number; time: number }, offset: number): Buffer {
  const records = entries.map((entry) => {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(CENTRAL_HEADER, 0);
    record.writeUInt16LE(VERSION, 4);
    record.writeUInt16LE(VERSION, 6);
    record.writeUInt16LE(entry.flags, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(when.time, 12);
    record.writeUInt16LE(when.date, 14);
    record.writeUInt32LE(entry.crc, 16);
    record.writeUInt32LE(entry.compressed, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([record, entry.name]);
  });
  const size = records.reduce((sum, record) => sum + record.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...records, end]);
}

function checkZip32(...values: number[]) {
  if (values.some((value) => value > ZIP32_MAX)) throw new Error('The export is too large for a zip archive without ZIP64');
}

/** The deflated bytes of a stream entry; `entry` gets its CRC and sizes as they pass. */
async function* deflated(source: AsyncIterable<Buffer>, entry: Written, level: number): AsyncGenerator<Buffer> {
  async function* gathered() {
    let pieces: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of source) {
      entry.crc = crc32(chunk, entry.crc);
      entry.size += chunk.length;
      // A source that writes in large steps already (xlsx.ts) is not copied again.
      if (bytes === 0 && chunk.length >= DEFLATE_STEP) {
        yield chunk;
        continue;
      }
      pieces.push(chunk);
      bytes += chunk.length;
      if (bytes >= DEFLATE_INPUT) {
        yield Buffer.concat(pieces, bytes);
        pieces = [];
        bytes = 0;
      }
    }
    if (bytes > 0) yield Buffer.concat(pieces, bytes);
  }
  // One step read ahead (any size fills this mark), deflated while the next is made, and no more.
  const input = Readable.from(gathered(), { objectMode: false, highWaterMark: 1 });
  const deflate = createDeflateRaw({ level, chunkSize: DEFLATE_STEP });
  // Fails when the source does (and then `deflate` fails with it) or when reading stops early.
  const piped = pipeline(input, deflate).catch(() => undefined);
  try {
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      entry.compressed += chunk.length;
      yield chunk;
    }
  } finally {
    input.destroy();
    await piped;
  }
}

/** The archive of `entries`, in their order, as it is read. */
export async function* zipStream(entries: AsyncIterable<ZipEntry>, { level, mtime }: { level: number; mtime: number }): AsyncGenerator<Buffer> {
  const when = dosDateTime(mtime);
  const written: Written[] = [];
  let offset = 0;
  for await (const item of entries) {
    const name = Buffer.from(item.name);
    const entry: Written = { name, flags: UTF8_NAMES, crc: 0, compressed: 0, size: 0, offset };
    written.push(entry);
    if ('data' in item) {
      const data = deflateRawSync(item.data, { level });
      Object.assign(entry, { crc: crc32(item.data), compressed: data.length, size: item.data.length });
      const header = localHeader(entry, when);
      offset += header.length + data.length;
      yield header;
      yield data;
    } else {
      entry.flags |= SIZES_AFTER_DATA;
      const header = localHeader(entry, when);
      offset += header.length;
      yield header;
      yield* deflated(item.stream(), entry, level);
      checkZip32(entry.size, entry.compressed);
      const descriptor = dataDescriptor(entry);
      offset += entry.compressed + descriptor.length;
      yield descriptor;
    }
    checkZip32(offset);
  }
  yield centralDirectory(written, when, offset);
}
