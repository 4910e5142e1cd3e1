import { describe, expect, it } from 'vitest';
import { aManager } from '../../test/builders/accounts.ts';
import { bearer, signIn, useTestApp } from '../../test/test-app.ts';

const ctx = useTestApp({
  MAP_TILE_URL: 'http://127.0.0.1:8091/tiles/{z}/{x}/{y}.png',
  GEOCODER_URL: 'http://127.0.0.1:8091/geo/',
});

describe('map settings', () => {
  it('tell a signed-in manager the tile server and geocoder the server is set up with', async () => {
    const manager = await aManager(ctx.database);
    const { access } = await signIn(ctx.app, manager.email, manager.password);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/common/map-settings/',
      headers: bearer(access),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tile_url: 'http://127.0.0.1:8091/tiles/{z}/{x}/{y}.png',
      geocoder_url: 'http://127.0.0.1:8091/geo',
    });
  });

  it('are not told to anyone signed out', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/common/map-settings/' });
    expect(response.statusCode).toBe(401);
  });
});
