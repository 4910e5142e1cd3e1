import { sql } from 'drizzle-orm';
import { index, text, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/*
 * A list's "contains" search (merchants, stations, drivers): every searched text, lower-cased, one
 * per line, in one generated column, so the search is one LIKE (seven ILIKEs cost 7x as much on a
 * full read) and one trigram index serves it, for three characters or more; shorter ones read the
 * column.
 */

/** `search_text` of `texts`, SQL over the row's columns, in this order: the expression is part of the schema. */
export const searchTextColumn = (texts: readonly string[]) =>
  text('search_text')
    .notNull()
    .generatedAlwaysAs(sql.raw(`lower(${texts.join(' || chr(10) || ')})`));

/**
 * A GIN index normally queues new rows in a pending list that only VACUUM merges, and every search
 * reads that list whole. PGlite has no autovacuum, so the list would only grow; the searched texts
 * change rarely, so rows go straight into the index instead.
 */
export const searchTextIndex = (name: string, searchText: ExtraConfigColumn) =>
  index(name).using('gin', searchText.op('gin_trgm_ops')).with({ fastupdate: false });
