/**
 * Test data for the charges bench, written with set-based SQL (a million charges through the
 * charge services would take hours), yet in the states the services leave: charges in time order
 * on known stations and connectors, the newest few still open (one per connector), finished ones
 * priced, debited through the ledger (an opening top-up per driver, then one entry per paid charge,
 * each balance after the one before) and the drivers' balances equal to their entries. The status
 * counts are left to the migration's triggers; `checkStatusCounts` proves them right.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../apps/server/src/db/client.ts';
import { accountNumber } from '../../apps/server/src/modules/drivers/drivers.rules.ts';

export interface Sizes {
  drivers: number;
  charges: number;
  stations: number;
  /** The stations' merchants (50 unless given). */
  merchants?: number;
}

/** How the charges lie, for a bench that needs more than the defaults. */
export interface Shape {
  /** Charges run over two years from this instant (CHARGES_FROM unless given). */
  from?: string;
  /** Drivers register over the two years from this instant (the two years before `from` unless given). */
  registeredFrom?: string;
  /** This percentage of the completed charges take a tenth off under one of `promotions` promotions (none unless given). */
  discountedPercent?: number;
  promotions?: number;
  /** The opening top-ups and one debit per paid charge (true unless given); a bench that never reads the ledger may skip it. */
  ledger?: boolean;
  /** Charges per insert statement (100,000 unless given). */
  chunk?: number;
}

const MERCHANTS = 50;
/** The newest charges still open: fewer than the stations, so each is on its own connector. */
const OPEN = 300;
/** Charges run over two years from this day; drivers register over the two years before it. */
const CHARGES_FROM = '2024-01-01 00:00:00+06';
const TWO_YEARS_S = 2 * 365 * 86_400;
const PRICE_TYIYN = 1_200;
const BALANCE_LEFT_TYIYN = 100_000;
const CHUNK = 100_000;
/** One driver in this many has the rare surname the bench searches for. */
export const RARE_EVERY = 1_000;
export const RARE_SURNAME = 'Zephyrine';
export const COMMON_SURNAME = 'Асанов';

async function seedStations(database: Database, sizes: Sizes, managerId: number) {
  await database.db.execute(sql`
    insert into merchants (name_ru, name_en, name_ky, agreement_number, legal_name, country_id, district_id, city_id, street, phone, email, percentage_bp, status, created_by)
    select 'Мерчант ' || g, 'Merchant ' || g, 'Мерчант ' || g, 'AG-' || g, 'Merchant ' || g || ' LLC', 1, 1, 1, 'Street ' || g,
      '996' || lpad((500000000 + g)::text, 9, '0'), 'merchant' || g || '@example.kg', 1000, 0, ${managerId}::int
    from generate_series(1, ${sizes.merchants ?? MERCHANTS}::int) g`);
  await database.db.execute(sql`
    insert into stations (name_ru, name_en, name_ky, identity, password_hash, pic, address_ru, address_en, address_ky, latitude, longitude, merchant_id, country_id, city_id, status)
    select 'Станция ' || g, 'Station ' || g, 'Станция ' || g, 'CP-' || g, 'hmac-sha256$none$none', 'Bench',
      'Чуй ' || g, 'Chui ' || g, 'Чүй ' || g, '42.870000', '74.590000', (select min(id) from merchants) + g % ${sizes.merchants ?? MERCHANTS}, 1, 1, 0
    from generate_series(1, ${sizes.stations}::int) g`);
  await database.db.execute(sql`
    insert into station_connectors (station_id, evse_id, connector_id, ocpp_16_id, typo, position, power_w, custom_fee_tyiyn)
    select s.id, 1, c, c, case c when 1 then 'ccs2' else 'type2' end, c, 60000, ${PRICE_TYIYN}::int
    from stations s, generate_series(1, 2) c`);
}

async function seedDrivers(database: Database, sizes: Sizes, registeredFrom: string) {
  const accounts = Array.from({ length: sizes.drivers }, (_, i) => accountNumber(1_000_000 + i)).join(',');
  // The search index takes rows one by one (fastupdate off, drivers.ts); a bulk load is 6x faster
  // through its pending list, which is then flushed and switched off again.
  await database.db.execute(sql`alter index drivers_search_text_trgm_idx set (fastupdate = on)`);
  await database.db.execute(sql`
    insert into drivers (account, surname, first_name, phone, email, registered_at)
    select account,
      case when g % ${RARE_EVERY} = 7 then ${RARE_SURNAME}
        else (array[${COMMON_SURNAME}, 'Жолдошбекова', 'Исаков', 'Мамытова', 'Сыдыков', 'Smith'])[g % 6 + 1] end,
      (array['Бакыт', 'Үмүт', 'Айбек', 'Нургуль', 'Эрлан', 'Чолпон', 'John'])[g % 7 + 1],
      '996' || lpad((700000000 + g)::text, 9, '0'),
      case when g % 3 = 0 then 'driver' || g || '@example.kg' end,
      ${registeredFrom}::timestamptz + make_interval(secs => g * ${TWO_YEARS_S / sizes.drivers}::float8)
    from unnest(string_to_array(${accounts}, ',')) with ordinality as a(account, g)`);
  await database.db.execute(sql`select gin_clean_pending_list('drivers_search_text_trgm_idx')`);
  await database.db.execute(sql`alter index drivers_search_text_trgm_idx set (fastupdate = off)`);
  await database.db.execute(sql`select setval('driver_account_seq', ${1_000_000 + sizes.drivers - 1})`);
  await database.db.execute(sql`insert into driver_id_tags (driver_id, id_tag) select id, 'BT' || id from drivers`);
}

/** Promotions over the two years of the charges, a tenth off, for the discounted charges to name. */
async function seedPromotions(database: Database, count: number, chargesFrom: string) {
  await database.db.execute(sql`
    insert into promotions (title_ru, title_en, title_ky, image, initiator, discount_basis_points, start_at, end_at, status)
    select 'Акция ' || g, 'Promotion ' || g, 'Акция ' || g, 'promotion-images/bench.png', 'company', 1000,
      ${chargesFrom}::timestamptz, ${chargesFrom}::timestamptz + interval '2 years', 0
    from generate_series(1, ${count}::int) g`);
}

/**
 * Charges `from`..`to` of `sizes.charges`, in start order: the status is chosen by the number, the
 * open ones are the newest; `discountedPercent` of the completed ones take a tenth off under a promotion.
 */
function insertCharges(
  database: Database,
  sizes: Sizes,
  {
    chargesFrom,
    discountedPercent,
    promotions,
  }: { chargesFrom: string; discountedPercent: number; promotions: number },
  from: number,
  to: number,
) {
  const step = TWO_YEARS_S / sizes.charges;
  return database.db.execute(sql`
    insert into charges (status, result, driver_id, id_tag, id_tag_status, refusal, station_id, station_name_ru, station_name_en, station_name_ky,
      merchant_id, station_connector_id, ocpp_connector_id, connector_typo, started_at, finished_at, meter_start_wh, meter_stop_wh,
      last_meter_wh, last_meter_at, consumed_wh, price_tyiyn, price_source, amount_tyiyn, discount_tyiyn, promotion_id, total_tyiyn,
      payment_method, stop_reason, stop_requested_at, created_at, updated_at)
    select st,
      case when st in ('finished', 'stopped') then 'successful' when st in ('in_progress', 'pause', 'initiated') then null else 'failed' end,
      case when st <> 'unauthorized' then driver end,
      case when st = 'unauthorized' then 'UNKNOWN' || g else 'BT' || driver end,
      case when st = 'unauthorized' then 'Invalid' when st in ('initiated', 'canceled') then null else 'Accepted' end,
      case when st = 'unauthorized' then 'unknown_tag' end,
      sid, name_ru, name_en, name_ky, merchant_id, cid, ocpp, typo, started,
      case when st in ('finished', 'stopped') then started + make_interval(mins => 10 + g % 110) end,
      case when st not in ('initiated', 'canceled') then g::bigint * 100000 end,
      case when st in ('finished', 'stopped') then g::bigint * 100000 + wh end,
      case when st in ('finished', 'stopped', 'in_progress', 'pause', 'not_completed') then g::bigint * 100000 + wh end,
      case when st in ('finished', 'stopped', 'in_progress', 'pause', 'not_completed') then started + make_interval(mins => 10 + g % 110) end,
      case when paid then wh else 0 end,
      case when priced then ${PRICE_TYIYN}::int end,
      case when priced then 'custom' end,
      case when paid then amount else 0 end,
      case when discounted then amount / 10 else 0 end,
      case when discounted then promotion end,
      case when st in ('finished', 'stopped') then amount - case when discounted then amount / 10 else 0 end else 0 end,
      case when st in ('finished', 'stopped') then 'balance' end,
      case st when 'finished' then 'Local' when 'stopped' then 'Remote' end,
      case when st = 'stopped' then started + make_interval(mins => 9 + g % 110) end,
      started, started
    from (
      select *, st not in ('initiated', 'canceled', 'unauthorized') as priced, st in ('finished', 'stopped', 'in_progress', 'pause', 'not_completed') as paid,
        -- Knuth's multiplicative hash: a discount independent of the status, which follows g by another.
        st in ('finished', 'stopped') and (g::bigint * 2654435761) % 4294967296 % 100 < ${discountedPercent}::int as discounted,
        (select min(id) from promotions) + (g::bigint * 40503) % ${Math.max(1, promotions)}::int as promotion,
        (wh * ${PRICE_TYIYN} + 500) / 1000 as amount
      from (
        select g, s.id as sid, s.name_ru, s.name_en, s.name_ky, s.merchant_id, c.id as cid, c.ocpp_16_id as ocpp, c.typo,
          (select min(id) from drivers) + (g::bigint * 7919) % ${sizes.drivers} as driver,
          ${chargesFrom}::timestamptz + make_interval(secs => g * ${step}::float8) as started,
          1000 + (g::bigint * 37) % 60000 as wh,
          case
            when g > ${sizes.charges - OPEN} then (array['in_progress', 'in_progress', 'pause', 'initiated'])[g % 4 + 1]
            when (g::bigint * 31) % 100 < 3 then 'unauthorized'
            when (g::bigint * 31) % 100 < 5 then 'canceled'
            when (g::bigint * 31) % 100 < 8 then 'not_completed'
            when (g::bigint * 31) % 100 < 13 then 'stopped'
            else 'finished'
          end as st
        from generate_series(${from}::int, ${to}::int) g
        join stations s on s.id = (select min(id) from stations) + g % ${sizes.stations}
        join station_connectors c on c.station_id = s.id and c.ocpp_16_id = 1 + (g / ${sizes.stations}) % 2
      ) numbered
    ) classified`);
}

/** An opening top-up per driver that leaves BALANCE_LEFT_TYIYN after all its charges, then one debit per paid charge, in charge order. */
async function seedLedger(database: Database) {
  await database.db.execute(sql`
    insert into balance_entries (driver_id, created_at, reason, method, credit_tyiyn, balance_after_tyiyn)
    select d.id, ${CHARGES_FROM}::timestamptz - interval '1 hour', 'Opening balance', 'manager_top_up', coalesce(t.debits, 0) + ${BALANCE_LEFT_TYIYN}, coalesce(t.debits, 0) + ${BALANCE_LEFT_TYIYN}
    from drivers d left join (select driver_id, sum(total_tyiyn) as debits from charges where total_tyiyn > 0 group by driver_id) t on t.driver_id = d.id
    order by d.id`);
  await database.db.execute(sql`
    insert into balance_entries (driver_id, created_at, reason, method, debit_tyiyn, balance_after_tyiyn, charge_id)
    select driver_id, finished_at, '#' || id, 'charge', total_tyiyn,
      ${BALANCE_LEFT_TYIYN} + sum(total_tyiyn) over (partition by driver_id) - sum(total_tyiyn) over (partition by driver_id order by id), id
    from charges where total_tyiyn > 0
    order by id`);
  await database.db.execute(sql`update drivers set balance_tyiyn = ${BALANCE_LEFT_TYIYN}`);
}

/** Writes the whole data set; `progress` hears each step. */
export async function seedCharges(
  database: Database,
  sizes: Sizes,
  managerId: number,
  progress: (step: string) => void = () => {},
  shape: Shape = {},
) {
  const chargesFrom = shape.from ?? CHARGES_FROM;
  const registeredFrom =
    shape.registeredFrom ?? new Date(new Date(chargesFrom).getTime() - TWO_YEARS_S * 1000).toISOString();
  const discounts = { chargesFrom, discountedPercent: shape.discountedPercent ?? 0, promotions: shape.promotions ?? 0 };
  if (discounts.discountedPercent > 0 && discounts.promotions < 1)
    throw new Error('discounted charges need at least one promotion');
  const chunk = shape.chunk ?? CHUNK;
  await seedStations(database, sizes, managerId);
  await seedDrivers(database, sizes, registeredFrom);
  progress(`${sizes.drivers.toLocaleString('en')} drivers`);
  if (discounts.promotions > 0) await seedPromotions(database, discounts.promotions, chargesFrom);
  for (let from = 1; from <= sizes.charges; from += chunk) {
    await insertCharges(database, sizes, discounts, from, Math.min(sizes.charges, from + chunk - 1));
    progress(`${Math.min(sizes.charges, from + chunk - 1).toLocaleString('en')} charges`);
  }
  if (shape.ledger ?? true) {
    await seedLedger(database);
    progress('ledger');
  }
  // As autovacuum leaves a settled table: statistics, and a visibility map for index-only counts.
  await database.db.execute(sql`vacuum analyze`);
  progress('vacuum');
}

/** The trigger-kept counts equal a real count of each status; throws if not. */
export async function checkStatusCounts(database: Database): Promise<void> {
  const wrong = await queryRows<{ status: string }>(
    database.db,
    sql`select coalesce(k.status, c.status) as status from charge_status_counts k
        full join (select status, count(*) as n from charges group by status) c on c.status = k.status
        where coalesce(k.charges, 0) <> coalesce(c.n, 0)`,
  );
  if (wrong.length > 0)
    throw new Error(`charge_status_counts is wrong for ${wrong.map((row) => row.status).join(', ')}`);
}
