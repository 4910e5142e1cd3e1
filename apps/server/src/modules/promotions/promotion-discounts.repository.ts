import { sql, type SQL } from 'drizzle-orm';
import type { Status } from '@evcms/contracts/status';
import { queryRows, type Db } from '../../db/client.ts';
import type { Offer } from './promotion-discounts.rules.ts';

/* The reads of the discount (promotion-discounts.service.ts): promotions as offers, the driver's history. */

interface OfferRow {
  id: number;
  created_at: Date | string;
  status: number;
  start_at: Date | string;
  end_at: Date | string;
  happy_start: number | null;
  happy_end: number | null;
  min_charge_tyiyn: number | string;
  min_charges: number;
  discount_basis_points: number | null;
  discount_tyiyn: number | string | null;
  stations: number[] | string;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const asNumberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function offerOf(row: OfferRow): Offer & { stationIds: number[] } {
  return {
    id: row.id,
    createdAt: asDate(row.created_at),
    status: row.status as Status,
    startAt: asDate(row.start_at),
    endAt: asDate(row.end_at),
    happyHoursStart: row.happy_start,
    happyHoursEnd: row.happy_end,
    minChargeTyiyn: Number(row.min_charge_tyiyn),
    minCharges: row.min_charges,
    discountBasisPoints: row.discount_basis_points,
    discountTyiyn: asNumberOrNull(row.discount_tyiyn),
    stationIds: Array.isArray(row.stations) ? row.stations.map(Number) : [],
  };
}

const offerColumns = sql`p.id, p.created_at, p.status, p.start_at, p.end_at,
  extract(epoch from p.happy_hours_start)::int as happy_start, extract(epoch from p.happy_hours_end)::int as happy_end,
  p.min_charge_tyiyn, p.min_charges, p.discount_basis_points, p.discount_tyiyn`;

async function offers(db: Db, query: SQL): Promise<(Offer & { stationIds: number[] })[]> {
  return (await queryRows<OfferRow>(db, query)).map(offerOf);
}

/**
 * The promotions that may give a running charge a discount, with their stations: the active ones,
 * and those whose end passed within `endedWithinDays` (a charge that started inside the period keeps
 * its discount: promotion-discounts.rules.ts stillGives).
 */
export function listOffers(db: Db, endedWithinDays: number) {
  return offers(
    db,
    sql`select ${offerColumns}, coalesce(array_agg(ps.station_id) filter (where ps.station_id is not null), '{}') as stations
      from promotions p left join promotion_stations ps on ps.promotion_id = p.id
      where p.status = 0 or p.end_at > now() - make_interval(days => ${endedWithinDays})
      group by p.id`,
  );
}

/** The promotions of a station whose period holds `startedAt`, read afresh (the settlement's read). */
export function listStationOffers(db: Db, stationId: number, startedAt: Date) {
  return offers(
    db,
    sql`select ${offerColumns}, '{}'::int[] as stations
      from promotions p join promotion_stations ps on ps.promotion_id = p.id and ps.station_id = ${stationId}
      where p.start_at <= ${startedAt.toISOString()} and p.end_at > ${startedAt.toISOString()}`,
  );
}
