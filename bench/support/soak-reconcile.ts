/**
 * The soak bench's reconciliation: what the stations were told (each StartTransaction and
 * StopTransaction the central system answered, as the simulator recorded them) against what the
 * database holds at the end. Every acknowledged start is a charge with the station's connector, id
 * tag and meter start; every acknowledged stop's charge is finished with that meterStop and its
 * energy; no charge is debited twice, a finished charge is debited its total, an open one nothing;
 * every driver's balance is the sum of their ledger entries and the last entry's balance after.
 * Charges still open at the end are counted by why. `reconcile` is plain logic (tested on its own);
 * `readBooks` reads the database's side.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../apps/server/src/db/client.ts';

export interface StartAck {
  identity: string;
  connectorId: number;
  transactionId: number;
  idTag: string;
  meterStart: number;
}

export interface StopAck {
  identity: string;
  transactionId: number;
  meterStop: number;
}

export interface ChargeRow {
  id: number;
  status: string;
  identity: string | null;
  connectorId: number;
  idTag: string | null;
  meterStartWh: number | null;
  meterStopWh: number | null;
  consumedWh: number;
  totalTyiyn: number;
}

/** The debits written against one charge. */
export interface DebitRow {
  chargeId: number;
  entries: number;
  debitTyiyn: number;
}

export interface DriverRow {
  id: number;
  balanceTyiyn: number;
  /** The sum of the driver's entries, credit minus debit. */
  ledgerTyiyn: number;
  /** The newest entry's balance after (null without entries). */
  lastBalanceAfterTyiyn: number | null;
}

export interface Books {
  charges: ChargeRow[];
  debits: DebitRow[];
  drivers: DriverRow[];
}

/** A kind of discrepancy: how many, and a few examples to look up. */
export interface Finding {
  count: number;
  samples: string[];
}

export interface Reconciliation {
  starts: number;
  stops: number;
  charges: number;
  drivers: number;
  /** Discrepancies by kind; none when the books are clean. */
  problems: Record<string, Finding>;
  /** Charges open (or left not completed) at the end, by why. */
  open: Record<string, Finding>;
}

const FINISHED = new Set(['finished', 'stopped']);
const OPEN = new Set(['initiated', 'in_progress', 'pause']);
const SAMPLES = 5;

function add(into: Record<string, Finding>, kind: string, sample: string): void {
  const finding = (into[kind] ??= { count: 0, samples: [] });
  finding.count += 1;
  if (finding.samples.length < SAMPLES) finding.samples.push(sample);
}

export function reconcile(acks: { starts: StartAck[]; stops: StopAck[] }, books: Books): Reconciliation {
  const problems: Record<string, Finding> = {};
  const open: Record<string, Finding> = {};
  const charges = new Map(books.charges.map((charge) => [charge.id, charge]));
  const started = new Map<number, StartAck>();
  for (const start of acks.starts) {
    const tx = `transaction ${start.transactionId} (${start.identity} connector ${start.connectorId})`;
    const earlier = started.get(start.transactionId);
    if (earlier)
      add(
        problems,
        'one transactionId acknowledged to two starts',
        `${tx}, and ${earlier.identity} connector ${earlier.connectorId}`,
      );
    started.set(start.transactionId, start);
    const charge = charges.get(start.transactionId);
    if (!charge) add(problems, 'acknowledged start without its charge', tx);
    else if (
      charge.identity !== start.identity ||
      charge.connectorId !== start.connectorId ||
      charge.idTag !== start.idTag ||
      charge.meterStartWh !== start.meterStart
    ) {
      add(
        problems,
        'acknowledged start unlike its charge',
        `${tx}: charge of ${charge.identity} connector ${charge.connectorId}, tag ${charge.idTag}, meter start ${charge.meterStartWh}`,
      );
    }
  }
  const stopped = new Set<number>();
  for (const stop of acks.stops) {
    stopped.add(stop.transactionId);
    const tx = `transaction ${stop.transactionId} (${stop.identity})`;
    const charge = charges.get(stop.transactionId);
    if (!charge) add(problems, 'acknowledged stop without its charge', tx);
    else if (!FINISHED.has(charge.status))
      add(problems, 'acknowledged stop, charge not finished', `${tx}: ${charge.status}`);
    else if (charge.meterStopWh !== stop.meterStop)
      add(problems, 'acknowledged stop, another meter stop', `${tx}: ${charge.meterStopWh} for ${stop.meterStop}`);
    else if (charge.consumedWh !== stop.meterStop - (charge.meterStartWh ?? NaN)) {
      add(
        problems,
        "acknowledged stop, energy not its meter stop's",
        `${tx}: ${charge.consumedWh} Wh for ${stop.meterStop} - ${charge.meterStartWh}`,
      );
    }
  }
  const debits = new Map(books.debits.map((debit) => [debit.chargeId, debit]));
  for (const charge of books.charges) {
    const debit = debits.get(charge.id);
    const what = `charge ${charge.id} (${charge.status}, total ${charge.totalTyiyn})`;
    if (debit && debit.entries > 1) add(problems, 'charge debited more than once', `${what}: ${debit.entries} debits`);
    else if (FINISHED.has(charge.status) && charge.totalTyiyn > 0 && debit?.debitTyiyn !== charge.totalTyiyn) {
      add(problems, 'finished charge not debited its total', `${what}: debited ${debit?.debitTyiyn ?? 0}`);
    } else if (!FINISHED.has(charge.status) && debit)
      add(problems, 'unfinished charge debited', `${what}: debited ${debit.debitTyiyn}`);
    if (OPEN.has(charge.status) || charge.status === 'not_completed') {
      const state = OPEN.has(charge.status) ? 'open' : 'not completed';
      const why = !started.has(charge.id)
        ? "the station never had the start's answer"
        : stopped.has(charge.id)
          ? 'its stop was acknowledged'
          : "the station's stop was never answered";
      add(open, `${state}: ${why}`, `charge ${charge.id} (${charge.identity} connector ${charge.connectorId})`);
    }
  }
  for (const driver of books.drivers) {
    if (driver.balanceTyiyn !== driver.ledgerTyiyn)
      add(
        problems,
        'balance not the sum of the ledger',
        `driver ${driver.id}: ${driver.balanceTyiyn} for ${driver.ledgerTyiyn}`,
      );
    else if (driver.lastBalanceAfterTyiyn !== null && driver.lastBalanceAfterTyiyn !== driver.balanceTyiyn) {
      add(
        problems,
        "balance not the last entry's balance after",
        `driver ${driver.id}: ${driver.balanceTyiyn} for ${driver.lastBalanceAfterTyiyn}`,
      );
    }
  }
  return {
    starts: acks.starts.length,
    stops: acks.stops.length,
    charges: books.charges.length,
    drivers: books.drivers.length,
    problems,
    open,
  };
}

export async function readBooks(database: Database): Promise<Books> {
  const { db } = database;
  const [charges, debits, drivers] = await Promise.all([
    queryRows<ChargeRow>(
      db,
      sql`select c.id, c.status, s.identity, c.ocpp_connector_id as "connectorId", c.id_tag as "idTag", c.meter_start_wh::float8 as "meterStartWh",
        c.meter_stop_wh::float8 as "meterStopWh", c.consumed_wh::float8 as "consumedWh", c.total_tyiyn::float8 as "totalTyiyn"
      from charges c left join stations s on s.id = c.station_id`,
    ),
    queryRows<DebitRow>(
      db,
      sql`select charge_id as "chargeId", count(*)::int as entries, sum(debit_tyiyn)::float8 as "debitTyiyn"
      from balance_entries where charge_id is not null and debit_tyiyn > 0 group by charge_id`,
    ),
    queryRows<DriverRow>(
      db,
      sql`select d.id, d.balance_tyiyn::float8 as "balanceTyiyn",
        coalesce((select sum(e.credit_tyiyn - e.debit_tyiyn) from balance_entries e where e.driver_id = d.id), 0)::float8 as "ledgerTyiyn",
        (select e.balance_after_tyiyn::float8 from balance_entries e where e.driver_id = d.id order by e.id desc limit 1) as "lastBalanceAfterTyiyn"
      from drivers d`,
    ),
  ]);
  return { charges, debits, drivers };
}
