import { PglitePreparedQuery } from "drizzle-orm/pglite";

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
 * A query built per call (the queue's, whose shape follows its scope), run as Drizzle would but, on
 * PGlite, without the per-query parsers (PGLITE_ROWS): timestamptz columns still map to Dates; an `sql`
 * expression returning a timestamp gives a Date on both drivers.
 */
export function rowsOf<R>(query: { prepare(name: string): PreparedQuery<R> }): Promise<R> {
  const prepared = query.prepare("");
  if (!(prepared instanceof PglitePreparedQuery)) return prepared.execute();
  return (Object.create(prepared, PGLITE_ROWS) as PreparedQuery<R>).execute();
}
