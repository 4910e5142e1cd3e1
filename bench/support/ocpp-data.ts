/**
 * The network of the OCPP bench, written with set-based SQL: active stations (two Type 2
 * connectors each, priced by an active default rate) whose OCPP password is STATION_PASSWORD,
 * hashed as the stations service does (one keyed hash with its own salt per station), and one
 * driver per load station with its id tag and a balance put on through the ledger (an opening
 * top-up entry), large enough that no charge reaches it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { accountNumber } from '../../apps/server/src/modules/drivers/drivers.rules.ts';
import { hashStationPassword } from '../../apps/server/src/modules/stations/station-passwords.ts';
import { benchIdentity, benchIdTag, STATION_PASSWORD } from './ocpp-frames.ts';

const MERCHANTS = 20;
const PRICE_TYIYN = 1_200;
const BALANCE_TYIYN = 100_000_000;

/** Lists travel as one comma-separated parameter (none of these values holds a comma). */
const list = (values: string[]) => values.join(',');

export async function seedOcppNetwork(
  database: Database,
  sizes: { stations: number; drivers: number },
  passwordKey: string,
): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    insert into merchants (name_ru, name_en, name_ky, agreement_number, legal_name, country_id, district_id, city_id, street, phone, email, percentage_bp, status)
    select 'Мерчант ' || g, 'Merchant ' || g, 'Мерчант ' || g, 'AG-' || g, 'Merchant ' || g || ' LLC', 1, 1, 1, 'Street ' || g,
      '996' || lpad((500000000 + g)::text, 9, '0'), 'merchant' || g || '@example.kg', 1000, 0
    from generate_series(1, ${MERCHANTS}::int) g`);
  const indices = Array.from({ length: sizes.stations }, (_, i) => i);
  await db.execute(sql`
    insert into stations (name_ru, name_en, name_ky, identity, password_hash, pic, address_ru, address_en, address_ky, latitude, longitude, merchant_id, country_id, city_id, status)
    select 'Станция ' || g, 'Station ' || g, 'Станция ' || g, identity, hash, 'Bench',
      'Чуй ' || g, 'Chui ' || g, 'Чүй ' || g, '42.870000', '74.590000', (select min(id) from merchants) + g % ${MERCHANTS}, 1, 1, 0
    from unnest(string_to_array(${list(indices.map(benchIdentity))}, ','), string_to_array(${list(indices.map(() => hashStationPassword(passwordKey, STATION_PASSWORD)))}, ','))
      with ordinality as s(identity, hash, g)`);
  await db.execute(sql`
    insert into station_connectors (station_id, evse_id, connector_id, ocpp_16_id, typo, position, power_w)
    select s.id, 1, c, c, 'type2', c, 22000 from stations s, generate_series(1, 2) c`);
  await db.execute(
    sql`insert into rates (name, type, typo, price_tyiyn, status) values ('Bench default', 'default', 'type2', ${PRICE_TYIYN}, 0)`,
  );

  const drivers = Array.from({ length: sizes.drivers }, (_, i) => i);
  await db.execute(sql`
    insert into drivers (account, surname, first_name, phone, balance_tyiyn)
    select account, 'Bench', 'Driver ' || g, '996' || lpad((700000000 + g)::text, 9, '0'), ${BALANCE_TYIYN}::bigint
    from unnest(string_to_array(${list(drivers.map((i) => accountNumber(1_000_000 + i)))}, ',')) with ordinality as d(account, g)`);
  await db.execute(sql`
    insert into driver_id_tags (driver_id, id_tag)
    select d.id, t.tag from drivers d
    join unnest(string_to_array(${list(drivers.map(benchIdTag))}, ',')) with ordinality as t(tag, g) on d.first_name = 'Driver ' || t.g`);
  await db.execute(sql`
    insert into balance_entries (driver_id, reason, method, credit_tyiyn, balance_after_tyiyn)
    select id, 'Opening balance', 'manager_top_up', ${BALANCE_TYIYN}::bigint, ${BALANCE_TYIYN}::bigint from drivers order by id`);
  await db.execute(sql`select setval('driver_account_seq', ${1_000_000 + sizes.drivers})`);
  await db.execute(sql`vacuum analyze`);
}
