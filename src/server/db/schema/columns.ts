import { sql } from "drizzle-orm";
import { customType, integer, text, timestamp } from "drizzle-orm/pg-core";

/** Timestamps are always timezone-aware and returned as Date. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * English full-text vector over one column, read as its words are compared (text.ts `foldMarks`, query.ts
 * `fold`): compatibility forms unfolded and Latin accents dropped, so 'L'Hôpital' is found by 'hopital'
 * and a PDF's 'ﬁeld' by 'field'; other scripts kept as they are. A path or a dotted name is its words,
 * as a question's are (text.ts `words`): PostgreSQL's parser keeps '/usr/bin' and 'file.txt' whole, so
 * 'What goes in /usr?' (the word 'usr') found no page of a manual that writes '/usr'.
 */
export const foldedSearchVector = (column: string) =>
  tsvector("search")
    .notNull()
    .generatedAlwaysAs(
      sql.raw(
        `to_tsvector('english', regexp_replace(normalize(regexp_replace(normalize(coalesce(${column}, ''), NFKD), '[\\u0300-\\u036f]', '', 'g'), NFC), '/|\\.(?=[[:alnum:]])', ' ', 'g'))`,
      ),
    );

export const ownerId = (references: () => import("drizzle-orm/pg-core").AnyPgColumn) =>
  integer("user_id").notNull().references(references, { onDelete: "cascade" });

/** Raw bytes (node-postgres answers a Buffer, PGlite a Uint8Array: both are Uint8Arrays). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * An uploaded document read in the background (issue 23): 'processing' while a job extracts its text
 * (the file waits in `upload` until then, so any instance's worker can read it), then 'ready', or
 * 'failed' with the message the student sees. Pages read so far are `progress_done` of `progress_total`.
 */
export const processingColumns = () => ({
  status: text("status").$type<"processing" | "ready" | "failed">().notNull().default("ready"),
  progressDone: integer("progress_done"),
  progressTotal: integer("progress_total"),
  error: text("error"),
  upload: bytea("upload"),
  uploadName: text("upload_name"),
});
