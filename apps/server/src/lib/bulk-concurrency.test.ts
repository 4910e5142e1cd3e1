import { describe, expect, it } from 'vitest';
import { aBanner } from '../test/builders/banners.ts';
import { aTag } from '../test/builders/catalog.ts';
import { aMerchant } from '../test/builders/merchants.ts';
import { aPromotion } from '../test/builders/promotions.ts';
import { aStation } from '../test/builders/stations.ts';
import { useSignedInApp } from '../test/test-app.ts';

/*
 * Bulk status changes that overlap, all at once, as a busy back office (or a double click times a
 * hundred) sends them. On PostgreSQL they run in parallel transactions; none may fail, and every
 * row ends with the status of the same (last) change.
 */
const ctx = useSignedInApp();
const PARALLEL = 100;

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = (seed * 31 + i * 17) % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

async function hammer(url: string, ids: number[]) {
  const responses = await Promise.all(
    Array.from({ length: PARALLEL }, (_, n) =>
      ctx.app.inject({ method: 'PATCH', url, headers: ctx.auth, payload: { ids: shuffled(ids, n), status: n % 2 } }),
    ),
  );
  return responses.map((response) => response.statusCode);
}

describe('overlapping bulk status changes in parallel', () => {
  it('changes merchants without a single failure, leaving them uniform', { timeout: 120_000 }, async () => {
    const ids = (await Promise.all(Array.from({ length: 10 }, () => aMerchant(ctx.app, ctx.auth)))).map(
      (merchant) => merchant.id,
    );
    const codes = await hammer('/api/v1/merchants/statuses/', ids);
    expect(codes.filter((code) => code !== 200)).toEqual([]);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/merchants/?size=100`, headers: ctx.auth });
    const statuses = new Set(
      list
        .json<{ items: { id: number; status: number }[] }>()
        .items.filter((m) => ids.includes(m.id))
        .map((m) => m.status),
    );
    expect(statuses.size).toBe(1);
  });

  it('changes tags without a single failure, leaving them uniform', { timeout: 120_000 }, async () => {
    const ids = (await Promise.all(Array.from({ length: 10 }, () => aTag(ctx.database)))).map((tag) => tag.id);
    const codes = await hammer('/api/v1/common/tags/statuses/', ids);
    expect(codes.filter((code) => code !== 200)).toEqual([]);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/common/tags/?size=1000`, headers: ctx.auth });
    const statuses = new Set(
      list
        .json<{ items: { id: number; active: boolean }[] }>()
        .items.filter((t) => ids.includes(t.id))
        .map((t) => t.active),
    );
    expect(statuses.size).toBe(1);
  });

  it('changes stations without a single failure, leaving them uniform', { timeout: 120_000 }, async () => {
    const owner = await aMerchant(ctx.app, ctx.auth);
    const ids = (await Promise.all(Array.from({ length: 10 }, () => aStation(ctx.database, owner.id)))).map(
      (station) => station.id,
    );
    const codes = await hammer('/api/v1/stations/statuses/', ids);
    expect(codes.filter((code) => code !== 200)).toEqual([]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stations/?merchant=${owner.id}&size=100`,
      headers: ctx.auth,
    });
    const statuses = new Set(
      list.json<{ items: { id: number; status: number }[] }>().items.map((station) => station.status),
    );
    expect(statuses.size).toBe(1);
  });

  it('changes promotions without a single failure, leaving them uniform', { timeout: 120_000 }, async () => {
    const ids = (await Promise.all(Array.from({ length: 10 }, () => aPromotion(ctx.database)))).map(
      (promotion) => promotion.id,
    );
    const codes = await hammer('/api/v1/ads/promotions/statuses/', ids);
    expect(codes.filter((code) => code !== 200)).toEqual([]);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/ads/promotions/?size=100`, headers: ctx.auth });
    const statuses = new Set(
      list
        .json<{ items: { id: number; status: number }[] }>()
        .items.filter((promotion) => ids.includes(promotion.id))
        .map((promotion) => promotion.status),
    );
    expect(statuses.size).toBe(1);
  });

  it('changes banners without a single failure, leaving them uniform', { timeout: 120_000 }, async () => {
    const ids = (await Promise.all(Array.from({ length: 10 }, () => aBanner(ctx.database)))).map((banner) => banner.id);
    const codes = await hammer('/api/v1/ads/banners/statuses/', ids);
    expect(codes.filter((code) => code !== 200)).toEqual([]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/ads/banners/?type=banner&size=100`,
      headers: ctx.auth,
    });
    const statuses = new Set(
      list
        .json<{ items: { id: number; status: number }[] }>()
        .items.filter((banner) => ids.includes(banner.id))
        .map((banner) => banner.status),
    );
    expect(statuses.size).toBe(1);
  });

  it(
    'edits one promotion’s stations a hundred times at once: every edit whole, none failing',
    { timeout: 120_000 },
    async () => {
      const owner = await aMerchant(ctx.app, ctx.auth);
      const stations = (await Promise.all(Array.from({ length: 6 }, () => aStation(ctx.database, owner.id)))).map(
        (station) => station.id,
      );
      const promotion = await aPromotion(ctx.database, { stations: [stations[0]!] });
      const lists = Array.from({ length: PARALLEL }, (_, n) =>
        shuffled(stations, n).slice(0, 1 + (n % stations.length)),
      );
      const responses = await Promise.all(
        lists.map((list) =>
          ctx.app.inject({
            method: 'PATCH',
            url: `/api/v1/ads/promotions/${promotion.id}/`,
            headers: ctx.auth,
            payload: { stations: list },
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode).filter((code) => code !== 200)).toEqual([]);
      const stored = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/ads/promotions/${promotion.id}/`,
        headers: ctx.auth,
      });
      const kept = stored
        .json<{ stations: { id: number }[] }>()
        .stations.map((station) => station.id)
        .sort((a, b) => a - b);
      // One of the lists sent, whole: never a mix of two edits.
      expect(lists.map((list) => [...list].sort((a, b) => a - b).join())).toContain(kept.join());
    },
  );
});
