/**
 * What reading a station's frame costs the OCPP-J layer alone (ocpp/rpc/frames.ts), on bench:ocpp's
 * call mix (support/ocpp-frames.ts: MeterValues, StatusNotification, Heartbeat), no socket and no
 * database: JSON.parse, the nesting bound checked before it, parseFrame (both), and the raw text's
 * check for escapes that could hold a NUL or a surrogate alone (ocpp/connection.ts). Prints the median
 * and the fastest of 7 runs, in ns per frame; the bound's share of parseFrame is what to read.
 * Run: npm run bench:ocpp-frame   (FRAMES= to change the count)
 */
import { randomUUID } from 'node:crypto';
import { MAX_FRAME_DEPTH, nestsDeeperThan, parseFrame } from '../apps/server/src/ocpp/rpc/frames.ts';
import { loadCall, type StationState } from './support/ocpp-frames.ts';

const FRAMES = Number(process.env.FRAMES ?? 10_000);
const RUNS = 7;
const ROUNDS = 10;

const frames: string[] = [];
for (let i = 0; i < FRAMES; i += 1) {
  const station: StationState = { index: i % 1_000, transactionId: 1_000 + i, meterWh: 1_000, lastAt: 0, calls: i };
  const [action, payload] = loadCall(station);
  frames.push(JSON.stringify([2, randomUUID(), action, payload]));
}

/** Keeps the results alive, so no step is optimised away. */
let sink = 0;
function measure(name: string, step: (text: string) => unknown): void {
  for (const frame of frames) sink += step(frame) ? 1 : 0;
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = process.hrtime.bigint();
    for (let round = 0; round < ROUNDS; round += 1) for (const frame of frames) sink += step(frame) ? 1 : 0;
    runs.push(Number(process.hrtime.bigint() - start) / (ROUNDS * frames.length));
  }
  runs.sort((a, b) => a - b);
  console.log(
    `  ${name.padEnd(44)} ${runs[RUNS >> 1]!.toFixed(0).padStart(6)} ns/frame (fastest ${runs[0]!.toFixed(0)})`,
  );
}

const meanChars = frames.reduce((sum, frame) => sum + frame.length, 0) / frames.length;
console.log(`${FRAMES} frames of bench:ocpp's call mix, ${meanChars.toFixed(0)} characters on average`);
measure('JSON.parse', (text) => JSON.parse(text));
measure(`nesting bound (${MAX_FRAME_DEPTH} levels)`, (text) => nestsDeeperThan(text, MAX_FRAME_DEPTH));
measure('parseFrame (bound, parse, head)', (text) => parseFrame(text));
measure("escape check (text.includes('\\\\u'))", (text) => text.includes('\\u'));
if (sink < 0) console.log(sink);
