import { describe, expect, it } from 'vitest';
import { aMerchant } from '../test/builders/merchants.ts';
import { aStation } from '../test/builders/stations.ts';
import { useSignedInApp } from '../test/test-app.ts';

const ctx = useSignedInApp();

/** The path without its trailing slash, keeping the query. */
const withoutSlash = (url: string) => url.replace(/\/(\?|$)/, '$1');

describe('a path answers the same with or without its trailing slash', () => {
  it('on lists, details, prefixed roots and sign-in', async () => {
    const merchant = await aMerchant(ctx.app, ctx.auth);
    const station = await aStation(ctx.database, merchant.id);
    const urls = [
      '/api/v1/merchants/',
      `/api/v1/merchants/${merchant.id}/`,
      '/api/v1/payments/',
      '/api/v1/payments/default-rates-fee/',
      `/api/v1/stations/?merchant=${merchant.id}`,
      `/api/v1/stations/${station.id}/`,
      `/api/v1/stations/${station.id}/ocpp/commands/`,
      '/api/v1/accounts/me/',
    ];
    for (const url of urls) {
      const slashed = await ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
      const bare = await ctx.app.inject({ method: 'GET', url: withoutSlash(url), headers: ctx.auth });
      expect(slashed.statusCode, url).toBe(200);
      expect(bare.statusCode, withoutSlash(url)).toBe(200);
      expect(bare.json(), withoutSlash(url)).toEqual(slashed.json());
    }
    // A call that is not a GET, and one that needs no token.
    const created = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/me',
      headers: ctx.auth,
      payload: { name: 'Aibek Sadykov' },
    });
    expect(created.statusCode).toBe(200);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health/' });
    expect(health.statusCode).toBe(200);
  });

  it('keeps the spec’s paths, each ending in a slash, in the route table', () => {
    const urls = ctx.app.routeTable
      // The probes of load balancers and process managers are not the spec's: spelled as such probes are.
      .filter((route) => route.url.startsWith('/api/v1/') && !['/api/v1/health', '/api/v1/ready'].includes(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(urls.filter((url) => !url.endsWith('/'))).toEqual([]);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/payments/',
        'POST /api/v1/users/',
        'GET /api/v1/users/transactions/',
        'GET /api/v1/users/transactions/export/',
      ]),
    );
  });

  it('still answers an unknown path 404 either way', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/v1/nothing-here/']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { ...ctx.auth, 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
