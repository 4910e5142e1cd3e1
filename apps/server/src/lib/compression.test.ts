import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { COMPRESS_THRESHOLD } from './compression.ts';

const ctx = useTestApp();

// The OpenAPI document is a public API answer far over 1 KB; the health check is one well under.
const LARGE = '/api/openapi.json';
const SMALL = '/api/v1/health';

describe('API answer compression', () => {
  it('gzips an answer over 1 KB for a client that accepts gzip', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: LARGE });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const response = await ctx.app.inject({ method: 'GET', url: LARGE, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(gunzipSync(response.rawPayload).toString()).toBe(plain.body);
  });

  it('prefers brotli when the client accepts it', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: LARGE });
    const response = await ctx.app.inject({
      method: 'GET',
      url: LARGE,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: SMALL, headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(expect.any(Object));
  });

  it('answers a HEAD with no body, describing the uncompressed answer', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: LARGE });
    const response = await ctx.app.inject({ method: 'HEAD', url: LARGE, headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(plain.rawPayload.length);
  });

  it('leaves an error answer its status and body', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/',
      headers: { 'accept-encoding': 'gzip', 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  it('never compresses files on the fly: uploads are images, Swagger UI is a developer page', async () => {
    const folder = path.join(ctx.config.dataDir, 'uploads', 'surroundings');
    await mkdir(folder, { recursive: true });
    await writeFile(
      path.join(folder, 'big.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(1000)}</svg>`,
    );
    for (const url of ['/media/surroundings/big.svg', '/api/docs/static/swagger-ui.css']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.length, url).toBeGreaterThan(COMPRESS_THRESHOLD);
      expect(response.headers['content-encoding'], url).toBeUndefined();
    }
  });
});
