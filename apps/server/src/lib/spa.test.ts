import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let web: string;
/** A built chunk with its .br and .gz siblings and a source map, as the build would leave them. */
const chunk = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text ${i}`))};`;
beforeAll(async () => {
  web = await mkdtemp(path.join(os.tmpdir(), 'evcms-web-'));
  await mkdir(path.join(web, 'assets'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(web, 'assets', 'app-def456.js'), chunk);
  await writeFile(path.join(web, 'assets', 'app-def456.js.br'), brotliCompressSync(chunk));
  await writeFile(path.join(web, 'assets', 'app-def456.js.gz'), gzipSync(chunk));
  await writeFile(path.join(web, 'assets', 'app-def456.js.map'), '{"version":3,"sources":["app.tsx"]}');
  await writeFile(path.join(web, 'favicon.svg'), '<svg/>');
  ctx = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await ctx.close();
  await rm(web, { recursive: true, force: true });
});

/** The built chunk asked for with `headers` (the encodings the client accepts). */
const chunkFile = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url: '/assets/app-def456.js', headers });

describe('web app serving', () => {
  it('answers client routes with index.html, revalidated', async () => {
    for (const url of ['/', '/merchants/merchant/5', '/change-password?token=abc']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset or API path with 404, not the page', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/missing' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/missing.png' })).statusCode).toBe(404);
  });

  it('answers a missing or malformed media path with 404 in the product format, never the page', async () => {
    await writeFile(path.join(ctx.config.dataDir, 'secret.txt'), 'not for the web');
    const outside = [
      '/media/%2e%2e/secret.txt',
      '/media/..%2fsecret.txt',
      '/media/surroundings/%2e%2e/%2e%2e/secret.txt',
    ];
    for (const url of [
      '/media/surroundings/gone.svg',
      '/media/x',
      '/media/',
      '/media',
      '/media/surroundings/',
      ...outside,
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-language': 'en' },
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: 'Not found.' });
    }
  });

  it('sends a built file brotli-compressed to a client that accepts brotli, cached for a year', async () => {
    const response = await chunkFile({ 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(chunk);
  });

  it('sends it gzipped to a client that accepts gzip only', async () => {
    const response = await chunkFile({ 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(chunk);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const response = await chunkFile();
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(chunk);
  });

  it('answers a HEAD and a revalidation with the headers of the chosen encoding and no body', async () => {
    const head = await chunkFile({ 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
    const etag = String(head.headers.etag);
    const again = await chunkFile({ 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never serves source maps or the compressed siblings by their own names', async () => {
    for (const url of ['/assets/app-def456.js.map', '/assets/app-def456.js.br', '/assets/app-def456.js.gz']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: expect.any(String) });
    }
  });
});
