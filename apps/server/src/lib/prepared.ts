import type { Db } from '../db/client.ts';

/*
 * Prepared statements of the hot paths (the OCPP calls a network sends every few seconds): built
 * once per database handle, so neither drizzle's query building nor PostgreSQL's parsing and
 * planning is paid again on every call. A statement's name must be unique to its text: PostgreSQL
 * keeps named statements per connection, and node-postgres refuses a name reused for another text.
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
