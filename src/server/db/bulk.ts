import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import type { DbOrTx } from "./client.ts";

/**
 * Bulk writes as `INSERT ... SELECT FROM unnest($1::int[], $2::text[], ...)`: one array parameter per
 * column, so a statement of thousands of rows costs a dozen parameters instead of one per value
 * (drizzle's multi-row VALUES). Measured on PGlite, about 4x faster per row, and the same SQL runs on
 * PostgreSQL. Dates travel as ISO strings: the two drivers serialise a Date inside an array differently.
 */
export const arrayOf = (values: readonly unknown[], type: string): SQL =>
  sql`${sql.param(values)}::${sql.raw(type)}[]`;

export const isoOrNull = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Rows per statement: large enough that a round trip is cheap per row, small enough to keep memory flat. */
export const BULK_ROWS = 5000;

/** `rows` in slices of `size`. */
export function* chunks<T>(rows: readonly T[], size = BULK_ROWS): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** The rows of `db.execute(...)`: both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A column of `insertMany`: its name and the PostgreSQL type its values are read as. */
export type BulkColumn = readonly [name: string, type: string];

/** What a PGlite connection or transaction adds to `query`: a file for `COPY ... FROM '/dev/blob'`. */
type PgliteQuery = { query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown> };

/** The driver under a Drizzle database or transaction, when it is PGlite (node-postgres is a pg.Pool or client). */
function pgliteOf(db: DbOrTx): PgliteQuery | undefined {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || client instanceof pg.Pool || client instanceof pg.Client) return undefined;
  return client as PgliteQuery;
}

/** Whether `db` runs on PGlite, where insertMany appends with COPY. */
export const appendsByCopy = (db: DbOrTx) => pgliteOf(db) !== undefined;

/**
 * Checks once, at the start of a transaction that appends many rows, what their foreign keys point at,
 * instead of once per row: each of `parents` (table and id) is locked FOR KEY SHARE, as each row's check
 * would lock it, and must exist. Then, on PGlite, the row-by-row checks are off until the transaction
 * ends (`set local session_replication_role = replica`, as a data-only pg_restore does). The caller's
 * promise: every foreign key of the rows the transaction goes on to write points at one of `parents` or
 * at a row the same transaction inserted, and nothing it does needs a cascade (cascades are triggers too).
 * Why: on PGlite the checks cost more than the inserts themselves (a 200-card chunk of an Anki import
 * with 800 reviews, under the server's --liftoff-only: 100 ms with them, 46 without), and PGlite's time
 * is every other student's wait. On PostgreSQL nothing is turned off: its checks run natively, and its
 * user may not be allowed to set the role. Answers false when a parent is missing (nothing is changed).
 */
export async function appendUnderParents(
  tx: DbOrTx,
  parents: readonly (readonly [table: string, id: number])[],
): Promise<boolean> {
  for (const [table, id] of parents) {
    const found = rowsOf(
      await tx.execute(sql`select 1 from ${sql.raw(table)} where id = ${id} for key share`),
    );
    if (found.length === 0) return false;
  }
  if (appendsByCopy(tx)) await tx.execute(sql`set local session_replication_role = replica`);
  return true;
}

/** One value in COPY's text format: `\N` is null, and backslash, tab and line ends are escaped. */
function copyValue(v: unknown): string {
  if (v === null || v === undefined) return "\\N";
  if (typeof v === "number") return String(v);
  if (v instanceof Date) return v.toISOString();
  const text = Array.isArray(v)
    ? `{${v.map((s) => `"${String(s).replace(/["\\]/g, "\\$&")}"`).join(",")}}`
    : String(v);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) =>
        c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
      )
    : text;
}

/**
 * Appends rows to `table`, each an array of values in the order of `columns` (strings, numbers, Dates,
 * string arrays for text[], null). On PGlite the rows go as one `COPY ... FROM '/dev/blob'`: per row,
 * about a third cheaper than the same rows through `unnest` arrays (measured on 20,000 card_reviews),
 * since nothing is planned or projected per row. On PostgreSQL they go through `unnest`, one statement
 * per BULK_ROWS rows (COPY there needs a stream the node-postgres driver does not have; pg-copy-streams
 * would give it). Constraints, defaults and foreign keys apply as to any insert; no ON CONFLICT.
 */
export async function insertMany(
  db: DbOrTx,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => name).join(", ");
  const pglite = pgliteOf(db);
  if (pglite) {
    let text = "";
    for (const row of rows) {
      for (let i = 0; i < row.length; i++) text += (i ? "\t" : "") + copyValue(row[i]);
      text += "\n";
    }
    await pglite.query(`copy ${table} (${names}) from '/dev/blob'`, [], { blob: new Blob([text]) });
    return;
  }
  for (const b of chunks(rows)) await db.execute(unnestInsert(table, columns, b));
}

/**
 * `insert into table (columns) select ... from unnest(one array per column)`, the rows in the order given
 * (`with ordinality ... order by`, so a `returning` answers in that order too).
 */
function unnestInsert(table: string, columns: readonly BulkColumn[], rows: readonly (readonly unknown[])[]) {
  const arrays = columns.map(([, type], i) =>
    // text[] columns travel as JSON text: a jagged text[][] has no array literal.
    type === "text[]"
      ? arrayOf(
          rows.map((r) => (r[i] == null ? null : JSON.stringify(r[i]))),
          "text",
        )
      : arrayOf(
          rows.map((r) => (r[i] instanceof Date ? (r[i] as Date).toISOString() : r[i])),
          type,
        ),
  );
  const select = columns.map(([, type], i) =>
    type === "text[]"
      ? sql.raw(`array(select jsonb_array_elements_text(v.c${i}::jsonb))`)
      : sql.raw(`v.c${i}`),
  );
  const names = columns.map(([name]) => name).join(", ");
  return sql`insert into ${sql.raw(table)} (${sql.raw(names)})
    select ${sql.join(select, sql`, `)} from unnest(${sql.join(arrays, sql`, `)})
      with ordinality as v(${sql.raw(columns.map((_, i) => `c${i}`).join(", "))}, n)
    order by v.n`;
}

/**
 * insertMany for a table with a serial `id`: answers the new rows' ids in the order of `rows`. On PGlite the
 * ids are drawn from the table's sequence first, so the rows still go as one COPY (which returns nothing);
 * on PostgreSQL each statement returns them, which measured faster there than the extra round trip.
 */
export async function insertManyReturningIds(
  db: DbOrTx,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  if (!appendsByCopy(db)) {
    const ids: number[] = [];
    for (const b of chunks(rows)) {
      const result = await db.execute(sql`${unnestInsert(table, columns, b)} returning id`);
      for (const r of rowsOf<{ id: number }>(result)) ids.push(Number(r.id));
    }
    return ids;
  }
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id
      from generate_series(1, ${rows.length}::int) order by 1`),
  ).map((r) => Number(r.id));
  await insertMany(
    db,
    table,
    [["id", "int"], ...columns],
    rows.map((r, i) => [ids[i], ...r]),
  );
  return ids;
}
