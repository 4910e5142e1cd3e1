import { integer, jsonb, smallint, timestamp, type PgColumn } from 'drizzle-orm/pg-core';
import type { Status } from '@evcms/contracts/status';

/** Columns many tables share. */

/** 0 active, 1 inactive (contracts/status.ts). */
export const statusColumn = () => smallint('status').$type<Status>().notNull().default(0);

/** A schedule entry as stored (merchants' and stations'); ids are derived from the day when read (see merchants.rules.ts). */
export interface StoredScheduleItem {
  day: number;
  start_time: string;
  end_time: string;
  is_break: boolean;
}

/** A week is at most 14 small entries, always read and written whole with its record. */
export const scheduleColumn = () => jsonb('schedule').$type<StoredScheduleItem[]>().notNull().default([]);

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A required reference to a row that takes this one with it when deleted (a record's parts, a list's entries). */
export const cascadingReference = (name: string, target: () => PgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });

/** Where an image was cropped, as the form sent it (spec 3 'Crop data'): percent of the original and its pixels. */
export interface StoredCrop {
  percent?: { x: number; y: number; width: number; height: number };
  pixels?: { x: number; y: number; width: number; height: number };
}
