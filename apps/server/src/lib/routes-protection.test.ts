import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { aManager } from '../test/builders/accounts.ts';
import { bearer, signIn, useTestApp } from '../test/test-app.ts';
import { createAccessTokens } from './access-tokens.ts';

const SECRET = 'test-secret-test-secret-test-secret';

const ctx = useTestApp();

/** The only routes anyone may call without an access token. Adding one here is a decision. */
const PUBLIC = [
  'GET /api/v1/health',
  // Readiness, for a load balancer or an orchestrator (modules/health).
  'GET /api/v1/ready',
  'POST /api/v1/accounts/login/',
  'POST /api/v1/accounts/refresh/',
  'POST /api/v1/accounts/logout/',
  'POST /api/v1/accounts/password-reset/',
  'POST /api/v1/accounts/password-reset/confirm/',
  'GET /api/openapi.json',
  // The drivers' app's feed, read before any sign-in (modules/app-feed).
  'GET /api/v1/app/feed/',
];

function concrete(url: string) {
  return url.replace(/:[^/]+\??/g, '1').replace(/\*/g, 'x');
}

describe('every API route is protected unless it must not be', () => {
  it('lists exactly the expected public API routes', () => {
    const publicApi = ctx.app.routeTable
      .filter((r) => r.public && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(publicApi.sort()).toEqual([...PUBLIC].sort());
  });

  it('answers 401 without a token, and with a forged one, on every other route', async () => {
    const protectedRoutes = ctx.app.routeTable.filter((r) => !r.public && r.url.startsWith('/api/'));
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      const method = route.method as 'GET' | 'HEAD' | 'POST';
      const none = await ctx.app.inject({
        method,
        url: concrete(route.url),
        payload: method === 'GET' || method === 'HEAD' ? undefined : {},
      });
      expect(none.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (method !== 'HEAD')
        expect(none.json()).toEqual({ detail: 'Учётные данные не были предоставлены или срок их действия истёк.' });
      const forged = await ctx.app.inject({
        method,
        url: concrete(route.url),
        headers: bearer('eyJhbGciOiJIUzI1NiJ9.e30.x'),
      });
      expect(forged.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses an access token signed with another secret', async () => {
    const manager = await aManager(ctx.database);
    const sid = decodeJwt((await signIn(ctx.app, manager.email, manager.password)).access).sid as number;
    const own = await createAccessTokens(SECRET, 60).sign(manager.id, sid);
    const foreign = await createAccessTokens('some-other-secret-entirely', 60).sign(manager.id, sid);
    const me = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me/', headers: bearer(token) });
    expect((await me(own)).statusCode).toBe(200);
    expect((await me(foreign)).statusCode).toBe(401);
  });
});

describe('an access token counts only while its session and its manager do', () => {
  it(
    'answers 401 on every protected route to a well-signed token naming a missing session, no session, a missing manager or another manager’s session',
    { timeout: 120_000 },
    async () => {
      const manager = await aManager(ctx.database);
      const other = await aManager(ctx.database);
      const sid = decodeJwt((await signIn(ctx.app, manager.email, manager.password)).access).sid as number;
      const tokens = createAccessTokens(SECRET, 900);
      // As tokens were signed before they named their session.
      const sessionless = await new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(manager.id))
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(new TextEncoder().encode(SECRET));
      const bad = {
        'a missing session': await tokens.sign(manager.id, sid + 1_000_000),
        'no session': sessionless,
        'a missing manager': await tokens.sign(other.id + 1_000_000, sid),
        'another manager’s session': await tokens.sign(other.id, sid),
      };
      const protectedRoutes = ctx.app.routeTable.filter((r) => !r.public && r.url.startsWith('/api/'));
      const failures: string[] = [];
      for (const route of protectedRoutes) {
        const method = route.method as 'GET' | 'HEAD' | 'POST';
        for (const [what, token] of Object.entries(bad)) {
          const response = await ctx.app.inject({
            method,
            url: concrete(route.url),
            headers: bearer(token),
            payload: method === 'GET' || method === 'HEAD' ? undefined : {},
          });
          const body = method === 'HEAD' ? undefined : response.json<unknown>();
          if (
            response.statusCode !== 401 ||
            (body &&
              JSON.stringify(body) !==
                JSON.stringify({ detail: 'Учётные данные не были предоставлены или срок их действия истёк.' }))
          ) {
            failures.push(
              `${route.method} ${route.url} with ${what}: ${response.statusCode} ${response.body.slice(0, 80)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
      // The session itself is good: its own token is let in.
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/accounts/me/',
        headers: bearer(await tokens.sign(manager.id, sid)),
      });
      expect(me.statusCode).toBe(200);
    },
  );
});

describe('CSRF double submit', () => {
  it('issues an XSRF-TOKEN cookie readable by the page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('refuses a request whose header and cookie differ, and accepts a matching pair', async () => {
    const manager = await aManager(ctx.database);
    const { access } = await signIn(ctx.app, manager.email, manager.password);
    const mismatch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/me/',
      headers: { ...bearer(access), cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'xyz', 'accept-language': 'en' },
      payload: { name: 'X' },
    });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toEqual({ detail: 'CSRF token mismatch.' });
    const match = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/me/',
      headers: { ...bearer(access), cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
      payload: { name: 'X' },
    });
    expect(match.statusCode).toBe(200);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a localised 404 body', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here/',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers malformed JSON with a 400, not a 500, and no stack trace', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login/',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The request body is malformed.' });
  });

  it('answers a body of the wrong type field by field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login/',
      payload: { email: 42, password: [], remember: 'yes' },
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['email', 'password', 'remember']);
  });
});

describe('health and OpenAPI', () => {
  it('reports the database without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('serves an OpenAPI document with the accounts calls and a readable page', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/accounts/login/', '/api/v1/accounts/me/', '/api/v1/health']),
    );
    expect(
      doc.paths['/api/v1/accounts/login/'].post.requestBody.content['application/json'].schema.properties.email,
    ).toBeDefined();
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
