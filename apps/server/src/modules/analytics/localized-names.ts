import { sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, type Lang } from '@evcms/contracts/i18n';
import type { Localized } from '@evcms/contracts/localized';
import { localizedSelection } from '../../db/schema/localized.ts';
import type { merchants } from '../../db/schema/merchants.ts';
import type { stations } from '../../db/schema/stations.ts';

/* Reports name merchants and stations as they are called now, in every language; the presenter picks one. */

/** A row's name columns, one per language (null when the joined row is gone). */
export type NameColumns = Partial<Record<Lang, string | null>>;

/** `name_ru as ru, ...`: a table's name in every language, as columns named by the language. */
export function names(table: typeof merchants | typeof stations): SQL {
  const name = localizedSelection(table, 'name');
  return sql.join(
    LANGUAGES.map((lang) => sql`${name[lang]} as ${sql.identifier(lang)}`),
    sql`, `,
  );
}

/** The names read by `names`, or null when the row was gone. */
export const localized = (row: NameColumns): Localized | null =>
  row.ru == null ? null : (Object.fromEntries(LANGUAGES.map((lang) => [lang, row[lang] ?? ''])) as Localized);
