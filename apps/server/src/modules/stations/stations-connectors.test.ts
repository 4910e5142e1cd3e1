import type { Merchant } from '@evcms/contracts/merchants';
import type { ConnectorOnCard, Station } from '@evcms/contracts/stations';
import type { Connector } from '@evcms/contracts/station-connectors';
import { beforeAll, describe, expect, it } from 'vitest';
import { aMerchant } from '../../test/builders/merchants.ts';
import { aStation } from '../../test/builders/stations.ts';
import { useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp();

function patchConnectors(stationId: number, payload: object, lang = 'en') {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/stations/update/${stationId}/connectors/`,
    headers: { ...ctx.auth, 'accept-language': lang },
    payload,
  });
}

const numbers = (connectors: Connector[]) => connectors.map((c) => [c.id, c.evse_id, c.connector_id, c.ocpp_16_id, c.position]);

let merchant: Merchant;
beforeAll(async () => {
  merchant = await aMerchant(ctx.app, ctx.auth);
});

/** Module 1 with connectors in positions 1 and 2, module 2 with one in position 3. */
async function twoModules() {
  const station = await aStation(ctx.database, merchant.id, {
    connectors: [
      { evseId: 1, position: 1 },
      { evseId: 1, position: 2 },
      { evseId: 2, position: 3 },
    ],
  });
  const detail = (await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/`, headers: ctx.auth })).json<Station>();
  return { id: station.id, connectors: detail.connectors };
}

describe('updating connectors', () => {
  it('updates one by id, adds one without, deletes one, and renumbers the station', async () => {
    const { id, connectors } = await twoModules();
    const [c1, c2, c3] = connectors as [ConnectorOnCard, ConnectorOnCard, ConnectorOnCard];
    expect(numbers(connectors)).toEqual([
      [c1.id, 1, 1, 1, 1],
      [c2.id, 1, 2, 2, 2],
      [c3.id, 2, 1, 3, 3],
    ]);
    const response = await patchConnectors(id, {
      connectors: [
        { ...c3, typo: 'ccs2', power_kWh: 150.5, custom_fee: '12.50', cable_length: '', fee_default: 10 },
        { evse_id: 3, typo: 'chademo', position: 4, power_kWh: 50 },
      ],
      deleted_conns_ids: [c1.id, c2.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<Station>().connectors;
    // Module 1 emptied and went; module 2 became 1, the new module 3 became 2.
    expect(numbers(after)).toEqual([
      [c3.id, 1, 1, 1, 3],
      [expect.any(Number), 2, 1, 2, 4],
    ]);
    expect(after[0]).toMatchObject({ typo: 'ccs2', typo_name: 'CCS Combo 2', power_kWh: 150.5, custom_fee: 12.5, cable_length: null });
    expect(after[1]).toMatchObject({ typo: 'chademo', power_kWh: 50, custom_fee: null });
    const read = (await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/update/${id}/`, headers: ctx.auth })).json<Station>();
    expect(numbers(read.connectors)).toEqual(numbers(after));
  });

  it('renumbers connector ids within a module after a removal', async () => {
    const { id, connectors } = await twoModules();
    const response = await patchConnectors(id, { deleted_conns_ids: [connectors[0]!.id] });
    expect(numbers(response.json<Station>().connectors)).toEqual([
      [connectors[1]!.id, 1, 1, 1, 2],
      [connectors[2]!.id, 2, 1, 2, 3],
    ]);
  });

  it('refuses two connectors in one position, naming it, and changes nothing', async () => {
    const { id, connectors } = await twoModules();
    const response = await patchConnectors(id, { connectors: [{ evse_id: 2, typo: 'type2', position: 2, power_kWh: 7 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ connectors: ['Connector positions cannot be the same'] });
    const ru = await patchConnectors(id, { connectors: [{ ...connectors[2]!, position: 1 }] }, 'ru');
    expect(ru.json()).toEqual({ connectors: ['Позиции коннекторов не могут быть одинаковыми'] });
    const read = (await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${id}/`, headers: ctx.auth })).json<Station>();
    expect(numbers(read.connectors)).toEqual(numbers(connectors));
  });

  it('refuses to remove the last connector, and ids of another station', async () => {
    const { id, connectors } = await twoModules();
    const all = connectors.map((c) => c.id);
    expect((await patchConnectors(id, { deleted_conns_ids: all })).json()).toEqual({ connectors: ['Add a connector'] });
    const otherStation = await twoModules();
    const foreign = await patchConnectors(id, { connectors: [{ ...otherStation.connectors[0]!, position: 7 }], deleted_conns_ids: [otherStation.connectors[1]!.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ deleted_conns_ids: ['Select a valid choice'], 'connectors.0.id': ['Select a valid choice'] });
  });

  it('checks each connector with the connector form rules', async () => {
    const { id } = await twoModules();
    const response = await patchConnectors(id, { connectors: [{ evse_id: 1, typo: '', power_kWh: 'x', cable_length: '05', custom_fee: 'abc' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'connectors.0.typo': ['Field cannot be blank'],
      'connectors.0.power_kWh': ['Enter a number'],
      'connectors.0.cable_length': ['Cable length must be an integer'],
      'connectors.0.custom_fee': ['Enter a number'],
    });
    expect((await patchConnectors(999_999, {})).statusCode).toBe(404);
  });
});
