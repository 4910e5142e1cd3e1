import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUploadsApp, type UploadsApp } from '../test/uploads-app.ts';

/*
 * A 100 MB video goes to disk as it arrives: the server's memory stays far below the file's size.
 * The upload is a real HTTP request over 127.0.0.1 from another process (app.inject would hold the
 * payload itself, and a client in this process would count its own buffers). Memory is sampled
 * after a collection, so it is what is held, not garbage waiting. The figures are printed; only
 * the bound that matters is asserted.
 */

const VIDEO_BYTES = 100 * 1024 * 1024;
const MB = 1024 * 1024;
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Sends `size` bytes of mp4 as the `video` field, streamed with back-pressure; prints the answer. */
const CLIENT = `
const http = require('node:http');
const [url, size] = [process.argv[1], Number(process.argv[2])];
const boundary = 'evcms-memory-test';
const head = Buffer.from('--' + boundary + '\\r\\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\\r\\nContent-Type: video/mp4\\r\\n\\r\\n');
const tail = Buffer.from('\\r\\n--' + boundary + '--\\r\\n');
const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisomisom'), Buffer.alloc(12)]);
const zeros = Buffer.alloc(64 * 1024);
const request = http.request(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=' + boundary, 'content-length': head.length + size + tail.length } });
request.on('response', (response) => { let text = ''; response.on('data', (d) => (text += d)).on('end', () => process.stdout.write(text)); });
let left = size - ftyp.length;
request.write(head);
request.write(ftyp);
(function pump() {
  while (left > 0) {
    const chunk = left >= zeros.length ? zeros : zeros.subarray(0, left);
    left -= chunk.length;
    if (!request.write(chunk)) return request.once('drain', pump);
  }
  request.end(tail);
})();
`;

let ctx: UploadsApp;
let url: string;
beforeAll(async () => {
  ctx = await createUploadsApp({ video: { maxBytes: VIDEO_BYTES, stream: true, maxFiles: 1 } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/upload`;
});
afterAll(() => ctx.close());

async function send(size: number) {
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', CLIENT, url, String(size)]);
  return JSON.parse(stdout) as { video: { size: number; onDisk: number; type: string } };
}

it('streams a 100 MB upload to disk without holding it in memory', { timeout: 120_000 }, async () => {
  await send(1024); // the first request loads what every request needs
  gc();
  const before = process.memoryUsage();
  const peak = { heapUsed: 0, arrayBuffers: 0, rss: 0 };
  const sample = setInterval(() => {
    gc();
    const now = process.memoryUsage();
    for (const key of ['heapUsed', 'arrayBuffers', 'rss'] as const) peak[key] = Math.max(peak[key], now[key]);
  }, 50);
  const started = performance.now();
  const answer = await send(VIDEO_BYTES);
  clearInterval(sample);
  expect(answer.video).toMatchObject({ size: VIDEO_BYTES, onDisk: VIDEO_BYTES, type: 'mp4' });
  const grew = (key: keyof typeof peak) => ((peak[key] - before[key]) / MB).toFixed(1);
  console.log(
    `100 MB upload in ${((performance.now() - started) / 1000).toFixed(1)} s; peak growth held by the server: ` +
      `heap ${grew('heapUsed')} MB, buffers ${grew('arrayBuffers')} MB, rss ${grew('rss')} MB`,
  );
  expect(peak.heapUsed - before.heapUsed).toBeLessThan(30 * MB);
  expect(peak.arrayBuffers - before.arrayBuffers).toBeLessThan(30 * MB);
});
