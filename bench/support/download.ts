/**
 * What an export costs the server: a download by a client in its own process (so its memory is
 * not counted) that reads and discards the bytes, and this process's peak RSS while it runs.
 */
import { spawn } from 'node:child_process';

const MB = 1024 * 1024;

/** The client: GETs the url, counts and discards the bytes. */
const CLIENT = `
const http = require('node:http');
const [url, encoding, authorization] = process.argv.slice(1);
const headers = { ...(encoding ? { 'accept-encoding': encoding } : {}), ...(authorization ? { authorization } : {}) };
http.get(url, { headers }, (res) => {
  let bytes = 0;
  res.on('data', (chunk) => { bytes += chunk.length; });
  res.on('end', () => { console.log(JSON.stringify({ status: res.statusCode, bytes, complete: res.complete })); });
}).on('error', (error) => { console.error(error.message); process.exit(1); });`;

export function fetchInChild(
  url: string,
  encoding: string,
  authorization = '',
): Promise<{ status: number; bytes: number; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, url, encoding, authorization], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`client exited with ${code}`)),
    );
  });
}

/** This process's peak RSS while `work` runs, and its growth over the RSS before; sampled every 10 ms. */
export async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; growthMb: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await work();
    return { result, peakMb: peak / MB, growthMb: (peak - base) / MB };
  } finally {
    clearInterval(timer);
  }
}
