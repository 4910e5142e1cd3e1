import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { charges } from '../../db/schema/charges.ts';
import { arrayLiteral, perDatabase } from '../../lib/prepared.ts';
import { batchedStatement } from '../../lib/statement-batches.ts';
import {
  findOpenMeterBase,
  findOpenMeterBases,
  PROGRESSED,
  updateMeterProgress,
  type MeterBase,
  type ProgressedCharge,
  type ProgressValues,
} from './charge-progress.repository.ts';
import { RUNNING_STATUSES } from './charges.rules.ts';

/*
 * The MeterValues and StatusNotification statements of many stations run together
 * (lib/statement-batches.ts): meter readings of many charges applied in one UPDATE ... FROM
 * unnest(...) with the same guards as `updateMeterProgress`, and the open charges of many
 * connectors read in one statement.
 */

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
        // The charges by their key, whatever the planner expects of unnest or of how many charges run.
        sql`${charges.id} = any(${ph('ids')}::int[])`,
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

async function applyTogether(db: Db, batch: readonly ProgressValues[]): Promise<(ProgressedCharge | undefined)[]> {
  const column = (text: (values: ProgressValues) => number | string | null) => arrayLiteral(batch.map(text));
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
  const applied = new Map(rows.map((row) => [row.id, row]));
  return batch.map((values) => applied.get(values.id));
}

const batchers = perDatabase((db) =>
  batchedStatement<ProgressValues, ProgressedCharge | undefined>({
    key: (values) => values.id,
    together: (batch) => applyTogether(db, batch),
    alone: (values) => updateMeterProgress(db, values),
  }),
);

/** As `updateMeterProgress`, in a statement shared with the readings of other charges waiting at the same time. */
export function updateMeterProgressTogether(db: Db, values: ProgressValues): Promise<ProgressedCharge | undefined> {
  return batchers(db)(values);
}

interface Connector {
  stationId: number;
  connectorId: number;
}

const openReads = perDatabase((db) =>
  batchedStatement<Connector, MeterBase | undefined>({
    key: ({ stationId, connectorId }) => `${stationId}:${connectorId}`,
    together: (batch) => findOpenMeterBases(db, batch),
    alone: ({ stationId, connectorId }) => findOpenMeterBase(db, stationId, connectorId),
  }),
);

/** As `findOpenMeterBase`, in a statement shared with the reads of other connectors waiting at the same time. */
export function findOpenMeterBaseTogether(db: Db, connector: Connector): Promise<MeterBase | undefined> {
  return openReads(db)(connector);
}
