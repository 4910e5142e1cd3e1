import type { Db } from '../db/client.ts';

/*
 * Prepared statements of the hot paths (the OCPP calls a network sends every few seconds): built
 * once per database handle, so drizzle's query building and PostgreSQL's parsing are not paid
 * again on every call. A statement's name must be unique to its text: PostgreSQL keeps named
 * statements per connection, and node-postgres refuses a name reused for another text.
 * Planning is saved only where PostgreSQL keeps the generic plan: the telemetry connections ask it
 * to (db/client.ts), so a statement they run must have a generic plan that is good for any value,
 * e.g. a batch's rows found through `id = any($ids)`, or each of its values' rows by key through a
 * lateral subquery, rather than through a join the planner costs for the default number of rows.
 * Nor does a generic plan know a batch's length: a semi-join of a batch's values, found by key,
 * compares every row with every value, and found by hash reads every candidate row.
 */

/** `build`'s result for each database handle, built on first use. */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) built.set(db, (statement = build(db)));
    return statement;
  };
}

/**
 * A PostgreSQL array literal, one parameter for a batch's column: numbers, texts without quotes,
 * commas, braces or spaces (ISO instants), or NULL. (drizzle spreads a JS array into a list of parameters.)
 */
export function arrayLiteral(values: readonly (number | string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
}

/** A PostgreSQL array literal of any texts (each quoted, its quotes and backslashes escaped), or NULL. */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
