import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, ownerId } from "./columns.ts";
import { notifications } from "./notifications.ts";

/**
 * Every reminder already handled, one row per student and key: `task:<id>:<due ISO>:<24h|1h>`,
 * `review:<local day>`, `exam:<local day>`. A task whose due date moves gets new keys (re-armed); a daily
 * reminder with nothing to say (no cards due) is recorded too, with no notification, so the tick stops
 * picking that student until the next day. Rows older than a few days are purged by the tick.
 */
export const reminderLog = pgTable(
  "reminder_log",
  {
    userId: ownerId(() => users.id),
    key: text("key").notNull(),
    notificationId: integer("notification_id").references(() => notifications.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the reminder was due (before quiet hours deferred it), for the latency figures. */
    dueAt: timestamp("due_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("reminder_log_created_idx").on(t.createdAt)],
);
