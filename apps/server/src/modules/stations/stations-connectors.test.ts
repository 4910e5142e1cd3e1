import type { Merchant } from '@evcms/contracts/merchants';
import type { ConnectorOnCard, Station } from '@evcms/contracts/stations';
import type { Connector } from '@evcms/contracts/station-connectors';
import { beforeAll, describe, expect, it } from 'vitest';
import { aMerchant } from '../../test/builders/merchants.ts';
import { aStation } from '../../test/builders/stations.ts';
import { multipartForm, type FormValue } from '../../test/multipart.ts';
import { openApiPaths, useSignedInApp } from '../../test/test-app.ts';

const ctx = useSignedInApp();

function patchConnectors(stationId: number, payload: object, lang = 'en') {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/stations/update/${stationId}/connectors/`,
    headers: { ...ctx.auth, 'accept-language': lang },
    payload,
  });
}

/** The station update with the connectors in it, as the web's edit sends it (multipart). */
async function patchStation(stationId: number, fields: Record<string, FormValue | undefined>) {
  const form = await multipartForm(fields);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/stations/update/${stationId}/`,
    headers: { ...ctx.auth, ...form.headers, 'accept-language': 'en' },
    payload: form.payload,
  });
}

const readCard = async (id: number) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stations/${id}/`,
      headers: { ...ctx.auth, 'accept-language': 'en' },
    })
  ).json<Station>();

/** A stored connector as a form sends it back (its empty optional fields left out). */
const formConnector = (c: ConnectorOnCard) => ({
  id: String(c.id),
  evse_id: String(c.evse_id),
  connector_id: String(c.connector_id),
  typo: c.typo,
  position: String(c.position),
  power_kWh: String(c.power_kWh),
});

const numbers = (connectors: Connector[]) =>
  connectors.map((c) => [c.id, c.evse_id, c.connector_id, c.ocpp_16_id, c.position]);

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
  const detail = (
    await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${station.id}/`, headers: ctx.auth })
  ).json<Station>();
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
    expect(after[0]).toMatchObject({
      typo: 'ccs2',
      typo_name: 'CCS Combo 2',
      power_kWh: 150.5,
      custom_fee: 12.5,
      cable_length: null,
    });
    expect(after[1]).toMatchObject({ typo: 'chademo', power_kWh: 50, custom_fee: null });
    const read = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/update/${id}/`, headers: ctx.auth })
    ).json<Station>();
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
    const response = await patchConnectors(id, {
      connectors: [{ evse_id: 2, typo: 'type2', position: 2, power_kWh: 7 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ connectors: ['Connector positions cannot be the same'] });
    const ru = await patchConnectors(id, { connectors: [{ ...connectors[2]!, position: 1 }] }, 'ru');
    expect(ru.json()).toEqual({ connectors: ['Позиции коннекторов не могут быть одинаковыми'] });
    const read = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/stations/${id}/`, headers: ctx.auth })
    ).json<Station>();
    expect(numbers(read.connectors)).toEqual(numbers(connectors));
  });

  it('refuses to remove the last connector, and ids of another station', async () => {
    const { id, connectors } = await twoModules();
    const all = connectors.map((c) => c.id);
    expect((await patchConnectors(id, { deleted_conns_ids: all })).json()).toEqual({ connectors: ['Add a connector'] });
    const otherStation = await twoModules();
    const foreign = await patchConnectors(id, {
      connectors: [{ ...otherStation.connectors[0]!, position: 7 }],
      deleted_conns_ids: [otherStation.connectors[1]!.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      deleted_conns_ids: ['Select a valid choice'],
      'connectors.0.id': ['Select a valid choice'],
    });
  });

  it('checks each connector with the connector form rules', async () => {
    const { id } = await twoModules();
    const response = await patchConnectors(id, {
      connectors: [{ evse_id: 1, typo: '', power_kWh: 'x', cable_length: '05', custom_fee: 'abc' }],
    });
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

describe('one station edit: its fields and connectors in one request', () => {
  it('changes both, and renumbers the station', async () => {
    const { id, connectors } = await twoModules();
    const [c1, c2, c3] = connectors as [ConnectorOnCard, ConnectorOnCard, ConnectorOnCard];
    const response = await patchStation(id, {
      pic: 'Bakyt',
      connectors: [{ ...formConnector(c2), typo: 'ccs2', power_kWh: '150' }, formConnector(c3)],
      deleted_conns_ids: [String(c1.id)],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<Station>();
    expect(after.pic).toBe('Bakyt');
    expect(numbers(after.connectors)).toEqual([
      [c2.id, 1, 1, 1, 2],
      [c3.id, 2, 1, 2, 3],
    ]);
    expect(after.connectors[0]).toMatchObject({ typo: 'ccs2', power_kWh: 150 });
    expect(await readCard(id)).toEqual(after);
  });

  it('leaves the fields as they were when a connector is refused', async () => {
    const { id, connectors } = await twoModules();
    const before = await readCard(id);
    const clash = await patchStation(id, {
      pic: 'Bakyt',
      name_en: 'Renamed',
      connectors: [{ evse_id: '2', typo: 'type2', position: '2', power_kWh: '7' }],
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ connectors: ['Connector positions cannot be the same'] });
    const foreign = await patchStation(id, { pic: 'Bakyt', 'deleted_conns_ids[0]': '999999' });
    expect(foreign.json()).toEqual({ deleted_conns_ids: ['Select a valid choice'] });
    const invalid = await patchStation(id, {
      pic: 'Bakyt',
      connectors: [{ ...formConnector(connectors[0]!), typo: '' }],
    });
    expect(invalid.json()).toEqual({ 'connectors.0.typo': ['Field cannot be blank'] });
    expect(await readCard(id)).toEqual(before);
  });

  it("still takes the specification's two calls: the fields, then the connectors", async () => {
    const { id, connectors } = await twoModules();
    expect((await patchStation(id, { pic: 'Bakyt' })).statusCode).toBe(200);
    const response = await patchConnectors(id, {
      connectors: [{ ...formConnector(connectors[2]!), power_kWh: 50 }],
      deleted_conns_ids: [connectors[0]!.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      pic: 'Bakyt',
      connectors: [{ id: connectors[1]!.id }, { id: connectors[2]!.id, power_kWh: 50 }],
    });
  });

  it("ends consistent after 100 edits of one station at once: every answer a 200, the last one's fields and connectors stored together", async () => {
    const { id, connectors } = await twoModules();
    const edits = Array.from({ length: 100 }, (_, i) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/stations/update/${id}/`,
        headers: ctx.auth,
        payload: { pic: `Person ${i + 1}`, connectors: [{ ...formConnector(connectors[0]!), power_kWh: i + 1 }] },
      }),
    );
    const answers = await Promise.all(edits);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const stored = await readCard(id);
    expect(stored.pic).toBe(`Person ${stored.connectors[0]!.power_kWh}`);
    expect(numbers(stored.connectors)).toEqual(numbers(connectors));
  });
});

describe('the station update in the OpenAPI document', () => {
  it('takes the connectors, as JSON and as a form', async () => {
    type Body = {
      content: Record<
        string,
        { schema: { properties: Record<string, { type?: string; items?: { properties: object } }> } }
      >;
    };
    const paths = await openApiPaths<{ patch: { requestBody: Body } }>(ctx.app);
    const { content } = paths['/api/v1/stations/update/{id}/']!.patch.requestBody;
    for (const type of ['application/json', 'multipart/form-data']) {
      expect(Object.keys(content[type]!.schema.properties.connectors!.items!.properties)).toEqual(
        expect.arrayContaining(['id', 'evse_id', 'typo', 'power_kWh']),
      );
    }
  });
});
