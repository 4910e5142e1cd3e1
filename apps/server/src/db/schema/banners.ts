import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  BANNER_TYPES,
  FULLSCREEN_CATEGORY_KEYS,
  FULLSCREEN_DESTINATION_KEYS,
  type BannerType,
  type FullscreenCategory,
  type FullscreenDestination,
} from '@evcms/contracts/banners';
import { cascadingReference, statusColumn, timestamps, type StoredCrop } from './columns.ts';
import { managers } from './managers.ts';
import { merchants } from './merchants.ts';
import { stations } from './stations.ts';

const within = (column: string, keys: readonly string[]) =>
  sql.raw(`${column} is null or ${column} in (${keys.map((key) => `'${key}'`).join(', ')})`);

/**
 * Banners and fullscreens (modules/banners), one table by `type`: a banner's button and stations, a
 * fullscreen's category and destination, each left null by the other type. In the archive when
 * inactive or past its end, computed when read (no sweep writes it).
 */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    type: text('type').$type<BannerType>().notNull(),
    name: text('name').notNull(),
    /** The stored image's path in the media store. */
    image: text('image').notNull(),
    crop: jsonb('crop').$type<StoredCrop>(),
    link: text('link').notNull(),
    // Optional: a merchant deleted leaves its banners without one.
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'set null' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    status: statusColumn(),
    buttonName: text('button_name'),
    /** `#rrggbb`, lower-case. */
    buttonColour: text('button_colour'),
    category: text('category').$type<FullscreenCategory>(),
    destination: text('destination').$type<FullscreenDestination>(),
    createdBy: integer('created_by').references(() => managers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('banners_type_created_idx').on(table.type, table.createdAt, table.id),
    check('banners_type_check', sql.raw(`type in (${BANNER_TYPES.map((key) => `'${key}'`).join(', ')})`)),
    check('banners_category_check', within('category', FULLSCREEN_CATEGORY_KEYS)),
    check('banners_destination_check', within('destination', FULLSCREEN_DESTINATION_KEYS)),
    check(
      'banners_type_fields_check',
      sql`case when ${table.type} = 'banner' then ${table.buttonName} is not null and ${table.buttonColour} is not null and ${table.category} is null and ${table.destination} is null else ${table.category} is not null and ${table.destination} is not null and ${table.buttonName} is null and ${table.buttonColour} is null end`,
    ),
    check('banners_period_check', sql`${table.endAt} > ${table.startAt}`),
  ],
);

/** The stations a banner is shown at (none: every station); a station deleted leaves its banners. */
export const bannerStations = pgTable(
  'banner_stations',
  {
    bannerId: cascadingReference('banner_id', () => banners.id),
    stationId: cascadingReference('station_id', () => stations.id),
  },
  (table) => [
    primaryKey({ columns: [table.bannerId, table.stationId] }),
    index('banner_stations_station_idx').on(table.stationId),
  ],
);
