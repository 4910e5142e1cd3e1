import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { localizedKeys } from '@evcms/contracts/localized';
import { SECURITY_PROFILES, type ExecutionType, type SecurityProfile } from '@evcms/contracts/stations';
import type { MediaKind } from '@evcms/contracts/station-media';
import { STATUS_INACTIVE } from '@evcms/contracts/status';
import { infrastructureList, tagList } from './catalog-lists.ts';
import { cascadingReference, scheduleColumn, statusColumn, timestamps } from './columns.ts';
import { localizedColumns } from './localized.ts';
import { countries, settlements } from './locations.ts';
import { managers } from './managers.ts';
import { merchants } from './merchants.ts';
import { searchTextColumn, searchTextIndex } from './search-text.ts';

/** What the list search reads, in this order (the generated column's expression is part of the schema). */
const SEARCHED_COLUMNS = [...localizedKeys('name'), 'identity', ...localizedKeys('address'), 'pic', 'manufacturer'];

/**
 * Charge points. `identity` is the OCPP charge point id (unique: the index also settles two
 * creates racing for one id); `password_hash` its keyed hash (station-passwords.ts), never
 * answered. Coordinates are text with six decimals. `status`: 0 active, 1 inactive; a new
 * station is inactive and `is_new`.
 */
export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    ...localizedColumns('name'),
    identity: text('identity').notNull(),
    passwordHash: text('password_hash').notNull(),
    pic: text('pic').notNull(),
    manufacturer: text('manufacturer').notNull().default(''),
    executionType: text('execution_type').$type<ExecutionType>().notNull().default('wall'),
    /** OCPP 1.6 security profile (1, 2 or 3): what the station's handshake must bring (ocpp/tls-profile.rules.ts). */
    securityProfile: smallint('security_profile').$type<SecurityProfile>().notNull().default(1),
    ...localizedColumns('address'),
    latitude: text('latitude').notNull(),
    longitude: text('longitude').notNull(),
    /** Stored path of the avatar image, or null. */
    avatar: text('avatar'),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => settlements.id),
    schedule: scheduleColumn(),
    status: statusColumn().default(STATUS_INACTIVE),
    isNew: boolean('is_new').notNull().default(true),
    createdBy: integer('created_by').references(() => managers.id, { onDelete: 'set null' }),
    ...timestamps,
    searchText: searchTextColumn(SEARCHED_COLUMNS),
  },
  // No index holds `status` (nor `updated_at`), and the table keeps a fifth of each page free
  // (fillfactor 80, set by migration 0018, which drizzle does not model): a status change then
  // writes its new row version beside the old one without touching an index (a HOT update).
  // Indexed, each changed row put ~100 trigrams into the search index: 1 ms a row, 100 ms for 100.
  (table) => [
    uniqueIndex('stations_identity_key').on(table.identity),
    // A merchant's list, newest first, and its counts by status (few rows a merchant, read from the table).
    index('stations_merchant_id_idx').on(table.merchantId, table.id),
    searchTextIndex('stations_search_text_trgm_idx', table.searchText),
    check('stations_security_profile_check', sql.raw(`security_profile in (${SECURITY_PROFILES.join(', ')})`)),
  ],
);

/** A station's tags and infrastructure items (the API's `environment` / `surroundings`): `station_tags`, `station_surroundings` (catalog-lists.ts). */
export const stationTags = tagList('station', () => stations.id);
export const stationInfrastructure = infrastructureList('station', () => stations.id);

/** The photos and videos of a station's gallery, in `position` order. */
export const stationMedia = pgTable(
  'station_media',
  {
    id: serial('id').primaryKey(),
    stationId: cascadingReference('station_id', () => stations.id),
    path: text('path').notNull(),
    kind: text('kind').$type<MediaKind>().notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('station_media_station_idx').on(table.stationId, table.position)],
);

/**
 * Connectors. An EVSE module exists through its connectors (`evse_id`, and its optional printed
 * number `evse`). Numbers are kept dense by the service: `evse_id` 1..n per station,
 * `connector_id` 1..n per module, `ocpp_16_id` (the OCPP connectorId) 1..n per station. They and
 * the one-position-per-connector rule are checked under the station's row lock, not by unique
 * indexes, because a renumbering passes through states such indexes would refuse.
 */
export const stationConnectors = pgTable(
  'station_connectors',
  {
    id: serial('id').primaryKey(),
    stationId: cascadingReference('station_id', () => stations.id),
    evseId: integer('evse_id').notNull(),
    evse: text('evse'),
    connectorId: integer('connector_id').notNull(),
    ocpp16Id: integer('ocpp_16_id').notNull(),
    /** A connector type key (contracts/catalog.ts CONNECTOR_TYPES). */
    typo: text('typo').notNull(),
    position: smallint('position').notNull(),
    /** Power in watts (the API's `power_kWh`, a decimal in kW). */
    powerW: integer('power_w').notNull(),
    cableLength: integer('cable_length'),
    /** Personal tariff in tyiyn per kWh, or null for the merchant's or the default rate. */
    customFeeTyiyn: integer('custom_fee_tyiyn'),
    ...timestamps,
  },
  (table) => [index('station_connectors_station_idx').on(table.stationId, table.ocpp16Id)],
);
