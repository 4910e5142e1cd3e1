import { eq } from 'drizzle-orm';
import type { Banner, BannerListItem } from '@evcms/contracts/banners';
import type { Paged } from '@evcms/contracts/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { banners } from '../../db/schema/banners.ts';
import { aBanner, aBannerRequest } from '../../test/builders/banners.ts';
import { pngPart } from '../../test/media.ts';
import { multipartForm, type FormValue } from '../../test/multipart.ts';
import { apiCalls, useSignedInApp } from '../../test/test-app.ts';

/* The lists by type, the archive (inactive, or past the end: computed when read), bulk status changes. */

const ctx = useSignedInApp();
const call = apiCalls(ctx, 'ads/banners/', { lang: 'en' });

const MINUTE = 60_000;
/** One that ends a minute from now (the sign-in's token lives 15 minutes: the clock moves only a little). */
const endingSoon = (overrides: Parameters<typeof aBanner>[1] = {}) =>
  aBanner(ctx.database, { end_at: new Date(Date.now() + MINUTE).toISOString(), ...overrides });
const later = () => vi.setSystemTime(new Date(Date.now() + 2 * MINUTE));
const ids = async (query: string) =>
  (await call('GET', `?${query}&size=1000`)).json<Paged<BannerListItem>>().items.map((item) => item.id);

afterEach(() => {
  vi.useRealTimers();
});

describe('the lists', () => {
  it('keeps one type, newest first, paged, searched by name or id', async () => {
    const name = `Needle ${Date.now()}`;
    const banner = await aBanner(ctx.database, { name });
    const fullscreen = await aBanner(ctx.database, { type: 'fullscreen', name });
    const newer = await aBanner(ctx.database, { name: `${name} newer` });
    expect(await ids(`type=banner&search=${encodeURIComponent(name)}`)).toEqual([newer.id, banner.id]);
    expect(await ids(`type=fullscreen&search=${encodeURIComponent(name)}`)).toEqual([fullscreen.id]);
    expect(await ids(`type=fullscreen&search=${fullscreen.id}`)).toEqual([fullscreen.id]);
    const page = await call('GET', `?type=banner&search=${encodeURIComponent(name)}&page=2&size=1`);
    expect(page.json()).toMatchObject({ page: 2, size: 1, total: 2, items: [{ id: banner.id }] });
  });

  it('requires the type and names a malformed filter', async () => {
    expect((await call('GET', '')).json()).toEqual({ type: ['Field cannot be blank'] });
    expect((await call('GET', '?type=popup')).json()).toEqual({ type: ['Select a valid choice'] });
    expect((await call('GET', '?type=banner&archive=maybe')).statusCode).toBe(400);
    expect((await call('GET', '?type=banner&page=x')).statusCode).toBe(400);
  });
});

describe('the archive', () => {
  it('holds the deactivated ones, and takes them out again when activated', async () => {
    const banner = await aBanner(ctx.database);
    expect(await ids('type=banner&archive=false')).toContain(banner.id);
    expect(await ids('type=banner&archive=true')).not.toContain(banner.id);
    const off = await call('PATCH', 'statuses/', { payload: { ids: [banner.id], status: 1 } });
    expect(off.json()).toMatchObject([{ id: banner.id, status: 1, active: false, archived: true }]);
    expect(await ids('type=banner&archive=true')).toContain(banner.id);
    expect(await ids('type=banner&archive=false')).not.toContain(banner.id);
    await call('PATCH', 'statuses/', { payload: { ids: [banner.id], status: 0 } });
    expect(await ids('type=banner&archive=false')).toContain(banner.id);
  });

  it('holds the ones whose end has passed, shown inactive though stored active, for both types', async () => {
    const banner = await endingSoon();
    const fullscreen = await endingSoon({ type: 'fullscreen' });
    vi.useFakeTimers({ toFake: ['Date'] });
    later();
    expect(await ids('type=banner&archive=true')).toContain(banner.id);
    expect(await ids('type=banner&archive=false')).not.toContain(banner.id);
    expect(await ids('type=fullscreen&archive=true')).toContain(fullscreen.id);
    expect((await call('GET', `${banner.id}/`)).json()).toMatchObject({ status: 1, active: false, archived: true });
    const [row] = await ctx.database.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(row!.status).toBe(0);
  });

  it('refuses activating one whose end has passed (409, every id or none), until its end is moved', async () => {
    const ended = await endingSoon({ status: 1 });
    const current = await aBanner(ctx.database, { status: 1 });
    vi.useFakeTimers({ toFake: ['Date'] });
    later();
    const refused = await call('PATCH', 'statuses/', { payload: { ids: [current.id, ended.id], status: 0 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Its end has passed: it cannot be activated. Move its end first.' });
    expect((await call('GET', `${current.id}/`)).json()).toMatchObject({ status: 1 });
    expect((await call('PATCH', `${ended.id}/`, { payload: { status: 0 } })).statusCode).toBe(409);
    const moved = await call('PATCH', `${ended.id}/`, {
      payload: { status: 0, end_at: new Date(Date.now() + 60 * MINUTE).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Banner>()).toMatchObject({ status: 0, archived: false });
  });

  it('stores inactive an active one whose end an edit moves into the past', async () => {
    const banner = await aBanner(ctx.database, { start_at: '2020-01-01T00:00:00Z' });
    const edited = await call('PATCH', `${banner.id}/`, { payload: { end_at: '2020-02-01T00:00:00Z' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const [row] = await ctx.database.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(row!.status).toBe(1);
  });

  it('lets one whose end has passed be deleted, and answers 404 naming ids that are not there', async () => {
    const banner = await endingSoon();
    vi.useFakeTimers({ toFake: ['Date'] });
    later();
    expect((await call('DELETE', `${banner.id}/`)).statusCode).toBe(204);
    const missing = await call('PATCH', 'statuses/', { payload: { ids: [99999999], status: 1 } });
    expect(missing.statusCode).toBe(404);
    expect((await call('PATCH', 'statuses/', { payload: { ids: ['x'], status: 1 } })).statusCode).toBe(400);
  });

  it('copies an archived one back as a new inactive one keeping its period, to be activated once the manager moves the end', async () => {
    // Made through the API, so that its image file is in the store to be copied.
    const form = await multipartForm({
      ...aBannerRequest({ type: 'fullscreen', end_at: new Date(Date.now() + MINUTE).toISOString() }),
      image: pngPart(),
    } as Record<string, FormValue>);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ads/banners/',
      headers: { ...ctx.auth, ...form.headers },
      payload: form.payload,
    });
    const ended = made.json<Banner>();
    vi.useFakeTimers({ toFake: ['Date'] });
    later();
    const copy = (await call('POST', `${ended.id}/copy/`)).json<Banner>();
    expect(copy).toMatchObject({ type: 'fullscreen', status: 1, archived: true, end_at: ended.end_at });
    expect(await ids('type=fullscreen&archive=true')).toEqual(expect.arrayContaining([ended.id, copy.id]));
    expect((await call('PATCH', 'statuses/', { payload: { ids: [copy.id], status: 0 } })).statusCode).toBe(409);
    const start_at = new Date(Date.now()).toISOString();
    const end_at = new Date(Date.now() + 60 * MINUTE).toISOString();
    const moved = await call('PATCH', `${copy.id}/`, { payload: { start_at, end_at, status: 0 } });
    expect(moved.json()).toMatchObject({ status: 0, archived: false });
    expect(await ids('type=fullscreen&archive=false')).toContain(copy.id);
  });
});
