import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
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

/**
 * An iCalendar feed the student subscribed to (a Canvas calendar feed, a class timetable). The URL may
 * carry a secret token: it is only ever shown to its owner and logged redacted.
 */
export const calendarSubscriptions = pgTable(
  "calendar_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: ownerId(() => users.id),
    name: text("name").notNull(),
    url: text("url").notNull(),
    colour: text("colour").notNull(),
    lastRefreshedAt: timestamp("last_refreshed_at", { withTimezone: true }),
    lastError: text("last_error"),
    itemCount: integer("item_count").notNull().default(0),
    /** Set when the feed had more events than we keep: the student sees why some are missing. */
    truncated: boolean("truncated").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("calendar_subscriptions_user_idx").on(t.userId)],
);

/** The events of a subscribed feed (recurring ones expanded), replaced as a whole on every refresh. */
export const calendarSubscriptionEvents = pgTable(
  "calendar_subscription_events",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => calendarSubscriptions.id, { onDelete: "cascade" }),
    userId: ownerId(() => users.id),
    uid: text("uid").notNull(),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    allDay: boolean("all_day").notNull().default(false),
    location: text("location").notNull().default(""),
  },
  (t) => [
    index("calendar_subscription_events_user_starts_idx").on(t.userId, t.startsAt),
    index("calendar_subscription_events_subscription_idx").on(t.subscriptionId),
  ],
);
