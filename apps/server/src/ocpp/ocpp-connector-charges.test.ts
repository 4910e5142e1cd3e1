import { CHARGE_STATUS_KEYS, type ChargeListItem } from '@evcms/contracts/charges';
import { OCPP_CONNECTOR_STATUS_KEYS } from '@evcms/contracts/ocpp';
import type { Station, StationListItem } from '@evcms/contracts/stations';
import type { RPCClient } from 'ocpp-rpc';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { aDriver } from '../test/builders/drivers.ts';
import { aRate } from '../test/builders/rates.ts';
import { aConnectableStation, useChargePointApp } from '../test/charge-points.ts';
import { connectorChargeStep, STEPPING_STATUSES } from './connector-charges.ts';

/*
 * A connector's reported status moves its charge along: Preparing initiates, Suspended pauses,
 * Charging resumes, Available cancels what never started, and a connector free while its charge
 * still runs (Available, Preparing: no transaction there) leaves that charge not completed.
 */

describe('the step a status asks of the connector’s charge', () => {
  it('follows PRODUCT.md’s charge lifecycle and leaves every other case alone', () => {
    expect(connectorChargeStep('Preparing', null)).toBe('initiate');
    expect(connectorChargeStep('Preparing', { status: 'initiated' })).toBe('none');
    expect(connectorChargeStep('SuspendedEV', { status: 'in_progress' })).toBe('pause');
    expect(connectorChargeStep('SuspendedEVSE', { status: 'in_progress' })).toBe('pause');
    expect(connectorChargeStep('SuspendedEV', { status: 'pause' })).toBe('none');
    expect(connectorChargeStep('Charging', { status: 'pause' })).toBe('resume');
    expect(connectorChargeStep('Charging', { status: 'in_progress' })).toBe('none');
    expect(connectorChargeStep('Available', { status: 'initiated' })).toBe('cancel');
    expect(connectorChargeStep('Available', { status: 'canceled' })).toBe('none');
    expect(connectorChargeStep('Faulted', { status: 'in_progress' })).toBe('none');
    expect(connectorChargeStep('Finishing', { status: 'in_progress' })).toBe('none');
    expect(connectorChargeStep('Charging', null)).toBe('none');
  });

  it('closes a charge still running on a connector reported free, which holds no transaction (a reboot lost it); Preparing then opens the next', () => {
    expect(connectorChargeStep('Available', { status: 'in_progress' })).toBe('close');
    expect(connectorChargeStep('Available', { status: 'pause' })).toBe('close');
    expect(connectorChargeStep('Preparing', { status: 'in_progress' })).toBe('replace');
    expect(connectorChargeStep('Preparing', { status: 'pause' })).toBe('replace');
  });

  it('asks nothing of any charge for the statuses whose charge is not even read', () => {
    const others = OCPP_CONNECTOR_STATUS_KEYS.filter((status) => !STEPPING_STATUSES.has(status));
    expect(others).toEqual(['Finishing', 'Reserved', 'Unavailable', 'Faulted']);
    for (const status of others) {
      for (const open of [null, ...CHARGE_STATUS_KEYS.map((chargeStatus) => ({ status: chargeStatus }))])
        expect(connectorChargeStep(status, open)).toBe('none');
    }
  });
});

const ctx = useChargePointApp();

beforeAll(async () => {
  await aRate(ctx.database, { typo: 'type2', priceTyiyn: 1250, status: 0 });
});

async function get<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { ...ctx.auth, 'accept-language': 'en' } });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

async function connectedStation() {
  const station = await aConnectableStation(ctx);
  const client = await ctx.connect(station.identity);
  await vi.waitFor(async () => expect((await get<Station>(`/api/v1/stations/${station.id}/`)).online).toBe(true));
  return { station, client };
}

const status = (client: RPCClient, connectorId: number, value: string) =>
  client.call('StatusNotification', { connectorId, errorCode: 'NoError', status: value });
const chargesAt = async (stationId: number) =>
  (await get<{ items: ChargeListItem[] }>(`/api/v1/users/transactions/?station_id__in=${stationId}`)).items;

describe('a connector’s statuses and its charge', () => {
  it('Preparing initiates the charge StartTransaction takes; Suspended pauses it and Charging resumes it', async () => {
    const { station, client } = await connectedStation();
    const driver = await aDriver(ctx.database, { balanceTyiyn: 50_000, idTags: ['PREP-1'] });
    await status(client, 1, 'Preparing');
    const [initiated] = await chargesAt(station.id);
    expect(initiated).toMatchObject({ status: 'initiated', driver: null });

    // Started ten minutes ago (sent late): the 2.5 kWh read below is within what the connector delivers since.
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    const started = (await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'PREP-1',
      meterStart: 0,
      timestamp: tenMinutesAgo,
    })) as { transactionId: number };
    expect(started.transactionId).toBe(initiated!.id);
    await status(client, 1, 'Charging');
    await status(client, 1, 'SuspendedEV');
    expect(await chargesAt(station.id)).toMatchObject([
      { id: initiated!.id, status: 'pause', driver: { id: driver.id } },
    ]);
    await status(client, 1, 'Charging');
    expect(await chargesAt(station.id)).toMatchObject([{ id: initiated!.id, status: 'in_progress' }]);
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId: started.transactionId,
      meterValue: [
        {
          timestamp: new Date().toISOString(),
          sampledValue: [
            { value: '2500', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
            { value: '7400', measurand: 'Power.Active.Import', unit: 'W' },
            { value: '64', measurand: 'SoC', unit: 'Percent' },
          ],
        },
      ],
    });

    // The card and the list show the charge on its connector as it runs.
    const charge = {
      id: started.transactionId,
      status: 'in_progress',
      status_name: 'Charging',
      driver: { id: driver.id, name: expect.any(String) },
      consumed: 2.5,
      amount: 31.25,
      power_kw: 7.4,
      soc: 64,
    };
    const card = await get<Station>(`/api/v1/stations/${station.id}/`);
    expect(card.connectors.find((connector) => connector.ocpp_16_id === 1)).toMatchObject({
      ocpp_status: { status: 'Charging' },
      charge,
    });
    expect(card.connectors.find((connector) => connector.ocpp_16_id === 2)!.charge).toBeNull();
    const list = await get<{ items: StationListItem[] }>(`/api/v1/stations/?merchant=${card.merchant}`);
    expect(list.items[0]).toMatchObject({
      online: true,
      connectors: expect.arrayContaining([
        expect.objectContaining({ ocpp_16_id: 1, charge: expect.objectContaining(charge) }),
      ]),
    });
    // Another connector, and the station itself, leave the charge alone.
    await status(client, 2, 'SuspendedEVSE');
    await status(client, 0, 'Available');
    expect(await chargesAt(station.id)).toMatchObject([{ id: initiated!.id, status: 'in_progress' }]);
  });

  it('a connector back to Available cancels the charge that never started', async () => {
    const { station, client } = await connectedStation();
    await status(client, 2, 'Preparing');
    await status(client, 2, 'Preparing');
    await status(client, 2, 'Available');
    expect(await chargesAt(station.id)).toMatchObject([{ status: 'canceled', result: 'failed' }]);
  });
});
