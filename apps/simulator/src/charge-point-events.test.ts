import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChargePoint } from './charge-point.ts';
import type { ChargePointEvent } from './events.ts';
import { startCentralSystem, type CentralSystem } from './test/central-system.ts';

/*
 * What a charge point tells its watcher (events.ts), against a stand-in central system in strict
 * mode: the transaction messages the central system answered, as they were sent, and nothing it
 * did not answer; its link going offline and online again, also when the central system's
 * process went away and another came back on the same address.
 */

const centrals: CentralSystem[] = [];
const chargePoints: ChargePoint[] = [];
afterEach(async () => {
  await Promise.all(chargePoints.splice(0).map((chargePoint) => chargePoint.stop()));
  for (const central of centrals.splice(0)) {
    expect(central.schemaFailures).toEqual([]);
    await central.close();
  }
});

async function central(options: { port?: number } = {}) {
  const started = await startCentralSystem(options);
  centrals.push(started);
  return started;
}

async function watched(endpoint: string, log: (line: string, error: boolean) => void = () => undefined) {
  const events: ChargePointEvent[] = [];
  const chargePoint = new ChargePoint({
    endpoint,
    identity: 'CP-EVENTS',
    password: 'Abcdefgh12345678',
    connectors: 1,
    meterIntervalSeconds: 0,
    events: (event) => events.push(event),
    log,
  });
  chargePoints.push(chargePoint);
  await chargePoint.start();
  return { chargePoint, events, of: (type: ChargePointEvent['type']) => events.filter((event) => event.type === type) };
}

describe('what a charge point records', () => {
  it('each StartTransaction and StopTransaction the central system answered, with what it sent and the transactionId given', async () => {
    const system = await central();
    const { chargePoint, of } = await watched(system.endpoint);
    const outcome = await chargePoint.startSession('DRIVER-1', { seconds: 0.3 });

    const [start] = system.sent('StartTransaction');
    const [stop] = system.sent('StopTransaction');
    expect(of('started')).toEqual([
      {
        type: 'started',
        identity: 'CP-EVENTS',
        at: expect.any(Number),
        connectorId: 1,
        idTag: 'DRIVER-1',
        meterStart: start!.meterStart,
        timestamp: start!.timestamp,
        transactionId: outcome.transactionId,
        idTagStatus: 'Accepted',
      },
    ]);
    expect(of('stopped')).toEqual([
      {
        type: 'stopped',
        identity: 'CP-EVENTS',
        at: expect.any(Number),
        connectorId: 1,
        idTag: 'DRIVER-1',
        meterStop: stop!.meterStop,
        timestamp: stop!.timestamp,
        transactionId: outcome.transactionId,
        reason: 'Local',
      },
    ]);
    // Boot, four statuses, Authorize, Preparing, Start, Charging, Stop, Finishing, Available: every call answered.
    expect(chargePoint.stats.answered).toBe(system.calls.length);
  });

  it("no stop the central system answered with an error: the charge stays the central system's to settle", async () => {
    const system = await central();
    system.answer('StopTransaction', () => {
      throw new Error('database gone');
    });
    const { chargePoint, of } = await watched(system.endpoint);
    const outcome = await chargePoint.startSession('DRIVER-2', { seconds: 0.3 });

    expect(outcome).toMatchObject({ status: 'failed' });
    expect(of('started')).toHaveLength(1);
    expect(of('stopped')).toEqual([]);
    expect(chargePoint.stats.answered).toBe(system.calls.length - 1);
  });

  it("offline when the central system's process goes away, online again once another answers on the same address, without booting again", async () => {
    const first = await central();
    const { chargePoint, events } = await watched(first.endpoint);
    const port = Number(new URL(first.endpoint).port);

    await first.close();
    await vi.waitFor(() => expect(chargePoint.isOnline).toBe(false));
    // Nothing listens for a while: ocpp-rpc's reconnects are refused, and it keeps trying.
    await vi.waitFor(() => expect(chargePoint.stats.connected).toBe(0));
    const second = await central({ port });
    await vi.waitFor(() => expect(chargePoint.isOnline).toBe(true), { timeout: 30_000 });

    expect(events.map((event) => event.type)).toEqual(['online', 'offline', 'online']);
    expect(second.sent('BootNotification')).toEqual([]);
    await vi.waitFor(() =>
      expect(second.sent('StatusNotification').map(({ connectorId }) => connectorId)).toEqual([0, 1]),
    );
  });

  it('tells an answer that came for no call waiting (its call timed out) from a malformed frame', async () => {
    const system = await central();
    const errors: string[] = [];
    const { chargePoint } = await watched(system.endpoint, (line, error) => error && errors.push(line));

    system.client('CP-EVENTS').sendRaw(JSON.stringify([3, 'a-call-long-gone', {}]));
    system.client('CP-EVENTS').sendRaw('not a frame');
    await vi.waitFor(() => expect(chargePoint.stats.errors).toBe(2));
    expect(errors).toEqual([
      'CP-EVENTS: an answer came for no call waiting (after its time-out)',
      'CP-EVENTS: the central system sent a malformed frame',
    ]);
  });
});
