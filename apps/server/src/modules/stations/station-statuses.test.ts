import { describe, expect, it } from 'vitest';
import { aChargePoint } from '../../test/builders/charges.ts';
import { AWKWARD_TEXTS } from '../../test/awkward-texts.ts';
import { useTestApp } from '../../test/test-app.ts';
import {
  findStationOcpp,
  findStatusHistory,
  recordStatus,
  type ConnectorStatusValues,
} from './station-ocpp.service.ts';
import { insertStatuses } from './station-ocpp.repository.ts';
import { deleteStation } from './stations.repository.ts';

/*
 * StatusNotifications of many connectors reported at once share statements (recordStatus): each
 * connector ends at its status received last, every report is in its connector's history in
 * order, texts come back as sent, and a status the database refuses fails only its own call.
 */
const ctx = useTestApp();
const db = () => ctx.database.db;

function aStatus(
  stationId: number,
  connectorId: number,
  minute: number,
  extra: Partial<ConnectorStatusValues> = {},
): ConnectorStatusValues {
  return {
    stationId,
    connectorId,
    status: 'Available',
    errorCode: 'NoError',
    statusAt: new Date(Date.UTC(2024, 2, 1, 10, minute)),
    receivedAt: new Date(Date.UTC(2024, 2, 1, 10, minute, 1)),
    ...extra,
  };
}

describe('recordStatus', () => {
  it('records many connectors’ statuses asked at once, each connector at its last, the history in order, texts as sent', async () => {
    const stations = await Promise.all(Array.from({ length: 4 }, () => aChargePoint(ctx.database)));
    const texts = AWKWARD_TEXTS.filter((text) => !text.includes('\u0000'));
    const infoOf = (n: number, connectorId: number, k: number) => texts[(n * 12 + connectorId * 4 + k) % texts.length]!;
    const statuses = ['Preparing', 'Charging', 'SuspendedEV', 'Finishing'] as const;
    // Per station: connectors 0, 1 and 2, four reports each, all asked at once.
    const asked = stations.flatMap(({ id }, n) =>
      [0, 1, 2].flatMap((connectorId) =>
        statuses.map((status, k) =>
          aStatus(id, connectorId, k, {
            status,
            info: infoOf(n, connectorId, k),
            vendorId: k % 2 ? null : 'Vendor "x"',
            vendorErrorCode: k === 3 ? 'E\\1' : null,
          }),
        ),
      ),
    );
    await Promise.all(asked.map((values) => recordStatus(db(), values)));
    for (const [n, { id }] of stations.entries()) {
      const { statuses: current } = await findStationOcpp(db(), id);
      for (const connectorId of [0, 1, 2])
        expect(current.get(connectorId)).toMatchObject({
          status: 'Finishing',
          vendorErrorCode: 'E\\1',
          info: infoOf(n, connectorId, 3),
        });
      // Each connector's reports in the order given (connectors' reports interleave as their statements ran).
      const history = await findStatusHistory(db(), id);
      const reported = (rows: readonly ConnectorStatusValues[], connectorId: number) =>
        rows
          .filter((row) => row.connectorId === connectorId)
          .map(({ status, info, vendorId }) => ({ status, info, vendorId }));
      for (const connectorId of [0, 1, 2])
        expect(reported(history, connectorId)).toEqual(
          reported(
            asked.filter((values) => values.stationId === id),
            connectorId,
          ),
        );
    }
  });

  it('keeps a connector’s newer status when an older one arrives in the same burst', async () => {
    const { id } = await aChargePoint(ctx.database);
    await Promise.all([
      recordStatus(db(), aStatus(id, 1, 5, { status: 'Charging' })),
      recordStatus(db(), aStatus(id, 1, 2, { status: 'Preparing' })),
    ]);
    expect((await findStationOcpp(db(), id)).statuses.get(1)).toMatchObject({ status: 'Charging' });
    expect((await findStatusHistory(db(), id)).map(({ status }) => status)).toEqual(['Charging', 'Preparing']);
  });

  it('fails only the call whose status the database refuses when statuses share a statement', async () => {
    const [a, b, gone] = await Promise.all([
      aChargePoint(ctx.database),
      aChargePoint(ctx.database),
      aChargePoint(ctx.database),
    ]);
    await deleteStation(db(), gone.id);
    // A's first report takes the statement at once; the others wait and share the next, which the deleted station's report breaks.
    const answers = await Promise.allSettled([
      recordStatus(db(), aStatus(a.id, 1, 1)),
      recordStatus(db(), aStatus(b.id, 1, 1, { status: 'Faulted', errorCode: 'GroundFailure' })),
      recordStatus(db(), aStatus(gone.id, 1, 1)),
      recordStatus(db(), aStatus(a.id, 2, 1, { status: 'Unavailable' })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await findStationOcpp(db(), b.id)).statuses.get(1)).toMatchObject({
      status: 'Faulted',
      errorCode: 'GroundFailure',
    });
    expect((await findStationOcpp(db(), a.id)).statuses.get(2)).toMatchObject({ status: 'Unavailable' });
  });

  it('writes a batch of connectors’ statuses in one statement (the shared path, not the one-by-one fallback)', async () => {
    const { id } = await aChargePoint(ctx.database);
    await insertStatuses(db(), [
      aStatus(id, 0, 1, { info: 'a "quoted" \\ text' }),
      aStatus(id, 1, 1, { status: 'Charging', statusAt: null }),
    ]);
    const { statuses } = await findStationOcpp(db(), id);
    expect(statuses.get(0)).toMatchObject({ status: 'Available', info: 'a "quoted" \\ text' });
    expect(statuses.get(1)).toMatchObject({ status: 'Charging', statusAt: null });
    expect(await findStatusHistory(db(), id)).toHaveLength(2);
  });
});
