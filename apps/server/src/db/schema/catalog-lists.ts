import { index, pgTable, primaryKey, type PgColumn } from 'drizzle-orm/pg-core';
import { infrastructure, tags } from './catalog.ts';
import { cascadingReference } from './columns.ts';

/*
 * The catalog items a record lists (a merchant's, a station's): one table per list, its rows the
 * pairs, keyed by both ids and gone with either side (only inactive items can be deleted; a deleted
 * one simply leaves the records that had it), indexed by the item to find the records that list it.
 * `owner` is the record's table in the singular, one word ('merchant'): it names the table
 * (`merchant_tags`), the column (`merchant_id`) and its key in code (`merchantId`).
 */

type ListColumns<K extends string> = Record<K, ReturnType<typeof cascadingReference>>;

function catalogList<O extends string, L extends string, I extends string>(
  owner: O,
  ownerId: () => PgColumn,
  item: { list: L; key: I; name: string; id: () => PgColumn },
) {
  const name = `${owner}_${item.list}` as const;
  const ownerKey = `${owner}Id` as const;
  const columns = {
    [ownerKey]: cascadingReference(`${owner}_id`, ownerId),
    [item.key]: cascadingReference(`${item.name}_id`, item.id),
  } as ListColumns<`${O}Id` | I>;
  return pgTable(name, columns, (table) => [
    primaryKey({ columns: [table[ownerKey], table[item.key]] }),
    index(`${name}_${item.name}_idx`).on(table[item.key]),
  ]);
}

/** `<owner>_tags` (`<owner>_id`, `tag_id`; keys `<owner>Id`, `tagId`). */
export const tagList = <O extends string>(owner: O, ownerId: () => PgColumn) =>
  catalogList(owner, ownerId, { list: 'tags', key: 'tagId', name: 'tag', id: () => tags.id });

/** `<owner>_surroundings` (`<owner>_id`, `surrounding_id`; keys `<owner>Id`, `itemId`), the API's `environment`. */
export const infrastructureList = <O extends string>(owner: O, ownerId: () => PgColumn) =>
  catalogList(owner, ownerId, {
    list: 'surroundings',
    key: 'itemId',
    name: 'surrounding',
    id: () => infrastructure.id,
  });
