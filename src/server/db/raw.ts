import type { DbOrTx } from "./client.ts";

/** What both drivers (a PGlite instance or transaction, a node-postgres pool or client) answer with. */
interface DriverClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A statement the app runs on every request, written once as SQL text with `$1`-numbered values and
 * sent to the driver itself. Drizzle's own path (building the statement, its result mapping and PGlite's
 * per-query parser options) measured about 0.4 ms a statement on PGlite, as much as the database's work
 * for a small query: the session lookup, an answer's ranked retrieval and its message insert, and a
 * rating's write are run this way. Rows come back as the driver decodes them (int and text as such,
 * json parsed, timestamptz as a Date on both); pass dates as ISO strings (the drivers serialise a Date
 * differently). Inside a transaction the text goes to the transaction's own connection (the client its
 * Drizzle session runs on, as db/prepared.ts does).
 */
export async function rawRows<T>(db: DbOrTx, text: string, params: readonly unknown[]): Promise<T[]> {
  const client =
    (db as { $client?: DriverClient }).$client ??
    (db as unknown as { session: { client: DriverClient } }).session.client;
  return (await client.query(text, params as unknown[])).rows as T[];
}
