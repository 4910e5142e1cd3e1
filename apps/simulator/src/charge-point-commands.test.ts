import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChargePoint, type ChargePointOptions } from './charge-point.ts';
import { startCentralSystem, type CentralSystem } from './test/central-system.ts';

/*
 * One simulated charge point against a stand-in central system in strict mode: its sessions' frames
 * in OCPP 1.6's order and schema, and its answers to the central system's commands.
 */

let central: CentralSystem;
const chargePoints: ChargePoint[] = [];
let count = 0;
/** Where each charge point's calls after its first boot and status reports begin. */
const bootedAt = new Map<string, number>();

beforeAll(async () => {
  central = await startCentralSystem();
});
afterEach(async () => {
  await Promise.all(chargePoints.splice(0).map((chargePoint) => chargePoint.stop()));
  central.reset();
  expect(central.schemaFailures).toEqual([]);
});
afterAll(() => central?.close());

async function started(options: Partial<ChargePointOptions> = {}) {
  count += 1;
  const chargePoint = new ChargePoint({
    endpoint: central.endpoint,
    identity: `CP-${count}`,
    password: 'Abcdefgh12345678',
    rebootSeconds: 0,
    ...options,
  });
  chargePoints.push(chargePoint);
  await chargePoint.start();
  bootedAt.set(chargePoint.identity, central.calls.length);
  return { chargePoint, identity: chargePoint.identity, server: central.client(chargePoint.identity) };
}

/** The actions `identity` sent after booting, with the status of each StatusNotification of `connectorId`. */
function story(identity: string, connectorId: number): string[] {
  return central.calls
    .slice(bootedAt.get(identity))
    .filter((call) => call.identity === identity && !['BootNotification', 'Heartbeat'].includes(call.action))
    .filter((call) => call.action !== 'StatusNotification' || call.params.connectorId === connectorId)
    .map((call) => (call.action === 'StatusNotification' ? call.params.status : call.action));
}

const calls = (identity: string, action: string) =>
  central.calls.filter((call) => call.identity === identity && call.action === action).map((call) => call.params);

describe('booting', () => {
  it('boots, reports connector 0 and each connector Available, and takes the heartbeat interval it is given', async () => {
    central.answer('BootNotification', () => ({
      status: 'Accepted',
      currentTime: new Date().toISOString(),
      interval: 42,
    }));
    const { chargePoint, identity } = await started({ connectors: 3 });
    await vi.waitFor(() => expect(calls(identity, 'StatusNotification')).toHaveLength(4));

    expect(calls(identity, 'BootNotification')[0]).toMatchObject({
      chargePointVendor: 'EVCMS',
      chargePointModel: 'Simulator',
    });
    expect(calls(identity, 'StatusNotification').map(({ connectorId, status }) => [connectorId, status])).toEqual([
      [0, 'Available'],
      [1, 'Available'],
      [2, 'Available'],
      [3, 'Available'],
    ]);
    expect(chargePoint.configuration.read(['HeartbeatInterval']).configurationKey[0]?.value).toBe('42');
  });

  it('after a dropped connection, connects again and reports its statuses, without booting again', async () => {
    const { chargePoint, identity, server } = await started({ connectors: 1 });

    await server.close({ code: 1011, reason: 'Dropped' });
    await vi.waitFor(() => expect(central.client(identity)).not.toBe(server), { timeout: 15_000 });
    await vi.waitFor(() => expect(story(identity, 1)).toEqual(['Available']));
    expect(calls(identity, 'BootNotification')).toHaveLength(1);
    expect(chargePoint.isOnline).toBe(true);
  });
});

describe('a charging session', () => {
  it('authorizes, starts with the register, samples energy, power and SoC, and stops with the final register', async () => {
    const { chargePoint, identity } = await started({ meterIntervalSeconds: 0.2, powerKw: 50 });
    const outcome = await chargePoint.startSession('DRIVER-1', { seconds: 1.2 });

    expect(outcome).toMatchObject({ status: 'completed', transactionId: expect.any(Number), reason: 'Local' });
    expect(story(identity, 1)).toEqual([
      'Authorize',
      'Preparing',
      'StartTransaction',
      'Charging',
      ...calls(identity, 'MeterValues').map(() => 'MeterValues'),
      'StopTransaction',
      'Finishing',
      'Available',
    ]);
    const start = calls(identity, 'StartTransaction')[0]!;
    const samples = calls(identity, 'MeterValues');
    const stop = calls(identity, 'StopTransaction')[0]!;
    expect(start).toMatchObject({ connectorId: 1, idTag: 'DRIVER-1', meterStart: expect.any(Number) });
    expect(samples.length).toBeGreaterThanOrEqual(2);
    const sample = samples[0]!;
    expect(sample).toMatchObject({ connectorId: 1, transactionId: outcome.transactionId });
    const measurands = sample.meterValue[0].sampledValue.map((value: { measurand: string; unit: string }) => [
      value.measurand,
      value.unit,
    ]);
    expect(measurands).toEqual([
      ['Energy.Active.Import.Register', 'Wh'],
      ['Power.Active.Import', 'W'],
      ['SoC', 'Percent'],
    ]);
    expect(sample.meterValue[0].sampledValue[1].value).toBe('50000');
    // The register only grows, and the stop carries its last value: 50 kW for about 1.2 s is about 17 Wh.
    const registers = samples.map((values) => Number(values.meterValue[0].sampledValue[0].value));
    expect([start.meterStart, ...registers, stop.meterStop]).toEqual(
      [start.meterStart, ...registers, stop.meterStop].sort((a, b) => a - b),
    );
    expect(stop).toMatchObject({ transactionId: outcome.transactionId, idTag: 'DRIVER-1', reason: 'Local' });
    expect(stop.meterStop - start.meterStart).toBe(outcome.energyWh);
    expect(outcome.energyWh).toBeGreaterThanOrEqual(16);
  });

  it('never starts for an id tag the central system refuses', async () => {
    central.answer('Authorize', ({ idTag }) => ({
      idTagInfo: { status: idTag === 'BLOCKED' ? 'Blocked' : 'Accepted' },
    }));
    const { chargePoint, identity } = await started();
    expect(await chargePoint.startSession('BLOCKED')).toEqual({ status: 'refused', idTagStatus: 'Blocked' });
    expect(story(identity, 1)).toEqual(['Authorize']);
  });

  it('stops at once (DeAuthorized) a transaction whose start the central system did not accept', async () => {
    central.answer('StartTransaction', () => ({ transactionId: 900, idTagInfo: { status: 'Invalid' } }));
    const { chargePoint, identity } = await started();
    const outcome = await chargePoint.startSession('UNKNOWN', { seconds: 60 });

    expect(outcome).toMatchObject({
      status: 'refused',
      transactionId: 900,
      reason: 'DeAuthorized',
      idTagStatus: 'Invalid',
    });
    expect(story(identity, 1)).toEqual([
      'Authorize',
      'Preparing',
      'StartTransaction',
      'StopTransaction',
      'Finishing',
      'Available',
    ]);
  });
});

describe('commands of the central system', () => {
  async function charging(options: Partial<ChargePointOptions> = {}) {
    const point = await started({ meterIntervalSeconds: 60, ...options });
    const outcome = point.chargePoint.startSession('DRIVER-2', { seconds: 600 });
    await vi.waitFor(() => expect(story(point.identity, 1)).toContain('Charging'));
    const transactionId = point.chargePoint.connector(1)!.session!.transactionId!;
    return { ...point, outcome, transactionId };
  }

  it('RemoteStopTransaction: Accepted for its transaction, which stops with reason Remote; Rejected for another', async () => {
    const { server, outcome, transactionId } = await charging();

    expect(await server.call('RemoteStopTransaction', { transactionId: transactionId + 1000 })).toEqual({
      status: 'Rejected',
    });
    expect(await server.call('RemoteStopTransaction', { transactionId })).toEqual({ status: 'Accepted' });
    expect(await outcome).toMatchObject({ status: 'completed', reason: 'Remote', transactionId });
  });

  it('RemoteStartTransaction: Accepted and charged without Authorize on a free connector; Rejected when none is free', async () => {
    const { chargePoint, server, identity } = await started({ connectors: 1, sessionSeconds: 600 });

    expect(await server.call('RemoteStartTransaction', { idTag: 'REMOTE-1' })).toEqual({ status: 'Accepted' });
    await vi.waitFor(() => expect(story(identity, 1)).toEqual(['Preparing', 'StartTransaction', 'Charging']));
    expect(calls(identity, 'StartTransaction')[0]).toMatchObject({ connectorId: 1, idTag: 'REMOTE-1' });
    expect(await server.call('RemoteStartTransaction', { idTag: 'REMOTE-2' })).toEqual({ status: 'Rejected' });
    expect(await server.call('RemoteStartTransaction', { idTag: 'REMOTE-2', connectorId: 7 })).toEqual({
      status: 'Rejected',
    });
    chargePoint.connector(1)!.session!.end('Remote');
  });

  it('UnlockConnector: Unlocked, stopping the session on it (UnlockCommand); NotSupported for a connector it lacks', async () => {
    const { server, outcome } = await charging();

    expect(await server.call('UnlockConnector', { connectorId: 1 })).toEqual({ status: 'Unlocked' });
    expect(await outcome).toMatchObject({ status: 'completed', reason: 'UnlockCommand' });
    expect(await server.call('UnlockConnector', { connectorId: 9 })).toEqual({ status: 'NotSupported' });
  });

  it('ChangeAvailability: Scheduled while charging, Unavailable once the session ends; Accepted and reported when idle', async () => {
    const { chargePoint, server, identity, outcome } = await charging();

    expect(await server.call('ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).toEqual({
      status: 'Scheduled',
    });
    expect(await server.call('ChangeAvailability', { connectorId: 2, type: 'Inoperative' })).toEqual({
      status: 'Accepted',
    });
    await vi.waitFor(() => expect(story(identity, 2).at(-1)).toBe('Unavailable'));
    chargePoint.connector(1)!.session!.end('Local');
    await outcome;
    expect(story(identity, 1).slice(-3)).toEqual(['StopTransaction', 'Finishing', 'Unavailable']);
    expect(await chargePoint.startSession('DRIVER-3')).toMatchObject({ status: 'failed', error: 'no free connector' });

    expect(await server.call('ChangeAvailability', { connectorId: 0, type: 'Operative' })).toEqual({
      status: 'Accepted',
    });
    await vi.waitFor(() =>
      expect([story(identity, 0).at(-1), story(identity, 1).at(-1), story(identity, 2).at(-1)]).toEqual([
        'Available',
        'Available',
        'Available',
      ]),
    );
    expect(await server.call('ChangeAvailability', { connectorId: 5, type: 'Operative' })).toEqual({
      status: 'Rejected',
    });
  });

  it('Reset: Accepted, the session stopped (HardReset), the connection closed, then connected and booted again', async () => {
    const { server, identity, outcome, chargePoint } = await charging();

    expect(await server.call('Reset', { type: 'Hard' })).toEqual({ status: 'Accepted' });
    expect(await outcome).toMatchObject({ status: 'completed', reason: 'HardReset' });
    await vi.waitFor(() => expect(calls(identity, 'BootNotification')).toHaveLength(2));
    expect(central.client(identity)).not.toBe(server);
    await vi.waitFor(() => expect(chargePoint.isOnline).toBe(true));
    await vi.waitFor(() => expect(story(identity, 1).at(-1)).toBe('Available'));
  });

  it('TriggerMessage: Accepted, then the message asked for; Rejected for a connector it lacks', async () => {
    const { server, identity } = await charging();
    const before = central.calls.length;

    for (const requestedMessage of [
      'Heartbeat',
      'BootNotification',
      'DiagnosticsStatusNotification',
      'FirmwareStatusNotification',
    ]) {
      expect(await server.call('TriggerMessage', { requestedMessage })).toEqual({ status: 'Accepted' });
    }
    expect(await server.call('TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 1 })).toEqual({
      status: 'Accepted',
    });
    expect(await server.call('TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 2 })).toEqual({
      status: 'Accepted',
    });
    expect(await server.call('TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 3 })).toEqual({
      status: 'Rejected',
    });

    await vi.waitFor(() =>
      expect(
        central.calls
          .slice(before)
          .filter((call) => call.identity === identity)
          .map((call) => call.action),
      ).toEqual([
        'Heartbeat',
        'BootNotification',
        'DiagnosticsStatusNotification',
        'FirmwareStatusNotification',
        'MeterValues',
        'StatusNotification',
      ]),
    );
    const triggered = calls(identity, 'MeterValues').at(-1)!;
    expect(triggered.meterValue[0].sampledValue[0]).toMatchObject({
      context: 'Trigger',
      measurand: 'Energy.Active.Import.Register',
    });
    expect(triggered.transactionId).toBeGreaterThan(0);
  });

  it('GetConfiguration and ChangeConfiguration over its keys', async () => {
    const { server } = await started({ meterIntervalSeconds: 15 });

    expect(await server.call('GetConfiguration', { key: ['MeterValueSampleInterval', 'NoSuchKey'] })).toEqual({
      configurationKey: [{ key: 'MeterValueSampleInterval', readonly: false, value: '15' }],
      unknownKey: ['NoSuchKey'],
    });
    const all = (await server.call('GetConfiguration', {})) as { configurationKey: { key: string }[] };
    expect(all.configurationKey.map(({ key }) => key)).toEqual(
      expect.arrayContaining(['HeartbeatInterval', 'MeterValueSampleInterval', 'NumberOfConnectors']),
    );

    const change = (key: string, value: string) => server.call('ChangeConfiguration', { key, value });
    expect(await change('MeterValueSampleInterval', '30')).toEqual({ status: 'Accepted' });
    expect(await change('HeartbeatInterval', 'often')).toEqual({ status: 'Rejected' });
    expect(await change('NumberOfConnectors', '4')).toEqual({ status: 'Rejected' });
    expect(await change('NoSuchKey', '1')).toEqual({ status: 'NotSupported' });
    expect(await server.call('GetConfiguration', { key: ['MeterValueSampleInterval'] })).toEqual({
      configurationKey: [{ key: 'MeterValueSampleInterval', readonly: false, value: '30' }],
    });
  });
});
