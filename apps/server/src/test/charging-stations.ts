import { setTimeout as delay } from 'node:timers/promises';
import type { RPCClient } from 'ocpp-rpc';
import type pg from 'pg';

/*
 * Charge points charging one charge after another, as a test or a benchmark drives them while the
 * central system is made to suffer, and what must be true of the database afterwards: every start
 * and stop the central system acknowledged is there, each stop debited once, and every driver's
 * balance the sum of the ledger.
 */

export interface ChargingStation {
  id: number;
  identity: string;
  idTag: string;
  client: RPCClient;
  /** Acknowledged StartTransactions: the transactionId answered, the meter sent. */
  starts: { transactionId: number; meterStart: number }[];
  /** Acknowledged StopTransactions. */
  stops: { transactionId: number; meterStop: number }[];
}

/** The call answered; a CALLERROR is tried again a moment later, as a charge point retries its transaction messages. */
export async function answered(client: RPCClient, action: string, params: object, withinMs = 60_000): Promise<unknown> {
  const until = Date.now() + withinMs;
  for (;;) {
    try {
      return await client.call(action, params);
    } catch (error) {
      // A CALLERROR carries its code (ocpp-rpc's RPCError, whose class plain Node cannot import by name); anything else is the socket's.
      const callError = typeof (error as { rpcErrorCode?: unknown }).rpcErrorCode === 'string';
      if (!callError || Date.now() > until) throw error;
      await delay(200);
    }
  }
}

/**
 * Charges of 2 kWh at connector 1, one after another until `halt` (the charge under way is
 * finished first). Telemetry (statuses, meter values) is sent once and not retried: the next
 * report supersedes it. Each charge is stamped 15 minutes long on a clock that starts two days
 * back (as a station delivering its queue late would), so the energy is within what the
 * connector's power delivers in the time and is billed as sent (charge-plausibility.rules.ts).
 */
export async function charging(station: ChargingStation, halt: AbortSignal): Promise<void> {
  const { client, idTag } = station;
  let meter = 0;
  let clock = Date.now() - 2 * 24 * 3_600_000;
  const at = (minutes: number) => new Date(clock + minutes * 60_000).toISOString();
  while (!halt.aborted) {
    const start = { connectorId: 1, idTag, meterStart: meter, timestamp: at(0) };
    const { transactionId } = (await answered(client, 'StartTransaction', start)) as { transactionId: number };
    station.starts.push({ transactionId, meterStart: meter });
    await client
      .call('StatusNotification', { connectorId: 1, status: 'Charging', errorCode: 'NoError' })
      .catch(() => undefined);
    for (const [minutes, wh] of [
      [5, 700],
      [10, 1400],
    ] as const) {
      const sampledValue = [{ value: String(meter + wh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' }];
      await client
        .call('MeterValues', { connectorId: 1, transactionId, meterValue: [{ timestamp: at(minutes), sampledValue }] })
        .catch(() => undefined);
    }
    const stop = { transactionId, meterStop: meter + 2000, timestamp: at(15), reason: 'Local' };
    await answered(client, 'StopTransaction', stop);
    station.stops.push({ transactionId, meterStop: stop.meterStop });
    await client
      .call('StatusNotification', { connectorId: 1, status: 'Available', errorCode: 'NoError' })
      .catch(() => undefined);
    meter += 2000;
    clock += 20 * 60_000;
  }
}

interface ChargeRow {
  id: number;
  station_id: number;
  id_tag: string;
  meter_start_wh: string;
  meter_stop_wh: string | null;
  status: string;
  total_tyiyn: string;
  debits: string[] | null;
}

/** What the database lacks or has wrong of what the stations were told (none: an empty list), read through `admin`. */
export async function lostAcknowledgements(admin: pg.Client, stations: readonly ChargingStation[]): Promise<string[]> {
  const problems: string[] = [];
  const ids = stations.flatMap((station) => station.starts.map((start) => start.transactionId));
  const { rows } = await admin.query<ChargeRow>(
    `SELECT c.id, c.station_id, c.id_tag, c.meter_start_wh, c.meter_stop_wh, c.status, c.total_tyiyn,
            (SELECT array_agg(e.debit_tyiyn) FROM balance_entries e WHERE e.charge_id = c.id AND e.method = 'charge') AS debits
       FROM charges c WHERE c.id = any($1)`,
    [ids],
  );
  const charges = new Map(rows.map((row) => [row.id, row]));
  for (const station of stations) {
    for (const { transactionId, meterStart } of station.starts) {
      const charge = charges.get(transactionId);
      if (
        !charge ||
        charge.station_id !== station.id ||
        charge.id_tag !== station.idTag ||
        Number(charge.meter_start_wh) !== meterStart
      ) {
        problems.push(`start ${transactionId} at ${station.identity}: ${JSON.stringify(charge ?? 'missing')}`);
      }
    }
    for (const { transactionId, meterStop } of station.stops) {
      const charge = charges.get(transactionId);
      const debited =
        charge?.debits?.length === 1 && charge.debits[0] === charge.total_tyiyn && Number(charge.total_tyiyn) > 0;
      if (charge?.status !== 'finished' || Number(charge.meter_stop_wh) !== meterStop || !debited) {
        problems.push(`stop ${transactionId} at ${station.identity}: ${JSON.stringify(charge ?? 'missing')}`);
      }
    }
  }
  const { rows: balances } = await admin.query<{ id: number; balance: string; ledger: string; last_after: string }>(
    `SELECT d.id, d.balance_tyiyn AS balance, sum(e.credit_tyiyn - e.debit_tyiyn) AS ledger,
            (array_agg(e.balance_after_tyiyn ORDER BY e.id DESC))[1] AS last_after
       FROM drivers d JOIN balance_entries e ON e.driver_id = d.id GROUP BY d.id`,
  );
  for (const row of balances) {
    if (row.ledger !== row.balance || row.last_after !== row.balance)
      problems.push(`driver ${row.id}: balance ${row.balance}, ledger ${row.ledger}, last entry's ${row.last_after}`);
  }
  return problems;
}
