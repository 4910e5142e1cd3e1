import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Merchant } from '@evcms/contracts/merchants';
import { PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from '@evcms/contracts/station-media';
import { beforeAll, describe, expect, it } from 'vitest';
import { aMerchant } from '../../test/builders/merchants.ts';
import { aStationForm, TINY_JPEG, TINY_MP4, TINY_PNG } from '../../test/builders/stations.ts';
import { multipartForm, multipartStream, type FilePart, type FormValue } from '../../test/multipart.ts';
import { useSignedInApp } from '../../test/test-app.ts';

/* Each upload limit of spec 5 / 9 with a real file: too large by one byte, of another type, one too many. */

const ctx = useSignedInApp();

async function post(fields: Record<string, FormValue | undefined>) {
  const form = await multipartForm(fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/stations/',
    headers: { ...ctx.auth, ...form.headers, 'accept-language': 'en' },
    payload: form.payload,
  });
}

/** `head` followed by zeros up to `size` bytes: a real signature, so only the size is wrong. */
const sized = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);
const png = (size = TINY_PNG.length): FilePart => ({
  filename: 'photo.png',
  content: sized(TINY_PNG, size),
  type: 'image/png',
});

let merchant: Merchant;
beforeAll(async () => {
  merchant = await aMerchant(ctx.app, ctx.auth);
});

describe('station photos and videos', () => {
  it('takes a photo of exactly 2 MB and refuses one byte more, naming the limit', async () => {
    expect((await post(aStationForm(merchant.id, { 'media_files[0]': png(PHOTO_MAX_BYTES) }))).statusCode).toBe(201);
    const response = await post(aStationForm(merchant.id, { 'media_files[0]': png(PHOTO_MAX_BYTES + 1) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'media_files.0': ['The image must be 2 MB or smaller'] });
  });

  it('reads the type from the bytes: a text file named .png is refused, a jpeg named .png is taken', async () => {
    const fake = { filename: 'photo.png', content: 'not an image at all', type: 'image/png' };
    const refused = await post(aStationForm(merchant.id, { 'media_files[0]': fake }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      'media_files.0': ['Only jpg, jpeg and png images and mp4 videos can be uploaded'],
    });
    const renamed = await post(
      aStationForm(merchant.id, { 'media_files[0]': { filename: 'photo.png', content: TINY_JPEG, type: 'image/png' } }),
    );
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json<{ media_files: { url: string }[] }>().media_files[0]!.url).toMatch(/\.jpg$/);
  });

  it('takes at most 10 media files', async () => {
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`media_files[${i}]`, png()]));
    expect((await post(aStationForm(merchant.id, ten))).statusCode).toBe(201);
    const response = await post(aStationForm(merchant.id, { ...ten, 'media_files[10]': png() }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ media_files: ['A station can have at most 10 photos and videos'] });
  });

  it('refuses a video one byte over 100 MB, streamed, and leaves no temporary file', async () => {
    const fields = Object.entries(aStationForm(merchant.id)).filter(([name]) => name !== 'media_files[0]') as [
      string,
      string,
    ][];
    const stream = multipartStream([
      ...fields,
      ['media_files[0]', { filename: 'photo.png', content: TINY_PNG, type: 'image/png' }],
      ['media_files[1]', { filename: 'tour.mp4', type: 'video/mp4', head: TINY_MP4, size: VIDEO_MAX_BYTES + 1 }],
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stations/',
      headers: { ...ctx.auth, ...stream.headers, 'accept-language': 'en' },
      payload: stream.body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'media_files.1': ['The video must be 100 MB or smaller'] });
    // Temporary files go when the response is over, just after it is sent.
    await expect.poll(() => readdir(path.join(ctx.config.dataDir, 'uploads', '.incoming'))).toEqual([]);
  }, 120_000);
});

describe('the station avatar', () => {
  it('is one jpg, jpeg or png image of at most 2 MB', async () => {
    const video = await post(
      aStationForm(merchant.id, { avatar: { filename: 'logo.mp4', content: TINY_MP4, type: 'video/mp4' } }),
    );
    expect(video.json()).toEqual({ avatar: ['The avatar must be a jpg, jpeg or png image'] });
    const large = await post(aStationForm(merchant.id, { avatar: png(PHOTO_MAX_BYTES + 1) }));
    expect(large.json()).toEqual({ avatar: ['The image must be 2 MB or smaller'] });
    const form = await multipartForm([
      ...Object.entries(aStationForm(merchant.id)),
      ['avatar', png()],
      ['avatar', png()],
    ]);
    const two = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stations/',
      headers: { ...ctx.auth, ...form.headers, 'accept-language': 'en' },
      payload: form.payload,
    });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ avatar: ['Only one avatar can be uploaded'] });
    expect((await post(aStationForm(merchant.id, { avatar: png(PHOTO_MAX_BYTES) }))).statusCode).toBe(201);
  });
});
