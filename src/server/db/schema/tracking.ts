import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, ownerId } from "./columns.ts";

/**
 * What the tracking calls of SPEC §7 report (task completed, set created, ...): an append-only log
 * that achievements and stats are computed from, so a new rule can be applied to past activity.
 */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    source: text("source").notNull(),
    activityType: text("activity_type").notNull(),
    value: integer("value").notNull().default(1),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("activity_events_user_type_idx").on(t.userId, t.activityType, t.createdAt)],
);
