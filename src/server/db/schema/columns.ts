import { sql } from "drizzle-orm";
import { customType, integer, timestamp } from "drizzle-orm/pg-core";

/** Timestamps are always timezone-aware and returned as Date. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** English full-text vector over the given columns; retrieval for AI help ranks on it (ts_rank). */
export const searchVector = (...columns: string[]) =>
  tsvector("search")
    .notNull()
    .generatedAlwaysAs(
      sql.raw(`to_tsvector('english', ${columns.map((c) => `coalesce(${c}, '')`).join(" || ' ' || ")})`),
    );

export const ownerId = (references: () => import("drizzle-orm/pg-core").AnyPgColumn) =>
  integer("user_id").notNull().references(references, { onDelete: "cascade" });
