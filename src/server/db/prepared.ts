import type { DbOrTx } from "./client.ts";

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
  const built = new Map<unknown, PreparedQuery<R>>();
  return (db, values) => {
    const { session } = db as unknown as { session: { client: unknown; constructor: unknown } };
    let query = built.get(session.constructor);
    if (!query) {
      query = build(db);
      built.set(session.constructor, query);
    }
    const bound = Object.create(query, { client: { value: session.client } }) as PreparedQuery<R>;
    return bound.execute(values);
  };
}
