import type { PGlite } from "@electric-sql/pglite";

/**
 * The PGlite instance each open transaction runs on. Drizzle's PGlite transaction holds only the object
 * PGlite hands its callback, whose `query` sends a statement in six passes (db/raw.ts); rawRows needs
 * the instance to send it in one. Filled by rememberTransactions as each transaction starts.
 */
export const transactionOwner = new WeakMap<object, PGlite>();

/**
 * Lets rawRows (db/raw.ts) send a statement of an open PGlite transaction in one pass: each transaction
 * PGlite starts (Drizzle's `db.transaction` among them) is remembered with its instance. Called once on
 * the instance the app opens (db/client.ts); a WeakMap, so an ended transaction is not kept.
 */
export function rememberTransactions(client: PGlite): void {
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      transactionOwner.set(tx, client);
      return callback(tx);
    });
}
