import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

let web: string;
let plain: TestContext;
let secure: TestContext;
let ownMaps: TestContext;
beforeAll(async () => {
  web = await mkdtemp(path.join(os.tmpdir(), 'evcms-web-'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  await mkdir(path.join(web, 'assets'));
  await writeFile(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(web, 'assets', 'index-abc123.css'), 'body{margin:0}');
  await writeFile(path.join(web, 'assets', 'marker-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  [plain, secure, ownMaps] = await Promise.all([
    createTestApp({ WEB_DIST: web }),
    createTestApp({ WEB_DIST: web, PUBLIC_URL: 'https://office.example.kg' }),
    createTestApp({
      WEB_DIST: web,
      MAP_TILE_URL: 'https://{s}.tiles.example.kg/osm/{z}/{x}/{y}.png',
      GEOCODER_URL: 'http://127.0.0.1:8091/nominatim',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain.close(), secure.close(), ownMaps.close()]);
  await rm(web, { recursive: true, force: true });
});

/** The page's CSP as directive name -> sources. */
async function directives(context: TestContext): Promise<Record<string, string[]>> {
  const { headers } = await context.app.inject({ method: 'GET', url: '/merchants', headers: { accept: 'text/html' } });
  const parts = String(headers['content-security-policy'])
    .split(';')
    .map((directive) => directive.trim().split(/\s+/));
  return Object.fromEntries(parts.map(([name = '', ...sources]) => [name, sources]));
}

describe('security headers', () => {
  it('let the page run only its own scripts, and be framed by no one', async () => {
    for (const url of ['/', '/merchants', '/api/v1/health']) {
      const { headers } = await plain.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      expect(headers['x-frame-options'], url).toBe('DENY');
      expect(headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('ask for https only when the back office is served over https', async () => {
    const { headers } = await secure.app.inject({ method: 'GET', url: '/' });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('let the page show map tiles and call the geocoder of the settings, and no other', async () => {
    const byDefault = await directives(plain);
    expect(byDefault['img-src']).toContain('https://tile.openstreetmap.org');
    expect(byDefault['connect-src']).toEqual(["'self'", 'https://nominatim.openstreetmap.org']);
    const own = await directives(ownMaps);
    expect(own['img-src']).toContain('https://*.tiles.example.kg');
    expect(own['img-src']).not.toContain('https://tile.openstreetmap.org');
    expect(own['connect-src']).toEqual(["'self'", 'http://127.0.0.1:8091']);
  });

  it('go with pages, not with every built script and style, which keep only what applies to them', async () => {
    for (const url of ['/assets/app-abc123.js', '/assets/index-abc123.css']) {
      const { statusCode, headers } = await secure.app.inject({ method: 'GET', url });
      expect(statusCode, url).toBe(200);
      // A script or a style is not a document: a policy or a framing rule on it does nothing.
      for (const name of [
        'content-security-policy',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'strict-transport-security',
        'origin-agent-cluster',
      ]) {
        expect(headers[name], `${url} ${name}`).toBeUndefined();
      }
      // What a browser does apply to a script or a style: no type guessing, not readable by other sites.
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    // An image can be opened as a document of its own (an SVG runs scripts), so it keeps the policy.
    const svg = await secure.app.inject({ method: 'GET', url: '/assets/marker-abc123.svg' });
    expect(svg.headers['content-security-policy']).toContain("script-src 'self'");
    const page = await secure.app.inject({ method: 'GET', url: '/merchants', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('leave media its own, stricter policy', async () => {
    const uploads = path.join(plain.config.dataDir, 'uploads', 'surroundings');
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, 'probe.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const { statusCode, headers } = await plain.app.inject({ method: 'GET', url: '/media/surroundings/probe.svg' });
    expect(statusCode).toBe(200);
    expect(headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});
