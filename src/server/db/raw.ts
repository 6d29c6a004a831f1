import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import type { DbOrTx } from "./client.ts";
import { transactionOwner } from "./pglite-transactions.ts";

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

/** The named statements each PGlite instance has parsed (its one connection keeps them until it closes). */
const parsedNames = new WeakMap<PGlite, Set<string>>();

/**
 * PGlite's `query` hands the database each message of the extended protocol in a call of its own (parse,
 * describe the statement to learn the parameters' types, bind, describe, execute, sync): six passes
 * into the WebAssembly module, about 0.25 ms more than one for a small statement. Here the values go in
 * text form (as node-postgres sends them; the server types them as `query` would have) and the messages
 * in one pass; a named statement is parsed on its first call only. Outside a transaction it holds both
 * of PGlite's locks, as `query` does: a statement must not run between the statements of another
 * request's transaction. Inside one (`inTransaction`) the transaction holds the first already.
 */
function pgliteRows<T>(
  client: PGlite,
  text: string,
  params: readonly unknown[],
  opts: { name?: string | undefined; inTransaction?: boolean },
): Promise<T[]> {
  const { serialize } = protocol;
  const { name = "", inTransaction = false } = opts;
  const run = async () => {
    const names = parsedNames.get(client) ?? new Set<string>();
    parsedNames.set(client, names);
    const fresh = name === "" || !names.has(name);
    const message = Buffer.concat([
      ...(fresh ? [serialize.parse({ name, text })] : []),
      serialize.bind({ statement: name, values: params.map(asText) }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const { messages } = await client.execProtocol(message, {
      syncToFs: !inTransaction,
      throwOnError: false,
    });
    // Parsed even when its execution failed: the name is taken from then on.
    if (fresh && name !== "" && messages.some((m) => m.name === "parseComplete")) names.add(name);
    const error = messages.find((m) => m.name === "error");
    if (error) throw error;
    return parse.parseResults(messages, client.parsers)[0]!.rows as T[];
  };
  if (inTransaction) return client._runExclusiveQuery(run);
  return client._runExclusiveTransaction(() => client._runExclusiveQuery(run));
}

/**
 * A statement the app runs on every request, written once as SQL text with `$1`-numbered values and
 * sent to the driver itself. Drizzle's own path (building the statement, its result mapping and PGlite's
 * per-query parser options) measured about 0.4 ms a statement on PGlite, as much as the database's work
 * for a small query: the session lookup, an answer's ranked retrieval and its message insert, and a
 * rating's read and write are run this way. Rows come back as the driver decodes them (int and text as such,
 * json parsed, timestamptz as a Date on both); pass dates as ISO strings (the drivers serialise a Date
 * differently). Inside a transaction the text goes to the transaction's own connection: the client its
 * Drizzle session runs on, or on PGlite the transaction's instance, in one pass too
 * (db/pglite-transactions.ts).
 *
 * `name` makes it a named statement: parsed, and after five calls planned, once per connection rather
 * than on every call (node-postgres keeps the names of each pooled connection; PGlite's are kept here).
 * Only for a statement whose best plan does not depend on its values: PostgreSQL may switch a named
 * statement to a generic plan.
 */
export async function rawRows<T>(
  db: DbOrTx,
  text: string,
  params: readonly unknown[],
  name?: string,
): Promise<T[]> {
  const own = (db as { $client?: DriverClient }).$client;
  const client = own ?? (db as unknown as { session: { client: DriverClient } }).session.client;
  if (isPglite(client)) return pgliteRows<T>(client, text, params, { name });
  const owner = own ? undefined : transactionOwner.get(client);
  if (owner) return pgliteRows<T>(owner, text, params, { name, inTransaction: true });
  const values = params as unknown[];
  return (await client.query(name ? { name, text, values } : text, name ? undefined : values)).rows as T[];
}
