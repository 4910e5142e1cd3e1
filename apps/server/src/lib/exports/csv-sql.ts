import { sql, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '@evcms/contracts/dates';
import { csvText, type CsvDialect } from './csv.ts';

/*
 * csv cells written by PostgreSQL itself, each exactly as csv.ts writes the same value, for an
 * export of a million rows read through COPY (db/copy-rows.ts): there the database formats the
 * line on its own core while Node only splices in what it keeps in maps (names of drivers and
 * stations). csv-sql.test.ts holds every kind to csv.ts's output for the same values.
 *
 * Every cell is text, never NULL ('' for no value), so cells join with || into one line.
 * The datetime cell needs DateStyle ISO, as the COPY connections are opened (db/client.ts).
 */

// The formula starts of csv.ts's isFormulaStart (a tab and a CR as themselves), '-' last in the class.
const FORMULA_START = '^[=+@\t\r\uff1d\uff0b\uff0d\uff20-]';
// csv.ts's PLAIN_SIGNED_NUMBER, in ASCII digits ([0-9], as \d may take other scripts' digits here).
const PLAIN_SIGNED_NUMBER = '^[+-][0-9]+([.,][0-9]+)?$';
const NEEDS_QUOTES = '[",;\r\n]';
const FORMULA_OR_QUOTES = `${FORMULA_START}|${NEEDS_QUOTES}`;

/** A text cell: as it is when nothing in it needs escaping (nearly always), else apostrophe and quotes as csvText adds them. */
function text(value: SQL): SQL {
  const escaped = sql`(case when ${value} ~ ${FORMULA_START} and ${value} !~ ${PLAIN_SIGNED_NUMBER} then '''' || ${value} else ${value} end)`;
  const quoted = sql`(case when ${escaped} ~ ${NEEDS_QUOTES} then '"' || replace(${escaped}, '"', '""') || '"' else ${escaped} end)`;
  return sql`coalesce(case when ${value} ~ ${FORMULA_OR_QUOTES} then ${quoted} else ${value} end, '')`;
}

/** A key shown as its label (`labels[key]`, already in the export's language); '' for no key. */
function label(value: SQL, labels: Readonly<Record<string, string>>): SQL {
  const cases = Object.entries(labels).map(([key, name]) => sql` when ${key} then ${csvText(name)}`);
  return sql`(case ${value}${sql.join(cases)} else '' end)`;
}

function integer(value: SQL): SQL {
  return sql`coalesce((${value})::text, '')`;
}

/**
 * Whole minor units shown with `scale` decimals after `decimalMark`: numeric's product keeps the
 * factor's scale, so 5 * 0.01 is 0.05 and 0 * 0.001 is 0.000.
 */
function decimal(value: SQL, scale: number, decimalMark: CsvDialect['decimalMark'] = '.'): SQL {
  if (scale === 0) return integer(value);
  const text = sql`(${value} * ${sql.raw(`0.${'0'.repeat(scale - 1)}1`)})::text`;
  return sql`coalesce(${decimalMark === '.' ? text : sql`replace(${text}, '.', ',')`}, '')`;
}

/** 'YYYY-MM-DD HH:mm:ss' in Bishkek, cut (not rounded) to the second as wallClockText does. */
function datetime(value: SQL): SQL {
  return sql`coalesce(date_trunc('second', timezone(${sql.raw(`'${TIME_ZONE}'`)}, ${value}))::text, '')`;
}

export const csvCellSql = { text, label, integer, decimal, datetime };

/** The cells as one piece of a csv line, split by the dialect's separator. */
export function csvCellsSql(cells: readonly SQL[], { separator }: CsvDialect): SQL {
  return sql.join([...cells], sql.raw(` || '${separator}' || `));
}
