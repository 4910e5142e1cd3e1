import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CHARGE_REVIEW_REASONS, type ChargeReviewReason } from '@evcms/contracts/charges';
import type { Db } from '../../db/client.ts';
import { charges, oneOf } from '../../db/schema/charges.ts';
import { arrayLiteral, perDatabase } from '../../lib/prepared.ts';
import { METER_SLACK_WH, POWER_MARGIN } from './charge-plausibility.rules.ts';
import { OPEN_STATUSES, RUNNING_STATUSES } from './charges.rules.ts';

/*
 * The charges' statements on MeterValues' and StatusNotification's hot path (thousands of calls a
 * second from a large network): prepared (lib/prepared.ts) and reading only the columns they need.
 */

const ph = sql.placeholder;

/**
 * What a meter reading needs of its charge besides the reading: its station and status, its start's
 * meter and price, and what a promotion is chosen by (charge-discounts.service.ts: start and driver).
 */
const baseColumns = {
  id: charges.id,
  stationId: charges.stationId,
  status: charges.status,
  meterStartWh: charges.meterStartWh,
  priceTyiyn: charges.priceTyiyn,
  driverId: charges.driverId,
  startedAt: charges.startedAt,
};

const byId = perDatabase((db) =>
  db
    .select(baseColumns)
    .from(charges)
    .where(eq(charges.id, ph('id')))
    .prepare('charge_meter_base'),
);

/**
 * The open statuses written into the statement, not passed as parameters: only then may a prepared
 * statement's generic plan use charges_open_idx, whose predicate names them. With parameters it
 * read the station's whole history backwards (charges_station_idx) on every StatusNotification.
 */
const isOpen = oneOf('charges.status', OPEN_STATUSES);

/**
 * The newest open charge of each connector of a batch, found through charges_open_idx by the
 * connector's key (a lateral subquery): a few index probes per connector, whatever the batch's size
 * or the network's number of open charges. A semi-join of the open charges against the batch scanned
 * every open charge for each statement (docs/performance.md).
 */
const openOnConnectors = perDatabase((db) => {
  const newest = db
    .select(baseColumns)
    .from(charges)
    .where(and(sql`${charges.stationId} = v.station_id`, sql`${charges.ocppConnectorId} = v.connector_id`, isOpen))
    .orderBy(desc(charges.startedAt), desc(charges.id))
    .limit(1)
    .as('newest');
  return db
    .select({
      id: newest.id,
      stationId: newest.stationId,
      status: newest.status,
      meterStartWh: newest.meterStartWh,
      priceTyiyn: newest.priceTyiyn,
      driverId: newest.driverId,
      startedAt: newest.startedAt,
      n: sql<number>`v.n`.mapWith(Number),
    })
    .from(
      sql`unnest(${ph('stationIds')}::int[], ${ph('connectorIds')}::int[]) with ordinality as v(station_id, connector_id, n)`,
    )
    .crossJoinLateral(newest)
    .prepare('charge_meter_base_open_each');
});

export type MeterBase = Awaited<ReturnType<ReturnType<typeof byId>['execute']>>[number];

/** The newest open charge (initiated, charging or paused) of each connector given, in order: one statement for many. */
export async function findOpenMeterBases(
  db: Db,
  connectors: readonly { stationId: number; connectorId: number }[],
): Promise<(MeterBase | undefined)[]> {
  const rows = await openOnConnectors(db).execute({
    stationIds: arrayLiteral(connectors.map(({ stationId }) => stationId)),
    connectorIds: arrayLiteral(connectors.map(({ connectorId }) => connectorId)),
  });
  const found = new Map<number, MeterBase>(rows.map(({ n, ...base }) => [n, base]));
  return connectors.map((_, i) => found.get(i + 1));
}

export async function findMeterBase(db: Db, id: number): Promise<MeterBase | undefined> {
  const [row] = await byId(db).execute({ id });
  return row;
}

/** What a meter reading's update gives back. */
export const PROGRESSED = {
  id: charges.id,
  status: charges.status,
  stopRequestedAt: charges.stopRequestedAt,
  amountTyiyn: charges.amountTyiyn,
  discountTyiyn: charges.discountTyiyn,
  driverId: charges.driverId,
  // Spelt out: drizzle leaves RETURNING's columns unqualified, which the subquery's tables would capture.
  driverBalanceTyiyn: sql<
    number | null
  >`(select d.balance_tyiyn from driver_id_tags t join drivers d on d.id = t.driver_id where lower(t.id_tag) = lower(charges.id_tag))`.mapWith(
    Number,
  ),
};

/** Wh the charge's connector can deliver from `since` to the reading's time (charge-plausibility.rules.ts plausibleEnergyWh, in SQL). */
const allowedWh = (since: SQL) =>
  sql`floor(${charges.maxPowerW} * ${sql.raw(String(POWER_MARGIN))} * greatest(0, extract(epoch from v.at - ${since})) / 3600) + ${sql.raw(String(METER_SLACK_WH))}`;

/**
 * The reading within the charge's power bound (charge-plausibility.rules.ts isPlausibleReading):
 * since the start and since the last believed reading. Computed from the row, so no statement
 * before it needs the last reading; a charge without a bound (ended before it was kept) has none.
 */
const withinPowerBound = sql`(${charges.maxPowerW} is null or (v.meter_wh - ${charges.meterStartWh} <= ${allowedWh(sql`${charges.startedAt}`)}
  and v.meter_wh - coalesce(${charges.lastMeterWh}, ${charges.meterStartWh}) <= ${allowedWh(sql`coalesce(${charges.lastMeterAt}, ${charges.startedAt})`)}))`;
/** A column's new value when the reading is believed, its value kept when not. */
const ifBelieved = (value: SQL, kept: SQL) => sql`case when ${withinPowerBound} then ${value} else ${kept} end`;

/** `current` or `next`, whichever weighs more (charge-plausibility.rules.ts weightierReview). */
function weightierReviewSql(current: SQL, next: SQL): SQL {
  const order = sql.raw(`array[${CHARGE_REVIEW_REASONS.map((reason) => `'${reason}'`).join(', ')}]::text[]`);
  return sql`case when array_position(${order}, ${next}) > coalesce(array_position(${order}, ${current}), 0) then ${next} else ${current} end`;
}

/**
 * Marks a charge for review (a station's time replaced on a meter reading): the weightier of its
 * reason and this one, written only when that changes it. A statement of its own, off the batched
 * progress: only a station with a wrong clock pays it.
 */
export async function markForReview(db: Db, id: number, reason: ChargeReviewReason): Promise<void> {
  const weightier = weightierReviewSql(sql`${charges.reviewReason}`, sql`${reason}::text`);
  await db
    .update(charges)
    .set({ reviewReason: sql`${weightier}` })
    .where(and(eq(charges.id, id), sql`${charges.reviewReason} is distinct from ${weightier}`));
}

/**
 * The batch's values as a row each, each finding its charge by key: one primary-key probe per
 * value, whatever the batch's size (telemetry connections plan no sequential scan, db/client.ts).
 * The guard on the status is kept out of the index conditions
 * (`is true`): with it as one, a generic plan made while the statistics knew few charges (a new
 * database, or before the next ANALYZE) scanned every running charge for each statement through
 * charges_status_idx instead (docs/performance.md).
 */
const progress = perDatabase((db) =>
  db
    .update(charges)
    .set({
      // A reading past the power bound moves nothing but the charge's review mark.
      lastMeterWh: ifBelieved(sql`v.meter_wh`, sql`${charges.lastMeterWh}`),
      lastMeterAt: ifBelieved(sql`v.at`, sql`${charges.lastMeterAt}`),
      consumedWh: ifBelieved(sql`v.consumed_wh`, sql`${charges.consumedWh}`),
      amountTyiyn: ifBelieved(sql`v.amount_tyiyn`, sql`${charges.amountTyiyn}`),
      discountTyiyn: ifBelieved(sql`v.discount_tyiyn`, sql`${charges.discountTyiyn}`),
      promotionId: ifBelieved(sql`v.promotion_id`, sql`${charges.promotionId}`),
      powerW: ifBelieved(sql`coalesce(v.power_w, ${charges.powerW})`, sql`${charges.powerW}`),
      socPercent: ifBelieved(sql`coalesce(v.soc_percent, ${charges.socPercent})`, sql`${charges.socPercent}`),
      reviewReason: sql`case when ${withinPowerBound} then ${charges.reviewReason} else ${weightierReviewSql(sql`${charges.reviewReason}`, sql`'meter_jump'`)} end`,
      updatedAt: sql`${ph('updatedAt')}::timestamptz`,
    })
    .from(
      sql`unnest(${ph('ids')}::int[], ${ph('meterStarts')}::bigint[], ${ph('prices')}::int[], ${ph('meters')}::bigint[], ${ph('ats')}::timestamptz[],
        ${ph('consumed')}::bigint[], ${ph('amounts')}::bigint[], ${ph('discounts')}::bigint[], ${ph('promotions')}::int[], ${ph('powers')}::int[], ${ph('socs')}::smallint[])
        as v(id, meter_start_wh, price_tyiyn, meter_wh, at, consumed_wh, amount_tyiyn, discount_tyiyn, promotion_id, power_w, soc_percent)`,
    )
    .where(
      and(
        sql`${charges.id} = v.id`,
        sql`(${inArray(charges.status, [...RUNNING_STATUSES])}) is true`,
        sql`${charges.meterStartWh} = v.meter_start_wh`,
        sql`${charges.priceTyiyn} = v.price_tyiyn`,
        sql`(${charges.lastMeterAt} is null or ${charges.lastMeterAt} < v.at)`,
      ),
    )
    // Whether the reading was past the bound, told by the row it left: a believed reading is now its last.
    .returning({ ...PROGRESSED, jumped: sql<boolean>`charges.last_meter_at is distinct from v.at` })
    .prepare('charge_meter_progress_by_key'),
);

export interface ProgressValues {
  id: number;
  meterStartWh: number;
  priceTyiyn: number;
  meterWh: number;
  at: Date;
  consumedWh: number;
  /** The running price as charge-discounts.service.ts gives it (charges.rules.ts chargePrice): written as computed. */
  amountTyiyn: number;
  discountTyiyn: number;
  promotionId: number | null;
  powerW: number | null;
  socPercent: number | null;
}

export type ProgressedCharge = Awaited<ReturnType<ReturnType<typeof progress>['execute']>>[number];

/**
 * Readings of many charges (one each) applied in one UPDATE ... FROM unnest(...), each guarded by
 * what it was computed from: the charge still runs, with the same start's meter and price, and has
 * no reading as new. Answers each charge as its reading left it, in order (undefined where the
 * guard kept it as it was), with the driver's balance (by the charge's tag, as findDriverByIdTag)
 * for the prepaid protection; `jumped` when the reading was past the power bound, so that only
 * the charge's review mark moved.
 */
export async function updateMeterProgresses(
  db: Db,
  batch: readonly ProgressValues[],
): Promise<(ProgressedCharge | undefined)[]> {
  const column = (text: (values: ProgressValues) => number | string | null) => arrayLiteral(batch.map(text));
  const rows = await progress(db).execute({
    ids: column((values) => values.id),
    meterStarts: column((values) => values.meterStartWh),
    prices: column((values) => values.priceTyiyn),
    meters: column((values) => values.meterWh),
    ats: column((values) => values.at.toISOString()),
    consumed: column((values) => values.consumedWh),
    amounts: column((values) => values.amountTyiyn),
    discounts: column((values) => values.discountTyiyn),
    promotions: column((values) => values.promotionId),
    powers: column((values) => values.powerW),
    socs: column((values) => values.socPercent),
    updatedAt: new Date().toISOString(),
  });
  const applied = new Map(rows.map((row) => [row.id, row]));
  return batch.map((values) => applied.get(values.id));
}
