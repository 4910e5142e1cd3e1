import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';
import { perDatabase } from '../../lib/prepared.ts';
import { PROGRESSED, updateMeterProgress, type ProgressedCharge, type ProgressValues } from './charge-progress.repository.ts';
import { RUNNING_STATUSES } from './charges.rules.ts';

/*
 * Meter readings of many charges applied together. A network's stations send thousands of
 * MeterValues a second; as one statement each, most of the server's time went into sending them
 * (a socket write per statement, which costs far more than the statement on this sandboxed
 * machine: `npm run bench:ocpp` with PROFILE=1). Here a reading asked while STATEMENTS_AT_ONCE
 * statements are under way waits for the next, which applies every waiting reading of distinct
 * charges in one UPDATE ... FROM unnest(...), with the same guards as `updateMeterProgress`: so a
 * quiet network's reading goes at once, and a busy one's share statements. A batch the database
 * refuses is applied reading by reading, so one station's bad reading fails only its own call.
 */

const STATEMENTS_AT_ONCE = 2;
const BATCH_MAX = 500;

interface Waiting {
  values: ProgressValues;
  settle: (row: ProgressedCharge | undefined) => void;
  fail: (error: unknown) => void;
}

/** A PostgreSQL array literal of numbers, texts without quotes or commas (ISO instants), or NULL. */
const arrayOf = (values: readonly (number | string | null)[]) => `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;

const ph = sql.placeholder;

/** The guarded update of `updateMeterProgress`, for the readings given as arrays (one element per charge). */
const progressTogether = perDatabase((db) =>
  db
    .update(charges)
    .set({
      lastMeterWh: sql`v.meter_wh`,
      lastMeterAt: sql`v.at`,
      consumedWh: sql`v.consumed_wh`,
      amountTyiyn: sql`v.amount_tyiyn`,
      powerW: sql`coalesce(v.power_w, ${charges.powerW})`,
      socPercent: sql`coalesce(v.soc_percent, ${charges.socPercent})`,
      updatedAt: sql`${ph('updatedAt')}::timestamptz`,
    })
    .from(
      sql`unnest(${ph('ids')}::int[], ${ph('meterStarts')}::bigint[], ${ph('prices')}::int[], ${ph('meters')}::bigint[], ${ph('ats')}::timestamptz[],
        ${ph('consumed')}::bigint[], ${ph('amounts')}::bigint[], ${ph('powers')}::int[], ${ph('socs')}::smallint[])
        as v(id, meter_start_wh, price_tyiyn, meter_wh, at, consumed_wh, amount_tyiyn, power_w, soc_percent)`,
    )
    .where(
      and(
        sql`${charges.id} = v.id`,
        inArray(charges.status, [...RUNNING_STATUSES]),
        sql`${charges.meterStartWh} = v.meter_start_wh`,
        sql`${charges.priceTyiyn} = v.price_tyiyn`,
        sql`(${charges.lastMeterAt} is null or ${charges.lastMeterAt} < v.at)`,
      ),
    )
    .returning(PROGRESSED)
    .prepare('charge_meter_progress_together'),
);

async function applyTogether(db: Db, batch: readonly ProgressValues[]): Promise<Map<number, ProgressedCharge>> {
  const column = (text: (values: ProgressValues) => number | string | null) => arrayOf(batch.map(text));
  const arrays = {
    ids: column((values) => values.id),
    meterStarts: column((values) => values.meterStartWh),
    prices: column((values) => values.priceTyiyn),
    meters: column((values) => values.meterWh),
    ats: column((values) => values.at.toISOString()),
    consumed: column((values) => values.consumedWh),
    amounts: column((values) => values.amountTyiyn),
    powers: column((values) => values.powerW),
    socs: column((values) => values.socPercent),
  };
  const rows = await progressTogether(db).execute({ ...arrays, updatedAt: new Date().toISOString() });
  return new Map(rows.map((row) => [row.id, row]));
}

/** The waiting readings of distinct charges, oldest first, taken from `queue`; a charge's later readings stay for the next statement. */
function takeBatch(queue: Waiting[]): Waiting[] {
  const taken: Waiting[] = [];
  const charges = new Set<number>();
  const rest: Waiting[] = [];
  for (const waiting of queue) {
    if (taken.length < BATCH_MAX && !charges.has(waiting.values.id)) {
      charges.add(waiting.values.id);
      taken.push(waiting);
    } else rest.push(waiting);
  }
  // Not splice(..., ...rest): a long queue would overflow the call's arguments.
  queue.length = 0;
  for (const waiting of rest) queue.push(waiting);
  return taken;
}

async function applyBatch(db: Db, batch: readonly Waiting[]) {
  try {
    const applied = await applyTogether(
      db,
      batch.map((waiting) => waiting.values),
    );
    for (const waiting of batch) waiting.settle(applied.get(waiting.values.id));
  } catch {
    for (const waiting of batch) await updateMeterProgress(db, waiting.values).then(waiting.settle, waiting.fail);
  }
}

const batchers = perDatabase((db) => {
  const queue: Waiting[] = [];
  let running = 0;
  const run = async () => {
    running += 1;
    try {
      while (queue.length) await applyBatch(db, takeBatch(queue));
    } finally {
      running -= 1;
    }
  };
  return (values: ProgressValues) =>
    new Promise<ProgressedCharge | undefined>((settle, fail) => {
      queue.push({ values, settle, fail });
      if (running < STATEMENTS_AT_ONCE) void run();
    });
});

/** As `updateMeterProgress`, in a statement shared with the readings of other charges waiting at the same time. */
export function updateMeterProgressTogether(db: Db, values: ProgressValues): Promise<ProgressedCharge | undefined> {
  return batchers(db)(values);
}
