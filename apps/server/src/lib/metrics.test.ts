import { describe, expect, it, vi } from 'vitest';
import { aConnectableStation, useChargePointApp } from '../test/charge-points.ts';
import { createTestApp } from '../test/test-app.ts';

/* GET /metrics: off unless METRICS_TOKEN is set, then only with it, in Prometheus' text format, counting what happened. */

const TOKEN = 'metrics-token-of-the-tests';
const ctx = useChargePointApp({ METRICS_TOKEN: TOKEN });

/** Prometheus' text format read back: each sample's `name{labels}` to its value; comments skipped. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    samples.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return samples;
}

async function scrape() {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return parse(response.body);
}

describe('GET /metrics', () => {
  it('refuses a scrape without the token or with another', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: expect.any(String) });
  });

  it('is not there at all without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("counts the stations, their calls by outcome, commands, the API's requests and the process", async () => {
    const station = await aConnectableStation(ctx);
    const client = await ctx.connect(station.identity, { strictMode: false });
    await client.call('BootNotification', { chargePointVendor: 'Test', chargePointModel: 'Metrics' });
    await client.call('Heartbeat', {});
    await client.call('Heartbeat', {});
    await expect(client.call('MadeUpAction', {})).rejects.toMatchObject({ rpcErrorCode: 'NotImplemented' });
    await expect(client.call('Heartbeat', { extra: 1 })).rejects.toBeDefined();
    client.handle('Reset', async () => ({ status: 'Accepted' }));
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/stations/reset/${encodeURIComponent(station.identity)}/`,
      headers: ctx.auth,
      payload: { reset_type: 'Soft' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await ctx.app.inject({ method: 'GET', url: '/api/v1/merchants/', headers: ctx.auth });

    const samples = await scrape();
    expect(samples.get('ocpp_stations_connected')).toBe(1);
    expect(samples.get('ocpp_stations_booted')).toBe(1);
    expect(samples.get('ocpp_calls_received_total{action="Heartbeat",outcome="result"}')).toBe(2);
    expect(samples.get('ocpp_calls_received_total{action="BootNotification",outcome="result"}')).toBe(1);
    // A made-up action is counted, under a name of ours.
    expect(samples.get('ocpp_calls_received_total{action="other",outcome="NotImplemented"}')).toBe(1);
    expect(
      [...samples].find(
        ([key]) => key.startsWith('ocpp_calls_received_total{action="Heartbeat",outcome="') && !key.includes('result'),
      ),
    ).toBeDefined();
    expect(samples.get('ocpp_call_duration_seconds_count{action="Heartbeat"}')).toBe(3);
    expect(samples.get('ocpp_call_duration_seconds_bucket{le="+Inf",action="Heartbeat"}')).toBe(3);
    expect(samples.get('ocpp_call_duration_seconds_sum{action="Heartbeat"}')).toBeGreaterThan(0);
    expect(samples.get('ocpp_commands_sent_total{action="Reset",outcome="accepted"}')).toBe(1);
    expect(samples.get('charges_in_progress')).toBe(0);
    expect(samples.get('ocpp_message_log_backlog_bytes')).toBeGreaterThanOrEqual(0);
    expect(samples.get('http_requests_total{method="GET",route="/api/v1/merchants/",status="200"}')).toBe(1);
    expect(samples.get('http_request_duration_seconds_count{method="GET",route="/api/v1/merchants/"}')).toBe(1);
    expect(samples.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(samples.get('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    if (ctx.database.kind === 'postgres') {
      expect(samples.get('db_pool_connections{pool="evcms",state="total"}')).toBeGreaterThan(0);
      expect(samples.has('db_pool_connections{pool="evcms-telemetry",state="waiting"}')).toBe(true);
    }

    await client.close({ force: true });
    await vi.waitFor(async () => expect((await scrape()).get('ocpp_stations_connected')).toBe(0));
  });
});
