import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppFeed } from '@evcms/contracts/app-feed';
import { STATUS_ACTIVE, STATUS_INACTIVE } from '@evcms/contracts/status';
import { aBanner } from '../../test/builders/banners.ts';
import { aStoredMerchant } from '../../test/builders/merchants.ts';
import { aPromotion } from '../../test/builders/promotions.ts';
import { aStation } from '../../test/builders/stations.ts';
import { openApiPaths, useTestApp } from '../../test/test-app.ts';
import { FRESH_MS } from './app-feed-answers.ts';

const HOUR_MS = 60 * 60 * 1000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

// The clock stands still but for the tests' moves (each past FRESH_MS makes the feed read again),
// from before the app is built, so the rate limit's windows follow it too.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-01T06:00:00Z'));
});
afterAll(() => vi.useRealTimers());

const ctx = useTestApp();

function later(ms = FRESH_MS) {
  vi.setSystemTime(Date.now() + ms);
}

function feed(headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') {
  return ctx.app.inject({ method: 'GET', url: '/api/v1/app/feed/', headers, remoteAddress });
}

async function feedBody(lang = 'en'): Promise<AppFeed> {
  const response = await feed({ 'accept-language': lang });
  expect(response.statusCode).toBe(200);
  return response.json<AppFeed>();
}

async function anActiveStation(name?: string) {
  return aStation(ctx.database, await aStoredMerchant(ctx.database), { status: STATUS_ACTIVE, ...(name && { name }) });
}

describe('GET /app/feed/', () => {
  it('answers without a token, every fullscreen category present, empty on an empty network', async () => {
    const body = await feedBody();
    expect(body).toEqual({
      banners: [],
      fullscreens: { main: [], list: [], maps: [], stock_promotions: [], notifications: [] },
      promotions: [],
    });
  });

  it('shows only what is active and inside its period, and only the fields the app needs', async () => {
    const open = await anActiveStation('Open station');
    const closed = await aStation(ctx.database, await aStoredMerchant(ctx.database), { status: STATUS_INACTIVE });
    const everywhere = await aBanner(ctx.database, { name: 'Everywhere', link: 'https://example.kg/a' });
    const somewhere = await aBanner(ctx.database, { name: 'Somewhere', stations: [open.id, closed.id] });
    await aBanner(ctx.database, { name: 'At a closed station only', stations: [closed.id] });
    await aBanner(ctx.database, { name: 'Inactive', status: STATUS_INACTIVE });
    await aBanner(ctx.database, { name: 'Not yet', start_at: at(HOUR_MS), end_at: at(2 * HOUR_MS) });
    const map = await aBanner(ctx.database, { type: 'fullscreen', name: 'Map', category: 'maps', destination: 'app' });
    await aBanner(ctx.database, { type: 'fullscreen', name: 'Off', category: 'maps', status: STATUS_INACTIVE });
    const promotion = await aPromotion(ctx.database, { title_en: 'Night', stations: [open.id, closed.id] });
    await aPromotion(ctx.database, { stations: [closed.id] });
    await aPromotion(ctx.database, { stations: [open.id], status: STATUS_INACTIVE });
    await aPromotion(ctx.database, { stations: [open.id], start_at: at(HOUR_MS), end_at: at(2 * HOUR_MS) });
    later();

    const body = await feedBody();
    expect(body.banners).toEqual([
      {
        id: somewhere.id,
        name: 'Somewhere',
        image: expect.stringMatching(/^\/media\/.+\.png$/),
        link: 'https://example.kg/offer',
        button_name: 'Open',
        button_colour: '#1677ff',
        station_ids: [open.id],
        start_at: somewhere.startAt.toISOString(),
        end_at: somewhere.endAt.toISOString(),
      },
      expect.objectContaining({ id: everywhere.id, link: 'https://example.kg/a', station_ids: [] }),
    ]);
    expect(body.fullscreens.maps).toEqual([
      {
        id: map.id,
        name: 'Map',
        image: expect.stringMatching(/^\/media\/.+\.png$/),
        link: 'https://example.kg/offer',
        destination: 'app',
        start_at: map.startAt.toISOString(),
        end_at: map.endAt.toISOString(),
      },
    ]);
    expect(body.fullscreens.main).toEqual([]);
    expect(body.promotions).toEqual([
      {
        id: promotion.id,
        name: 'Night',
        image: expect.stringMatching(/^\/media\/.+\.png$/),
        discount_percent: 10,
        discount_amount: null,
        min_charge_amount: 0,
        min_charges: 0,
        happy_hours_start: null,
        happy_hours_end: null,
        start_at: promotion.startAt.toISOString(),
        end_at: promotion.endAt.toISOString(),
        stations: [{ id: open.id, name: 'Open station', latitude: '42.870000', longitude: '74.590000' }],
      },
    ]);

    // A day and a half later the one not yet begun has begun and ended; the 30-day items are still on.
    later(36 * HOUR_MS);
    const still = await feedBody();
    expect(still.banners.map((banner) => banner.id)).toEqual([somewhere.id, everywhere.id]);
    expect(still.promotions.map((item) => item.id)).toEqual([promotion.id]);
  });

  it('leaves out what has ended: the archive is not in the feed', async () => {
    const station = await anActiveStation();
    const short = await aBanner(ctx.database, { name: 'Short', end_at: at(HOUR_MS) });
    const shortPromotion = await aPromotion(ctx.database, { stations: [station.id], end_at: at(HOUR_MS) });
    later();
    const before = await feedBody();
    expect(before.banners.map((banner) => banner.id)).toContain(short.id);
    expect(before.promotions.map((item) => item.id)).toContain(shortPromotion.id);

    later(HOUR_MS);
    const after = await feedBody();
    expect(after.banners.map((banner) => banner.id)).not.toContain(short.id);
    expect(after.promotions.map((item) => item.id)).not.toContain(shortPromotion.id);
  });

  it('names promotions and stations in the language asked', async () => {
    const station = await anActiveStation('Lingua');
    const titles = { title_en: 'Tongues', title_ru: 'Языки', title_ky: 'Тилдер' };
    const promotion = await aPromotion(ctx.database, { ...titles, stations: [station.id] });
    later();
    for (const [lang, title, stationName] of [
      ['en', 'Tongues', 'Lingua'],
      ['ru', 'Языки', 'Lingua ru'],
      ['ky;q=1, en;q=0.5', 'Тилдер', 'Lingua ky'],
    ] as const) {
      const response = await feed({ 'accept-language': lang });
      expect(response.headers['content-language']).toBe(lang.slice(0, 2));
      const shown = response.json<AppFeed>().promotions.find((item) => item.id === promotion.id);
      expect(shown?.name, lang).toBe(title);
      expect(shown?.stations[0]?.name, lang).toBe(stationName);
    }
    // No Accept-Language: Russian, as every answer of the API.
    expect((await feed()).json<AppFeed>().promotions.find((item) => item.id === promotion.id)?.name).toBe('Языки');
  });

  it('is cached: an ETag per language and content, 304 to If-None-Match, Cache-Control and Vary', async () => {
    later();
    const first = await feed({ 'accept-language': 'en' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    expect(first.headers.vary).toBe('Accept-Language, Accept-Encoding');
    // Nothing a shared cache would hand to every client: lib/csrf.ts's cookie stays off it.
    expect(first.headers['set-cookie']).toBeUndefined();

    const again = await feed({ 'accept-language': 'en', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, and the strong form of the same tag, match too; another language's does not.
    expect((await feed({ 'accept-language': 'en', 'if-none-match': `"x", ${etag.slice(2)}` })).statusCode).toBe(304);
    const russian = await feed({ 'accept-language': 'ru', 'if-none-match': etag });
    expect(russian.statusCode).toBe(200);
    expect(russian.headers.etag).not.toBe(etag);

    // Within FRESH_MS a change is not read yet; after it, the content and so the ETag change.
    const station = await anActiveStation();
    await aPromotion(ctx.database, { stations: [station.id] });
    expect((await feed({ 'accept-language': 'en', 'if-none-match': etag })).statusCode).toBe(304);
    later();
    const changed = await feed({ 'accept-language': 'en', 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends the held answer compressed when asked, the same content as plain', async () => {
    const station = await anActiveStation();
    for (let i = 0; i < 5; i += 1) await aBanner(ctx.database, { stations: [station.id] });
    later();
    const plain = await feed({ 'accept-language': 'en' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await feed({ 'accept-language': 'en', 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    const brotli = await feed({ 'accept-language': 'en', 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('refuses a client address past its requests a minute with a localised 429, others still served', async () => {
    later();
    const limit = ctx.config.appFeedRequestsPerMinute;
    for (let i = 0; i < limit; i += 1) expect((await feed({}, '10.9.9.9')).statusCode).toBe(200);
    const refused = await feed({ 'accept-language': 'en' }, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: 'Too many attempts. Try again in 1 min.' });
    expect(refused.headers['retry-after']).toBe('60');
    expect((await feed({ 'accept-language': 'ru' }, '10.9.9.9')).json()).toEqual({
      detail: 'Слишком много попыток. Повторите через 1 мин.',
    });
    expect((await feed({}, '10.9.9.10')).statusCode).toBe(200);
    later(60_000);
    expect((await feed({}, '10.9.9.9')).statusCode).toBe(200);
  });

  it('is in the OpenAPI document with its answer schema', async () => {
    const paths = await openApiPaths<{ get: { responses: Record<string, unknown> } }>(ctx.app);
    expect(Object.keys(paths['/api/v1/app/feed/']!.get.responses)).toEqual(
      expect.arrayContaining(['200', '304', '429']),
    );
  });
});
