import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";

/** What both drivers (a PGlite instance, a node-postgres pool) answer a query with. */
interface DriverClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** `$1`-numbered SQL as Drizzle SQL with the same values, for a transaction (which has no driver of its own). */
function asDrizzleSql(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  return sql.join(
    parts.map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part))),
    sql``,
  );
}

/**
 * A statement the app runs on every request, written once as SQL text with `$1`-numbered values and
 * sent to the driver itself. Drizzle's own path (building the statement, its result mapping and PGlite's
 * per-query parser options) measured about 0.4 ms a statement on PGlite, as much as the database's work
 * for a small query: the session lookup, an answer's ranked retrieval and its message insert are run
 * this way. Rows come back as the driver decodes them (int and text as such, json parsed, timestamptz
 * as a Date on both); pass dates as ISO strings (the drivers serialise a Date differently). Inside a
 * transaction the same text and values go through Drizzle.
 */
export async function rawRows<T>(db: DbOrTx, text: string, params: readonly unknown[]): Promise<T[]> {
  const client = (db as { $client?: DriverClient }).$client;
  if (client) return (await client.query(text, params as unknown[])).rows as T[];
  return ((await db.execute(asDrizzleSql(text, params))) as unknown as { rows: T[] }).rows;
}
