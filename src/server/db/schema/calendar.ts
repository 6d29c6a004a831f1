import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, ownerId, updatedAt } from "./columns.ts";

/** Events the student adds on the calendar (SPEC keeps them local; Studyhall saves them). */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("calendar_events_user_starts_idx").on(t.userId, t.startsAt)],
);

/** The external calendar service link of SPEC §7 (mock tokens). */
export const calendarTokens = pgTable("calendar_tokens", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Secret iCalendar subscription URL per student; regenerating replaces the token, deleting revokes it. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** SHA-256 of the secret in the feed URL: the only thing a request is matched against. */
  tokenHash: text("token_hash").notNull().unique(),
  /**
   * The URL's secret is HMAC(SECRET_KEY, nonce), so Settings can show it again while the database alone
   * holds no usable secret. Null for a feed made before secrets were hashed: it keeps working, but its
   * URL cannot be shown again (a new one can be made).
   */
  nonce: text("nonce"),
  createdAt: createdAt(),
});
