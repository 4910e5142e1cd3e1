import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartForm, multipartStream, repeated, type FormEntry, type FormValue } from '../test/multipart.ts';
import { createUploadsApp, type UploadsApp } from '../test/uploads-app.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisomisom', 'ascii'), Buffer.alloc(12)]);

let ctx: UploadsApp;
beforeAll(async () => {
  ctx = await createUploadsApp();
});
afterAll(() => ctx.close());

async function upload(fields: Record<string, FormValue | undefined> | FormEntry[], then = 'answer') {
  const form = await multipartForm(fields);
  return ctx.app.inject({
    method: 'POST',
    url: `/upload?then=${then}`,
    headers: { ...form.headers, 'accept-language': 'en' },
    payload: form.payload,
  });
}

/** Temporary files go when the response is over, just after the client has it. */
const incomingEmptied = () => vi.waitFor(async () => expect(await ctx.incoming()).toEqual([]));

describe('a multipart body', () => {
  it('nests bracketed fields and gathers indexed files, as the route schema checks them', async () => {
    // The text fields come back as they were sent; the repeated tags as a list.
    const fields = {
      name: 'Station',
      schedule: [
        { day: '0', start_time: '08:00:00' },
        { day: '1', start_time: '09:00:00' },
      ],
      connectors: [{ typo: 'type2' }, { typo: 'ccs2' }],
      deleted_media_ids: ['5'],
    };
    const response = await upload({
      ...fields,
      tags: repeated(['1', '2']),
      media_files: [
        { filename: 'a.png', content: PNG, type: 'image/png' },
        { filename: 'b.mp4', content: MP4, type: 'video/mp4' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      ...fields,
      tags: ['1', '2'],
      media_files: [
        { filename: 'a.png', mimetype: 'image/png', size: PNG.length, type: 'png', onDisk: PNG.length },
        { filename: 'b.mp4', mimetype: 'video/mp4', size: MP4.length, type: 'mp4', onDisk: MP4.length },
      ],
    });
    expect(path.dirname(body.media_files[0].tempPath)).toBe(path.join(ctx.uploadsDir, '.incoming'));
  });

  it('knows a file by its bytes, not by its name or claimed type', async () => {
    const response = await upload({
      photo: { filename: 'photo.png', content: JPEG, type: 'image/png' },
      media_files: [{ filename: 'notes.jpg', content: 'plain text, not a photo', type: 'image/jpeg' }],
    });
    expect(response.json()).toMatchObject({
      photo: { filename: 'photo.png', type: 'jpeg' },
      media_files: [{ filename: 'notes.jpg', type: null }],
    });
  });

  it('reports a file over its limit as one byte past it and writes no more than that', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(50_000, 7)]);
    const response = await upload({
      photo: { filename: 'big.png', content: big, type: 'image/png' },
      name: 'after the file',
    });
    expect(response.json()).toMatchObject({ photo: { size: 1001, onDisk: 1001, type: 'png' }, name: 'after the file' });
  });

  it('still reads small declared files into memory, and a JSON body passes through without file fields', async () => {
    const response = await upload({ icon: { filename: 'i.svg', content: '<svg/>', type: 'image/svg+xml' } });
    expect(response.json()).toEqual({
      icon: { filename: 'i.svg', mimetype: 'image/svg+xml', bytes: '<6 bytes>', size: 6 },
    });
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/upload',
      payload: { name: 'x', photo: { tempPath: '/etc/passwd', size: 1 } },
    });
    expect(json.json()).toEqual({ name: 'x' });
  });

  it('takes no file-shaped value from text fields or JSON for a streamed file', async () => {
    const forged = { filename: 'x.jpg', mimetype: 'image/jpeg', size: 1, type: 'jpeg', tempPath: '/etc/hostname' };
    const fromText = await upload(
      { photo: { ...forged, size: '1' }, other: forged as unknown as Record<string, string> },
      'keep',
    );
    expect(fromText.json()).toEqual({ kept: [] });
    const fromJson = await ctx.app.inject({
      method: 'POST',
      url: '/upload?then=keep',
      payload: { other: forged, list: [forged] },
    });
    expect(fromJson.json()).toEqual({ kept: [] });
  });

  it('answers more files than a field takes with a field error naming the limit', async () => {
    const file = { filename: 'a.png', content: PNG, type: 'image/png' };
    const tooMany = await upload({ media_files: [file, file, file, file] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ media_files: ['Too many files: at most 3 can be uploaded'] });
    const twoAvatars = await upload({ avatar: repeated([file, file]) });
    expect(twoAvatars.json()).toEqual({ avatar: ['Only one avatar can be uploaded'] });
    await incomingEmptied();
  });

  it('ignores a file input left empty, which browsers send with no name and no bytes', async () => {
    const response = await upload([
      ['media_files[0]', { filename: '', content: '' }],
      ['name', 'x'],
    ]);
    expect(response.json()).toEqual({ name: 'x' });
  });

  it.each([
    ['a prototype key', 'a[__proto__][polluted]'],
    ['a constructor key', 'schedule[0][constructor]'],
    ['an index past 1000', 'media_files[1001]'],
    ['four levels', 'schedule[0][day][x]'],
  ])('refuses %s with 400 and pollutes nothing', async (_what, name) => {
    const response = await upload([
      ['photo', { filename: 'a.png', content: PNG }],
      [name, 'yes'],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The request body is malformed.' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await incomingEmptied();
  });
});

describe('temporary files', () => {
  const photo = { photo: { filename: 'a.png', content: PNG, type: 'image/png' } };

  it('exist while the handler runs and are gone once it has answered', async () => {
    const response = await upload(photo);
    expect(response.json().photo.onDisk).toBe(PNG.length);
    await incomingEmptied();
  });

  it('are gone after a validation error', async () => {
    const response = await upload({ ...photo, check: 'bad' });
    expect(response.statusCode).toBe(400);
    await incomingEmptied();
  });

  it('are gone after the handler failed', async () => {
    const response = await upload(photo, 'throw');
    expect(response.statusCode).toBe(500);
    await incomingEmptied();
  });

  it('are gone when the client gives up in the middle of a file', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const { body, headers } = multipartStream([['media_files[0]', { filename: 'v.png', head: PNG, size: 1500 }]]);
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/upload', headers });
    request.on('error', () => {});
    // Send all but the last bytes, so the server holds a half-written file.
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    const whole = Buffer.concat(chunks);
    request.write(whole.subarray(0, whole.length - 600));
    await vi.waitFor(async () => expect(await ctx.incoming()).toHaveLength(1));
    request.destroy();
    await incomingEmptied();
  });

  it('are moved into the store by keep, named by their type, and served from there', async () => {
    const response = await upload(
      { photo: { filename: 'photo.png', content: JPEG }, media_files: [{ filename: 'clip', content: MP4 }] },
      'keep',
    );
    const { kept } = response.json<{ kept: string[] }>();
    expect(kept).toEqual([expect.stringMatching(/^kept\/[\w-]+\.jpg$/), expect.stringMatching(/^kept\/[\w-]+\.mp4$/)]);
    expect(await readFile(path.join(ctx.uploadsDir, kept[0]!))).toEqual(JPEG);
    await incomingEmptied();
    const served = await ctx.app.inject({ method: 'GET', url: `/media/${kept[0]}` });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('cannot be fetched from the media route', async () => {
    await mkdir(path.join(ctx.uploadsDir, '.incoming'), { recursive: true });
    await writeFile(path.join(ctx.uploadsDir, '.incoming', 'waiting'), PNG);
    const response = await ctx.app.inject({ method: 'GET', url: '/media/.incoming/waiting' });
    expect(response.statusCode).toBe(404);
    await rm(path.join(ctx.uploadsDir, '.incoming', 'waiting'));
  });
});

describe('the media route', () => {
  it('serves videos as video/mp4 in ranges, so a player can seek', async () => {
    const video = Buffer.concat([MP4, Buffer.alloc(1000, 1)]);
    await mkdir(path.join(ctx.uploadsDir, 'videos'), { recursive: true });
    await writeFile(path.join(ctx.uploadsDir, 'videos', 'clip.mp4'), video);
    const whole = await ctx.app.inject({ method: 'GET', url: '/media/videos/clip.mp4' });
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'content-length': String(video.length),
    });
    const part = await ctx.app.inject({
      method: 'GET',
      url: '/media/videos/clip.mp4',
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-range': `bytes 100-199/${video.length}`,
    });
    expect(part.rawPayload).toEqual(video.subarray(100, 200));
    const png = await ctx.app.inject({ method: 'GET', url: `/media/${await ctx.media.save('photos', 'png', PNG)}` });
    expect(png.headers['content-type']).toBe('image/png');
  });
});
