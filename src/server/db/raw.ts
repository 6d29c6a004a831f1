import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import type { DbOrTx } from "./client.ts";

/** What both drivers (a PGlite instance or transaction, a node-postgres pool or client) answer with. */
interface DriverClient {
  query(
    text: string | { name: string; text: string; values: unknown[] },
    params?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

const isPglite = (client: object): client is PGlite => "execProtocol" in client;

/**
 * Whether `db` is a PostgreSQL server's pool (not PGlite, not a transaction): where a statement may ask
 * for its own commit not to wait for the disk (see chat.repo.ts insertTurn).
 */
export function isServerPool(db: DbOrTx): boolean {
  const client = (db as { $client?: object }).$client;
  return client !== undefined && !isPglite(client);
}

/** An array as a PostgreSQL array literal: numbers as they are, anything else quoted. */
const arrayLiteral = (values: readonly unknown[]): string =>
  `{${values
    .map((v) =>
      v === null || v === undefined
        ? "NULL"
        : typeof v === "number" || typeof v === "bigint"
          ? String(v)
          : `"${String(v).replace(/[\\"]/g, "\\$&")}"`,
    )
    .join(",")}}`;

/** A value in PostgreSQL's text form, which the server reads as the type the statement gives its `$n`. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * PGlite's `query` hands the database each message of the extended protocol in a call of its own (parse,
 * describe the statement to learn the parameters' types, bind, describe, execute, sync): six passes
 * into the WebAssembly module, about 0.25 ms more than one for a small statement. Here the values go in
 * text form (as node-postgres sends them; the server types them as `query` would have) and the six
 * messages in one pass. It holds both of PGlite's locks, as `query` does: a statement must not run
 * between the statements of another request's transaction.
 */
function pgliteRows<T>(
  client: PGlite,
  text: string,
  params: readonly unknown[],
  name?: string,
): Promise<T[]> {
  const { serialize } = protocol;
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const prepared = preparedOn.get(client) ?? new Set<string>();
      const parsed = name !== undefined && prepared.has(name);
      const message = Buffer.concat([
        ...(parsed ? [] : [serialize.parse({ name, text })]),
        serialize.bind({ statement: name, values: params.map(asText) }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      const { messages } = await client.execProtocol(message);
      if (name !== undefined && !parsed) preparedOn.set(client, prepared.add(name));
      return parse.parseResults(messages, client.parsers)[0]!.rows as T[];
    }),
  );
}

/** The named statements each PGlite instance has parsed (its one connection keeps them until closed). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

/**
 * A statement the app runs on every request, written once as SQL text with `$1`-numbered values and
 * sent to the driver itself. Drizzle's own path (building the statement, its result mapping and PGlite's
 * per-query parser options) measured about 0.4 ms a statement on PGlite, as much as the database's work
 * for a small query: the session lookup, an answer's ranked retrieval and its message insert, and a
 * rating's write are run this way. Rows come back as the driver decodes them (int and text as such,
 * json parsed, timestamptz as a Date on both); pass dates as ISO strings (the drivers serialise a Date
 * differently). Inside a transaction the text goes to the transaction's own connection (the client its
 * Drizzle session runs on, as db/prepared.ts does).
 *
 * `keepPlan` names the statement on the connection, so it is parsed once and, after PostgreSQL's five
 * custom plans, planned once: for a statement whose planning costs more than its run (many subqueries,
 * each a lookup on the same owner column) and whose best plan does not depend on the values. A PGlite
 * transaction object cannot keep one; there the statement is parsed and planned as usual.
 */
export async function rawRows<T>(
  db: DbOrTx,
  text: string,
  params: readonly unknown[],
  opts: { keepPlan?: string } = {},
): Promise<T[]> {
  const client =
    (db as { $client?: DriverClient }).$client ??
    (db as unknown as { session: { client: DriverClient } }).session.client;
  if (isPglite(client)) return pgliteRows<T>(client, text, params, opts.keepPlan);
  // node-postgres (a pool, or a transaction's pooled client) keeps named statements per connection.
  if (opts.keepPlan !== undefined && "connect" in client)
    return (await client.query({ name: opts.keepPlan, text, values: params as unknown[] })).rows as T[];
  return (await client.query(text, params as unknown[])).rows as T[];
}
