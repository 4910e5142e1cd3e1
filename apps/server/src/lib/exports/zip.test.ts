import { randomBytes } from 'node:crypto';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry } from './zip.ts';

/* The archive read back by its own directory, as an unzip tool reads it (APPNOTE 4.3). */

interface Member {
  name: string;
  flags: number;
  /** MS-DOS date and time. */
  modified: { date: number; time: number };
  crc: number;
  data: Buffer;
  descriptor?: { crc: number; compressed: number; size: number };
}

function readZip(zip: Buffer): Member[] {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  expect(at + zip.readUInt32LE(end + 12)).toBe(end);
  const members: Member[] = [];
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(at + 8);
    const modified = { time: zip.readUInt16LE(at + 12), date: zip.readUInt16LE(at + 14) };
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    // The name, then extra fields (yazl's extended timestamp) and a comment.
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    expect(zip.subarray(offset + 30, offset + 30 + nameLength).toString('utf8')).toBe(name);
    const start = offset + 30 + nameLength + zip.readUInt16LE(offset + 28);
    const data = inflateRawSync(zip.subarray(start, start + compressed));
    expect(data.length).toBe(size);
    const member: Member = { name, flags, modified, crc, data };
    if (flags & 0x0008) {
      const d = start + compressed;
      expect(zip.readUInt32LE(d)).toBe(0x08074b50);
      member.descriptor = {
        crc: zip.readUInt32LE(d + 4),
        compressed: zip.readUInt32LE(d + 8),
        size: zip.readUInt32LE(d + 12),
      };
      expect(member.descriptor).toEqual({ crc, compressed, size });
    }
    members.push(member);
  }
  return members;
}

async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  async function* list() {
    yield* entries;
  }
  const parts: Buffer[] = [];
  for await (const part of zipStream(list(), { level: 1, mtime: Date.UTC(2025, 2, 10, 12, 30) })) parts.push(part);
  return Buffer.concat(parts);
}

describe('zipStream', () => {
  it('writes entries whole, streamed ones with their CRC and sizes after the data, names in UTF-8', async () => {
    const noise = randomBytes(3 * 1024 * 1024);
    async function* pieces() {
      for (let i = 0; i < noise.length; i += 100_000) yield noise.subarray(i, i + 100_000);
    }
    const members = readZip(
      await zipOf([
        { name: 'xl/worksheets/sheet1.xml', stream: pieces },
        { name: 'Зарядки.txt', data: Buffer.from('Асанов Бакыт\n'.repeat(1000)) },
        { name: 'empty.xml', stream: async function* () {} },
      ]),
    );
    expect(members.map((member) => member.name)).toEqual(['xl/worksheets/sheet1.xml', 'Зарядки.txt', 'empty.xml']);
    expect(members[0]!.data.equals(noise)).toBe(true);
    expect(members[0]!.crc).toBe(crc32(noise));
    expect(members[0]!.descriptor).toBeDefined();
    expect(members[1]!.data.toString()).toBe('Асанов Бакыт\n'.repeat(1000));
    expect(members[1]!.crc).toBe(crc32(members[1]!.data));
    expect(members[1]!.descriptor).toBeUndefined();
    expect(members[2]!.data.length).toBe(0);
    expect(members.every((member) => member.flags & 0x0800)).toBe(true);
    // 2025-03-10 12:30 as given (a wall clock), whatever the process's time zone.
    expect(
      members.every(
        (member) =>
          member.modified.date === ((45 << 9) | (3 << 5) | 10) && member.modified.time === ((12 << 11) | (30 << 5)),
      ),
    ).toBe(true);
  });

  it('fails with the error of an entry that fails', async () => {
    async function* failing() {
      yield Buffer.from('<sheetData>');
      throw new Error('the database went away');
    }
    await expect(zipOf([{ name: 'a.xml', stream: failing }])).rejects.toThrow('the database went away');
  });
});
