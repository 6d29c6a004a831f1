import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { UnreadableCourse } from "#shared/canvas/contract.ts";
import { users } from "./auth.ts";
import { createdAt, updatedAt } from "./columns.ts";

/** The student's Canvas link. The personal access token is AES-256-GCM encrypted and never returned. */
export const canvasConnections = pgTable("canvas_connections", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  domain: text("domain").notNull(),
  tokenCiphertext: text("token_ciphertext").notNull(),
  lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
  lastSyncError: text("last_sync_error"),
  /**
   * The courses the last successful sync left out (Canvas refused or did not answer), so a reload can still
   * say which courses' assignments may be out of date; null until a sync has run.
   */
  unreadableCourses: jsonb("unreadable_courses").$type<UnreadableCourse[]>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
