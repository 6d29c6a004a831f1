import { PglitePreparedQuery } from "drizzle-orm/pglite";
import type { DbOrTx } from "./client.ts";

/**
 * How a prepared statement asks PGlite for its rows: without the `parsers` Drizzle passes with every
 * query (timestamps left as text for its own mapping), which PGlite merges into a copy of its whole
 * table of about 300 type parsers on every call, 0.1 ms or more a statement (profiled in bench:review).
 * PGlite's own parsers give timestamptz as a Date and arrays as arrays, which Drizzle's column mapping
 * takes as they are; a statement whose `sql` expressions return timestamps gets a Date there too.
 */
const PGLITE_ROWS = {
  queryConfig: { value: { rowMode: "array" } },
  rawQueryConfig: { value: { rowMode: "object" } },
};

/** What Drizzle's `.prepare()` gives: the statement's SQL built once, run with each call's values. */
type PreparedQuery<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/**
 * A hot statement Drizzle builds once per driver instead of once per call (its query tree turned into SQL
 * and parameters cost about as much CPU as PGlite's own work on a short statement), run on whichever
 * connection or transaction the caller passes. Write it with `sql.placeholder` for every value and
 * `.prepare("")`: the empty name keeps it an unnamed statement, planned with each call's values like any
 * other (a named one would let PostgreSQL switch to a generic plan after five calls).
 *
 * Drizzle binds a prepared query to the session that built it, and a transaction has a session (and a
 * connection) of its own; so each call runs a copy of the built query bound to the caller's client, the
 * field drizzle-orm's PgPreparedQuery runs on (PGlite's and node-postgres' alike). The API tests of the
 * rating, which lock and write inside a transaction on both databases, fail if that ever changes.
 */
export function preparedStatement<R, V extends Record<string, unknown>>(
  build: (db: DbOrTx) => PreparedQuery<R>,
): (db: DbOrTx, values: V) => Promise<R> {
  // One per session class: PGlite and node-postgres prepare differently; a process may hold both (tests).
  const built = new Map<unknown, { query: PreparedQuery<R>; pglite: boolean }>();
  return (db, values) => {
    const { session } = db as unknown as { session: { client: unknown; constructor: unknown } };
    let entry = built.get(session.constructor);
    if (!entry) {
      const query = build(db);
      entry = { query, pglite: query instanceof PglitePreparedQuery };
      built.set(session.constructor, entry);
    }
    const own = { client: { value: session.client }, ...(entry.pglite ? PGLITE_ROWS : {}) };
    return (Object.create(entry.query, own) as PreparedQuery<R>).execute(values);
  };
}

/**
 * A query built per call (the queue's, whose shape follows its scope), run as Drizzle would but, on
 * PGlite, without the per-query parsers (PGLITE_ROWS): timestamptz columns still map to Dates; an `sql`
 * expression returning a timestamp gives a Date on both drivers.
 */
export function rowsOf<R>(query: { prepare(name: string): PreparedQuery<R> }): Promise<R> {
  const prepared = query.prepare("");
  if (!(prepared instanceof PglitePreparedQuery)) return prepared.execute();
  return (Object.create(prepared, PGLITE_ROWS) as PreparedQuery<R>).execute();
}
