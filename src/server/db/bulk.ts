import { type SQL, sql } from "drizzle-orm";

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
