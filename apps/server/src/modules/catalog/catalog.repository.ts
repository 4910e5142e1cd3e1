import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Localized } from '@evcms/contracts/localized';
import { statusOf, type Status } from '@evcms/contracts/status';
import type { Db } from '../../db/client.ts';
import { infrastructure, tags } from '../../db/schema/catalog.ts';
import { localizedSelection, localizedValues } from '../../db/schema/localized.ts';
import { lockInIdOrder } from '../../lib/bulk.ts';
import { containsPattern, searchedId } from '../../lib/search.ts';

/** Tags and infrastructure: titled in three languages, with a status; infrastructure adds an icon. */
type TitledTable = typeof tags | typeof infrastructure;

export interface TagRecord {
  id: number;
  title: Localized;
  status: Status;
}

export interface InfrastructureRecord extends TagRecord {
  /** The sanitised svg's path below the uploads folder. */
  icon: string;
}

export interface TitledFilter {
  search?: string | undefined;
  active?: boolean | undefined;
}

/** What a create writes, and (partially) what an update changes. */
export interface TitledValues {
  title: Localized;
  status: Status;
  icon?: string;
}
export type TitledChanges = { title?: Partial<Localized>; status?: Status; icon?: string };

/** `search` matches a title in any language (case-insensitive) or the id; `active` the status. */
function titledWhere(table: TitledTable, filter: TitledFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const id = searchedId(filter.search);
    const titles = Object.values(localizedSelection(table, 'title')).map((column) => ilike(column, pattern));
    conditions.push(or(...titles, id === undefined ? undefined : eq(table.id, id)));
  }
  if (filter.active !== undefined) conditions.push(eq(table.status, statusOf(filter.active)));
  return and(...conditions);
}

function columnValues(values: TitledChanges) {
  return {
    ...(values.title && localizedValues('title', values.title)),
    ...(values.status !== undefined && { status: values.status }),
    ...(values.icon !== undefined && { icon: values.icon }),
  };
}

/**
 * The SQL of one titled catalogue table, answering its records. Drizzle cannot type a query over a
 * union of tables, so the queries are written once against the infrastructure table's shape (a
 * superset of the tags table's) and typed back to `R` here.
 */
function titledRepository<R extends TagRecord>(tableOfR: TitledTable, record: Record<keyof R, unknown>) {
  const table = tableOfR as typeof infrastructure;
  const columns = record as unknown as { id: typeof table.id };

  return {
    /** Newest first. */
    async list(
      db: Db,
      filter: TitledFilter,
      window: { limit: number; offset: number },
    ): Promise<{ rows: R[]; total: number }> {
      const where = titledWhere(table, filter);
      const [rows, [total]] = await Promise.all([
        db.select(columns).from(table).where(where).orderBy(desc(table.id)).limit(window.limit).offset(window.offset),
        db.select({ value: count() }).from(table).where(where),
      ]);
      return { rows: rows as unknown as R[], total: total?.value ?? 0 };
    },

    async insert(db: Db, values: TitledValues): Promise<R> {
      const [row] = await db
        .insert(table)
        .values(columnValues(values) as typeof table.$inferInsert)
        .returning(columns);
      return row as unknown as R;
    },

    async update(db: Db, id: number, changes: TitledChanges): Promise<R | undefined> {
      const [row] = await db
        .update(table)
        .set({ ...columnValues(changes), updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning(columns);
      return row as unknown as R | undefined;
    },

    async find(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<R | undefined> {
      const query = db.select(columns).from(table).where(eq(table.id, id)).limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row as unknown as R | undefined;
    },

    /** The records of `ids` that exist, by id. */
    async findMany(db: Db, ids: readonly number[]): Promise<R[]> {
      if (!ids.length) return [];
      const rows = await db
        .select(columns)
        .from(table)
        .where(inArray(table.id, [...ids]))
        .orderBy(table.id);
      return rows as unknown as R[];
    },

    /** Those of `ids` that exist, locked against deletion until the transaction ends. */
    async lockExisting(db: Db, ids: readonly number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(inArray(table.id, [...ids]))
        .for('key share');
      return rows.map((row) => row.id);
    },

    /** Sets the status of those of `ids` that exist and returns them. */
    async setStatuses(db: Db, ids: number[], status: Status): Promise<R[]> {
      await lockInIdOrder(db, table, table.id, ids);
      const rows = await db
        .update(table)
        .set({ status, updatedAt: new Date() })
        .where(inArray(table.id, ids))
        .returning(columns);
      return rows as unknown as R[];
    },

    async remove(db: Db, id: number): Promise<void> {
      await db.delete(table).where(eq(table.id, id));
    },
  };
}

const tagColumns = { id: tags.id, title: localizedSelection(tags, 'title'), status: tags.status };
export const tagsRepository = titledRepository<TagRecord>(tags, tagColumns);

/** Every stored icon path that a row names. */
export async function referencedIcons(db: Db): Promise<Set<string>> {
  const rows = await db.select({ icon: infrastructure.icon }).from(infrastructure);
  return new Set(rows.map((row) => row.icon));
}

const infrastructureColumns = {
  id: infrastructure.id,
  title: localizedSelection(infrastructure, 'title'),
  status: infrastructure.status,
  icon: infrastructure.icon,
};
export const infrastructureRepository = titledRepository<InfrastructureRecord>(infrastructure, infrastructureColumns);
