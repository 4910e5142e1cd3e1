import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { containsPattern, searchedId } from '../../lib/search.ts';
import { statusOf } from '../../lib/status.ts';

/** The columns tags and infrastructure share. */
export interface TitledColumns {
  id: PgColumn;
  titleRu: PgColumn;
  titleEn: PgColumn;
  titleKy: PgColumn;
  status: PgColumn;
}

export interface TitledFilter {
  search?: string | undefined;
  active?: boolean | undefined;
}

/** `search` matches a title in any language (case-insensitive) or the id; `active` the status. */
export function titledWhere(table: TitledColumns, filter: TitledFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const id = searchedId(filter.search);
    conditions.push(
      or(
        ilike(table.titleRu, pattern),
        ilike(table.titleEn, pattern),
        ilike(table.titleKy, pattern),
        id === undefined ? undefined : eq(table.id, id),
      ),
    );
  }
  if (filter.active !== undefined) conditions.push(eq(table.status, statusOf(filter.active)));
  return and(...conditions);
}
